// tengen test oracle: VCF ("victory by continuous fours"), solved by plain
// iterative deepening over every attacker four. Slow on purpose, written to be
// read and checked by hand; it shares no code with include/tengen/ and uses
// nothing but naive.hpp (makes_win's run test and renju_forbidden) and the
// standard library.
//
// Definitions (attacker A is the side to move, defender D the other side):
//  * A point p "wins" for S if S placing a stone on empty p makes a winning row
//    under the rule (naive::makes_win). An exact five for black is never
//    forbidden under renju, so a winning point is always a legal move.
//  * A "four" for A: a legal A move after which A has at least one winning point.
//    Legal = empty, and under renju not a forbidden point when A is black.
//  * After an A four, D must answer. First, if D has a winning point of its own,
//    D just wins: that A move fails. Otherwise D's replies are its legal moves
//    after which A has no winning point left ("stopping" moves). If there is no
//    stopping move (two or more threats, or the one block is forbidden for black
//    under renju), A wins with its next move. Otherwise every stopping move must
//    be answered by a VCF of the remaining length.
//    For freestyle, standard and renju the stopping moves are exactly "the one
//    threat point, if there is only one and it is legal for D": a D stone
//    elsewhere does not change A's runs. Caro differs: an exact five is not a win
//    when opponent stones block both of its ends, so D can also stop a closed
//    four by playing at the far end of the five-to-be. The oracle enumerates all
//    D moves and so covers that case without special code.
//  * win_within(n): A wins at once (n >= 1), or some four leads, against every
//    stopping reply, to win_within(n - 1). vcf_length is the least such n.
//
// Completeness of the candidate attacker moves. Immediate wins are searched over
// every empty point. Fours are searched only at empty points within Chebyshev
// distance 4 of an A stone: at a node where A has no winning point, a move m
// that creates a winning point p needs A's run through p (after p) to change,
// so m lies on that run (the run through p is unbroken A stones, so m changes it
// only by joining it); the run has >= 5 stones, of which only p and m are new,
// so it holds >= 3 old A stones and, being unbroken, one of them is within
// distance 2 of m. (The caro end rule only looks at opponent stones, which m
// does not add.) The radius 4 is a generous margin over that 2.
//
// Repeated work is cut by a memo of positions already shown to fail within a
// budget: win_within(g, n) depends only on the grid and n (A is always the side
// to move), and failing within n implies failing within any smaller budget.
//
// SPDX-License-Identifier: MIT
#pragma once

#include "naive.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tengen_test::naive {

namespace vcf_detail {

using Pt = std::pair<int, int>;

// Does S on empty (x,y) make a winning row? Same test as makes_win, done in place.
inline bool wins_at(Grid& g, int x, int y, char s, RuleSpec r) {
    g.set(x, y, s);
    bool win = false;
    for (const auto& d : detail::kDirs)
        if (detail::run_wins(g, x, y, d[0], d[1], r))
            win = true;
    g.set(x, y, '.');
    return win;
}

inline std::vector<Pt> winning_points(Grid& g, char s, RuleSpec r) {
    std::vector<Pt> out;
    for (int y = 0; y < g.height; ++y)
        for (int x = 0; x < g.width; ++x)
            if (g.at(x, y) == '.' && wins_at(g, x, y, s, r))
                out.push_back({x, y});
    return out;
}

inline bool has_winning_point(Grid& g, char s, RuleSpec r) {
    return !winning_points(g, s, r).empty();
}

// May S play the point? Empty, and not a renju foul for black.
inline bool legal(const Grid& g, int x, int y, char s, RuleSpec r) {
    if (g.at(x, y) != '.')
        return false;
    if (r.rule == Rule::Renju && s == 'X' && renju_forbidden(g, x, y))
        return false;
    return true;
}

inline bool near_stone(const Grid& g, int x, int y, char s, int radius) {
    for (int dy = -radius; dy <= radius; ++dy)
        for (int dx = -radius; dx <= radius; ++dx)
            if (g.at(x + dx, y + dy) == s)
                return true;
    return false;
}

// Result of A playing m (m must be empty; g is restored before returning).
struct FourResult {
    bool four = false;          // legal and leaves A at least one winning point
    bool defender_wins = false; // ... but D has a winning point of its own
    std::vector<Pt> stops;      // D's legal moves after which A has no winning point
};

inline FourResult try_four(Grid& g, Pt m, char A, RuleSpec r) {
    const char D = detail::other(A);
    FourResult res;
    g.set(m.first, m.second, A);
    const std::vector<Pt> threats = winning_points(g, A, r);
    if (threats.empty()) {
        g.set(m.first, m.second, '.');
        return res;
    }
    res.defender_wins = has_winning_point(g, D, r);
    if (!res.defender_wins) {
        // A D stone can only remove A wins (it extends no A run and can only add
        // caro end blocks), so A's wins after d are among `threats`.
        for (int y = 0; y < g.height; ++y)
            for (int x = 0; x < g.width; ++x) {
                if (g.at(x, y) != '.')
                    continue;
                g.set(x, y, D);
                bool a_still_wins = false;
                for (const Pt& t : threats)
                    if (g.at(t.first, t.second) == '.' && wins_at(g, t.first, t.second, A, r))
                        a_still_wins = true;
                g.set(x, y, '.');
                if (!a_still_wins && legal(g, x, y, D, r))
                    res.stops.push_back({x, y});
            }
    }
    g.set(m.first, m.second, '.');
    // Legality last: renju_forbidden is the slow part.
    res.four = legal(g, m.first, m.second, A, r);
    return res;
}

class Solver {
public:
    Solver(const Grid& g, char attacker, RuleSpec r)
        : g_(g), A_(attacker), D_(detail::other(attacker)), r_(r) {}

