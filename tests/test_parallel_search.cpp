// The parallel search: a table that threads share without tearing entries, one thread equal to
// the single search node for node, and N threads whose answers are legal and within the limits
// under storms of stop flags, deadlines and node limits. Its own executable, so that the
// ThreadSanitizer preset (tsan) builds and runs it alone.

#include "catch.hpp"
#include "support.hpp"

#include <tengen/tengen.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <random>
#include <thread>
#include <vector>

using namespace tengen;

namespace {

using FreestyleGame = GomokuGame<Board<Freestyle>>;
using RenjuGame = GomokuGame<Board<Renju>>;

/// Plays `plies` random moves near the stones; false if the game ended.
template <typename B> bool random_opening(B& board, int plies, std::mt19937_64& rng) {
    for (int i = 0; i < plies; ++i) {
        board.play(tengen_test::random_empty_point(board, rng));
        if (board.result().is_over())
            return false;
    }
    return true;
}

/// `threads` independent games over copies of `board` (the first over `board` itself).
template <typename B> struct Team {
    using G = GomokuGame<B>;
    Team(B& board, int threads) {
        copies.reserve(static_cast<std::size_t>(threads - 1));
        for (int i = 1; i < threads; ++i)
            copies.push_back(board.clone());
        games.emplace_back(board);
        for (B& copy : copies)
            games.emplace_back(copy);
        for (G& game : games)
            pointers.push_back(&game);
    }
    std::vector<B> copies;
    std::vector<G> games;
    std::vector<G*> pointers;
};

/// The fields a key's entry is stored with in the table test: each a function of the key, so a
/// torn entry (one key's words with another's) would show.
struct KeyedFields {
    explicit KeyedFields(std::uint64_t key)
        : value(static_cast<Value>(key % 200'001) - 100'000),
          depth(static_cast<int>((key >> 20) % 60) - 8),
          move(Point::from_index(static_cast<int>(1 + (key >> 32) % 400))),
          bound(static_cast<Bound>(1 + (key >> 40) % 3)), only_move(((key >> 50) & 1) != 0) {}
    Value value;
    int depth;
    Point move;
    Bound bound;
    bool only_move;
};

} // namespace

TEST_CASE("transposition table: threads storing and probing at once never see a torn entry",
          "[parallel]") {
    // A small table, so that the threads' keys keep colliding in the same slots.
    TranspositionTable<Point> table(0);
    table.resize(1);
    constexpr int threads = 4;
    const int rounds = tengen_test::samples_for_build(200'000);
    std::atomic<std::int64_t> found{0};
    std::atomic<std::int64_t> bad{0};
    {
        std::vector<std::jthread> workers;
        for (int t = 0; t < threads; ++t)
            workers.emplace_back([&, t] {
                std::mt19937_64 rng(static_cast<std::uint64_t>(t) + 1);
                for (int i = 0; i < rounds; ++i) {
                    // Few distinct keys a slot: the same position stored by several threads.
                    const std::uint64_t key = rng() % 4096 * 0x9E3779B97F4A7C15ULL + 1;
                    const KeyedFields f(key);
                    if (rng() % 2 == 0) {
                        table.store(key, f.depth, f.value, f.bound, f.move, f.only_move);
                        continue;
                    }
                    const auto entry = table.probe(key);
                    if (!entry)
                        continue;
                    ++found;
                    const bool whole = entry->key == key && entry->value == f.value &&
                                       entry->depth == f.depth && entry->bound == f.bound &&
                                       entry->has_move && entry->move == f.move &&
                                       entry->only_move == f.only_move;
                    if (!whole)
                        ++bad;
                }
            });
    }
    CHECK(found > 0);
    CHECK(bad == 0);
}

TEST_CASE("parallel search with one game is the single search, node for node", "[parallel]") {
    Board<Freestyle> board(15);
    REQUIRE_FALSE(play_pos_moves(board, "h8i9j7h7i8g8"));
    FreestyleGame game(board);
    SearchLimits limits;
    limits.max_depth = 6;
    TranspositionTable<Point> table_a(4);
    TranspositionTable<Point> table_b(4);
    AlphaBeta<FreestyleGame> single(AlphaBetaOptions::playing<FreestyleGame>(), table_a);
    ParallelSearch<FreestyleGame> parallel(AlphaBetaOptions::playing<FreestyleGame>(), table_b);
    FreestyleGame* games[] = {&game};
    for (int search = 0; search < 2; ++search) { // the second with the kept tables
        const auto a = single.search(game, limits);
        const auto b = parallel.search(games, limits);
        CHECK(a.best_move == b.best_move);
        CHECK(a.value == b.value);
        CHECK(a.pv == b.pv);
        CHECK(a.depth == b.depth);
        CHECK(a.stats.nodes == b.stats.nodes);
    }
}

TEST_CASE("parallel search: N threads reach the depth with a legal move, boards restored",
          "[parallel]") {
    std::mt19937_64 rng(71);
    const int positions = tengen_test::samples_for_build(12);
    int searched = 0;
    while (searched < positions) {
        Board<Renju> board(15);
        if (!random_opening(board, 6 + searched % 10, rng))
            continue;
        const std::uint64_t hash = board.hash();
        const int threads = 2 + searched % 3;
        Team<Board<Renju>> team(board, threads);
        TranspositionTable<Point> table(2);
        ParallelSearch<RenjuGame> parallel(AlphaBetaOptions::playing<RenjuGame>(), table);
        SearchLimits limits;
        limits.max_depth = 5;
        const auto r = parallel.search(team.pointers, limits);
        INFO(to_pos(board.history()) << " with " << threads << " threads");
        REQUIRE(r.best_move);
        CHECK(is_legal(board, *r.best_move));
        // The depth asked for, or a shallower one that proved the result.
        const bool proven = is_decisive(r.value) && plies_to_end(r.value) <= r.depth;
        CHECK((r.depth == limits.max_depth || proven));
        CHECK(r.stats.nodes >= r.stats.interior_nodes);
        CHECK(board.hash() == hash);
        for (const auto& copy : team.copies)
            CHECK(copy.hash() == hash);
        REQUIRE_FALSE(board.verify());
        ++searched;
    }
}

TEST_CASE("parallel search finds the forced wins the single search finds", "[parallel]") {
    // Black to move: the open three f8 g8 h8 becomes an open four (a win in 3 plies).
    Board<Freestyle> board(15);
    REQUIRE_FALSE(play_pos_moves(board, "h8a1g8a3f8o15"));
    Team<Board<Freestyle>> team(board, 3);
    TranspositionTable<Point> table(2);
    ParallelSearch<FreestyleGame> parallel(AlphaBetaOptions::playing<FreestyleGame>(), table);
    SearchLimits limits;
    limits.max_depth = 8;
    const auto r = parallel.search(team.pointers, limits);
    CHECK(r.value == win_in(3));
    REQUIRE(r.best_move);
    CHECK((to_pos(*r.best_move) == "e8" || to_pos(*r.best_move) == "i8"));
}

TEST_CASE("parallel search: node limits, deadlines and stop flags bind every thread",
          "[parallel]") {
    Board<Freestyle> board(15);
    REQUIRE_FALSE(play_pos_moves(board, "h8i9j7h7i8g8j9"));
    const std::uint64_t hash = board.hash();
    constexpr int threads = 3;
    Team<Board<Freestyle>> team(board, threads);
    TranspositionTable<Point> table(2);
    ParallelSearch<FreestyleGame> parallel(AlphaBetaOptions::playing<FreestyleGame>(), table);
    const auto check_answer = [&](const SearchResult<Point>& r) {
        REQUIRE(r.best_move);
        CHECK(is_legal(board, *r.best_move));
        CHECK(board.hash() == hash);
        for (const auto& copy : team.copies)
            CHECK(copy.hash() == hash);
    };

    SECTION("a node limit: passed by at most a batch a helper") {
        for (const std::int64_t nodes : {1, 100, 1000, 20'000}) {
            SearchLimits limits;
            limits.max_nodes = nodes;
            const auto r = parallel.search(team.pointers, limits);
            INFO(nodes << " nodes");
            check_answer(r);
            CHECK(r.stats.nodes <= nodes + (threads - 1) * SearchBudget::clock_check_interval);
        }
    }

    SECTION("deadlines and time limits a few milliseconds away") {
        const auto slack =
            std::chrono::milliseconds(tengen_test::samples_for_build(100) == 100 ? 250 : 1500);
        for (int ms = 0; ms < 12; ++ms) {
            SearchLimits limits;
            const auto start = std::chrono::steady_clock::now();
            if (ms % 2 == 0)
                limits.deadline = start + std::chrono::milliseconds(ms);
            else
                limits.max_time = std::chrono::milliseconds(ms);
            const auto r = parallel.search(team.pointers, limits);
            INFO(ms << " ms");
            check_answer(r);
            CHECK(std::chrono::steady_clock::now() - start < std::chrono::milliseconds(ms) + slack);
        }
    }

    SECTION("a stop flag set from another thread at random moments") {
        std::mt19937_64 rng(5);
        for (int storm = 0; storm < 12; ++storm) {
            std::atomic<bool> stop{false};
            SearchLimits limits;
            limits.stop = &stop;
            const auto delay = std::chrono::microseconds(rng() % 20'000);
            std::jthread stopper([&stop, delay] {
                std::this_thread::sleep_for(delay);
                stop = true;
            });
            const auto r = parallel.search(team.pointers, limits);
            stopper.join();
            check_answer(r);
        }
    }

    SECTION("multi-PV on several threads names each move once") {
        SearchLimits limits;
        limits.max_depth = 4;
        const auto lines = parallel.search_lines(team.pointers, limits, 3);
        REQUIRE(lines.size() == 3);
        for (std::size_t i = 0; i < lines.size(); ++i) {
            REQUIRE(lines[i].best_move);
            CHECK(is_legal(board, *lines[i].best_move));
            for (std::size_t j = 0; j < i; ++j)
                CHECK(lines[i].best_move != lines[j].best_move);
        }
        CHECK(board.hash() == hash);
    }
}

TEST_CASE("parallel search is game-free: Reversi on several threads", "[parallel]") {
    ReversiBoard board;
    ReversiBoard copy = board;
    ReversiGame game(board);
    ReversiGame helper(copy);
    ReversiGame* games[] = {&game, &helper};
    TranspositionTable<ReversiMove> table(2);
    ParallelSearch<ReversiGame> parallel(AlphaBetaOptions::playing<ReversiGame>(), table);
    SearchLimits limits;
    limits.max_depth = 6;
    const auto r = parallel.search(games, limits);
    REQUIRE(r.best_move);
    CHECK(board.is_legal(*r.best_move));
    CHECK(r.depth == 6);
    CHECK(board.hash() == copy.hash());
}

TEST_CASE("GomokuSearcher: threads searched with, bad counts refused", "[parallel]") {
    SearcherOptions options;
    options.threads = 2;
    GomokuSearcher searcher(options);
    auto created = AnyBoard::create(RuleSpec{RuleId::Freestyle}, 15);
    REQUIRE(created);
    AnyBoard board = std::move(created).value();
    REQUIRE_FALSE(play_pos_moves(board, "h8i9j7h7i8g8"));
    SearchLimits limits;
    limits.max_depth = 5;
    const auto r = searcher.choose(board, limits);
    REQUIRE(r.best_move);
    CHECK(r.depth == 5);

    for (const int bad : {0, -1, SearcherOptions::max_threads + 1}) {
        SearcherOptions wrong = searcher.options();
        wrong.threads = bad;
        CHECK_THROWS_AS(searcher.set_options(wrong), std::invalid_argument);
        CHECK(searcher.options().threads == 2);
        CHECK_THROWS_AS(GomokuSearcher(wrong), std::invalid_argument);
    }
}
