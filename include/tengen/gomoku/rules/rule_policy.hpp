#pragma once
/// \file
/// What a rule policy is: the concept every rule satisfies and the facts it must state.

#include <tengen/core/types.hpp>

#include <concepts>
#include <cstdint>
#include <string_view>

namespace tengen {

/// Identifies a rule family at run time.
enum class RuleId : std::uint8_t {
    Freestyle, ///< five or more wins
    Standard,  ///< exactly five wins; an overline wins for nobody
    Renju,     ///< RIF renju: black has forbidden moves
    Caro,      ///< a five blocked by opponent stones at both ends does not win
    KInARow,   ///< m,n,k-games: k or more wins, for k in [3, 6]
};

/// What a maximal unbroken run of one colour means under a rule.
enum class RunVerdict : std::uint8_t {
    NoWin,    ///< too short, or a caro five blocked at both ends
    Win,      ///< the run wins
    Overline, ///< longer than the win length and does not win (standard; renju black)
};

/// A run of stones as a rule judges it.
struct Run {
    Color color;         ///< colour of the stones
    int length;          ///< unbroken stones, at least 1
    bool blocked_before; ///< an opponent stone (not the edge) sits just before the run
    bool blocked_after;  ///< an opponent stone (not the edge) sits just after the run
};

/// A rule policy: a stateless type that says when a run wins.
///
/// Every fact a rule holds is a compile-time constant, so boards and tables specialise on it.
/// Forbidden moves are not expressed by `judge`: a policy with `has_forbidden_moves` makes
/// Black's overline, double-four and double-three lose (RIF renju), and the board checks them.
template <typename R>
concept RulePolicy = requires(Run run) {
    { R::id } -> std::convertible_to<RuleId>;
    { R::name } -> std::convertible_to<std::string_view>;
    { R::win_length } -> std::convertible_to<int>;
    { R::min_board_size } -> std::convertible_to<int>;
    { R::has_forbidden_moves } -> std::convertible_to<bool>;
    { R::judge(run) }
    noexcept->std::same_as<RunVerdict>;
}
&&(R::win_length >= 3) && (R::win_length <= layout::padding + 1);

/// True if a five can be stopped away from its completion point: an exact five blocked by
/// opponent stones at both ends does not win (caro), so a stone just beyond its far end defends
/// too. Derived from the rule's own `judge`, so no rule states it twice.
template <RulePolicy R>
inline constexpr bool far_end_blocks_five = R::judge(Run{Color::Black, R::win_length, true,
                                                         true}) == RunVerdict::NoWin;

} // namespace tengen
