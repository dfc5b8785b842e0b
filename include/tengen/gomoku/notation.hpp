#pragma once
/// \file
/// Move text: Gomocup `x,y` and the letter-number "pos" form (`h8`, whole games as `h8i9j10`).
///
/// Both use the protocol's orientation: x is the column, y the row, (0, 0) the top-left corner.
/// A pos string names the column by a letter (`a` = column 0, every letter used, `i` included)
/// and the row by its 1-based number from the top (`h8` is x = 7, y = 7), as Rapfi and
/// c-gomoku-cli write them. Yixin-Board's display and classic renju diagrams number rows from the
/// bottom instead: pass `PosStyle{RowOrigin::Bottom, height}` to read and write that form. The
/// two readings differ by a vertical mirror, which changes no rule.

#include <tengen/core/expected.hpp>
#include <tengen/core/text.hpp>
#include <tengen/core/types.hpp>
#include <tengen/gomoku/board.hpp>

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace tengen {

namespace detail {

[[nodiscard]] inline bool is_digit(char c) noexcept {
    return c >= '0' && c <= '9';
}

[[nodiscard]] inline bool is_lower(char c) noexcept {
    return c >= 'a' && c <= 'z';
}

[[nodiscard]] inline bool is_upper(char c) noexcept {
    return c >= 'A' && c <= 'Z';
}

/// Parses a whole non-negative decimal number of at most `max_digits` digits.
[[nodiscard]] inline std::optional<int> parse_small_number(std::string_view s,
                                                           std::size_t max_digits) noexcept {
    if (s.empty() || s.size() > max_digits)
        return std::nullopt;
    for (char c : s)
        if (!is_digit(c))
            return std::nullopt;
    int value = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc{} || end != s.data() + s.size())
        return std::nullopt;
    return value;
}

/// Digits a coordinate may have: enough for any supported board, few enough to never overflow.
inline constexpr std::size_t max_coordinate_digits = 3;

[[nodiscard]] inline Error coordinate_range_error(std::string_view text) {
    return Error{"move " + quoted_excerpt(text) +
                 " is outside every supported board (sides up to " +
                 std::to_string(layout::max_board_size) + ")"};
}

} // namespace detail

/// Where pos strings count rows from.
enum class RowOrigin : std::uint8_t {
    Top,    ///< row 1 is the top row, y = row - 1 (Rapfi, c-gomoku-cli, the protocol's view)
    Bottom, ///< row 1 is the bottom row, y = height - row (Yixin-Board, classic diagrams)
};

/// How pos strings are read and written.
struct PosStyle {
    RowOrigin origin = RowOrigin::Top;
    int board_height = 0; ///< needed for RowOrigin::Bottom only: the board's number of rows
};

/// Parses a Gomocup move `x,y` (0-based, x = column). Spaces around either number are allowed;
/// anything else (signs, missing numbers, extra text) is an Error, as is a coordinate beyond the
/// largest supported board. Whether the point is on a given board is Board::check_move's call.
[[nodiscard]] inline Expected<Point> parse_gomocup_point(std::string_view text) {
    const std::string_view s = trim(text);
    const std::size_t comma = s.find(',');
    if (comma == std::string_view::npos)
        return Error{"malformed move " + quoted_excerpt(text) + ": expected x,y"};
    const auto x =
        detail::parse_small_number(trim(s.substr(0, comma)), detail::max_coordinate_digits);
    const auto y =
        detail::parse_small_number(trim(s.substr(comma + 1)), detail::max_coordinate_digits);
    if (!x || !y)
        return Error{"malformed move " + quoted_excerpt(text) +
                     ": expected two non-negative numbers x,y"};
    if (*x >= layout::max_board_size || *y >= layout::max_board_size)
        return detail::coordinate_range_error(text);
    return Point(*x, *y);
}

/// Formats `p` as Gomocup `x,y`. Precondition: `p` is not a pass.
[[nodiscard]] inline std::string to_gomocup(Point p) {
    return std::to_string(p.x()) + "," + std::to_string(p.y());
}

namespace detail {

/// Reads one pos move at the start of `s` (a letter, then the row's digits) and advances `s` past
/// it. The row takes every digit up to the next letter, so `h10i9` is h10 then i9.
[[nodiscard]] inline Expected<Point> read_pos_move(std::string_view& s, std::string_view whole,
                                                   PosStyle style) {
    const char letter = s.front();
    int x = 0;
    if (is_lower(letter))
        x = letter - 'a';
    else if (is_upper(letter))
        x = letter - 'A';
    else
        return Error{"malformed move text " + quoted_excerpt(whole) +
                     ": expected a column letter, got " + quoted_excerpt(s.substr(0, 1))};
    std::size_t digits = 0;
    while (1 + digits < s.size() && is_digit(s[1 + digits]))
        ++digits;
    if (digits == 0)
        return Error{"malformed move text " + quoted_excerpt(whole) + ": column " +
                     quoted_excerpt(s.substr(0, 1)) + " must be followed by a row number"};
    const std::string_view number = s.substr(1, digits);
    const auto row = parse_small_number(number, max_coordinate_digits);
    if (!row || *row < 1)
        return Error{"malformed move text " + quoted_excerpt(whole) + ": row " +
                     quoted_excerpt(number) + " must be a number from 1"};
    const std::string_view move = s.substr(0, 1 + digits);
    if (x >= layout::max_board_size || *row > layout::max_board_size)
        return coordinate_range_error(move);
    int y = *row - 1;
    if (style.origin == RowOrigin::Bottom) {
        if (*row > style.board_height)
            return Error{"move " + quoted_excerpt(move) + " is off a board of " +
                         std::to_string(style.board_height) + " rows"};
        y = style.board_height - *row;
    }
    s.remove_prefix(1 + digits);
    return Point(x, y);
}

} // namespace detail

