#pragma once
/// \file
/// tengen_web's log: lines go to a bounded queue that one thread writes to stderr, so that a
/// request never waits for stderr (a pipe nobody reads, a terminal paused with Ctrl-S). A full
/// queue drops lines and says later how many; control characters are never written.

#include <tengen/core/text.hpp>

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <poll.h>
#include <string>
#include <string_view>
#include <thread>
#include <unistd.h>

namespace tengen::web {

/// Lines waiting to be written; more are dropped (and counted) until the writer catches up.
inline constexpr std::size_t max_queued_log_lines = 256;
/// Characters of one log line; the rest is cut (a line quotes untrusted paths and bodies).
inline constexpr std::size_t max_log_line = 300;

/// A log line fit to write: tengen::excerpt in ASCII, cut to max_log_line. Every byte that is
/// not printable ASCII shows as '?': the C0 controls (an encoded CR or LF in a path would forge
/// a line) and the C1 controls (U+009B is a terminal's CSI), at the price of showing other
/// non-ASCII text as '?' too.
[[nodiscard]] inline std::string clean_log_line(std::string_view text) {
    return excerpt(text, max_log_line, Charset::ascii);
}

/// Writes lines to a file descriptor (stderr) from its own thread; post() never blocks.
class LogSink {
public:
    /// Logs to `fd` (not owned). The writer waits until `fd` can take a line, at most
    /// `poll_interval` at a time, so that it notices the end.
    explicit LogSink(int fd = STDERR_FILENO) : fd_(fd), writer_([this] { write_lines(); }) {}
    LogSink(const LogSink&) = delete;
    LogSink& operator=(const LogSink&) = delete;
    /// Stops the writer: lines it has not written by then are dropped.
    ~LogSink() {
        {
            const std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        ready_.notify_all();
        writer_.join();
    }

    /// Queues `text` as one line (cleaned, see clean_log_line), or drops it when the queue is
    /// full. Never waits for the writer.
    void post(std::string_view text) {
        std::string line = clean_log_line(text);
        line += '\n';
        {
            const std::lock_guard lock(mutex_);
            if (lines_.size() >= max_queued_log_lines) {
                ++dropped_;
                return;
            }
            lines_.push_back(std::move(line));
        }
        ready_.notify_one();
    }

    /// Lines dropped so far because the queue was full.
    [[nodiscard]] std::size_t dropped() const {
        const std::lock_guard lock(mutex_);
        return total_dropped_ + dropped_;
    }

private:
    static constexpr std::chrono::milliseconds poll_interval{100};

    void write_lines() {
        std::unique_lock lock(mutex_);
        for (;;) {
            ready_.wait(lock, [&] { return stopping_ || !lines_.empty() || dropped_ > 0; });
            if (stopping_)
                return;
            std::string line;
            if (dropped_ > 0) {
                line = "tengen_web: " + std::to_string(dropped_) +
                       " log lines dropped (stderr did not take them)\n";
                total_dropped_ += dropped_;
                dropped_ = 0;
            } else {
                line = std::move(lines_.front());
                lines_.pop_front();
            }
            lock.unlock();
            const bool written = write_when_ready(line);
            lock.lock();
            if (!written)
                return;
        }
    }

    /// Writes `line` once `fd_` can take it; false when asked to stop first or on an error.
    /// A line is shorter than PIPE_BUF, so once poll says a pipe can take data, the write of a
    /// line does not block.
    bool write_when_ready(std::string_view line) {
        std::size_t done = 0;
        while (done < line.size()) {
            pollfd p{fd_, POLLOUT, 0};
            const int ready = ::poll(&p, 1, static_cast<int>(poll_interval.count()));
            if (ready < 0 && errno != EINTR)
                return false;
            if (ready <= 0) {
                const std::lock_guard lock(mutex_);
                if (stopping_)
                    return false;
                continue;
            }
            if ((p.revents & (POLLERR | POLLHUP | POLLNVAL)) != 0)
                return false;
            const ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
            if (n < 0 && errno != EINTR && errno != EAGAIN)
                return false;
            if (n > 0)
                done += static_cast<std::size_t>(n);
        }
        return true;
    }

    int fd_;
    mutable std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<std::string> lines_;
    std::size_t dropped_ = 0;       ///< dropped since the last report
    std::size_t total_dropped_ = 0; ///< reported already
    bool stopping_ = false;
    std::thread writer_; ///< last: starts once the rest is ready
};

} // namespace tengen::web
