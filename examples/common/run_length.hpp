#pragma once
/// \file
/// The run-length scorer of gomoku tutorials, as a yardstick player (`runlength`): for each
/// empty cell next to the stones, in each of the four directions, the length of the run a stone
/// there would join and how many of its ends are open, scored from a fixed table, for the side
/// to move (attack) and for the opponent (defence); the first cell with the best
/// attack x 1.1 + defence. No search, no threat classes, no rule knowledge beyond the legality of
/// a move (a renju forbidden point is never chosen, which a tutorial would not know, so that it
/// loses only by its play).

#include <tengen/tengen.hpp>

#include <array>
#include <optional>

namespace tengen::examples {

namespace detail {

/// The tutorial's score of a run of `length` stones with `open_ends` (0-2) empty ends.
[[nodiscard]] constexpr double run_score(int length, int open_ends) noexcept {
    constexpr double five = 100'000;
    constexpr int five_length = 5;
    if (length >= five_length)
        return five;
    if (open_ends == 0)
        return 0;
    // Rows: length 1-4; columns: one open end, two open ends.
    constexpr std::array<std::array<double, 2>, 4> table{{
        {1, 10},
        {10, 100},
        {100, 1'000},
        {1'000, 10'000},
    }};
    return table[static_cast<std::size_t>(length - 1)][static_cast<std::size_t>(open_ends - 1)];
}

/// The run a stone of `c` on empty `p` would make along (dx, dy), scored.
template <typename B>
[[nodiscard]] double direction_score(const B& board, Point p, int dx, int dy, Color c) {
    int length = 1;
    int open_ends = 0;
    for (const int sign : {1, -1}) {
        int x = p.x() + sign * dx;
        int y = p.y() + sign * dy;
        while (board.contains(x, y) && board.cell(Point(x, y)) == cell_of(c)) {
            ++length;
            x += sign * dx;
            y += sign * dy;
        }
        if (board.contains(x, y) && board.is_empty(Point(x, y)))
            ++open_ends;
    }
    return run_score(length, open_ends);
}

} // namespace detail

/// The run-length scorer's move for the side to move of `board`: the centre on an empty board,
/// else the first cell (row by row) within two cells of a stone with the best score; nothing
/// when no legal point is left.
template <typename B> [[nodiscard]] std::optional<Point> run_length_move(B& board) {
    constexpr double attack_factor = 1.1;
    constexpr int reach = 2;
    constexpr std::array<std::array<int, 2>, 4> directions{{{1, 0}, {0, 1}, {1, 1}, {1, -1}}};
    if (board.stone_count() == 0)
        return Point(board.width() / 2, board.height() / 2);
    const Color us = board.side_to_move();
    const auto near_a_stone = [&](int x, int y) {
        for (int ny = y - reach; ny <= y + reach; ++ny)
            for (int nx = x - reach; nx <= x + reach; ++nx)
                if (board.contains(nx, ny) && !board.is_empty(Point(nx, ny)))
                    return true;
        return false;
    };
    std::optional<Point> best;
    double best_score = -1;
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) {
            const Point p(x, y);
            if (!board.is_empty(p) || !near_a_stone(x, y))
                continue;
            if constexpr (B::rule_type::id == RuleId::Renju) {
                if (us == Color::Black && board.is_forbidden(p))
                    continue;
            }
            double attack = 0;
            double defence = 0;
            for (const auto& [dx, dy] : directions) {
                attack += detail::direction_score(board, p, dx, dy, us);
                defence += detail::direction_score(board, p, dx, dy, opponent(us));
            }
            const double score = attack * attack_factor + defence;
            if (score > best_score) {
                best_score = score;
                best = p;
            }
        }
    }
    return best;
}

} // namespace tengen::examples
