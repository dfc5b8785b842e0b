#pragma once
/// \file
/// Renju as the RIF International Rules define it.

#include <tengen/gomoku/rules/rule_policy.hpp>

namespace tengen {

/// Renju (Gomocup `INFO rule 4`; Yixin-Board sends 2).
///
/// White wins with five or more. Black wins only with exactly five; Black's overline,
/// double-four and double-three are forbidden and lose, unless the same stone makes an exact
/// five (RIF 9.2). A three counts toward a double-three only if it can become a straight four on
/// a point that is itself not forbidden, checked recursively (RIF 9.3): see Board::is_forbidden.
struct Renju {
    static constexpr RuleId id = RuleId::Renju;
    static constexpr std::string_view name = "renju";
    static constexpr int win_length = 5;
    static constexpr int min_board_size = 5;
    static constexpr bool has_forbidden_moves = true;

    /// Black: exactly five wins, more is an overline. White: five or more wins.
    [[nodiscard]] static constexpr RunVerdict judge(Run run) noexcept {
        if (run.color == Color::White)
            return run.length >= win_length ? RunVerdict::Win : RunVerdict::NoWin;
        if (run.length == win_length)
            return RunVerdict::Win;
        return run.length > win_length ? RunVerdict::Overline : RunVerdict::NoWin;
    }
};

} // namespace tengen
