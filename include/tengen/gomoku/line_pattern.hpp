#pragma once
/// \file
/// Line patterns: what one stone would make along one line, and their names.

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace tengen {

/// The shape a stone of one colour would make on one line through an empty cell.
///
/// The order of the enumerators is their strength, and code relies on it (`p >= Four`). Names
/// use gomoku's five; under `KInARow<K>`, read "Five" as K in a row and so on. With `X` the stone
/// placed on the cell `*`, K the rule's win length, and the line seen through a window of five
/// cells on each side of `*` (cells beyond count as empty):
///   - `Five`: the unbroken run through `*` wins under the rule (`XX*XX`).
///   - `Overline`: the run is longer than K and does not win (standard; renju Black).
///   - `OpenFour`: exactly two points complete a win through `*`, the two ends of one unbroken
///     run of K - 1 (`.XX*X.`): a straight four.
///   - `DoubleFour`: two or more completion points otherwise, two fours on one line
///     (`X.X*X.X`, `XX.*X.XX`, `XXX.*.XXX`).
///   - `Four`: exactly one point completes a win through `*` (`XX*X.`, `X.X*X`).
///   - `OpenThree`: one more stone, which does not itself win on this line, can make an OpenFour
///     (`.X*X.`, `.X.*X.`). Renju's recursive "real three" test is the board's business.
///   - `ClosedThree`: one more such stone can make a Four or DoubleFour, but none an OpenFour.
///   - `OpenTwo` / `ClosedTwo`: one more such stone can make an OpenThree / a ClosedThree.
///   - `One`: one more stone can make a two.
///   - `Dead`: no win can ever pass through `*` on this line.
enum class LinePattern : std::uint8_t {
    Dead = 0,
    Overline,
    One,
    ClosedTwo,
    OpenTwo,
    ClosedThree,
    OpenThree,
    Four,
    DoubleFour,
    OpenFour,
    Five,
};

/// Number of line patterns.
inline constexpr int line_pattern_count = 11;
/// Bits of one packed line pattern: a table byte holds Black's and White's, a 16-bit cell key
/// the four directions' (direction d at bits pattern_bits * d and up).
inline constexpr unsigned pattern_bits = 4;
/// The mask of one packed line pattern.
inline constexpr unsigned pattern_mask = (1U << pattern_bits) - 1;
static_assert(line_pattern_count <= (1 << pattern_bits),
              "a line pattern must fit in pattern_bits of a table entry");

namespace detail {
inline constexpr std::array<std::string_view, line_pattern_count> line_pattern_names{
    "Dead",      "Overline", "One",        "ClosedTwo", "OpenTwo", "ClosedThree",
    "OpenThree", "Four",     "DoubleFour", "OpenFour",  "Five"};
} // namespace detail

/// The enumerator's name, e.g. "OpenThree".
[[nodiscard]] constexpr std::string_view to_string(LinePattern p) noexcept {
    return detail::line_pattern_names[static_cast<std::size_t>(p)];
}

/// The pattern whose name is `name` (as printed by to_string), or nothing.
[[nodiscard]] constexpr std::optional<LinePattern>
line_pattern_from_string(std::string_view name) noexcept {
    for (std::size_t i = 0; i < detail::line_pattern_names.size(); ++i)
        if (detail::line_pattern_names[i] == name)
            return static_cast<LinePattern>(i);
    return std::nullopt;
}

/// True for the patterns that make a win on the next stone: Four, DoubleFour, OpenFour.
[[nodiscard]] constexpr bool is_four(LinePattern p) noexcept {
    return p >= LinePattern::Four && p <= LinePattern::OpenFour;
}

} // namespace tengen
