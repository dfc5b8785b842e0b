#pragma once
/// \file
/// Game records: a game as stored in a file, Piskvork `.psq` text, and moving games between boards
/// and records.
///
/// Everything here works on strings; reading and writing files is the caller's job. A `.psq` text
/// looks like this (coordinates 1-based, x the column, y the row, times in milliseconds):
///
///     Piskvorky 15x15, 0:0, 0
///     8,8,1000
///     9,9,1500
///     pbrain-black.exe
///     pbrain-white.exe
///     -1
///
/// The header's `A:B` are Piskvork's levels of its two players (0 for a human) and `S` (0 or 1)
/// says which of them moved first. After the moves Piskvork may write both players' names and a
/// result code; other programs append other lines.

#include <tengen/core/expected.hpp>
#include <tengen/core/text.hpp>
#include <tengen/core/types.hpp>
#include <tengen/gomoku/board.hpp>
#include <tengen/gomoku/game_result.hpp>
#include <tengen/gomoku/notation.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tengen {

/// A finished or unfinished game as stored in a file.
struct GameRecord {
    int width = 15;           ///< columns
    int height = 15;          ///< rows
    std::vector<Point> moves; ///< in order, Black first; Point::pass() stands for a pass
    std::vector<std::chrono::milliseconds> times; ///< per move: empty, or one per move
    std::string black_name;                       ///< optional, one line
    std::string white_name;                       ///< optional, one line

    friend bool operator==(const GameRecord&, const GameRecord&) = default;
};

/// Limits on `.psq` texts, so that hostile input gives an Error rather than overflow or memory use.
namespace psq_limits {
/// Digits a number of a `.psq` text may have (after leading zeros): any such number fits an int.
inline constexpr std::size_t max_digits = 9;
/// The longest move time that can be written: the largest number of max_digits digits.
inline constexpr std::chrono::milliseconds max_time{999'999'999};
/// Bytes kept of a player's name; longer names are cut (at a UTF-8 character boundary).
inline constexpr std::size_t max_name_bytes = 256;
} // namespace psq_limits

/// How a game stands, in words: "Black wins (five)", "White wins (forbidden double-three)",
/// "draw (board full)" or "game in progress".
[[nodiscard]] inline std::string result_text(const GameResult& result) {
    if (!result.is_over())
        return "game in progress";
    if (!result.winner)
        return "draw (" + std::string(to_string(result.reason)) + ")";
    return capitalized(to_string(*result.winner)) + " wins (" +
           std::string(to_string(result.reason)) + ")";
}

namespace detail {

/// Splits a text into lines ending in "\n", "\r\n" or a lone "\r", counting them from 1.
class LineReader {
public:
    explicit LineReader(std::string_view text) noexcept : rest_(text) {}

    /// Reads the next line (without its end) into `line`; false at the end of the text.
    bool next(std::string_view& line) noexcept {
        if (rest_.empty())
            return false;
        const std::size_t end = rest_.find_first_of("\r\n");
        ++number_;
        if (end == std::string_view::npos) {
            line = rest_;
            rest_ = {};
            return true;
        }
        line = rest_.substr(0, end);
        const bool crlf = rest_[end] == '\r' && end + 1 < rest_.size() && rest_[end + 1] == '\n';
        rest_.remove_prefix(end + (crlf ? 2 : 1));
        return true;
    }

