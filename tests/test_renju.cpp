// Renju fouls: hand-checked positions from tests/data under all eight board symmetries, the game
// results they lead to, and random positions against the naive RIF reference.

#include "catch.hpp"
#include "support.hpp"

#include <tengen/tengen.hpp>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace tengen;
using tengen_test::to_grid;

namespace {

struct RenjuCase {
    int line_number;
    std::vector<Point> black;
    std::vector<Point> white;
    Point point;
    std::string expected; ///< five, overline, double-four, double-three or legal
    std::string comment;
};

std::vector<std::string> split(const std::string& s, char separator) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(s);
    while (std::getline(in, part, separator))
        parts.push_back(part);
    return parts;
}

std::string trimmed(const std::string& s) {
    const auto first = s.find_first_not_of(" \t\r");
    if (first == std::string::npos)
        return "";
    return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

std::vector<Point> parse_stones(const std::string& field) {
    std::vector<Point> stones;
    std::istringstream in(field);
    std::string word;
    while (in >> word) {
        if (word == "-")
            continue;
        const auto p = parse_pos_point(word);
        INFO("stone " << word);
        REQUIRE(p);
        stones.push_back(*p);
    }
    return stones;
}

std::vector<RenjuCase> load_renju_cases() {
    std::ifstream in(tengen_test::data_path("renju_positions.txt"));
    REQUIRE(in);
    std::vector<RenjuCase> cases;
    std::string raw;
    int number = 0;
    while (std::getline(in, raw)) {
        ++number;
        if (trimmed(raw).empty() || trimmed(raw)[0] == '#')
            continue;
        INFO("renju_positions.txt:" << number);
        const auto fields = split(raw, '|');
        REQUIRE(fields.size() >= 4);
        const auto point = parse_pos_point(trimmed(fields[2]));
        REQUIRE(point);
        cases.push_back({number, parse_stones(fields[0]), parse_stones(fields[1]), *point,
                         trimmed(fields[3]), fields.size() > 4 ? trimmed(fields[4]) : ""});
    }
    return cases;
}

/// One of the eight symmetries of a square board of side `n`.
Point transform(Point p, int symmetry, int n) {
    int x = p.x(), y = p.y();
    if (symmetry & 1)
        x = n - 1 - x;
    if (symmetry & 2)
        y = n - 1 - y;
    if (symmetry & 4)
        std::swap(x, y);
    return Point(x, y);
}

ForbiddenKind expected_kind(const std::string& expected) {
    if (expected == "overline")
        return ForbiddenKind::Overline;
    if (expected == "double-four")
        return ForbiddenKind::DoubleFour;
    if (expected == "double-three")
        return ForbiddenKind::DoubleThree;
    return ForbiddenKind::None;
}

/// Sets up a case (stones put in any order: fouls depend only on the stones).
Board<Renju> set_up(const RenjuCase& c, int symmetry) {
    constexpr int size = 15;
    Board<Renju> board(size);
    for (Point p : c.black)
        board.put(transform(p, symmetry, size), Color::Black);
    for (Point p : c.white)
        board.put(transform(p, symmetry, size), Color::White);
    return board;
}

} // namespace

TEST_CASE("hand-checked renju positions under all symmetries", "[renju]") {
    const auto cases = load_renju_cases();
    CHECK(cases.size() >= 40);
    constexpr int symmetries = 8;
    for (const auto& c : cases) {
        for (int symmetry = 0; symmetry < symmetries; ++symmetry) {
            INFO("renju_positions.txt:" << c.line_number << " (" << c.comment << ") symmetry "
                                        << symmetry);
            Board<Renju> board = set_up(c, symmetry);
            const Point p = transform(c.point, symmetry, 15);
            REQUIRE(board.is_empty(p));
            CHECK(to_string(board.forbidden_kind(p)) == to_string(expected_kind(c.expected)));
            CHECK((board.threat(p, Color::Black) == Threat::Five) == (c.expected == "five"));
            REQUIRE_FALSE(board.verify()); // the check put stones back exactly

            // Black playing there: a five wins, a foul loses, anything else goes on.
            if (board.side_to_move() != Color::Black)
                board.pass();
            const std::uint64_t hash = board.hash();
            board.play(p);
            const GameResult result = board.result();
            if (c.expected == "five") {
                CHECK(result == GameResult{Color::Black, EndReason::Five});
            } else if (c.expected == "legal") {
                CHECK_FALSE(result.is_over());
            } else {
                CHECK(result.winner == Color::White);
                CHECK(result.reason == end_reason_of(expected_kind(c.expected)));
            }
            board.undo();
            CHECK(board.hash() == hash);
        }
    }
}

