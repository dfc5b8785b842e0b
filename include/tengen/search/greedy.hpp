#pragma once
/// \file
/// Greedy: one-ply move choice by the game's move hints, with an optional, seedable weakness.

#include <tengen/search/game.hpp>
#include <tengen/search/limits.hpp>
#include <tengen/search/move_list.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

namespace tengen {

/// How Greedy chooses.
struct GreedyOptions {
    /// Choose uniformly among the best `choices` moves (1 = always the best). Moves of a higher
    /// threat stage than the best quiet move are never passed over: a weak Greedy still takes a
    /// win and still blocks a five.
    int choices = 1;
    std::uint64_t seed = 0; ///< seed of the choice among equals; equal seeds, equal games
};

/// A generated move and its hints.
template <typename Move> struct HintedMove {
    Move move;
    MoveHints hints;
};

/// The moves `game` generates at its current node, the most promising first by their static
/// hints: threat stage, then score, then generation order (the static part of AlphaBeta's
/// ordering, without killers and history). Empty at a terminal node.
template <Game G> [[nodiscard]] std::vector<HintedMove<typename G::Move>> ranked_moves(G& game) {
    std::vector<HintedMove<typename G::Move>> ranked;
    if (game.is_terminal())
        return ranked;
    MoveList<typename G::Move> moves;
    game.generate_moves(moves);
    ranked.reserve(moves.size());
    for (const auto m : moves)
        ranked.push_back({m, game.hints(m)});
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
        if (a.hints.stage != b.hints.stage)
            return a.hints.stage > b.hints.stage;
        return a.hints.score > b.hints.score;
    });
    return ranked;
}

/// Picks the move with the best MoveHints (threat stage first, then score; the game's
/// generation order breaks ties). For gomoku the hints weigh attack and defence by threat class
/// (GomokuWeights), and the generated moves already hold only the win or the blocks when one is
/// due, so Greedy never misses a five or a block.
template <Game G> class Greedy {
public:
    using Move = typename G::Move;

    explicit Greedy(GreedyOptions options = {}) : options_(options), rng_(options.seed) {}

    /// Chooses a move for the side to move. Limits are accepted for a uniform interface; one
    /// ply is always searched.
    [[nodiscard]] SearchResult<Move> search(G& game, const SearchLimits& /*limits*/ = {}) {
        SearchResult<Move> result;
        result.stats.nodes = 1;
        const std::vector<HintedMove<Move>> scored = ranked_moves(game);
        if (scored.empty())
            return result;
        // Only moves of the best stage compete, so urgent moves are never passed over.
        std::size_t pool = 1;
        const auto wanted = static_cast<std::size_t>(std::max(1, options_.choices));
        while (pool < scored.size() && pool < wanted &&
               scored[pool].hints.stage == scored[0].hints.stage)
            ++pool;
        const std::size_t pick = pool == 1 ? 0 : static_cast<std::size_t>(rng_() % pool);
        result.best_move = scored[pick].move;
        result.value = scored[pick].hints.score;
        result.depth = 1;
        result.pv = {scored[pick].move};
        result.stats.leaf_nodes = static_cast<std::int64_t>(scored.size());
        return result;
    }

private:
    GreedyOptions options_;
    std::mt19937_64 rng_;
};

} // namespace tengen
