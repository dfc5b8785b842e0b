#pragma once
/// \file
/// pbrain-tengen's input lines, read with a bound on their length and queued with a bound on
/// their number and bytes: a manager (or anyone at the other end of the pipe) sending a line
/// without end, or lines faster than the engine handles them, costs at most the bounds in
/// memory. And what the reader thread must see at once: the stops and a lowered memory limit.

#include "time_control.hpp"

#include <tengen/tengen.hpp>

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <istream>
#include <mutex>
#include <optional>
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
    Stop, ///< YXSTOP (or STOP, Rapfi's spelling): answer now with the best move so far
    End,  ///< END: stop and exit without answering
};

/// Classifies a line as the reader thread must: YXSTOP, STOP and END (any case, surrounding
/// blanks allowed) interrupt a running search; every other line waits its turn.
[[nodiscard]] inline Interrupt interrupt_of(std::string_view line) {
    const std::string word = to_upper_ascii(split_word(line).first);
    if (word == "YXSTOP" || word == "STOP")
        return Interrupt::Stop;
    if (word == "END")
        return Interrupt::End;
    return Interrupt::None;
}

/// The value of an `INFO max_memory N` line (key in any case), for the reader thread, which
/// must see a lowered limit while the engine searches; nothing for any other line or a value
/// that is not a whole number >= 0.
[[nodiscard]] inline std::optional<std::uint64_t> memory_limit_of(std::string_view line) {
    const auto [command, rest] = split_word(line);
    if (to_upper_ascii(command) != "INFO")
        return std::nullopt;
    const auto [key, value_text] = split_word(rest);
    if (to_lower_ascii(key) != "max_memory")
        return std::nullopt;
    const auto value = parse_integer(value_text);
    if (!value || *value < 0)
        return std::nullopt;
    return static_cast<std::uint64_t>(*value);
}

/// The most lines that may wait while the engine is busy: far more than any manager sends
/// between two answers (a BOARD of a full 20x20 board is 402 lines).
inline constexpr std::size_t max_queued_lines = 4096;
/// The most bytes those lines may hold (their buffers' capacities): a bound on what input the
/// engine has not read yet can cost, whatever the lines' lengths.
inline constexpr std::size_t max_queued_bytes = std::size_t{8} << 20;

/// A line read from the input, as it waits for the main thread.
struct InputLine {
    std::string text;
    std::uint64_t stops_before = 0; ///< stop requests (YXSTOP, END) read before this line
    Clock::time_point received;     ///< the move budget counts from here
    bool too_long = false;          ///< longer than max_line_bytes: discarded, `text` empty
    /// Not a line: this many lines that came after the one before were dropped, the queue
    /// being full (`text` empty).
    std::size_t dropped = 0;
};

/// The lines the reader thread has read and the main thread has not handled yet, bounded by
/// max_queued_lines and max_queued_bytes. A line that does not fit is dropped, and the drop is
/// queued in its place (one InputLine with `dropped` for each run of dropped lines), so that
/// the main thread can say so in order. Thread-safe.
class InputQueue {
public:
    explicit InputQueue(std::size_t max_lines = max_queued_lines,
                        std::size_t max_bytes = max_queued_bytes)
        : max_lines_(max_lines), max_bytes_(max_bytes) {}

    /// Queues `line`, or drops it when the bounds would be passed. `always` (END, the last
    /// line the reader reads) is queued whatever the bounds. True if queued.
    bool push(InputLine line, bool always = false) {
        bool queued = false;
        {
            const std::lock_guard lock(mutex_);
            const std::size_t bytes = line.text.capacity();
            if (always || (queued_lines_ < max_lines_ && queued_bytes_ + bytes <= max_bytes_)) {
                queued_lines_ += 1;
                queued_bytes_ += bytes;
                lines_.push_back(std::move(line));
                queued = true;
            } else if (!lines_.empty() && lines_.back().dropped > 0) {
                ++lines_.back().dropped;
            } else {
                // The marker takes no line of the bound: there is at most one per queued line.
                InputLine marker;
                marker.dropped = 1;
                marker.stops_before = line.stops_before;
                marker.received = line.received;
                lines_.push_back(std::move(marker));
            }
        }
        ready_.notify_one();
        return queued;
    }

    /// No more lines will come (end of input or END).
    void close() {
        {
            const std::lock_guard lock(mutex_);
            closed_ = true;
        }
        ready_.notify_one();
    }

    /// The next line (or drop marker), waiting for one; nothing once the queue is closed and
    /// empty.
    [[nodiscard]] std::optional<InputLine> pop() {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [&] { return !lines_.empty() || closed_; });
        if (lines_.empty())
            return std::nullopt;
        InputLine line = std::move(lines_.front());
        lines_.pop_front();
        if (line.dropped == 0) {
            queued_lines_ -= 1;
            queued_bytes_ -= line.text.capacity();
        }
        return line;
    }

    /// Bytes the queued lines hold now (for tests).
    [[nodiscard]] std::size_t queued_bytes() const {
        const std::lock_guard lock(mutex_);
        return queued_bytes_;
    }

private:
    std::size_t max_lines_;
    std::size_t max_bytes_;
    mutable std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<InputLine> lines_;
    std::size_t queued_lines_ = 0; ///< lines in lines_, markers not counted
    std::size_t queued_bytes_ = 0;
    bool closed_ = false;
};

} // namespace tengen::pbrain
