#pragma once
/// \file
/// A transposition table keyed by the 64-bit position hash.

#include <tengen/search/value.hpp>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
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
    std::uint8_t generation = 0; ///< the search that stored it (TranspositionTable::new_search)
};

/// A table of 2^k buckets of `bucket_size` entries, the size given in mebibytes. A position
/// goes to the bucket its key names and takes, in order: its own entry, an empty one, or the
/// one least worth keeping, an entry's worth being its depth less `age_penalty` per search
/// since it was stored (so a long game's old entries make way). Its own entry is overwritten
/// unless the new result is much shallower than one the same search stored; it keeps its move
/// when the new result has none. Not thread-safe.
template <typename Move> class TranspositionTable {
public:
    /// Entries a position may take; probing reads them all.
    static constexpr std::size_t bucket_size = 4;
    /// Plies of depth an entry loses in worth for each search since it was stored.
    static constexpr int age_penalty = 4;
    /// A result this many plies shallower than its position's entry from the same search does
    /// not replace it (a deeper result is worth more to later probes).
    static constexpr int shallower_kept = 3;

    /// A table using at most `megabytes` MiB (at least one bucket).
    explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }

    /// Reallocates to at most `megabytes` MiB and clears. The old entries are freed before the
    /// new ones are allocated, so the table never holds both sizes at once.
    void resize(std::size_t megabytes) {
        constexpr std::size_t mebibyte = std::size_t{1} << 20;
        const std::size_t wanted = megabytes * mebibyte / (sizeof(TTEntry<Move>) * bucket_size);
        const std::size_t buckets = wanted == 0 ? 1 : std::bit_floor(wanted);
        std::vector<TTEntry<Move>>().swap(entries_);
        entries_.assign(buckets * bucket_size, TTEntry<Move>{});
        mask_ = buckets - 1;
        generation_ = 0;
    }

    /// Forgets every entry.
    void clear() {
        std::fill(entries_.begin(), entries_.end(), TTEntry<Move>{});
        generation_ = 0;
    }

    /// Starts a new search: entries stored from now on are newer than the ones before, which
    /// age (see the class comment). The search keeps what earlier searches learnt.
    void new_search() noexcept { ++generation_; }

    /// Number of entries.
    [[nodiscard]] std::size_t capacity() const noexcept { return entries_.size(); }

    /// The entry of position `key`, if stored.
    [[nodiscard]] const TTEntry<Move>* probe(std::uint64_t key) const noexcept {
        const TTEntry<Move>* bucket = bucket_of(key);
        for (std::size_t i = 0; i < bucket_size; ++i)
            if (bucket[i].key == key && bucket[i].bound != Bound::None)
                return &bucket[i];
        return nullptr;
    }

    /// Starts loading the bucket of `key` into cache; a hint with no effect on the contents.
    void prefetch(std::uint64_t key) const noexcept {
#if defined(__GNUC__) || defined(__clang__)
        __builtin_prefetch(bucket_of(key));
#else
        static_cast<void>(key);
#endif
    }

    /// Stores a result for `key` searched to `depth`; `only_move` says that the game generates
    /// a single move in the position.
    void store(std::uint64_t key, int depth, Value node_value, Bound bound,
               std::optional<Move> move, bool only_move = false) noexcept {
        TTEntry<Move>* bucket = bucket_of(key);
        TTEntry<Move>* target = nullptr;
        for (std::size_t i = 0; i < bucket_size && target == nullptr; ++i)
            if (bucket[i].key == key && bucket[i].bound != Bound::None)
                target = &bucket[i];
        if (target != nullptr) {
            if (move) {
                target->move = *move;
                target->has_move = true;
            }
            if (bound != Bound::Exact && target->generation == generation_ &&
                depth + shallower_kept <= target->depth)
                return;
        } else {
            target = bucket;
            for (std::size_t i = 0; i < bucket_size; ++i)
                if (worth(bucket[i]) < worth(*target))
                    target = &bucket[i];
            target->has_move = false;
            if (move) {
                target->move = *move;
                target->has_move = true;
            }
        }
        target->key = key;
        target->value = node_value;
        target->depth = static_cast<std::int16_t>(depth);
        target->bound = bound;
        target->only_move = only_move;
        target->generation = generation_;
    }

private:
    [[nodiscard]] const TTEntry<Move>* bucket_of(std::uint64_t key) const noexcept {
        return &entries_[(key & mask_) * bucket_size];
    }
    [[nodiscard]] TTEntry<Move>* bucket_of(std::uint64_t key) noexcept {
        return &entries_[(key & mask_) * bucket_size];
    }

    /// How much an entry is worth keeping: an empty one nothing, else its depth less its age.
    [[nodiscard]] int worth(const TTEntry<Move>& e) const noexcept {
        if (e.bound == Bound::None)
            return std::numeric_limits<int>::min();
        const int age = static_cast<std::uint8_t>(generation_ - e.generation);
        return e.depth - age_penalty * age;
    }

    std::vector<TTEntry<Move>> entries_;
    std::size_t mask_ = 0;
    std::uint8_t generation_ = 0;
};

} // namespace tengen
