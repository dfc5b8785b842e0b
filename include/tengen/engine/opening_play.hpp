#pragma once
/// \file
/// The engine's side of the opening rules, judged by its own search: the balance searches
/// (the move, or two moves, after which a position is as near level as the engine can tell,
/// what Yixin's YXBALANCEONE/YXBALANCETWO ask for and how balanced opening sets are made) and
/// the three decisions of swap2 (propose three stones; as the second player take Black, take
/// White or place two more; as the first player after two more, choose the colour) and those of
/// Taraguchi-10 (the five stones in growing central squares, the swaps after them, Black's ten
/// offered 5th moves and White's selection).

#include <tengen/core/expected.hpp>
#include <tengen/core/types.hpp>
#include <tengen/engine/any_board.hpp>
#include <tengen/engine/searcher.hpp>
#include <tengen/gomoku/board.hpp>
#include <tengen/search/limits.hpp>
#include <tengen/search/value.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tengen {

/// What a balance search found.
struct BalanceResult {
    /// The stones, in the order they are played: one, or the side to move's and the
    /// opponent's reply. Empty when no move (or no two moves) leaves the game going.
    std::vector<Point> moves;
    /// The position's value after them for the side that was to move before them (which is
    /// to move again after two stones), from the search that judged it.
    Value value = 0;
    int depth = 0; ///< the depth of that search
};

/// How a balance search weighs positions.
struct BalanceOptions {
    /// The value to come nearest to, for the side to move before the stones: 0 for a level
    /// position, above 0 to leave that side ahead.
    Value bias = 0;
    /// Two stones: how many first stones (the nearest to the bias by one search of all the
    /// side to move's moves) are each answered by a search of every reply.
    std::size_t first_candidates = 4;
    /// How many of the nearest answers (moves, or pairs of stones) found by the searches of
    /// every move are searched again alone, in the time kept for it, the nearest by that deeper
    /// value chosen: a search of every move reaches less depth than one of a single position,
    /// and misses more. 0 keeps the first searches' nearest.
    std::size_t verified_candidates = 3;
    /// The share of the time kept for those searches (none without verified_candidates).
    double verify_share = 0.35;
    /// Points no stone of the search may take (YXBLOCK).
    std::vector<Point> excluded;
};

