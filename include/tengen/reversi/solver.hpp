#pragma once
/// \file
/// The exact Reversi endgame solver: α-β to the end of the game on the final disc difference.

#include <tengen/reversi/bitboard.hpp>
#include <tengen/reversi/board.hpp>
#include <tengen/search/limits.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>

namespace tengen {

/// What solve_endgame found.
struct EndgameResult {
    /// The final disc difference (side to move's discs minus the opponent's, empty squares
    /// counted for nobody) under best play by both sides. Exact when `complete`.
    int disc_difference = 0;
    /// A move reaching it: a square, or the pass when the side to move must pass; a pass also
    /// when the game is already over.
    ReversiMove best_move;
    bool complete = false;  ///< false when a node, time or stop limit ended the search
    std::int64_t nodes = 0; ///< positions visited
    std::chrono::microseconds elapsed{0};
};

/// Tuned constants of the endgame solver.
struct EndgameParams {
    /// With more empty squares than this, moves are sorted by the opponent's mobility after
    /// them (fewest first: "fastest first"); below it sorting costs more than it saves and
    /// moves go by region parity alone.
    static constexpr int mobility_ordering_empties = 6;
    /// The largest disc difference.
    static constexpr int max_difference = reversi::square_count;
};

namespace reversi::detail {

/// The solver's state: the node count and the limits. One per solve_endgame call.
class EndgameSolver {
public:
    /// A solver obeying `limits` (which must outlive it).
    explicit EndgameSolver(const SearchLimits& limits) : budget_(limits) {}

    /// The exact value of the position with `own` to move within (alpha, beta) (fail-soft).
    /// `passed`: the previous ply was a pass.
    int solve(Bitboard own, Bitboard opp, int alpha, int beta, bool passed, int& best_square) {
        best_square = -1;
        if (!budget_.spend_node())
            return 0;
        Bitboard moves = legal_moves(own, opp);
        if (moves == 0) {
            if (passed || legal_moves(opp, own) == 0)
                return count(own) - count(opp);
            int ignored = -1;
            return -solve(opp, own, -beta, -alpha, true, ignored);
        }
        const Bitboard empty = ~(own | opp);
        const int empties = count(empty);
        if (empties == 1) {
            // The last square: the game ends with this move.
            const int s = lowest_square(moves);
            const Bitboard f = flips(s, own, opp);
            best_square = s;
            return count(own) + 2 * count(f) + 1 - count(opp);
        }

        std::array<int, square_count> order{};
        std::array<int, square_count> rank{};
        int n = 0;
        const Bitboard odd = odd_regions(empty);
        for (Bitboard m = moves; m != 0; m &= m - 1) {
            const int s = lowest_square(m);
            int key = (square_bit(s) & odd) ? 0 : 1;
            if (empties > EndgameParams::mobility_ordering_empties) {
                const Bitboard f = flips(s, own, opp);
                // Fewest replies first; the corner bit breaks ties towards corners.
                key = 4 * count(legal_moves(opp & ~f, own | f | square_bit(s))) + 2 * key +
                      ((square_bit(s) & corners) ? 0 : 1);
            }
            order[static_cast<std::size_t>(n)] = s;
            rank[static_cast<std::size_t>(n)] = key;
            ++n;
        }
        // Insertion sort: at most a few dozen moves, stable for reproducible node counts.
        for (int i = 1; i < n; ++i)
            for (int j = i;
                 j > 0 && rank[static_cast<std::size_t>(j)] < rank[static_cast<std::size_t>(j - 1)];
                 --j) {
                std::swap(rank[static_cast<std::size_t>(j)], rank[static_cast<std::size_t>(j - 1)]);
                std::swap(order[static_cast<std::size_t>(j)],
                          order[static_cast<std::size_t>(j - 1)]);
            }

        int best = -EndgameParams::max_difference - 1;
        for (int i = 0; i < n; ++i) {
            const int s = order[static_cast<std::size_t>(i)];
            const Bitboard f = flips(s, own, opp);
            int ignored = -1;
            const int v = -solve(opp & ~f, own | f | square_bit(s), -beta, -std::max(alpha, best),
                                 false, ignored);
            if (budget_.stopped())
                return 0;
            if (v > best) {
                best = v;
                best_square = s;
                if (v >= beta)
                    break;
            }
        }
        return best;
    }

    /// Positions visited so far.
    [[nodiscard]] std::int64_t nodes() const noexcept { return budget_.nodes(); }
    /// The limits' budget: nodes, clock and stop flag.
    [[nodiscard]] const SearchBudget& budget() const noexcept { return budget_; }

private:
    /// The empty squares in quadrants holding an odd number of empties. The last move in a
    /// region is worth having, so moves there come first.
    [[nodiscard]] static Bitboard odd_regions(Bitboard empty) noexcept {
        constexpr std::array<Bitboard, 4> quadrants{
            0x0000'0000'0F0F'0F0FULL, 0x0000'0000'F0F0'F0F0ULL, 0x0F0F'0F0F'0000'0000ULL,
            0xF0F0'F0F0'0000'0000ULL};
        Bitboard odd = 0;
        for (Bitboard q : quadrants)
            if (count(empty & q) % 2 == 1)
                odd |= empty & q;
        return odd;
    }

    SearchBudget budget_;
};

} // namespace reversi::detail

/// Solves `board` exactly: the final disc difference under best play from the side to move's
/// view, and a move that reaches it. Every node, time and stop limit of `limits` applies
/// (max_depth is ignored: the search always goes to the end); when one ends the search,
/// `complete` is false and the value means nothing. Practical up to about 20 empty squares;
/// with 14 it takes milliseconds.
[[nodiscard]] inline EndgameResult solve_endgame(const ReversiBoard& board,
                                                 const SearchLimits& limits = {}) {
    reversi::detail::EndgameSolver solver(limits);
    EndgameResult result;
    int best_square = -1;
    const int v = solver.solve(board.own(), board.opp(), -EndgameParams::max_difference - 1,
                               EndgameParams::max_difference + 1, false, best_square);
    result.nodes = solver.nodes();
    result.elapsed = solver.budget().elapsed();
    if (solver.budget().stopped())
        return result;
    result.complete = true;
    result.disc_difference = v;
    result.best_move = best_square >= 0 ? ReversiMove::at(best_square) : ReversiMove::pass();
    return result;
}

} // namespace tengen
