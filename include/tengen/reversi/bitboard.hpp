#pragma once
/// \file
/// Reversi bitboards: one `uint64_t` per colour, bit `row * 8 + column` for a square (a1 = bit 0,
/// h1 = bit 7, a8 = bit 56; rows are numbered from the top). Legal-move masks by shift loops over
/// the eight directions and flip masks per direction, written for speed (perft, the endgame
/// solver) and free of any board object.

#include <array>
#include <bit>
#include <cstdint>

namespace tengen::reversi {

/// A set of squares, bit `row * 8 + column`.
using Bitboard = std::uint64_t;

/// Squares per side of the board.
inline constexpr int board_side = 8;
/// Squares on the board.
inline constexpr int square_count = board_side * board_side;
static_assert(square_count == 64, "one bit per square: the board must fit one uint64_t");

/// Every square except column a.
inline constexpr Bitboard not_column_a = 0xFEFE'FEFE'FEFE'FEFEULL;
/// Every square except column h.
inline constexpr Bitboard not_column_h = 0x7F7F'7F7F'7F7F'7F7FULL;
/// Every square except columns a and h: a run that moves sideways can only pass through these.
inline constexpr Bitboard inner_columns = not_column_a & not_column_h;
/// The four corners.
inline constexpr Bitboard corners = 0x8100'0000'0000'0081ULL;
/// The squares on the edge of the board.
inline constexpr Bitboard edge_squares = 0xFF81'8181'8181'81FFULL;

/// The bit of square `square` (0..63).
[[nodiscard]] constexpr Bitboard square_bit(int square) noexcept {
    return Bitboard{1} << square;
}

/// Number of squares in `b`.
[[nodiscard]] constexpr int count(Bitboard b) noexcept {
    return std::popcount(b);
}

/// One of the eight directions: a signed bit shift plus the mask that removes the squares
/// which would wrap around the board's left or right edge.
struct Ray {
    int shift;      ///< positive: towards higher bits (east, south); negative: the reverse
    Bitboard inner; ///< the squares a run of discs in this direction may pass through
};

/// E, W, S, N, SE, NW, SW, NE. Vertical moves cannot wrap, so they keep every square.
inline constexpr std::array<Ray, 8> rays{{
    {1, inner_columns},
    {-1, inner_columns},
    {8, ~Bitboard{0}},
    {-8, ~Bitboard{0}},
    {9, inner_columns},
    {-9, inner_columns},
    {7, inner_columns},
    {-7, inner_columns},
}};

/// `b` moved one step in direction `shift` (bits shifted off the board vanish).
[[nodiscard]] constexpr Bitboard shifted(Bitboard b, int shift) noexcept {
    return shift > 0 ? b << shift : b >> -shift;
}

/// The squares where the player owning `own` may move against `opp`: empty squares from which
/// some direction runs over one or more `opp` discs to an `own` disc. Precondition: disjoint.
[[nodiscard]] constexpr Bitboard legal_moves(Bitboard own, Bitboard opp) noexcept {
    Bitboard moves = 0;
    for (const Ray& d : rays) {
        const Bitboard runs = opp & d.inner;
        // Six steps: the longest run of opponent discs between two squares is six.
        Bitboard t = runs & shifted(own, d.shift);
        t |= runs & shifted(t, d.shift);
        t |= runs & shifted(t, d.shift);
        t |= runs & shifted(t, d.shift);
        t |= runs & shifted(t, d.shift);
        t |= runs & shifted(t, d.shift);
        moves |= shifted(t, d.shift);
    }
    return moves & ~(own | opp);
}

/// The `opp` discs that a move on `square` by the owner of `own` flips: in every direction, the
/// run of `opp` discs next to the square, when an `own` disc closes it. Empty when the move is
/// illegal (or the square occupied: the caller must check). Precondition: disjoint.
[[nodiscard]] constexpr Bitboard flips(int square, Bitboard own, Bitboard opp) noexcept {
    const Bitboard from = square_bit(square);
    Bitboard all = 0;
    for (const Ray& d : rays) {
        const Bitboard runs = opp & d.inner;
        Bitboard run = runs & shifted(from, d.shift);
        run |= runs & shifted(run, d.shift);
        run |= runs & shifted(run, d.shift);
        run |= runs & shifted(run, d.shift);
        run |= runs & shifted(run, d.shift);
        run |= runs & shifted(run, d.shift);
        // The run is closed only if the square after its far end holds our disc. The run never
        // includes an edge column sideways, so an `own` disc there can close it but not wrap.
        if (shifted(run, d.shift) & own)
            all |= run;
    }
    return all;
}

/// Index of the lowest set bit. Precondition: b != 0.
[[nodiscard]] constexpr int lowest_square(Bitboard b) noexcept {
    return std::countr_zero(b);
}

} // namespace tengen::reversi
