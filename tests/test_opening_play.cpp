// The engine's opening play (engine/opening_play.hpp): the balance searches against the searches
// they are built from, and the decisions of swap2 and Taraguchi-10, legal, consistent with the
// values that decided them and leaving the board as it was.

#include "catch.hpp"

#include <tengen/tengen.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

using namespace tengen;

namespace {

AnyBoard board_of(RuleSpec rule, std::string_view moves, int size = 15) {
    auto created = AnyBoard::create(rule, size);
    REQUIRE(created);
    AnyBoard board = std::move(created).value();
    REQUIRE_FALSE(play_pos_moves(board, moves));
    return board;
}

/// Searches bounded by depth alone, so that every run (and a fresh searcher) sees the same.
SearchLimits depth_limits(int depth) {
    SearchLimits limits;
    limits.max_depth = depth;
    return limits;
}

constexpr int shallow = 2;

/// Balance options aiming at `bias`, without the verifying searches unless `verified` says.
BalanceOptions with_bias(Value bias,
                         std::size_t first_candidates = BalanceOptions{}.first_candidates,
                         std::size_t verified = 0) {
    BalanceOptions options;
    options.bias = bias;
    options.first_candidates = first_candidates;
    options.verified_candidates = verified;
    return options;
}

} // namespace

TEST_CASE("balance_one: the move whose searched value is nearest the bias", "[engine]") {
    for (const Value bias : {Value{0}, Value{150}, Value{-150}}) {
        INFO("bias " << bias);
        AnyBoard board = board_of(RuleSpec{RuleId::Freestyle}, "h8i9g9h10");
        GomokuSearcher searcher;
        const BalanceResult found =
            balance_one(searcher, board, depth_limits(shallow), with_bias(bias));
        CHECK(to_pos(board.history()) == "h8i9g9h10");
        REQUIRE(found.moves.size() == 1);
        CHECK(board.check_move(found.moves[0]) == MoveError::None);
        // Every line of the same multi-PV search, from a fresh searcher, is as far or farther.
        GomokuSearcher fresh;
        const auto lines =
            fresh.search_lines(board, depth_limits(shallow), static_cast<std::size_t>(225));
        const auto distance = [bias](Value v) { return std::abs(v - bias); };
        bool found_line = false;
        for (const auto& line : lines) {
            if (!line.best_move || is_decisive(line.value))
                continue;
            CHECK(distance(found.value) <= distance(line.value));
            if (*line.best_move == found.moves[0]) {
                found_line = true;
                CHECK(line.value == found.value);
            }
        }
        CHECK(found_line);
    }
}

TEST_CASE("balance_two: one candidate is balance_one twice", "[engine]") {
    // With one first stone weighed, the pair is balance_one's move and then balance_one's reply
    // aimed at the negated bias.
    const Value bias = 40;
    AnyBoard board = board_of(RuleSpec{RuleId::Standard}, "h8i9g9");
    GomokuSearcher searcher;
    const BalanceResult two =
        balance_two(searcher, board, depth_limits(shallow), with_bias(bias, 1));
    CHECK(to_pos(board.history()) == "h8i9g9");
    REQUIRE(two.moves.size() == 2);

    GomokuSearcher fresh;
    const BalanceResult first = balance_one(fresh, board, depth_limits(shallow), with_bias(bias));
    REQUIRE(first.moves.size() == 1);
    CHECK(two.moves[0] == first.moves[0]);
    REQUIRE(board.try_play(first.moves[0]) == MoveError::None);
    const BalanceResult reply = balance_one(fresh, board, depth_limits(shallow), with_bias(-bias));
    REQUIRE(reply.moves.size() == 1);
    CHECK(two.moves[1] == reply.moves[0]);
    CHECK(two.value == -reply.value);
    // The pair is legal and leaves the game going.
    REQUIRE(board.try_play(two.moves[1]) == MoveError::None);
    CHECK_FALSE(board.result().is_over());
}

