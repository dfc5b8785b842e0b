#pragma once
/// \file
/// Caro (Vietnamese gomoku): a five blocked at both ends does not win.

#include <tengen/gomoku/rules/rule_policy.hpp>

namespace tengen {

/// Caro (Gomocup `INFO rule 8`).
///
/// Six or more in a row wins. Exactly five wins unless opponent stones sit on both cells just
/// beyond its ends (`OXXXXXO` does not win). The board edge is not a block, as in Piskvork's
/// referee: a five touching the edge with an opponent stone at its other end still wins.
struct Caro {
    static constexpr RuleId id = RuleId::Caro;
    static constexpr std::string_view name = "caro";
    static constexpr int win_length = 5;
    static constexpr int min_board_size = 5;
    static constexpr bool has_forbidden_moves = false;

    /// Overlines win; an exact five wins unless blocked by opponent stones at both ends.
    [[nodiscard]] static constexpr RunVerdict judge(Run run) noexcept {
        if (run.length > win_length)
            return RunVerdict::Win;
        if (run.length < win_length)
            return RunVerdict::NoWin;
        return run.blocked_before && run.blocked_after ? RunVerdict::NoWin : RunVerdict::Win;
    }
};

} // namespace tengen
