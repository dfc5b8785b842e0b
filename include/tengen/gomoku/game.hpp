#pragma once
/// \file
/// GomokuGame: the Game adapter over a gomoku-family Board (every rule, every size, k-in-a-row
/// included): move generation from gomoku/movegen.hpp, the evaluation of gomoku/eval.hpp, the
/// VCF of gomoku/vcf.hpp at the search horizon.

#include <tengen/core/types.hpp>
#include <tengen/core/zobrist.hpp>
#include <tengen/gomoku/board.hpp>
#include <tengen/gomoku/eval.hpp>
#include <tengen/gomoku/movegen.hpp>
#include <tengen/gomoku/rules/freestyle.hpp>
#include <tengen/gomoku/vcf.hpp>
#include <tengen/search/game.hpp>
#include <tengen/search/limits.hpp>
#include <tengen/search/move_list.hpp>
#include <tengen/search/value.hpp>

#include <cstdint>
#include <optional>
#include <type_traits>

namespace tengen {

/// Adapts a Board to the Game concept and to every optional capability the searches use
/// (HasForcedWinSearch, HasForcedReply, HasHashAfter, HasPlayableCheck, HasTacticalMoves,
/// HasThreatCheck). Holds a reference: the
/// board must outlive the adapter and is searched in place.
///
/// Moves generated: as tengen::generate_moves (gomoku/movegen.hpp) with the options given.
/// Under renju Black never gets a forbidden point.
template <GomokuBoard B> class GomokuGame {
public:
    using Move = Point;
    using BoardType = B;
    using Rule = typename B::rule_type;

    /// Longest VCF, in attacker moves, that forced_win looks for at the horizon.
    static constexpr int forced_win_attacker_moves = 8;
    /// Fours a line of the threat quiescence when playing: fewer than the exact search's
    /// default, so that the nodes go to the main search (docs/strength.md).
    static constexpr int playing_quiescence_fours = 4;

    /// Futility pruning measured a gain under freestyle and none under renju (docs/strength.md);
    /// the other rules are not settled.
    static constexpr bool futility_pruning = std::is_same_v<Rule, Freestyle>;

    /// The selective search that measured a gain for gomoku (HasSelectiveSearch;
    /// docs/strength.md): logarithmic late-move reductions, static-value cutoffs, move-count
    /// pruning, aspiration windows, a shorter quiescence and, under the rules above, futility
    /// pruning.
    static constexpr SelectiveSearch selective_search{
        .late_move_reductions = true,
        .logarithmic_reductions = true,
        .static_cutoffs = true,
        .move_count_pruning = true,
        .aspiration_windows = true,
        .aspiration_half_width = GomokuEvaluator::aspiration_half_width,
        .static_cutoff_margin = GomokuEvaluator::static_cutoff_margin,
        .quiescence_forcing_moves = playing_quiescence_fours,
        .futility_pruning = futility_pruning,
        .futility_margin = GomokuEvaluator::futility_margin,
        .futility_max_move_score = GomokuEvaluator::futility_max_move_score};

    /// Gives `board` the weights' shape table (Board::set_shape_table; none without one), so
    /// that the evaluation reads the shapes' sums in O(1).
    explicit GomokuGame(B& board, const GomokuWeights& weights = {},
                        const MoveGenOptions& generation = {})
        : board_(board), evaluator_(weights), generation_(generation) {
        if (const ShapeTable* shapes = weights.shapes_for<Rule>(); board_.shape_table() != shapes)
            board_.set_shape_table(shapes);
    }

    [[nodiscard]] B& board() noexcept { return board_; }
    [[nodiscard]] const B& board() const noexcept { return board_; }
    /// The evaluation in use.
    [[nodiscard]] const GomokuEvaluator& evaluator() const noexcept { return evaluator_; }

    [[nodiscard]] Color side_to_move() const noexcept { return board_.side_to_move(); }
    [[nodiscard]] std::uint64_t hash() const noexcept { return board_.hash(); }
    /// True if `p` is an empty point of the board (HasPlayableCheck). Under renju it may still
    /// be forbidden for Black: generate_moves is what leaves those out.
    [[nodiscard]] bool is_playable(Point p) const noexcept {
        return board_.contains(p) && board_.is_empty(p);
    }
    /// The hash after the side to move plays `p` (HasHashAfter).
    [[nodiscard]] std::uint64_t hash_after(Point p) const noexcept {
        return board_.hash() ^ zobrist::stone_key(board_.side_to_move(), p) ^
               zobrist::white_to_move_key();
    }
    [[nodiscard]] bool is_terminal() const noexcept { return board_.result().is_over(); }

    [[nodiscard]] Value terminal_value(int ply) const noexcept {
        const GameResult& r = board_.result();
        if (!r.winner)
            return value_draw;
        return *r.winner == board_.side_to_move() ? win_in(ply) : loss_in(ply);
    }

    /// GomokuEvaluator::evaluate of the board.
    [[nodiscard]] Value evaluate() const noexcept { return evaluator_.evaluate(board_); }

    /// Stage: GomokuEvaluator::move_stage; score: GomokuEvaluator::move_score; index: the point.
    [[nodiscard]] MoveHints hints(Point p) const noexcept {
        return MoveHints{static_cast<int>(GomokuEvaluator::move_stage(board_, p)),
                         evaluator_.move_score(board_, p), p.index()};
    }

    void generate_moves(MoveList<Point>& moves) {
        tengen::generate_moves(board_, moves, generation_);
    }

    /// tengen::forced_reply of the board (HasForcedReply).
    [[nodiscard]] std::optional<Point> forced_reply() { return tengen::forced_reply(board_); }

    /// The moves of the threat quiescence (HasTacticalMoves): our five points (false); else the
    /// moves that stop the opponent's five, or one legal move when none does (false); else our
    /// fours, winning threats (open four, double four, four-three) first (true). Under renju
    /// Black gets no forbidden point.
    bool tactical_moves(MoveList<Point>& moves) {
        moves.clear();
        const Color us = board_.side_to_move();
        const Color them = opponent(us);
        if (board_.has_five(us)) {
            add_five_points(board_, us, moves);
            if (!moves.empty())
                return false;
        }
        if (board_.has_five(them)) {
            if constexpr (far_end_blocks_five<Rule>)
                add_defences_against_five(board_, moves);
            else
                add_five_points(board_, them, moves);
            if (moves.empty())
                add_losing_move(moves);
            return false;
        }
        add_four_points(board_, us, moves);
        return true;
    }

    /// True if the opponent of the side to move has a point where it would make a five, an
    /// open four, a double four or a four-three (HasThreatCheck): left alone, it wins. O(1).
    [[nodiscard]] bool threatened() const noexcept {
        return board_.threat_count_at_least(opponent(board_.side_to_move()), Threat::FourThree) > 0;
    }

    void play(Point p) { board_.play(p); }
    void undo() { board_.undo(); }

    /// A VCF for the side to move of at most forced_win_attacker_moves, within `node_budget`
    /// nodes, each spent from `budget` too; as a win value, 0 when none (HasForcedWinSearch).
    [[nodiscard]] Value forced_win(int ply, std::int64_t node_budget, SearchBudget& budget) {
        const VcfResult vcf =
            find_vcf(board_, VcfLimits{forced_win_attacker_moves, node_budget, &budget});
        if (!vcf.found())
            return 0;
        return win_in(ply + static_cast<int>(vcf.line.size()));
    }

private:
    /// Appends one move of the side to move that generate_moves would generate when nothing
    /// stops the opponent's five: the first legal candidate (every move loses).
    void add_losing_move(MoveList<Point>& moves) {
        for (Point p : board_.candidates())
            if (is_legal(board_, p)) {
                moves.push_back(p);
                return;
            }
        if (const auto legal = first_legal_point_for(board_, board_.side_to_move()))
            moves.push_back(*legal);
    }

    B& board_;
    GomokuEvaluator evaluator_;
    MoveGenOptions generation_;
};

static_assert(Game<GomokuGame<Board<Freestyle>>>);
static_assert(HasForcedWinSearch<GomokuGame<Board<Freestyle>>>);
static_assert(HasForcedReply<GomokuGame<Board<Freestyle>>>);
static_assert(HasHashAfter<GomokuGame<Board<Freestyle>>>);
static_assert(HasPlayableCheck<GomokuGame<Board<Freestyle>>>);
static_assert(HasTacticalMoves<GomokuGame<Board<Freestyle>>>);
static_assert(HasThreatCheck<GomokuGame<Board<Freestyle>>>);

} // namespace tengen