TEST_CASE("balance searches: the nearest few searched again decide", "[engine]") {
    // With verification the answer is one of the nearest `verified` answers of the searches of
    // every move, its value the one a search of the position after it gives.
    constexpr std::size_t verified = 3;
    const SearchLimits limits = depth_limits(shallow);
    AnyBoard board = board_of(RuleSpec{RuleId::Freestyle}, "h8i9g9h10");

    GomokuSearcher plain_searcher;
    std::vector<SearchResult<Point>> lines =
        plain_searcher.search_lines(board, limits, static_cast<std::size_t>(225));
    std::erase_if(lines, [](const auto& l) { return !l.best_move; });
    std::stable_sort(lines.begin(), lines.end(), [](const auto& a, const auto& b) {
        const auto far = [](Value v) { return is_decisive(v) ? value_infinite : std::abs(v); };
        return far(a.value) < far(b.value);
    });
    REQUIRE(lines.size() >= verified);
    GomokuSearcher searcher;
    const BalanceResult one = balance_one(searcher, board, limits, with_bias(0, 4, verified));
    REQUIRE(one.moves.size() == 1);
    CHECK(std::any_of(lines.begin(), lines.begin() + verified,
                      [&](const auto& l) { return *l.best_move == one.moves[0]; }));
    CHECK(to_pos(board.history()) == "h8i9g9h10");
    // Its value is the search's of the position after the move, negated.
    REQUIRE(board.try_play(one.moves[0]) == MoveError::None);
    GomokuSearcher again;
    CHECK(one.value == -again.search(board, limits).value);
    REQUIRE(board.try_undo());

    const BalanceResult unverified = balance_two(searcher, board, limits, with_bias(0, 2, 0));
    const BalanceResult two = balance_two(searcher, board, limits, with_bias(0, 2, verified));
    REQUIRE(unverified.moves.size() == 2);
    REQUIRE(two.moves.size() == 2);
    CHECK(std::abs(two.value) < value_known_win);
    AnyBoard after = board.clone();
    REQUIRE(after.try_play(two.moves[0]) == MoveError::None);
    REQUIRE(after.try_play(two.moves[1]) == MoveError::None);
    CHECK_FALSE(after.result().is_over());
    GomokuSearcher judge;
    CHECK(two.value == judge.search(after, limits).value);
    CHECK(to_pos(board.history()) == "h8i9g9h10");
}

TEST_CASE("balance searches: excluded points, finished games", "[engine]") {
    AnyBoard board = board_of(RuleSpec{RuleId::Renju}, "h8i9g9h10");
    GomokuSearcher searcher;
    const BalanceResult free = balance_one(searcher, board, depth_limits(shallow));
    REQUIRE(free.moves.size() == 1);
    BalanceOptions options;
    options.excluded = {free.moves[0]};
    const BalanceResult other = balance_one(searcher, board, depth_limits(shallow), options);
    REQUIRE(other.moves.size() == 1);
    CHECK(other.moves[0] != free.moves[0]);
    const BalanceResult two = balance_two(searcher, board, depth_limits(shallow), options);
    REQUIRE(two.moves.size() == 2);
    CHECK(std::find(two.moves.begin(), two.moves.end(), free.moves[0]) == two.moves.end());
    CHECK(to_pos(board.history()) == "h8i9g9h10");

    AnyBoard over = board_of(RuleSpec{RuleId::Freestyle}, "h8a1h9a2h10a3h11a4h12");
    REQUIRE(over.result().is_over());
    CHECK(balance_one(searcher, over, depth_limits(shallow)).moves.empty());
    CHECK(balance_two(searcher, over, depth_limits(shallow)).moves.empty());
}

