// Checks tests/data/vcf_puzzles.txt against the naive VCF oracle (naive_vcf.hpp), or with
// --vct tests/data/vct_puzzles.txt against the naive VCT oracle (naive_vct.hpp).
//
// Built and run by CTest (tengen.reference.vcf, tengen.reference.vct); by hand, from the
// repository root:
//   build/dev/tests/tengen_check_vcf [--vct tests/data/vct_puzzles.txt]
// Arguments: [--vct] [--symmetries] [--verbose] [<puzzles.txt>]
//   --vct         the file holds VCT puzzles: at most 4 attacker moves (the oracle's reach)
//   --symmetries  also re-checks every puzzle under the 7 other symmetries of the board
//                 (rotations and mirrors change no rule; slower, a check on the oracle itself)
//   --verbose     one line per puzzle with the time it took
// For every puzzle: replays the moves (each on the board, on an empty point, not a renju
// foul for black, and not a win: no five exists before the puzzle starts), runs
// vcf_length(max 10) (vct_length(max 4) with --vct) and compares it with the expected value, and
// checks the given solution with is_valid_vcf and its number of attacker moves. Prints every
// disagreement and exits non-zero if there is any.
//
// SPDX-License-Identifier: MIT
#include "reference/naive_vcf.hpp"
#include "reference/naive_vct.hpp"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace nv = tengen_test::naive;

namespace {

using Pt = std::pair<int, int>;
constexpr int kMaxVcfMoves = 10;
constexpr int kMaxVctMoves = 4;
constexpr int kSize = 15;

int g_failures = 0;

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

bool parse_rule(const std::string& name, nv::RuleSpec& out) {
    if (name == "freestyle")
        out = {nv::Rule::Freestyle, 5};
    else if (name == "standard")
        out = {nv::Rule::Standard, 5};
    else if (name == "renju")
        out = {nv::Rule::Renju, 5};
    else if (name == "caro")
        out = {nv::Rule::Caro, 5};
    else
        return false;
    return true;
}

// "pos" notation: column letter (a = x 0), then row number (1 = top row, y 0); no separators.
bool parse_moves(const std::string& s, std::vector<Pt>& out) {
    std::size_t i = 0;
    while (i < s.size()) {
        const char c = s[i];
        if (c < 'a' || c >= 'a' + kSize)
            return false;
        ++i;
        int row = 0, digits = 0;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
            if (digits == 0 && s[i] == '0')
                return false;
            row = row * 10 + (s[i] - '0');
            ++digits;
            ++i;
        }
        if (digits == 0 || row < 1 || row > kSize)
            return false;
        out.push_back({c - 'a', row - 1});
    }
    return true;
}

std::string pos_text(const std::vector<Pt>& v) {
    std::string s;
    for (const Pt& p : v)
        s += static_cast<char>('a' + p.first) + std::to_string(p.second + 1);
    return s.empty() ? "-" : s;
}

// Symmetry k (0..7) of the 15x15 board.
Pt transform(Pt p, int k) {
    int x = p.first, y = p.second;
    const int n = kSize - 1;
    if (k & 4)
        x = n - x;
    if (k & 2)
        y = n - y;
    if (k & 1)
        std::swap(x, y);
    return {x, y};
}

Pt untransform(Pt p, int k) {
    for (int y = 0; y < kSize; ++y)
        for (int x = 0; x < kSize; ++x)
            if (transform({x, y}, k) == p)
                return {x, y};
    return {-1, -1};
}

std::string rule_name(const nv::RuleSpec& r) {
    switch (r.rule) {
    case nv::Rule::Freestyle:
        return "freestyle";
    case nv::Rule::Standard:
        return "standard";
    case nv::Rule::Renju:
        return "renju";
    case nv::Rule::Caro:
        return "caro";
    default:
        return "?";
    }
}

} // namespace

