// tengen test oracle: a deliberately simple, slow, obviously-correct reference.
//
// It exists only to cross-check the optimized library. It shares no code with
// include/tengen/ and depends on nothing but the standard library. Every
// function copies or mutates a plain character grid and follows the written
// definitions step by step; speed is not a goal.
//
// Conventions: (0,0) is the top-left corner, x = column, y = row. Cells hold
// '.' (empty), 'X' (black) or 'O' (white); Grid::at returns '#' off the board.
//
// Readings of the written definitions where a choice had to be made:
//  * line_pattern step 4 ("q such that placing s at q does not make a win along
//    this line"): tested with c already placed. Testing it without c gives the
//    same results: the two differ only when q's run is a five that c would
//    extend into an overline, and then P' is Overline, which maps to Dead.
//  * renju step 4 ("q would make, without a five, a straight four"): the five is
//    read as a five on that line. A direction with no four cannot get a five
//    through p from one more stone, so the clause never bites; a q that makes a
//    five in another direction is simply not forbidden (step 1 of the recursion).
//  * renju_classify reports the first matching step: five, overline,
//    double-four, double-three.
//
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tengen_test::naive {

enum class Rule { Freestyle, Standard, Renju, Caro, KInARow };

struct RuleSpec {
    Rule rule;
    int k = 5; // used by KInARow only (3..6); every other rule plays to 5
};

struct Grid {
    int width, height;
    std::vector<char> cells;

    Grid(int w, int h) : width(w), height(h), cells(static_cast<std::size_t>(w * h), '.') {}

    bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }

    char at(int x, int y) const {
        if (!inside(x, y))
            return '#';
        return cells[static_cast<std::size_t>(y * width + x)];
    }

    void set(int x, int y, char c) {
        if (!inside(x, y))
            throw std::out_of_range("naive::Grid::set off board");
        cells[static_cast<std::size_t>(y * width + x)] = c;
    }
};

namespace detail {

inline const int kDirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

inline char other(char s) {
    return s == 'X' ? 'O' : 'X';
}

inline int win_length(RuleSpec r) {
    return r.rule == Rule::KInARow ? r.k : 5;
}

struct Cell {
    int x, y;
    bool operator==(const Cell&) const = default;
};

// The maximal unbroken run of the colour standing on (x,y), along (dx,dy).
struct Run {
    int length; // number of stones
    Cell first; // first stone of the run (towards -d)
    Cell last;  // last stone of the run (towards +d)
};

inline Run run_through(const Grid& g, int x, int y, int dx, int dy) {
    const char s = g.at(x, y);
    int back = 0;
    while (g.at(x - (back + 1) * dx, y - (back + 1) * dy) == s)
        ++back;
    int fwd = 0;
    while (g.at(x + (fwd + 1) * dx, y + (fwd + 1) * dy) == s)
        ++fwd;
    return Run{back + fwd + 1, Cell{x - back * dx, y - back * dy},
               Cell{x + fwd * dx, y + fwd * dy}};
}

// Is cell q one of the stones of run r (which lies along (dx,dy))?
inline bool run_contains(const Run& r, Cell q, int dx, int dy) {
    for (int i = 0; i < r.length; ++i)
        if (Cell{r.first.x + i * dx, r.first.y + i * dy} == q)
            return true;
    return false;
}

// Does the run through the stone on (x,y), along (dx,dy), win under rule r?
inline bool run_wins(const Grid& g, int x, int y, int dx, int dy, RuleSpec r) {
    const char s = g.at(x, y);
    const Run run = run_through(g, x, y, dx, dy);
    const int L = run.length;
    switch (r.rule) {
    case Rule::Freestyle:
        return L >= 5;
    case Rule::KInARow:
        return L >= r.k;
    case Rule::Standard:
        return L == 5;
    case Rule::Renju:
        return s == 'X' ? L == 5 : L >= 5;
    case Rule::Caro: {
        if (L > 5)
            return true;
        if (L < 5)
            return false;
        const char before = g.at(run.first.x - dx, run.first.y - dy);
        const char after = g.at(run.last.x + dx, run.last.y + dy);
        const char opp = other(s);
        return !(before == opp && after == opp); // the edge ('#') is not a block
    }
    }
    return false;
}

// All cells of the board line through (x,y) along (dx,dy), in order.
inline std::vector<Cell> line_cells(const Grid& g, int x, int y, int dx, int dy) {
    int sx = x, sy = y;
    while (g.inside(sx - dx, sy - dy)) {
        sx -= dx;
        sy -= dy;
    }
    std::vector<Cell> out;
    for (int cx = sx, cy = sy; g.inside(cx, cy); cx += dx, cy += dy)
        out.push_back(Cell{cx, cy});
    return out;
}

} // namespace detail