namespace detail {

/// The earliest moment `limits` lets a search run to, if it has one (its deadline or max_time
/// from now).
[[nodiscard]] inline std::optional<std::chrono::steady_clock::time_point>
time_bound(const SearchLimits& limits) {
    std::optional<std::chrono::steady_clock::time_point> until = limits.deadline;
    if (limits.max_time) {
        const auto by_max = std::chrono::steady_clock::now() + *limits.max_time;
        until = until ? std::min(*until, by_max) : by_max;
    }
    return until;
}

/// `limits` with its time bound moved to `until` (when it had one), for one part of a search
/// that shares a turn's time.
[[nodiscard]] inline SearchLimits
limits_until(SearchLimits limits, std::optional<std::chrono::steady_clock::time_point> until) {
    if (until) {
        limits.deadline = until;
        limits.max_time.reset();
    }
    return limits;
}

/// The moment `share` of the time left to `until` has passed, from now.
[[nodiscard]] inline std::optional<std::chrono::steady_clock::time_point>
share_of(std::optional<std::chrono::steady_clock::time_point> until, double share) {
    if (!until)
        return std::nullopt;
    const auto now = std::chrono::steady_clock::now();
    if (*until <= now)
        return until;
    return now +
           std::chrono::duration_cast<std::chrono::steady_clock::duration>((*until - now) * share);
}

/// How far `v` is from `bias`; a proven result is farther than any value.
[[nodiscard]] inline std::int64_t balance_distance(Value v, Value bias) noexcept {
    if (is_decisive(v))
        return std::numeric_limits<std::int64_t>::max();
    const std::int64_t d = static_cast<std::int64_t>(v) - bias;
    return d < 0 ? -d : d;
}

/// Every move of the side to move of `board` searched to one depth (multi-PV) within
/// `limits`, nearest to `bias` first; the ones without a move dropped.
template <RulePolicy Rule>
[[nodiscard]] std::vector<SearchResult<Point>>
lines_nearest(GomokuSearcher& searcher, Board<Rule>& board, const SearchLimits& limits, Value bias,
              std::span<const Point> excluded) {
    const auto all_moves = static_cast<std::size_t>(board.point_count());
    std::vector<SearchResult<Point>> lines =
        searcher.search_lines(board, limits, all_moves, excluded);
    std::erase_if(lines, [](const SearchResult<Point>& r) { return !r.best_move; });
    std::stable_sort(lines.begin(), lines.end(), [bias](const auto& a, const auto& b) {
        return balance_distance(a.value, bias) < balance_distance(b.value, bias);
    });
    return lines;
}

/// An answer of a balance search before it is chosen: its stones, value and depth.
struct BalanceCandidate {
    std::vector<Point> moves;
    Value value = 0;
    int depth = 0;
};

/// The candidate nearest `options.bias`, after the verified_candidates nearest were searched
/// again alone (the position after their stones; its value negated after one stone, the
/// opponent then being to move) within `limits`, their time shared equally. `candidates` is
/// sorted nearest first; an empty result when it is empty.
template <RulePolicy Rule>
[[nodiscard]] BalanceResult
verified_nearest(GomokuSearcher& searcher, Board<Rule>& board, const SearchLimits& limits,
                 std::vector<BalanceCandidate> candidates, const BalanceOptions& options) {
    if (candidates.empty())
        return {};
    const std::size_t verified = std::min(candidates.size(), options.verified_candidates);
    const auto until = time_bound(limits);
    for (std::size_t i = 0; i < verified; ++i) {
        BalanceCandidate& c = candidates[i];
        for (const Point p : c.moves)
            board.play(p);
        const SearchLimits slice =
            limits_until(limits, share_of(until, 1.0 / static_cast<double>(verified - i)));
        const SearchResult<Point> deeper = searcher.search(board, slice);
        for (std::size_t k = 0; k < c.moves.size(); ++k)
            board.undo();
        const bool flip = c.moves.size() % 2 == 1; // the opponent is to move after them
        // A search stopped before its first iteration says nothing.
        if (deeper.depth > 0) {
            c.value = flip ? -deeper.value : deeper.value;
            c.depth = deeper.depth;
        }
    }
    const auto nearest = std::min_element(
        candidates.begin(),
        candidates.begin() + static_cast<std::ptrdiff_t>(std::max<std::size_t>(verified, 1)),
        [&](const BalanceCandidate& a, const BalanceCandidate& b) {
            return balance_distance(a.value, options.bias) <
                   balance_distance(b.value, options.bias);
        });
    return {nearest->moves, nearest->value, nearest->depth};
}

/// The time bound of the searches before the verification: all of it without one.
[[nodiscard]] inline std::optional<std::chrono::steady_clock::time_point>
before_verification(std::optional<std::chrono::steady_clock::time_point> until,
                    const BalanceOptions& options) {
    return options.verified_candidates == 0 ? until : share_of(until, 1.0 - options.verify_share);
}

} // namespace detail

/// The move for the side to move of `board` after which its value for that side is nearest
/// `options.bias` (a proven win or loss is never nearer than an unproven value): every move
/// searched to the same depth within `limits`, then the nearest few searched again alone
/// (BalanceOptions::verified_candidates). The board is unchanged on return; `moves` is empty
/// when the game is over or every move is excluded.
template <RulePolicy Rule>
[[nodiscard]] BalanceResult balance_one(GomokuSearcher& searcher, Board<Rule>& board,
                                        const SearchLimits& limits,
                                        const BalanceOptions& options = {}) {
    if (board.result().is_over())
        return {};
    const auto until = detail::time_bound(limits);
    const std::vector<SearchResult<Point>> lines = detail::lines_nearest(
        searcher, board, detail::limits_until(limits, detail::before_verification(until, options)),
        options.bias, options.excluded);
    std::vector<detail::BalanceCandidate> candidates;
    for (const SearchResult<Point>& line : lines)
        candidates.push_back({{*line.best_move}, line.value, line.depth});
    return detail::verified_nearest(searcher, board, detail::limits_until(limits, until),
                                    std::move(candidates), options);
}

