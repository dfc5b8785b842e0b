// Vocabulary types, Zobrist keys, point sets, rule selection and move notation.

#include "catch.hpp"

#include <tengen/tengen.hpp>

#include <random>
#include <set>
#include <string>
#include <vector>

using namespace tengen;

TEST_CASE("points keep their coordinates and a size-independent index", "[core]") {
    for (int y = 0; y < layout::max_board_size; ++y) {
        for (int x = 0; x < layout::max_board_size; ++x) {
            const Point p(x, y);
            CHECK(p.x() == x);
            CHECK(p.y() == y);
            CHECK_FALSE(p.is_pass());
            CHECK(Point::from_index(p.index()) == p);
        }
    }
    CHECK(Point::pass().is_pass());
    CHECK(Point{} == Point::pass());
    CHECK(Point(3, 4) < Point(2, 5)); // index order is row by row
}

TEST_CASE("directions step one cell in x and y", "[core]") {
    const Point centre(7, 7);
    CHECK(centre.shifted(Direction::Horizontal, 1) == Point(8, 7));
    CHECK(centre.shifted(Direction::Vertical, 1) == Point(7, 8));
    CHECK(centre.shifted(Direction::Diagonal, 2) == Point(9, 9));
    CHECK(centre.shifted(Direction::AntiDiagonal, 3) == Point(10, 4));
    CHECK(centre.shifted(Direction::AntiDiagonal, -3) == Point(4, 10));
    CHECK(opponent(Color::Black) == Color::White);
    CHECK(opponent(Color::White) == Color::Black);
}

TEST_CASE("Zobrist keys are distinct and non-zero", "[core]") {
    std::set<std::uint64_t> keys;
    for (Color c : all_colors)
        for (int y = 0; y < layout::max_board_size; ++y)
            for (int x = 0; x < layout::max_board_size; ++x)
                keys.insert(zobrist::stone_key(c, Point(x, y)));
    keys.insert(zobrist::white_to_move_key());
    CHECK(keys.size() == 2 * layout::max_board_size * layout::max_board_size + 1);
    CHECK(keys.count(0) == 0);
}

TEST_CASE("point sets iterate in index order", "[core]") {
    PointSet set;
    CHECK(set.empty());
    const std::vector<Point> points{Point(0, 0), Point(21, 0), Point(5, 3), Point(21, 21)};
    for (Point p : points)
        set.insert(p);
    CHECK(set.size() == 4);
    std::vector<Point> seen(set.begin(), set.end());
    std::vector<Point> expected = points;
    std::sort(expected.begin(), expected.end());
    CHECK(seen == expected);
    set.erase(Point(5, 3));
    CHECK_FALSE(set.contains(Point(5, 3)));
    CHECK(set.contains(Point(21, 21)));
    CHECK(set.size() == 3);
}

TEST_CASE("rules are chosen by name and by Gomocup number", "[core]") {
    CHECK(rule_from_string("renju")->id == RuleId::Renju);
    CHECK(*rule_from_string("k4") == RuleSpec{RuleId::KInARow, 4});
    CHECK_FALSE(rule_from_string("k7"));
    CHECK_FALSE(rule_from_string("gomoku"));
    CHECK(rule_from_string("gomoku").error().message.find("unknown rule") != std::string::npos);

    CHECK(rule_from_gomocup(0)->id == RuleId::Freestyle);
    CHECK(rule_from_gomocup(1)->id == RuleId::Standard);
    CHECK(rule_from_gomocup(2)->id == RuleId::Renju);
    CHECK(rule_from_gomocup(4)->id == RuleId::Renju);
    CHECK(rule_from_gomocup(8)->id == RuleId::Caro);
    CHECK_FALSE(rule_from_gomocup(3));
    CHECK_FALSE(rule_from_gomocup(-1));

    for (const char* name : {"freestyle", "standard", "renju", "caro", "k3", "k4", "k5", "k6"})
        CHECK(to_string(*rule_from_string(name)) == name);
    CHECK(check_rule(RuleSpec{RuleId::KInARow, 7}));
    CHECK(check_rule(RuleSpec{RuleId::Renju, 4}));
    CHECK_FALSE(check_rule(RuleSpec{RuleId::KInARow, 3}));

    const int win_length = visit_rule(RuleSpec{RuleId::KInARow, 6},
                                      [](auto tag) { return decltype(tag)::type::win_length; });
    CHECK(win_length == 6);
}

TEST_CASE("board sizes outside the supported range are refused", "[core]") {
    CHECK_THROWS_AS(Board<Freestyle>(4), std::invalid_argument);
    CHECK_THROWS_AS(Board<Renju>(23), std::invalid_argument);
    CHECK_THROWS_AS(Board<Freestyle>(15, 0), std::invalid_argument);
    CHECK(Board<Freestyle>::check_size(4, 4)->message.find("unsupported board size 4x4") == 0);
    CHECK_FALSE(Board<Freestyle>::check_size(22, 22));
    CHECK_FALSE(Board<TicTacToe>::check_size(3, 3));
    const Board<Freestyle> rectangular(20, 5);
    CHECK(rectangular.width() == 20);
    CHECK(rectangular.height() == 5);
    CHECK(rectangular.contains(Point(19, 4)));
    CHECK_FALSE(rectangular.contains(Point(19, 5)));
    CHECK_FALSE(rectangular.contains(Point::pass()));
}

