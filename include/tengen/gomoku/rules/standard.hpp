#pragma once
/// \file
/// Standard gomoku: exactly five wins; an overline wins for nobody and play goes on.

#include <tengen/gomoku/rules/rule_policy.hpp>

namespace tengen {

/// Standard gomoku (Gomocup `INFO rule 1`): exactly five in a row wins, for both colours; six or
/// more is an overline, which wins for nobody (it is not a foul either: play goes on).
struct Standard {
    static constexpr RuleId id = RuleId::Standard;
    static constexpr std::string_view name = "standard";
    static constexpr int win_length = 5;
    static constexpr int min_board_size = 5;
    static constexpr bool has_forbidden_moves = false;

    /// Exactly five wins; more is an overline.
    [[nodiscard]] static constexpr RunVerdict judge(Run run) noexcept {
        if (run.length == win_length)
            return RunVerdict::Win;
        return run.length > win_length ? RunVerdict::Overline : RunVerdict::NoWin;
    }
};

} // namespace tengen
