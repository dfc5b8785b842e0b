// Line patterns and threats: golden lines from tests/data, the lookup tables against the naive
// reference on random lines, and the four-direction combination.

#include "catch.hpp"
#include "support.hpp"

#include <tengen/tengen.hpp>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace tengen;
using tengen_test::naive_rule;
using tengen_test::to_grid;

namespace {

struct GoldenLine {
    int line_number;
    std::string rule;
    Color color;
    std::string text;
    LinePattern expected;
};

std::vector<GoldenLine> load_golden_lines() {
    std::ifstream in(tengen_test::data_path("line_patterns.txt"));
    REQUIRE(in);
    std::vector<GoldenLine> lines;
    std::string raw;
    int number = 0;
    while (std::getline(in, raw)) {
        ++number;
        if (const auto hash = raw.find('#'); hash != std::string::npos)
            raw.erase(hash);
        std::istringstream fields(raw);
        std::string rule, color, text, expected;
        if (!(fields >> rule))
            continue;
        INFO("line_patterns.txt:" << number);
        REQUIRE(fields >> color >> text >> expected);
        REQUIRE((color == "black" || color == "white"));
        const auto pattern = line_pattern_from_string(expected);
        REQUIRE(pattern);
        lines.push_back(
            {number, rule, color == "black" ? Color::Black : Color::White, text, *pattern});
    }
    return lines;
}

/// Where a golden line's first cell goes and which board holds it, for one direction.
struct Placement {
    int board_size;
    Point start;
};

Placement place_line(int length, bool left_edge, bool right_edge, int star, Direction d) {
    constexpr int big = layout::max_board_size;
    constexpr int middle = big / 2;
    if (left_edge && right_edge) {
        const int n = length;
        switch (d) {
        case Direction::Horizontal:
            return {n, Point(0, n / 2)};
        case Direction::Vertical:
            return {n, Point(n / 2, 0)};
        case Direction::Diagonal:
            return {n, Point(0, 0)};
        case Direction::AntiDiagonal:
            return {n, Point(0, n - 1)};
        }
    }
    if (left_edge) {
        switch (d) {
        case Direction::Horizontal:
            return {big, Point(0, middle)};
        case Direction::Vertical:
            return {big, Point(middle, 0)};
        case Direction::Diagonal:
            return {big, Point(0, 0)};
        case Direction::AntiDiagonal:
            return {big, Point(0, big - 1)};
        }
    }
    if (right_edge) {
        const int first = big - length;
        switch (d) {
        case Direction::Horizontal:
            return {big, Point(first, middle)};
        case Direction::Vertical:
            return {big, Point(middle, first)};
        case Direction::Diagonal:
            return {big, Point(first, first)};
        case Direction::AntiDiagonal:
            return {big, Point(first, length - 1)};
        }
    }
    // No edge: the evaluated cell sits at the centre of the largest board.
    const int x0 = middle - star * dx(d);
    const int y0 = middle - star * dy(d);
    return {big, Point(x0, y0)};
}

/// Sets up `line` along `d` and returns the pattern `color` would make at `*`.
template <RulePolicy R>
LinePattern evaluate_golden(const std::string& line, Color color, Direction d) {
    const bool left_edge = !line.empty() && line.front() == '|';
    const bool right_edge = line.size() > 1 && line.back() == '|';
    const std::string cells =
        line.substr(left_edge ? 1 : 0, line.size() - (left_edge ? 1 : 0) - (right_edge ? 1 : 0));
    const int star = static_cast<int>(cells.find('*'));
    REQUIRE(star >= 0);
    const int length = static_cast<int>(cells.size());
    const Placement at = place_line(length, left_edge, right_edge, star, d);
    Board<R> board(at.board_size);
    Point target;
    for (int i = 0; i < length; ++i) {
        const int x = at.start.x() + i * dx(d);
        const int y = at.start.y() + i * dy(d);
        REQUIRE(board.contains(x, y));
        const Point p(x, y);
        switch (cells[static_cast<std::size_t>(i)]) {
        case 'X':
            board.put(p, color);
            break;
        case 'O':
            board.put(p, opponent(color));
            break;
        case '*':
            target = p;
            break;
        case '.':
            break;
        default:
            FAIL("unexpected character in golden line " << line);
        }
    }
    REQUIRE_FALSE(board.verify());
    return board.pattern(target, d, color);
}

template <RulePolicy R> void check_golden(const GoldenLine& golden) {
    for (Direction d : all_directions) {
        INFO("line_patterns.txt:" << golden.line_number << " " << golden.text << " direction "
                                  << static_cast<int>(d));
        CHECK(to_string(evaluate_golden<R>(golden.text, golden.color, d)) ==
              to_string(golden.expected));
        if constexpr (!R::has_forbidden_moves) {
            CHECK(to_string(evaluate_golden<R>(golden.text, opponent(golden.color), d)) ==
                  to_string(golden.expected));
        }
    }
}

} // namespace