TEST_CASE("the docs/rules.md worked examples", "[renju]") {
    // Classic coordinates (rows from the bottom) mirrored to pos strings: row r -> 16 - r.
    struct Example {
        const char* black;
        const char* white;
        ForbiddenKind kind;
        bool five;
    };
    const Example examples[] = {
        {"h7 g8 i8 h9", "", ForbiddenKind::DoubleThree, false},
        {"f10 h10 e11 h11", "", ForbiddenKind::DoubleThree, false},
        {"h7 g8 i8 h9", "e8 k8", ForbiddenKind::None, false},
        {"f8 g8 i8 j8", "", ForbiddenKind::None, true},
        {"e8 f8 j8 k8", "", ForbiddenKind::None, false},
        {"e8 g8 i8 k8", "", ForbiddenKind::DoubleFour, false},
        {"c8 d8 e8 f8 j8 k8 l8 m8", "", ForbiddenKind::None, false},
    };
    for (const auto& e : examples) {
        INFO("black " << e.black << " white " << e.white);
        Board<Renju> board(15);
        for (Point p : parse_stones(e.black))
            board.put(p, Color::Black);
        for (Point p : parse_stones(e.white))
            board.put(p, Color::White);
        const Point h8 = *parse_pos_point("h8");
        CHECK(board.forbidden_kind(h8) == e.kind);
        CHECK((board.threat(h8, Color::Black) == Threat::Five) == e.five);
    }
}

namespace {

Board<Renju> renju_board(const char* black, const char* white) {
    Board<Renju> board(15);
    for (Point p : parse_stones(black))
        board.put(p, Color::Black);
    for (Point p : parse_stones(white))
        board.put(p, Color::White);
    return board;
}

} // namespace

// tengen's documented choice (docs/design.md, "Renju fouls"): a three's straight-four point that
// makes an exact five on another line is not forbidden (RIF 9.2), so the three is real. The other
// reading, Rapfi's, discards such a three. Both positions need a black four on the board (the five
// at the three's point completes it); neither h8 makes a five. Diagrams use top-origin rows, as pos
// strings do; * is the point judged.
TEST_CASE("a three whose straight-four point makes a five elsewhere is real (RIF 9.2)", "[renju]") {
    const Point h8 = *parse_pos_point("h8");

    SECTION("a double-three only because of such a three") {
        //      e f g h i j k
        //   3  . . . . . O .
        //   4  . . . . . X .
        //   5  . . . . . X .
        //   6  . . . X . X .
        //   7  . . . X . X .
        //   8  O . X * X . .
        // h8 makes the column three h6 h7 h8 (h5, h9 plain) and the row three g8 h8 i8, whose
        // only straight-four point is j8 (f8 gives e8 O, so no straight four). j8 also completes
        // the column five j4..j8: not forbidden, so the row is a three and h8 a double-three.
        // The other reading counts one three: legal.
        Board<Renju> board = renju_board("g8 i8 h6 h7 j4 j5 j6 j7", "e8 j3");
        const Point j8 = *parse_pos_point("j8");
        CHECK(board.threat(h8, Color::Black) != Threat::Five);
        CHECK(board.threat(j8, Color::Black) == Threat::Five);
        CHECK(board.forbidden_kind(h8) == ForbiddenKind::DoubleThree);

        // j8 as a double-four too (row straight four and "\" h6 . j8 k9 l10): the five still
        // wins, as in quintet's PR #124. Without the column four it would be a double-four.
        Board<Renju> deeper = renju_board("g8 i8 h6 h7 j4 j5 j6 j7 k9 l10", "e8 j3");
        CHECK(deeper.forbidden_kind(h8) == ForbiddenKind::DoubleThree);
        deeper.put(h8, Color::Black);
        CHECK(deeper.threat(j8, Color::Black) == Threat::Five);
        Board<Renju> no_five = renju_board("g8 h8 i8 h6 h7 k9 l10", "e8 j3");
        CHECK(no_five.forbidden_kind(j8) == ForbiddenKind::DoubleFour);
    }

    SECTION("legal only because a deeper straight-four point is a double-three for that reason") {
        //      f g h i j k l m n o
        //   6  . . X . . . . . . .
        //   7  . . X . . . X X X X
        //   8  O . * X X . . . . .
        //   9  . . . . . X X . . .
        //  10  . . . . . X . X . .
        //  11  . . . . . . . . . .
        //  12  . . . . . O . . . .
        // h8 makes the column three h6 h7 h8 and the row three h8 i8 j8, whose only straight-four
        // point is k8 (g8 gives f8 O). With h8 on the board, k8 makes the row straight four, the
        // "\" three k8 l9 m10 and the column three k8 k9 k10, whose only straight-four point is
        // k7 (k11 gives k12 O). k7 completes the row five k7..o7: not forbidden, so the column is
        // a three, k8 a four-three-three (a double-three), the row through h8 no three, and h8
        // legal. The other reading makes k8 a four-three, the row a three and h8 a double-three.
        Board<Renju> board = renju_board("h6 h7 i8 j8 k9 k10 l9 m10 l7 m7 n7 o7", "f8 k12");
        const Point k8 = *parse_pos_point("k8");
        const Point k7 = *parse_pos_point("k7");
        CHECK(board.threat(h8, Color::Black) != Threat::Five);
        CHECK(board.forbidden_kind(h8) == ForbiddenKind::None);
        board.put(h8, Color::Black);
        CHECK(board.threat(k7, Color::Black) == Threat::Five);
        CHECK(board.forbidden_kind(k8) == ForbiddenKind::DoubleThree);

        // A white stone on k7 kills k8's column three: k8 is a four-three, and h8 a double-three.
        Board<Renju> control = renju_board("h6 h7 i8 j8 k9 k10 l9 m10 l7 m7 n7 o7", "f8 k12 k7");
        CHECK(control.forbidden_kind(h8) == ForbiddenKind::DoubleThree);
    }
}

