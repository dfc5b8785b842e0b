#pragma once
/// \file
/// Lookup tables from line keys to line patterns, and from four line patterns to a threat,
/// built lazily at run time once per rule.

#include <tengen/core/types.hpp>
#include <tengen/gomoku/line_pattern.hpp>
#include <tengen/gomoku/rules/rule_policy.hpp>
#include <tengen/gomoku/shape.hpp>
#include <tengen/gomoku/threat.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tengen {

/// Cells the pattern window sees on each side of the cell it classifies.
inline constexpr int pattern_half_window = layout::padding;
/// Cells in the pattern window, the classified cell included.
inline constexpr int pattern_window_cells = 2 * pattern_half_window + 1;
/// Bits of a line key: the window without its centre, two bits a cell.
inline constexpr int line_key_bits = (pattern_window_cells - 1) * cell_bits;
/// Entries of a line table.
inline constexpr std::size_t line_key_count = std::size_t{1} << line_key_bits;

static_assert(pattern_half_window <= layout::padding,
              "a window centred on any on-board cell must stay inside the padded array");
static_assert(pattern_half_window >= 5,
              "the window must see a five and the cell beyond it (overlines, caro blocks)");

/// The farthest distance at which a stone can change the line patterns of a cell under rule
/// `R`, so the farthest a play must look. Where every run of k or more wins, whatever its colour
/// and ends (freestyle, k-in-a-row), a winning run through a cell lies within k - 1 cells of
/// it; where the cell beyond a run decides (exactly five, overlines, blocked ends), the whole
/// half-window. Derived from the rule's own `judge`; detail::measured_pattern_reach checks it.
template <RulePolicy R> [[nodiscard]] constexpr int pattern_reach_of() noexcept {
    for (int length = R::win_length; length <= pattern_window_cells; ++length)
        for (const Color c : all_colors)
            for (const bool before : {false, true})
                for (const bool after : {false, true})
                    if (R::judge(Run{c, length, before, after}) != RunVerdict::Win)
                        return pattern_half_window;
    return R::win_length - 1;
}
/// pattern_reach_of, as a constant.
template <RulePolicy R> inline constexpr int pattern_reach = pattern_reach_of<R>();

/// Cells on each side of a cell that rule `R`'s board reads to classify it: pattern_reach, since
/// no farther cell can change its patterns. Where that is less than the half-window (freestyle:
/// 4 cells), the board's line table is far smaller (64 KiB instead of 1 MiB) and stays in the
/// caches.
template <RulePolicy R> inline constexpr int line_key_half = pattern_reach<R>;

/// The line key of the window of `Half` cells on each side of position `pos` of a packed line
/// (two bits a cell, position 0 in the lowest bits), the centre left out. Precondition: the
/// window lies inside the 32 positions.
template <int Half = pattern_half_window>
[[nodiscard]] constexpr std::uint32_t window_key(std::uint64_t line, int pos) noexcept {
    static_assert(Half >= 1 && Half <= pattern_half_window);
    constexpr int side_bits = Half * cell_bits;
    constexpr std::uint64_t side_mask = (std::uint64_t{1} << side_bits) - 1;
    const std::uint64_t window = line >> ((pos - Half) * cell_bits);
    const std::uint64_t before = window & side_mask;
    const std::uint64_t after = (window >> (side_bits + cell_bits)) & side_mask;
    return static_cast<std::uint32_t>(before | (after << side_bits));
}

/// The cells of a pattern window, index `pattern_half_window` being the classified cell.
using Window = std::array<Cell, pattern_window_cells>;

/// Packs the `Half` cells on each side of a window's centre into a line key (the key
/// window_key<Half> reads from a packed line).
template <int Half = pattern_half_window>
[[nodiscard]] constexpr std::uint32_t key_of(const Window& w) noexcept {
    static_assert(Half >= 1 && Half <= pattern_half_window);
    std::uint32_t key = 0;
    int shift = 0;
    for (int i = pattern_half_window - Half; i <= pattern_half_window + Half; ++i) {
        if (i == pattern_half_window)
            continue;
        key |= static_cast<std::uint32_t>(w[static_cast<std::size_t>(i)]) << shift;
        shift += cell_bits;
    }
    return key;
}

