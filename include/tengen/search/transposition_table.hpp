#pragma once
/// \file
/// A transposition table keyed by the 64-bit position hash, one entry a slot.

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
    /// The search (TranspositionTable::new_search) that last stored it, modulo 256.
    std::uint8_t generation = 0;
};

/// A table of 2^k entries, one a slot, the size given in mebibytes: a new result replaces the
/// slot's entry (the quiescence's shallow results excepted, see store_unless_deeper). Buckets
/// replaced by depth and age measured no gain (docs/strength.md). Not thread-safe.
template <typename Move> class TranspositionTable {
public:
    using Entry = TTEntry<Move>;
    /// Entries hashfull() samples.
    static constexpr std::size_t hashfull_sample = 1000;

    /// A table using at most `megabytes` MiB (at least one entry).
    explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }

    /// Reallocates to at most `megabytes` MiB and clears. The old entries are freed before the
    /// new ones are allocated, so the table never holds both sizes at once.
    void resize(std::size_t megabytes) {
        constexpr std::size_t mebibyte = std::size_t{1} << 20;
        const std::size_t wanted = megabytes * mebibyte / sizeof(Entry);
        const std::size_t slots = wanted == 0 ? 1 : std::bit_floor(wanted);
        std::vector<Entry>().swap(entries_);
        entries_.assign(slots, Entry{});
        mask_ = slots - 1;
        generation_ = 0;
    }

    /// Forgets every entry.
    void clear() {
        std::fill(entries_.begin(), entries_.end(), Entry{});
        generation_ = 0;
    }

    /// Starts a new search: what hashfull() counts as the current search's.
    void new_search() noexcept { ++generation_; }

    /// The current search's number, modulo 256.
    [[nodiscard]] std::uint8_t generation() const noexcept { return generation_; }

    /// Number of entries.
    [[nodiscard]] std::size_t capacity() const noexcept { return entries_.size(); }

    /// Permille of the first hashfull_sample entries (or all, if fewer) that the current search
    /// stored: how full the table is, as the Gomocup and UCI engines report it.
    [[nodiscard]] int hashfull() const noexcept {
        const std::size_t sample = std::min(hashfull_sample, entries_.size());
        std::size_t used = 0;
        for (std::size_t i = 0; i < sample; ++i)
            if (entries_[i].bound != Bound::None && entries_[i].generation == generation_)
                ++used;
        constexpr std::size_t permille = 1000;
        return static_cast<int>(used * permille / sample);
    }

    /// The entry of position `key`, if stored.
    [[nodiscard]] const Entry* probe(std::uint64_t key) const noexcept {
        const Entry& e = slot_of(key);
        return e.bound != Bound::None && e.key == key ? &e : nullptr;
    }

    /// Starts loading the entry of `key` into cache; a hint with no effect on the contents.
    void prefetch(std::uint64_t key) const noexcept {
#if defined(__GNUC__) || defined(__clang__)
        __builtin_prefetch(&slot_of(key));
#else
        static_cast<void>(key);
#endif
    }

    /// Stores a result for `key` searched to `depth`; `only_move` says that the game generates
    /// a single move in the position. The position's own entry keeps its move when the new
    /// result has none.
    void store(std::uint64_t key, int depth, Value node_value, Bound bound,
               std::optional<Move> move, bool only_move = false) noexcept {
        write(slot_of(key), key, depth, node_value, bound, move, only_move);
    }

    /// store(), unless the slot holds a result searched deeper than `depth`: for the many
    /// shallow results of a quiescence search, which must not push out the main search's.
    void store_unless_deeper(std::uint64_t key, int depth, Value node_value, Bound bound,
                             std::optional<Move> move, bool only_move = false) noexcept {
        Entry& e = slot_of(key);
        if (e.bound != Bound::None && e.depth > depth)
            return;
        write(e, key, depth, node_value, bound, move, only_move);
    }

private:
    [[nodiscard]] const Entry& slot_of(std::uint64_t key) const noexcept {
        return entries_[key & mask_];
    }
    [[nodiscard]] Entry& slot_of(std::uint64_t key) noexcept {
        return entries_[key & mask_];
    }

    void write(Entry& e, std::uint64_t key, int depth, Value node_value, Bound bound,
               std::optional<Move> move, bool only_move) noexcept {
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
        e.generation = generation_;
    }

    std::vector<Entry> entries_;
    std::size_t mask_ = 0;
    std::uint8_t generation_ = 0;
};

} // namespace tengen
