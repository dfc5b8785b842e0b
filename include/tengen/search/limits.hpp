#pragma once
/// \file
/// Search limits and results shared by every strategy.

#include <tengen/search/value.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace tengen {

/// When a search must stop. Every limit is optional; the search stops at the first one reached
/// and returns what its last completed iteration found.
struct SearchLimits {
    int max_depth = 64;                                                ///< plies, at least 1
    std::int64_t max_nodes = std::numeric_limits<std::int64_t>::max(); ///< nodes visited
    std::optional<std::chrono::milliseconds> max_time;                 ///< wall time (steady clock)
    const std::atomic<bool>* stop = nullptr; ///< set by another thread to stop at once
};

/// Counters a search keeps. Equal inputs and depth or node limits give equal counters.
struct SearchStats {
    std::int64_t nodes = 0;               ///< positions visited (root included)
    std::int64_t leaf_nodes = 0;          ///< nodes evaluated statically or terminal
    std::int64_t interior_nodes = 0;      ///< nodes whose moves were generated
    std::int64_t generated_moves = 0;     ///< moves generated at interior nodes
    std::int64_t cutoffs = 0;             ///< beta cutoffs
    std::int64_t first_move_cutoffs = 0;  ///< cutoffs caused by the first move tried
    std::int64_t tt_probes = 0;           ///< transposition table look-ups
    std::int64_t tt_hits = 0;             ///< look-ups that found the position
    std::chrono::microseconds elapsed{0}; ///< wall time of the search

    /// Average moves generated per interior node: the branching factor the search saw.
    [[nodiscard]] double branching_factor() const noexcept {
        return interior_nodes == 0
                   ? 0.0
                   : static_cast<double>(generated_moves) / static_cast<double>(interior_nodes);
    }

    /// Share of cutoffs on the first move tried, in [0, 1] (1 when there was no cutoff).
    [[nodiscard]] double first_move_cutoff_rate() const noexcept {
        return cutoffs == 0
                   ? 1.0
                   : static_cast<double>(first_move_cutoffs) / static_cast<double>(cutoffs);
    }
};

/// What a search found.
template <typename Move> struct SearchResult {
    std::optional<Move> best_move; ///< empty only at a terminal root
    Value value = 0;               ///< from the root's side to move; see describe_value
    int depth = 0;                 ///< last completed iteration depth (plies)
    std::vector<Move> pv;          ///< principal variation, best_move first
    SearchStats stats;
};

namespace detail {

/// Checks the node, time and stop limits; the clock and the stop flag are read every 128 nodes.
class StopWatch {
public:
    explicit StopWatch(const SearchLimits& limits)
        : limits_(limits), start_(std::chrono::steady_clock::now()) {}

    /// True when the search must stop now, given the nodes visited so far.
    [[nodiscard]] bool should_stop(std::int64_t nodes) {
        if (stopped_)
            return true;
        if (nodes >= limits_.max_nodes)
            return stopped_ = true;
        // A clock read costs tens of nanoseconds; a node with its leaf forced-win search can
        // cost microseconds, so 128 nodes keep a time limit within about a millisecond.
        constexpr std::int64_t time_check_interval = 128;
        if (nodes % time_check_interval != 0)
            return false;
        if (limits_.stop && limits_.stop->load(std::memory_order_relaxed))
            return stopped_ = true;
        if (limits_.max_time && elapsed() >= *limits_.max_time)
            return stopped_ = true;
        return false;
    }
    [[nodiscard]] bool stopped() const noexcept { return stopped_; }
    [[nodiscard]] std::chrono::microseconds elapsed() const {
        return std::chrono::duration_cast<std::chrono::microseconds>(
            std::chrono::steady_clock::now() - start_);
    }

private:
    const SearchLimits& limits_;
    std::chrono::steady_clock::time_point start_;
    bool stopped_ = false;
};

} // namespace detail

} // namespace tengen
