#pragma once
/// \file
/// ReversiBoard: an 8x8 Reversi (Othello) position with make/undo, an incremental Zobrist hash,
/// passes as moves, and perft.

#include <tengen/core/expected.hpp>
#include <tengen/core/types.hpp>
#include <tengen/core/zobrist.hpp>
#include <tengen/reversi/bitboard.hpp>

#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tengen {

namespace reversi {

/// The score of a finished game from the view of `own`, as the World Othello Federation's rules
/// count it (and the FFO endgame suite, Edax and Egaroucid report it): own discs minus the
/// opponent's, with the empty squares added to the winner's side; 0 for a draw. A game that
/// ends 33 to 20 with 11 squares empty scores +24 (44-20), not +13. On a full board it is the
/// disc difference. Range -64..64. Meaningful only when neither side can move.
///
/// Computed per finished position, never from the disc difference of a line: the same disc
/// difference scores differently with different numbers of empty squares.
[[nodiscard]] constexpr int final_score(Bitboard own, Bitboard opp) noexcept {
    const int difference = count(own) - count(opp);
    const int empties = square_count - count(own | opp);
    if (difference > 0)
        return difference + empties;
    if (difference < 0)
        return difference - empties;
    return 0;
}

} // namespace reversi

/// A Reversi move: a square (0..63, bit `row * 8 + column`, row 0 at the top) or a pass.
/// A default-constructed move is a pass.
class ReversiMove {
public:
    /// The pass.
    constexpr ReversiMove() noexcept = default;

    /// The move on `square`. Precondition: 0 <= square < 64.
    [[nodiscard]] static constexpr ReversiMove at(int square) noexcept {
        assert(square >= 0 && square < reversi::square_count);
        return ReversiMove(static_cast<std::int8_t>(square));
    }
    /// The move on column `column` (0 = a) and row `row` (0 = the top row, "1").
    [[nodiscard]] static constexpr ReversiMove at(int column, int row) noexcept {
        return at(row * reversi::board_side + column);
    }
    /// The pass.
    [[nodiscard]] static constexpr ReversiMove pass() noexcept { return ReversiMove(); }

    /// True for the pass.
    [[nodiscard]] constexpr bool is_pass() const noexcept { return square_ == pass_square; }
    /// The square. Precondition: !is_pass().
    [[nodiscard]] constexpr int square() const noexcept {
        assert(!is_pass());
        return square_;
    }
    /// A number for the move: the square, 64 for the pass (below AlphaBeta's history size).
    [[nodiscard]] constexpr int index() const noexcept { return square_; }

    /// Same square, or both passes.
    friend constexpr bool operator==(ReversiMove, ReversiMove) noexcept = default;

private:
    static constexpr std::int8_t pass_square = reversi::square_count;
    constexpr explicit ReversiMove(std::int8_t square) noexcept : square_(square) {}
    std::int8_t square_ = pass_square;
};

namespace reversi::detail {

/// Zobrist keys of Reversi: one per (colour, square) and one for White to move, from the same
/// generator as the gomoku keys but a seed of their own.
struct Keys {
    std::array<std::array<std::uint64_t, square_count>, 2> disc{};
    /// disc[Black][s] ^ disc[White][s]: what a flip of square s changes.
    std::array<std::uint64_t, square_count> flip{};
    std::uint64_t white_to_move = 0;
};

[[nodiscard]] constexpr Keys make_keys() noexcept {
    Keys keys;
    std::uint64_t state = 0x7265'7665'7273'6921ULL; // "reversi!"
    for (auto& per_color : keys.disc)
        for (auto& key : per_color)
            key = zobrist::splitmix64(state);
    for (int s = 0; s < square_count; ++s) {
        const auto i = static_cast<std::size_t>(s);
        keys.flip[i] = keys.disc[0][i] ^ keys.disc[1][i];
    }
    keys.white_to_move = zobrist::splitmix64(state);
    return keys;
}

inline constexpr Keys keys = make_keys();

} // namespace reversi::detail

/// An 8x8 Reversi position and the moves that led to it from where it was set up.
///
/// Small (two bitboards, a hash and the undo stack), so it copies like a value. Squares are
/// numbered as in ReversiMove; notation lives in <tengen/reversi/notation.hpp>.
class ReversiBoard {
public:
    /// The standard start: White on d4 and e5, Black on d5 and e4, Black to move.
    ReversiBoard() noexcept
        : ReversiBoard(reversi::square_bit(28) | reversi::square_bit(35),
                       reversi::square_bit(27) | reversi::square_bit(36), Color::Black) {}

    /// A position from its discs. Precondition: (black & white) == 0.
    ReversiBoard(reversi::Bitboard black, reversi::Bitboard white, Color to_move) noexcept
        : discs_{black, white}, side_(to_move) {
        assert((black & white) == 0);
        hash_ = compute_hash();
    }