    // Can A (to move) win within n attacker moves?
    bool win_within(int n) {
        if (n < 1)
            return false;
        if (has_winning_point(g_, A_, r_))
            return true;
        if (n < 2)
            return false;
        const auto it = failed_.find(key());
        if (it != failed_.end() && it->second >= n)
            return false;
        for (const Pt& m : four_candidates())
            if (four_works(m, n))
                return true;
        int& f = failed_[key()];
        f = std::max(f, n);
        return false;
    }

    // Smallest n in [1, max_n] with win_within(n), or 0.
    int shortest(int max_n) {
        for (int n = 1; n <= max_n; ++n)
            if (win_within(n))
                return n;
        return 0;
    }

    // Appends one line of exactly n attacker moves; requires shortest(n) == n
    // (i.e. win_within(n) and not win_within(n - 1)). At each D choice it takes a
    // reply that holds out longest, so the line has exactly n attacker moves.
    void line(int n, std::vector<Pt>& out) {
        const std::vector<Pt> wins = winning_points(g_, A_, r_);
        if (!wins.empty()) {
            out.push_back(wins.front());
            return;
        }
        for (const Pt& m : four_candidates()) {
            if (!four_works(m, n))
                continue;
            const FourResult fr = try_four(g_, m, A_, r_);
            out.push_back(m);
            g_.set(m.first, m.second, A_);
            if (fr.stops.empty()) {
                const Pt d = some_defender_move(m);
                out.push_back(d);
                g_.set(d.first, d.second, D_);
                out.push_back(winning_points(g_, A_, r_).front());
                g_.set(d.first, d.second, '.');
            } else {
                Pt best = fr.stops.front();
                int best_len = -1;
                for (const Pt& d : fr.stops) {
                    g_.set(d.first, d.second, D_);
                    const int len = shortest(n - 1);
                    g_.set(d.first, d.second, '.');
                    if (len > best_len) {
                        best_len = len;
                        best = d;
                    }
                }
                out.push_back(best);
                g_.set(best.first, best.second, D_);
                line(best_len, out);
                g_.set(best.first, best.second, '.');
            }
            g_.set(m.first, m.second, '.');
            return;
        }
    }

private:
    std::string key() const { return std::string(g_.cells.begin(), g_.cells.end()); }

    std::vector<Pt> four_candidates() const {
        std::vector<Pt> out;
        for (int y = 0; y < g_.height; ++y)
            for (int x = 0; x < g_.width; ++x)
                if (g_.at(x, y) == '.' && near_stone(g_, x, y, A_, 4))
                    out.push_back({x, y});
        return out;
    }