int main(int argc, char** argv) {
    bool symmetries = false, verbose = false, vct = false;
    std::string path;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--vct")
            vct = true;
        else if (a == "--symmetries")
            symmetries = true;
        else if (a == "--verbose")
            verbose = true;
        else
            path = a;
    }
    if (path.empty())
        path = vct ? "tests/data/vct_puzzles.txt" : "tests/data/vcf_puzzles.txt";
    const int kMaxMoves = vct ? kMaxVctMoves : kMaxVcfMoves;
    const char* kind = vct ? "VCT" : "VCF";
    std::ifstream in(path);
    if (!in) {
        std::cout << "cannot open " << path << "\n";
        return 2;
    }
    const auto t_start = std::chrono::steady_clock::now();
    std::map<std::string, int> per_rule, per_expected;
    std::string raw;
    int lineno = 0, puzzles = 0;
    while (std::getline(in, raw)) {
        ++lineno;
        const std::string text = trim(raw);
        if (text.empty() || text[0] == '#')
            continue;
        const std::string where = path + ":" + std::to_string(lineno);
        std::vector<std::string> f = split(text, '|');
        if (f.size() < 5) {
            fail(where, "expected 5 |-separated fields");
            continue;
        }
        for (auto& s : f)
            s = trim(s);
        nv::RuleSpec rule{nv::Rule::Freestyle, 5};
        if (!parse_rule(f[0], rule)) {
            fail(where, "unknown rule " + f[0]);
            continue;
        }
        std::vector<Pt> moves, solution;
        if (!parse_moves(f[1], moves) || moves.empty()) {
            fail(where, "bad moves " + f[1]);
            continue;
        }
        int expected = -1;
        if (f[2] == "none")
            expected = 0;
        else if (f[2].rfind("win ", 0) == 0)
            expected = std::atoi(f[2].c_str() + 4);
        if (expected < 0 || expected > kMaxMoves || (f[2] != "none" && expected < 1)) {
            fail(where, "bad expected value " + f[2]);
            continue;
        }
        if (f[3] != "-" && !parse_moves(f[3], solution)) {
            fail(where, "bad solution " + f[3]);
            continue;
        }
        if ((expected == 0) != solution.empty()) {
            fail(where, "solution must be '-' exactly when expected is none");
            continue;
        }
        ++puzzles;
        ++per_rule[f[0]];
        ++per_expected[f[2]];

        const auto t0 = std::chrono::steady_clock::now();
        for (int sym = 0; sym < (symmetries ? 8 : 1); ++sym) {
            const std::string w =
                sym == 0 ? where : where + " (symmetry " + std::to_string(sym) + ")";
            // Replay.
            nv::Grid g(kSize, kSize);
            bool ok = true;
            for (std::size_t i = 0; i < moves.size() && ok; ++i) {
                const Pt p = transform(moves[i], sym);
                const char s = i % 2 == 0 ? 'X' : 'O';
                const std::string mv = pos_text({moves[i]});
                if (g.at(p.first, p.second) != '.') {
                    fail(w, "move " + std::to_string(i + 1) + " " + mv + " on an occupied point");
                    ok = false;
                } else if (rule.rule == nv::Rule::Renju && s == 'X' &&
                           nv::renju_forbidden(g, p.first, p.second)) {
                    fail(w, "move " + std::to_string(i + 1) + " " + mv + " is a renju foul (" +
                                nv::renju_classify(g, p.first, p.second) + ")");
                    ok = false;
                } else if (nv::makes_win(g, p.first, p.second, s, rule)) {
                    fail(w, "move " + std::to_string(i + 1) + " " + mv + " already wins");
                    ok = false;
                } else
                    g.set(p.first, p.second, s);
            }
            if (!ok)
                break;
            const char attacker = moves.size() % 2 == 0 ? 'X' : 'O';
            const int got = vct ? nv::vct_length(g, attacker, rule, kMaxMoves)
                                : nv::vcf_length(g, attacker, rule, kMaxMoves);
            if (got != expected) {
                const std::vector<Pt> line =
                    vct ? std::vector<Pt>{} : nv::vcf_solution(g, attacker, rule, kMaxMoves);
                std::vector<Pt> back; // the oracle's line in the file's coordinates
                for (const Pt& p : line)
                    back.push_back(untransform(p, sym));
                fail(w, rule_name(rule) + ": expected " + f[2] + ", oracle says " +
                            (got == 0 ? std::string("none") : "win " + std::to_string(got)) + " (" +
                            pos_text(back) + ")");
            }
            if (expected > 0) {
                std::vector<Pt> sol;
                for (const Pt& p : solution)
                    sol.push_back(transform(p, sym));
                const bool valid = vct ? nv::is_valid_vct(g, attacker, rule, sol)
                                       : nv::is_valid_vcf(g, attacker, rule, sol);
                if (!valid)
                    fail(w, "solution " + f[3] + " is not a valid " + kind);
                else if (static_cast<int>(solution.size() + 1) / 2 != expected)
                    fail(w, "solution " + f[3] + " has " +
                                std::to_string((solution.size() + 1) / 2) +
                                " attacker moves, expected " + std::to_string(expected));
            }
        }
        if (verbose) {
            const double ms =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                    .count();
            std::printf("%s: %s %s %.0f ms\n", where.c_str(), f[0].c_str(), f[2].c_str(), ms);
        }
    }
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count();
    std::cout << path << ": " << puzzles << " puzzles";
    for (const auto& [k, v] : per_rule)
        std::cout << ", " << k << " " << v;
    std::cout << "\n  by expected:";
    for (const auto& [k, v] : per_expected)
        std::cout << " [" << k << "] " << v;
    std::printf("\n  %.1f s, %d disagreement(s)\n", secs, g_failures);
    return g_failures == 0 ? 0 : 1;
}
