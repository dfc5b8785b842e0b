#pragma once
/// \file
/// pbrain-tengen's time and memory management: how long one move may search under the limits
/// the manager announces (INFO timeout_turn, timeout_match, time_left), and how large a hash
/// table fits INFO max_memory. Plain functions of the announced values, tested on their own.

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>

namespace tengen::pbrain {

using std::chrono::milliseconds;

// ----- Time --------------------------------------------------------------------------------------

/// Time the engine keeps back from every limit for what its search does not measure: the search
/// running past its deadline (SearchLimits: the clock is read every 128 nodes, the leaf VCF's
/// included), printing, the pipe and the manager's own scheduling. Measured from the command's
/// last byte written to the move's line read, at timeout_turn 300 and 1000 on 50 middle games,
/// the answer came at most 1.2 ms after the search's deadline; Rapfi keeps 30 ms back too.
inline constexpr milliseconds safety_margin{30};
/// Turn time assumed until the manager sends INFO timeout_turn (Gomocup's fast-game limit).
inline constexpr milliseconds default_turn_time{5000};
/// One move may use at most this fraction (1/N) of the time left for the game.
inline constexpr int match_time_share = 20;
/// Below this budget the α-β search cannot finish its first iteration reliably: the engine
/// answers with the one-ply Greedy choice instead (which still wins and blocks fives).
inline constexpr milliseconds instant_budget{15};
/// INFO time_left sends this value for "no limit".
inline constexpr std::int64_t unlimited_time_left = std::numeric_limits<std::int32_t>::max();

/// The time limits the manager has announced.
struct TimeControl {
    /// INFO timeout_turn: time per move; 0 = answer at once; empty until sent.
    std::optional<milliseconds> turn;
    /// INFO timeout_match: time for the whole game; 0 = no limit.
    milliseconds match{0};
    /// INFO time_left: time left for the game (never negative); empty = not sent or unlimited.
    std::optional<milliseconds> left;
};

/// How long the search of one move may take: the turn time and the remaining match time
/// (a share of it, and never all of it), each less the safety margin. Zero means "answer at
/// once". The result is never negative.
[[nodiscard]] inline milliseconds move_budget(const TimeControl& time) {
    const milliseconds zero{0};
    milliseconds budget = std::max(zero, time.turn.value_or(default_turn_time) - safety_margin);
    std::optional<milliseconds> remaining = time.left;
    if (!remaining && time.match > zero)
        remaining = time.match;
    if (remaining) {
        budget = std::min(budget, *remaining / match_time_share);
        budget = std::min(budget, std::max(zero, *remaining - safety_margin));
    }
    return budget;
}

// ----- Memory ------------------------------------------------------------------------------------

/// Memory kept out of the hash table's share of INFO max_memory: the program, its stacks, the
/// boards and the lazily built pattern tables.
inline constexpr std::size_t memory_reserve_bytes = std::size_t{48} << 20;
inline constexpr std::size_t mebibyte = std::size_t{1} << 20; ///< the unit of hash sizes

/// The hash table size (MiB) that keeps the engine within `max_memory` bytes (0 = no limit):
/// `wanted`, lowered to what the memory left after the reserve allows (0 leaves the table a
/// single entry).
[[nodiscard]] inline std::size_t hash_megabytes_within(std::size_t wanted,
                                                       std::uint64_t max_memory) {
    if (max_memory == 0)
        return wanted;
    const std::uint64_t spare =
        max_memory > memory_reserve_bytes ? (max_memory - memory_reserve_bytes) / mebibyte : 0;
    return static_cast<std::size_t>(std::min<std::uint64_t>(wanted, spare));
}

using Clock = std::chrono::steady_clock;

} // namespace tengen::pbrain