/// The side to move's stone and the opponent's reply after which the position's value for the
/// side to move (to move again) is nearest `options.bias`: the `first_candidates` first stones
/// nearest it by one search of every move, then every reply to each searched to one depth, the
/// time shared equally, then the nearest few pairs searched again alone
/// (BalanceOptions::verified_candidates). The board is unchanged on return; `moves` is empty
/// when no two moves leave the game going.
template <RulePolicy Rule>
[[nodiscard]] BalanceResult balance_two(GomokuSearcher& searcher, Board<Rule>& board,
                                        const SearchLimits& limits,
                                        const BalanceOptions& options = {}) {
    if (board.result().is_over())
        return {};
    constexpr double first_share = 1.0 / 3.0;
    const auto until = detail::time_bound(limits);
    const auto searches_until = detail::before_verification(until, options);
    std::vector<SearchResult<Point>> firsts = detail::lines_nearest(
        searcher, board,
        detail::limits_until(limits, detail::share_of(searches_until, first_share)), options.bias,
        options.excluded);
    firsts.resize(std::min(firsts.size(), std::max<std::size_t>(options.first_candidates, 1)));
    std::vector<detail::BalanceCandidate> pairs;
    for (std::size_t i = 0; i < firsts.size(); ++i) {
        const Point first = *firsts[i].best_move;
        board.play(first);
        if (!board.result().is_over()) {
            const double share = 1.0 / static_cast<double>(firsts.size() - i);
            // The reply's value is its mover's; negated, it is the first stone's side's.
            const std::vector<SearchResult<Point>> replies = detail::lines_nearest(
                searcher, board,
                detail::limits_until(limits, detail::share_of(searches_until, share)),
                -options.bias, options.excluded);
            for (const SearchResult<Point>& reply : replies) {
                board.play(*reply.best_move);
                const bool going = !board.result().is_over();
                board.undo();
                if (going)
                    pairs.push_back({{first, *reply.best_move}, -reply.value, reply.depth});
            }
        }
        board.undo();
    }
    std::stable_sort(pairs.begin(), pairs.end(), [&](const auto& a, const auto& b) {
        return detail::balance_distance(a.value, options.bias) <
               detail::balance_distance(b.value, options.bias);
    });
    return detail::verified_nearest(searcher, board, detail::limits_until(limits, until),
                                    std::move(pairs), options);
}

/// balance_one() on the typed board.
[[nodiscard]] inline BalanceResult balance_one(GomokuSearcher& searcher, AnyBoard& board,
                                               const SearchLimits& limits,
                                               const BalanceOptions& options = {}) {
    return board.visit([&](auto& b) { return balance_one(searcher, b, limits, options); });
}
/// balance_two() on the typed board.
[[nodiscard]] inline BalanceResult balance_two(GomokuSearcher& searcher, AnyBoard& board,
                                               const SearchLimits& limits,
                                               const BalanceOptions& options = {}) {
    return board.visit([&](auto& b) { return balance_two(searcher, b, limits, options); });
}

// ----- Swap2 ------------------------------------------------------------------------------------

/// What a player of swap2 decides when it is given the stones (three, or five after two more).
enum class Swap2Choice : std::uint8_t {
    TakeBlack, ///< play Black: the other side plays White's next move ("SWAP" in Gomocup)
    TakeWhite, ///< play White, starting with the move in Swap2Decision::moves
    PlaceTwo,  ///< (three stones only) place White's and Black's next stones, the other chooses
};

