// As-played benchmarks, AsPlayed/<rule>/<position>/<horizon>: the same middle games searched
// for one second as a playing engine searches (every feature on, every node counted), with the
// threat quiescence and with the leaf VCF of before. Counters: depth, nodes, nodes_per_second,
// horizon_share (the quiescence's or the VCF's share of the nodes).
//
// Depth against time, DepthTime/<rule>/<position>/<ms>: the search as played for three seconds
// on each middle game, with the time each iteration completed (ms_to_depth_DD), for the chart
// of bench/plot_depth_time.py.
//
// Multi-PV, MultiPV/<rule>/<position>/<lines>: the search as played to a fixed depth
// (multi_pv_depth) with one line and with several (AlphaBeta::search_lines), the table cleared
// before each: the time and nodes of the N best moves against those of the best alone
// (counters nodes, ms).
//
// Threads, Threads/<rule>/<position>/<threads>: the search as played to a fixed depth
// (threads_depth) on 1, 2, 4 and 8 threads (ParallelSearch, Lazy SMP), the table fresh: the wall
// time to the depth against one thread's (counters ms, nodes, depth). More threads than the
// machine has cores only measure the overhead.
//
// Move-ordering benchmarks: for each 15x15 middle game of bench/data/midgames.txt, each rule and
// each depth, the nodes α-β searches with no ordering, with the full ordering and with an oracle
// ordering, beside plain minimax and the critical tree (bench/critical_tree.hpp) where minimax
// finishes, and the Knuth-Moore minimal tree size.
//
// Benchmark names: Ordering/<rule>/<position>/<depth>. Counters: minimax_nodes, unordered_nodes,
// ordered_nodes, oracle_nodes, critical_tree, knuth_moore, first_move_cutoff_rate,
// branching_factor, ordered_nodes_per_second, and *_capped = 1 where a variant hit its node cap
// (its count is then a lower bound). Every variant searches with the same options but the ordering,
// without the leaf VCF and without cutoffs from stored values, so all find the same value and the
// counts measure ordering alone. `bench/plot_ordering.py` draws the chart in the README.

#include "ordering.hpp"

#include <benchmark/benchmark.h>

#include <tengen/tengen.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
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

/// Plays the pos string `moves` of midgames.txt on `board`; false, with the benchmark skipped,
/// if it does not replay.
template <typename B> bool replay(benchmark::State& state, B& board, const std::string& moves) {
    if (play_pos_moves(board, moves)) {
        state.SkipWithError("a position of midgames.txt does not replay");
        return false;
    }
    return true;
}