    // Does the four at m win within n attacker moves (n >= 2, A has no winning point now)?
    bool four_works(Pt m, int n) {
        const FourResult fr = try_four(g_, m, A_, r_);
        if (!fr.four || fr.defender_wins)
            return false;
        if (fr.stops.empty())
            return true; // A wins with its next move
        g_.set(m.first, m.second, A_);
        bool all = true;
        for (const Pt& d : fr.stops) {
            g_.set(d.first, d.second, D_);
            all = win_within(n - 1);
            g_.set(d.first, d.second, '.');
            if (!all)
                break;
        }
        g_.set(m.first, m.second, '.');
        return all;
    }

    // When D cannot stop A: a legal threat point if there is one, else the legal
    // empty point nearest to m (the choice does not matter; any legal move loses).
    Pt some_defender_move(Pt m) const {
        Grid g = g_;
        for (const Pt& t : winning_points(g, A_, r_))
            if (legal(g, t.first, t.second, D_, r_))
                return t;
        Pt best{-1, -1};
        int best_d = 1 << 30;
        for (int y = 0; y < g.height; ++y)
            for (int x = 0; x < g.width; ++x) {
                const int d = std::max(std::abs(x - m.first), std::abs(y - m.second));
                if (d < best_d && legal(g, x, y, D_, r_)) {
                    best_d = d;
                    best = {x, y};
                }
            }
        return best;
    }

    Grid g_;
    char A_, D_;
    RuleSpec r_;
    std::unordered_map<std::string, int> failed_;
};

} // namespace vcf_detail

// Shortest VCF for the side to move `attacker` ('X' black or 'O' white) within
// max_attacker_moves, by plain iterative deepening over all attacker fours.
// Returns the number of attacker moves including the winning one (0 = none found).
inline int vcf_length(const Grid& g, char attacker, RuleSpec rule, int max_attacker_moves) {
    vcf_detail::Solver s(g, attacker, rule);
    return s.shortest(max_attacker_moves);
}

// One shortest VCF line (attacker, defender, ..., attacker's winning move),
// empty if there is none within max_attacker_moves. When the defender cannot stop
// the threats, its move in the line is a legal threat point if any, else the
// legal point nearest to the attacker's four.
inline std::vector<std::pair<int, int>> vcf_solution(const Grid& g, char attacker, RuleSpec rule,
                                                     int max_attacker_moves) {
    vcf_detail::Solver s(g, attacker, rule);
    std::vector<std::pair<int, int>> out;
    const int n = s.shortest(max_attacker_moves);
    if (n > 0)
        s.line(n, out);
    return out;
}

// Is `line` (attacker, defender, attacker, ..., attacker's winning move) a valid
// VCF? Every attacker move is legal and makes a four (and leaves the defender no
// winning point), except the last, which wins; every defender move is legal and
// stops all of the attacker's winning points, or, when no move can, is any legal move.
inline bool is_valid_vcf(const Grid& g0, char attacker, RuleSpec rule,
                         const std::vector<std::pair<int, int>>& line) {
    using vcf_detail::legal;
    using vcf_detail::Pt;
    if (line.empty() || line.size() % 2 == 0)
        return false;
    Grid g = g0;
    const char A = attacker, D = detail::other(attacker);
    for (std::size_t i = 0; i < line.size(); i += 2) {
        const Pt m = line[i];
        if (!legal(g, m.first, m.second, A, rule))
            return false;
        const bool wins = vcf_detail::wins_at(g, m.first, m.second, A, rule);
        if (i + 1 == line.size())
            return wins;
        if (wins)
            return false; // the line should have ended here
        const vcf_detail::FourResult fr = vcf_detail::try_four(g, m, A, rule);
        if (!fr.four || fr.defender_wins)
            return false;
        g.set(m.first, m.second, A);
        const Pt d = line[i + 1];
        if (!legal(g, d.first, d.second, D, rule))
            return false;
        if (!fr.stops.empty() && std::find(fr.stops.begin(), fr.stops.end(), d) == fr.stops.end())
            return false;
        g.set(d.first, d.second, D);
    }
    return false; // unreachable: the loop returns at the last move
}

} // namespace tengen_test::naive
