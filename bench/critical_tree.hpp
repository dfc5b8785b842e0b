#pragma once
// The critical tree of a fixed-depth search: the fewest nodes any α-β, however it orders its
// moves, must visit to prove the root's value, computed from the exact values of every node.
// The yardstick the ordering benchmarks measure α-β's move ordering against (bench/ordering.hpp)
// and a test checks every ordering against (tests/test_search.cpp). Plain trees only: every ply
// costs a ply of depth (no single-reply extension), the leaves are terminal or evaluated (no
// quiescence), and transpositions count once per path (no table cutoffs), as in the benchmarks.
//
// With v the value of a node and its exact value to prove, the least proof is
//   exact(n)    = 1 + min over the children c worth v of [exact(c) + sum of at_least(c', -v)
//                 over the other children c'],
//   at_least(n, b) (its value is at least b) = 1 + min over the children c with -value(c) >= b
//                 of at_most(c, -b),
//   at_most(n, a)  (its value is at most a)  = 1 + sum over the children c of at_least(c, -a),
// a leaf costing 1. Along a principal line every value is the root value or its negation, so
// every bound is one of those two; each proof of a position is costed once (memoised), and the
// work is a few times that of minimax over the same tree, which it needs for the values.

#include <tengen/tengen.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <unordered_map>

namespace tengen::bench {

/// The critical tree of `game`'s plain `depth`-ply tree (game restored on return), or nothing
/// when the value search passed `max_nodes` positions.
template <Game G> class CriticalTree {
public:
    explicit CriticalTree(std::int64_t max_nodes) : max_nodes_(max_nodes) {}

    /// Nodes of the critical tree of `depth` plies, root and leaves included.
    [[nodiscard]] std::optional<std::int64_t> nodes(G& game, int depth) {
        values_.clear();
        costs_.clear();
        visited_ = 0;
        const Value v = value(game, depth, 0);
        if (visited_ > max_nodes_)
            return std::nullopt;
        return exact(game, depth, 0, v);
    }

    /// Sum over depths 1..`depth`: what an iteratively deepening α-β must visit at least.
    [[nodiscard]] std::optional<std::int64_t> nodes_all_depths(G& game, int depth) {
        std::int64_t sum = 0;
        for (int d = 1; d <= depth; ++d) {
            const auto n = nodes(game, d);
            if (!n)
                return std::nullopt;
            sum += *n;
        }
        return sum;
    }

private:
    using Move = typename G::Move;
    static constexpr std::int64_t unreachable = std::numeric_limits<std::int64_t>::max() / 4;

    [[nodiscard]] static bool is_leaf(const G& game, int depth, int ply) {
        return game.is_terminal() || depth <= 0 || ply >= max_ply;
    }

    /// The exact negamax value, memoised by position and depth (the ply follows from the depth
    /// within one root depth, and nodes() clears the memo for each).
    Value value(G& game, int depth, int ply) {
        if (game.is_terminal())
            return game.terminal_value(ply);
        if (depth <= 0 || ply >= max_ply)
            return game.evaluate();
        const std::uint64_t key = game.hash() ^ (static_cast<std::uint64_t>(depth) * depth_salt);
        if (const auto it = values_.find(key); it != values_.end())
            return it->second;
        if (++visited_ > max_nodes_)
            return 0;
        MoveList<Move> moves;
        game.generate_moves(moves);
        Value best = -value_infinite;
        for (const Move m : moves) {
            game.play(m);
            best = std::max(best, static_cast<Value>(-value(game, depth - 1, ply + 1)));
            game.undo();
        }
        values_.emplace(key, best);
        return best;
    }

    enum class Proof : std::uint64_t { Exact = 1, AtLeast = 2, AtMost = 3 };

    /// The memo key of a proof of `kind` against `bound` at the current position.
    [[nodiscard]] static std::uint64_t proof_key(const G& game, int depth, Proof kind,
                                                 Value bound) noexcept {
        return game.hash() ^ (static_cast<std::uint64_t>(depth) * depth_salt) ^
               (static_cast<std::uint64_t>(kind) * kind_salt) ^
               (static_cast<std::uint64_t>(static_cast<std::uint32_t>(bound)) * bound_salt);
    }

    /// `compute()`, or its memoised result: a node reached by several proofs is costed once.
    template <typename F>
    std::int64_t memoised(const G& game, int depth, Proof kind, Value bound, F compute) {
        const std::uint64_t key = proof_key(game, depth, kind, bound);
        if (const auto it = costs_.find(key); it != costs_.end())
            return it->second;
        const std::int64_t cost = compute();
        costs_.emplace(key, cost);
        return cost;
    }

    std::int64_t exact(G& game, int depth, int ply, Value v) {
        if (is_leaf(game, depth, ply))
            return 1;
        return memoised(game, depth, Proof::Exact, v,
                        [&] { return exact_inner(game, depth, ply, v); });
    }

    std::int64_t exact_inner(G& game, int depth, int ply, Value v) {
        MoveList<Move> moves;
        game.generate_moves(moves);
        // Every child but the principal one is proven no better than v; the principal one
        // exactly. Choosing it: the child worth v whose exact proof saves the most.
        std::int64_t others = 0;
        std::int64_t best_extra = unreachable;
        for (const Move m : moves) {
            game.play(m);
            const Value child = -value(game, depth - 1, ply + 1);
            const std::int64_t bound_cost = at_least(game, depth - 1, ply + 1, -v);
            if (child == v) {
                const std::int64_t exact_cost = exact(game, depth - 1, ply + 1, -v);
                best_extra = std::min(best_extra, exact_cost - bound_cost);
            }
            others += bound_cost;
            game.undo();
        }
        return 1 + others + best_extra;
    }

    std::int64_t at_least(G& game, int depth, int ply, Value b) {
        if (is_leaf(game, depth, ply))
            return 1;
        return memoised(game, depth, Proof::AtLeast, b,
                        [&] { return at_least_inner(game, depth, ply, b); });
    }

    std::int64_t at_least_inner(G& game, int depth, int ply, Value b) {
        MoveList<Move> moves;
        game.generate_moves(moves);
        std::int64_t best = unreachable;
        for (const Move m : moves) {
            game.play(m);
            if (-value(game, depth - 1, ply + 1) >= b)
                best = std::min(best, at_most(game, depth - 1, ply + 1, -b));
            game.undo();
        }
        return 1 + best;
    }

    std::int64_t at_most(G& game, int depth, int ply, Value a) {
        if (is_leaf(game, depth, ply))
            return 1;
        return memoised(game, depth, Proof::AtMost, a,
                        [&] { return at_most_inner(game, depth, ply, a); });
    }

    std::int64_t at_most_inner(G& game, int depth, int ply, Value a) {
        MoveList<Move> moves;
        game.generate_moves(moves);
        std::int64_t sum = 0;
        for (const Move m : moves) {
            game.play(m);
            sum += at_least(game, depth - 1, ply + 1, -a);
            game.undo();
        }
        return 1 + sum;
    }

    /// Mix the depth, the kind of proof and its bound into the memo keys (odd constants).
    static constexpr std::uint64_t depth_salt = 0x9E3779B97F4A7C15ULL;
    static constexpr std::uint64_t kind_salt = 0xC2B2AE3D27D4EB4FULL;
    static constexpr std::uint64_t bound_salt = 0x165667B19E3779F9ULL;

    std::int64_t max_nodes_;
    std::int64_t visited_ = 0;
    std::unordered_map<std::uint64_t, Value> values_;
    std::unordered_map<std::uint64_t, std::int64_t> costs_;
};

} // namespace tengen::bench
