#pragma once
/// \file
/// Pictures of a game: an SVG drawing of the board and a self-contained HTML page around it.
///
/// The drawing uses the pos notation's orientation: columns lettered from `a` on the left, rows
/// numbered from 1 at the top, so that the labels read as to_pos writes the moves.

#include <tengen/core/text.hpp>
#include <tengen/core/types.hpp>
#include <tengen/gomoku/game_result.hpp>
#include <tengen/gomoku/notation.hpp>
#include <tengen/gomoku/record.hpp>
#include <tengen/gomoku/rules/dispatch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tengen {

/// How to_svg and to_html draw a board.
struct SvgOptions {
    bool numbers = true;     ///< write each stone's move number on it
    bool coordinates = true; ///< letter the columns and number the rows
    /// Distance between grid lines, clamped to [min_cell_pixels, max_cell_pixels].
    int cell_pixels = 32;
    /// Mark the last stone played: a red number, or a red dot without numbers.
    bool mark_last = true;
    std::string black_name; ///< optional; any text (it is escaped)
    std::string white_name; ///< optional; any text (it is escaped)
    std::string title;      ///< optional; "tengen game" when empty
};

/// The smallest cell size to_svg draws: below it numbers and labels cannot be read.
inline constexpr int min_cell_pixels = 12;
/// The largest cell size to_svg draws, which also keeps every coordinate far from overflow.
inline constexpr int max_cell_pixels = 256;

namespace detail {

/// The length of the valid UTF-8 sequence that starts `s` and encodes a character XML allows, or 0.
[[nodiscard]] inline std::size_t xml_char_length(std::string_view s) noexcept {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned lead = byte(0);
    std::size_t length = 0;
    std::uint32_t code = 0;
    std::uint32_t least = 0; // the smallest code point of this length: smaller ones are overlong
    if (lead >= 0xC2U && lead <= 0xDFU) {
        length = 2;
        code = lead & 0x1FU;
        least = 0x80U;
    } else if (lead >= 0xE0U && lead <= 0xEFU) {
        length = 3;
        code = lead & 0x0FU;
        least = 0x800U;
    } else if (lead >= 0xF0U && lead <= 0xF4U) {
        length = 4;
        code = lead & 0x07U;
        least = 0x10000U;
    } else {
        return 0;
    }
    if (s.size() < length)
        return 0;
    for (std::size_t i = 1; i < length; ++i) {
        if ((byte(i) & 0xC0U) != 0x80U)
            return 0;
        code = (code << 6U) | (byte(i) & 0x3FU);
    }
    const bool surrogate = code >= 0xD800U && code <= 0xDFFFU;
    const bool non_character = code == 0xFFFEU || code == 0xFFFFU;
    if (code < least || code > 0x10FFFFU || surrogate || non_character)
        return 0;
    return length;
}

/// Where the star points of a `width` x `height` board are: the four corner points 3 lines in on
/// boards of 13 and more (2 lines in from 7), the centre on odd sides, and the side midpoints on
/// go-sized boards.
[[nodiscard]] inline std::vector<Point> star_points(int width, int height) {
    constexpr int smallest_starred = 7;
    constexpr int wide_inset_from = 13;
    constexpr int wide_inset = 3;
    constexpr int narrow_inset = 2;
    constexpr int side_stars_from = 19;
    std::vector<Point> stars;
    if (std::min(width, height) < smallest_starred)
        return stars;
    const auto inset = [](int side) { return side >= wide_inset_from ? wide_inset : narrow_inset; };
    const int ix = inset(width);
    const int iy = inset(height);
    for (int y : {iy, height - 1 - iy})
        for (int x : {ix, width - 1 - ix})
            stars.emplace_back(x, y);
    const bool odd = width % 2 == 1 && height % 2 == 1;
    if (odd)
        stars.emplace_back(width / 2, height / 2);
    if (odd && std::min(width, height) >= side_stars_from) {
        stars.emplace_back(width / 2, iy);
        stars.emplace_back(width / 2, height - 1 - iy);
        stars.emplace_back(ix, height / 2);
        stars.emplace_back(width - 1 - ix, height / 2);
    }
    return stars;
}

/// `key="value"` with a leading space, for numeric attributes.
[[nodiscard]] inline std::string attr(std::string_view key, int value) {
    return " " + std::string(key) + "=\"" + std::to_string(value) + "\"";
}

/// The picture's one-line caption: the title and, when known, the players.
[[nodiscard]] inline std::string caption(const SvgOptions& options) {
    std::string text = options.title.empty() ? "tengen game" : options.title;
    if (!options.black_name.empty() || !options.white_name.empty()) {
        const auto name = [](const std::string& n) { return n.empty() ? std::string("?") : n; };
        text += ": " + name(options.black_name) + " (Black) vs " + name(options.white_name) +
                " (White)";
    }
    return text;
}

} // namespace detail

