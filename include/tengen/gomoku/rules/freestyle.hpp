#pragma once
/// \file
/// Freestyle gomoku: five or more in a row wins, for both colours.

#include <tengen/gomoku/rules/rule_policy.hpp>

namespace tengen {

/// Freestyle gomoku (Gomocup `INFO rule 0`): five or more in an unbroken row wins.
struct Freestyle {
    static constexpr RuleId id = RuleId::Freestyle;
    static constexpr std::string_view name = "freestyle";
    static constexpr int win_length = 5;
    static constexpr int min_board_size = 5;
    static constexpr bool has_forbidden_moves = false;

    /// Five or more wins.
    [[nodiscard]] static constexpr RunVerdict judge(Run run) noexcept {
        return run.length >= win_length ? RunVerdict::Win : RunVerdict::NoWin;
    }
};

} // namespace tengen