/// Parses one pos move such as `h8` (column letter, 1-based row from the top; upper-case letters
/// are accepted too). Surrounding spaces are ignored; anything else is an Error.
[[nodiscard]] inline Expected<Point> parse_pos_point(std::string_view text, PosStyle style = {}) {
    std::string_view s = trim(text);
    if (s.empty())
        return Error{"empty move text"};
    auto point = detail::read_pos_move(s, text, style);
    if (!point)
        return point;
    if (!s.empty())
        return Error{"malformed move " + quoted_excerpt(text) + ": unexpected " +
                     quoted_excerpt(s) + " after the move"};
    return point;
}

/// Parses a whole game in pos form, `h8i9j10` (no separators; spaces between moves are
/// tolerated; upper-case letters are accepted). An empty string is an empty game.
[[nodiscard]] inline Expected<std::vector<Point>> parse_pos_moves(std::string_view text,
                                                                  PosStyle style = {}) {
    std::vector<Point> moves;
    std::string_view s = trim(text);
    while (!s.empty()) {
        auto point = detail::read_pos_move(s, text, style);
        if (!point)
            return point.error();
        moves.push_back(*point);
        s = trim(s);
    }
    return moves;
}

/// Parses a move in either notation: `x,y` when the text holds a comma, pos form otherwise.
[[nodiscard]] inline Expected<Point> parse_point(std::string_view text) {
    if (text.find(',') != std::string_view::npos)
        return parse_gomocup_point(text);
    return parse_pos_point(text);
}

/// Formats `p` in pos form (`h8`), lower-case. Precondition: `p` is not a pass (and lies within
/// `style.board_height` rows for RowOrigin::Bottom).
[[nodiscard]] inline std::string to_pos(Point p, PosStyle style = {}) {
    std::string out(1, static_cast<char>('a' + p.x()));
    out +=
        std::to_string(style.origin == RowOrigin::Bottom ? style.board_height - p.y() : p.y() + 1);
    return out;
}

/// Formats moves as one pos string (`h8i9j10`). Precondition: as for to_pos(Point).
[[nodiscard]] inline std::string to_pos(std::span<const Point> moves, PosStyle style = {}) {
    std::string out;
    for (Point p : moves)
        out += to_pos(p, style);
    return out;
}

/// Parses a move in either notation and checks that it can be played on `board` now: an Error
/// names a malformed text, a point off this board, an occupied point or a finished game.
template <typename B>
[[nodiscard]] Expected<Point> parse_move(const B& board, std::string_view text) {
    auto point = parse_point(text);
    if (!point)
        return point;
    const MoveError error = board.check_move(*point);
    if (error == MoveError::None)
        return point;
    std::string where = "point " + to_pos(*point) + " (" + to_gomocup(*point) + ")";
    switch (error) {
    case MoveError::OffBoard:
        return Error{where + " is off the " + std::to_string(board.width()) + "x" +
                     std::to_string(board.height()) + " board"};
    case MoveError::Occupied:
        return Error{where + " is occupied"};
    default:
        return Error{"cannot play " + where + ": " + std::string(to_string(error))};
    }
}

/// Plays a whole pos string on `board`, rows counted from `origin`. Either every move is played
/// and nothing is returned, or the board is left exactly as it was and the Error names the first
/// bad move (1-based).
template <typename B>
[[nodiscard]] std::optional<Error> play_pos_moves(B& board, std::string_view text,
                                                  RowOrigin origin = RowOrigin::Top) {
    auto moves = parse_pos_moves(text, PosStyle{origin, board.height()});
    if (!moves)
        return moves.error();
    int played = 0;
    std::optional<Error> failure;
    for (Point p : *moves) {
        const MoveError error = board.try_play(p);
        if (error != MoveError::None) {
            failure = Error{"move " + std::to_string(played + 1) + " (" + to_pos(p) +
                            ") cannot be played: " + std::string(to_string(error))};
            break;
        }
        ++played;
    }
    if (failure)
        for (; played > 0; --played)
            (void)board.try_undo();
    return failure;
}

/// Draws the board as text: one row per line, `X` Black, `O` White, `.` empty, column letters on
/// top and 1-based row numbers on the left (the pos notation's orientation).
template <typename B> [[nodiscard]] std::string to_text(const B& board) {
    std::string out = "   ";
    for (int x = 0; x < board.width(); ++x) {
        out += ' ';
        out += static_cast<char>('a' + x);
    }
    out += '\n';
    for (int y = 0; y < board.height(); ++y) {
        const std::string number = std::to_string(y + 1);
        out += std::string(3 - number.size(), ' ') + number;
        for (int x = 0; x < board.width(); ++x) {
            out += ' ';
            switch (board.cell(Point(x, y))) {
            case Cell::Black:
                out += 'X';
                break;
            case Cell::White:
                out += 'O';
                break;
            default:
                out += '.';
                break;
            }
        }
        out += '\n';
    }
    return out;
}

} // namespace tengen
