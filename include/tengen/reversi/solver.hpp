#pragma once
/// \file
/// The exact Reversi endgame solver: α-β to the end of the game on the final score as the World
/// Othello Federation counts it (the empty squares of a game that ends early go to the winner).

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
    /// The final score under best play by both sides, from the side to move's view, counted as
    /// the World Othello Federation's rules count it (reversi::final_score: the empty squares of
    /// a game that ends early go to the winner; a draw is 0). Range -64..64. The value the FFO
    /// endgame suite, Edax and Egaroucid publish. Exact when `complete`.
    int score = 0;
    /// The plain disc difference (side to move's discs minus the opponent's, the empty squares
    /// counted for nobody) at the end of the line the solver found, best_move first. That line
    /// reaches `score`; another line reaching it may end with another difference, but never
    /// with another sign. Equals `score` when the line fills the board.
    int disc_difference = 0;
    /// A move reaching `score`: a square, or the pass when the side to move must pass; a pass
    /// also when the game is already over.
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
    /// The largest score (and the largest disc difference): a wipe-out, or a board full of one
    /// colour.
    static constexpr int max_score = reversi::square_count;
};

namespace reversi::detail {

/// The solver's state: the node count and the limits. One per solve_endgame call.
class EndgameSolver {
public:
    /// A solver obeying `limits` (which must outlive it).
    explicit EndgameSolver(const SearchLimits& limits) : budget_(limits) {}

    /// Where the line a solve() call chose goes: its first move and how it ends.
    struct Line {
        int square = -1;         ///< the first move, -1 for a pass or a finished game
        int disc_difference = 0; ///< own discs minus opponent discs where the line ends
    };

    /// The exact final score (reversi::final_score) of the position with `own` to move within
    /// (alpha, beta) (fail-soft), and in `line` the line to it. Only when the value is strictly
    /// inside the window is `line` a line reaching it. `passed`: the previous ply was a pass.
    int solve(Bitboard own, Bitboard opp, int alpha, int beta, bool passed, Line& line) {
        line = Line{};
        if (!budget_.spend_node())
            return 0;
        Bitboard moves = legal_moves(own, opp);
        if (moves == 0) {
            if (passed || legal_moves(opp, own) == 0) {
                // The score of each finished position, not of a disc difference backed up the
                // tree: a game ending early with empties left is worth more to its winner than
                // its disc difference, so only scores at the leaves make α-β optimise the
                // federation's value.
                line.disc_difference = count(own) - count(opp);
                return final_score(own, opp);
            }
            Line reply;
            const int v = -solve(opp, own, -beta, -alpha, true, reply);
            line.disc_difference = -reply.disc_difference;
            return v;
        }
        const Bitboard empty = ~(own | opp);
        const int empties = count(empty);
        if (empties == 1) {
            // The last square: the game ends with this move, on a full board, where the score
            // is the disc difference.
            const int s = lowest_square(moves);
            const Bitboard f = flips(s, own, opp);
            line.square = s;
            line.disc_difference = count(own) + 2 * count(f) + 1 - count(opp);
            return line.disc_difference;
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

        int best = -EndgameParams::max_score - 1;
        for (int i = 0; i < n; ++i) {
            const int s = order[static_cast<std::size_t>(i)];
            const Bitboard f = flips(s, own, opp);
            Line reply;
            const int v = -solve(opp & ~f, own | f | square_bit(s), -beta, -std::max(alpha, best),
                                 false, reply);
            if (budget_.stopped())
                return 0;
            if (v > best) {
                best = v;
                line.square = s;
                line.disc_difference = -reply.disc_difference;
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

/// Solves `board` exactly: the final score under best play from the side to move's view, as
/// the World Othello Federation counts it (the empty squares of a game that ends early go to
/// the winner), a move that reaches it, and the disc difference at the end of the line found.
/// Every node, time and stop limit of `limits` applies (max_depth is ignored: the search always
/// goes to the end); when one ends the search, `complete` is false and the values mean nothing.
/// Practical up to about 20 empty squares; with 14 it takes milliseconds.
[[nodiscard]] inline EndgameResult solve_endgame(const ReversiBoard& board,
                                                 const SearchLimits& limits = {}) {
    reversi::detail::EndgameSolver solver(limits);
    EndgameResult result;
    reversi::detail::EndgameSolver::Line line;
    // The full window: the root's value is exact, and so is the line that reaches it.
    const int v = solver.solve(board.own(), board.opp(), -EndgameParams::max_score - 1,
                               EndgameParams::max_score + 1, false, line);
    result.nodes = solver.nodes();
    result.elapsed = solver.budget().elapsed();
    if (solver.budget().stopped())
        return result;
    result.complete = true;
    result.score = v;
    result.disc_difference = line.disc_difference;
    result.best_move = line.square >= 0 ? ReversiMove::at(line.square) : ReversiMove::pass();
    return result;
}

} // namespace tengen
