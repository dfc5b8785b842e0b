// tengen test oracle: VCT ("victory by continuous threats": fours and threes),
// solved by plain iterative deepening over every attacker threat and every
// defender move. Slow on purpose; it shares no code with include/tengen/ and uses
// nothing but naive.hpp, the helpers of naive_vcf.hpp and the standard library.
//
// Definitions (attacker A is the side to move, defender D the other side; a
// "legal" move is an empty point that is not a renju foul for black):
//  * A "win point" of S: an empty point where S's stone makes a winning row.
//  * A "winning four point" of S (S having no win point): a legal S point after
//    which S has two or more win points.
//  * A's moves at a node where D has a win point: its legal moves after which D
//    has none (the block must come first; it need not threaten anything).
//    Otherwise: "fours", legal moves after which A has a win point, and, when at
//    least three attacker moves are left, "threes", legal moves after which A has
//    no win point but a winning four point.
//  * After an A move, D to move. If D has a win point, the attack fails. If A has
//    a win point, D's replies are its legal moves after which A has none. Else, if
//    A has a winning four point, D's replies are its legal moves after which D
//    has a win point (its own fours) or A has no winning four point. Else (a quiet
//    block) the attack fails. With no reply, A wins if it has the moves left (one
//    after a four, two after a three); otherwise every reply must lose.
//  * win_within(n): A has a win point (n >= 1), or some A move as above, against
//    every reply, leads to win_within(n - 1). Blocks count as attacker moves.
//
// Locality, used only to skip work that cannot change an answer:
//  * A win point of S and a winning four point of S lie within distance 5 of an S
//    stone (a winning row holds k - 1 >= 2 other stones, k <= 6).
//  * When S has no win point, the win points S gets by a stone on q lie on q's
//    four lines within distance 5 of q: the winning run through such a point w
//    must contain q (a run without q won before q, since S stones add no end
//    blocks in caro and only lengthen runs), so q and w are at most k - 1 <= 5
//    apart.
//  * A, D stone removes or keeps win points of A (it lengthens no A run and only
//    adds caro end blocks). It can add an A winning four point only under renju
//    with A black, by blocking a line that made that point a foul; there the
//    winning four points are searched again in full.
//
// SPDX-License-Identifier: MIT
#pragma once

#include "naive.hpp"
#include "naive_vcf.hpp"

#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tengen_test::naive {

namespace vct_detail {

using vcf_detail::legal;
using vcf_detail::near_stone;
using vcf_detail::Pt;
using vcf_detail::wins_at;

inline constexpr int kReach = 5;

inline bool has_win_point(Grid& g, char s, RuleSpec r) {
    for (int y = 0; y < g.height; ++y)
        for (int x = 0; x < g.width; ++x)
            if (g.at(x, y) == '.' && wins_at(g, x, y, s, r))
                return true;
    return false;
}

// Number of win points of S on the four lines through the stone on (x,y), within kReach.
inline int wins_through(Grid& g, int x, int y, char s, RuleSpec r) {
    int count = 0;
    for (const auto& d : detail::kDirs)
        for (int step = -kReach; step <= kReach; ++step) {
            const int wx = x + step * d[0], wy = y + step * d[1];
            if (step != 0 && g.at(wx, wy) == '.' && wins_at(g, wx, wy, s, r))
                ++count;
        }
    return count;
}

// Is empty (x,y) a winning four point of S (S has no win point now)?
inline bool is_winning_four_point(Grid& g, int x, int y, char s, RuleSpec r) {
    g.set(x, y, s);
    const bool two = wins_through(g, x, y, s, r) >= 2;
    g.set(x, y, '.');
    return two && legal(g, x, y, s, r);
}

inline std::vector<Pt> winning_four_points(Grid& g, char s, RuleSpec r) {
    std::vector<Pt> out;
    for (int y = 0; y < g.height; ++y)
        for (int x = 0; x < g.width; ++x)
            if (g.at(x, y) == '.' && near_stone(g, x, y, s, kReach) &&
                is_winning_four_point(g, x, y, s, r))
                out.push_back({x, y});
    return out;
}

enum class After { Four, Three, Nothing };

class Solver {
public:
    Solver(const Grid& g, char attacker, RuleSpec r)
        : g_(g), A_(attacker), D_(detail::other(attacker)), r_(r) {}