TEST_CASE("forbidden points are listed, only for renju and only where Black may not play",
          "[renju]") {
    Board<Renju> board(15);
    for (Point p : parse_stones("h7 g8 i8 h9"))
        board.put(p, Color::Black);
    const auto forbidden = board.forbidden_points();
    REQUIRE(forbidden.size() >= 1);
    CHECK(std::find(forbidden.begin(), forbidden.end(), *parse_pos_point("h8")) != forbidden.end());
    for (Point p : forbidden)
        CHECK(board.is_forbidden(p));
    CHECK_FALSE(board.is_forbidden(*parse_pos_point("h7"))); // occupied
    CHECK_FALSE(board.is_forbidden(Point(15, 15)));          // off the board

    // The same stones under freestyle: nothing is forbidden.
    Board<Freestyle> free(15);
    for (Point p : parse_stones("h7 g8 i8 h9"))
        free.put(p, Color::Black);
    CHECK(free.forbidden_points().empty());
    CHECK(free.threat(*parse_pos_point("h8"), Color::Black) == Threat::DoubleThree);
}

namespace {

/// Random positions dense in black stones, where fouls and recursive threes are common; every
/// empty cell near the stones is compared with the naive RIF check.
void compare_random_positions(int positions, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    constexpr int size = 15;
    constexpr int region = 9; // stones fall in the central 9x9 square
    constexpr int offset = (size - region) / 2;
    for (int n = 0; n < positions; ++n) {
        Board<Renju> board(size);
        const int stones = 8 + static_cast<int>(rng() % 20);
        for (int i = 0; i < stones; ++i) {
            const Point p(offset + static_cast<int>(rng() % region),
                          offset + static_cast<int>(rng() % region));
            if (!board.is_empty(p))
                continue;
            board.put(p, rng() % 3 == 0 ? Color::White : Color::Black);
        }
        const auto grid = to_grid(board);
        std::vector<Point> expected_list;
        for (Point p : board.points()) {
            if (!board.is_empty(p))
                continue;
            const std::string expected = tengen_test::naive::renju_classify(grid, p.x(), p.y());
            const ForbiddenKind kind = board.forbidden_kind(p);
            INFO(to_text(board) << "point " << to_pos(p));
            REQUIRE(std::string(to_string(kind)) ==
                    std::string(to_string(expected_kind(expected))));
            if (kind != ForbiddenKind::None)
                expected_list.push_back(p);
        }
        CHECK(board.forbidden_points() == expected_list);
        REQUIRE_FALSE(board.verify());
    }
}

} // namespace

TEST_CASE("renju fouls agree with the naive RIF reference on random positions", "[renju]") {
    constexpr int positions = 150;
    compare_random_positions(positions, 99);
}

TEST_CASE("renju fouls agree with the naive RIF reference on many random positions", "[.slow]") {
    constexpr int positions = 20000;
    compare_random_positions(positions, 12345);
}
