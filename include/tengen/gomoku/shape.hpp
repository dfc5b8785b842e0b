#pragma once
/// \file
/// Shapes: the combination of a cell's four line patterns for one colour, the directions'
/// order ignored. A shape is finer than the cell's Threat class (two closed twos and a one are
/// not a closed two alone), and the evaluation can value each one (ShapeTable).

#include <tengen/core/types.hpp>
#include <tengen/gomoku/line_pattern.hpp>
#include <tengen/search/value.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>

namespace tengen {

/// Number of shapes: the multisets of four line patterns, C(line_pattern_count + 3, 4).
inline constexpr int shape_count = 1001;

/// The index of the shape made of the four patterns `p` (any order), from 0 (four Dead lines)
/// to shape_count - 1 (four Fives): the combinatorial number system over the patterns sorted
/// ascending and spread apart (pattern i + i), so that two orders of one multiset share an index.
[[nodiscard]] constexpr int shape_index(std::array<LinePattern, 4> p) noexcept {
    std::array<int, 4> v{};
    for (std::size_t i = 0; i < 4; ++i)
        v[i] = static_cast<int>(p[i]);
    std::sort(v.begin(), v.end());
    const auto choose = [](int n, int k) {
        long r = 1;
        for (int i = 0; i < k; ++i)
            r = r * (n - i) / (i + 1);
        return n < k ? 0 : static_cast<int>(r);
    };
    int index = 0;
    for (int i = 0; i < 4; ++i)
        index += choose(v[static_cast<std::size_t>(i)] + i, i + 1);
    return index;
}

static_assert(shape_index({LinePattern::Dead, LinePattern::Dead, LinePattern::Dead,
                           LinePattern::Dead}) == 0);
static_assert(shape_index({LinePattern::Five, LinePattern::Five, LinePattern::Five,
                           LinePattern::Five}) == shape_count - 1);

/// The four patterns of shape `index` (0 <= index < shape_count), strongest first.
[[nodiscard]] constexpr std::array<LinePattern, 4> shape_patterns(int index) noexcept {
    constexpr int top = line_pattern_count - 1;
    for (int a = top; a >= 0; --a)
        for (int b = a; b >= 0; --b)
            for (int c = b; c >= 0; --c)
                for (int d = c; d >= 0; --d) {
                    const std::array<LinePattern, 4> p{
                        static_cast<LinePattern>(a), static_cast<LinePattern>(b),
                        static_cast<LinePattern>(c), static_cast<LinePattern>(d)};
                    if (shape_index(p) == index)
                        return p;
                }
    return {};
}

/// The shape of a packed 16-bit cell key (direction d's pattern in bits pattern_bits * d and
/// up, as Board keeps them). Keys with a nibble that is no pattern give shape 0.
[[nodiscard]] constexpr int shape_of_key(std::uint16_t key) noexcept {
    std::array<LinePattern, 4> p{};
    for (std::size_t d = 0; d < 4; ++d) {
        const auto nibble = static_cast<int>((key >> (pattern_bits * d)) & pattern_mask);
        if (nibble >= line_pattern_count)
            return 0;
        p[d] = static_cast<LinePattern>(nibble);
    }
    return shape_index(p);
}

/// The role of a colour in an evaluation: to move, or waiting for the opponent's move.
enum class ShapeRole : std::uint8_t {
    Mover = 0,  ///< the side to move
    Waiter = 1, ///< the other side
};

/// The values of every shape of one colour at an empty cell, by role.
using ShapeValues = std::array<std::array<Value, shape_count>, 2>;

/// Shape values per colour (index_of(Color)), then per role (ShapeRole), then per shape: what
/// GomokuEvaluator adds for each empty cell of the side to move (its Mover value) and subtracts
/// for each of the opponent's (its Waiter value). A Board keeps these sums up to date when it
/// is given a table (Board::set_shape_table). About 16 KiB.
using ShapeTable = std::array<ShapeValues, 2>;

/// The table that gives each shape the value `by_threat` gives its Threat class for each colour
/// and role: by_threat(color, role, shape) is called once per entry. With the threat classes'
/// own and opponent values it is exactly the counts' evaluation.
template <class ByThreat> [[nodiscard]] ShapeTable make_shape_table(ByThreat&& by_threat) {
    ShapeTable table{};
    for (Color c : all_colors)
        for (std::size_t role = 0; role < 2; ++role)
            for (int s = 0; s < shape_count; ++s)
                table[index_of(c)][role][static_cast<std::size_t>(s)] =
                    std::invoke(by_threat, c, static_cast<ShapeRole>(role), s);
    return table;
}

} // namespace tengen
