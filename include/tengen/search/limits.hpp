#pragma once
/// \file
/// Search limits and results shared by every strategy.

#include <tengen/search/value.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace tengen {

/// What an iterative-deepening search knows after completing an iteration: what a time
/// policy needs to decide whether another is worth starting (SearchLimits::continue_after).
struct IterationReport {
    int depth = 0;                  ///< the iteration just completed
    Value value = 0;                ///< its value, from the root's side to move
    Value previous_value = 0;       ///< the previous iteration's (equal to `value` after the first)
    bool best_move_changed = false; ///< its best move differs from the previous iteration's
    bool single_move = false;       ///< the root has a single move: nothing to choose
    std::chrono::microseconds elapsed{0}; ///< since the search started
};

/// When a search must stop. Every limit is optional; the search stops at the first one reached
/// and returns what its last completed iteration found.
///
/// Every node counts against `max_nodes`, those of a threat search run inside the search (a
/// game's forced-win search at the horizon) included. The clock and the stop flag are read every
/// SearchBudget::clock_check_interval nodes, so a search passes its deadline by at most the time
/// that many nodes take (well under a millisecond for gomoku and Reversi on a desktop machine)
/// plus the time to unwind, which visits no further node.
struct SearchLimits {
    int max_depth = 64;                                                ///< plies, at least 1
    std::int64_t max_nodes = std::numeric_limits<std::int64_t>::max(); ///< nodes visited
    /// Wall time from the start of the search (steady clock).
    std::optional<std::chrono::milliseconds> max_time;
    /// A moment the search must not pass (steady clock): for a clock that started before the
    /// search, e.g. when a protocol command arrived. With max_time too, the earlier one counts.
    std::optional<std::chrono::steady_clock::time_point> deadline;
    const std::atomic<bool>* stop = nullptr; ///< set by another thread to stop at once
    /// Asked after every completed iteration whether to start the next; empty, the search goes
    /// on until another limit. A time policy: a search stops at max_time or the deadline
    /// whatever this says, but may stop sooner (an easy move) or be told to go on while its
    /// choice is unstable. Called on the searching thread.
    std::function<bool(const IterationReport&)> continue_after;
};

/// Counters a search keeps. Equal inputs and depth or node limits give equal counters.
struct SearchStats {
    std::int64_t nodes = 0; ///< positions visited (root included), forced_win_nodes included
    /// Nodes of the forced-win (threat) searches run at the horizon, part of `nodes`.
    std::int64_t forced_win_nodes = 0;
    /// Nodes of the tactical quiescence search beyond the horizon, part of `nodes`.
    std::int64_t quiescence_nodes = 0;
    std::int64_t leaf_nodes = 0;         ///< nodes evaluated statically or terminal
    std::int64_t interior_nodes = 0;     ///< nodes whose moves were generated
    std::int64_t generated_moves = 0;    ///< moves generated at interior nodes
    std::int64_t cutoffs = 0;            ///< beta cutoffs
    std::int64_t first_move_cutoffs = 0; ///< cutoffs caused by the first move tried
    std::int64_t tt_probes = 0;          ///< transposition table look-ups
    std::int64_t tt_hits = 0;            ///< look-ups that found the position
    std::int64_t reduced_searches = 0;   ///< moves first searched shallower (late-move reductions)
    std::int64_t pruned_moves = 0;       ///< moves not searched (move-count pruning)
    std::int64_t futile_moves = 0;       ///< moves not searched as futile (futility pruning)
    std::int64_t static_cutoffs = 0;     ///< nodes cut off on their static value
    std::int64_t aspiration_researches = 0; ///< root searches again after an aspiration failure
    std::chrono::microseconds elapsed{0};   ///< wall time of the search

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

/// What the threads of one parallel search share (ParallelSearch): the nodes they counted and
/// a flag that stops them all. Each thread's SearchBudget adds its nodes in batches.
struct SharedBudget {
    std::atomic<std::int64_t> nodes{0}; ///< nodes the threads have added so far
    std::atomic<bool> stop{false};      ///< set when one thread reaches a limit or finishes
};

/// The work of one search against its limits: counts the nodes, reads the clock and the stop
/// flag, and says when to stop. One per search, or one per thread of a parallel search, linked
/// to the threads' SharedBudget; a search passes it to the threat searches it runs, so that
/// their nodes count too. Not thread-safe itself (another thread touches only the stop flags).
///
/// In a parallel search each thread adds its nodes to the shared count every
/// clock_check_interval nodes, so with N threads the search may pass max_nodes by at most
/// (N - 1) * clock_check_interval nodes; a thread that reaches a limit stops them all.
class SearchBudget {
public:
    /// The clock and the stop flag are read every this many nodes. A clock read costs tens of
    /// nanoseconds, a gomoku node with its move generation about a microsecond: 128 nodes keep a
    /// deadline within a fraction of a millisecond for a few percent of overhead at most.
    static constexpr std::int64_t clock_check_interval = 128;

    /// A budget for `limits` (which must outlive it), starting the clock now; with `shared`
    /// (which must outlive it too), one thread's share of a parallel search's budget.
    explicit SearchBudget(const SearchLimits& limits, SharedBudget* shared = nullptr)
        : limits_(limits), shared_(shared), start_(std::chrono::steady_clock::now()) {
        if (limits.max_time)
            end_ = start_ + *limits.max_time;
        if (limits.deadline && (!end_ || *limits.deadline < *end_))
            end_ = limits.deadline;
    }

    /// Counts one node. Returns false, and from then on stopped() is true, when a limit is
    /// reached: the node must not be searched and the search should unwind.
    [[nodiscard]] bool spend_node() {
        if (stopped_)
            return false;
        ++nodes_;
        if (others_ + nodes_ >= limits_.max_nodes)
            return stop();
        if (nodes_ % clock_check_interval != 0)
            return true;
        if (shared_) {
            const std::int64_t unshared = nodes_ - shared_nodes_;
            others_ = shared_->nodes.fetch_add(unshared, std::memory_order_relaxed) - shared_nodes_;
            shared_nodes_ = nodes_;
            if (shared_->stop.load(std::memory_order_relaxed))
                return stop();
            if (others_ + nodes_ >= limits_.max_nodes)
                return stop();
        }
        if (limits_.stop && limits_.stop->load(std::memory_order_relaxed))
            return stop();
        if (end_ && std::chrono::steady_clock::now() >= *end_)
            return stop();
        return true;
    }
    /// True once a limit was reached.
    [[nodiscard]] bool stopped() const noexcept { return stopped_; }
    /// Nodes this budget counted so far (the one that reached a limit included).
    [[nodiscard]] std::int64_t nodes() const noexcept { return nodes_; }
    /// Wall time since the budget was made.
    [[nodiscard]] std::chrono::microseconds elapsed() const {
        return std::chrono::duration_cast<std::chrono::microseconds>(
            std::chrono::steady_clock::now() - start_);
    }

private:
    /// Stops this search, and with a shared budget every thread's. Returns false.
    bool stop() noexcept {
        stopped_ = true;
        if (shared_)
            shared_->stop.store(true, std::memory_order_relaxed);
        return false;
    }

    const SearchLimits& limits_;
    SharedBudget* shared_ = nullptr;
    std::chrono::steady_clock::time_point start_;
    std::optional<std::chrono::steady_clock::time_point> end_;
    std::int64_t nodes_ = 0;
    std::int64_t shared_nodes_ = 0; ///< of nodes_, those added to the shared count
    std::int64_t others_ = 0;       ///< the other threads' nodes, when last read
    bool stopped_ = false;
};

} // namespace tengen