/// `text` made safe as XML or HTML text and attribute values: `& < > " '` become entities,
/// and bytes that are not valid UTF-8 or encode characters XML forbids (control characters other
/// than tab and line ends) become U+FFFD.
[[nodiscard]] inline std::string xml_escape(std::string_view text) {
    constexpr std::string_view replacement = "\xEF\xBF\xBD";
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x80U) {
            const std::size_t length = detail::xml_char_length(text.substr(i));
            if (length == 0) {
                out += replacement;
                ++i;
            } else {
                out.append(text.substr(i, length));
                i += length;
            }
            continue;
        }
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            if (byte < 0x20U && c != '\t' && c != '\n' && c != '\r')
                out += replacement;
            else
                out += c;
            break;
        }
        ++i;
    }
    return out;
}

/// An SVG picture of `board`: a wood background, the grid and its star points, column letters
/// and row numbers (row 1 at the top, as to_pos writes), the stones with their move numbers and
/// the last stone marked. Every stone is one `<circle class="stone black">` or
/// `<circle class="stone white">`. The text is a standalone `<svg>` element (no XML declaration),
/// fit for a `.svg` file or for embedding in HTML. `options.cell_pixels` is clamped to
/// [min_cell_pixels, max_cell_pixels]; names and title may be any text.
template <typename B>
[[nodiscard]] std::string to_svg(const B& board, const SvgOptions& options = {}) {
    const int cell = std::clamp(options.cell_pixels, min_cell_pixels, max_cell_pixels);
    // The margins leave room for a stone's overhang and, top and left, for the labels.
    const int margin = options.coordinates ? cell * 3 / 2 : cell * 3 / 4;
    const int far_margin = cell * 3 / 4;
    const int label_offset = cell * 9 / 10;
    const int stone_radius = cell * 23 / 50;
    const int star_radius = std::max(2, cell / 10);
    const int last_dot_radius = cell / 6;
    const int label_font = cell * 2 / 5;
    const int number_font = cell * 2 / 5;
    const int long_number_font = cell / 3;
    // Digits centred on a point: the baseline goes about 0.35 em below it. Renderers disagree on
    // dominant-baseline, so the shift is explicit.
    const auto baseline_drop = [](int font) { return font * 7 / 20; };
    constexpr int long_number = 100;
    constexpr std::string_view wood = "#dcb35c";
    constexpr std::string_view ink = "#1a1a1a";
    constexpr std::string_view mark = "#e02020";
    constexpr std::string_view black_stone = " fill=\"#141414\" stroke=\"#000000\"";
    constexpr std::string_view white_stone = " fill=\"#f4f4f4\" stroke=\"#505050\"";
    constexpr std::string_view on_black = "#ffffff";
    constexpr std::string_view on_white = "#000000";

    const int w = board.width();
    const int h = board.height();
    const int picture_w = margin + (w - 1) * cell + far_margin;
    const int picture_h = margin + (h - 1) * cell + far_margin;
    const auto at = [&](int line) { return margin + line * cell; };

    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"" +
                      detail::attr("width", picture_w) + detail::attr("height", picture_h) +
                      " viewBox=\"0 0 " + std::to_string(picture_w) + " " +
                      std::to_string(picture_h) +
                      "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n";
    out += "<title>" + xml_escape(detail::caption(options)) + "</title>\n";
    out += "<rect class=\"board\" x=\"0\" y=\"0\"" + detail::attr("width", picture_w) +
           detail::attr("height", picture_h) + " fill=\"" + std::string(wood) + "\"/>\n";

    out += "<g class=\"grid\" stroke=\"" + std::string(ink) + "\" stroke-width=\"1\">\n";
    for (int x = 0; x < w; ++x)
        out += "<line" + detail::attr("x1", at(x)) + detail::attr("y1", at(0)) +
               detail::attr("x2", at(x)) + detail::attr("y2", at(h - 1)) + "/>\n";
    for (int y = 0; y < h; ++y)
        out += "<line" + detail::attr("x1", at(0)) + detail::attr("y1", at(y)) +
               detail::attr("x2", at(w - 1)) + detail::attr("y2", at(y)) + "/>\n";
    out += "</g>\n";

    out += "<g class=\"stars\" fill=\"" + std::string(ink) + "\">\n";
    for (Point p : detail::star_points(w, h))
        out += "<circle class=\"star\"" + detail::attr("cx", at(p.x())) +
               detail::attr("cy", at(p.y())) + detail::attr("r", star_radius) + "/>\n";
    out += "</g>\n";

    if (options.coordinates) {
        out += "<g class=\"coordinates\" fill=\"" + std::string(ink) + "\"" +
               detail::attr("font-size", label_font) + " text-anchor=\"middle\">\n";
        for (int x = 0; x < w; ++x)
            out += "<text" + detail::attr("x", at(x)) +
                   detail::attr("y", margin - label_offset + baseline_drop(label_font)) + ">" +
                   std::string(1, static_cast<char>('a' + x)) + "</text>\n";
        for (int y = 0; y < h; ++y)
            out += "<text" + detail::attr("x", margin - label_offset) +
                   detail::attr("y", at(y) + baseline_drop(label_font)) + ">" +
                   std::to_string(y + 1) + "</text>\n";
        out += "</g>\n";
    }

    const auto history = board.history();
    std::optional<std::size_t> last_stone;
    for (std::size_t i = 0; i < history.size(); ++i)
        if (!history[i].is_pass())
            last_stone = i;
    out += "<g class=\"stones\" text-anchor=\"middle\">\n";
    for (std::size_t i = 0; i < history.size(); ++i) {
        const Point p = history[i];
        if (p.is_pass())
            continue;
        const bool black = board.cell(p) == Cell::Black;
        const int cx = at(p.x());
        const int cy = at(p.y());
        const bool marked = options.mark_last && last_stone == i;
        out += "<circle class=\"stone " + std::string(black ? "black" : "white") + "\"" +
               detail::attr("cx", cx) + detail::attr("cy", cy) + detail::attr("r", stone_radius) +
               std::string(black ? black_stone : white_stone) + " stroke-width=\"1\"/>\n";
        const int number = static_cast<int>(i) + 1;
        if (options.numbers) {
            const std::string_view fill = marked ? mark : black ? on_black : on_white;
            const int font = number < long_number ? number_font : long_number_font;
            out += "<text class=\"number\"" + detail::attr("x", cx) +
                   detail::attr("y", cy + baseline_drop(font)) + detail::attr("font-size", font) +
                   " fill=\"" + std::string(fill) + "\">" + std::to_string(number) + "</text>\n";
        } else if (marked) {
            out += "<circle class=\"last\"" + detail::attr("cx", cx) + detail::attr("cy", cy) +
                   detail::attr("r", last_dot_radius) + " fill=\"" + std::string(mark) + "\"/>\n";
        }
    }
    out += "</g>\n</svg>\n";
    return out;
}