    /// The 1-based number of the line last read.
    [[nodiscard]] int number() const noexcept { return number_; }

private:
    std::string_view rest_;
    int number_ = 0;
};

/// An Error about line `line` (1-based) of a text.
[[nodiscard]] inline Error line_error(int line, const std::string& message) {
    return Error{"line " + std::to_string(line) + ": " + message};
}

/// Reads a whole non-negative decimal number (leading zeros allowed) of at most
/// psq_limits::max_digits significant digits. `what` names the number in the Error.
[[nodiscard]] inline Expected<int> read_psq_number(std::string_view field, std::string_view what) {
    std::string_view s = trim(field);
    const std::string name(what);
    if (s.empty())
        return Error{name + " is missing"};
    if (s.front() == '-' && s.size() > 1 && std::all_of(s.begin() + 1, s.end(), is_digit))
        return Error{name + " " + quoted_excerpt(s) + " is negative"};
    if (!std::all_of(s.begin(), s.end(), is_digit))
        return Error{name + " " + quoted_excerpt(s) + " is not a number"};
    while (s.size() > 1 && s.front() == '0')
        s.remove_prefix(1);
    if (s.size() > psq_limits::max_digits)
        return Error{name + " " + quoted_excerpt(s) + " is too large"};
    const auto value = parse_small_number(s, psq_limits::max_digits);
    if (!value)
        return Error{name + " " + quoted_excerpt(s) + " is not a number"};
    return *value;
}

/// True if `s` is a whole integer, possibly negative: how result codes look.
[[nodiscard]] inline bool is_integer_line(std::string_view s) noexcept {
    if (!s.empty() && s.front() == '-')
        s.remove_prefix(1);
    return !s.empty() && std::all_of(s.begin(), s.end(), is_digit);
}

/// True if the trimmed line `s` is meant as a move (and must then be a good one): it starts like a
/// number and has the three fields of `x,y,t`, or it is only numbers and commas. "1,Freestyle"
/// and "-1" are not moves; "10,x,5", "-3,4,0", "7,8" and "1,2,3,4" are (bad) ones.
[[nodiscard]] inline bool is_move_line(std::string_view s) noexcept {
    if (s.empty() || !(is_digit(s.front()) || s.front() == '-' || s.front() == '+'))
        return false;
    const auto commas = std::count(s.begin(), s.end(), ',');
    const bool numeric = std::all_of(s.begin(), s.end(), [](char c) {
        return is_digit(c) || c == ',' || c == '-' || c == '+' || c == ' ' || c == '\t';
    });
    return commas == 2 || (commas >= 1 && numeric);
}

/// The fields of `s` between commas.
[[nodiscard]] inline std::vector<std::string_view> split_commas(std::string_view s) {
    std::vector<std::string_view> fields;
    for (;;) {
        const std::size_t comma = s.find(',');
        fields.push_back(s.substr(0, comma));
        if (comma == std::string_view::npos)
            return fields;
        s.remove_prefix(comma + 1);
    }
}

/// `name` cut to psq_limits::max_name_bytes, never inside a UTF-8 character.
[[nodiscard]] inline std::string_view cut_name(std::string_view name) noexcept {
    if (name.size() <= psq_limits::max_name_bytes)
        return name;
    std::size_t end = psq_limits::max_name_bytes;
    const auto is_continuation = [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0U) == 0x80U;
    };
    while (end > 0 && is_continuation(name[end]))
        --end;
    return name.substr(0, end);
}

/// What a `.psq` header says.
struct PsqHeader {
    int width = 0;
    int height = 0;
    bool second_player_first = false; ///< S = 1: Piskvork's player 2 moved first
};

/// The word that starts every `.psq` text.
inline constexpr std::string_view psq_magic = "Piskvorky";

/// Parses line 1, `Piskvorky WxH, A:B, S`, with spaces allowed around the numbers.
[[nodiscard]] inline Expected<PsqHeader> read_psq_header(std::string_view line) {
    const std::string shape =
        "expected a Piskvork header 'Piskvorky WxH, A:B, S', got " + quoted_excerpt(line);
    std::string_view s = trim(line);
    if (s.substr(0, psq_magic.size()) != psq_magic || s.size() == psq_magic.size() ||
        !is_blank(s[psq_magic.size()]))
        return line_error(1, shape);
    s.remove_prefix(psq_magic.size());
    // The separators in order: W x H , A : B , S
    constexpr std::array<char, 4> separators{'x', ',', ':', ','};
    std::array<std::string_view, separators.size() + 1> fields{};
    for (std::size_t i = 0; i < separators.size(); ++i) {
        const std::size_t at = s.find(separators[i]);
        if (at == std::string_view::npos)
            return line_error(1, shape);
        fields[i] = s.substr(0, at);
        s.remove_prefix(at + 1);
    }
    fields.back() = s;
    constexpr std::array<std::string_view, fields.size()> names{
        "board width", "board height", "level of player 1", "level of player 2", "first player"};
    std::array<int, fields.size()> values{};
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const auto value = read_psq_number(fields[i], names[i]);
        if (!value)
            return line_error(1, value.error().message + " in " + quoted_excerpt(line));
        values[i] = *value;
    }
    PsqHeader header{values[0], values[1], values[4] == 1};
    const auto supported = [](int side) {
        return side >= layout::min_board_size && side <= layout::max_board_size;
    };
    if (!supported(header.width) || !supported(header.height))
        return line_error(1, "board size " + std::to_string(header.width) + "x" +
                                 std::to_string(header.height) + " is not supported (sides from " +
                                 std::to_string(layout::min_board_size) + " to " +
                                 std::to_string(layout::max_board_size) + ")");
    if (values[4] > 1)
        return line_error(1, "first player must be 0 or 1, not " + std::to_string(values[4]));
    return header;
}

