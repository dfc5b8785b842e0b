#pragma once
/// \file
/// `MoveList`: a fixed-capacity list of moves that never allocates.

#include <tengen/core/types.hpp>

#include <array>
#include <cassert>
#include <cstddef>

namespace tengen {

/// Moves a list holds by default: every point of the largest board of the shared layout (a game
/// with more moves per position instantiates MoveList with its own capacity).
inline constexpr std::size_t max_moves =
    static_cast<std::size_t>(layout::max_board_size) * layout::max_board_size;

/// A fixed-capacity vector of moves with the usual STL names.
template <typename Move, std::size_t Capacity = max_moves> class MoveList {
public:
    using value_type = Move;
    using iterator = Move*;
    using const_iterator = const Move*;

    /// Appends `m`. Precondition: size() < Capacity.
    void push_back(Move m) noexcept {
        assert(size_ < Capacity);
        moves_[size_++] = m;
    }
    void clear() noexcept { size_ = 0; }
    /// Keeps the first `n` moves. Precondition: n <= size().
    void truncate(std::size_t n) noexcept {
        assert(n <= size_);
        size_ = n;
    }
    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
    [[nodiscard]] Move& operator[](std::size_t i) noexcept { return moves_[i]; }
    [[nodiscard]] const Move& operator[](std::size_t i) const noexcept { return moves_[i]; }
    [[nodiscard]] iterator begin() noexcept { return moves_.data(); }
    [[nodiscard]] iterator end() noexcept { return moves_.data() + size_; }
    [[nodiscard]] const_iterator begin() const noexcept { return moves_.data(); }
    [[nodiscard]] const_iterator end() const noexcept { return moves_.data() + size_; }
    /// True if `m` is in the list.
    [[nodiscard]] bool contains(Move m) const noexcept {
        for (std::size_t i = 0; i < size_; ++i)
            if (moves_[i] == m)
                return true;
        return false;
    }

private:
    std::array<Move, Capacity> moves_{};
    std::size_t size_ = 0;
};

} // namespace tengen
