#pragma once
/// \file
/// Random openings for engine matches: stones drawn near the centre, whole openings redrawn until
/// a caller's test (a balance check) accepts them. Reproducible on every platform.

#include <tengen/core/expected.hpp>
#include <tengen/core/types.hpp>
#include <tengen/gomoku/movegen.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace tengen {

/// Where and how many stones a random opening has.
struct OpeningShape {
    int stones = 3; ///< stones in the opening, Black's first, alternating
    /// Stones go within this Chebyshev distance of the centre (2: a 5 x 5 square), close enough
    /// to interact.
    int radius = 2;
    int max_attempts = 100'000; ///< whole openings drawn before giving up
};

/// Draws openings on `board` (cleared first) until `accept(board)` returns true, and returns the
/// accepted one, left on the board. Each stone is drawn uniformly among the points within
/// shape.radius of the centre, its row and then its column from `rng` by plain modulo (the standard
/// leaves distributions' output to each library; mt19937_64 itself is the same everywhere), an
/// occupied point drawn again. An Error when the area cannot hold the stones or no opening was
/// accepted within shape.max_attempts draws. `accept` must leave the board as it found it.
template <GomokuBoard B, typename Accept>
[[nodiscard]] Expected<std::vector<Point>> draw_opening(B& board, const OpeningShape& shape,
                                                        std::mt19937_64& rng, Accept&& accept) {
    const int x0 = std::max(0, board.width() / 2 - shape.radius);
    const int x1 = std::min(board.width() - 1, board.width() / 2 + shape.radius);
    const int y0 = std::max(0, board.height() / 2 - shape.radius);
    const int y1 = std::min(board.height() - 1, board.height() / 2 + shape.radius);
    const auto columns = static_cast<std::uint64_t>(x1 - x0 + 1);
    const auto rows = static_cast<std::uint64_t>(y1 - y0 + 1);
    if (shape.stones < 0 || static_cast<std::uint64_t>(shape.stones) > columns * rows)
        return Error{"cannot place " + std::to_string(shape.stones) + " stones within " +
                     std::to_string(shape.radius) + " points of the centre"};
    std::vector<Point> stones;
    for (int attempt = 0; attempt < shape.max_attempts; ++attempt) {
        board.clear();
        stones.clear();
        while (static_cast<int>(stones.size()) < shape.stones && !board.result().is_over()) {
            // Two statements: the order of a call's arguments is unspecified, and GCC, which the
            // recorded openings came from, evaluated the row's draw first.
            const int y = y0 + static_cast<int>(rng() % rows);
            const int x = x0 + static_cast<int>(rng() % columns);
            const Point p(x, y);
            if (!board.is_empty(p))
                continue;
            board.play(p);
            stones.push_back(p);
        }
        if (static_cast<int>(stones.size()) == shape.stones && accept(board))
            return stones;
    }
    return Error{"no balanced opening of " + std::to_string(shape.stones) + " stones in " +
                 std::to_string(shape.max_attempts) + " attempts"};
}

} // namespace tengen
