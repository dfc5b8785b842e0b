#pragma once
/// \file
/// tengen_web's analysis pool: a fixed set of threads that run the page's analyses (search, hint,
/// VCF, VCT), each thread with its own searcher and table kept from one analysis to the next (so
/// the server's memory does not grow with the analyses it has run), at a lower priority than the
/// engine's games, with a fair share of the threads per client address. An analysis is never
/// queued: over the limits it is refused at once. Thread-safe.

#include "api.hpp"
#include "gomoku_analysis.hpp"
#include "position.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace tengen::web {

/// How much an analysis thread yields to the others (a nice value, 0 to 19): the engine's
/// searches for games and the HTTP workers run at 0, so on a busy machine they get most of the
/// processor (at nice 10 a thread weighs about a tenth of one at 0).
inline constexpr int analysis_nice = 10;
/// How often a waiting request looks whether its client has gone or the position has changed.
inline constexpr std::chrono::milliseconds analysis_watch_slice{50};
/// A client refused an analysis counts as waiting for this long: meanwhile the clients that
/// hold analyses may hold no more than their fair share of the threads.
inline constexpr std::chrono::seconds analysis_waiting_window{3};

/// The analysis threads and who holds them.
class AnalysisPool {
public:
    /// `threads` analysis threads (at least 1), at most `per_client` held by one client address,
    /// each analysis searching on `search_threads` threads (AnalysisWorkspace).
    AnalysisPool(int threads, std::size_t per_client, int search_threads = 1)
        : threads_(static_cast<std::size_t>(std::max(threads, 1))), per_client_(per_client),
          search_threads_(search_threads) {
        for (std::size_t i = 0; i < threads_; ++i)
            workers_.emplace_back([this] { work(); });
    }
    AnalysisPool(const AnalysisPool&) = delete;
    AnalysisPool& operator=(const AnalysisPool&) = delete;
    ~AnalysisPool() {
        {
            const std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        wake_.notify_all();
        for (std::thread& t : workers_)
            t.join();
    }

    /// Runs `analysis` on a thread of the pool for `client` and waits for its `result`, setting
    /// `stop` (the flag the analysis was made with) as soon as `abandon()` (asked every
    /// analysis_watch_slice, from this thread) says that nobody wants it any more: the client
    /// has gone, or the position has changed. Refused at once, nothing run, when every thread is
    /// busy (503) or the client holds its share (429): at most `per_client`, and no more than
    /// an even share of the threads while another client waits (was refused within
    /// analysis_waiting_window).
    [[nodiscard]] std::optional<ApiError> run(const std::string& client,
                                              std::unique_ptr<Analysis> analysis,
                                              std::atomic<bool>& stop,
                                              const std::function<bool()>& abandon, Json& result) {
        auto job = std::make_shared<Job>();
        job->analysis = std::move(analysis);
        {
            const std::lock_guard lock(mutex_);
            if (auto refusal = admit(client))
                return refusal;
            queue_.push_back(job);
        }
        wake_.notify_one();
        {
            std::unique_lock lock(mutex_);
            while (!finished_.wait_for(lock, analysis_watch_slice, [&] { return job->done; })) {
                lock.unlock();
                if (abandon())
                    stop = true;
                lock.lock();
            }
            release(client);
        }
        result = std::move(job->result);
        return std::nullopt;
    }

    /// Analysis threads, and so analyses running at once.
    [[nodiscard]] std::size_t threads() const { return threads_; }

private:
    using Clock = std::chrono::steady_clock;

    struct Job {
        std::unique_ptr<Analysis> analysis;
        Json result;
        bool done = false; ///< guarded by the pool's mutex
    };

    /// A client's analyses running and when it was last refused.
    struct Share {
        std::size_t held = 0;
        std::optional<Clock::time_point> refused;
    };

    /// Takes a thread for `client`, or says why not. Caller holds the lock.
    [[nodiscard]] std::optional<ApiError> admit(const std::string& client) {
        const auto now = Clock::now();
        std::erase_if(shares_, [&](const auto& entry) {
            return entry.first != client && entry.second.held == 0 && !waiting(entry.second, now);
        });
        Share& mine = shares_[client];
        // Everyone holding an analysis or waiting for one, this client included.
        std::size_t contenders = 0;
        for (const auto& [address, share] : shares_)
            if (address == client || share.held > 0 || waiting(share, now))
                ++contenders;
        const std::size_t fair_share = std::max<std::size_t>(1, threads_ / contenders);
        if (held_ >= threads_) {
            mine.refused = now;
            return ApiError{status::unavailable,
                            "the analysis engines are all busy; try again shortly"};
        }
        if (mine.held >= per_client_)
            return ApiError{status::too_many, "you have " + std::to_string(per_client_) +
                                                  " analyses running; wait for one to finish"};
        if (mine.held >= fair_share) {
            mine.refused = now;
            return ApiError{status::too_many,
                            "you have " + std::to_string(mine.held) +
                                " analyses running while others wait; wait for one to finish"};
        }
        ++mine.held;
        ++held_;
        return std::nullopt;
    }

    /// Gives `client`'s thread back. Caller holds the lock.
    void release(const std::string& client) {
        --held_;
        const auto it = shares_.find(client);
        if (it != shares_.end() && it->second.held > 0)
            --it->second.held;
    }

    [[nodiscard]] static bool waiting(const Share& share, Clock::time_point now) {
        return share.refused && now - *share.refused < analysis_waiting_window;
    }

    void work() {
#ifdef __linux__
        // Linux gives each thread its own nice value; raising it needs no privilege.
        (void)::setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)), analysis_nice);
#endif
        AnalysisWorkspace workspace(search_threads_);
        for (;;) {
            std::shared_ptr<Job> job;
            {
                std::unique_lock lock(mutex_);
                wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
                if (queue_.empty())
                    return;
                job = std::move(queue_.front());
                queue_.pop_front();
            }
            Json result = job->analysis->run(workspace);
            job->analysis.reset();
            {
                const std::lock_guard lock(mutex_);
                job->result = std::move(result);
                job->done = true;
            }
            finished_.notify_all();
        }
    }

    const std::size_t threads_;
    const std::size_t per_client_;
    const int search_threads_;
    std::mutex mutex_;
    std::condition_variable wake_;     ///< a job is queued, or the pool stops
    std::condition_variable finished_; ///< a job is done
    std::deque<std::shared_ptr<Job>> queue_;
    std::map<std::string, Share> shares_;
    std::size_t held_ = 0; ///< analyses admitted and not yet answered
    bool stopping_ = false;
    std::vector<std::thread> workers_;
};

} // namespace tengen::web