    /// The same, checked: an Error when the two sets overlap.
    [[nodiscard]] static Expected<ReversiBoard>
    from_bitboards(reversi::Bitboard black, reversi::Bitboard white, Color to_move) {
        if ((black & white) != 0)
            return Error{"a square holds both a black and a white disc"};
        return ReversiBoard(black, white, to_move);
    }

    /// The colour to move.
    [[nodiscard]] Color side_to_move() const noexcept { return side_; }
    /// Zobrist hash of the discs and the side to move, kept incrementally.
    [[nodiscard]] std::uint64_t hash() const noexcept { return hash_; }
    /// The discs of `c`.
    [[nodiscard]] reversi::Bitboard discs(Color c) const noexcept { return discs_[index_of(c)]; }
    /// The discs of the side to move.
    [[nodiscard]] reversi::Bitboard own() const noexcept { return discs(side_); }
    /// The discs of the side not to move.
    [[nodiscard]] reversi::Bitboard opp() const noexcept { return discs(opponent(side_)); }
    /// The occupied squares.
    [[nodiscard]] reversi::Bitboard occupied() const noexcept { return discs_[0] | discs_[1]; }
    /// The colour on `square` (0..63), or nothing when it is empty.
    [[nodiscard]] std::optional<Color> at(int square) const noexcept {
        const reversi::Bitboard bit = reversi::square_bit(square);
        if (discs_[0] & bit)
            return Color::Black;
        if (discs_[1] & bit)
            return Color::White;
        return std::nullopt;
    }
    /// Discs of `c` on the board.
    [[nodiscard]] int disc_count(Color c) const noexcept { return reversi::count(discs(c)); }
    /// Empty squares.
    [[nodiscard]] int empty_count() const noexcept {
        return reversi::square_count - reversi::count(occupied());
    }
    /// The discs `c` is credited with at the end of the game under the World Othello
    /// Federation's rules: its discs, plus the empty squares when it has more discs than the
    /// opponent, plus half of them on equal counts (a draw is 32-32). The two counts always add
    /// up to 64 and differ by reversi::final_score. Meaningful when the game is over.
    [[nodiscard]] int final_count(Color c) const noexcept {
        const int mine = disc_count(c);
        const int theirs = disc_count(opponent(c));
        if (mine > theirs)
            return mine + empty_count();
        if (mine == theirs)
            return mine + empty_count() / 2; // equal counts leave an even number of empties
        return mine;
    }

    /// The squares the side to move may play.
    [[nodiscard]] reversi::Bitboard legal_moves() const noexcept {
        return reversi::legal_moves(own(), opp());
    }
    /// The squares the side not to move could play if it were its turn.
    [[nodiscard]] reversi::Bitboard opponent_moves() const noexcept {
        return reversi::legal_moves(opp(), own());
    }
    /// True when the side to move has no square but the opponent has one: it must pass.
    [[nodiscard]] bool must_pass() const noexcept {
        return legal_moves() == 0 && opponent_moves() != 0;
    }
    /// True when neither side can move.
    [[nodiscard]] bool is_game_over() const noexcept {
        return legal_moves() == 0 && opponent_moves() == 0;
    }
    /// The side with more discs, or nothing on equal counts (meaningful when the game is over).
    [[nodiscard]] std::optional<Color> leader() const noexcept {
        const int diff = disc_count(Color::Black) - disc_count(Color::White);
        if (diff == 0)
            return std::nullopt;
        return diff > 0 ? Color::Black : Color::White;
    }

    /// True if `m` is legal: a square in legal_moves(), or a pass when must_pass().
    [[nodiscard]] bool is_legal(ReversiMove m) const noexcept {
        if (m.is_pass())
            return must_pass();
        return (legal_moves() & reversi::square_bit(m.square())) != 0;
    }
    /// The discs `m` would flip (none for a pass). Precondition: the square, if any, is empty.
    [[nodiscard]] reversi::Bitboard flips(ReversiMove m) const noexcept {
        return m.is_pass() ? 0 : reversi::flips(m.square(), own(), opp());
    }

    /// Plays `m` (flips collected first, then applied). Precondition: is_legal(m).
    void play(ReversiMove m) noexcept {
        assert(is_legal(m));
        reversi::Bitboard flipped = 0;
        if (!m.is_pass()) {
            const int s = m.square();
            flipped = reversi::flips(s, own(), opp());
            const std::size_t us = index_of(side_);
            discs_[us] |= flipped | reversi::square_bit(s);
            discs_[1 - us] &= ~flipped;
            hash_ ^= reversi::detail::keys.disc[us][static_cast<std::size_t>(s)];
            for (reversi::Bitboard f = flipped; f != 0; f &= f - 1)
                hash_ ^=
                    reversi::detail::keys.flip[static_cast<std::size_t>(reversi::lowest_square(f))];
        }
        side_ = opponent(side_);
        hash_ ^= reversi::detail::keys.white_to_move;
        history_.push_back({m, flipped});
    }

