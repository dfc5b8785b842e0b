#pragma once
/// \file
/// k-in-a-row (m,n,k-games): k or more in a row wins, for k in [3, 6].

#include <tengen/gomoku/rules/rule_policy.hpp>

namespace tengen {

/// k-in-a-row: the first to get `K` or more stones in an unbroken row wins.
///
/// Tic-tac-toe is `KInARow<3>` on a 3 x 3 board. Pattern names keep their gomoku meaning relative
/// to K: `Five` is K in a row, `Four` one stone short of K, and so on.
template <int K> struct KInARow {
    static_assert(K >= 3 && K <= 6, "k-in-a-row supports k from 3 to 6");

    static constexpr RuleId id = RuleId::KInARow;
    static constexpr std::string_view name = "k-in-a-row";
    static constexpr int win_length = K;
    static constexpr int min_board_size = layout::min_board_size;
    static constexpr bool has_forbidden_moves = false;

    /// K or more wins.
    [[nodiscard]] static constexpr RunVerdict judge(Run run) noexcept {
        return run.length >= K ? RunVerdict::Win : RunVerdict::NoWin;
    }
};

/// Tic-tac-toe's rule.
using TicTacToe = KInARow<3>;

} // namespace tengen
