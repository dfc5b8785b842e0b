// The gomoku evaluation's threat situation: the masks of concrete positions, the index, and the
// situation's value in evaluate() under each family of rules.

#include "catch.hpp"
#include "support.hpp"

#include <tengen/tengen.hpp>

#include <algorithm>
#include <random>
#include <vector>

using namespace tengen;

namespace {

/// Black h8 i8 j9 j10 and White in three corners, White to move: Black (the opponent) can make
/// open threes (g8, j8, ...) and at j8 two at once (h8 i8 j8 across, j8 j9 j10 down), no four.
constexpr const char* double_three_moves = "h8a1i8o15j9a15j10";

} // namespace

TEST_CASE("threat masks say which threats a colour can make next", "[eval]") {
    using namespace threat_bits;
    SECTION("an open two: an open three next") {
        Board<Freestyle> board(15);
        REQUIRE_FALSE(play_pos_moves(board, "h8a1i8a15"));
        CHECK(threat_mask(board, Color::Black) == open_three);
        CHECK(threat_mask(board, Color::White) == 0);
        CHECK(threat_situation(board) ==
              static_cast<std::size_t>(open_three * threat_mask_count + 0));
    }
    SECTION("an open three: an open four (winning) and a split four next") {
        Board<Freestyle> board(15);
        REQUIRE_FALSE(play_pos_moves(board, "h8a1i8a15j8o15"));
        CHECK(threat_mask(board, Color::Black) == (four | winning));
        CHECK(threat_mask(board, Color::White) == 0);
    }
    SECTION("a double three, the opponent's in the index") {
        Board<Freestyle> board(15);
        REQUIRE_FALSE(play_pos_moves(board, double_three_moves));
        REQUIRE(board.side_to_move() == Color::White);
        CHECK(threat_mask(board, Color::Black) == (open_three | double_three));
        CHECK(threat_situation(board) == static_cast<std::size_t>(open_three | double_three));
    }
    SECTION("renju: Black's double three is a foul, White's is not") {
        Board<Renju> board(15);
        REQUIRE_FALSE(play_pos_moves(board, double_three_moves));
        CHECK(threat_mask(board, Color::Black) == open_three);
        Board<Renju> white(15);
        // The same shape for White: a Black stone first, far away.
        REQUIRE_FALSE(play_pos_moves(white, "a1h8o15i8a15j9o1j10"));
        CHECK(threat_mask(white, Color::White) == (open_three | double_three));
    }
}

TEST_CASE("the evaluation adds the value of the threat situation, per family of rules", "[eval]") {
    constexpr Value marker = 1234;
    const auto check = [&](auto& board, bool renju) {
        GomokuWeights zero;
        zero.situation.fill(0);
        zero.situation_renju.fill(0);
        GomokuWeights marked = zero;
        const std::size_t index = threat_situation(board);
        (renju ? marked.situation_renju : marked.situation)[index] = marker;
        GomokuWeights other_family = zero;
        (renju ? other_family.situation : other_family.situation_renju)[index] = marker;
        const Value base = GomokuEvaluator(zero).evaluate(board);
        CHECK(GomokuEvaluator(marked).evaluate(board) == base + marker);
        CHECK(GomokuEvaluator(other_family).evaluate(board) == base);
        const Value fitted =
            renju ? situation_evaluation::renju[index] : situation_evaluation::without_fouls[index];
        CHECK(GomokuEvaluator().evaluate(board) == base + fitted);
    };
    Board<Freestyle> freestyle(15);
    REQUIRE_FALSE(play_pos_moves(freestyle, double_three_moves));
    check(freestyle, false);
    Board<Renju> renju(15);
    REQUIRE_FALSE(play_pos_moves(renju, double_three_moves));
    check(renju, true);
    Board<Standard> standard(15);
    REQUIRE_FALSE(play_pos_moves(standard, "h8a1i8a15"));
    check(standard, false);
}

