// Board benchmarks: play+undo with the full incremental pattern update, forbidden-point listing,
// win checks, and the cost of building a rule's tables.
//
// Positions come from bench/data/midgames.txt (15x15 middle games per rule). Every play+undo
// benchmark plays each candidate move of each position once per iteration and reports
// `pairs_per_second`, so variants run side by side can be compared as ratios.

#include <benchmark/benchmark.h>

#include <tengen/tengen.hpp>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace tengen;

constexpr int bench_board_size = 15;

/// The move lists of one rule's middle-game positions.
std::vector<std::string> load_midgames(const std::string& rule) {
    std::ifstream in(std::string(TENGEN_BENCH_DATA_DIR) + "/midgames.txt");
    std::vector<std::string> games;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        std::istringstream fields(line);
        std::string name, moves;
        if (fields >> name >> moves && name == rule)
            games.push_back(moves);
    }
    return games;
}

template <typename B> bool set_up(B& board, const std::string& moves) {
    return !play_pos_moves(board, moves);
}

template <RulePolicy R, typename B> void play_undo(benchmark::State& state, B make_board()) {
    const auto games = load_midgames(std::string(to_string(RuleSpec{R::id, R::win_length})));
    if (games.empty()) {
        state.SkipWithError("no positions for this rule in bench/data/midgames.txt");
        return;
    }
    std::vector<B> boards;
    std::vector<std::vector<Point>> moves;
    for (const auto& game : games) {
        boards.push_back(make_board());
        if (!set_up(boards.back(), game)) {
            state.SkipWithError("a position in midgames.txt does not replay");
            return;
        }
        const auto& candidates = boards.back().candidates();
        moves.emplace_back(candidates.begin(), candidates.end());
    }
    std::int64_t pairs = 0;
    for (auto _ : state) {
        for (std::size_t i = 0; i < boards.size(); ++i) {
            auto& board = boards[i];
            for (Point p : moves[i]) {
                board.play(p);
                benchmark::DoNotOptimize(board.hash());
                board.undo();
            }
            pairs += static_cast<std::int64_t>(moves[i].size());
        }
    }
    state.counters["pairs_per_second"] =
        benchmark::Counter(static_cast<double>(pairs), benchmark::Counter::kIsRate);
    state.counters["positions"] = static_cast<double>(boards.size());
}

template <RulePolicy R> Board<R, bench_board_size> make_static() {
    return Board<R, bench_board_size>();
}
template <RulePolicy R> Board<R> make_dynamic() {
    return Board<R>(bench_board_size);
}

/// A board that also keeps the sums of the fitted shape values (GomokuWeights::with_shapes).
template <RulePolicy R> Board<R, bench_board_size> make_static_with_shapes() {
    Board<R, bench_board_size> board;
    board.set_shape_table(GomokuWeights::with_shapes().shapes_for<R>());
    return board;
}

template <RulePolicy R> void bm_play_undo_static_shapes(benchmark::State& state) {
    play_undo<R>(state, make_static_with_shapes<R>);
}
template <RulePolicy R> void bm_play_undo_static(benchmark::State& state) {
    play_undo<R>(state, make_static<R>);
}
template <RulePolicy R> void bm_play_undo_dynamic(benchmark::State& state) {
    play_undo<R>(state, make_dynamic<R>);
}

BENCHMARK(bm_play_undo_static<Freestyle>)->Name("PlayUndo/freestyle/static15");
BENCHMARK(bm_play_undo_dynamic<Freestyle>)->Name("PlayUndo/freestyle/dynamic15");
BENCHMARK(bm_play_undo_static_shapes<Freestyle>)->Name("PlayUndo/freestyle/static15_shapes");
BENCHMARK(bm_play_undo_static<Standard>)->Name("PlayUndo/standard/static15");
BENCHMARK(bm_play_undo_dynamic<Standard>)->Name("PlayUndo/standard/dynamic15");
BENCHMARK(bm_play_undo_static<Renju>)->Name("PlayUndo/renju/static15");
BENCHMARK(bm_play_undo_dynamic<Renju>)->Name("PlayUndo/renju/dynamic15");
BENCHMARK(bm_play_undo_static_shapes<Renju>)->Name("PlayUndo/renju/static15_shapes");
BENCHMARK(bm_play_undo_static<Caro>)->Name("PlayUndo/caro/static15");
BENCHMARK(bm_play_undo_dynamic<Caro>)->Name("PlayUndo/caro/dynamic15");

