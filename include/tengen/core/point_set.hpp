#pragma once
/// \file
/// `PointSet`: a fixed-size bit set over the padded array, iterated in index order.

#include <tengen/core/types.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>

namespace tengen {

/// A set of points, one bit per cell of the padded array. Iteration visits points in increasing
/// index order (row by row, left to right), which makes every traversal deterministic.
class PointSet {
    static constexpr int word_bits = 64;
    static constexpr int word_count = layout::cell_count / word_bits;
    static_assert(layout::cell_count % word_bits == 0, "the padded array fills whole words");

public:
    /// Forward iterator over the points of the set.
    class Iterator {
    public:
        using value_type = Point;
        using difference_type = std::ptrdiff_t;

        Iterator() = default;
        [[nodiscard]] Point operator*() const noexcept {
            return Point::from_index(word_ * word_bits + std::countr_zero(bits_));
        }
        Iterator& operator++() noexcept {
            bits_ &= bits_ - 1;
            advance();
            return *this;
        }
        Iterator operator++(int) noexcept {
            Iterator old = *this;
            ++*this;
            return old;
        }
        friend bool operator==(const Iterator& a, const Iterator& b) noexcept {
            return a.word_ == b.word_ && a.bits_ == b.bits_;
        }

    private:
        friend class PointSet;
        Iterator(const PointSet* set, int word) noexcept
            : set_(set), word_(word),
              bits_(word < word_count ? set->words_[static_cast<std::size_t>(word)] : 0) {
            advance();
        }
        void advance() noexcept {
            while (bits_ == 0 && word_ < word_count) {
                ++word_;
                bits_ = word_ < word_count ? set_->words_[static_cast<std::size_t>(word_)] : 0;
            }
        }
        const PointSet* set_ = nullptr;
        int word_ = word_count;
        std::uint64_t bits_ = 0;
    };

    /// True if `p` is in the set.
    [[nodiscard]] bool contains(Point p) const noexcept {
        return (words_[word_of(p)] >> bit_of(p)) & 1U;
    }
    /// Adds `p`.
    void insert(Point p) noexcept { words_[word_of(p)] |= std::uint64_t{1} << bit_of(p); }
    /// Removes `p`.
    void erase(Point p) noexcept { words_[word_of(p)] &= ~(std::uint64_t{1} << bit_of(p)); }
    /// Number of points in the set.
    [[nodiscard]] int size() const noexcept {
        int n = 0;
        for (std::uint64_t w : words_)
            n += std::popcount(w);
        return n;
    }
    /// True if the set holds no point.
    [[nodiscard]] bool empty() const noexcept {
        for (std::uint64_t w : words_)
            if (w != 0)
                return false;
        return true;
    }
    /// Adds the points whose indices are `first_index + i` for each set bit i of `bits`.
    /// Precondition: `first_index` and `first_index + 63` lie in the same 64-bit word, i.e.
    /// the bits do not cross a word boundary once shifted.
    void insert_bits(int first_index, std::uint64_t bits) noexcept {
        words_[static_cast<std::size_t>(first_index / word_bits)] |=
            bits << static_cast<unsigned>(first_index % word_bits);
    }
    /// The bits of the points with indices `first_index + i`, for i in [0, count), as bits i.
    /// Precondition: the range does not cross a 64-bit word boundary, count < 64.
    [[nodiscard]] std::uint64_t bits(int first_index, int count) const noexcept {
        const std::uint64_t word = words_[static_cast<std::size_t>(first_index / word_bits)];
        return (word >> static_cast<unsigned>(first_index % word_bits)) &
               ((std::uint64_t{1} << static_cast<unsigned>(count)) - 1);
    }
    [[nodiscard]] Iterator begin() const noexcept { return Iterator(this, 0); }
    [[nodiscard]] Iterator end() const noexcept { return Iterator(this, word_count); }

    friend bool operator==(const PointSet&, const PointSet&) noexcept = default;

private:
    static std::size_t word_of(Point p) noexcept {
        return static_cast<std::size_t>(p.index() / word_bits);
    }
    static unsigned bit_of(Point p) noexcept {
        return static_cast<unsigned>(p.index() % word_bits);
    }

    std::array<std::uint64_t, word_count> words_{};
};

} // namespace tengen