/// The choice's name: "take black", "take white", "place two".
[[nodiscard]] constexpr std::string_view to_string(Swap2Choice c) noexcept {
    switch (c) {
    case Swap2Choice::TakeBlack:
        return "take black";
    case Swap2Choice::TakeWhite:
        return "take white";
    case Swap2Choice::PlaceTwo:
        return "place two";
    }
    return "unknown";
}

/// A swap2 decision and the search behind it.
struct Swap2Decision {
    Swap2Choice choice = Swap2Choice::TakeBlack;
    /// TakeWhite: White's move; PlaceTwo: White's stone and Black's; TakeBlack: none.
    std::vector<Point> moves;
    /// The value that decided: White's, to move on the stones given (TakeBlack, TakeWhite), or
    /// White's after the two stones placed (PlaceTwo).
    Value value = 0;
    int depth = 0;
};

/// How the engine plays swap2.
struct Swap2Options {
    /// As the second player, with |White's value| at most this on the three stones, place two
    /// more (balanced by balance_two) rather than take a side the engine cannot tell from the
    /// other: the opponent then chooses between two positions it must judge. About two open
    /// threes' worth in the default weights.
    Value place_two_within = 80;
    /// The share of the turn's time for the search of the three stones when two more may be
    /// placed (the balance search has the rest).
    double judge_share = 0.4;
};

/// The three stones a swap2 opening starts with (Black, White, Black), the first at the
/// centre, the two others placed by balance_two so that White, to move, is as near level as
/// the engine can judge: the second player then gains nothing by its choice. Needs an empty
/// board of a rule that swap2 is played under and fits a few stones around the centre.
template <RulePolicy Rule>
[[nodiscard]] Expected<std::vector<Point>>
swap2_opening(GomokuSearcher& searcher, Board<Rule>& board, const SearchLimits& limits) {
    if (board.stone_count() != 0)
        return Error{"swap2 starts on an empty board, this one has " +
                     std::to_string(board.stone_count()) + " stones"};
    constexpr int smallest_side = 5;
    if (board.width() < smallest_side || board.height() < smallest_side)
        return Error{"swap2 needs a board of at least 5x5"};
    const Point centre(board.width() / 2, board.height() / 2);
    board.play(centre);
    const BalanceResult two = balance_two(searcher, board, limits);
    board.undo();
    if (two.moves.size() != 2)
        return Error{"no two stones after the centre leave the game going"};
    return std::vector<Point>{centre, two.moves[0], two.moves[1]};
}

/// The second player's swap2 decision on the three opening stones of `board` (White to move):
/// take Black when White is worse off by more than Swap2Options::place_two_within, take White
/// (with its move) when better off by more, else place two more stones as near level as
/// balance_two finds. The board is unchanged on return.
template <RulePolicy Rule>
[[nodiscard]] Expected<Swap2Decision> swap2_second(GomokuSearcher& searcher, Board<Rule>& board,
                                                   const SearchLimits& limits,
                                                   const Swap2Options& options = {}) {
    constexpr int opening_stones = 3;
    if (board.stone_count() != opening_stones || board.side_to_move() != Color::White)
        return Error{"swap2's second player decides on three stones with White to move"};
    if (board.result().is_over())
        return Error{"the game is over"};
    const auto until = detail::time_bound(limits);
    const SearchResult<Point> judged = searcher.choose(
        board, detail::limits_until(limits, detail::share_of(until, options.judge_share)));
    const Value white = judged.value;
    if (white < -options.place_two_within || !judged.best_move)
        return Swap2Decision{Swap2Choice::TakeBlack, {}, white, judged.depth};
    if (white > options.place_two_within)
        return Swap2Decision{Swap2Choice::TakeWhite, {*judged.best_move}, white, judged.depth};
    const BalanceResult two = balance_two(searcher, board, detail::limits_until(limits, until));
    if (two.moves.size() != 2) {
        if (white < 0)
            return Swap2Decision{Swap2Choice::TakeBlack, {}, white, judged.depth};
        return Swap2Decision{Swap2Choice::TakeWhite, {*judged.best_move}, white, judged.depth};
    }
    return Swap2Decision{Swap2Choice::PlaceTwo, two.moves, two.value, two.depth};
}

