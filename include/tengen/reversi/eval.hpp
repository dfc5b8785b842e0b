#pragma once
/// \file
/// Reversi evaluation: disc count, positional square weights, mobility, stable discs, and their
/// weighted sum. Every function reads raw bitboards from the view of the player owning `own`.

#include <tengen/reversi/bitboard.hpp>
#include <tengen/search/value.hpp>

#include <array>
#include <cstdint>

namespace tengen {

/// Weights of the combined Reversi evaluation, in hundredths of a disc.
struct ReversiWeights {
    /// Square values of one quarter of the board, by distance from the corner:
    /// a1 b1 c1 d1 / b2 c2 d2 / c3 d3 / d4, mirrored into the other quarters.
    ///
    ///     a1 = corner: can never be flipped and anchors its edges.
    ///     b1 = C-square, b2 = X-square: they give the opponent the corner.
    ///     c1, d1 = A and B squares: safe edge squares.
    std::array<Value, 10> quarter{120, -25, 12, 6, -45, -4, -2, 3, 1, 0};
    /// Each disc more than the opponent. Small: in the middle game few discs usually means many
    /// moves, and the endgame solver takes over where the count is all that matters.
    Value disc = 2;
    /// Each legal move more than the opponent: having choices and leaving the opponent few is
    /// what wins Reversi games between the opening and the endgame.
    Value mobility = 12;
    /// Each stable disc more than the opponent: those discs count at the end, whatever happens.
    Value stable = 40;
};

namespace reversi {

/// The 64 square values of `w.quarter`, mirrored.
[[nodiscard]] constexpr std::array<Value, square_count>
square_values(const ReversiWeights& w) noexcept {
    constexpr std::array<std::array<int, 4>, 4> slot{{
        {0, 1, 2, 3},
        {1, 4, 5, 6},
        {2, 5, 7, 8},
        {3, 6, 8, 9},
    }};
    std::array<Value, square_count> values{};
    for (int s = 0; s < square_count; ++s) {
        int column = s % board_side;
        int row = s / board_side;
        constexpr int half = board_side / 2;
        if (column >= half)
            column = board_side - 1 - column;
        if (row >= half)
            row = board_side - 1 - row;
        values[static_cast<std::size_t>(s)] = w.quarter[static_cast<std::size_t>(
            slot[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)])];
    }
    return values;
}

/// Own discs minus opponent discs.
[[nodiscard]] constexpr int disc_difference(Bitboard own, Bitboard opp) noexcept {
    return count(own) - count(opp);
}

/// Own legal moves minus the opponent's (each counted as if it were to move).
[[nodiscard]] constexpr int mobility_difference(Bitboard own, Bitboard opp) noexcept {
    return count(legal_moves(own, opp)) - count(legal_moves(opp, own));
}

/// Sum of the square values of own discs minus those of the opponent's.
[[nodiscard]] constexpr Value positional(Bitboard own, Bitboard opp,
                                         const std::array<Value, square_count>& values) noexcept {
    Value v = 0;
    for (Bitboard b = own; b != 0; b &= b - 1)
        v += values[static_cast<std::size_t>(lowest_square(b))];
    for (Bitboard b = opp; b != 0; b &= b - 1)
        v -= values[static_cast<std::size_t>(lowest_square(b))];
    return v;
}

namespace detail {

/// The squares of each full line along the axis of `shift` (1: rows, 8: columns, 9 and 7: the
/// two diagonals): a square is set when every square of its line on that axis is occupied.
/// `forward` and `backward` are the squares that may step by +shift and -shift without
/// wrapping around the board.
[[nodiscard]] constexpr Bitboard full_lines(Bitboard occupied, int shift, Bitboard forward,
                                            Bitboard backward) noexcept {
    // Spread every empty square along the axis through occupied squares; what it never reaches
    // has no empty square on its line.
    Bitboard reach = ~occupied;
    for (int i = 0; i < board_side; ++i)
        reach |= (shifted(reach & forward, shift) | shifted(reach & backward, -shift)) & occupied;
    return occupied & ~reach;
}

} // namespace detail

/// Discs of `own` that no sequence of moves can ever flip (a sound under-approximation). A disc
/// is stable when, on each of its four axes, its line is full, or one of its two neighbours on
/// the axis is off the board or a stable disc of its own colour (a flip along an axis needs an
/// empty square on it and a flanking run through the disc; a wall or a disc that never flips
/// on one side stops the run). Corners are stable, and stability grows from them along edges
/// and into the board; iterated to a fixed point.
[[nodiscard]] constexpr Bitboard stable_discs(Bitboard own, Bitboard opp) noexcept {
    const Bitboard occupied = own | opp;
    constexpr Bitboard top_row = 0xFFULL;
    constexpr Bitboard bottom_row = 0xFF00'0000'0000'0000ULL;
    constexpr Bitboard column_a = ~not_column_a;
    constexpr Bitboard column_h = ~not_column_h;
    // On each axis, squares with a wall next to them, plus full lines.
    const Bitboard horizontal =
        column_a | column_h | detail::full_lines(occupied, 1, not_column_h, not_column_a);
    const Bitboard vertical =
        top_row | bottom_row | detail::full_lines(occupied, 8, ~Bitboard{0}, ~Bitboard{0});
    const Bitboard diagonal =
        edge_squares | detail::full_lines(occupied, 9, not_column_h, not_column_a);
    const Bitboard anti_diagonal =
        edge_squares | detail::full_lines(occupied, 7, not_column_a, not_column_h);
    Bitboard stable = 0;
    for (;;) {
        // Neighbours of stable discs on each axis; the masks keep shifts from wrapping.
        const Bitboard h =
            horizontal | ((stable & not_column_h) << 1) | ((stable & not_column_a) >> 1);
        const Bitboard v = vertical | (stable << 8) | (stable >> 8);
        const Bitboard d =
            diagonal | ((stable & not_column_h) << 9) | ((stable & not_column_a) >> 9);
        const Bitboard a =
            anti_diagonal | ((stable & not_column_a) << 7) | ((stable & not_column_h) >> 7);
        const Bitboard next = own & h & v & d & a;
        if (next == stable)
            return stable;
        stable = next;
    }
}

/// The combined evaluation of `w` from the view of `own`, with `values` = square_values(w)
/// computed once by the caller: weighted disc, positional, mobility and stability differences.
/// Within a few thousand, far inside the static range.
[[nodiscard]] constexpr Value evaluate(Bitboard own, Bitboard opp, const ReversiWeights& w,
                                       const std::array<Value, square_count>& values) noexcept {
    return w.disc * disc_difference(own, opp) + positional(own, opp, values) +
           w.mobility * mobility_difference(own, opp) +
           w.stable * (count(stable_discs(own, opp)) - count(stable_discs(opp, own)));
}

/// The same, computing the square values on each call.
[[nodiscard]] constexpr Value evaluate(Bitboard own, Bitboard opp,
                                       const ReversiWeights& w = {}) noexcept {
    return evaluate(own, opp, w, square_values(w));
}

} // namespace reversi

} // namespace tengen
