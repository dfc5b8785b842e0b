// Checks the hand-written golden data in tests/data/ against the naive reference.
//
// Built and run by CTest (tengen.reference.data); by hand, from the repository root:
//   build/dev/tests/tengen_check_data
// Optional arguments: <line_patterns.txt> <renju_positions.txt> (default: tests/data/...).
// Prints every disagreement and exits non-zero if there is any.
//
// SPDX-License-Identifier: MIT
#include "reference/naive.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace nv = tengen_test::naive;

namespace {

int g_failures = 0;
int g_checks = 0;

void fail(const std::string& where, const std::string& what) {
    ++g_failures;
    std::cout << "DISAGREE " << where << ": " << what << "\n";
}

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos)
        return "";
    const auto e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

std::string strip_comment(const std::string& s) {
    const auto h = s.find('#');
    return h == std::string::npos ? s : s.substr(0, h);
}

// ------------------------------------------------------------------ line patterns

bool parse_rule(const std::string& name, nv::RuleSpec& out) {
    if (name == "freestyle")
        out = {nv::Rule::Freestyle, 5};
    else if (name == "standard")
        out = {nv::Rule::Standard, 5};
    else if (name == "renju")
        out = {nv::Rule::Renju, 5};
    else if (name == "caro")
        out = {nv::Rule::Caro, 5};
    else if (name.size() == 2 && name[0] == 'k' && name[1] >= '3' && name[1] <= '6')
        out = {nv::Rule::KInARow, name[1] - '0'};
    else
        return false;
    return true;
}

const std::set<std::string> kPatternNames = {"Dead",       "Overline",    "One",       "ClosedTwo",
                                             "OpenTwo",    "ClosedThree", "OpenThree", "Four",
                                             "DoubleFour", "OpenFour",    "Five"};

struct Placement {
    int size;   // board is size x size
    int sx, sy; // board cell of string index 0
    int dx, dy; // direction of the string on the board
};

// Where to put a line of `m` cells, given which ends are board edges, for direction d.
Placement place(int m, bool left_edge, bool right_edge, int d) {
    static const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    const int dx = dirs[d][0], dy = dirs[d][1];
    int n, start; // board size; index along the line of string cell 0
    if (left_edge && right_edge) {
        n = m;
        start = 0;
    } else if (left_edge) {
        n = 22;
        start = 0;
    } else if (right_edge) {
        n = 22;
        start = 22 - m;
    } else {
        n = 22;
        start = (22 - m) / 2;
    }
    Placement p{n, 0, 0, dx, dy};
    const int mid = n / 2;
    switch (d) {
    case 0:
        p.sx = start;
        p.sy = mid;
        break; // a middle row
    case 1:
        p.sx = mid;
        p.sy = start;
        break; // a middle column
    case 2:
        p.sx = start;
        p.sy = start;
        break; // the main diagonal
    case 3:
        p.sx = start;
        p.sy = n - 1 - start;
        break; // the anti-diagonal
    }
    return p;
}

