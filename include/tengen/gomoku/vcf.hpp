#pragma once
/// \file
/// VCF ("victory by continuous fours"): a threat-space search for gomoku-family boards.

#include <tengen/core/types.hpp>
#include <tengen/gomoku/board.hpp>
#include <tengen/gomoku/movegen.hpp>
#include <tengen/gomoku/threat.hpp>
#include <tengen/search/limits.hpp>
#include <tengen/search/move_list.hpp>

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
    /// The budget of a search this one runs inside, if any: every node is spent from it too
    /// (counted in its statistics and against its node, time and stop limits), and the VCF
    /// gives up as soon as it says stop.
    SearchBudget* budget = nullptr;
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

namespace detail {

/// What the threat searches (VCF, VCT) share: the board, the attacker, the node count against
/// the limits, the memo of attacker positions refuted at a remaining length, and the defender's
/// move where nothing stops the threat.
template <typename B> class ThreatSearchBase {
protected:
    ThreatSearchBase(B& board, std::int64_t max_nodes, SearchBudget* budget)
        : board_(board), max_nodes_(max_nodes), budget_(budget), attacker_(board.side_to_move()) {}

    /// Iterative deepening on the attacker's moves, from 1 to `max_attacker_moves`, so that the
    /// first win found is a shortest one: `wins_within(n, line)` is true, with the winning line
    /// in `line`, when the attacker wins within n moves. Stops at the first win or when a limit
    /// is reached; the result counts the nodes.
    template <typename WinsWithin>
    VcfResult deepen(int max_attacker_moves, WinsWithin&& wins_within) {
        VcfResult result;
        if (board_.result().is_over())
            return result;
        for (int n = 1; n <= max_attacker_moves; ++n) {
            if (wins_within(n, result.line))
                break;
            if (out_of_nodes_)
                break;
        }
        result.nodes = nodes_;
        result.exhausted = out_of_nodes_;
        return result;
    }

    /// Counts a node; false (and out_of_nodes_ set) when a limit is reached.
    bool spend_node() {
        ++nodes_;
        if (nodes_ >= max_nodes_ || (budget_ && !budget_->spend_node())) {
            out_of_nodes_ = true;
            return false;
        }
        return true;
    }

    /// True if the attacker position with hash `key` is known to fail within `left` moves.
    [[nodiscard]] bool refuted(std::uint64_t key, int left) const {
        const auto it = refuted_.find(key);
        return it != refuted_.end() && it->second >= left;
    }
    void remember_refuted(std::uint64_t key, int left) { refuted_[key] = left; }

    /// A legal move for the defender that cannot stop the threats: a five point of the attacker
    /// if it may play one, else the first legal point; a pass if it has none.
    [[nodiscard]] Point some_legal_move() {
        const Color defender = opponent(attacker_);
        std::optional<Point> found;
        for_each_threat_point(board_, attacker_, Threat::Five, [&](Point p) {
            if (!found && is_legal_for(board_, defender, p))
                found = p;
        });
        if (found)
            return *found;
        return first_legal_point_for(board_, defender).value_or(Point::pass());
    }

    B& board_;
    std::int64_t max_nodes_;
    SearchBudget* budget_;
    Color attacker_;
    std::unordered_map<std::uint64_t, int> refuted_;
    std::int64_t nodes_ = 0;
    bool out_of_nodes_ = false;
};

/// Depth-first VCF with iterative deepening on the number of attacker moves, so the line found is
/// a shortest one. Positions already refuted at a given remaining depth are remembered by hash.
template <typename B> class VcfSearch : ThreatSearchBase<B> {
    using Base = ThreatSearchBase<B>;
    using Base::attacker_;
    using Base::board_;
    using Base::nodes_;
    using Base::out_of_nodes_;

public:
    VcfSearch(B& board, const VcfLimits& limits)
        : Base(board, limits.max_nodes, limits.budget), limits_(limits) {}

    VcfResult run() {
        return this->deepen(limits_.max_attacker_moves, [&](int depth, std::vector<Point>& line) {
            line_.clear();
            if (!attack(depth))
                return false;
            line = line_;
            return true;
        });
    }

private:
    /// A point where `c` wins at once, if any (a five is never a foul).
    [[nodiscard]] std::optional<Point> winning_point(Color c) const {
        return first_threat_point(board_, c, Threat::Five);
    }

    /// Attacker to move with at most `depth` attacker moves left: true if a VCF exists; the
    /// line is appended to line_.
    bool attack(int depth) {
        if (!this->spend_node())
            return false;
        if (auto win = winning_point(attacker_)) {
            line_.push_back(*win);
            return true;
        }
        if (depth <= 1)
            return false;

        const std::uint64_t key = board_.hash();
        if (this->refuted(key, depth))
            return false;

        // Fours, the strongest first (they leave the defender the fewest resources).
        MoveList<Point> fours;
        add_four_points(board_, attacker_, fours);

        const Color defender = opponent(attacker_);
        for (Point four : fours) {
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
        this->remember_refuted(key, depth);
        return false;
    }

    /// After an attacker four: every defence must lose to a further VCF. The line follows the
    /// first defence.
    bool defend_and_continue(int depth) {
        MoveList<Point> defences;
        add_defences_against_five(board_, defences);
        if (defences.empty()) {
            // Nothing stops the threat: the defender plays some legal move and the attacker wins.
            const Point any = this->some_legal_move();
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

    VcfLimits limits_;
    std::vector<Point> line_;
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