TEST_CASE("the default weights hold the fitted situation tables", "[eval]") {
    const GomokuWeights w;
    CHECK(w.situation == situation_evaluation::without_fouls);
    CHECK(w.situation_renju == situation_evaluation::renju);
    // Having a double three to make, the opponent without a four to answer with, is worth
    // more than having nothing; facing one is worth less.
    using namespace threat_bits;
    const auto at = [&](int ours, int theirs) {
        return w.situation[static_cast<std::size_t>(ours * threat_mask_count + theirs)];
    };
    CHECK(at(open_three | double_three, 0) > at(0, 0));
    CHECK(at(0, open_three | double_three) < at(0, 0));
}

TEST_CASE("shape indices number the multisets of four line patterns", "[eval][shape]") {
    std::vector<bool> seen(shape_count, false);
    constexpr int top = line_pattern_count - 1;
    for (int a = 0; a <= top; ++a)
        for (int b = 0; b <= a; ++b)
            for (int c = 0; c <= b; ++c)
                for (int d = 0; d <= c; ++d) {
                    const std::array<LinePattern, 4> sorted{
                        static_cast<LinePattern>(a), static_cast<LinePattern>(b),
                        static_cast<LinePattern>(c), static_cast<LinePattern>(d)};
                    const int index = shape_index(sorted);
                    REQUIRE(index >= 0);
                    REQUIRE(index < shape_count);
                    CHECK_FALSE(seen[static_cast<std::size_t>(index)]);
                    seen[static_cast<std::size_t>(index)] = true;
                    CHECK(shape_patterns(index) == sorted);
                    // Any order of the directions gives the same shape.
                    CHECK(shape_index({sorted[2], sorted[0], sorted[3], sorted[1]}) == index);
                    const auto key = static_cast<std::uint16_t>(d | (b << pattern_bits) |
                                                                (a << (2 * pattern_bits)) |
                                                                (c << (3 * pattern_bits)));
                    CHECK(shape_of_key(key) == index);
                }
    CHECK(std::count(seen.begin(), seen.end(), true) == shape_count);
    CHECK(shape_of_key(0xFFFF) == 0);
}

TEST_CASE("the board's shapes and shape sums follow its patterns", "[eval][shape]") {
    const ShapeTable table = make_shape_table([](Color c, ShapeRole role, int shape) {
        return static_cast<Value>(shape * (c == Color::Black ? 3 : 5) +
                                  (role == ShapeRole::Mover ? 1 : 7));
    });
    Board<Renju> board(15);
    board.set_shape_table(&table);
    CHECK(board.shape_table() == &table);
    const auto from_scratch = [&](Color c, ShapeRole role) {
        Value sum = 0;
        for (Point p : board.empty_points())
            sum += table[index_of(c)][static_cast<std::size_t>(role)]
                        [static_cast<std::size_t>(shape_index(board.patterns(p, c)))];
        return sum;
    };
    const auto check_all = [&] {
        for (Point p : board.empty_points())
            for (Color c : all_colors)
                REQUIRE(board.shape(p, c) == shape_index(board.patterns(p, c)));
        for (Color c : all_colors)
            for (ShapeRole role : {ShapeRole::Mover, ShapeRole::Waiter})
                REQUIRE(board.shape_sum(c, role) == from_scratch(c, role));
        REQUIRE_FALSE(board.verify());
    };
    check_all();
    std::mt19937_64 rng(7);
    for (int ply = 0; ply < 60 && !board.result().is_over(); ++ply) {
        std::vector<Point> legal;
        for (Point p : board.candidates().empty() ? board.empty_points() : board.candidates())
            if (is_legal(board, p))
                legal.push_back(p);
        REQUIRE_FALSE(legal.empty());
        board.play(legal[rng() % legal.size()]);
        check_all();
        if (rng() % 4 == 0) {
            board.undo();
            check_all();
        }
    }
    // A clone keeps the table and the sums; without a table the sums are 0.
    const Board<Renju> copy = board.clone();
    CHECK(copy.shape_sum(Color::Black, ShapeRole::Mover) ==
          board.shape_sum(Color::Black, ShapeRole::Mover));
    board.set_shape_table(nullptr);
    CHECK(board.shape_sum(Color::White, ShapeRole::Waiter) == 0);
}

