// The board: make/undo, hash, candidates, threat counts, bad input, and property tests that
// compare the incremental state with a from-scratch recomputation over long random games.

#include "catch.hpp"
#include "support.hpp"

#include <tengen/tengen.hpp>

#include <cstdint>
#include <random>
#include <vector>

using namespace tengen;
using tengen_test::expected_result;
using tengen_test::random_empty_point;

TEST_CASE("an empty board has no stones, no candidates and Black to move", "[board]") {
    Board<Freestyle, 15> board;
    CHECK(board.width() == 15);
    CHECK(board.point_count() == 225);
    CHECK(board.side_to_move() == Color::Black);
    CHECK(board.move_count() == 0);
    CHECK(board.candidates().empty());
    CHECK_FALSE(board.last_move());
    CHECK_FALSE(board.result().is_over());
    CHECK(board.threat_count(Color::Black, Threat::None) == 225);
    CHECK_FALSE(board.verify());
}

TEST_CASE("play and undo keep history, side, hash and candidates", "[board]") {
    Board<Freestyle> board(15);
    const std::uint64_t empty_hash = board.hash();
    board.play(Point(7, 7));
    CHECK(board.cell(Point(7, 7)) == Cell::Black);
    CHECK(board.side_to_move() == Color::White);
    CHECK(board.last_move() == Point(7, 7));
    CHECK(board.hash() == (empty_hash ^ zobrist::stone_key(Color::Black, Point(7, 7)) ^
                           zobrist::white_to_move_key()));
    // Candidates: the 5x5 square around the stone, minus the stone.
    CHECK(board.candidates().size() == 24);
    CHECK(board.candidates().contains(Point(5, 5)));
    CHECK(board.candidates().contains(Point(9, 9)));
    CHECK_FALSE(board.candidates().contains(Point(10, 7)));
    CHECK_FALSE(board.candidates().contains(Point(7, 7)));

    board.play(Point(0, 0));
    CHECK(board.candidates().size() == 24 + 8);
    CHECK(board.history().size() == 2);
    board.undo();
    board.undo();
    CHECK(board.hash() == empty_hash);
    CHECK(board.candidates().empty());
    CHECK(board.move_count() == 0);
    CHECK_FALSE(board.verify());
}

TEST_CASE("transposed move orders give the same hash", "[board]") {
    Board<Standard> a(15), b(15);
    REQUIRE_FALSE(play_pos_moves(a, "h8i9j10k11"));
    REQUIRE_FALSE(play_pos_moves(b, "j10k11h8i9"));
    CHECK(a.hash() == b.hash());
    a.pass();
    CHECK(a.hash() != b.hash());
}

TEST_CASE("bad moves are refused and change nothing", "[board]") {
    Board<Renju> board(15);
    board.play(Point(7, 7));
    const std::uint64_t hash = board.hash();
    CHECK(board.try_play(Point(7, 7)) == MoveError::Occupied);
    CHECK(board.try_play(Point(15, 3)) == MoveError::OffBoard);
    CHECK(board.try_play(Point(3, 21)) == MoveError::OffBoard);
    CHECK(board.try_play(Point::pass()) == MoveError::OffBoard);
    CHECK(board.hash() == hash);
    CHECK(board.move_count() == 1);
    CHECK(board.side_to_move() == Color::White);
    CHECK_FALSE(board.verify());
    CHECK(to_string(MoveError::Occupied) == "occupied");
}

TEST_CASE("threat counts answer 'is there a five / open four' in O(1)", "[board]") {
    Board<Freestyle> board(15);
    REQUIRE_FALSE(play_pos_moves(board, "h8a1i8a3j8"));
    // Black has .XXX. on row 8: open four points at g8 and k8.
    CHECK(board.threat(*parse_pos_point("g8"), Color::Black) == Threat::OpenFour);
    CHECK(board.threat(*parse_pos_point("k8"), Color::Black) == Threat::OpenFour);
    CHECK(board.has_open_four(Color::Black));
    CHECK(board.threat_count(Color::Black, Threat::OpenFour) == 2);
    CHECK_FALSE(board.has_five(Color::Black));
    REQUIRE_FALSE(play_pos_moves(board, "a5k8"));
    CHECK(board.has_five(Color::Black));
    CHECK(board.threat_count(Color::Black, Threat::Five) == 2); // g8 and l8
    CHECK(board.threat_count_at_least(Color::Black, Threat::Four) >= 2);
    CHECK(board.pattern(*parse_pos_point("l8"), Direction::Horizontal, Color::Black) ==
          LinePattern::Five);
    CHECK(board.pattern(*parse_pos_point("h8"), Direction::Horizontal, Color::Black) ==
          LinePattern::Dead); // occupied
}