/// The first player's swap2 decision on the five stones of `board` (White to move), after the
/// second player placed two more: take White (with its move) unless White is worse off. The
/// board is unchanged on return.
template <RulePolicy Rule>
[[nodiscard]] Expected<Swap2Decision> swap2_final(GomokuSearcher& searcher, Board<Rule>& board,
                                                  const SearchLimits& limits) {
    constexpr int extended_stones = 5;
    if (board.stone_count() != extended_stones || board.side_to_move() != Color::White)
        return Error{"swap2's colour choice after two more stones needs five stones with White "
                     "to move"};
    if (board.result().is_over())
        return Error{"the game is over"};
    const SearchResult<Point> judged = searcher.choose(board, limits);
    if (judged.value < 0 || !judged.best_move)
        return Swap2Decision{Swap2Choice::TakeBlack, {}, judged.value, judged.depth};
    return Swap2Decision{Swap2Choice::TakeWhite, {*judged.best_move}, judged.value, judged.depth};
}

/// swap2_opening() on the typed board.
[[nodiscard]] inline Expected<std::vector<Point>>
swap2_opening(GomokuSearcher& searcher, AnyBoard& board, const SearchLimits& limits) {
    return board.visit([&](auto& b) { return swap2_opening(searcher, b, limits); });
}
/// swap2_second() on the typed board.
[[nodiscard]] inline Expected<Swap2Decision> swap2_second(GomokuSearcher& searcher, AnyBoard& board,
                                                          const SearchLimits& limits,
                                                          const Swap2Options& options = {}) {
    return board.visit([&](auto& b) { return swap2_second(searcher, b, limits, options); });
}
/// swap2_final() on the typed board.
[[nodiscard]] inline Expected<Swap2Decision> swap2_final(GomokuSearcher& searcher, AnyBoard& board,
                                                         const SearchLimits& limits) {
    return board.visit([&](auto& b) { return swap2_final(searcher, b, limits); });
}

// ----- Taraguchi-10 -----------------------------------------------------------------------------

/// The 5th moves a Taraguchi-10 Black offers instead of playing one.
inline constexpr int taraguchi_offer_count = 10;
/// The stones of a Taraguchi-10 opening placed within central squares (the 1st to the 5th).
inline constexpr int taraguchi_placed_stones = 5;

/// The side of the central square a Taraguchi-10 opening's `stone`-th stone (1-5) goes within:
/// 1 (the centre), 3, 5, 7, 9.
[[nodiscard]] constexpr int taraguchi_area(int stone) noexcept {
    return 2 * stone - 1;
}

/// True when `p` lies within the central `area` x `area` square of `board`.
template <RulePolicy Rule>
[[nodiscard]] bool within_central_square(const Board<Rule>& board, Point p, int area) noexcept {
    const int reach = area / 2;
    return std::abs(p.x() - board.width() / 2) <= reach &&
           std::abs(p.y() - board.height() / 2) <= reach;
}

/// True when one of the seven symmetries of a square board (rotations about its centre, and
/// those mirrored) that leave every stone of `board` in place, colour included, takes `p` to
/// `q`: the two moves then lead to the same position seen from another side. Never on a
/// board that is not square.
template <RulePolicy Rule>
[[nodiscard]] bool mirror_points(const Board<Rule>& board, Point p, Point q) noexcept {
    constexpr int symmetries = 8;
    const int size = board.width();
    if (board.height() != size)
        return false;
    const auto image = [size](Point a, int t) {
        int x = a.x();
        int y = a.y();
        for (int turn = 0; turn < t % 4; ++turn) {
            const int turned = size - 1 - y;
            y = x;
            x = turned;
        }
        if (t >= 4)
            x = size - 1 - x;
        return Point(x, y);
    };
    for (int t = 1; t < symmetries; ++t) {
        if (image(p, t) != q)
            continue;
        const auto history = board.history();
        const bool keeps_stones = std::all_of(history.begin(), history.end(), [&](Point s) {
            return s.is_pass() || board.cell(image(s, t)) == board.cell(s);
        });
        if (keeps_stones)
            return true;
    }
    return false;
}

