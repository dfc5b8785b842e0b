// Reversi benchmarks: perft leaves per second (bulk-counted last ply), α-β and endgame-solver
// nodes per second, and move-ordering node counts over the middle games of
// bench/data/reversi_midgames.txt in the form of the gomoku ones (bench_search.cpp).
//
// Names: Reversi/Perft/<depth>, Reversi/AlphaBeta/<position>/<depth>,
// Reversi/Endgame/<position>, Ordering/reversi/<position>/<depth>. The ordering counters are
// those of bench_search.cpp: minimax_nodes, unordered_nodes, ordered_nodes, oracle_nodes,
// knuth_moore, first_move_cutoff_rate, branching_factor, ordered_nodes_per_second.

#include "ordering.hpp"

#include <benchmark/benchmark.h>

#include <tengen/tengen.hpp>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace {

using namespace tengen;

constexpr int perft_min_depth = 8;
constexpr int perft_max_depth = 11;
constexpr int alpha_beta_depth = 8;
constexpr int ordering_min_depth = 2;
constexpr int ordering_max_depth = 7;
/// Empty squares left when the endgame benchmark hands a position to the solver.
constexpr int endgame_empties = 16;

std::vector<std::string> load_positions() {
    std::ifstream in(std::string(TENGEN_BENCH_DATA_DIR) + "/reversi_midgames.txt");
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(in, line))
        if (!line.empty() && line[0] != '#')
            lines.push_back(line);
    return lines;
}

void perft(benchmark::State& state) {
    const ReversiBoard start;
    const int depth = static_cast<int>(state.range(0));
    std::uint64_t leaves = 0;
    for (auto _ : state) {
        leaves = reversi::perft(start, depth);
        benchmark::DoNotOptimize(leaves);
    }
    state.counters["leaves"] = static_cast<double>(leaves);
    state.counters["leaves_per_second"] = benchmark::Counter(
        static_cast<double>(leaves), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(perft)
    ->Name("Reversi/Perft")
    ->DenseRange(perft_min_depth, perft_max_depth)
    ->Unit(benchmark::kMillisecond);

void alpha_beta(benchmark::State& state, std::string moves) {
    ReversiBoard board;
    if (!play_reversi_moves(board, moves)) {
        state.SkipWithError("a position of reversi_midgames.txt does not replay");
        return;
    }
    ReversiGame game(board);
    SearchLimits limits;
    limits.max_depth = alpha_beta_depth;
    std::int64_t nodes = 0;
    for (auto _ : state) {
        const auto result = AlphaBeta<ReversiGame>().search(game, limits);
        benchmark::DoNotOptimize(result.value);
        nodes += result.stats.nodes;
    }
    state.counters["nodes_per_second"] =
        benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}

/// Plays the game on with the strongest Greedy until `endgame_empties` squares are left.
bool play_to_endgame(ReversiBoard& board) {
    ReversiGame game(board, ReversiOptions{{}, ReversiHintScore::Evaluation});
    while (board.empty_count() > endgame_empties) {
        if (board.is_game_over())
            return false;
        const auto r = Greedy<ReversiGame>().search(game);
        board.play(*r.best_move);
    }
    return !board.is_game_over();
}

void endgame(benchmark::State& state, std::string moves) {
    ReversiBoard board;
    if (!play_reversi_moves(board, moves) || !play_to_endgame(board)) {
        state.SkipWithError("no endgame position from this middle game");
        return;
    }
    std::int64_t nodes = 0;
    EndgameResult result;
    for (auto _ : state) {
        result = solve_endgame(board);
        benchmark::DoNotOptimize(result.score);
        nodes += result.nodes;
    }
    state.counters["empties"] = endgame_empties;
    state.counters["score"] = result.score;
    state.counters["nodes_per_second"] =
        benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}

void ordering(benchmark::State& state, std::string moves, int depth) {
    ReversiBoard board;
    if (!play_reversi_moves(board, moves)) {
        state.SkipWithError("a position of reversi_midgames.txt does not replay");
        return;
    }
    ReversiGame game(board);
    bench::measure_ordering(state, game, depth, AlphaBetaOptions{});
}

/// Registers every benchmark before main runs them (benchmark_main calls Initialize later).
const bool registered = [] {
    const auto positions = load_positions();
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const std::string index = std::to_string(i);
        benchmark::RegisterBenchmark(
            ("Reversi/AlphaBeta/" + index + "/" + std::to_string(alpha_beta_depth)).c_str(),
            alpha_beta, positions[i])
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("Reversi/Endgame/" + index).c_str(), endgame, positions[i])
            ->Unit(benchmark::kMillisecond);
        for (int depth = ordering_min_depth; depth <= ordering_max_depth; ++depth)
            benchmark::RegisterBenchmark(
                ("Ordering/reversi/" + index + "/" + std::to_string(depth)).c_str(), ordering,
                positions[i], depth)
                ->Iterations(1)
                ->Unit(benchmark::kMillisecond);
    }
    return true;
}();

} // namespace