/// `name` as a record keeps it: cut to psq_limits::max_name_bytes, control characters made
/// spaces, surrounding spaces trimmed.
[[nodiscard]] inline std::string clean_name(std::string_view name) {
    std::string cleaned;
    for (char c : cut_name(name))
        cleaned += static_cast<unsigned char>(c) < ' ' || c == '\x7f' ? ' ' : c;
    return std::string(trim(cleaned));
}

/// The name line write_psq writes for `name`: one line that read_psq reads back as a name (not as
/// a move, a result code or the "no name" mark).
[[nodiscard]] inline std::string psq_name_line(std::string_view name) {
    const std::string line = clean_name(name);
    if (line.empty())
        return "-";
    if (line == "-" || is_integer_line(line) || is_move_line(line))
        return "_" + line;
    return line;
}

} // namespace detail

/// Reads a Piskvork `.psq` text.
///
/// Strict about the header (`Piskvorky WxH, A:B, S`: sides supported by tengen, A and B
/// non-negative, S 0 or 1) and the move lines (`x,y,t`: 1-based x and y on the board, t a
/// non-negative time in milliseconds, no point twice). Lenient about what follows the moves:
/// the first line that is not a move ends them; if it is not a number, it and the next line are
/// taken as the names of Black and White (swapped when S is 1, as Piskvork writes its players in
/// a fixed order; a name `-` stands for no name; control characters become spaces; names are cut
/// to psq_limits::max_name_bytes); every later line is ignored, except that a line shaped like a
/// move (`x,y,t`) there is an Error: a move after a stray line is more likely damage than a
/// trailer.
/// "\n", "\r\n" and "\r" line ends, blank lines, spaces around numbers and a UTF-8 byte-order mark
/// are accepted. The Error names the line. On success `times` holds one time per move.
[[nodiscard]] inline Expected<GameRecord> read_psq(std::string_view text) {
    constexpr std::string_view byte_order_mark = "\xEF\xBB\xBF";
    if (text.substr(0, byte_order_mark.size()) == byte_order_mark)
        text.remove_prefix(byte_order_mark.size());
    detail::LineReader lines(text);
    std::string_view line;
    if (!lines.next(line) || trim(line).empty())
        return detail::line_error(
            1, "expected a Piskvork header 'Piskvorky WxH, A:B, S', got an empty line");
    const auto header = detail::read_psq_header(line);
    if (!header)
        return header.error();

    GameRecord record;
    record.width = header->width;
    record.height = header->height;
    // The line each point was played on (0: not played), to name both lines of a repeated point.
    std::array<int, layout::cell_count> played_on{};
    int moves_end = 0;
    std::vector<std::string> names;
    constexpr std::size_t name_lines = 2;
    bool names_done = false;

    while (lines.next(line)) {
        const std::string_view s = trim(line);
        if (s.empty())
            continue;
        const int number = lines.number();
        const bool move_line = detail::is_move_line(s);
        if (move_line && moves_end != 0 && std::count(s.begin(), s.end(), ',') == 2)
            return detail::line_error(number, "move " + quoted_excerpt(s) +
                                                  " after the end of the moves (line " +
                                                  std::to_string(moves_end) + ")");
        if (move_line && moves_end == 0) {
            const auto fields = detail::split_commas(s);
            if (fields.size() != 3)
                return detail::line_error(number,
                                          "expected a move 'x,y,t', got " + quoted_excerpt(s));
            const auto x = detail::read_psq_number(fields[0], "x");
            const auto y = detail::read_psq_number(fields[1], "y");
            const auto t = detail::read_psq_number(fields[2], "time");
            for (const auto* value : {&x, &y, &t})
                if (!*value)
                    return detail::line_error(number, value->error().message + " in move " +
                                                          quoted_excerpt(s));
            if (*x < 1 || *x > record.width || *y < 1 || *y > record.height)
                return detail::line_error(
                    number, "move " + std::to_string(*x) + "," + std::to_string(*y) +
                                " is off the " + std::to_string(record.width) + "x" +
                                std::to_string(record.height) + " board (coordinates from 1)");
            const Point p(*x - 1, *y - 1);
            int& first = played_on[static_cast<std::size_t>(p.index())];
            if (first != 0)
                return detail::line_error(
                    number, "point " + std::to_string(*x) + "," + std::to_string(*y) +
                                " was already played on line " + std::to_string(first));
            first = number;
            record.moves.push_back(p);
            record.times.emplace_back(*t);
            continue;
        }
        if (moves_end == 0)
            moves_end = number;
        if (names_done)
            continue;
        std::string name = detail::clean_name(s);
        if (name.empty())
            continue;
        // A number is the result code, after which Piskvork writes nothing of ours.
        if (names.size() < name_lines && !move_line && !detail::is_integer_line(name) &&
            !detail::is_move_line(name))
            names.push_back(std::move(name));
        else
            names_done = true;
    }
    if (!names.empty())
        record.black_name = std::move(names[0]);
    if (names.size() > 1)
        record.white_name = std::move(names[1]);
    for (std::string* name : {&record.black_name, &record.white_name})
        if (*name == "-")
            name->clear();
    if (header->second_player_first)
        std::swap(record.black_name, record.white_name);
    return record;
}