TEST_CASE("golden line patterns", "[pattern]") {
    const auto lines = load_golden_lines();
    CHECK(lines.size() >= 80);
    for (const auto& golden : lines) {
        const auto rule = rule_from_string(golden.rule);
        INFO("line_patterns.txt:" << golden.line_number);
        REQUIRE(rule);
        // For the colour swap the X stones simply change colour: the text's X is always the
        // colour evaluated.
        visit_rule(*rule, [&](auto tag) { check_golden<typename decltype(tag)::type>(golden); });
    }
}

namespace {

/// Random lines: stones only within the pattern window of the evaluated cell (beyond it the
/// window and a whole-line reading agree), the cell anywhere on a 22x22 board so that edges
/// fall at every distance. Compares both colours with the naive reference.
template <RulePolicy R> void compare_random_lines(int samples, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    Board<R> board(layout::max_board_size);
    const auto rule = naive_rule<R>();
    for (int sample = 0; sample < samples; ++sample) {
        const Direction d = all_directions[rng() % all_directions.size()];
        const Point target(static_cast<int>(rng() % layout::max_board_size),
                           static_cast<int>(rng() % layout::max_board_size));
        // Dense lines reach the strong patterns; sparse ones the twos and ones.
        const unsigned density = 2 + static_cast<unsigned>(rng() % 5);
        for (int step = -pattern_half_window; step <= pattern_half_window; ++step) {
            const int x = target.x() + step * dx(d);
            const int y = target.y() + step * dy(d);
            if (step == 0 || !board.contains(x, y) || rng() % 8 >= density)
                continue;
            board.put(Point(x, y), rng() % 3 == 0 ? Color::White : Color::Black);
        }
        const auto grid = to_grid(board);
        for (Color c : all_colors) {
            const std::string expected = tengen_test::naive::line_pattern(
                grid, target.x(), target.y(), dx(d), dy(d), tengen_test::stone_char(c), rule);
            INFO(to_text(board) << "cell " << to_pos(target) << " direction " << static_cast<int>(d)
                                << " colour " << to_string(c));
            REQUIRE(std::string(to_string(board.pattern(target, d, c))) == expected);
        }
        while (board.move_count() > 0)
            board.undo();
    }
}

} // namespace

TEMPLATE_TEST_CASE("pattern tables agree with the naive reference on random lines", "[pattern]",
                   Freestyle, Standard, Renju, Caro, KInARow<3>, KInARow<4>, KInARow<6>) {
    constexpr int samples = tengen_test::samples_for_build(800);
    compare_random_lines<TestType>(samples, 42);
}

TEMPLATE_TEST_CASE("pattern tables agree with the naive reference on many random lines", "[.slow]",
                   Freestyle, Standard, Renju, Caro, KInARow<3>, KInARow<4>, KInARow<6>) {
    constexpr int samples = 10000;
    compare_random_lines<TestType>(samples, 4242);
}

TEMPLATE_TEST_CASE("a play looks only as far as the rule's patterns reach", "[pattern]", Freestyle,
                   Standard, Renju, Caro, KInARow<3>, KInARow<4>, KInARow<6>) {
    // The reach derived from the rule's judge is the one its tables show.
    CHECK(detail::measured_pattern_reach(rule_tables<TestType>().line) == pattern_reach<TestType>);
}

TEMPLATE_TEST_CASE("the board's line table agrees with the full one on every reachable window",
                   "[pattern]", Freestyle, Standard, Renju, Caro, KInARow<3>, KInARow<4>,
                   KInARow<6>) {
    const RuleTables& tables = rule_tables<TestType>();
    constexpr int half = line_key_half<TestType>;
    CHECK(tables.near_line.size() ==
          (half < pattern_half_window ? std::size_t{1} << (2 * half * cell_bits) : 0));
    const std::uint8_t* board_line = tables.board_line();
    std::size_t differing = 0;
    for (const Window& w : detail::reachable_windows())
        if (board_line[key_of<half>(w)] != tables.line[key_of(w)])
            ++differing;
    CHECK(differing == 0);
}

TEST_CASE("freestyle's board reads a line table of four cells a side", "[pattern]") {
    STATIC_REQUIRE(line_key_half<Freestyle> == 4);
    STATIC_REQUIRE(line_key_half<Renju> == pattern_half_window);
    CHECK(rule_tables<Freestyle>().near_line.size() == std::size_t{1} << 16);
    CHECK(rule_tables<Renju>().near_line.empty());
}

