#pragma once
/// \file
/// VCF ("victory by continuous fours"): a threat-space search for gomoku-family boards.

#include <tengen/gomoku/board.hpp>
#include <tengen/core/types.hpp>
#include <tengen/gomoku/threat.hpp>

#include <algorithm>
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
    /// with the attacker's winning move. Empty when no VCF was found within the limits. Where
    /// the defender cannot stop the threats (two of them, or a renju block forbidden for Black)
    /// its move in the line is some legal move: a threat point when it may play one.
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

/// The moves of the side to move after which `attacker` (its opponent) has no winning point,
/// when the attacker has one now: the threat point itself under most rules (so none against two
/// threats), and under caro also the points that box a five-to-be in at both ends. Moves that are
/// forbidden for the side to move (renju, Black) are left out. In index order.
template <typename B> [[nodiscard]] std::vector<Point> defences_against_five(B& board) {
    using Rule = typename B::rule_type;
    const Color defender = board.side_to_move();
    const Color attacker = opponent(defender);
    std::vector<Point> threats;
    for (int y = 0; y < board.height(); ++y)
        for (int x = 0; x < board.width(); ++x)
            if (const Point p(x, y); board.is_empty(p) && board.threat(p, attacker) == Threat::Five)
                threats.push_back(p);
    const auto legal = [&](Point p) {
        return !(Rule::has_forbidden_moves && defender == Color::Black && board.is_forbidden(p));
    };
    std::vector<Point> defences;
    if constexpr (Rule::id == RuleId::Caro) {
        // A stone can also stop a five by blocking its far end; try every point whose window
        // holds a threat point, and keep those that leave no threat.
        PointSet tried;
        for (Point t : threats) {
            for (Direction d : all_directions) {
                for (int step = -pattern_half_window; step <= pattern_half_window; ++step) {
                    const Point p = t.shifted(d, step);
                    if (!board.is_empty(p) || tried.contains(p) || !legal(p))
                        continue;
                    tried.insert(p);
                    board.put(p, defender);
                    const bool stops = !board.has_five(attacker);
                    board.undo();
                    if (stops)
                        defences.push_back(p);
                }
            }
        }
        std::sort(defences.begin(), defences.end());
    } else {
        if (threats.size() == 1 && legal(threats[0]))
            defences.push_back(threats[0]);
    }
    return defences;
}

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
        if (auto win = winning_point(attacker_)) {
            line_.push_back(*win);
            return true;
        }
        if (depth <= 1)
            return false;

        const std::uint64_t key = board_.hash();
        if (const auto it = refuted_.find(key); it != refuted_.end() && it->second >= depth)
            return false;

        // Fours, the strongest first (they leave the defender the fewest resources).
        std::vector<Point> fours;
        for (Threat level : {Threat::OpenFour, Threat::DoubleFour, Threat::FourThree, Threat::Four})
            for_each_threat(attacker_, level, [&](Point p) { fours.push_back(p); });

        const Color defender = opponent(attacker_);
        for (Point four : fours) {
            if (forbidden_for(attacker_, four))
                continue;
            board_.play(four);
            // A defender five beats any four; the four may also have taken its only five point.
            if (!board_.has_five(defender)) {
                line_.push_back(four);
                if (defend_and_continue(depth)) {
                    board_.undo();
                    return true;
                }
                line_.pop_back();
            }
            board_.undo();
            if (out_of_nodes_)
                return false;
        }
        refuted_[key] = depth;
        return false;
    }

    /// After an attacker four: every defence must lose to a further VCF. The line follows the
    /// first defence.
    bool defend_and_continue(int depth) {
        const std::vector<Point> defences = defences_against_five(board_);
        if (defences.empty()) {
            // Nothing stops the threat: the defender plays some legal move and the attacker wins.
            const Point any = some_legal_move();
            board_.play(any);
            const auto win = winning_point(attacker_);
            board_.undo();
            if (!win)
                return false;
            line_.push_back(any);
            line_.push_back(*win);
            return true;
        }
        const std::size_t mark = line_.size();
        for (std::size_t i = 0; i < defences.size(); ++i) {
            const std::size_t before = line_.size();
            board_.play(defences[i]);
            line_.push_back(defences[i]);
            const bool won = attack(depth - 1);
            board_.undo();
            if (!won) {
                line_.resize(mark);
                return false;
            }
            if (i > 0)
                line_.resize(before); // the line shows the first defence only
        }
        return true;
    }

    /// A legal move for the defender that cannot stop the threats: a threat point if it may
    /// play one, else the first legal point.
    [[nodiscard]] Point some_legal_move() {
        const Color defender = opponent(attacker_);
        std::optional<Point> first_legal;
        for (int y = 0; y < board_.height(); ++y)
            for (int x = 0; x < board_.width(); ++x) {
                const Point p(x, y);
                if (!board_.is_empty(p) || forbidden_for(defender, p))
                    continue;
                if (board_.threat(p, attacker_) == Threat::Five)
                    return p;
                if (!first_legal)
                    first_legal = p;
            }
        return first_legal.value_or(Point::pass());
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
