#pragma once
/// \file
/// Threats: the combination of a cell's four line patterns for one colour.

#include <tengen/gomoku/line_pattern.hpp>
#include <tengen/gomoku/rules/rule_policy.hpp>

#include <array>
#include <cstdint>
#include <string_view>

namespace tengen {

/// What a stone of one colour on an empty cell would make across all four directions.
///
/// The order of the enumerators is their strength and code relies on it: a `Threat >= Four`
/// forces a reply, a `Threat >= DoubleFour` wins unless the opponent wins first.
enum class Threat : std::uint8_t {
    None = 0,    ///< nothing better than ones
    Forbidden,   ///< renju Black only: an overline or a double-four without a five (a lost move)
    ClosedTwo,   ///< at least one closed two
    OpenTwo,     ///< exactly one open two, no three
    DoubleTwo,   ///< two or more open twos, no three
    ClosedThree, ///< a closed three, no open three, no four
    OpenThree,   ///< exactly one open three, no four
    DoubleThree, ///< two or more open threes, no four (renju Black: verify, it may be forbidden)
    Four,        ///< exactly one four (one completion point), no open three
    FourThree,   ///< one four and at least one open three (renju Black with two threes: verify)
    DoubleFour,  ///< two or more fours: in two directions, or two on one line
    OpenFour, ///< a straight four (renju Black with two threes besides: verify, four-three-three)
    Five,     ///< wins at once
};

/// Number of threat classes.
inline constexpr int threat_class_count = 13;
static_assert(threat_class_count <= 16, "threat classes are counted per colour in small arrays");

namespace detail {
inline constexpr std::array<std::string_view, threat_class_count> threat_names{
    "None",        "Forbidden", "ClosedTwo", "OpenTwo",    "DoubleTwo", "ClosedThree", "OpenThree",
    "DoubleThree", "Four",      "FourThree", "DoubleFour", "OpenFour",  "Five"};
} // namespace detail

/// The enumerator's name, e.g. "FourThree".
[[nodiscard]] constexpr std::string_view to_string(Threat t) noexcept {
    return detail::threat_names[static_cast<std::size_t>(t)];
}

/// Combines the four line patterns of one colour on one cell into its threat class.
///
/// Under a rule with forbidden moves, Black's overline or double-four without a five is
/// `Forbidden`. Double-threes are reported as `DoubleThree` / `FourThree` for every rule: whether
/// renju forbids one depends on RIF 9.3's recursion, which needs the whole board.
template <RulePolicy Rule>
[[nodiscard]] constexpr Threat combine_patterns(Color color,
                                                const std::array<LinePattern, 4>& p) noexcept {
    int fours = 0;
    int open_threes = 0;
    int open_twos = 0;
    bool five = false, open_four = false, overline = false, closed_three = false,
         closed_two = false;
    for (LinePattern lp : p) {
        switch (lp) {
        case LinePattern::Five:
            five = true;
            break;
        case LinePattern::OpenFour:
            open_four = true;
            ++fours;
            break;
        case LinePattern::DoubleFour:
            fours += 2;
            break;
        case LinePattern::Four:
            ++fours;
            break;
        case LinePattern::OpenThree:
            ++open_threes;
            break;
        case LinePattern::ClosedThree:
            closed_three = true;
            break;
        case LinePattern::OpenTwo:
            ++open_twos;
            break;
        case LinePattern::ClosedTwo:
            closed_two = true;
            break;
        case LinePattern::Overline:
            overline = true;
            break;
        default:
            break;
        }
    }
    if (five)
        return Threat::Five;
    if (Rule::has_forbidden_moves && color == Color::Black && (overline || fours >= 2))
        return Threat::Forbidden;
    if (open_four)
        return Threat::OpenFour;
    if (fours >= 2)
        return Threat::DoubleFour;
    if (fours == 1)
        return open_threes > 0 ? Threat::FourThree : Threat::Four;
    if (open_threes >= 2)
        return Threat::DoubleThree;
    if (open_threes == 1)
        return Threat::OpenThree;
    if (closed_three)
        return Threat::ClosedThree;
    if (open_twos >= 2)
        return Threat::DoubleTwo;
    if (open_twos == 1)
        return Threat::OpenTwo;
    if (closed_two)
        return Threat::ClosedTwo;
    return Threat::None;
}

} // namespace tengen
