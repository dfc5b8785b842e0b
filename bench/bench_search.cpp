// Move-ordering benchmarks: for each 15x15 middle game of bench/data/midgames.txt, each rule and
// each depth, the nodes α-β searches with no ordering, with the full ordering and with an oracle
// ordering, beside plain minimax where it finishes and the Knuth-Moore minimal tree size.
//
// Benchmark names: Ordering/<rule>/<position>/<depth>. Counters: minimax_nodes, unordered_nodes,
// ordered_nodes, oracle_nodes, knuth_moore, first_move_cutoff_rate, branching_factor,
// ordered_nodes_per_second, and *_capped = 1 where a variant hit its node cap (its count is then
// a lower bound). Every variant searches with the same options but the ordering, without the
// leaf VCF and without cutoffs from stored values, so all find the same value and the counts
// measure ordering alone. `bench/plot_ordering.py` draws the chart in the README.

#include <benchmark/benchmark.h>

#include <tengen/tengen.hpp>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace tengen;

constexpr int ordering_board_size = 15;
constexpr int min_depth = 2;
constexpr int max_depth = 6;
/// Minimax runs only where its tree stays below this many nodes (estimated as b^depth).
constexpr double minimax_node_budget = 3e6;
/// Node caps of the variants that can explode; a capped count is a lower bound.
constexpr std::int64_t unordered_node_cap = 20'000'000;
constexpr std::int64_t ordered_node_cap = 50'000'000;
constexpr std::size_t oracle_table_megabytes = 64;

struct Position {
    std::string rule;
    int index;
    std::string moves;
};

std::vector<Position> load_positions() {
    std::ifstream in(std::string(TENGEN_BENCH_DATA_DIR) + "/midgames.txt");
    std::vector<Position> positions;
    std::string line;
    int counter = 0;
    std::string last_rule;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        std::istringstream fields(line);
        std::string rule, moves;
        if (!(fields >> rule >> moves))
            continue;
        counter = rule == last_rule ? counter + 1 : 0;
        last_rule = rule;
        positions.push_back({rule, counter, moves});
    }
    return positions;
}

/// Knuth and Moore's minimal tree: b^ceil(d/2) + b^floor(d/2) - 1 leaves.
double knuth_moore(double b, int depth) {
    return std::pow(b, (depth + 1) / 2) + std::pow(b, depth / 2) - 1;
}

template <RulePolicy R> void run_ordering(benchmark::State& state, std::string moves, int depth) {
    using B = Board<R, ordering_board_size>;
    using G = GomokuGame<B>;
    B board;
    if (play_pos_moves(board, moves)) {
        state.SkipWithError("a position of midgames.txt does not replay");
        return;
    }
    G game(board);
    // Only the ordering differs between the variants: no VCF at the leaves and no cutoffs from
    // stored values (which would mix transpositions into the comparison with Knuth-Moore).
    AlphaBetaOptions base;
    base.leaf_forced_win = false;
    base.tt_cutoffs = false;
    base.tt_megabytes = oracle_table_megabytes;

    SearchLimits limits;
    limits.max_depth = depth;

    SearchResult<Point> ordered, unordered, oracle, minimax;
    bool minimax_ran = false;
    for (auto _ : state) {
        AlphaBetaOptions full = base;
        full.clear_tt_each_search = false;
        AlphaBeta<G> ordered_search(full);
        limits.max_nodes = ordered_node_cap;
        ordered = ordered_search.search(game, limits);

        // The oracle: the same search again, ordered only by the moves the first one stored
        // (which it leaves in place), and never cut off by a stored value.
        AlphaBetaOptions oracle_options = full;
        oracle_options.ordering = OrderingOptions::none();
        oracle_options.ordering.hash_move = true;
        oracle_options.tt_cutoffs = false;
        oracle_options.tt_writes = false;
        ordered_search.set_options(oracle_options);
        oracle = ordered_search.search(game, limits);

        AlphaBetaOptions none = base;
        none.ordering = OrderingOptions::none();
        none.tt_megabytes = 16;
        limits.max_nodes = unordered_node_cap;
        unordered = AlphaBeta<G>(none).search(game, limits);

        const double b = unordered.stats.branching_factor();
        if (std::pow(b, depth) <= minimax_node_budget) {
            limits.max_nodes = std::numeric_limits<std::int64_t>::max();
            minimax = Minimax<G>().search(game, limits);
            minimax_ran = true;
        }
    }
    // Every variant that completed the depth must agree on the value.
    const auto completed = [depth](const SearchResult<Point>& r) { return r.depth == depth; };
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
    c["knuth_moore"] = knuth_moore(b, depth);
    c["branching_factor"] = b;
    c["first_move_cutoff_rate"] = ordered.stats.first_move_cutoff_rate();
    c["unordered_capped"] = unordered.stats.nodes >= unordered_node_cap ? 1.0 : 0.0;
    c["oracle_capped"] = oracle.stats.nodes >= ordered_node_cap ? 1.0 : 0.0;
    const double seconds = static_cast<double>(ordered.stats.elapsed.count()) / 1e6;
    c["ordered_nodes_per_second"] =
        seconds > 0 ? static_cast<double>(ordered.stats.nodes) / seconds : 0.0;
}

template <RulePolicy R> void register_rule(const Position& p) {
    for (int depth = min_depth; depth <= max_depth; ++depth) {
        const std::string name =
            "Ordering/" + p.rule + "/" + std::to_string(p.index) + "/" + std::to_string(depth);
        benchmark::RegisterBenchmark(name.c_str(), run_ordering<R>, p.moves, depth)
            ->Iterations(1)
            ->Unit(benchmark::kMillisecond);
    }
}

/// Registers every benchmark before main runs them (benchmark_main calls Initialize later).
const bool registered = [] {
    for (const auto& p : load_positions()) {
        if (p.rule == "freestyle")
            register_rule<Freestyle>(p);
        else if (p.rule == "standard")
            register_rule<Standard>(p);
        else if (p.rule == "renju")
            register_rule<Renju>(p);
        else if (p.rule == "caro")
            register_rule<Caro>(p);
    }
    return true;
}();

} // namespace