// Would placing `stone` on empty (x,y) make a win for that colour in any direction?
inline bool makes_win(const Grid& g0, int x, int y, char stone, RuleSpec r) {
    if (g0.at(x, y) != '.')
        throw std::invalid_argument("naive::makes_win: cell not empty");
    Grid g = g0;
    g.set(x, y, stone);
    for (const auto& d : detail::kDirs)
        if (detail::run_wins(g, x, y, d[0], d[1], r))
            return true;
    return false;
}

// ---------------------------------------------------------------------------
// Line patterns
// ---------------------------------------------------------------------------

enum class Pattern {
    Dead,
    One,
    ClosedTwo,
    OpenTwo,
    ClosedThree,
    OpenThree,
    Four,
    DoubleFour,
    OpenFour,
    Five,
    Overline
};

inline std::string pattern_name(Pattern p) {
    switch (p) {
    case Pattern::Dead:
        return "Dead";
    case Pattern::Overline:
        return "Overline";
    case Pattern::One:
        return "One";
    case Pattern::ClosedTwo:
        return "ClosedTwo";
    case Pattern::OpenTwo:
        return "OpenTwo";
    case Pattern::ClosedThree:
        return "ClosedThree";
    case Pattern::OpenThree:
        return "OpenThree";
    case Pattern::Four:
        return "Four";
    case Pattern::DoubleFour:
        return "DoubleFour";
    case Pattern::OpenFour:
        return "OpenFour";
    case Pattern::Five:
        return "Five";
    }
    return "?";
}

