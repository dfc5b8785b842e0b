#pragma once
/// \file
/// VCF ("victory by continuous fours"): a threat-space search for gomoku-family boards.

#include <tengen/board/board.hpp>
#include <tengen/core/types.hpp>
#include <tengen/pattern/threat.hpp>

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

namespace tengen {

/// Limits of a VCF search.
struct VcfLimits {
    int max_attacker_moves = 12;        ///< longest win looked for, final five included
    std::int64_t max_nodes = 1'000'000; ///< positions visited
};

/// What a VCF search found.
struct VcfResult {
    /// The winning line, attacker first, alternating with the defender's forced replies, ending
    /// with the attacker's winning move. Empty when no VCF was found within the limits. A
    /// defender reply of Point::pass() means its forced block was forbidden (renju, Black
    /// defending): it must play elsewhere and the attacker wins on that point.
    std::vector<Point> line;
    std::int64_t nodes = 0; ///< positions visited
    bool exhausted = false; ///< true when a limit cut the search short (so "none" is unproven)

    /// True when a VCF was found.
    [[nodiscard]] bool found() const noexcept { return !line.empty(); }
    /// Attacker moves of the line, the final five included.
    [[nodiscard]] int attacker_moves() const noexcept {
        return static_cast<int>((line.size() + 1) / 2);
    }
};

namespace detail {

/// Depth-first VCF with iterative deepening on the number of attacker moves, so the line found is
/// a shortest one. Positions already refuted at a given remaining depth are remembered by hash.
template <typename B> class VcfSearch {
public:
    VcfSearch(B& board, const VcfLimits& limits) : board_(board), limits_(limits) {}

    VcfResult run() {
        VcfResult result;
        attacker_ = board_.side_to_move();
        if (board_.result().is_over())
            return result;
        for (int depth = 1; depth <= limits_.max_attacker_moves; ++depth) {
            line_.clear();
            if (attack(depth)) {
                result.line = line_;
                break;
            }
            if (out_of_nodes_)
                break;
        }
        result.nodes = nodes_;
        result.exhausted = out_of_nodes_;
        return result;
    }

private:
    using Rule = typename B::rule_type;

    [[nodiscard]] bool forbidden_for(Color c, Point p) {
        return Rule::has_forbidden_moves && c == Color::Black && board_.is_forbidden(p);
    }

    /// A point where `c` wins at once (legal for it), if any.
    [[nodiscard]] std::optional<Point> winning_point(Color c) {
        if (!board_.has_five(c))
            return std::nullopt;
        std::optional<Point> found;
        for_each_threat(c, Threat::Five, [&](Point p) {
            if (!found)
                found = p;
        });
        return found;
    }

    /// Attacker to move with at most `depth` attacker moves left: true if a VCF exists; the
    /// line is appended to line_.
    bool attack(int depth) {
        ++nodes_;
        if (nodes_ >= limits_.max_nodes) {
            out_of_nodes_ = true;
            return false;
        }
        const Color defender = opponent(attacker_);
        if (auto win = winning_point(attacker_)) {
            line_.push_back(*win);
            return true;
        }
        // The defender wins first if it has a five; only an immediate win (above) beats that.
        if (board_.has_five(defender) || depth <= 1)
            return false;

        const std::uint64_t key = board_.hash();
        if (const auto it = refuted_.find(key); it != refuted_.end() && it->second >= depth)
            return false;

        // Fours, the strongest first (they leave the defender the fewest resources).
        std::vector<Point> fours;
        for (Threat level : {Threat::OpenFour, Threat::DoubleFour, Threat::FourThree, Threat::Four})
            for_each_threat(attacker_, level, [&](Point p) { fours.push_back(p); });

        for (Point four : fours) {
            if (forbidden_for(attacker_, four))
                continue;
            board_.play(four);
            line_.push_back(four);
            if (defend_and_continue(depth)) {
                board_.undo();
                return true;
            }
            line_.pop_back();
            board_.undo();
            if (out_of_nodes_)
                return false;
        }
        refuted_[key] = depth;
        return false;
    }

    /// After an attacker four: the defender's forced reply, then the attack goes on.
    bool defend_and_continue(int depth) {
        const Color defender = opponent(attacker_);
        std::vector<Point> threats;
        for_each_threat(attacker_, Threat::Five, [&](Point p) { threats.push_back(p); });
        if (threats.empty())
            return false; // not a four after all
        if (threats.size() >= 2) {
            // Two winning points: any block loses to the other one.
            line_.push_back(threats[0]);
            line_.push_back(threats[1]);
            return true;
        }
        const Point block = threats[0];
        if (forbidden_for(defender, block)) {
            // A forbidden point is no defence: the defender plays elsewhere (recorded as a pass)
            // and the attacker wins on the point it could not take.
            line_.push_back(Point::pass());
            line_.push_back(block);
            return true;
        }
        board_.play(block);
        line_.push_back(block);
        const bool won = attack(depth - 1);
        if (!won)
            line_.pop_back();
        board_.undo();
        return won;
    }

    /// Calls `f(p)` for every empty point with threat `level` for `c`, in index order.
    template <typename F> void for_each_threat(Color c, Threat level, F&& f) const {
        for (int y = 0; y < board_.height(); ++y)
            for (int x = 0; x < board_.width(); ++x) {
                const Point p(x, y);
                if (board_.is_empty(p) && board_.threat(p, c) == level)
                    f(p);
            }
    }

    B& board_;
    VcfLimits limits_;
    Color attacker_ = Color::Black;
    std::vector<Point> line_;
    std::unordered_map<std::uint64_t, int> refuted_;
    std::int64_t nodes_ = 0;
    bool out_of_nodes_ = false;
};

} // namespace detail

/// Looks for a VCF for the side to move on `board`: every attacker move makes a four (or wins),
/// every defender reply is the forced block. Under renju a black attacker never plays a forbidden
/// point, and a block that is forbidden for a black defender is no block. A defender five is
/// respected: once the defender threatens to win, only an immediate attacker win continues.
/// The board is restored on return.
template <typename B> [[nodiscard]] VcfResult find_vcf(B& board, const VcfLimits& limits = {}) {
    return detail::VcfSearch<B>(board, limits).run();
}

} // namespace tengen