/// Writes `record` as a `.psq` text that read_psq and Piskvork read back: the header (both
/// players human, player 1 first), one `x,y,t` line per move and, when either name is set, the
/// two names (an empty one as `-`). Lines end in "\n".
///
/// What `.psq` cannot hold is adapted, not refused: the moves end before the first pass; a
/// missing, negative or too long time is written as 0 or psq_limits::max_time; control
/// characters in names become spaces, names are cut to psq_limits::max_name_bytes, and a name
/// that would read back as a number or a move gets a leading `_`. Precondition: every move lies
/// on the record's board (record_of and read_psq make only such records).
[[nodiscard]] inline std::string write_psq(const GameRecord& record) {
    std::string out = std::string(detail::psq_magic) + " " + std::to_string(record.width) + "x" +
                      std::to_string(record.height) + ", 0:0, 0\n";
    const bool timed = record.times.size() == record.moves.size();
    for (std::size_t i = 0; i < record.moves.size(); ++i) {
        const Point p = record.moves[i];
        if (p.is_pass())
            break;
        const auto time =
            timed ? std::clamp(record.times[i], std::chrono::milliseconds{0}, psq_limits::max_time)
                  : std::chrono::milliseconds{0};
        out += std::to_string(p.x() + 1) + "," + std::to_string(p.y() + 1) + "," +
               std::to_string(time.count()) + "\n";
    }
    if (!record.black_name.empty() || !record.white_name.empty())
        out += detail::psq_name_line(record.black_name) + "\n" +
               detail::psq_name_line(record.white_name) + "\n";
    return out;
}

/// The record of `board`'s game so far: its size and its moves (passes included), no times and no
/// names.
template <typename B> [[nodiscard]] GameRecord record_of(const B& board) {
    GameRecord record;
    record.width = board.width();
    record.height = board.height();
    const auto history = board.history();
    record.moves.assign(history.begin(), history.end());
    return record;
}

/// Replays `record` on `board`, cleared first, with the board's rule. All or nothing: either
/// every move is played and nothing is returned, or `board` is left exactly as it was and the
/// Error says why: a size that differs from the board's, a times list that is neither empty nor
/// one per move, or the first move (counted from 1) that is off the board, on an occupied point,
/// or after the end of the game.
template <typename B>
[[nodiscard]] std::optional<Error> load_record(B& board, const GameRecord& record) {
    const auto size = [](int w, int h) { return std::to_string(w) + "x" + std::to_string(h); };
    if (record.width != board.width() || record.height != board.height())
        return Error{"the record is for a " + size(record.width, record.height) + " board, not " +
                     size(board.width(), board.height())};
    if (!record.times.empty() && record.times.size() != record.moves.size())
        return Error{"the record has " + std::to_string(record.times.size()) + " move times for " +
                     std::to_string(record.moves.size()) + " moves"};
    // Replayed on a copy so that a bad move leaves the caller's board, history and all, untouched.
    B replay = board.clone();
    replay.clear();
    for (std::size_t i = 0; i < record.moves.size(); ++i) {
        const Point p = record.moves[i];
        const std::string move = "move " + std::to_string(i + 1) + " (" +
                                 (p.is_pass() ? std::string("pass") : to_pos(p)) + ")";
        if (replay.result().is_over())
            return Error{move + " comes after the end of the game: " +
                         result_text(replay.result()) + " at move " + std::to_string(i)};
        if (p.is_pass()) {
            replay.pass();
            continue;
        }
        const MoveError error = replay.check_move(p);
        switch (error) {
        case MoveError::None:
            break;
        case MoveError::OffBoard:
            return Error{move + " is off the " + size(board.width(), board.height()) + " board"};
        case MoveError::Occupied:
            return Error{move + " is on an occupied point"};
        default:
            return Error{move + " cannot be played: " + std::string(to_string(error))};
        }
        replay.play(p);
    }
    board = std::move(replay);
    return std::nullopt;
}

/// Reads a `.psq` text (read_psq) and replays it on `board` (load_record), all or nothing.
template <typename B> [[nodiscard]] std::optional<Error> load_psq(B& board, std::string_view text) {
    const auto record = read_psq(text);
    if (!record)
        return record.error();
    return load_record(board, *record);
}

} // namespace tengen