/// A self-contained HTML page (no external files) showing `board`: the title, the rule and size,
/// the players when named, the result, to_svg's picture and the moves as one pos string (row 1 at
/// the top; a pass written as `(pass)`). All text from `options` is escaped.
template <typename B>
[[nodiscard]] std::string to_html(const B& board, const SvgOptions& options = {}) {
    using Rule = typename B::rule_type;
    const std::string title = options.title.empty() ? "tengen game" : options.title;
    std::string moves;
    for (Point p : board.history())
        moves += p.is_pass() ? std::string("(pass)") : to_pos(p);
    std::string result = result_text(board.result()) + " after " +
                         std::to_string(board.move_count()) +
                         (board.move_count() == 1 ? " move" : " moves");
    if (!board.result().is_over())
        result += ", " + capitalized(to_string(board.side_to_move())) + " to move";

    const auto row = [](std::string_view key, const std::string& value) {
        return "<tr><th>" + std::string(key) + "</th><td>" + xml_escape(value) + "</td></tr>\n";
    };
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    out += "<title>" + xml_escape(title) + "</title>\n";
    out += "<style>\n"
           "body { font-family: sans-serif; margin: 2em; color: #222; background: #faf8f2; }\n"
           "th { text-align: left; padding-right: 1em; }\n"
           "code { word-break: break-all; }\n"
           "</style>\n</head>\n<body>\n";
    out += "<h1>" + xml_escape(title) + "</h1>\n<table>\n";
    out += row("Rule", to_string(RuleSpec{Rule::id, Rule::win_length}));
    out += row("Board", std::to_string(board.width()) + "x" + std::to_string(board.height()));
    if (!options.black_name.empty())
        out += row("Black", options.black_name);
    if (!options.white_name.empty())
        out += row("White", options.white_name);
    out += row("Result", result);
    out += "</table>\n<figure>\n" + to_svg(board, options) + "</figure>\n";
    out += "<p>Moves (row 1 at the top): <code>" + xml_escape(moves) + "</code></p>\n";
    out += "</body>\n</html>\n";
    return out;
}

} // namespace tengen
