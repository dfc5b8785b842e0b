#pragma once
/// \file
/// The threat situation of a position: which threats each side can make with its next stone
/// (a four, an open three, a double three, a winning threat), the side to move's and the
/// opponent's, as one index. It says who has the initiative, which the per-cell threat counts
/// do not: the evaluation adds a learned value for each situation (GomokuWeights::situation).

#include <tengen/core/types.hpp>
#include <tengen/gomoku/threat.hpp>
#include <tengen/search/value.hpp>

#include <array>
#include <cstddef>

namespace tengen {

/// The bits of a threat mask (threat_mask): what one colour can make with its next stone.
namespace threat_bits {
inline constexpr int four = 1;         ///< a four (Threat::Four at some point)
inline constexpr int open_three = 2;   ///< an open three (Threat::OpenThree)
inline constexpr int double_three = 4; ///< a double three; never for renju Black (a foul)
inline constexpr int winning = 8;      ///< a four-three, a double four or an open four
} // namespace threat_bits

/// Number of threat masks of one colour.
inline constexpr int threat_mask_count = 16;
/// Number of threat situations: a mask for the side to move and one for the opponent.
inline constexpr std::size_t threat_situation_count =
    static_cast<std::size_t>(threat_mask_count) * threat_mask_count;

/// A value for every threat situation, indexed by threat_situation().
using SituationValues = std::array<Value, threat_situation_count>;

/// The threats `c` can make with its next stone, as threat_bits, from the board's threat
/// counts. Under a rule with forbidden moves Black's double threes are left out (they are
/// fouls unless RIF's recursion clears them, which the counts cannot tell). O(1).
template <typename B> [[nodiscard]] int threat_mask(const B& board, Color c) noexcept {
    const auto any = [&](Threat t) { return board.threat_count(c, t) > 0; };
    int mask = 0;
    if (any(Threat::Four))
        mask |= threat_bits::four;
    if (any(Threat::OpenThree))
        mask |= threat_bits::open_three;
    if (any(Threat::DoubleThree) && !(B::rule_type::has_forbidden_moves && c == Color::Black))
        mask |= threat_bits::double_three;
    if (any(Threat::FourThree) || any(Threat::DoubleFour) || any(Threat::OpenFour))
        mask |= threat_bits::winning;
    return mask;
}

/// The threat situation of `board`: the side to move's threat_mask x threat_mask_count plus the
/// opponent's, from 0 to threat_situation_count - 1. O(1).
template <typename B> [[nodiscard]] std::size_t threat_situation(const B& board) noexcept {
    const Color us = board.side_to_move();
    return static_cast<std::size_t>(threat_mask(board, us) * threat_mask_count +
                                    threat_mask(board, opponent(us)));
}

} // namespace tengen
