#pragma once
/// \file
/// tengen_play's text: the board with its coordinates, last move, winning row and renju fouls,
/// in ANSI colours or plain, and an engine's search (depth, value, nodes, time, line) in one
/// line. Everything here returns text and prints nothing.

#include "../common/terminal.hpp"

#include <tengen/tengen.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tengen::play {

/// ANSI SGR sequences for the board; all empty when colour is off.
struct Palette {
    std::string_view black;
    std::string_view white;
    std::string_view empty;
    std::string_view forbidden;
    std::string_view coordinates;
    std::string_view last;
    std::string_view reset;
    std::string_view five; ///< the stones of the winning row
};

inline constexpr Palette plain_palette{};
inline constexpr Palette ansi_palette{"\x1b[1;33m", "\x1b[1;36m", "\x1b[2m", "\x1b[31m",
                                      "\x1b[2m",    "\x1b[7m",    "\x1b[0m", "\x1b[1;41m"};

/// Marks a renju point forbidden for Black (Black to move only).
inline constexpr char forbidden_mark = '#';

/// Moves of an engine's principal variation that search_summary shows.
inline constexpr std::size_t shown_pv_length = 8;

/// The stones of the winning row in lower case, so that they stand out without colour too.
[[nodiscard]] constexpr char five_letter(Color c) noexcept {
    return c == Color::Black ? 'x' : 'o';
}

/// `board` (a Board<Rule>) with column letters above and below, row numbers (1 = top, as in pos
/// notation) on both sides, the last move in brackets, `forbidden` points marked with
/// forbidden_mark, and when the game is won the winning row in five_letter and named below.
template <typename B>
[[nodiscard]] std::string draw_board(const B& board, const std::vector<Point>& forbidden,
                                     const Palette& pal) {
    const std::vector<Point> five = board.winning_row();
    constexpr int number_width = 2;
    const std::optional<Point> last = board.last_move();
    // The separators left and right of the last move are brackets: visible without colour.
    const auto separator_before = [&](int x, int y) {
        if (!last || last->is_pass() || last->y() != y)
            return ' ';
        return last->x() == x ? '[' : last->x() == x - 1 ? ']' : ' ';
    };
    std::string letters(number_width, ' ');
    for (int x = 0; x < board.width(); ++x) {
        letters += ' ';
        letters += static_cast<char>('a' + x);
    }
    letters = std::string(pal.coordinates) + letters + std::string(pal.reset) + '\n';

    std::string out = letters;
    for (int y = 0; y < board.height(); ++y) {
        std::string number = std::to_string(y + 1);
        number.insert(0, static_cast<std::size_t>(number_width) - number.size(), ' ');
        out += std::string(pal.coordinates) + number + std::string(pal.reset);
        for (int x = 0; x < board.width(); ++x) {
            const Point p(x, y);
            const bool is_last = last && *last == p;
            out += separator_before(x, y);
            std::string_view style = pal.empty;
            char symbol = '.';
            const bool in_five = std::find(five.begin(), five.end(), p) != five.end();
            switch (board.cell(p)) {
            case Cell::Black:
                style = in_five ? pal.five : pal.black;
                symbol = in_five ? five_letter(Color::Black) : examples::stone_letter(Color::Black);
                break;
            case Cell::White:
                style = in_five ? pal.five : pal.white;
                symbol = in_five ? five_letter(Color::White) : examples::stone_letter(Color::White);
                break;
            default:
                if (std::find(forbidden.begin(), forbidden.end(), p) != forbidden.end()) {
                    style = pal.forbidden;
                    symbol = forbidden_mark;
                }
                break;
            }
            out += std::string(style) + (is_last ? std::string(pal.last) : std::string()) + symbol +
                   std::string(pal.reset);
        }
        // A space after the closing bracket too, so that `[O] 15` never reads `[O]15`.
        out += separator_before(board.width(), y);
        out += ' ';
        out += std::string(pal.coordinates) + std::to_string(y + 1) + std::string(pal.reset) + '\n';
    }
    out += letters;
    if (!five.empty()) {
        out += "Winning row (" + std::string(1, five_letter(*board.result().winner)) + "):";
        for (Point p : five)
            out += ' ' + to_pos(p);
        out += ".\n";
    }
    return out;
}

/// A search in one line, "depth 2, value -66, 204 nodes, 3 ms, pv f6 h7", with the first
/// shown_pv_length moves of its line when it has more than one move; `spent` is its time.
[[nodiscard]] inline std::string search_summary(const SearchResult<Point>& r,
                                                std::chrono::milliseconds spent) {
    std::string s = "depth " + std::to_string(r.depth) + ", value " + describe_value(r.value) +
                    ", " + std::to_string(r.stats.nodes) + " nodes, " +
                    std::to_string(spent.count()) + " ms";
    if (r.pv.size() > 1) {
        s += ", pv";
        for (std::size_t i = 0; i < r.pv.size() && i < shown_pv_length; ++i)
            s += ' ' + to_pos(r.pv[i]);
    }
    return s;
}

} // namespace tengen::play
