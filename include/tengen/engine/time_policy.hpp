#pragma once
/// \file
/// How a GomokuSearcher spends a move's time: the search stops at the move's deadline whatever
/// happens, and before it starts another iteration only while that is worth it. Less time when
/// the move is forced (a single move) or the choice has settled, up to all of it while the
/// choice is unsettled (the best move changed, or the value fell). A plain function of the
/// search's IterationReport (SearchLimits::continue_after), tested on its own.

#include <tengen/search/limits.hpp>
#include <tengen/search/value.hpp>

#include <chrono>
#include <cstdint>
#include <functional>

namespace tengen {

/// No iteration starts once this share (percent) of the move's time is spent while the choice
/// is settled: an iteration costs several times the one before, so one started later would
/// mostly be cut off by the deadline, and the time is better kept (for the match clock, or the
/// user waiting).
inline constexpr int settled_share_percent = 45;
/// While the choice is unsettled, iterations may start until this share.
inline constexpr int unsettled_share_percent = 100;
/// A value fall from one iteration to the next that unsettles the choice: about an open
/// three's worth in GomokuWeights.
inline constexpr Value falling_value = 30;

/// True when the search that reported `r` should start another iteration within `budget`, the
/// time the whole move may take. `save_time`: time not spent now is worth keeping (a match
/// clock, a user waiting); without it, only a single move ends the search early, since an
/// iteration the deadline cuts off still costs nothing.
[[nodiscard]] inline bool worth_another_iteration(const IterationReport& r,
                                                  std::chrono::milliseconds budget,
                                                  bool save_time = true) {
    if (r.single_move)
        return false;
    const bool unsettled = r.best_move_changed || r.value < r.previous_value - falling_value;
    const int share = unsettled || !save_time ? unsettled_share_percent : settled_share_percent;
    constexpr std::int64_t percent = 100;
    const auto limit =
        std::chrono::duration_cast<std::chrono::microseconds>(budget) * share / percent;
    return r.elapsed < limit;
}

/// The SearchLimits::continue_after of a move that may take `budget` (see
/// worth_another_iteration for `save_time`).
[[nodiscard]] inline std::function<bool(const IterationReport&)>
time_policy(std::chrono::milliseconds budget, bool save_time = true) {
    return [budget, save_time](const IterationReport& r) {
        return worth_another_iteration(r, budget, save_time);
    };
}

} // namespace tengen
