#pragma once
/// \file
/// The vocabulary every other tengen header speaks: colours, cells, points, directions and the
/// fixed layout of the padded board array.

#include <array>
#include <cassert>
#include <cstdint>
#include <string_view>

namespace tengen {

/// A player's colour. Black moves first in every gomoku-family rule.
enum class Color : std::uint8_t {
    Black = 0,
    White = 1,
};

/// Both colours, in index order, for range-for loops.
inline constexpr std::array<Color, 2> all_colors{Color::Black, Color::White};

/// The other colour.
[[nodiscard]] constexpr Color opponent(Color c) noexcept {
    return c == Color::Black ? Color::White : Color::Black;
}

/// 0 for Black, 1 for White: the index of a colour in per-colour arrays.
[[nodiscard]] constexpr std::size_t index_of(Color c) noexcept {
    return static_cast<std::size_t>(c);
}

/// "black" or "white".
[[nodiscard]] constexpr std::string_view to_string(Color c) noexcept {
    return c == Color::Black ? "black" : "white";
}

/// The content of one cell of the padded board array.
///
/// The encoding is load-bearing: two bits per cell, bit 0 = a black stone, bit 1 = a white stone,
/// both bits = a wall. Line keys pack 32 such cells into one `uint64_t`, and the pattern tables are
/// indexed by those bits directly.
enum class Cell : std::uint8_t {
    Empty = 0,
    Black = 1,
    White = 2,
    Wall = 3,
};

/// Bits a cell occupies in a line key.
inline constexpr int cell_bits = 2;
static_assert(static_cast<int>(Cell::Wall) < (1 << cell_bits), "a cell must fit in cell_bits");
static_assert((static_cast<int>(Cell::Black) | static_cast<int>(Cell::White)) ==
                  static_cast<int>(Cell::Wall),
              "a wall must read as 'blocked' for both colours");

/// The cell holding a stone of colour `c`.
[[nodiscard]] constexpr Cell cell_of(Color c) noexcept {
    return c == Color::Black ? Cell::Black : Cell::White;
}

/// Geometry of the padded 1-D array shared by every board size.
///
/// Every board, whatever its size, lives in a 32 x 32 array: `board_padding` wall cells on each
/// side and the playing area in the top-left corner of the rest. A fixed stride makes a Point's
/// index independent of the board size, so points, Zobrist keys and line keys are shared by all
/// sizes and no arithmetic depends on a run-time size.
namespace layout {

/// Wall cells on each side of the playing area. The pattern window looks five cells each way
/// (a five plus the cell beyond it, which decides overlines and caro's blocked fives).
inline constexpr int padding = 5;
/// Cells per row of the padded array, and cells per line key.
inline constexpr int stride = 32;
/// The largest supported board side.
inline constexpr int max_board_size = stride - 2 * padding;
/// The smallest supported board side (tic-tac-toe).
inline constexpr int min_board_size = 3;
/// Cells in the padded array.
inline constexpr int cell_count = stride * stride;

static_assert(max_board_size >= 22, "the issue promises boards up to 22 x 22");
static_assert(stride * cell_bits == 64, "one line of the padded array must fit in one uint64_t");

} // namespace layout

/// One of the four line directions. Each line is walked in the positive sense of its offset.
enum class Direction : std::uint8_t {
    Horizontal = 0,   ///< (x + 1, y)
    Vertical = 1,     ///< (x, y + 1)
    Diagonal = 2,     ///< (x + 1, y + 1)
    AntiDiagonal = 3, ///< (x + 1, y - 1)
};

/// The four directions, in index order.
inline constexpr std::array<Direction, 4> all_directions{
    Direction::Horizontal, Direction::Vertical, Direction::Diagonal, Direction::AntiDiagonal};

/// Number of line directions.
inline constexpr int direction_count = 4;

/// Index of a direction in per-direction arrays.
[[nodiscard]] constexpr std::size_t index_of(Direction d) noexcept {
    return static_cast<std::size_t>(d);
}

/// Step in x of one cell along `d`.
[[nodiscard]] constexpr int dx(Direction d) noexcept {
    return d == Direction::Vertical ? 0 : 1;
}

/// Step in y of one cell along `d`.
[[nodiscard]] constexpr int dy(Direction d) noexcept {
    switch (d) {
    case Direction::Horizontal:
        return 0;
    case Direction::AntiDiagonal:
        return -1;
    default:
        return 1;
    }
}

/// Step in the padded array of one cell along `d`.
[[nodiscard]] constexpr int offset(Direction d) noexcept {
    return dx(d) + dy(d) * layout::stride;
}

/// A point of the board: a cell of the padded array.
///
/// Coordinates follow the Gomocup protocol: `x` is the column, `y` the row, (0, 0) the top-left
/// corner. A point knows nothing of a board's size; a Board says whether it is on the board.
/// The special value `Point::pass()` stands for a pass and is never on any board.
class Point {
public:
    /// The pass point (also the value of a default-constructed Point).
    constexpr Point() noexcept = default;

    /// The point at column `x`, row `y`. Precondition: both in [0, layout::max_board_size).
    constexpr Point(int x, int y) noexcept
        : index_(static_cast<std::uint16_t>((y + layout::padding) * layout::stride + x +
                                            layout::padding)) {
        assert(x >= 0 && x < layout::max_board_size && y >= 0 && y < layout::max_board_size);
    }

    /// The point whose padded-array index is `index`. Precondition: 0 <= index < cell_count.
    [[nodiscard]] static constexpr Point from_index(int index) noexcept {
        assert(index >= 0 && index < layout::cell_count);
        Point p;
        p.index_ = static_cast<std::uint16_t>(index);
        return p;
    }

    /// The value that stands for a pass.
    [[nodiscard]] static constexpr Point pass() noexcept { return Point{}; }

    /// True for the pass value.
    [[nodiscard]] constexpr bool is_pass() const noexcept { return index_ == 0; }

    /// Column, 0-based from the left. Meaningless for a pass.
    [[nodiscard]] constexpr int x() const noexcept {
        return index_ % layout::stride - layout::padding;
    }

    /// Row, 0-based from the top. Meaningless for a pass.
    [[nodiscard]] constexpr int y() const noexcept {
        return index_ / layout::stride - layout::padding;
    }

    /// Index into the padded array.
    [[nodiscard]] constexpr int index() const noexcept { return index_; }

    /// The point `steps` cells away along `d` (may be a wall cell; never leaves the array for
    /// |steps| <= layout::padding from an on-board point).
    [[nodiscard]] constexpr Point shifted(Direction d, int steps) const noexcept {
        return from_index(index_ + steps * offset(d));
    }

    friend constexpr bool operator==(Point, Point) noexcept = default;
    friend constexpr auto operator<=>(Point, Point) noexcept = default;

private:
    std::uint16_t index_ = 0; ///< 0 is a corner wall cell, used as the pass value.
};

} // namespace tengen