namespace detail {

// The one-step "weakening" map of step 4.
inline Pattern weaken(Pattern p) {
    switch (p) {
    case Pattern::OpenFour:
        return Pattern::OpenThree;
    case Pattern::Four:
    case Pattern::DoubleFour:
        return Pattern::ClosedThree;
    case Pattern::OpenThree:
        return Pattern::OpenTwo;
    case Pattern::ClosedThree:
        return Pattern::ClosedTwo;
    case Pattern::OpenTwo:
    case Pattern::ClosedTwo:
        return Pattern::One;
    default:
        return Pattern::Dead;
    }
}

// Strength order of the step-4 results: Dead < One < ClosedTwo < OpenTwo < ClosedThree < OpenThree.
// (weaken() never yields anything else.)
inline int step4_rank(Pattern p) {
    switch (p) {
    case Pattern::Dead:
        return 0;
    case Pattern::One:
        return 1;
    case Pattern::ClosedTwo:
        return 2;
    case Pattern::OpenTwo:
        return 3;
    case Pattern::ClosedThree:
        return 4;
    case Pattern::OpenThree:
        return 5;
    default:
        throw std::logic_error("step4_rank: not a step-4 value");
    }
}

// The pattern `s` makes by being placed on the empty cell c, along (dx,dy).
// `g` is modified during the call and restored before it returns.
//
// `level` is the recursion depth (0 at the top). A result computed at level L
// reaches the top only through L applications of weaken(). weaken() applied
// three times sends every step-4 value (at most OpenThree) to Dead, and applied
// four times sends everything to Dead; so at level 3 the step-4 search is
// skipped (its result could only become Dead), and level 4 is never entered.
// This changes no answer; it only keeps the plain recursion affordable.
inline Pattern pattern_at(Grid& g, Cell c, int dx, int dy, char s, RuleSpec r, int level) {
    const int K = win_length(r);
    const std::vector<Cell> line = line_cells(g, c.x, c.y, dx, dy);

    g.set(c.x, c.y, s);
    struct Restore {
        Grid& g;
        Cell c;
        ~Restore() { g.set(c.x, c.y, '.'); }
    } restore{g, c};

    // Five / Overline.
    if (run_wins(g, c.x, c.y, dx, dy, r))
        return Pattern::Five;
    if (run_through(g, c.x, c.y, dx, dy).length > K)
        return Pattern::Overline;

    // Fours: the empty cells q completing a win of the run through c (containing q).
    std::vector<Cell> completions;
    for (const Cell q : line) {
        if (g.at(q.x, q.y) != '.')
            continue;
        g.set(q.x, q.y, s);
        const Run run = run_through(g, c.x, c.y, dx, dy);
        const bool wins = run_contains(run, q, dx, dy) && run_wins(g, c.x, c.y, dx, dy, r);
        g.set(q.x, q.y, '.');
        if (wins)
            completions.push_back(q);
    }
    if (completions.size() == 1)
        return Pattern::Four;
    if (completions.size() == 2) {
        const Cell a = completions[0], b = completions[1]; // a comes first along the line
        bool open = (b.x - a.x == K * dx) && (b.y - a.y == K * dy);
        for (int i = 1; open && i < K; ++i)
            if (g.at(a.x + i * dx, a.y + i * dy) != s)
                open = false;
        // The K-1 stones between are one unbroken run; c is among them because
        // each completion lies next to the run through c.
        return open ? Pattern::OpenFour : Pattern::DoubleFour;
    }
    if (completions.size() > 2)
        return Pattern::DoubleFour;

    if (level >= 3)
        return Pattern::Dead; // see the comment above: cannot matter

    // Weaker shapes: try every other empty cell q of the line.
    Pattern best = Pattern::Dead;
    for (const Cell q : line) {
        if (q == c || g.at(q.x, q.y) != '.')
            continue;
        g.set(q.x, q.y, s); // c is placed too here
        const bool q_wins = run_wins(g, q.x, q.y, dx, dy, r);
        g.set(q.x, q.y, '.');
        if (q_wins)
            continue;
        // P' = the pattern at c with both c and q placed.
        g.set(c.x, c.y, '.');
        g.set(q.x, q.y, s);
        const Pattern sub = pattern_at(g, c, dx, dy, s, r, level + 1);
        g.set(q.x, q.y, '.');
        g.set(c.x, c.y, s);
        const Pattern mapped = weaken(sub);
        if (step4_rank(mapped) > step4_rank(best))
            best = mapped;
    }
    return best;
}

} // namespace detail

inline Pattern line_pattern_value(const Grid& g0, int x, int y, int dx, int dy, char stone,
                                  RuleSpec r) {
    if (g0.at(x, y) != '.')
        throw std::invalid_argument("naive::line_pattern: cell not empty");
    if (stone != 'X' && stone != 'O')
        throw std::invalid_argument("naive::line_pattern: bad stone");
    Grid g = g0;
    return detail::pattern_at(g, detail::Cell{x, y}, dx, dy, stone, r, 0);
}

// Line pattern that `stone` placed on empty (x,y) would make along (dx,dy).
inline std::string line_pattern(const Grid& g, int x, int y, int dx, int dy, char stone,
                                RuleSpec r) {
    return pattern_name(line_pattern_value(g, x, y, dx, dy, stone, r));
}

// ---------------------------------------------------------------------------
// Renju forbidden points (RIF 9.2 / 9.3), black = 'X'
// ---------------------------------------------------------------------------

