#pragma once
/// \file
/// Minimax: plain negamax without any pruning, the reference other strategies are tested against.

#include <tengen/search/game.hpp>
#include <tengen/search/limits.hpp>
#include <tengen/search/move_list.hpp>
#include <tengen/search/value.hpp>

#include <optional>
#include <vector>

namespace tengen {

/// Full-width negamax to exactly `limits.max_depth` plies (no iterative deepening). Leaves are
/// terminal values or `evaluate()`. Among equal values the first move generated is kept. Node,
/// time and stop limits abort the search; the result then has depth 0 and no move.
template <Game G> class Minimax {
public:
    using Move = typename G::Move;

    /// Searches `game` (restored on return).
    [[nodiscard]] SearchResult<Move> search(G& game, const SearchLimits& limits) {
        SearchResult<Move> result;
        stats_ = SearchStats{};
        detail::StopWatch watch(limits);
        watch_ = &watch;
        std::vector<Move> pv;
        const Value value = negamax(game, limits.max_depth, 0, pv);
        result.stats = stats_;
        result.stats.elapsed = watch.elapsed();
        if (watch.stopped())
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
        ++stats_.nodes;
        if (watch_->should_stop(stats_.nodes))
            return 0;
        if (game.is_terminal()) {
            ++stats_.leaf_nodes;
            return game.terminal_value(ply);
        }
        if (depth <= 0) {
            ++stats_.leaf_nodes;
            return game.evaluate();
        }
        MoveList<Move> moves;
        game.generate_moves(moves);
        ++stats_.interior_nodes;
        stats_.generated_moves += static_cast<std::int64_t>(moves.size());
        Value best = -value_infinite;
        std::vector<Move> child_pv;
        for (Move m : moves) {
            game.play(m);
            const Value v = -negamax(game, depth - 1, ply + 1, child_pv);
            game.undo();
            if (watch_->stopped())
                return 0;
            if (v > best) {
                best = v;
                pv.assign(1, m);
                pv.insert(pv.end(), child_pv.begin(), child_pv.end());
            }
        }
        return best;
    }

    SearchStats stats_;
    detail::StopWatch* watch_ = nullptr;
};

} // namespace tengen