/// A Taraguchi-10 decision and the search behind it.
struct TaraguchiDecision {
    /// Swap colours (a choice step), or take the offer (the 4th stone's step).
    bool swap = false;
    /// The stone placed, the ten offers, or the offer selected, by the step.
    std::vector<Point> moves;
    /// The value that decided, for the deciding side.
    Value value = 0;
    int depth = 0;
};

/// The stone a Taraguchi-10 opening places next (the 1st to the 5th, the side to move's),
/// within its central square (taraguchi_area): the centre for the 1st, else the one after
/// which the position is as near level as balance_one finds, since the opponent may then swap
/// colours. Needs a square board of at least 9x9 with fewer than five stones; the board is
/// unchanged on return.
template <RulePolicy Rule>
[[nodiscard]] Expected<TaraguchiDecision>
taraguchi_stone(GomokuSearcher& searcher, Board<Rule>& board, const SearchLimits& limits) {
    const int stone = board.stone_count() + 1;
    if (stone > taraguchi_placed_stones)
        return Error{"Taraguchi-10 places its first five stones in central squares; this board "
                     "has " +
                     std::to_string(board.stone_count())};
    const int area = taraguchi_area(taraguchi_placed_stones);
    if (board.width() != board.height() || board.width() < area)
        return Error{"Taraguchi-10 needs a square board of at least 9x9"};
    if (board.result().is_over())
        return Error{"the game is over"};
    if (stone == 1)
        return TaraguchiDecision{false, {Point(board.width() / 2, board.height() / 2)}, 0, 0};
    BalanceOptions options;
    for (int y = 0; y < board.height(); ++y)
        for (int x = 0; x < board.width(); ++x)
            if (!within_central_square(board, Point(x, y), taraguchi_area(stone)))
                options.excluded.push_back(Point(x, y));
    const BalanceResult balanced = balance_one(searcher, board, limits, options);
    if (balanced.moves.empty())
        return Error{"no stone within the central square leaves the game going"};
    return TaraguchiDecision{false, balanced.moves, balanced.value, balanced.depth};
}

/// Whether the side to move of `board` swaps colours when a Taraguchi-10 step lets it (after
/// the 1st, 2nd, 3rd and a played 5th stone): it swaps when its search finds it worse off. The
/// board is unchanged on return.
template <RulePolicy Rule>
[[nodiscard]] Expected<TaraguchiDecision>
taraguchi_swap(GomokuSearcher& searcher, Board<Rule>& board, const SearchLimits& limits) {
    if (board.result().is_over())
        return Error{"the game is over"};
    const SearchResult<Point> judged = searcher.choose(board, limits);
    return TaraguchiDecision{judged.value < 0 || !judged.best_move, {}, judged.value, judged.depth};
}

/// Black's Taraguchi-10 decision at the 4th stone (Black to move): offer the ten 5th moves
/// best for Black that differ under the position's symmetries when even the worst of them
/// leaves Black ahead (White will select it), else swap, leaving the opponent the 5th move
/// and the engine the choice of colour after it. Playing the 5th itself is never better: the
/// opponent could swap. The board is unchanged on return.
template <RulePolicy Rule>
[[nodiscard]] Expected<TaraguchiDecision>
taraguchi_fifth(GomokuSearcher& searcher, Board<Rule>& board, const SearchLimits& limits) {
    constexpr int four_stones = 4;
    if (board.stone_count() != four_stones || board.side_to_move() != Color::Black)
        return Error{"Taraguchi-10's 5th-move decision needs four stones with Black to move"};
    if (board.result().is_over())
        return Error{"the game is over"};
    const std::vector<SearchResult<Point>> lines =
        searcher.search_lines(board, limits, static_cast<std::size_t>(board.point_count()), {});
    std::vector<Point> offers;
    Value worst = 0;
    int depth = 0;
    for (const SearchResult<Point>& line : lines) {
        if (!line.best_move || board.is_forbidden(*line.best_move))
            continue;
        const Point p = *line.best_move;
        if (std::any_of(offers.begin(), offers.end(),
                        [&](Point q) { return mirror_points(board, p, q); }))
            continue;
        offers.push_back(p);
        worst = line.value;
        depth = line.depth;
        if (static_cast<int>(offers.size()) == taraguchi_offer_count)
            break;
    }
    if (static_cast<int>(offers.size()) == taraguchi_offer_count && worst > 0)
        return TaraguchiDecision{false, std::move(offers), worst, depth};
    const Value best = lines.empty() ? 0 : lines.front().value;
    return TaraguchiDecision{true, {}, best, lines.empty() ? 0 : lines.front().depth};
}

