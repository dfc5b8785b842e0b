// Win, overline, caro blocks, k-in-a-row and draws, played out on real boards.
//
// Positions are given as pos strings (top-left origin, Black first, alternating): the board then
// holds exactly the moves a game record would show.

#include "catch.hpp"

#include <tengen/tengen.hpp>

#include <string>

using namespace tengen;

namespace {

/// Plays `moves` (pos form, Black first) and fails the test on any refused move.
template <typename B> void play_all(B& board, const std::string& moves) {
    const auto error = play_pos_moves(board, moves);
    INFO("moves: " << moves);
    REQUIRE_FALSE(error);
}

template <typename B> void play_one(B& board, const char* move) {
    const auto p = parse_move(board, move);
    REQUIRE(p);
    board.play(*p);
}

} // namespace

// Black builds a row on row 8 from column a; White answers far away on row 1 or 15.
TEST_CASE("freestyle: five wins and an overline wins too", "[rules]") {
    Board<Freestyle> board(15);
    play_all(board, "a8a1b8b1c8c1d8d1");
    CHECK_FALSE(board.result().is_over());
    CHECK(board.threat(*parse_pos_point("e8"), Color::Black) == Threat::Five);
    CHECK(board.has_five(Color::Black));
    play_one(board, "e8");
    CHECK(board.result() == GameResult{Color::Black, EndReason::Five});
    board.undo();
    CHECK_FALSE(board.result().is_over());

    Board<Freestyle> overline(15);
    play_all(overline, "a8a1b8b1c8c1e8e1f8f1");
    play_one(overline, "d8");
    CHECK(overline.result() == GameResult{Color::Black, EndReason::Overline});
}

TEST_CASE("standard: exactly five wins, an overline wins for nobody", "[rules]") {
    Board<Standard> board(15);
    play_all(board, "a8a1b8b1c8c1e8e1f8f1");
    CHECK(board.pattern(*parse_pos_point("d8"), Direction::Horizontal, Color::Black) ==
          LinePattern::Overline);
    CHECK_FALSE(board.has_five(Color::Black));
    play_one(board, "d8");
    CHECK_FALSE(board.result().is_over());
    CHECK(board.check_move(*parse_pos_point("h8")) == MoveError::None);

    // White's overline does not win either, and White's exact five does.
    Board<Standard> white(15);
    play_all(white, "a1a8o1b8a3c8o3e8a5f8o5");
    play_one(white, "d8");
    CHECK_FALSE(white.result().is_over());
    play_all(white, "m15o7");
    CHECK_FALSE(white.result().is_over());
    Board<Standard> exact(15);
    play_all(exact, "a1a8o1b8a3c8o3d8a5");
    play_one(exact, "e8");
    CHECK(exact.result() == GameResult{Color::White, EndReason::Five});
}

TEST_CASE("renju: Black's exact five wins, White's overline wins, Black's overline loses",
          "[rules][renju]") {
    Board<Renju> black_five(15);
    play_all(black_five, "a8a1b8b1c8c1d8d1");
    play_one(black_five, "e8");
    CHECK(black_five.result() == GameResult{Color::Black, EndReason::Five});

    Board<Renju> black_overline(15);
    play_all(black_overline, "a8a1b8b1c8c1e8e1f8f1");
    CHECK(black_overline.forbidden_kind(*parse_pos_point("d8")) == ForbiddenKind::Overline);
    play_one(black_overline, "d8");
    CHECK(black_overline.result() == GameResult{Color::White, EndReason::ForbiddenOverline});

    Board<Renju> white_overline(15);
    play_all(white_overline, "a1a8o1b8a3c8o3e8a5f8o5");
    play_one(white_overline, "d8");
    CHECK(white_overline.result() == GameResult{Color::White, EndReason::Overline});
}

TEST_CASE("caro: a five blocked at both ends by stones does not win; the edge is no block",
          "[rules]") {
    // White stones on c8 and i8 box in Black's d8..h8.
    Board<Caro> blocked(15);
    play_all(blocked, "d8c8e8i8f8a1g8a3");
    CHECK(blocked.pattern(*parse_pos_point("h8"), Direction::Horizontal, Color::Black) ==
          LinePattern::Dead);
    play_one(blocked, "h8");
    CHECK_FALSE(blocked.result().is_over());

    // One end blocked by White, the other open: wins.
    Board<Caro> one_side(15);
    play_all(one_side, "d8c8e8a1f8a3g8a5");
    play_one(one_side, "h8");
    CHECK(one_side.result() == GameResult{Color::Black, EndReason::Five});

    // Against the edge with White at the other end: the edge is not a block, so it wins.
    Board<Caro> edge(15);
    play_all(edge, "a8f8b8o1c8o3d8o5");
    play_one(edge, "e8");
    CHECK(edge.result() == GameResult{Color::Black, EndReason::Five});

    // Boxed in on both ends, but six long: overlines win in caro.
    Board<Caro> overline(15);
    play_all(overline, "d8c8e8j8f8a1g8a3i8a5");
    play_one(overline, "h8");
    CHECK(overline.result() == GameResult{Color::Black, EndReason::Overline});
}

