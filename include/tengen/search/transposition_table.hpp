#pragma once
/// \file
/// A transposition table keyed by the 64-bit position hash.

#include <tengen/search/value.hpp>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace tengen {

/// What a stored value says about the true value.
enum class Bound : std::uint8_t {
    None = 0,
    Upper = 1, ///< the true value is at most the stored one (no move reached alpha)
    Lower = 2, ///< the true value is at least the stored one (a beta cutoff)
    Exact = 3,
};

/// One stored position.
template <typename Move> struct TTEntry {
    std::uint64_t key = 0; ///< full hash, to reject index collisions
    Value value = 0;       ///< node-relative (see value_to_node)
    Move move{};           ///< best or refuting move; meaningful when has_move
    std::int16_t depth = -1;
    Bound bound = Bound::None;
    bool has_move = false;
    /// The game generates a single move in this position (the search's single-reply extension
    /// needs to know before generating). A property of the position: same key, same flag.
    bool only_move = false;
};

/// A table of 2^k entries, the size given in mebibytes. Always-replace, except that an entry
/// of the same position keeps its move when the new one has none. Not thread-safe.
template <typename Move> class TranspositionTable {
public:
    /// A table using at most `megabytes` MiB (at least one entry).
    explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }

    /// Reallocates to at most `megabytes` MiB and clears. The old entries are freed before the
    /// new ones are allocated, so the table never holds both sizes at once.
    void resize(std::size_t megabytes) {
        constexpr std::size_t mebibyte = std::size_t{1} << 20;
        const std::size_t wanted = megabytes * mebibyte / sizeof(TTEntry<Move>);
        const std::size_t count = wanted == 0 ? 1 : std::bit_floor(wanted);
        std::vector<TTEntry<Move>>().swap(entries_);
        entries_.assign(count, TTEntry<Move>{});
        mask_ = count - 1;
    }

    /// Forgets every entry.
    void clear() { std::fill(entries_.begin(), entries_.end(), TTEntry<Move>{}); }

    /// Number of entries.
    [[nodiscard]] std::size_t capacity() const noexcept { return entries_.size(); }

    /// The entry of position `key`, if stored.
    [[nodiscard]] const TTEntry<Move>* probe(std::uint64_t key) const noexcept {
        const TTEntry<Move>& e = entries_[key & mask_];
        return e.bound != Bound::None && e.key == key ? &e : nullptr;
    }

    /// Starts loading the entry of `key` into cache; a hint with no effect on the contents.
    void prefetch(std::uint64_t key) const noexcept {
#if defined(__GNUC__) || defined(__clang__)
        __builtin_prefetch(&entries_[key & mask_]);
#else
        static_cast<void>(key);
#endif
    }

    /// Stores a result for `key` searched to `depth`; `only_move` says that the game generates
    /// a single move in the position.
    void store(std::uint64_t key, int depth, Value node_value, Bound bound,
               std::optional<Move> move, bool only_move = false) noexcept {
        TTEntry<Move>& e = entries_[key & mask_];
        const bool same = e.key == key && e.bound != Bound::None;
        if (move) {
            e.move = *move;
            e.has_move = true;
        } else if (!same) {
            e.has_move = false;
        }
        e.key = key;
        e.value = node_value;
        e.depth = static_cast<std::int16_t>(depth);
        e.bound = bound;
        e.only_move = only_move;
    }

    /// store(), unless the slot holds a result searched deeper than `depth` (of this position
    /// or another): for the many shallow results of a quiescence search, which must not push
    /// out the main search's.
    void store_unless_deeper(std::uint64_t key, int depth, Value node_value, Bound bound,
                             std::optional<Move> move, bool only_move = false) noexcept {
        const TTEntry<Move>& e = entries_[key & mask_];
        if (e.bound != Bound::None && e.depth > depth)
            return;
        store(key, depth, node_value, bound, move, only_move);
    }

private:
    std::vector<TTEntry<Move>> entries_;
    std::size_t mask_ = 0;
};

} // namespace tengen