    /// Plays `m` if it is legal and returns the discs it flipped; otherwise returns an Error and
    /// leaves the position unchanged.
    [[nodiscard]] Expected<reversi::Bitboard> try_play(ReversiMove m) {
        if (is_game_over())
            return Error{"the game is over"};
        if (m.is_pass()) {
            if (!must_pass())
                return Error{"cannot pass: " + std::string(to_string(side_)) + " has a move"};
        } else if (at(m.square())) {
            return Error{"the square is not empty"};
        } else if (!is_legal(m)) {
            return Error{"illegal move: it flips no disc"};
        }
        const reversi::Bitboard flipped = flips(m);
        play(m);
        return flipped;
    }

    /// Takes back the last move. Precondition: ply() > 0.
    void undo() noexcept {
        assert(!history_.empty());
        const Record r = history_.back();
        history_.pop_back();
        side_ = opponent(side_);
        hash_ ^= reversi::detail::keys.white_to_move;
        if (r.move.is_pass())
            return;
        const int s = r.move.square();
        const std::size_t us = index_of(side_);
        discs_[us] &= ~(r.flipped | reversi::square_bit(s));
        discs_[1 - us] |= r.flipped;
        hash_ ^= reversi::detail::keys.disc[us][static_cast<std::size_t>(s)];
        for (reversi::Bitboard f = r.flipped; f != 0; f &= f - 1)
            hash_ ^=
                reversi::detail::keys.flip[static_cast<std::size_t>(reversi::lowest_square(f))];
    }

    /// Moves played since the position was set up (passes included).
    [[nodiscard]] int ply() const noexcept { return static_cast<int>(history_.size()); }
    /// The `i`-th move played since the set-up (0 = the first). Precondition: i < ply().
    [[nodiscard]] ReversiMove move_at(int i) const noexcept {
        return history_[static_cast<std::size_t>(i)].move;
    }

    /// The hash computed from scratch (for verifying the incremental one).
    [[nodiscard]] std::uint64_t compute_hash() const noexcept {
        std::uint64_t h = side_ == Color::White ? reversi::detail::keys.white_to_move : 0;
        for (Color c : all_colors)
            for (reversi::Bitboard b = discs(c); b != 0; b &= b - 1)
                h ^= reversi::detail::keys
                         .disc[index_of(c)][static_cast<std::size_t>(reversi::lowest_square(b))];
        return h;
    }

    /// Same discs and side to move (the history is not compared).
    [[nodiscard]] bool same_position(const ReversiBoard& other) const noexcept {
        return discs_ == other.discs_ && side_ == other.side_;
    }

private:
    struct Record {
        ReversiMove move;
        reversi::Bitboard flipped; ///< what undo flips back
    };

    std::array<reversi::Bitboard, 2> discs_{};
    Color side_ = Color::Black;
    std::uint64_t hash_ = 0;
    std::vector<Record> history_;
};

namespace reversi {

namespace detail {

/// Perft on raw bitboards: leaves at `depth` (>= 1) below the position with `own` to move.
/// `passed`: the previous ply was a pass, so no moves here means the game is over.
[[nodiscard]] inline std::uint64_t perft_bits(Bitboard own, Bitboard opp, int depth,
                                              bool passed) noexcept {
    Bitboard moves = legal_moves(own, opp);
    if (depth == 1) {
        // Bulk count: every move is a leaf; with none, the pass or the finished game is one.
        return moves == 0 ? 1 : static_cast<std::uint64_t>(count(moves));
    }
    if (moves == 0) {
        if (passed)
            return 1;
        return perft_bits(opp, own, depth - 1, true);
    }
    std::uint64_t leaves = 0;
    for (; moves != 0; moves &= moves - 1) {
        const int s = lowest_square(moves);
        const Bitboard f = flips(s, own, opp);
        leaves += perft_bits(opp & ~f, own | f | square_bit(s), depth - 1, false);
    }
    return leaves;
}

} // namespace detail

/// Leaves of the game tree `depth` plies below `board`, counted as in Aart Bik's published
/// table: a forced pass is a ply, and a game that ends before `depth` is one leaf. Depth 0 is
/// one leaf. Counts the last ply in bulk (the size of the move set), so it runs at well over
/// 10^8 leaves per second.
[[nodiscard]] inline std::uint64_t perft(const ReversiBoard& board, int depth) noexcept {
    if (depth <= 0)
        return 1;
    // A game already over is one leaf; perft_bits would read "no move" as a pass first.
    if (board.is_game_over())
        return 1;
    return detail::perft_bits(board.own(), board.opp(), depth, false);
}

} // namespace reversi

} // namespace tengen