/// White's selection among Black's offered 5th moves `offers` (Black to move on `board`): the
/// one after which White's value, by a search of the position after each (their time shared
/// equally), is highest; an offer Black cannot play is never selected. Each offer is searched
/// on its own since offers may lie anywhere, where the search would not look. The board is
/// unchanged on return.
template <RulePolicy Rule>
[[nodiscard]] Expected<TaraguchiDecision>
taraguchi_select(GomokuSearcher& searcher, Board<Rule>& board, const SearchLimits& limits,
                 std::span<const Point> offers) {
    if (board.side_to_move() != Color::Black)
        return Error{"White selects among offered 5th moves with Black to move"};
    if (board.result().is_over())
        return Error{"the game is over"};
    std::vector<Point> playable;
    for (const Point p : offers)
        if (board.check_move(p) == MoveError::None && !board.is_forbidden(p))
            playable.push_back(p);
    if (playable.empty())
        return Error{"no offered 5th move can be played"};
    const auto until = detail::time_bound(limits);
    std::optional<TaraguchiDecision> best;
    for (std::size_t i = 0; i < playable.size(); ++i) {
        const double share = 1.0 / static_cast<double>(playable.size() - i);
        board.play(playable[i]);
        const SearchResult<Point> judged =
            searcher.search(board, detail::limits_until(limits, detail::share_of(until, share)));
        board.undo();
        if (!best || judged.value > best->value)
            best = TaraguchiDecision{false, {playable[i]}, judged.value, judged.depth};
    }
    return *best;
}

/// taraguchi_stone() on the typed board.
[[nodiscard]] inline Expected<TaraguchiDecision>
taraguchi_stone(GomokuSearcher& searcher, AnyBoard& board, const SearchLimits& limits) {
    return board.visit([&](auto& b) { return taraguchi_stone(searcher, b, limits); });
}
/// taraguchi_swap() on the typed board.
[[nodiscard]] inline Expected<TaraguchiDecision>
taraguchi_swap(GomokuSearcher& searcher, AnyBoard& board, const SearchLimits& limits) {
    return board.visit([&](auto& b) { return taraguchi_swap(searcher, b, limits); });
}
/// taraguchi_fifth() on the typed board.
[[nodiscard]] inline Expected<TaraguchiDecision>
taraguchi_fifth(GomokuSearcher& searcher, AnyBoard& board, const SearchLimits& limits) {
    return board.visit([&](auto& b) { return taraguchi_fifth(searcher, b, limits); });
}
/// taraguchi_select() on the typed board.
[[nodiscard]] inline Expected<TaraguchiDecision> taraguchi_select(GomokuSearcher& searcher,
                                                                  AnyBoard& board,
                                                                  const SearchLimits& limits,
                                                                  std::span<const Point> offers) {
    return board.visit([&](auto& b) { return taraguchi_select(searcher, b, limits, offers); });
}
/// mirror_points() on the typed board.
[[nodiscard]] inline bool mirror_points(AnyBoard& board, Point p, Point q) {
    return board.visit([&](const auto& b) { return mirror_points(b, p, q); });
}

} // namespace tengen