/// A renju position full of fouls: of a fixed series of random positions dense in black stones,
/// the one with the most forbidden points (many double-threes among them, each decided by the
/// recursive check).
Board<Renju, bench_board_size> crowded_renju_position() {
    constexpr int tries = 300;
    constexpr int region = 11;
    constexpr int black_stones = 30;
    constexpr int white_stones = 6;
    constexpr int offset = (bench_board_size - region) / 2;
    std::mt19937_64 rng(2026);
    Board<Renju, bench_board_size> best;
    std::size_t best_count = 0;
    for (int attempt = 0; attempt < tries; ++attempt) {
        Board<Renju, bench_board_size> board;
        const auto put_random = [&](Color c, int count) {
            for (int placed = 0; placed < count;) {
                const Point p(offset + static_cast<int>(rng() % region),
                              offset + static_cast<int>(rng() % region));
                if (!board.is_empty(p))
                    continue;
                board.put(p, c);
                ++placed;
            }
        };
        put_random(Color::Black, black_stones);
        put_random(Color::White, white_stones);
        const std::size_t count = board.forbidden_points().size();
        if (count > best_count) {
            best_count = count;
            best = std::move(board);
        }
    }
    return best;
}

/// Listing every forbidden point of renju middle games, and of the crowded position above.
void bm_forbidden_points(benchmark::State& state, bool crowded) {
    std::vector<Board<Renju, bench_board_size>> boards;
    if (crowded) {
        boards.push_back(crowded_renju_position());
    } else {
        for (const auto& game : load_midgames("renju")) {
            boards.emplace_back();
            if (!set_up(boards.back(), game)) {
                state.SkipWithError("a renju position in midgames.txt does not replay");
                return;
            }
        }
    }
    std::int64_t found = 0;
    std::int64_t lists = 0;
    for (auto _ : state) {
        for (auto& board : boards) {
            const auto points = board.forbidden_points();
            found += static_cast<std::int64_t>(points.size());
            benchmark::DoNotOptimize(points.data());
        }
        lists += static_cast<std::int64_t>(boards.size());
    }
    state.counters["lists_per_second"] =
        benchmark::Counter(static_cast<double>(lists), benchmark::Counter::kIsRate);
    state.counters["forbidden_per_list"] =
        lists > 0 ? static_cast<double>(found) / static_cast<double>(lists) : 0.0;
}
BENCHMARK_CAPTURE(bm_forbidden_points, midgames, false)->Name("ForbiddenPoints/renju/midgames");
BENCHMARK_CAPTURE(bm_forbidden_points, crowded, true)->Name("ForbiddenPoints/renju/crowded");

/// A hand-written win check of the kind the library replaces: walk the four lines through the
/// point and count stones. The baseline for the table lookup below.
template <typename B> bool scan_makes_five(const B& board, Point p, Color c) {
    for (Direction d : all_directions) {
        int length = 1;
        for (Point q = p.shifted(d, 1); board.cell(q) == cell_of(c); q = q.shifted(d, 1))
            ++length;
        for (Point q = p.shifted(d, -1); board.cell(q) == cell_of(c); q = q.shifted(d, -1))
            ++length;
        if (length >= 5)
            return true;
    }
    return false;
}

void bm_win_check(benchmark::State& state, bool use_tables) {
    std::vector<Board<Freestyle, bench_board_size>> boards;
    std::vector<std::vector<Point>> moves;
    for (const auto& game : load_midgames("freestyle")) {
        boards.emplace_back();
        if (!set_up(boards.back(), game)) {
            state.SkipWithError("a freestyle position in midgames.txt does not replay");
            return;
        }
        moves.emplace_back(boards.back().candidates().begin(), boards.back().candidates().end());
    }
    std::int64_t checks = 0;
    std::int64_t wins = 0;
    for (auto _ : state) {
        for (std::size_t i = 0; i < boards.size(); ++i) {
            const auto& board = boards[i];
            const Color us = board.side_to_move();
            for (Point p : moves[i]) {
                const bool five = use_tables ? board.threat(p, us) == Threat::Five
                                             : scan_makes_five(board, p, us);
                wins += five ? 1 : 0;
            }
            checks += static_cast<std::int64_t>(moves[i].size());
        }
        benchmark::DoNotOptimize(wins);
    }
    state.counters["checks_per_second"] =
        benchmark::Counter(static_cast<double>(checks), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(bm_win_check, tables, true)->Name("WinCheck/freestyle/threat_lookup");
BENCHMARK_CAPTURE(bm_win_check, scan, false)->Name("WinCheck/freestyle/line_scan");

template <RulePolicy R> void bm_build_tables(benchmark::State& state) {
    for (auto _ : state) {
        const RuleTables tables = detail::build_rule_tables<R>();
        benchmark::DoNotOptimize(tables.line.data());
    }
}
BENCHMARK(bm_build_tables<Freestyle>)->Name("BuildTables/freestyle")->Unit(benchmark::kMillisecond);
BENCHMARK(bm_build_tables<Renju>)->Name("BuildTables/renju")->Unit(benchmark::kMillisecond);

} // namespace