TEST_CASE("judge_position judges set-up positions", "[board]") {
    Board<Standard> board(15);
    for (const char* s : {"c3", "d3", "e3", "f3"})
        board.put(*parse_pos_point(s), Color::White);
    CHECK_FALSE(board.judge_position().is_over());
    board.put(*parse_pos_point("g3"), Color::White);
    CHECK(board.result() == GameResult{}); // put() does not judge
    CHECK(board.judge_position() == GameResult{Color::White, EndReason::Five});
    board.put(*parse_pos_point("h3"), Color::White); // six: no win in standard
    CHECK_FALSE(board.judge_position().is_over());

    Board<Renju> renju(15);
    for (const char* s : {"h7", "g8", "i8", "h9"})
        renju.put(*parse_pos_point(s), Color::Black);
    renju.put(*parse_pos_point("h8"), Color::Black);
    CHECK(renju.judge_position() == GameResult{Color::White, EndReason::ForbiddenDoubleThree});
    CHECK_FALSE(renju.verify());
    renju.pass();
    CHECK(renju.judge_position() == GameResult{Color::White, EndReason::ForbiddenDoubleThree});

    Board<Caro> caro(15);
    for (const char* s : {"d8", "e8", "f8", "g8", "h8"})
        caro.put(*parse_pos_point(s), Color::Black);
    CHECK(caro.judge_position() == GameResult{Color::Black, EndReason::Five});
    caro.put(*parse_pos_point("c8"), Color::White);
    caro.put(*parse_pos_point("i8"), Color::White);
    CHECK_FALSE(caro.judge_position().is_over());
}

TEST_CASE("clone copies everything and is independent", "[board]") {
    Board<Caro> board(15);
    REQUIRE_FALSE(play_pos_moves(board, "h8i9j10"));
    Board<Caro> copy = board.clone();
    CHECK(copy.hash() == board.hash());
    CHECK(copy.move_count() == 3);
    copy.play(Point(0, 0));
    CHECK(board.move_count() == 3);
    CHECK(board.cell(Point(0, 0)) == Cell::Empty);
    CHECK_FALSE(copy.verify());
    copy.clear();
    CHECK(copy.stone_count() == 0);
    CHECK(copy.hash() == Board<Caro>(15).hash());
}

TEST_CASE("static and dynamic sizes behave alike", "[board]") {
    Board<Renju, 15> fixed;
    Board<Renju> dynamic(15);
    std::mt19937_64 rng(7);
    for (int i = 0; i < 60 && !fixed.result().is_over(); ++i) {
        const Point p = random_empty_point(fixed, rng);
        fixed.play(p);
        dynamic.play(p);
        REQUIRE(fixed.hash() == dynamic.hash());
        REQUIRE(fixed.result() == dynamic.result());
        REQUIRE(fixed.candidates() == dynamic.candidates());
    }
}

namespace {

struct PropertyConfig {
    int width;
    int height;
    int games;
};

/// Random games with random undos. After every step the incremental state must equal a
/// recomputation, undo must restore the hash, and every move's result must match the naive scan.
template <typename R> void run_random_games(const PropertyConfig& config, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    constexpr unsigned undo_one_in = 4;
    constexpr int steps_per_game = 120;
    for (int game = 0; game < config.games; ++game) {
        Board<R> board(config.width, config.height);
        std::vector<std::uint64_t> hashes{board.hash()};
        std::vector<GameResult> results{board.result()};
        for (int step = 0; step < steps_per_game; ++step) {
            const bool must_undo = board.result().is_over();
            if (board.move_count() > 0 && (must_undo || rng() % undo_one_in == 0)) {
                board.undo();
                hashes.pop_back();
                results.pop_back();
                REQUIRE(board.hash() == hashes.back());
                REQUIRE(board.result() == results.back());
            } else {
                const Point p = random_empty_point(board, rng);
                const GameResult expected = expected_result(board, p);
                board.play(p);
                INFO("game " << game << " step " << step << " moves " << to_pos(board.history()));
                REQUIRE(board.result() == expected);
                hashes.push_back(board.hash());
                results.push_back(board.result());
            }
            INFO("moves " << to_pos(board.history()));
            REQUIRE(board.judge_position() == board.result());
            const auto difference = board.verify();
            REQUIRE_FALSE(difference);
        }
    }
}

} // namespace

TEMPLATE_TEST_CASE("incremental state equals recomputation over random games", "[property]",
                   Freestyle, Standard, Renju, Caro, KInARow<3>, KInARow<4>, KInARow<6>) {
    constexpr int games_per_size = tengen_test::samples_for_build(100);
    const int min_side = TestType::min_board_size;
    const std::vector<PropertyConfig> configs{{min_side, min_side, games_per_size},
                                              {9, 9, games_per_size},
                                              {15, 15, games_per_size},
                                              {22, 22, games_per_size},
                                              {13, 7, games_per_size}};
    std::uint64_t seed = 1;
    for (const auto& config : configs) {
        INFO("size " << config.width << "x" << config.height);
        run_random_games<TestType>(config, seed++);
    }
}

TEMPLATE_TEST_CASE("long random games keep the incremental state exact", "[.slow]", Freestyle,
                   Standard, Renju, Caro, KInARow<4>) {
    constexpr int games = 2000;
    run_random_games<TestType>({15, 15, games}, 1000);
    run_random_games<TestType>({20, 20, games}, 2000);
}
