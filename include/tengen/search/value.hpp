#pragma once
/// \file
/// Search values: scores from the side to move's point of view, and win/loss values that carry
/// their distance in plies.

#include <cstdint>
#include <string>

namespace tengen {

/// A search value from the point of view of the side to move: positive is good for it.
using Value = std::int32_t;

/// Values strictly above this bound (or below its negation) are wins (losses) at a known
/// distance; static evaluations must stay inside it.
inline constexpr Value value_win = 1'000'000;
/// The deepest ply a search reaches; win values encode distances up to it.
inline constexpr int max_ply = 1024;
/// Bound of every value; wider than any win.
inline constexpr Value value_infinite = value_win + 1;
/// Static evaluations are clamped into (-value_known_win, value_known_win).
inline constexpr Value value_known_win = value_win - max_ply;
/// A draw.
inline constexpr Value value_draw = 0;

static_assert(value_known_win > 0, "win values must not overlap evaluations");

/// The value of winning `ply` plies from the root (the winning move is the ply-th move).
[[nodiscard]] constexpr Value win_in(int ply) noexcept {
    return value_win - ply;
}
/// The value of losing `ply` plies from the root.
[[nodiscard]] constexpr Value loss_in(int ply) noexcept {
    return -value_win + ply;
}
/// True for a value that is a proven win or loss.
[[nodiscard]] constexpr bool is_decisive(Value v) noexcept {
    return v >= value_known_win || v <= -value_known_win;
}
/// Plies to the end for a decisive value (precondition: is_decisive(v)).
[[nodiscard]] constexpr int plies_to_end(Value v) noexcept {
    return v > 0 ? value_win - v : value_win + v;
}

/// Converts a root-relative decisive value to one relative to a node `ply` plies below the root,
/// for storing in a transposition table; other values pass unchanged.
[[nodiscard]] constexpr Value value_to_node(Value v, int ply) noexcept {
    if (v >= value_known_win)
        return v + ply;
    if (v <= -value_known_win)
        return v - ply;
    return v;
}
/// The inverse of value_to_node: a stored node-relative value read at `ply`.
[[nodiscard]] constexpr Value value_from_node(Value v, int ply) noexcept {
    if (v >= value_known_win)
        return v - ply;
    if (v <= -value_known_win)
        return v + ply;
    return v;
}

/// "win in 3", "loss in 4" (plies) or the number itself.
[[nodiscard]] inline std::string describe_value(Value v) {
    if (v >= value_known_win)
        return "win in " + std::to_string(plies_to_end(v));
    if (v <= -value_known_win)
        return "loss in " + std::to_string(plies_to_end(v));
    return std::to_string(v);
}

} // namespace tengen
