#pragma once
/// \file
/// The gomoku evaluation: per-side threat counts, weighted, plus a value for the threat
/// situation (who can make which threat next), after the tactical tests that settle most horizon
/// positions; and the static score and threat stage of a move for move ordering.

#include <tengen/core/types.hpp>
#include <tengen/gomoku/eval_shapes.hpp>
#include <tengen/gomoku/eval_situation.hpp>
#include <tengen/gomoku/eval_weights.hpp>
#include <tengen/gomoku/rules/rule_policy.hpp>
#include <tengen/gomoku/shape.hpp>
#include <tengen/gomoku/threat.hpp>
#include <tengen/gomoku/threat_situation.hpp>
#include <tengen/gomoku/threat_values.hpp>
#include <tengen/search/value.hpp>

#include <array>
#include <cstddef>

namespace tengen {

/// Weights of the gomoku evaluation and move scores.
struct GomokuWeights {
    /// Move ordering: value of a cell where the side to move would make each threat.
    ThreatValues attack{.closed_two = 2,
                        .open_two = 8,
                        .double_two = 16,
                        .closed_three = 12,
                        .open_three = 40,
                        .double_three = 120,
                        .four = 60,
                        .four_three = 400,
                        .double_four = 800,
                        .open_four = 1000,
                        .five = 5000};
    /// Move ordering: value of a cell where the opponent would make each threat (it moves
    /// second: less).
    ThreatValues defence{.closed_two = 1,
                         .open_two = 5,
                         .double_two = 10,
                         .closed_three = 8,
                         .open_three = 30,
                         .double_three = 90,
                         .four = 40,
                         .four_three = 300,
                         .double_four = 600,
                         .open_four = 800,
                         .five = 4000};
    /// Evaluation: value of each cell where the side to move would make each threat. By
    /// default the move-ordering values; tuned() has the values fitted to self-play games.
    ThreatValues own = attack;
    /// Evaluation: value of each cell where the opponent would make each threat (subtracted).
    ThreatValues opponent = defence;
    /// Evaluation: bonus of having the move.
    Value tempo = 20;
    /// Evaluation: value of each threat situation (threat_situation.hpp) under rules without
    /// forbidden moves, fitted to self-play outcomes on top of the counts' values
    /// (eval_situation.hpp, written by examples/tune_eval.cpp; docs/tune.md).
    SituationValues situation = situation_evaluation::without_fouls;
    /// The same under renju, where Black's double threes are no threat.
    SituationValues situation_renju = situation_evaluation::renju;
    /// Evaluation: a value for each shape of each colour at each empty cell (shape.hpp) in place
    /// of the threat classes' own and opponent values, or none (nullptr: the classes' values).
    /// Static storage: the board keeps its sums over the table (Board::set_shape_table).
    const ShapeTable* shapes = nullptr;
    /// The same under renju.
    const ShapeTable* shapes_renju = nullptr;
    /// A position the evaluation sees as decided (a five to play, two to stop): far above any
    /// sum of threats, still inside the static range (below value_known_win).
    Value decided = 100'000;

    /// The evaluation's values fitted by logistic regression to the outcomes of self-play games
    /// (eval_weights.hpp, written by examples/tune_eval.cpp), the move ordering's unchanged. Not
    /// the default: it measured no gain in play (docs/strength.md).
    [[nodiscard]] static GomokuWeights tuned() {
        GomokuWeights w;
        w.own = tuned_evaluation::own;
        w.opponent = tuned_evaluation::opponent;
        w.tempo = tuned_evaluation::tempo;
        return w;
    }

    /// The default weights with the shapes' values fitted to self-play games (eval_shapes.hpp,
    /// written by examples/tune_eval.cpp) in place of the threat classes' own and opponent
    /// values.
    [[nodiscard]] static GomokuWeights with_shapes() {
        GomokuWeights w;
        w.shapes = &shape_evaluation::without_fouls;
        w.shapes_renju = &shape_evaluation::renju;
        return w;
    }

    /// The default weights without the threat situation's values (both tables at zero): the
    /// evaluation of the threat counts alone, as it was before the tables.
    [[nodiscard]] static GomokuWeights counts_only() {
        GomokuWeights w;
        w.situation.fill(0);
        w.situation_renju.fill(0);
        return w;
    }

    /// The shape table of `Rule`'s family (shapes or shapes_renju), or nullptr.
    template <RulePolicy Rule> [[nodiscard]] const ShapeTable* shapes_for() const noexcept {
        return Rule::has_forbidden_moves ? shapes_renju : shapes;
    }

    friend constexpr bool operator==(const GomokuWeights&, const GomokuWeights&) noexcept = default;
};

/// Threat stages of a move for move ordering (MoveHints::stage), highest first.
enum class GomokuStage : int {
    Quiet = 0,
    Four = 1,          ///< our four, or a point where the opponent would make a winning threat
    WinningThreat = 2, ///< our open four, double four or four-three
    BlockFive = 3,     ///< the point where the opponent would make five
    WinNow = 4,        ///< our five
};

/// The evaluation of one set of weights, with its tables laid out for speed. A few kilobytes:
/// copy it with the game, not per node.
class GomokuEvaluator {
public:
    explicit GomokuEvaluator(const GomokuWeights& weights = {})
        : weights_(weights), attack_(weights.attack.by_threat()),
          defence_(weights.defence.by_threat()), own_(weights.own.by_threat()),
          opponent_(weights.opponent.by_threat()) {}

