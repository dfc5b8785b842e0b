#pragma once
/// \file
/// pbrain-tengen's input lines, read with a bound on their length: a manager (or anyone at the
/// other end of the pipe) sending a line without end costs at most the bound in memory, not the
/// whole line.

#include <tengen/tengen.hpp>

#include <cstddef>
#include <cstdint>
#include <istream>
#include <string>
#include <string_view>

namespace tengen::pbrain {

/// The longest line the engine reads, in bytes, the '\n' not counted (a CR before it is). No
/// command comes near it: the longest are the stone lines of a BOARD, some ten bytes each.
inline constexpr std::size_t max_line_bytes = std::size_t{64} << 10;

/// What read_line found.
enum class LineRead : std::uint8_t {
    Line,    ///< a line, in `line`
    TooLong, ///< a line longer than the bound, read to its end and discarded
    End,     ///< the end of the input, with nothing read
};

/// Reads the next line of `in` into `line`, without its '\n'. A line longer than `max_bytes` is
/// read to its end and discarded: `line` is then empty, and no more than `max_bytes` bytes of it
/// were ever held. A last line without '\n' counts as a line. The stream's own buffer reads
/// ahead in blocks; this adds one byte at a time from it.
[[nodiscard]] inline LineRead read_line(std::istream& in, std::string& line,
                                        std::size_t max_bytes = max_line_bytes) {
    line.clear();
    std::streambuf* buffer = in.rdbuf();
    if (buffer == nullptr)
        return LineRead::End;
    bool read_any = false;
    bool too_long = false;
    while (true) {
        const auto c = buffer->sbumpc();
        if (std::istream::traits_type::eq_int_type(c, std::istream::traits_type::eof())) {
            in.setstate(std::ios::eofbit);
            if (!read_any)
                return LineRead::End;
            break;
        }
        read_any = true;
        const char ch = std::istream::traits_type::to_char_type(c);
        if (ch == '\n')
            break;
        if (too_long)
            continue;
        if (line.size() == max_bytes) {
            too_long = true;
            std::string().swap(line);
            continue;
        }
        line.push_back(ch);
    }
    return too_long ? LineRead::TooLong : LineRead::Line;
}

/// What a line read while the engine thinks asks of the search.
enum class Interrupt : std::uint8_t {
    None, ///< an ordinary command: queue it
    Stop, ///< YXSTOP: answer now with the best move so far
    End,  ///< END: stop and exit without answering
};

/// Classifies a line as the reader thread must: YXSTOP and END (any case, surrounding blanks
/// allowed) interrupt a running search; every other line waits its turn.
[[nodiscard]] inline Interrupt interrupt_of(std::string_view line) {
    const std::string word = to_upper_ascii(split_word(line).first);
    if (word == "YXSTOP")
        return Interrupt::Stop;
    if (word == "END")
        return Interrupt::End;
    return Interrupt::None;
}

} // namespace tengen::pbrain