/// The tables of one rule. Obtain them with `rule_tables<Rule>()`.
struct RuleTables {
    /// Per line key: Black's LinePattern in the low four bits, White's in the high four.
    std::vector<std::uint8_t> line;
    /// The same per key of the rule's line_key_half cells a side, when that is less than the
    /// half-window (else empty, and `line` serves): what the board reads on every update.
    std::vector<std::uint8_t> near_line;
    /// Per colour, per 16-bit key of four line patterns (direction d in bits 4d..4d+3): the threat.
    std::array<std::vector<Threat>, 2> threat;
    /// Per 16-bit key of four line patterns: the shape (shape.hpp), the same for both colours.
    std::vector<std::uint16_t> shape;

    /// The table the board reads, keyed by window_key<line_key_half<Rule>> of the rule built.
    [[nodiscard]] const std::uint8_t* board_line() const noexcept {
        return near_line.empty() ? line.data() : near_line.data();
    }

    /// The pattern colour `c` would make at the centre of the window with line key `key`.
    [[nodiscard]] LinePattern pattern(std::uint32_t key, Color c) const noexcept {
        const unsigned shift = c == Color::Black ? 0U : pattern_bits;
        return static_cast<LinePattern>((line[key] >> shift) & pattern_mask);
    }
};

namespace detail {

/// Classifies every reachable window for one colour by dynamic programming: a window's pattern
/// depends on the patterns of the windows with one more own stone, so windows are processed from
/// the most own stones to the fewest.
template <RulePolicy Rule> class LineTableBuilder {
public:
    LineTableBuilder(Color color, std::vector<std::uint8_t>& patterns)
        : color_(color), own_(cell_of(color)), opponent_(cell_of(tengen::opponent(color))),
          patterns_(patterns) {}

    void build(const std::vector<Window>& windows) {
        constexpr int max_own = pattern_window_cells - 1;
        std::array<std::vector<std::size_t>, max_own + 1> by_own_count;
        for (std::size_t i = 0; i < windows.size(); ++i)
            by_own_count[static_cast<std::size_t>(own_count(windows[i]))].push_back(i);
        for (int n = max_own; n >= 0; --n) {
            for (std::size_t i : by_own_count[static_cast<std::size_t>(n)]) {
                Window w = windows[i];
                w[pattern_half_window] = own_;
                patterns_[key_of(w)] = static_cast<std::uint8_t>(classify(w));
            }
        }
    }

private:
    static constexpr int centre = pattern_half_window;
    static constexpr int k = Rule::win_length;

    [[nodiscard]] int own_count(const Window& w) const noexcept {
        return static_cast<int>(std::count(w.begin(), w.end(), own_));
    }

    /// How the rule judges the unbroken run of own stones through `pos` (which must hold one).
    [[nodiscard]] RunVerdict judge_run_at(const Window& w, int pos) const noexcept {
        int first = pos;
        while (first > 0 && w[static_cast<std::size_t>(first - 1)] == own_)
            --first;
        int last = pos;
        while (last < pattern_window_cells - 1 && w[static_cast<std::size_t>(last + 1)] == own_)
            ++last;
        const bool blocked_before =
            first > 0 && w[static_cast<std::size_t>(first - 1)] == opponent_;
        const bool blocked_after =
            last < pattern_window_cells - 1 && w[static_cast<std::size_t>(last + 1)] == opponent_;
        return Rule::judge(Run{color_, last - first + 1, blocked_before, blocked_after});
    }

    [[nodiscard]] LinePattern looked_up(const Window& w) const noexcept {
        return static_cast<LinePattern>(patterns_[key_of(w)]);
    }

    /// What one more stone turns a pattern into, seen from the pattern one level down.
    [[nodiscard]] static constexpr LinePattern one_level_down(LinePattern next) noexcept {
        switch (next) {
        case LinePattern::OpenFour:
            return LinePattern::OpenThree;
        case LinePattern::DoubleFour:
        case LinePattern::Four:
            return LinePattern::ClosedThree;
        case LinePattern::OpenThree:
            return LinePattern::OpenTwo;
        case LinePattern::ClosedThree:
            return LinePattern::ClosedTwo;
        case LinePattern::OpenTwo:
        case LinePattern::ClosedTwo:
            return LinePattern::One;
        default:
            return LinePattern::Dead;
        }
    }

    /// Classifies the centre of `w`, which holds an own stone.
    [[nodiscard]] LinePattern classify(Window& w) const noexcept {
        switch (judge_run_at(w, centre)) {
        case RunVerdict::Win:
            return LinePattern::Five;
        case RunVerdict::Overline:
            return LinePattern::Overline;
        case RunVerdict::NoWin:
            break;
        }

        std::array<int, pattern_window_cells> completions{};
        int completion_count = 0;
        for (int q = 0; q < pattern_window_cells; ++q) {
            auto& cell = w[static_cast<std::size_t>(q)];
            if (cell != Cell::Empty)
                continue;
            cell = own_;
            if (judge_run_at(w, centre) == RunVerdict::Win)
                completions[static_cast<std::size_t>(completion_count++)] = q;
            cell = Cell::Empty;
        }
        if (completion_count == 1)
            return LinePattern::Four;
        if (completion_count >= 2) {
            const int first = completions[0];
            const int last = completions[static_cast<std::size_t>(completion_count - 1)];
            const bool straight = completion_count == 2 && last - first == k &&
                                  std::all_of(w.begin() + first + 1, w.begin() + last,
                                              [this](Cell c) { return c == own_; });
            return straight ? LinePattern::OpenFour : LinePattern::DoubleFour;
        }

        LinePattern best = LinePattern::Dead;
        for (int q = 0; q < pattern_window_cells; ++q) {
            auto& cell = w[static_cast<std::size_t>(q)];
            if (cell != Cell::Empty)
                continue;
            cell = own_;
            if (judge_run_at(w, q) != RunVerdict::Win)
                best = std::max(best, one_level_down(looked_up(w)));
            cell = Cell::Empty;
        }
        return best;
    }

    Color color_;
    Cell own_;
    Cell opponent_;
    std::vector<std::uint8_t>& patterns_;
};

/// Every window that can occur on a board: walls only as an unbroken stretch from either end.
[[nodiscard]] inline std::vector<Window> reachable_windows() {
    constexpr int side = pattern_half_window;
    constexpr std::array<Cell, 3> contents{Cell::Empty, Cell::Black, Cell::White};
    // Each side as seen walking outwards from the centre: some cells, then walls to the end.
    std::vector<std::array<Cell, side>> sides;
    for (int walls = 0; walls <= side; ++walls) {
        const int free_cells = side - walls;
        int combinations = 1;
        for (int i = 0; i < free_cells; ++i)
            combinations *= 3;
        for (int code = 0; code < combinations; ++code) {
            std::array<Cell, side> s{};
            int rest = code;
            for (int i = 0; i < side; ++i) {
                if (i < free_cells) {
                    s[static_cast<std::size_t>(i)] = contents[static_cast<std::size_t>(rest % 3)];
                    rest /= 3;
                } else {
                    s[static_cast<std::size_t>(i)] = Cell::Wall;
                }
            }
            sides.push_back(s);
        }
    }
    std::vector<Window> windows;
    windows.reserve(sides.size() * sides.size());
    for (const auto& before : sides) {
        for (const auto& after : sides) {
            Window w{};
            for (int i = 0; i < side; ++i) {
                w[static_cast<std::size_t>(side - 1 - i)] = before[static_cast<std::size_t>(i)];
                w[static_cast<std::size_t>(side + 1 + i)] = after[static_cast<std::size_t>(i)];
            }
            w[side] = Cell::Empty;
            windows.push_back(w);
        }
    }
    return windows;
}

/// The farthest distance from the centre at which a stone on an empty cell of some reachable
/// window changes the window's entry in `line`: what pattern_reach claims, measured (a test
/// compares the two).
[[nodiscard]] inline int measured_pattern_reach(const std::vector<std::uint8_t>& line) {
    int reach = 0;
    for (Window w : reachable_windows()) {
        const std::uint8_t entry = line[key_of(w)];
        for (int distance = pattern_half_window; distance > reach; --distance) {
            for (const int q : {pattern_half_window - distance, pattern_half_window + distance}) {
                Cell& cell = w[static_cast<std::size_t>(q)];
                if (cell != Cell::Empty)
                    continue;
                for (const Cell stone : {Cell::Black, Cell::White}) {
                    cell = stone;
                    if (line[key_of(w)] != entry)
                        reach = distance;
                }
                cell = Cell::Empty;
            }
        }
    }
    return reach;
}

template <RulePolicy Rule> [[nodiscard]] RuleTables build_rule_tables() {
    RuleTables tables;
    const std::vector<Window> windows = reachable_windows();
    std::array<std::vector<std::uint8_t>, 2> per_color;
    for (Color c : all_colors) {
        auto& patterns = per_color[index_of(c)];
        patterns.assign(line_key_count, static_cast<std::uint8_t>(LinePattern::Dead));
        LineTableBuilder<Rule>(c, patterns).build(windows);
    }
    tables.line.resize(line_key_count);
    for (std::size_t key = 0; key < line_key_count; ++key)
        tables.line[key] =
            static_cast<std::uint8_t>(per_color[0][key] | (per_color[1][key] << pattern_bits));

    if constexpr (line_key_half<Rule> < pattern_half_window) {
        // The cells beyond the reach change no entry (measured_pattern_reach checks it), so any
        // content that keeps the window reachable stands for them: walls after a wall, else
        // empty cells.
        constexpr int half = line_key_half<Rule>;
        constexpr std::size_t near_keys = std::size_t{1} << (2 * half * cell_bits);
        constexpr std::size_t cell_mask = (std::size_t{1} << cell_bits) - 1;
        tables.near_line.resize(near_keys);
        for (std::size_t key = 0; key < near_keys; ++key) {
            Window w{};
            std::size_t rest = key;
            for (int i = pattern_half_window - half; i <= pattern_half_window + half; ++i) {
                if (i == pattern_half_window)
                    continue;
                w[static_cast<std::size_t>(i)] = static_cast<Cell>(rest & cell_mask);
                rest >>= cell_bits;
            }
            const Cell first = w[static_cast<std::size_t>(pattern_half_window - half)];
            const Cell last = w[static_cast<std::size_t>(pattern_half_window + half)];
            for (int i = 0; i < pattern_half_window - half; ++i) {
                w[static_cast<std::size_t>(i)] = first == Cell::Wall ? Cell::Wall : Cell::Empty;
                w[static_cast<std::size_t>(pattern_window_cells - 1 - i)] =
                    last == Cell::Wall ? Cell::Wall : Cell::Empty;
            }
            tables.near_line[key] = tables.line[key_of(w)];
        }
    }

    constexpr std::size_t combined_keys = std::size_t{1} << (pattern_bits * direction_count);
    for (Color c : all_colors) {
        auto& threats = tables.threat[index_of(c)];
        threats.assign(combined_keys, Threat::None);
        for (std::size_t key = 0; key < combined_keys; ++key) {
            std::array<LinePattern, 4> p{};
            bool valid = true;
            for (std::size_t d = 0; d < 4; ++d) {
                const auto nibble = static_cast<int>((key >> (pattern_bits * d)) & pattern_mask);
                valid = valid && nibble < line_pattern_count;
                p[d] = static_cast<LinePattern>(nibble);
            }
            if (valid)
                threats[key] = combine_patterns<Rule>(c, p);
        }
    }
    tables.shape.resize(combined_keys);
    for (std::size_t key = 0; key < combined_keys; ++key)
        tables.shape[key] =
            static_cast<std::uint16_t>(shape_of_key(static_cast<std::uint16_t>(key)));
    return tables;
}

} // namespace detail

/// The tables of `Rule`, built on first use (a few tens of milliseconds; thread-safe) and kept
/// for the life of the program.
template <RulePolicy Rule> [[nodiscard]] const RuleTables& rule_tables() {
    static const RuleTables tables = detail::build_rule_tables<Rule>();
    return tables;
}

} // namespace tengen
