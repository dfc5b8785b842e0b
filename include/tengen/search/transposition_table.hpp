#pragma once
/// \file
/// A transposition table keyed by the 64-bit position hash: buckets of entries, replaced by depth
/// and by age, or (for comparison) one entry a slot, always replaced.

#include <tengen/search/value.hpp>

#include <algorithm>
#include <array>
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

/// How a TranspositionTable chooses the entry that a new position's result replaces.
enum class TTReplacement : std::uint8_t {
    /// One entry a slot, always replaced by the newest result (the quiescence's shallow results
    /// excepted, see store_unless_deeper).
    Always,
    /// Buckets of TranspositionTable::bucket_size entries: a position's own entry, else an empty
    /// one, else the one worth least, an entry losing TranspositionTable::age_weight plies of
    /// depth for each search since it was stored. Deep results survive the many shallow ones, and
    /// a game's earlier moves' results give way to the current search's.
    DepthAndAge,
};

/// A table of 2^k buckets, the size given in mebibytes. Not thread-safe.
template <typename Move> class TranspositionTable {
public:
    using Entry = TTEntry<Move>;
    /// Entries a bucket holds with TTReplacement::DepthAndAge.
    static constexpr std::size_t bucket_size = 4;
    /// Plies of depth an entry is worth less for each search since it was stored.
    static constexpr int age_weight = 8;
    /// Entries hashfull() samples.
    static constexpr std::size_t hashfull_sample = 1000;

    /// A table using at most `megabytes` MiB (at least one bucket), replacing entries as
    /// `replacement` says: by default as AlphaBeta does by default (AlphaBetaOptions::tt_buckets
    /// off), where buckets measured no gain.
    explicit TranspositionTable(std::size_t megabytes = 16,
                                TTReplacement replacement = TTReplacement::Always) {
        set_replacement(replacement);
        resize(megabytes);
    }

    /// Reallocates to at most `megabytes` MiB and clears. The old entries are freed before the
    /// new ones are allocated, so the table never holds both sizes at once.
    void resize(std::size_t megabytes) {
        megabytes_ = megabytes;
        constexpr std::size_t mebibyte = std::size_t{1} << 20;
        const std::size_t wanted = megabytes * mebibyte / (sizeof(Entry) * ways_);
        const std::size_t buckets = wanted == 0 ? 1 : std::bit_floor(wanted);
        std::vector<Entry>().swap(entries_);
        entries_.assign(buckets * ways_, Entry{});
        mask_ = buckets - 1;
        generation_ = 0;
    }

    /// Changes the replacement scheme; the table keeps its size in mebibytes and is cleared
    /// when the scheme changes.
    void set_replacement(TTReplacement replacement) {
        const std::size_t ways = replacement == TTReplacement::DepthAndAge ? bucket_size : 1;
        const bool changed = ways != ways_ || replacement != replacement_;
        replacement_ = replacement;
        ways_ = ways;
        if (changed && !entries_.empty())
            resize(megabytes_);
    }

    /// The replacement scheme in force.
    [[nodiscard]] TTReplacement replacement() const noexcept { return replacement_; }

    /// Forgets every entry.
    void clear() {
        std::fill(entries_.begin(), entries_.end(), Entry{});
        generation_ = 0;
    }

    /// Starts a new search: entries stored before it age by one search.
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
        const Entry* bucket = bucket_of(key);
        for (std::size_t w = 0; w < ways_; ++w)
            if (bucket[w].bound != Bound::None && bucket[w].key == key)
                return &bucket[w];
        return nullptr;
    }

    /// Starts loading the bucket of `key` into cache; a hint with no effect on the contents.
    void prefetch(std::uint64_t key) const noexcept {
#if defined(__GNUC__) || defined(__clang__)
        const Entry* bucket = bucket_of(key);
        __builtin_prefetch(bucket);
        // A bucket of four entries spans two cache lines.
        __builtin_prefetch(bucket + ways_ - 1);
#else
        static_cast<void>(key);
#endif
    }

    /// Stores a result for `key` searched to `depth`; `only_move` says that the game generates
    /// a single move in the position. The position's own entry is always updated (keeping its
    /// move when the new result has none); otherwise the scheme chooses the entry replaced.
    void store(std::uint64_t key, int depth, Value node_value, Bound bound,
               std::optional<Move> move, bool only_move = false) noexcept {
        write(slot_for(key), key, depth, node_value, bound, move, only_move);
    }

    /// store(), unless the entry it would replace holds a result searched deeper than `depth`
    /// (of this position, or of another one by the current search): for the many shallow
    /// results of a quiescence search, which must not push out the main search's.
    void store_unless_deeper(std::uint64_t key, int depth, Value node_value, Bound bound,
                             std::optional<Move> move, bool only_move = false) noexcept {
        Entry& e = slot_for(key);
        const bool same = e.bound != Bound::None && e.key == key;
        const bool current = replacement_ == TTReplacement::Always || e.generation == generation_;
        if (e.bound != Bound::None && e.depth > depth && (same || current))
            return;
        write(e, key, depth, node_value, bound, move, only_move);
    }

private:
    [[nodiscard]] const Entry* bucket_of(std::uint64_t key) const noexcept {
        return &entries_[(key & mask_) * ways_];
    }
    [[nodiscard]] Entry* bucket_of(std::uint64_t key) noexcept {
        return &entries_[(key & mask_) * ways_];
    }

    /// How much an entry is worth keeping: its depth, less age_weight a search of age.
    [[nodiscard]] int worth(const Entry& e) const noexcept {
        const int age = static_cast<std::uint8_t>(generation_ - e.generation);
        return e.depth - age_weight * age;
    }

    /// The entry a result for `key` goes into.
    [[nodiscard]] Entry& slot_for(std::uint64_t key) noexcept {
        Entry* bucket = bucket_of(key);
        Entry* victim = bucket;
        for (std::size_t w = 0; w < ways_; ++w) {
            Entry& e = bucket[w];
            if (e.bound != Bound::None && e.key == key)
                return e;
            if (victim->bound == Bound::None)
                continue;
            if (e.bound == Bound::None || worth(e) < worth(*victim))
                victim = &e;
        }
        return *victim;
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
    std::size_t ways_ = 0;
    std::size_t megabytes_ = 0;
    TTReplacement replacement_ = TTReplacement::Always;
    std::uint8_t generation_ = 0;
};

} // namespace tengen
