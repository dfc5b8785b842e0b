#pragma once
// Helpers shared by the test files: bridges from tengen boards to the naive reference, and the
// list of rules the property tests run over.

#include "catch.hpp"
#include "reference/naive.hpp"

#include <tengen/tengen.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace Catch {
template <> struct StringMaker<tengen::GameResult> {
    static std::string convert(const tengen::GameResult& r) {
        std::string winner = r.winner ? std::string(tengen::to_string(*r.winner)) : "nobody";
        return "{winner " + winner + ", " + std::string(tengen::to_string(r.reason)) + "}";
    }
};
} // namespace Catch

namespace tengen_test {

/// Share (percent) of a random property test's samples that a sanitized build draws. Under the
/// sanitizers every move costs about ten times as much, while what they look for (a bad read or
/// write, undefined behaviour) shows in the first samples as in the last; the unsanitized
/// build draws them all.
#ifdef TENGEN_TEST_SANITIZED
inline constexpr int sanitized_sample_percent = 30;
#else
inline constexpr int sanitized_sample_percent = 100;
#endif

/// The number of samples to draw of a property test written for `all`: all of them, or
/// sanitized_sample_percent of them (at least one) in a sanitized build.
constexpr int samples_for_build(int all) {
    constexpr int percent = 100;
    return std::max(1, all * sanitized_sample_percent / percent);
}

/// All 32 combinations of the five ordering components.
inline std::vector<tengen::OrderingOptions> all_orderings() {
    std::vector<tengen::OrderingOptions> all;
    constexpr int components = 5;
    for (int mask = 0; mask < (1 << components); ++mask)
        all.push_back(tengen::OrderingOptions{(mask & 1) != 0, (mask & 2) != 0, (mask & 4) != 0,
                                              (mask & 8) != 0, (mask & 16) != 0});
    return all;
}

/// The naive reference's name for rule `R`.
template <tengen::RulePolicy R> naive::RuleSpec naive_rule() {
    using tengen::RuleId;
    switch (R::id) {
    case RuleId::Freestyle:
        return {naive::Rule::Freestyle, 5};
    case RuleId::Standard:
        return {naive::Rule::Standard, 5};
    case RuleId::Renju:
        return {naive::Rule::Renju, 5};
    case RuleId::Caro:
        return {naive::Rule::Caro, 5};
    case RuleId::KInARow:
        return {naive::Rule::KInARow, R::win_length};
    }
    return {naive::Rule::Freestyle, 5};
}

/// The stones of `board` as a naive grid ('X' Black, 'O' White, '.' empty).
template <typename B> naive::Grid to_grid(const B& board) {
    naive::Grid grid(board.width(), board.height());
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) {
            const tengen::Cell c = board.cell(tengen::Point(x, y));
            if (c == tengen::Cell::Black)
                grid.set(x, y, 'X');
            if (c == tengen::Cell::White)
                grid.set(x, y, 'O');
        }
    }
    return grid;
}

inline char stone_char(tengen::Color c) {
    return c == tengen::Color::Black ? 'X' : 'O';
}

/// The result the naive reference expects when the side to move plays empty `p` on `board`.
template <typename B> tengen::GameResult expected_result(const B& board, tengen::Point p) {
    using namespace tengen;
    using R = typename B::rule_type;
    const Color mover = board.side_to_move();
    const naive::Grid grid = to_grid(board);
    const naive::RuleSpec rule = naive_rule<R>();
    if (naive::makes_win(grid, p.x(), p.y(), stone_char(mover), rule)) {
        // The reason is Five when some winning row is exactly the win length.
        naive::Grid placed = grid;
        placed.set(p.x(), p.y(), stone_char(mover));
        bool exact = false;
        for (Direction d : all_directions) {
            const auto run = naive::detail::run_through(placed, p.x(), p.y(), dx(d), dy(d));
            exact = exact || (run.length == R::win_length &&
                              naive::detail::run_wins(placed, p.x(), p.y(), dx(d), dy(d), rule));
        }
        return GameResult{mover, exact ? EndReason::Five : EndReason::Overline};
    }
    if (R::has_forbidden_moves && mover == Color::Black) {
        const std::string kind = naive::renju_classify(grid, p.x(), p.y());
        if (kind == "overline")
            return GameResult{Color::White, EndReason::ForbiddenOverline};
        if (kind == "double-four")
            return GameResult{Color::White, EndReason::ForbiddenDoubleFour};
        if (kind == "double-three")
            return GameResult{Color::White, EndReason::ForbiddenDoubleThree};
    }
    if (board.stone_count() + 1 == board.point_count())
        return GameResult{std::nullopt, EndReason::BoardFull};
    return GameResult{};
}

/// A random empty point: usually a candidate near the stones, sometimes anywhere.
template <typename B> tengen::Point random_empty_point(const B& board, std::mt19937_64& rng) {
    const auto& candidates = board.candidates();
    constexpr unsigned anywhere_one_in = 5;
    if (!candidates.empty() && rng() % anywhere_one_in != 0) {
        std::vector<tengen::Point> list(candidates.begin(), candidates.end());
        return list[rng() % list.size()];
    }
    std::vector<tengen::Point> empty;
    for (tengen::Point p : board.points())
        if (board.is_empty(p))
            empty.push_back(p);
    return empty[rng() % empty.size()];
}

/// Where the golden data files live.
inline std::string data_path(const std::string& name) {
    return std::string(TENGEN_TEST_DATA_DIR) + "/" + name;
}

} // namespace tengen_test
