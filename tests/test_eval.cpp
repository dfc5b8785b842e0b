// The gomoku evaluation's threat situation: the masks of concrete positions, the index, and the
// situation's value in evaluate() under each family of rules.

#include "catch.hpp"
#include "support.hpp"

#include <tengen/tengen.hpp>

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
