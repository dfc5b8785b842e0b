#pragma once
// The move-ordering measurement shared by the gomoku and Reversi benchmarks: the same search
// four ways (minimax where it finishes, α-β with no ordering, with the full ordering, and with an
// oracle ordering replaying the full search's stored best moves, the full ordering elsewhere),
// beside the critical tree where minimax finishes (critical_tree.hpp: the fewest nodes any
// ordering must visit, summed over the iterations 1..depth as α-β's counts are), reported as the
// counters minimax_nodes, unordered_nodes, ordered_nodes, oracle_nodes, critical_tree,
// knuth_moore, first_move_cutoff_rate, branching_factor, ordered_nodes_per_second, and *_capped = 1
// where a variant hit its node cap (its count is then a lower bound).

#include "critical_tree.hpp"

#include <benchmark/benchmark.h>

#include <tengen/tengen.hpp>

#include <cmath>
#include <cstdint>

namespace tengen::bench {

/// Minimax runs only where its tree stays below this many nodes (estimated as b^depth).
inline constexpr double minimax_node_budget = 3e6;
/// The estimate can be far off (b is the unordered search's average, and forced lines make it
/// small): minimax is stopped here and then not reported.
inline constexpr std::int64_t minimax_node_cap = 30'000'000;
/// Node caps of the variants that can explode; a capped count is a lower bound.
inline constexpr std::int64_t unordered_node_cap = 20'000'000;
inline constexpr std::int64_t ordered_node_cap = 50'000'000;
/// The full search's table must keep every node's best move for the oracle to replay them.
inline constexpr std::size_t oracle_table_megabytes = 64;
inline constexpr std::size_t unordered_table_megabytes = 16;

/// Knuth and Moore's minimal tree: b^ceil(d/2) + b^floor(d/2) - 1 leaves.
inline double knuth_moore(double b, int depth) {
    return std::pow(b, (depth + 1) / 2) + std::pow(b, depth / 2) - 1;
}

/// Searches `game` to `depth` the four ways with `base` options (which must not cut off on
/// stored values, so that only the ordering differs) and reports the counters on `state`.
/// The trees are plain fixed-depth trees: without the single-reply extension, which lets
/// forcing lines run past the depth and makes "depth d" a different tree from one version to
/// the next, and whose long single-move lines the ordering cannot shorten anyway.
template <Game G>
void measure_ordering(benchmark::State& state, G& game, int depth, AlphaBetaOptions base) {
    using Move = typename G::Move;
    base.tt_cutoffs = false;
    base.single_reply_extension = false;
    base.tt_megabytes = oracle_table_megabytes;
    SearchLimits limits;
    limits.max_depth = depth;

    SearchResult<Move> ordered, unordered, oracle, minimax;
    bool minimax_ran = false;
    std::optional<std::int64_t> critical;
    for (auto _ : state) {
        AlphaBetaOptions full = base;
        full.clear_tt_each_search = false;
        AlphaBeta<G> ordered_search(full);
        limits.max_nodes = ordered_node_cap;
        ordered = ordered_search.search(game, limits);

        // The oracle: the same search again, the moves the first one stored (which it leaves
        // in place) first, and the full ordering for the rest and wherever it stored none
        // (generation order there made the "oracle" search several times the full ordering's
        // nodes at depth 6).
        AlphaBetaOptions oracle_options = full;
        oracle_options.tt_writes = false;
        ordered_search.set_options(oracle_options);
        oracle = ordered_search.search(game, limits);

        AlphaBetaOptions none = base;
        none.ordering = OrderingOptions::none();
        none.tt_megabytes = unordered_table_megabytes;
        limits.max_nodes = unordered_node_cap;
        unordered = AlphaBeta<G>(none).search(game, limits);

        const double b = unordered.stats.branching_factor();
        if (std::pow(b, depth) <= minimax_node_budget) {
            limits.max_nodes = minimax_node_cap;
            minimax = Minimax<G>(MinimaxOptions{base.single_reply_extension}).search(game, limits);
            minimax_ran = minimax.depth == depth;
            if (minimax_ran)
                critical = CriticalTree<G>(minimax_node_cap).nodes_all_depths(game, depth);
        }
    }
    // Every variant that completed the depth (or proved the result sooner) must agree.
    const auto completed = [depth](const SearchResult<Move>& r) {
        return r.depth == depth || is_decisive(r.value);
    };
    const bool disagree = (completed(oracle) && oracle.value != ordered.value) ||
                          (completed(unordered) && unordered.value != ordered.value) ||
                          (minimax_ran && completed(minimax) && minimax.value != ordered.value);
    if (!completed(ordered) || disagree) {
        state.SkipWithError("ordering variants disagree on the value");
        return;
    }
    const double b = unordered.stats.branching_factor();
    auto& c = state.counters;
    c["ordered_nodes"] = static_cast<double>(ordered.stats.nodes);
    c["unordered_nodes"] = static_cast<double>(unordered.stats.nodes);
    c["oracle_nodes"] = static_cast<double>(oracle.stats.nodes);
    c["minimax_nodes"] = minimax_ran ? static_cast<double>(minimax.stats.nodes) : 0.0;
    c["critical_tree"] = critical ? static_cast<double>(*critical) : 0.0;
    c["knuth_moore"] = knuth_moore(b, depth);
    c["branching_factor"] = b;
    c["first_move_cutoff_rate"] = ordered.stats.first_move_cutoff_rate();
    c["unordered_capped"] = unordered.stats.nodes >= unordered_node_cap ? 1.0 : 0.0;
    c["oracle_capped"] = oracle.stats.nodes >= ordered_node_cap ? 1.0 : 0.0;
    const double seconds = static_cast<double>(ordered.stats.elapsed.count()) / 1e6;
    c["ordered_nodes_per_second"] =
        seconds > 0 ? static_cast<double>(ordered.stats.nodes) / seconds : 0.0;
}

} // namespace tengen::bench