TEST_CASE("a shape table of the classes' values is the counts' evaluation", "[eval][shape]") {
    const GomokuWeights counts;
    const auto own = counts.own.by_threat();
    const auto opp = counts.opponent.by_threat();
    const auto table_of = [&](auto rule) {
        using Rule = decltype(rule);
        return make_shape_table([&](Color c, ShapeRole role, int shape) {
            const auto t =
                static_cast<std::size_t>(combine_patterns<Rule>(c, shape_patterns(shape)));
            return role == ShapeRole::Mover ? own[t] : opp[t];
        });
    };
    const ShapeTable free_table = table_of(Freestyle{});
    const ShapeTable renju_table = table_of(Renju{});
    GomokuWeights by_shapes;
    by_shapes.shapes = &free_table;
    by_shapes.shapes_renju = &renju_table;
    const auto check_games = [&](auto rule) {
        using R = decltype(rule);
        std::mt19937_64 rng(3);
        for (int g = 0; g < 4; ++g) {
            Board<R> board(15);
            Board<R> plain(15);
            GomokuGame with_table(board, by_shapes);
            REQUIRE(board.shape_table() == by_shapes.shapes_for<R>());
            const GomokuEvaluator shapes(by_shapes);
            const GomokuEvaluator classes(counts);
            for (int ply = 0; ply < 50 && !board.result().is_over(); ++ply) {
                // The board's sums, and the sums from scratch on a board without the table.
                REQUIRE(shapes.evaluate(board) == classes.evaluate(board));
                REQUIRE(shapes.evaluate(plain) == classes.evaluate(plain));
                std::vector<Point> legal;
                for (Point p :
                     board.candidates().empty() ? board.empty_points() : board.candidates())
                    if (is_legal(board, p))
                        legal.push_back(p);
                REQUIRE_FALSE(legal.empty());
                const Point p = legal[rng() % legal.size()];
                board.play(p);
                plain.play(p);
            }
        }
    };
    check_games(Freestyle{});
    check_games(Renju{});
    check_games(Standard{});
}

TEST_CASE("with_shapes holds the fitted shape tables, the counts' values elsewhere",
          "[eval][shape]") {
    const GomokuWeights w = GomokuWeights::with_shapes();
    CHECK(w.shapes == &shape_evaluation::without_fouls);
    CHECK(w.shapes_renju == &shape_evaluation::renju);
    CHECK(w.situation == GomokuWeights{}.situation);
    // Four Dead lines are worth nothing; a cell with an open three and nothing else is worth
    // something to either side, more to the side to move.
    const int open_three = shape_index(
        {LinePattern::OpenThree, LinePattern::Dead, LinePattern::Dead, LinePattern::Dead});
    for (const ShapeTable* table : {w.shapes, w.shapes_renju})
        for (Color c : all_colors) {
            const auto& values = (*table)[index_of(c)];
            CHECK(values[0][0] == 0);
            CHECK(values[1][0] == 0);
            CHECK(values[0][static_cast<std::size_t>(open_three)] > 0);
            CHECK(values[1][static_cast<std::size_t>(open_three)] > 0);
        }
    // The evaluation with the board's sums equals the one from scratch.
    Board<Freestyle> board(15);
    Board<Freestyle> plain(15);
    REQUIRE_FALSE(play_pos_moves(board, double_three_moves));
    REQUIRE_FALSE(play_pos_moves(plain, double_three_moves));
    GomokuGame game(board, w);
    CHECK(game.evaluate() == GomokuEvaluator(w).evaluate(plain));
}