TEST_CASE("k-in-a-row wins at k, and tic-tac-toe draws on a full board", "[rules]") {
    Board<TicTacToe, 3> game;
    play_all(game, "a1b2c3b1b3a3c1c2");
    CHECK_FALSE(game.result().is_over());
    CHECK(game.threat(*parse_pos_point("a2"), Color::Black) == Threat::None);
    CHECK(game.threat(*parse_pos_point("a2"), Color::White) == Threat::Five);
    play_one(game, "a2");
    CHECK(game.result().is_draw());
    CHECK(game.result().reason == EndReason::BoardFull);
    CHECK(game.check_move(Point::pass()) == MoveError::OffBoard);
    game.undo();
    CHECK_FALSE(game.result().is_over());

    Board<TicTacToe, 3> win;
    play_all(win, "a1b1a2b2");
    CHECK(win.threat(*parse_pos_point("a3"), Color::Black) == Threat::Five);
    CHECK(win.threat(*parse_pos_point("b3"), Color::White) == Threat::Five);
    play_one(win, "a3");
    CHECK(win.result() == GameResult{Color::Black, EndReason::Five});
    CHECK(win.check_move(*parse_pos_point("c3")) == MoveError::GameOver);
    CHECK(win.try_play(*parse_pos_point("c3")) == MoveError::GameOver);
    CHECK(win.move_count() == 5);

    Board<KInARow<4>> four(7, 6);
    play_all(four, "a1a2b1b2c1c2");
    play_one(four, "d1");
    CHECK(four.result() == GameResult{Color::Black, EndReason::Five});

    Board<KInARow<6>> six(10);
    play_all(six, "a1a2b1b2c1c2d1d2e1e2");
    CHECK_FALSE(six.result().is_over());
    play_one(six, "f1");
    CHECK(six.result() == GameResult{Color::Black, EndReason::Five});
}

TEST_CASE("a full gomoku board without five is a draw", "[rules]") {
    // Columns filled in pairs X X O O ... shifted every row: no five anywhere on 5x5.
    Board<Freestyle> board(5);
    const char* rows[] = {"XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOOX"};
    // Play Black and White stones alternately from the two lists.
    std::vector<Point> black, white;
    for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 5; ++x)
            (rows[y][x] == 'X' ? black : white).emplace_back(x, y);
    REQUIRE(black.size() == 13);
    REQUIRE(white.size() == 12);
    for (std::size_t i = 0; i < black.size(); ++i) {
        REQUIRE_FALSE(board.result().is_over());
        board.play(black[i]);
        if (i < white.size()) {
            REQUIRE_FALSE(board.result().is_over());
            board.play(white[i]);
        }
    }
    CHECK(board.is_full());
    CHECK(board.result() == GameResult{std::nullopt, EndReason::BoardFull});
}

TEST_CASE("passes switch the side to move and undo like moves", "[rules]") {
    Board<Freestyle> board(15);
    const std::uint64_t empty_hash = board.hash();
    board.pass();
    CHECK(board.side_to_move() == Color::White);
    CHECK(board.hash() != empty_hash);
    CHECK(board.move_count() == 1);
    CHECK(board.stone_count() == 0);
    CHECK(board.last_move() == Point::pass());
    board.undo();
    CHECK(board.side_to_move() == Color::Black);
    CHECK(board.hash() == empty_hash);
    CHECK_FALSE(board.try_undo());
}

TEST_CASE("the winning row: the winner's run through the last stone, end to end", "[rules]") {
    const auto points = [](const char* moves) { return *parse_pos_moves(moves); };

    Board<Freestyle> five(15);
    play_all(five, "a8a1b8b1c8c1e8e1");
    CHECK(five.winning_row().empty()); // the game goes on
    play_one(five, "d8");
    CHECK(five.winning_row() == points("a8b8c8d8e8"));
    five.undo();
    CHECK(five.winning_row().empty());

    Board<Freestyle> overline(15);
    play_all(overline, "a8a1b8b1c8c1e8e1f8f1");
    play_one(overline, "d8");
    CHECK(overline.winning_row() == points("a8b8c8d8e8f8"));

    // d8 makes an overline along row 8, which standard does not count, and a five along column d.
    Board<Standard> standard(15);
    play_all(standard, "a8o1b8o3c8o5e8o11f8o13d4o15d5m1d6m15d7k1");
    play_one(standard, "d8");
    REQUIRE(standard.result() == GameResult{Color::Black, EndReason::Five});
    CHECK(standard.winning_row() == points("d4d5d6d7d8"));

    // Freestyle counts both: the exact five is the one shown.
    Board<Freestyle> both(15);
    play_all(both, "a8o1b8o3c8o5e8o11f8o13d4o15d5m1d6m15d7k1");
    play_one(both, "d8");
    CHECK(both.winning_row() == points("d4d5d6d7d8"));

    // A renju foul loses without a row; White's five through its last stone is one.
    Board<Renju> foul(15);
    play_all(foul, "a8a1b8b1c8c1e8e1f8f1");
    play_one(foul, "d8");
    REQUIRE(foul.result().winner == Color::White);
    CHECK(foul.winning_row().empty());
    Board<Renju> white(15);
    play_all(white, "h8a1i9b1j8c1k9d1m3");
    play_one(white, "e1");
    CHECK(white.winning_row() == points("a1b1c1d1e1"));

    auto made = AnyBoard::create(RuleSpec{RuleId::Renju}, 15, 15);
    REQUIRE(made);
    AnyBoard engine = std::move(made).value();
    for (Point p : points("h8a1i9b1j8c1k9d1m3e1"))
        REQUIRE(engine.try_play(p) == MoveError::None);
    CHECK(engine.winning_row() == points("a1b1c1d1e1"));
}