TEST_CASE("swap2: three stones proposed around the centre, balanced for White", "[engine]") {
    for (const RuleSpec rule : {RuleSpec{RuleId::Freestyle}, RuleSpec{RuleId::Caro}}) {
        INFO(to_string(rule));
        AnyBoard board = board_of(rule, "");
        GomokuSearcher searcher;
        const auto proposed = swap2_opening(searcher, board, depth_limits(shallow));
        REQUIRE(proposed);
        CHECK(board.history().empty());
        REQUIRE(proposed->size() == 3);
        CHECK((*proposed)[0] == Point(7, 7));
        const std::set<Point> distinct(proposed->begin(), proposed->end());
        CHECK(distinct.size() == 3);
        for (const Point p : *proposed)
            CHECK(board.try_play(p) == MoveError::None);
        CHECK_FALSE(board.result().is_over());
        CHECK(board.side_to_move() == Color::White);
    }
    GomokuSearcher searcher;
    AnyBoard started = board_of(RuleSpec{RuleId::Freestyle}, "h8");
    const auto refused = swap2_opening(searcher, started, depth_limits(shallow));
    REQUIRE_FALSE(refused);
    CHECK(refused.error().message.find("empty board") != std::string::npos);
    CHECK(to_pos(started.history()) == "h8");
    AnyBoard tiny = board_of(RuleSpec{RuleId::Freestyle}, "", 5);
    CHECK(swap2_opening(searcher, tiny, depth_limits(shallow)));
}