void check_line_patterns(const std::string& path) {
    std::ifstream in(path);
    if (!in) {
        fail(path, "cannot open");
        return;
    }
    std::string raw;
    int lineno = 0, cases = 0;
    while (std::getline(in, raw)) {
        ++lineno;
        const std::string text = trim(strip_comment(raw));
        if (text.empty())
            continue;
        const std::string where = path + ":" + std::to_string(lineno);
        std::istringstream ss(text);
        std::string rule_s, colour_s, line_s, expected, extra;
        if (!(ss >> rule_s >> colour_s >> line_s >> expected) || (ss >> extra)) {
            fail(where, "malformed line");
            continue;
        }
        nv::RuleSpec rule{};
        if (!parse_rule(rule_s, rule)) {
            fail(where, "unknown rule " + rule_s);
            continue;
        }
        if (colour_s != "black" && colour_s != "white") {
            fail(where, "bad colour " + colour_s);
            continue;
        }
        if (!kPatternNames.count(expected)) {
            fail(where, "bad pattern name " + expected);
            continue;
        }

        bool left_edge = false, right_edge = false;
        std::string cells = line_s;
        if (!cells.empty() && cells.front() == '|') {
            left_edge = true;
            cells.erase(0, 1);
        }
        if (!cells.empty() && cells.back() == '|') {
            right_edge = true;
            cells.pop_back();
        }
        const int m = static_cast<int>(cells.size());
        if (cells.find_first_not_of("XO.*") != std::string::npos ||
            std::count(cells.begin(), cells.end(), '*') != 1) {
            fail(where, "bad line " + line_s);
            continue;
        }
        const int min_width = rule.rule == nv::Rule::KInARow ? 3 : 5;
        if (m > 22 || (left_edge && right_edge && m < min_width)) {
            fail(where, "bad line length");
            continue;
        }
        if (!left_edge && !right_edge && m > 14) {
            // keep at least 4 empty cells beyond each end so "empty beyond" holds
            fail(where, "edge-free line longer than 14 cells");
            continue;
        }
        ++cases;

        // colour versions to check: the stated one; for all but renju also the swapped one
        std::vector<bool> x_is_black = {colour_s == "black"};
        if (rule.rule != nv::Rule::Renju)
            x_is_black.push_back(colour_s != "black");

        for (const bool black : x_is_black) {
            const char own = black ? 'X' : 'O', opp = black ? 'O' : 'X';
            for (int d = 0; d < 4; ++d) {
                const Placement pl = place(m, left_edge, right_edge, d);
                nv::Grid g(pl.size, pl.size);
                int cx = -1, cy = -1;
                for (int i = 0; i < m; ++i) {
                    const int x = pl.sx + i * pl.dx, y = pl.sy + i * pl.dy;
                    switch (cells[static_cast<std::size_t>(i)]) {
                    case 'X':
                        g.set(x, y, own);
                        break;
                    case 'O':
                        g.set(x, y, opp);
                        break;
                    case '*':
                        cx = x;
                        cy = y;
                        break;
                    default:
                        break;
                    }
                }
                // sanity: the edges really are where the string says
                const int ex0 = pl.sx - pl.dx, ey0 = pl.sy - pl.dy;
                const int ex1 = pl.sx + m * pl.dx, ey1 = pl.sy + m * pl.dy;
                if (g.inside(ex0, ey0) == left_edge || g.inside(ex1, ey1) == right_edge) {
                    fail(where, "internal: bad placement");
                    continue;
                }
                ++g_checks;
                const std::string got = nv::line_pattern(g, cx, cy, pl.dx, pl.dy, own, rule);
                if (got != expected) {
                    static const char* dn[4] = {"horizontal", "vertical", "diagonal",
                                                "anti-diagonal"};
                    fail(where, rule_s + " " + (black ? "black" : "white") + " " + line_s + " " +
                                    dn[d] + ": expected " + expected + ", naive says " + got);
                }
            }
        }
    }
    std::cout << path << ": " << cases << " cases\n";
}

// ------------------------------------------------------------------ renju positions

// tengen "pos" notation with top-origin rows: a..o then 1..15; row 1 = y 0.
bool parse_pos(const std::string& s, int& x, int& y) {
    if (s.size() < 2 || s[0] < 'a' || s[0] > 'o')
        return false;
    x = s[0] - 'a';
    int row = 0;
    for (std::size_t i = 1; i < s.size(); ++i) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        row = row * 10 + (s[i] - '0');
    }
    if (row < 1 || row > 15 || (s.size() == 3 && s[1] == '0'))
        return false;
    y = row - 1;
    return true;
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::string cur;
    for (const char c : s) {
        if (c == sep) {
            out.push_back(cur);
            cur.clear();
        } else
            cur += c;
    }
    out.push_back(cur);
    return out;
}