TEST_CASE("Gomocup x,y moves parse and print", "[notation]") {
    CHECK(*parse_gomocup_point("7,7") == Point(7, 7));
    CHECK(*parse_gomocup_point(" 0, 14 \r") == Point(0, 14));
    CHECK(*parse_gomocup_point("21,3") == Point(21, 3));
    CHECK(to_gomocup(Point(3, 12)) == "3,12");
    for (const char* bad : {"", "7", "7,", ",7", "7;7", "-1,3", "3,-1", "a,b", "7,7,7", "1 2,3",
                            "+1,2", "1000,1", "0x1,2"}) {
        INFO("input: " << bad);
        CHECK_FALSE(parse_gomocup_point(bad));
    }
    CHECK(parse_gomocup_point("22,0").error().message.find("outside every supported board") !=
          std::string::npos);
    CHECK(parse_gomocup_point("7").error().message == "malformed move '7': expected x,y");
}

TEST_CASE("pos moves parse and print with a top-left origin", "[notation]") {
    CHECK(*parse_pos_point("h8") == Point(7, 7));
    CHECK(*parse_pos_point("a1") == Point(0, 0));
    CHECK(*parse_pos_point("o15") == Point(14, 14));
    CHECK(*parse_pos_point("i9") == Point(8, 8)); // `i` is a column like any other
    CHECK(*parse_pos_point("H8") == Point(7, 7));
    CHECK(*parse_pos_point("v22") == Point(21, 21));
    CHECK(to_pos(Point(7, 7)) == "h8");
    CHECK(to_pos(Point(9, 9)) == "j10");
    for (const char* bad :
         {"", "8", "h", "h0", "h-1", "8h", "h8x", "w1", "h23", "h8i9", "#8", "h 8"}) {
        INFO("input: " << bad);
        CHECK_FALSE(parse_pos_point(bad));
    }
}

TEST_CASE("whole games in pos form parse, print and round-trip", "[notation]") {
    const auto moves = parse_pos_moves("h8i9j10h10");
    REQUIRE(moves);
    const std::vector<Point> expected{Point(7, 7), Point(8, 8), Point(9, 9), Point(7, 9)};
    CHECK(*moves == expected);
    CHECK(to_pos(*moves) == "h8i9j10h10");
    CHECK(parse_pos_moves("")->empty());
    CHECK(parse_pos_moves("h8 i9")->size() == 2);
    CHECK_FALSE(parse_pos_moves("h8i"));
    CHECK_FALSE(parse_pos_moves("h8,i9"));
    CHECK_FALSE(parse_pos_moves("h8i0"));

    std::vector<Point> all;
    for (int y = 0; y < 22; ++y)
        for (int x = 0; x < 22; ++x)
            all.emplace_back(x, y);
    CHECK(*parse_pos_moves(to_pos(all)) == all);
    for (Point p : all)
        CHECK(*parse_gomocup_point(to_gomocup(p)) == p);
}

TEST_CASE("pos strings can count rows from the bottom, as Yixin-Board does", "[notation]") {
    const PosStyle yixin{RowOrigin::Bottom, 15};
    CHECK(*parse_pos_point("h8", yixin) == Point(7, 7)); // the centre either way
    CHECK(*parse_pos_point("a1", yixin) == Point(0, 14));
    CHECK(*parse_pos_point("o15", yixin) == Point(14, 0));
    CHECK(to_pos(Point(0, 14), yixin) == "a1");
    CHECK_FALSE(parse_pos_point("a16", yixin));
    CHECK(parse_pos_point("a16", yixin).error().message == "move 'a16' is off a board of 15 rows");
    const auto game = parse_pos_moves("h8i9j10", yixin);
    REQUIRE(game);
    CHECK(to_pos(*game) == "h8i7j6"); // the same game read from the top
    CHECK(to_pos(*game, yixin) == "h8i9j10");

    Board<Freestyle> board(15);
    CHECK_FALSE(play_pos_moves(board, "a1", RowOrigin::Bottom));
    CHECK(board.cell(Point(0, 14)) == Cell::Black);
}

TEST_CASE("parse_move checks the board and says why a move is refused", "[notation]") {
    Board<Freestyle> board(15);
    board.play(Point(7, 7));
    CHECK(*parse_move(board, "i9") == Point(8, 8));
    CHECK(*parse_move(board, "8,8") == Point(8, 8));
    CHECK(parse_move(board, "h8").error().message == "point h8 (7,7) is occupied");
    CHECK(parse_move(board, "7,7").error().message == "point h8 (7,7) is occupied");
    CHECK(parse_move(board, "p1").error().message == "point p1 (15,0) is off the 15x15 board");
    CHECK(parse_move(board, "0,15").error().message == "point a16 (0,15) is off the 15x15 board");
    CHECK_FALSE(parse_move(board, "garbage"));
    CHECK(board.stone_count() == 1);
}