TEST_CASE("swap2: the second player's choice follows White's value", "[engine]") {
    // Black's two stones side by side with White's far off: Black is ahead.
    AnyBoard black_ahead = board_of(RuleSpec{RuleId::Freestyle}, "h8a1i8");
    // White's stone among Black's scattered ones, next to the centre: nearer level.
    AnyBoard level = board_of(RuleSpec{RuleId::Freestyle}, "h8i9j7");
    for (AnyBoard* board : {&black_ahead, &level}) {
        const std::string before = to_pos(board->history());
        INFO(before);
        GomokuSearcher judge;
        const Value white = judge.choose(*board, depth_limits(shallow)).value;
        for (const Value within : {Value{-1}, Value{80}, Value{100'000}}) {
            INFO("place_two_within " << within);
            GomokuSearcher searcher;
            const auto decided =
                swap2_second(searcher, *board, depth_limits(shallow),
                             Swap2Options{.place_two_within = within, .judge_share = 0.4});
            REQUIRE(decided);
            CHECK(to_pos(board->history()) == before);
            switch (decided->choice) {
            case Swap2Choice::TakeBlack:
                CHECK(white < -within);
                CHECK(decided->moves.empty());
                break;
            case Swap2Choice::TakeWhite:
                CHECK(white > within);
                REQUIRE(decided->moves.size() == 1);
                CHECK(board->check_move(decided->moves[0]) == MoveError::None);
                break;
            case Swap2Choice::PlaceTwo: {
                CHECK(std::abs(white) <= within);
                REQUIRE(decided->moves.size() == 2);
                AnyBoard after = board->clone();
                CHECK(after.try_play(decided->moves[0]) == MoveError::None);
                CHECK(after.try_play(decided->moves[1]) == MoveError::None);
                CHECK_FALSE(after.result().is_over());
                break;
            }
            }
            if (within == 100'000)
                CHECK(decided->choice == Swap2Choice::PlaceTwo);
            if (within == -1)
                CHECK(decided->choice != Swap2Choice::PlaceTwo);
        }
    }
    GomokuSearcher searcher;
    const auto ahead = swap2_second(searcher, black_ahead, depth_limits(shallow));
    REQUIRE(ahead);
    CHECK(ahead->choice == Swap2Choice::TakeBlack);
    CHECK(to_string(ahead->choice) == "take black");
}

TEST_CASE("swap2: the first player's choice after two more stones", "[engine]") {
    GomokuSearcher searcher;
    // Black's open three on five stones: White, to move, is worse off.
    AnyBoard black_ahead = board_of(RuleSpec{RuleId::Freestyle}, "h8a1i8a15j8");
    const auto take_black = swap2_final(searcher, black_ahead, depth_limits(shallow));
    REQUIRE(take_black);
    CHECK(take_black->choice == Swap2Choice::TakeBlack);
    CHECK(take_black->value < 0);
    // White's two stones side by side, to move, against Black's in the corners: White is ahead.
    AnyBoard white_ahead = board_of(RuleSpec{RuleId::Freestyle}, "a1h8o1i8o15");
    const auto take_white = swap2_final(searcher, white_ahead, depth_limits(shallow));
    REQUIRE(take_white);
    CHECK(take_white->choice == Swap2Choice::TakeWhite);
    REQUIRE(take_white->moves.size() == 1);
    CHECK(white_ahead.check_move(take_white->moves[0]) == MoveError::None);
    CHECK(to_pos(white_ahead.history()) == "a1h8o1i8o15");

    // Wrong stone counts are refused and change nothing.
    AnyBoard three = board_of(RuleSpec{RuleId::Freestyle}, "h8i9j7");
    CHECK_FALSE(swap2_final(searcher, three, depth_limits(shallow)));
    AnyBoard five = board_of(RuleSpec{RuleId::Freestyle}, "h8a1i8a15j8");
    CHECK_FALSE(swap2_second(searcher, five, depth_limits(shallow)));
    CHECK(to_pos(five.history()) == "h8a1i8a15j8");
}

TEST_CASE("Taraguchi-10: each stone within its central square, balanced", "[engine]") {
    constexpr RuleSpec renju{RuleId::Renju};
    GomokuSearcher searcher;
    AnyBoard board = board_of(renju, "");
    for (int stone = 1; stone <= taraguchi_placed_stones; ++stone) {
        INFO("stone " << stone);
        const std::string before = to_pos(board.history());
        const auto placed = taraguchi_stone(searcher, board, depth_limits(shallow));
        REQUIRE(placed);
        CHECK(to_pos(board.history()) == before);
        REQUIRE(placed->moves.size() == 1);
        const Point p = placed->moves[0];
        const int reach = taraguchi_area(stone) / 2;
        CHECK(std::abs(p.x() - 7) <= reach);
        CHECK(std::abs(p.y() - 7) <= reach);
        REQUIRE(board.try_play(p) == MoveError::None);
    }
    CHECK(taraguchi_area(1) == 1);
    CHECK(taraguchi_area(taraguchi_placed_stones) == 9);
    // A sixth stone, and boards the squares do not fit, are refused.
    CHECK_FALSE(taraguchi_stone(searcher, board, depth_limits(shallow)));
    AnyBoard small = board_of(renju, "", 7);
    const auto refused = taraguchi_stone(searcher, small, depth_limits(shallow));
    REQUIRE_FALSE(refused);
    CHECK(refused.error().message.find("9x9") != std::string::npos);
}

TEST_CASE("Taraguchi-10: swap when worse off", "[engine]") {
    GomokuSearcher searcher;
    // Black's open three, White to move: White is worse off.
    AnyBoard black_ahead = board_of(RuleSpec{RuleId::Renju}, "h8a1i8a15j8");
    const Value white = GomokuSearcher{}.choose(black_ahead, depth_limits(shallow)).value;
    const auto swapped = taraguchi_swap(searcher, black_ahead, depth_limits(shallow));
    REQUIRE(swapped);
    CHECK(swapped->swap == (white < 0));
    CHECK(swapped->value == white);
    CHECK(swapped->swap);
    AnyBoard white_ahead = board_of(RuleSpec{RuleId::Renju}, "a1h8o1i8o15");
    const auto stays = taraguchi_swap(searcher, white_ahead, depth_limits(shallow));
    REQUIRE(stays);
    CHECK_FALSE(stays->swap);
    CHECK(to_pos(white_ahead.history()) == "a1h8o1i8o15");
}

TEST_CASE("Taraguchi-10: ten distinct offers or a swap at four stones; the selection", "[engine]") {
    GomokuSearcher searcher;
    // Black two stones side by side in the centre, White's two in the corners: Black is ahead
    // after any of many 5th moves, so it offers.
    AnyBoard black_ahead = board_of(RuleSpec{RuleId::Renju}, "h8a1i8a15");
    const auto offered = taraguchi_fifth(searcher, black_ahead, depth_limits(shallow));
    REQUIRE(offered);
    CHECK(to_pos(black_ahead.history()) == "h8a1i8a15");
    REQUIRE_FALSE(offered->swap);
    REQUIRE(offered->moves.size() == static_cast<std::size_t>(taraguchi_offer_count));
    CHECK(offered->value > 0);
    for (std::size_t i = 0; i < offered->moves.size(); ++i) {
        CHECK(black_ahead.check_move(offered->moves[i]) == MoveError::None);
        CHECK(black_ahead.forbidden_kind(offered->moves[i]) == ForbiddenKind::None);
        for (std::size_t j = 0; j < i; ++j)
            CHECK_FALSE(mirror_points(black_ahead, offered->moves[i], offered->moves[j]));
    }
    // The selection is the offer lowest for Black, one of the ten.
    const auto selected =
        taraguchi_select(searcher, black_ahead, depth_limits(shallow), offered->moves);
    REQUIRE(selected);
    REQUIRE(selected->moves.size() == 1);
    CHECK(std::find(offered->moves.begin(), offered->moves.end(), selected->moves[0]) !=
          offered->moves.end());
    // Between Black's open four (k8, after the three h8 i8 j8) and a stone far off (e3), White
    // selects the far one.
    AnyBoard three = board_of(RuleSpec{RuleId::Renju}, "h8a1i8a15j8o1");
    const std::vector<Point> two{*parse_point("k8"), *parse_point("e3")};
    const auto far = taraguchi_select(searcher, three, depth_limits(shallow), two);
    REQUIRE(far);
    CHECK(far->moves == std::vector<Point>{*parse_point("e3")});
    CHECK(to_pos(three.history()) == "h8a1i8a15j8o1");
    // White's two stones side by side against Black's in the corners: Black swaps.
    AnyBoard white_ahead = board_of(RuleSpec{RuleId::Renju}, "a1h8o1i8");
    const auto swapped = taraguchi_fifth(searcher, white_ahead, depth_limits(shallow));
    REQUIRE(swapped);
    CHECK(swapped->swap);
    CHECK(swapped->moves.empty());
    // Wrong positions are refused.
    AnyBoard three_stones = board_of(RuleSpec{RuleId::Renju}, "h8i9j7");
    CHECK_FALSE(taraguchi_fifth(searcher, three_stones, depth_limits(shallow)));
    CHECK_FALSE(taraguchi_select(searcher, white_ahead, depth_limits(shallow), {}));
}

TEST_CASE("mirror_points: symmetries that keep every stone", "[engine]") {
    // Every stone on column h: the mirror across it maps g10 to i10.
    AnyBoard column = board_of(RuleSpec{RuleId::Renju}, "h8h7h9h6");
    CHECK(mirror_points(column, *parse_point("g10"), *parse_point("i10")));
    CHECK_FALSE(mirror_points(column, *parse_point("g10"), *parse_point("i11")));
    // The centre stone alone: the eight images of a point.
    AnyBoard centre = board_of(RuleSpec{RuleId::Renju}, "h8");
    CHECK(mirror_points(centre, Point(8, 7), Point(7, 8)));
    CHECK(mirror_points(centre, Point(8, 7), Point(6, 7)));
    CHECK_FALSE(mirror_points(centre, Point(8, 7), Point(8, 8)));
    // Black h8 h9, White h10 g9: the mirror across column h would move g9 onto an empty point.
    AnyBoard none = board_of(RuleSpec{RuleId::Renju}, "h8h10h9g9");
    CHECK_FALSE(mirror_points(none, *parse_point("g10"), *parse_point("i10")));
}
