#pragma once
/// \file
/// ReversiGame: the Game adapter over a ReversiBoard, so that Greedy, Minimax and AlphaBeta play
/// Reversi unchanged. Includes the whole Reversi family of headers.

#include <tengen/core/types.hpp>
#include <tengen/reversi/bitboard.hpp>
#include <tengen/reversi/board.hpp>
#include <tengen/reversi/eval.hpp>
#include <tengen/reversi/notation.hpp>
#include <tengen/reversi/solver.hpp>
#include <tengen/search/game.hpp>
#include <tengen/search/move_list.hpp>
#include <tengen/search/value.hpp>

#include <array>
#include <cstdint>

namespace tengen {

/// What MoveHints::score says about a Reversi move (the move ordering of AlphaBeta, and the
/// choice of Greedy).
enum class ReversiHintScore : std::uint8_t {
    Flips,      ///< discs the move flips: Greedy's "most flips"
    Mobility,   ///< few replies for the opponent, then the square's value: cheap, good ordering
    Evaluation, ///< the combined evaluation after the move: Greedy's strongest choice
};

/// Options of ReversiGame.
struct ReversiOptions {
    ReversiWeights weights{};                                 ///< of evaluate() and of the hints
    ReversiHintScore hint_score = ReversiHintScore::Mobility; ///< what hints() scores
};

/// Threat stages of Reversi moves in MoveHints::stage.
enum class ReversiStage : int {
    Quiet = 0,
    Corner = 1, ///< a corner: nearly always the best move there is, so it is tried first
};

/// Adapts a ReversiBoard to the Game concept. Holds a reference: the board must outlive the
/// adapter and is searched in place.
///
/// Moves generated: the legal squares in square order, or the single pass when the side to move
/// has none; nothing when the game is over. A finished game is a win, loss or draw by disc count
/// (win_in / loss_in / value_draw): the same outcome whether the empty squares of a game that
/// ends early count for nobody or, as the World Othello Federation counts them, for the winner;
/// the margin, which differs, is solve_endgame's and reversi::final_score's business.
/// evaluate() is the combined evaluation of the weights.
class ReversiGame {
public:
    using Move = ReversiMove;

    /// An adapter searching `board` in place with `options`.
    explicit ReversiGame(ReversiBoard& board, ReversiOptions options = {})
        : board_(board), options_(options), values_(reversi::square_values(options.weights)) {}

    /// The board searched.
    [[nodiscard]] ReversiBoard& board() noexcept { return board_; }
    /// The board searched.
    [[nodiscard]] const ReversiBoard& board() const noexcept { return board_; }
    /// The options given at construction.
    [[nodiscard]] const ReversiOptions& options() const noexcept { return options_; }

    /// The colour to move.
    [[nodiscard]] Color side_to_move() const noexcept { return board_.side_to_move(); }
    /// The board's Zobrist hash (discs and side to move).
    [[nodiscard]] std::uint64_t hash() const noexcept { return board_.hash(); }
    /// True when neither side can move.
    [[nodiscard]] bool is_terminal() const noexcept { return board_.is_game_over(); }

    /// At a finished game: a win or loss at distance `ply` for the side to move, or a draw.
    [[nodiscard]] Value terminal_value(int ply) const noexcept {
        const int diff = reversi::disc_difference(board_.own(), board_.opp());
        if (diff == 0)
            return value_draw;
        return diff > 0 ? win_in(ply) : loss_in(ply);
    }

    /// The combined evaluation (reversi::evaluate) from the side to move's view.
    [[nodiscard]] Value evaluate() const noexcept {
        return reversi::evaluate(board_.own(), board_.opp(), options_.weights, values_);
    }

    /// Stage: corners first. Score: as options().hint_score says. Index: the square (64: pass).
    [[nodiscard]] MoveHints hints(ReversiMove m) const noexcept {
        if (m.is_pass())
            return MoveHints{static_cast<int>(ReversiStage::Quiet), 0, m.index()};
        const int s = m.square();
        const reversi::Bitboard bit = reversi::square_bit(s);
        const ReversiStage stage =
            (bit & reversi::corners) ? ReversiStage::Corner : ReversiStage::Quiet;
        const reversi::Bitboard own = board_.own();
        const reversi::Bitboard opp = board_.opp();
        const reversi::Bitboard f = reversi::flips(s, own, opp);
        const reversi::Bitboard own_after = own | f | bit;
        const reversi::Bitboard opp_after = opp & ~f;
        Value score = 0;
        switch (options_.hint_score) {
        case ReversiHintScore::Flips:
            score = reversi::count(f);
            break;
        case ReversiHintScore::Mobility:
            score = values_[static_cast<std::size_t>(s)] -
                    options_.weights.mobility *
                        reversi::count(reversi::legal_moves(opp_after, own_after));
            break;
        case ReversiHintScore::Evaluation:
            score = reversi::evaluate(own_after, opp_after, options_.weights, values_);
            break;
        }
        return MoveHints{static_cast<int>(stage), score, m.index()};
    }

    /// The legal squares in square order, or the pass alone; nothing at a finished game.
    void generate_moves(MoveList<ReversiMove>& moves) const {
        moves.clear();
        reversi::Bitboard legal = board_.legal_moves();
        if (legal == 0) {
            if (board_.opponent_moves() != 0)
                moves.push_back(ReversiMove::pass());
            return;
        }
        for (; legal != 0; legal &= legal - 1)
            moves.push_back(ReversiMove::at(reversi::lowest_square(legal)));
    }

    /// Plays `m`. Precondition: generated at this position.
    void play(ReversiMove m) noexcept { board_.play(m); }
    /// Takes back the last move.
    void undo() noexcept { board_.undo(); }

private:
    ReversiBoard& board_;
    ReversiOptions options_;
    std::array<Value, reversi::square_count> values_;
};

static_assert(Game<ReversiGame>, "ReversiGame must satisfy the Game concept");

} // namespace tengen
