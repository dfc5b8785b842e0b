#pragma once
/// \file
/// Minimax: plain negamax without any pruning, the reference other strategies are tested against.

#include <tengen/search/game.hpp>
#include <tengen/search/limits.hpp>
#include <tengen/search/move_list.hpp>
#include <tengen/search/value.hpp>

#include <cstdint>
#include <optional>
#include <vector>

namespace tengen {

/// How Minimax searches.
struct MinimaxOptions {
    /// A node with a single move is searched without using up depth, and a game's forced
    /// reply is played at the horizon, as AlphaBetaOptions::single_reply_extension (keep the
    /// two equal when comparing).
    bool single_reply_extension = true;
    /// What the search does at depth 0, as AlphaBetaOptions::horizon, the quiescence searched in
    /// full (keep the horizons and their numbers equal when comparing).
    Horizon horizon = Horizon::evaluation;
    int quiescence_forcing_moves = 8;    ///< as AlphaBetaOptions::quiescence_forcing_moves
    std::int64_t forced_win_nodes = 400; ///< as AlphaBetaOptions::forced_win_nodes
};

/// Full-width negamax to exactly `limits.max_depth` plies (no iterative deepening; plies with a
/// single move do not count when MinimaxOptions::single_reply_extension is on). Leaves are
/// terminal values or `evaluate()`. Among equal values the first move generated is kept. Node,
/// time and stop limits abort the search; the result then has depth 0 and no move.
template <Game G> class Minimax {
public:
    using Move = typename G::Move;

    explicit Minimax(MinimaxOptions options = {}) : options_(options) {}

    /// Searches `game` (restored on return).
    [[nodiscard]] SearchResult<Move> search(G& game, const SearchLimits& limits) {
        SearchResult<Move> result;
        stats_ = SearchStats{};
        SearchBudget budget(limits);
        budget_ = &budget;
        std::vector<Move> pv;
        const Value value = negamax(game, limits.max_depth, 0, pv);
        result.stats = stats_;
        result.stats.nodes = budget.nodes();
        result.stats.elapsed = budget.elapsed();
        budget_ = nullptr;
        if (budget.stopped())
            return result;
        result.value = value;
        result.depth = limits.max_depth;
        result.pv = pv;
        if (!pv.empty())
            result.best_move = pv.front();
        return result;
    }

private:
    Value negamax(G& game, int depth, int ply, std::vector<Move>& pv) {
        pv.clear();
        if (!budget_->spend_node())
            return 0;
        if (game.is_terminal()) {
            ++stats_.leaf_nodes;
            return game.terminal_value(ply);
        }
        if (depth <= 0 || ply >= max_ply) {
            if constexpr (HasTacticalMoves<G>) {
                if (options_.horizon == Horizon::quiescence)
                    return quiescence(game, ply, options_.quiescence_forcing_moves, pv);
            }
            if constexpr (HasForcedReply<G>) {
                if (options_.single_reply_extension && ply < max_ply) {
                    if (const std::optional<Move> reply = game.forced_reply()) {
                        std::vector<Move> child_pv;
                        game.play(*reply);
                        const Value v = -negamax(game, 0, ply + 1, child_pv);
                        game.undo();
                        pv.assign(1, *reply);
                        pv.insert(pv.end(), child_pv.begin(), child_pv.end());
                        return v;
                    }
                }
            }
            ++stats_.leaf_nodes;
            if constexpr (HasForcedWinSearch<G>) {
                if (options_.horizon != Horizon::evaluation) {
                    const std::int64_t before = budget_->nodes();
                    const Value forced = game.forced_win(ply, options_.forced_win_nodes, *budget_);
                    stats_.forced_win_nodes += budget_->nodes() - before;
                    if (budget_->stopped())
                        return 0;
                    if (forced != 0)
                        return forced;
                }
            }
            return game.evaluate();
        }
        MoveList<Move> moves;
        game.generate_moves(moves);
        ++stats_.interior_nodes;
        stats_.generated_moves += static_cast<std::int64_t>(moves.size());
        const int child_depth =
            options_.single_reply_extension && moves.size() == 1 ? depth : depth - 1;
        Value best = -value_infinite;
        std::vector<Move> child_pv;
        for (Move m : moves) {
            game.play(m);
            const Value v = -negamax(game, child_depth, ply + 1, child_pv);
            game.undo();
            if (budget_->stopped())
                return 0;
            if (v > best) {
                best = v;
                pv.assign(1, m);
                pv.insert(pv.end(), child_pv.begin(), child_pv.end());
            }
        }
        return best;
    }

    /// The quiescence's value: the best of standing pat (where allowed) and every move listed.
    Value quiescence(G& game, int ply, int forcing_left,
                     std::vector<Move>& pv) requires HasTacticalMoves<G> {
        pv.clear();
        if (!budget_->spend_node())
            return 0;
        ++stats_.quiescence_nodes;
        if (game.is_terminal()) {
            ++stats_.leaf_nodes;
            return game.terminal_value(ply);
        }
        if (ply >= max_ply) {
            ++stats_.leaf_nodes;
            return game.evaluate();
        }
        MoveList<Move> moves;
        const bool may_stand = game.tactical_moves(moves);
        Value best = -value_infinite;
        if (may_stand || moves.empty()) {
            ++stats_.leaf_nodes;
            best = game.evaluate();
            if (forcing_left <= 0)
                return best;
        }
        std::vector<Move> child_pv;
        for (Move m : moves) {
            game.play(m);
            const Value v =
                -quiescence(game, ply + 1, may_stand ? forcing_left - 1 : forcing_left, child_pv);
            game.undo();
            if (budget_->stopped())
                return 0;
            if (v > best) {
                best = v;
                pv.assign(1, m);
                pv.insert(pv.end(), child_pv.begin(), child_pv.end());
            }
        }
        return best;
    }

    MinimaxOptions options_;
    SearchStats stats_;
    SearchBudget* budget_ = nullptr; ///< the running search's
};

} // namespace tengen