template <RulePolicy R> void run_ordering(benchmark::State& state, std::string moves, int depth) {
    using B = Board<R, ordering_board_size>;
    B board;
    if (!replay(state, board, moves))
        return;
    GomokuGame<B> game(board);
    // No VCF and no quiescence at the leaves: they would hide part of the tree from the node
    // counts.
    AlphaBetaOptions base;
    base.horizon = Horizon::evaluation;
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

/// The search as a playing engine runs it (SearcherOptions::playing_defaults: every
/// feature on, the table cleared before each position), for a fixed time, every node counted:
/// the depth it completes and its nodes per second. `horizon` switches the threat quiescence
/// for the leaf VCF of before, for the side-by-side comparison.
template <RulePolicy R>
void run_as_played(benchmark::State& state, std::string moves, Horizon horizon) {
    using B = Board<R, ordering_board_size>;
    B board;
    if (!replay(state, board, moves))
        return;
    GomokuGame<B> game(board);
    AlphaBetaOptions options = SearcherOptions::playing_defaults();
    options.horizon = horizon;
    SearchLimits limits;
    limits.max_time = std::chrono::milliseconds(state.range(0));
    SearchResult<Point> result;
    for (auto _ : state) {
        AlphaBeta<GomokuGame<B>> search(options);
        result = search.search(game, limits);
    }
    auto& c = state.counters;
    const double seconds = static_cast<double>(result.stats.elapsed.count()) / 1e6;
    const auto nodes = static_cast<double>(result.stats.nodes);
    c["depth"] = result.depth;
    c["nodes"] = nodes;
    c["nodes_per_second"] = seconds > 0 ? nodes / seconds : 0.0;
    c["horizon_share"] =
        nodes > 0
            ? static_cast<double>(result.stats.quiescence_nodes + result.stats.forced_win_nodes) /
                  nodes
            : 0.0;
}

/// Milliseconds a move of the as-played benchmarks.
constexpr int as_played_milliseconds = 1000;

/// Milliseconds of the one search a position of the depth-against-time benchmarks.
constexpr int depth_time_milliseconds = 3000;

/// The search as played (run_as_played with the quiescence) for depth_time_milliseconds, with
/// the time at which each iteration completed: the counters ms_to_depth_DD (DD the depth, two
/// digits), depth and nodes_per_second. bench/plot_depth_time.py draws the README's chart.
template <RulePolicy R> void run_depth_time(benchmark::State& state, std::string moves) {
    using B = Board<R, ordering_board_size>;
    B board;
    if (!replay(state, board, moves))
        return;
    GomokuGame<B> game(board);
    const AlphaBetaOptions options = SearcherOptions::playing_defaults();
    std::vector<IterationReport> completed;
    SearchLimits limits;
    limits.max_time = std::chrono::milliseconds(state.range(0));
    limits.continue_after = [&completed](const IterationReport& report) {
        completed.push_back(report);
        return true;
    };
    SearchResult<Point> result;
    for (auto _ : state) {
        completed.clear();
        AlphaBeta<GomokuGame<B>> search(options);
        result = search.search(game, limits);
    }
    // A proven result ends the deepening before continue_after is asked: its iteration too.
    if (result.depth > 0 && (completed.empty() || completed.back().depth < result.depth)) {
        IterationReport last;
        last.depth = result.depth;
        last.elapsed = result.stats.elapsed;
        completed.push_back(last);
    }
    auto& c = state.counters;
    for (const IterationReport& report : completed) {
        const std::string depth = std::to_string(report.depth);
        c["ms_to_depth_" + std::string(depth.size() < 2 ? "0" : "") + depth] =
            static_cast<double>(report.elapsed.count()) / 1e3;
    }
    const double seconds = static_cast<double>(result.stats.elapsed.count()) / 1e6;
    c["depth"] = result.depth;
    c["nodes_per_second"] = seconds > 0 ? static_cast<double>(result.stats.nodes) / seconds : 0.0;
}

/// The depth of the multi-PV benchmarks: one the search as played completes in well under a
/// second on every middle game of midgames.txt.
constexpr int multi_pv_depth = 8;
/// Lines of the multi-PV benchmarks: the best move alone, and YXNBEST 3.
constexpr std::array<int, 2> multi_pv_lines{1, 3};

/// The search as played to multi_pv_depth with state.range(0) lines, the table fresh.
template <RulePolicy R> void run_multi_pv(benchmark::State& state, std::string moves) {
    using B = Board<R, ordering_board_size>;
    B board;
    if (!replay(state, board, moves))
        return;
    GomokuGame<B> game(board);
    const AlphaBetaOptions options = SearcherOptions::playing_defaults();
    SearchLimits limits;
    limits.max_depth = multi_pv_depth;
    std::vector<SearchResult<Point>> lines;
    for (auto _ : state) {
        AlphaBeta<GomokuGame<B>> search(options);
        lines = search.search_lines(game, limits, static_cast<std::size_t>(state.range(0)));
    }
    auto& c = state.counters;
    c["nodes"] = static_cast<double>(lines.front().stats.nodes);
    c["ms"] = static_cast<double>(lines.front().stats.elapsed.count()) / 1e3;
    c["lines"] = static_cast<double>(lines.size());
}

/// The depth of the thread benchmarks: deeper than multi_pv_depth so that a search lasts long
/// enough (a few hundred milliseconds) for threads to pay off.
constexpr int threads_depth = 9;
/// Threads of the thread benchmarks.
constexpr std::array<int, 4> thread_counts{1, 2, 4, 8};

/// The search as played to threads_depth on state.range(0) threads, the table fresh.
template <RulePolicy R> void run_threads(benchmark::State& state, std::string moves) {
    using B = Board<R, ordering_board_size>;
    using G = GomokuGame<B>;
    B board;
    if (!replay(state, board, moves))
        return;
    const auto threads = static_cast<std::size_t>(state.range(0));
    std::vector<B> copies;
    for (std::size_t i = 1; i < threads; ++i)
        copies.push_back(board.clone());
    std::vector<G> games;
    games.emplace_back(board);
    for (B& copy : copies)
        games.emplace_back(copy);
    std::vector<G*> pointers;
    for (G& game : games)
        pointers.push_back(&game);
    const AlphaBetaOptions options = SearcherOptions::playing_defaults();
    SearchLimits limits;
    limits.max_depth = threads_depth;
    SearchResult<Point> result;
    for (auto _ : state) {
        TranspositionTable<Point> table(options.tt_megabytes);
        ParallelSearch<G> search(options, table);
        result = search.search(pointers, limits);
    }
    auto& c = state.counters;
    c["nodes"] = static_cast<double>(result.stats.nodes);
    c["ms"] = static_cast<double>(result.stats.elapsed.count()) / 1e3;
    c["depth"] = result.depth;
}

template <RulePolicy R> void register_as_played(const Position& p) {
    for (const auto& [horizon, label] : {std::pair{Horizon::quiescence, "quiescence"},
                                         std::pair{Horizon::forced_win, "leaf_vcf"}}) {
        const std::string name = "AsPlayed/" + p.rule + "/" + std::to_string(p.index) + "/" + label;
        benchmark::RegisterBenchmark(name.c_str(), run_as_played<R>, p.moves, horizon)
            ->Arg(as_played_milliseconds)
            ->Iterations(1)
            ->Unit(benchmark::kMillisecond);
    }
    const std::string name = "DepthTime/" + p.rule + "/" + std::to_string(p.index);
    benchmark::RegisterBenchmark(name.c_str(), run_depth_time<R>, p.moves)
        ->Arg(depth_time_milliseconds)
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
    for (const int lines : multi_pv_lines) {
        const std::string multi =
            "MultiPV/" + p.rule + "/" + std::to_string(p.index) + "/" + std::to_string(lines);
        benchmark::RegisterBenchmark(multi.c_str(), run_multi_pv<R>, p.moves)
            ->Arg(lines)
            ->Iterations(1)
            ->Unit(benchmark::kMillisecond);
    }
    for (const int threads : thread_counts) {
        const std::string threaded =
            "Threads/" + p.rule + "/" + std::to_string(p.index) + "/" + std::to_string(threads);
        benchmark::RegisterBenchmark(threaded.c_str(), run_threads<R>, p.moves)
            ->Arg(threads)
            ->Iterations(1)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
    }
}

/// Registers every benchmark before main runs them (benchmark_main calls Initialize later).
const bool registered = [] {
    for (const auto& p : load_positions()) {
        if (p.rule == "freestyle") {
            register_rule<Freestyle>(p);
            register_as_played<Freestyle>(p);
        } else if (p.rule == "standard") {
            register_rule<Standard>(p);
            register_as_played<Standard>(p);
        } else if (p.rule == "renju") {
            register_rule<Renju>(p);
            register_as_played<Renju>(p);
        } else if (p.rule == "caro") {
            register_rule<Caro>(p);
            register_as_played<Caro>(p);
        }
    }
    return true;
}();

} // namespace
