#pragma once
/// \file
/// Zobrist keys: one random 64-bit key per (colour, padded cell) and one for the side to move.

#include <tengen/core/types.hpp>

#include <array>
#include <cstdint>

namespace tengen::zobrist {

/// SplitMix64: a tiny, well-mixed generator, good enough for hash keys and usable in constexpr.
/// Advances `state` and returns the next key; every game's key tables are made with it.
[[nodiscard]] constexpr std::uint64_t splitmix64(std::uint64_t& state) noexcept {
    state += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

namespace detail {

/// The seed of the key sequence. Changing it changes every hash (and recorded regression values).
inline constexpr std::uint64_t seed = 0x7465'6e67'656e'2121ULL; // "tengen!!"

struct Keys {
    std::array<std::array<std::uint64_t, layout::cell_count>, 2> stone{};
    std::uint64_t white_to_move = 0;
};

[[nodiscard]] constexpr Keys make_keys() noexcept {
    Keys keys;
    std::uint64_t state = seed;
    for (auto& per_color : keys.stone)
        for (auto& key : per_color)
            key = splitmix64(state);
    keys.white_to_move = splitmix64(state);
    return keys;
}

inline constexpr Keys keys = make_keys();

} // namespace detail

/// The key of a stone of colour `c` on point `p`.
[[nodiscard]] constexpr std::uint64_t stone_key(Color c, Point p) noexcept {
    return detail::keys.stone[index_of(c)][static_cast<std::size_t>(p.index())];
}

/// The key XORed in whenever White is to move.
[[nodiscard]] constexpr std::uint64_t white_to_move_key() noexcept {
    return detail::keys.white_to_move;
}

} // namespace tengen::zobrist
