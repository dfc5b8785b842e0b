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

#include "ordering.hpp"

#include <benchmark/benchmark.h>

#include <tengen/tengen.hpp>

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

template <RulePolicy R> void run_ordering(benchmark::State& state, std::string moves, int depth) {
    using B = Board<R, ordering_board_size>;
    B board;
    if (play_pos_moves(board, moves)) {
        state.SkipWithError("a position of midgames.txt does not replay");
        return;
    }
    GomokuGame<B> game(board);
    // No VCF and no quiescence at the leaves: they would hide part of the tree from the node
    // counts.
    AlphaBetaOptions base;
    base.leaf_forced_win = false;
    base.quiescence = false;
    bench::measure_ordering(state, game, depth, base);
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
