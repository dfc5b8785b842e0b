#pragma once
/// \file
/// How a game stands: who won and why.

#include <tengen/core/types.hpp>

#include <cstdint>
#include <optional>
#include <string_view>

namespace tengen {

/// Why a game ended.
enum class EndReason : std::uint8_t {
    None = 0,             ///< the game goes on
    Five,                 ///< the winner made a winning row of exactly the win length
    Overline,             ///< the winner made a longer winning row (freestyle, caro, renju White)
    ForbiddenOverline,    ///< renju: Black made an overline and loses
    ForbiddenDoubleFour,  ///< renju: Black made a double-four and loses
    ForbiddenDoubleThree, ///< renju: Black made a double-three and loses
    BoardFull,            ///< nobody won and no empty cell is left: a draw
};

/// "five", "overline", "forbidden overline", ... ("none" for a game that goes on).
[[nodiscard]] constexpr std::string_view to_string(EndReason r) noexcept {
    switch (r) {
    case EndReason::None:
        return "none";
    case EndReason::Five:
        return "five";
    case EndReason::Overline:
        return "overline";
    case EndReason::ForbiddenOverline:
        return "forbidden overline";
    case EndReason::ForbiddenDoubleFour:
        return "forbidden double-four";
    case EndReason::ForbiddenDoubleThree:
        return "forbidden double-three";
    case EndReason::BoardFull:
        return "board full";
    }
    return "unknown";
}

/// The state of a game after its last move.
struct GameResult {
    std::optional<Color> winner; ///< empty while the game goes on and for a draw
    EndReason reason = EndReason::None;

    /// True once the game has ended (win, loss or draw).
    [[nodiscard]] constexpr bool is_over() const noexcept { return reason != EndReason::None; }
    /// True for a finished game that nobody won.
    [[nodiscard]] constexpr bool is_draw() const noexcept { return is_over() && !winner; }

    friend constexpr bool operator==(const GameResult&, const GameResult&) noexcept = default;
};

/// Why a point is forbidden for Black under renju.
enum class ForbiddenKind : std::uint8_t {
    None = 0,    ///< not forbidden
    Overline,    ///< six or more in a row
    DoubleFour,  ///< two or more fours (on two lines or on one)
    DoubleThree, ///< two or more real threes (RIF 9.3)
};

/// "none", "overline", "double-four" or "double-three".
[[nodiscard]] constexpr std::string_view to_string(ForbiddenKind k) noexcept {
    switch (k) {
    case ForbiddenKind::None:
        return "none";
    case ForbiddenKind::Overline:
        return "overline";
    case ForbiddenKind::DoubleFour:
        return "double-four";
    case ForbiddenKind::DoubleThree:
        return "double-three";
    }
    return "unknown";
}

/// The end reason of Black playing a forbidden point of kind `k` (precondition: k != None).
[[nodiscard]] constexpr EndReason end_reason_of(ForbiddenKind k) noexcept {
    switch (k) {
    case ForbiddenKind::Overline:
        return EndReason::ForbiddenOverline;
    case ForbiddenKind::DoubleFour:
        return EndReason::ForbiddenDoubleFour;
    default:
        return EndReason::ForbiddenDoubleThree;
    }
}

} // namespace tengen