    bool win_within(int n) {
        if (n < 1)
            return false;
        if (has_win_point(g_, A_, r_))
            return true;
        if (n < 2)
            return false;
        const std::string k = key();
        if (const auto it = failed_.find(k); it != failed_.end() && it->second >= n)
            return false;
        for (const Pt& m : attacker_moves(n))
            if (move_works(m, n))
                return true;
        int& f = failed_[k];
        f = std::max(f, n);
        return false;
    }

    int shortest(int max_n) {
        for (int n = 1; n <= max_n; ++n)
            if (win_within(n))
                return n;
        return 0;
    }

    // Is `line` (A, D, A, ..., A's win) a valid VCT from the position: each A move one of
    // attacker_moves, each D move one of the replies (any legal move when there is none), the
    // last A move a win?
    bool valid_line(const std::vector<Pt>& line) {
        if (line.empty() || line.size() % 2 == 0)
            return false;
        const int n = static_cast<int>((line.size() + 1) / 2);
        for (std::size_t i = 0; i < line.size(); i += 2) {
            const Pt m = line[i];
            const int left = n - static_cast<int>(i / 2);
            if (i + 1 == line.size())
                return g_.at(m.first, m.second) == '.' && wins_at(g_, m.first, m.second, A_, r_);
            const auto moves = attacker_moves(left);
            if (std::find(moves.begin(), moves.end(), m) == moves.end())
                return false;
            g_.set(m.first, m.second, A_);
            const Pt d = line[i + 1];
            bool attack_fails = false;
            const auto rs = replies(attack_fails);
            if (attack_fails || !legal(g_, d.first, d.second, D_, r_))
                return false;
            if (!rs.empty() && std::find(rs.begin(), rs.end(), d) == rs.end())
                return false;
            g_.set(d.first, d.second, D_);
        }
        return false;
    }

private:
    std::string key() const { return std::string(g_.cells.begin(), g_.cells.end()); }

    // A's moves at a node where A has no win point and n >= 2 moves are left.
    std::vector<Pt> attacker_moves(int n) {
        std::vector<Pt> out;
        const std::vector<Pt> d_wins = win_points(D_);
        const bool must_block = !d_wins.empty();
        // Without a win point, A gets one from m only on m's lines (see Locality); outside renju
        // with A black the same holds for winning four points.
        const bool local = !has_win_point(g_, A_, r_);
        const bool local_threats = local && !(r_.rule == Rule::Renju && A_ == 'X');
        for (int y = 0; y < g_.height; ++y)
            for (int x = 0; x < g_.width; ++x) {
                if (g_.at(x, y) != '.')
                    continue;
                bool keep = false;
                g_.set(x, y, A_);
                if (must_block) {
                    // An A stone adds no D win point (Locality).
                    keep = true;
                    for (const Pt& w : d_wins)
                        if (g_.at(w.first, w.second) == '.' &&
                            wins_at(g_, w.first, w.second, D_, r_))
                            keep = false;
                } else if (near_stone(g_, x, y, A_, kReach)) {
                    if (local ? wins_through(g_, x, y, A_, r_) > 0 : has_win_point(g_, A_, r_))
                        keep = true;
                    else if (n >= 3)
                        keep = local_threats ? has_winning_four_point_near(x, y)
                                             : !winning_four_points(g_, A_, r_).empty();
                }
                g_.set(x, y, '.');
                if (keep && legal(g_, x, y, A_, r_))
                    out.push_back({x, y});
            }
        return out;
    }

    std::vector<Pt> win_points(char s) {
        std::vector<Pt> out;
        for (int y = 0; y < g_.height; ++y)
            for (int x = 0; x < g_.width; ++x)
                if (g_.at(x, y) == '.' && wins_at(g_, x, y, s, r_))
                    out.push_back({x, y});
        return out;
    }

