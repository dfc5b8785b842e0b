#pragma once
/// \file
/// A transposition table keyed by the 64-bit position hash, one entry a slot.

#include <tengen/search/value.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <type_traits>

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
/// replaced by depth and age measured no gain (docs/strength.md).
///
/// Safe to probe and store from several threads at once (the threads of a parallel search share
/// one table); resize, clear and new_search are not, and must not overlap a search. A slot is
/// three words written and read one at a time, without a lock: the first holds the key xor the
/// other two, so an entry that threads wrote at the same time, or that changed while it was read,
/// does not match its key and reads as absent (the wrong key passing the check is as likely as a
/// 64-bit hash collision).
template <typename Move> class TranspositionTable {
    static_assert(std::is_trivially_copyable_v<Move> && sizeof(Move) <= sizeof(std::uint64_t),
                  "a move must fit in a word of the table");

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
        const std::size_t wanted = megabytes * mebibyte / sizeof(Slot);
        const std::size_t slots = wanted == 0 ? 1 : std::bit_floor(wanted);
        slots_.reset();
        slots_ = std::make_unique<Slot[]>(slots);
        capacity_ = slots;
        mask_ = slots - 1;
        generation_ = 0;
    }

    /// Forgets every entry.
    void clear() {
        for (std::size_t i = 0; i < capacity_; ++i)
            slots_[i].erase();
        generation_ = 0;
    }

    /// Starts a new search: what hashfull() counts as the current search's.
    void new_search() noexcept { ++generation_; }

    /// The current search's number, modulo 256.
    [[nodiscard]] std::uint8_t generation() const noexcept { return generation_; }

    /// Number of entries.
    [[nodiscard]] std::size_t capacity() const noexcept { return capacity_; }

    /// Bytes of memory the entries take.
    [[nodiscard]] std::size_t bytes() const noexcept { return capacity_ * sizeof(Slot); }

    /// Permille of the first hashfull_sample entries (or all, if fewer) that the current search
    /// stored: how full the table is, as the Gomocup and UCI engines report it.
    [[nodiscard]] int hashfull() const noexcept {
        const std::size_t sample = std::min(hashfull_sample, capacity_);
        std::size_t used = 0;
        for (std::size_t i = 0; i < sample; ++i) {
            const std::optional<Entry> e = slots_[i].load();
            if (e && e->generation == generation_)
                ++used;
        }
        constexpr std::size_t permille = 1000;
        return static_cast<int>(used * permille / sample);
    }

    /// The entry of position `key`, if stored (a copy: another thread may replace it meanwhile).
    [[nodiscard]] std::optional<Entry> probe(std::uint64_t key) const noexcept {
        std::optional<Entry> e = slot_of(key).load();
        if (e && e->key == key)
            return e;
        return std::nullopt;
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
        Slot& slot = slot_of(key);
        write(slot, slot.load(), key, depth, node_value, bound, move, only_move);
    }

    /// store(), unless the slot holds a result searched deeper than `depth`: for the many
    /// shallow results of a quiescence search, which must not push out the main search's.
    void store_unless_deeper(std::uint64_t key, int depth, Value node_value, Bound bound,
                             std::optional<Move> move, bool only_move = false) noexcept {
        Slot& slot = slot_of(key);
        const std::optional<Entry> old = slot.load();
        if (old && old->depth > depth)
            return;
        write(slot, old, key, depth, node_value, bound, move, only_move);
    }

private:
    /// One entry as three words: `check` (the key xor the other two), `info` (value, depth,
    /// bound, flags, generation) and `move`. All zero is no entry (Bound::None).
    class Slot {
    public:
        /// The entry, or nothing when the slot is empty or its words do not belong together.
        [[nodiscard]] std::optional<Entry> load() const noexcept {
            const std::uint64_t check = check_.load(std::memory_order_relaxed);
            const std::uint64_t info = info_.load(std::memory_order_relaxed);
            const std::uint64_t move = move_.load(std::memory_order_relaxed);
            Entry e;
            e.bound = static_cast<Bound>((info >> bound_shift) & bound_mask);
            if (e.bound == Bound::None)
                return std::nullopt;
            e.key = check ^ info ^ move;
            e.value = static_cast<Value>(static_cast<std::uint32_t>(info));
            e.depth = static_cast<std::int16_t>(static_cast<std::uint16_t>(info >> depth_shift));
            e.has_move = ((info >> has_move_bit) & 1) != 0;
            e.only_move = ((info >> only_move_bit) & 1) != 0;
            e.generation = static_cast<std::uint8_t>(info >> generation_shift);
            if (e.has_move) {
                MoveBytes bytes;
                std::memcpy(bytes.data(), &move, sizeof(Move));
                e.move = std::bit_cast<Move>(bytes);
            }
            return e;
        }
        /// Replaces the entry with `e` (its bound not None).
        void save(const Entry& e) noexcept {
            std::uint64_t move = 0;
            if (e.has_move) {
                const auto bytes = std::bit_cast<MoveBytes>(e.move);
                std::memcpy(&move, bytes.data(), sizeof(Move));
            }
            const std::uint64_t info =
                std::uint64_t{static_cast<std::uint32_t>(e.value)} |
                std::uint64_t{static_cast<std::uint16_t>(e.depth)} << depth_shift |
                std::uint64_t{static_cast<std::uint8_t>(e.bound)} << bound_shift |
                std::uint64_t{e.has_move} << has_move_bit |
                std::uint64_t{e.only_move} << only_move_bit |
                std::uint64_t{e.generation} << generation_shift;
            check_.store(e.key ^ info ^ move, std::memory_order_relaxed);
            info_.store(info, std::memory_order_relaxed);
            move_.store(move, std::memory_order_relaxed);
        }
        void erase() noexcept {
            check_.store(0, std::memory_order_relaxed);
            info_.store(0, std::memory_order_relaxed);
            move_.store(0, std::memory_order_relaxed);
        }

    private:
        using MoveBytes = std::array<unsigned char, sizeof(Move)>;
        static constexpr int depth_shift = 32;
        static constexpr int bound_shift = 48;
        static constexpr std::uint64_t bound_mask = 3;
        static constexpr int has_move_bit = 50;
        static constexpr int only_move_bit = 51;
        static constexpr int generation_shift = 56;

        std::atomic<std::uint64_t> check_{0};
        std::atomic<std::uint64_t> info_{0};
        std::atomic<std::uint64_t> move_{0};
    };

    [[nodiscard]] const Slot& slot_of(std::uint64_t key) const noexcept {
        return slots_[key & mask_];
    }
    [[nodiscard]] Slot& slot_of(std::uint64_t key) noexcept {
        return slots_[key & mask_];
    }

    /// Writes a result over the slot's entry `old` (as loaded).
    void write(Slot& slot, const std::optional<Entry>& old, std::uint64_t key, int depth,
               Value node_value, Bound bound, std::optional<Move> move, bool only_move) noexcept {
        Entry e;
        if (move) {
            e.move = *move;
            e.has_move = true;
        } else if (old && old->key == key && old->has_move) {
            e.move = old->move;
            e.has_move = true;
        }
        e.key = key;
        e.value = node_value;
        e.depth = static_cast<std::int16_t>(depth);
        e.bound = bound;
        e.only_move = only_move;
        e.generation = generation_;
        slot.save(e);
    }

    std::unique_ptr<Slot[]> slots_;
    std::size_t capacity_ = 0;
    std::size_t mask_ = 0;
    std::uint8_t generation_ = 0;
};

} // namespace tengen