void check_renju(const std::string& path) {
    std::ifstream in(path);
    if (!in) {
        fail(path, "cannot open");
        return;
    }
    const std::set<std::string> kinds = {"five", "overline", "double-four", "double-three",
                                         "legal"};
    std::string raw;
    int lineno = 0, cases = 0;
    std::vector<int> per_kind(5, 0);
    while (std::getline(in, raw)) {
        ++lineno;
        const std::string text = trim(raw);
        if (text.empty() || text[0] == '#')
            continue;
        const std::string where = path + ":" + std::to_string(lineno);
        const std::vector<std::string> f = split(text, '|');
        if (f.size() != 5) {
            fail(where, "expected 5 |-separated fields");
            continue;
        }
        nv::Grid g(15, 15);
        bool ok = true;
        for (int side = 0; side < 2 && ok; ++side) {
            const std::string list = trim(f[static_cast<std::size_t>(side)]);
            if (list == "-")
                continue;
            std::istringstream ss(list);
            std::string tok;
            while (ss >> tok) {
                int x, y;
                if (!parse_pos(tok, x, y)) {
                    fail(where, "bad coordinate " + tok);
                    ok = false;
                    break;
                }
                if (g.at(x, y) != '.') {
                    fail(where, "two stones on " + tok);
                    ok = false;
                    break;
                }
                g.set(x, y, side == 0 ? 'X' : 'O');
            }
        }
        if (!ok)
            continue;
        int px, py;
        const std::string point = trim(f[2]), expected = trim(f[3]);
        if (!parse_pos(point, px, py)) {
            fail(where, "bad point " + point);
            continue;
        }
        if (g.at(px, py) != '.') {
            fail(where, "point " + point + " is occupied");
            continue;
        }
        if (!kinds.count(expected)) {
            fail(where, "bad expected value " + expected);
            continue;
        }
        ++cases;
        ++per_kind[static_cast<std::size_t>(std::distance(kinds.begin(), kinds.find(expected)))];

        // the answer must not change under any of the 8 symmetries of the square
        for (int t = 0; t < 8; ++t) {
            auto map = [t](int x, int y) {
                if (t & 4)
                    std::swap(x, y);
                if (t & 1)
                    x = 14 - x;
                if (t & 2)
                    y = 14 - y;
                return std::pair<int, int>{x, y};
            };
            nv::Grid h(15, 15);
            for (int y = 0; y < 15; ++y)
                for (int x = 0; x < 15; ++x) {
                    const auto [mx, my] = map(x, y);
                    h.set(mx, my, g.at(x, y));
                }
            const auto [qx, qy] = map(px, py);
            ++g_checks;
            const std::string got = nv::renju_classify(h, qx, qy);
            if (got != expected) {
                fail(where, point + " (symmetry " + std::to_string(t) + "): expected " + expected +
                                ", naive says " + got + "   [" + trim(f[4]) + "]");
                break;
            }
            const bool forb = nv::renju_forbidden(h, qx, qy);
            if (forb != (expected != "five" && expected != "legal")) {
                fail(where, "renju_forbidden disagrees with renju_classify");
                break;
            }
        }
    }
    std::cout << path << ": " << cases << " cases (";
    std::size_t i = 0;
    for (const auto& k : kinds) {
        std::cout << (i ? ", " : "") << k << " " << per_kind[i];
        ++i;
    }
    std::cout << ")\n";
}

} // namespace

int main(int argc, char** argv) {
    const std::string lines = argc > 1 ? argv[1] : "tests/data/line_patterns.txt";
    const std::string renju = argc > 2 ? argv[2] : "tests/data/renju_positions.txt";
    check_line_patterns(lines);
    check_renju(renju);
    std::cout << g_checks << " checks, " << g_failures << " disagreements\n";
    return g_failures == 0 ? 0 : 1;
}