    // Is there a winning four point of A on the lines through the stone on (x,y), within kReach?
    bool has_winning_four_point_near(int x, int y) {
        for (const auto& d : detail::kDirs)
            for (int step = -kReach; step <= kReach; ++step) {
                const int qx = x + step * d[0], qy = y + step * d[1];
                if (step != 0 && g_.at(qx, qy) == '.' && is_winning_four_point(g_, qx, qy, A_, r_))
                    return true;
            }
        return false;
    }

    // D's replies after an A move; attack_fails when D has a win point or A threatens nothing.
    // Sets minimum_left to the moves A needs when there is no reply.
    std::vector<Pt> replies(bool& attack_fails, int* minimum_left = nullptr) {
        std::vector<Pt> out;
        attack_fails = false;
        if (has_win_point(g_, D_, r_)) {
            attack_fails = true;
            return out;
        }
        if (const std::vector<Pt> a_wins = win_points(A_); !a_wins.empty()) {
            if (minimum_left)
                *minimum_left = 1;
            for (int y = 0; y < g_.height; ++y)
                for (int x = 0; x < g_.width; ++x) {
                    if (g_.at(x, y) != '.')
                        continue;
                    g_.set(x, y, D_);
                    // A D stone adds no A win point (Locality).
                    bool stops = true;
                    for (const Pt& w : a_wins)
                        if (g_.at(w.first, w.second) == '.' &&
                            wins_at(g_, w.first, w.second, A_, r_))
                            stops = false;
                    g_.set(x, y, '.');
                    if (stops && legal(g_, x, y, D_, r_))
                        out.push_back({x, y});
                }
            return out;
        }
        const std::vector<Pt> threats = winning_four_points(g_, A_, r_);
        if (threats.empty()) {
            attack_fails = true;
            return out;
        }
        if (minimum_left)
            *minimum_left = 2;
        const bool full_recount = r_.rule == Rule::Renju && A_ == 'X';
        for (int y = 0; y < g_.height; ++y)
            for (int x = 0; x < g_.width; ++x) {
                if (g_.at(x, y) != '.')
                    continue;
                g_.set(x, y, D_);
                // D had no win point: a new one lies on the lines of its stone (Locality).
                bool answers = wins_through(g_, x, y, D_, r_) > 0;
                if (!answers) {
                    bool left = false;
                    if (full_recount)
                        left = !winning_four_points(g_, A_, r_).empty();
                    else
                        for (const Pt& t : threats)
                            if (g_.at(t.first, t.second) == '.' &&
                                is_winning_four_point(g_, t.first, t.second, A_, r_))
                                left = true;
                    answers = !left;
                }
                g_.set(x, y, '.');
                if (answers && legal(g_, x, y, D_, r_))
                    out.push_back({x, y});
            }
        return out;
    }

    // Does A's move m win within n attacker moves (m included)?
    bool move_works(Pt m, int n) {
        g_.set(m.first, m.second, A_);
        bool attack_fails = false;
        int minimum_left = 0;
        const std::vector<Pt> rs = replies(attack_fails, &minimum_left);
        bool all = !attack_fails;
        if (all && rs.empty())
            all = n - 1 >= minimum_left;
        else
            for (std::size_t i = 0; all && i < rs.size(); ++i) {
                g_.set(rs[i].first, rs[i].second, D_);
                all = win_within(n - 1);
                g_.set(rs[i].first, rs[i].second, '.');
            }
        g_.set(m.first, m.second, '.');
        return all;
    }

    Grid g_;
    char A_, D_;
    RuleSpec r_;
    std::unordered_map<std::string, int> failed_;
};

} // namespace vct_detail

// Shortest VCT for the side to move `attacker` ('X' or 'O') within max_attacker_moves (the
// winning move and blocks included); 0 when there is none.
inline int vct_length(const Grid& g, char attacker, RuleSpec rule, int max_attacker_moves) {
    vct_detail::Solver s(g, attacker, rule);
    return s.shortest(max_attacker_moves);
}

// Is `line` a valid VCT for `attacker` from g (see Solver::valid_line)?
inline bool is_valid_vct(const Grid& g, char attacker, RuleSpec rule,
                         const std::vector<std::pair<int, int>>& line) {
    vct_detail::Solver s(g, attacker, rule);
    return s.valid_line(line);
}

} // namespace tengen_test::naive