TEST_CASE("play_pos_moves plays all moves or none", "[notation]") {
    Board<Standard> board(15);
    CHECK_FALSE(play_pos_moves(board, "h8i9"));
    const std::uint64_t hash = board.hash();
    const auto error = play_pos_moves(board, "j10k11h8");
    REQUIRE(error);
    CHECK(error->message == "move 3 (h8) cannot be played: occupied");
    CHECK(board.move_count() == 2);
    CHECK(board.hash() == hash);
    CHECK(play_pos_moves(board, "j10p1"));
    CHECK(play_pos_moves(board, "j10k"));
    CHECK(board.move_count() == 2);
    CHECK(to_pos(board.history()) == "h8i9");
}

TEST_CASE("boards draw as text", "[notation]") {
    Board<Freestyle> board(5);
    board.play(Point(0, 0));
    board.play(Point(4, 4));
    CHECK(to_text(board) == "    a b c d e\n"
                            "  1 X . . . .\n"
                            "  2 . . . . .\n"
                            "  3 . . . . .\n"
                            "  4 . . . . .\n"
                            "  5 . . . . O\n");
}

TEST_CASE("random text never breaks the parsers, and what parses round-trips", "[notation]") {
    std::mt19937_64 rng(5);
    const std::string alphabet = "abchijovwxyzABH0123456789,;- \t\r\n#+x";
    constexpr int samples = 20000;
    constexpr std::size_t max_length = 12;
    for (int i = 0; i < samples; ++i) {
        std::string text;
        const std::size_t length = rng() % (max_length + 1);
        for (std::size_t j = 0; j < length; ++j)
            text += alphabet[rng() % alphabet.size()];
        INFO("text: '" << text << "'");
        if (const auto p = parse_point(text)) {
            CHECK(*parse_point(to_pos(*p)) == *p);
            CHECK(*parse_point(to_gomocup(*p)) == *p);
        } else {
            CHECK_FALSE(parse_point(text).error().message.empty());
        }
        if (const auto moves = parse_pos_moves(text)) {
            CHECK(*parse_pos_moves(to_pos(*moves)) == *moves);
        }
        Board<Freestyle> board(15);
        const auto error = play_pos_moves(board, text);
        if (error)
            CHECK(board.move_count() == 0);
        CHECK_FALSE(board.verify());
    }
}

TEST_CASE("text helpers: trim, words, integers, excerpts of untrusted text", "[core]") {
    CHECK(trim(" \t a b \r\n") == "a b");
    CHECK(trim("   ").empty());
    CHECK(split_word("  INFO  rule 4 ") ==
          std::pair<std::string_view, std::string_view>{"INFO", "rule 4"});
    CHECK(split_word("END").second.empty());
    CHECK(to_upper_ascii("yxStop") == "YXSTOP");
    CHECK(to_lower_ascii("LoAd") == "load");
    CHECK(parse_integer(" -42 ") == -42);
    CHECK_FALSE(parse_integer("4 2"));
    CHECK_FALSE(parse_integer(""));
    CHECK_FALSE(parse_integer("99999999999999999999"));
    CHECK(excerpt(std::string("a\rb\0c\x1b\x7f", 7)) == "a?b?c??");
    // C1 controls in UTF-8 (U+009B is a terminal's CSI) and malformed UTF-8 are controls too;
    // well-formed characters beyond ASCII stay, and count as one character each.
    CHECK(excerpt("\xc2\x9b"
                  "2J") == "?2J");
    CHECK(excerpt("\xc2\x80\xc2\x9f\xc2\xa0") == "??\xc2\xa0");
    CHECK(excerpt("\x9b"
                  "2J") == "?2J");                // a lone C1 byte
    CHECK(excerpt("\xe2\x80") == "??");           // cut short
    CHECK(excerpt("\xc0\xaf") == "??");           // overlong '/'
    CHECK(excerpt("\xed\xa0\x80") == "???");      // a surrogate
    CHECK(excerpt("\xf4\x90\x80\x80") == "????"); // past U+10FFFF
    CHECK(excerpt("h8 \xe5\xa4\xa9\xe5\x85\x83") == "h8 \xe5\xa4\xa9\xe5\x85\x83");
    CHECK(excerpt("\xf0\x9f\x98\x80x") == "\xf0\x9f\x98\x80x");
    CHECK(excerpt("\xe5\xa4\xa9\xe5\x85\x83\xe5\xa4\xa9", 2) == "\xe5\xa4\xa9\xe5\x85\x83...");
    CHECK(excerpt("\xe5\xa4\xa9"
                  "a\x1b",
                  10, Charset::ascii) == "?a?");
    CHECK(excerpt(std::string(100, 'x'), 10) == std::string(10, 'x') + "...");
    CHECK(quoted_excerpt("h8") == "'h8'");
    CHECK(excerpt(std::string(default_excerpt_length, 'y')).size() == default_excerpt_length);
}