TEST_CASE("where k or more wins, patterns reach k - 1 cells; elsewhere the half-window",
          "[pattern]") {
    STATIC_REQUIRE(pattern_reach<Freestyle> == 4);
    STATIC_REQUIRE(pattern_reach<KInARow<3>> == 2);
    STATIC_REQUIRE(pattern_reach<KInARow<4>> == 3);
    STATIC_REQUIRE(pattern_reach<KInARow<6>> == 5);
    STATIC_REQUIRE(pattern_reach<Standard> == pattern_half_window);
    STATIC_REQUIRE(pattern_reach<Renju> == pattern_half_window);
    STATIC_REQUIRE(pattern_reach<Caro> == pattern_half_window);
}

TEST_CASE("four directions combine into threats", "[pattern]") {
    using LP = LinePattern;
    const auto combine = [](Color c, LP a, LP b, LP e = LP::Dead, LP f = LP::Dead) {
        return combine_patterns<Renju>(c, {a, b, e, f});
    };
    const auto free_combine = [](LP a, LP b, LP e = LP::Dead, LP f = LP::Dead) {
        return combine_patterns<Freestyle>(Color::Black, {a, b, e, f});
    };
    CHECK(free_combine(LP::Five, LP::Overline) == Threat::Five);
    CHECK(free_combine(LP::OpenFour, LP::Four) == Threat::OpenFour);
    CHECK(free_combine(LP::Four, LP::Four) == Threat::DoubleFour);
    CHECK(free_combine(LP::DoubleFour, LP::One) == Threat::DoubleFour);
    CHECK(free_combine(LP::Four, LP::OpenThree) == Threat::FourThree);
    CHECK(free_combine(LP::Four, LP::ClosedThree) == Threat::Four);
    CHECK(free_combine(LP::OpenThree, LP::OpenThree, LP::OpenThree) == Threat::DoubleThree);
    CHECK(free_combine(LP::OpenThree, LP::ClosedThree) == Threat::OpenThree);
    CHECK(free_combine(LP::ClosedThree, LP::OpenTwo) == Threat::ClosedThree);
    CHECK(free_combine(LP::OpenTwo, LP::OpenTwo) == Threat::DoubleTwo);
    CHECK(free_combine(LP::OpenTwo, LP::ClosedTwo) == Threat::OpenTwo);
    CHECK(free_combine(LP::ClosedTwo, LP::One) == Threat::ClosedTwo);
    CHECK(free_combine(LP::One, LP::Overline) == Threat::None);

    // Renju: Black's overline and double-four are fouls unless a five comes with them.
    CHECK(combine(Color::Black, LP::Overline, LP::OpenThree) == Threat::Forbidden);
    CHECK(combine(Color::Black, LP::Four, LP::Four) == Threat::Forbidden);
    CHECK(combine(Color::Black, LP::DoubleFour, LP::Dead) == Threat::Forbidden);
    CHECK(combine(Color::Black, LP::OpenFour, LP::Four) == Threat::Forbidden);
    CHECK(combine(Color::Black, LP::Five, LP::Overline) == Threat::Five);
    CHECK(combine(Color::Black, LP::Five, LP::Four, LP::Four) == Threat::Five);
    CHECK(combine(Color::Black, LP::OpenFour, LP::OpenThree) == Threat::OpenFour);
    CHECK(combine(Color::White, LP::Four, LP::Four) == Threat::DoubleFour);
    CHECK(combine(Color::White, LP::Overline, LP::OpenThree) == Threat::OpenThree);
}

TEST_CASE("line keys are read from the packed line around a position", "[pattern]") {
    // A packed line holding, at positions 10..20, the cells of one window.
    Window w{};
    for (std::size_t i = 0; i < w.size(); ++i)
        w[i] = static_cast<Cell>(i % 4);
    w[pattern_half_window] = Cell::Empty;
    std::uint64_t line = ~std::uint64_t{0};
    constexpr int centre = 15;
    for (int i = 0; i < pattern_window_cells; ++i) {
        const int pos = centre - pattern_half_window + i;
        line &= ~(std::uint64_t{3} << (2 * pos));
        line |= static_cast<std::uint64_t>(w[static_cast<std::size_t>(i)]) << (2 * pos);
    }
    CHECK(window_key(line, centre) == key_of(w));
    CHECK(window_key<4>(line, centre) == key_of<4>(w));
    CHECK(window_key<2>(line, centre) == key_of<2>(w));
    // The centre cell's own content never enters the key.
    line |= std::uint64_t{1} << (2 * centre);
    CHECK(window_key(line, centre) == key_of(w));
    CHECK(window_key<4>(line, centre) == key_of<4>(w));
}