namespace detail {

// Black stones of the run through (x,y) along (dx,dy) make exactly five.
inline bool black_exact_five(const Grid& g, int x, int y, int dx, int dy) {
    return run_through(g, x, y, dx, dy).length == 5;
}

inline std::string renju_classify_impl(Grid& g, Cell p);

inline bool renju_forbidden_impl(Grid& g, Cell p) {
    const std::string c = renju_classify_impl(g, p);
    return c != "five" && c != "legal";
}

// Step 3 for one direction: the empty points q at which black makes an exact
// five that includes p (p already placed).
inline std::vector<Cell> five_points(Grid& g, Cell p, int dx, int dy) {
    std::vector<Cell> out;
    for (const Cell q : line_cells(g, p.x, p.y, dx, dy)) {
        if (g.at(q.x, q.y) != '.')
            continue;
        g.set(q.x, q.y, 'X');
        const Run run = run_through(g, p.x, p.y, dx, dy);
        const bool five = run.length == 5 && run_contains(run, q, dx, dy);
        g.set(q.x, q.y, '.');
        if (five)
            out.push_back(q);
    }
    return out;
}

// With p and q placed: does the run through p along (dx,dy) form a straight
// four (exactly four unbroken stones, both ends empty, each end giving an exact
// five) that contains q?
inline bool straight_four_with(Grid& g, Cell p, Cell q, int dx, int dy) {
    const Run run = run_through(g, p.x, p.y, dx, dy);
    if (run.length != 4 || !run_contains(run, q, dx, dy))
        return false;
    const Cell ends[2] = {{run.first.x - dx, run.first.y - dy}, {run.last.x + dx, run.last.y + dy}};
    for (const Cell e : ends) {
        if (g.at(e.x, e.y) != '.')
            return false;
        g.set(e.x, e.y, 'X');
        const bool five = black_exact_five(g, e.x, e.y, dx, dy);
        g.set(e.x, e.y, '.');
        if (!five)
            return false;
    }
    return true;
}

// Classify black's move at empty p. `g` is restored before returning.
inline std::string renju_classify_impl(Grid& g, Cell p) {
    if (g.at(p.x, p.y) != '.')
        throw std::invalid_argument("naive::renju: point not empty");
    g.set(p.x, p.y, 'X');
    struct Restore {
        Grid& g;
        Cell c;
        ~Restore() { g.set(c.x, c.y, '.'); }
    } restore{g, p};

    // 1. An exact five in any direction: never forbidden.
    for (const auto& d : kDirs)
        if (black_exact_five(g, p.x, p.y, d[0], d[1]))
            return "five";
    // 2. Six or more in any direction: overline.
    for (const auto& d : kDirs)
        if (run_through(g, p.x, p.y, d[0], d[1]).length >= 6)
            return "overline";
    // 3. Fours.
    int fours = 0;
    bool four_dir[4] = {false, false, false, false};
    for (int i = 0; i < 4; ++i) {
        const int dx = kDirs[i][0], dy = kDirs[i][1];
        const std::vector<Cell> q = five_points(g, p, dx, dy);
        if (q.empty())
            continue;
        four_dir[i] = true;
        bool straight = false;
        if (q.size() == 2) {
            const Cell a = q[0], b = q[1];
            straight = (b.x - a.x == 5 * dx) && (b.y - a.y == 5 * dy);
            for (int k = 1; straight && k < 5; ++k)
                if (g.at(a.x + k * dx, a.y + k * dy) != 'X')
                    straight = false;
        }
        fours += straight ? 1 : static_cast<int>(q.size());
    }
    if (fours >= 2)
        return "double-four";
    // 4. Threes (directions that are fours are not threes).
    int threes = 0;
    for (int i = 0; i < 4; ++i) {
        if (four_dir[i])
            continue;
        const int dx = kDirs[i][0], dy = kDirs[i][1];
        bool three = false;
        for (const Cell q : line_cells(g, p.x, p.y, dx, dy)) {
            if (g.at(q.x, q.y) != '.')
                continue;
            g.set(q.x, q.y, 'X');
            // "without making a five": the direction has no four, so q cannot
            // make a five through p on this line; a straight four is never a five.
            const bool sf = straight_four_with(g, p, q, dx, dy);
            g.set(q.x, q.y, '.');
            if (!sf)
                continue;
            // q must not itself be forbidden with p on the board (full recursion).
            if (!renju_forbidden_impl(g, q)) {
                three = true;
                break;
            }
        }
        if (three)
            ++threes;
    }
    if (threes >= 2)
        return "double-three";
    return "legal";
}

} // namespace detail

// Renju: reason string for black playing the empty point (x,y):
// "five", "overline", "double-four", "double-three" or "legal".
inline std::string renju_classify(const Grid& g0, int x, int y) {
    Grid g = g0;
    return detail::renju_classify_impl(g, detail::Cell{x, y});
}

// Renju: is empty (x,y) forbidden for black? An exact five is never forbidden.
inline bool renju_forbidden(const Grid& g, int x, int y) {
    const std::string c = renju_classify(g, x, y);
    return c != "five" && c != "legal";
}

} // namespace tengen_test::naive