    /// The weights in force.
    [[nodiscard]] const GomokuWeights& weights() const noexcept { return weights_; }

    /// The first half-width of an α-β aspiration window over this evaluation
    /// (AlphaBetaOptions::aspiration_half_width): one and a half open threes' worth in the
    /// default weights, so that a quiet iteration's value stays inside.
    static constexpr Value aspiration_half_width = 60;

    /// The margin a ply of depth of a static-value cutoff (AlphaBetaOptions::static_cutoffs):
    /// two and a half open threes' worth in the default weights, measured in
    /// docs/strength.md.
    static constexpr Value static_cutoff_margin = 100;

    /// The margin a ply of depth of futility pruning (AlphaBetaOptions::futility_pruning):
    /// three and three quarter open threes' worth in the default weights, measured in
    /// docs/strength.md.
    static constexpr Value futility_margin = 150;
    /// The move score (move_score) from which a move is never futile: the side to move's own
    /// open three, or a block of one that makes a threat besides.
    static constexpr Value futility_max_move_score = 40;

    /// The value of `board` for its side to move, within ±GomokuWeights::decided: the weighted
    /// threat counts of both sides (or their shapes' values, with a shape table) plus the tempo
    /// and the threat situation's value, after three tests: we win at once; they have two fives
    /// we cannot both stop; we make a winning threat they cannot answer with a five. O(number of
    /// threat classes); with a shape table O(1) when the board keeps its sums (GomokuGame sees
    /// to that), O(cells) otherwise.
    template <typename B> [[nodiscard]] Value evaluate(const B& board) const noexcept {
        using Rule = typename B::rule_type;
        const Color us = board.side_to_move();
        const Color them = opponent(us);
        if (board.has_five(us))
            return weights_.decided;
        const int their_fives = board.threat_count(them, Threat::Five);
        // Where a five can be boxed in at its far end, one stone may stop two.
        if (their_fives >= 2 && !far_end_blocks_five<Rule>)
            return -weights_.decided;
        if (their_fives == 0 && (board.threat_count(us, Threat::OpenFour) > 0 ||
                                 board.threat_count(us, Threat::DoubleFour) > 0))
            return weights_.decided / 2;
        const SituationValues& situation =
            Rule::has_forbidden_moves ? weights_.situation_renju : weights_.situation;
        Value v = weights_.tempo + situation[threat_situation(board)];
        if (const ShapeTable* shapes = weights_.shapes_for<Rule>()) {
            if (board.shape_table() == shapes)
                return v + board.shape_sum(us, ShapeRole::Mover) -
                       board.shape_sum(them, ShapeRole::Waiter);
            for (Point p : board.empty_points())
                v += (*shapes)[index_of(us)][0][static_cast<std::size_t>(board.shape(p, us))] -
                     (*shapes)[index_of(them)][1][static_cast<std::size_t>(board.shape(p, them))];
            return v;
        }
        for (std::size_t t = 0; t < own_.size(); ++t) {
            const auto threat = static_cast<Threat>(t);
            v += own_[t] * board.threat_count(us, threat);
            v -= opponent_[t] * board.threat_count(them, threat);
        }
        return v;
    }

    /// The static promise of the side to move playing the empty point `p`: what it makes there
    /// (attack) plus what it takes from the opponent (defence).
    template <typename B> [[nodiscard]] Value move_score(const B& board, Point p) const noexcept {
        const Color us = board.side_to_move();
        return attack_[static_cast<std::size_t>(board.threat(p, us))] +
               defence_[static_cast<std::size_t>(board.threat(p, opponent(us)))];
    }

    /// The threat stage of the side to move playing the empty point `p`.
    template <typename B>
    [[nodiscard]] static GomokuStage move_stage(const B& board, Point p) noexcept {
        const Color us = board.side_to_move();
        const Threat mine = board.threat(p, us);
        const Threat theirs = board.threat(p, opponent(us));
        if (mine == Threat::Five)
            return GomokuStage::WinNow;
        if (theirs == Threat::Five)
            return GomokuStage::BlockFive;
        if (mine >= Threat::FourThree && mine != Threat::Forbidden)
            return GomokuStage::WinningThreat;
        if (mine >= Threat::Four || theirs >= Threat::FourThree)
            return GomokuStage::Four;
        return GomokuStage::Quiet;
    }

private:
    GomokuWeights weights_;
    std::array<Value, threat_class_count> attack_;
    std::array<Value, threat_class_count> defence_;
    std::array<Value, threat_class_count> own_;
    std::array<Value, threat_class_count> opponent_;
};

} // namespace tengen
