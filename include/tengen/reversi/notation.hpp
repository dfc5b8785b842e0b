#pragma once
/// \file
/// Reversi notation: squares as `d3` (column a-h, row 1-8 counted from the top), the pass as
/// `pass` (or `pa` inside move lists), move lists such as `f5d6c3`, and positions as 64-character
/// strings plus the side to move.

#include <tengen/core/expected.hpp>
#include <tengen/reversi/board.hpp>

#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace tengen {

/// "d3" for a square, "pass" for the pass.
[[nodiscard]] inline std::string to_string(ReversiMove m) {
    if (m.is_pass())
        return "pass";
    const int s = m.square();
    return {static_cast<char>('a' + s % reversi::board_side),
            static_cast<char>('1' + s / reversi::board_side)};
}

/// Parses one move: a column letter a-h (either case) and a row digit 1-8, or "pass"/"pa"
/// (either case). Surrounding whitespace is not accepted.
[[nodiscard]] inline Expected<ReversiMove> parse_reversi_move(std::string_view text) {
    std::string lower;
    for (char ch : text)
        lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (lower == "pass" || lower == "pa")
        return ReversiMove::pass();
    if (lower.size() != 2)
        return Error{"'" + std::string(text) + "' is not a move (expected e.g. d3 or pass)"};
    const char column = lower[0];
    const char row = lower[1];
    if (column < 'a' || column > 'h')
        return Error{"'" + std::string(text) + "': the column must be a letter a-h"};
    if (row < '1' || row > '8')
        return Error{"'" + std::string(text) + "': the row must be a digit 1-8"};
    return ReversiMove::at(column - 'a', row - '1');
}

/// Parses a move list of two-character moves written together, e.g. "f5d6c3d3" ("pa" for an
/// explicit pass); spaces between moves are allowed.
[[nodiscard]] inline Expected<std::vector<ReversiMove>> parse_reversi_moves(std::string_view text) {
    std::vector<ReversiMove> moves;
    std::size_t i = 0;
    while (i < text.size()) {
        if (std::isspace(static_cast<unsigned char>(text[i]))) {
            ++i;
            continue;
        }
        if (i + 2 > text.size())
            return Error{"move list ends in the middle of a move at character " +
                         std::to_string(i + 1)};
        const auto m = parse_reversi_move(text.substr(i, 2));
        if (!m)
            return Error{"move " + std::to_string(moves.size() + 1) + ": " + m.error().message};
        moves.push_back(*m);
        i += 2;
    }
    return moves;
}

/// The moves written together, "pa" for a pass: the inverse of parse_reversi_moves.
[[nodiscard]] inline std::string format_reversi_moves(const std::vector<ReversiMove>& moves) {
    std::string text;
    for (ReversiMove m : moves)
        text += m.is_pass() ? "pa" : to_string(m);
    return text;
}

/// Plays a move list on `board`. A forced pass may be written ("pa") or left out: when the side
/// to move has no move, the pass is played before the next square. On an illegal or unreadable
/// move, returns an Error naming it and leaves `board` as it was.
[[nodiscard]] inline Expected<int> play_reversi_moves(ReversiBoard& board, std::string_view text) {
    const auto moves = parse_reversi_moves(text);
    if (!moves)
        return moves.error();
    const int start = board.ply();
    const auto rewind = [&board, start] {
        while (board.ply() > start)
            board.undo();
    };
    int number = 0;
    for (ReversiMove m : *moves) {
        ++number;
        if (!m.is_pass() && board.must_pass())
            board.play(ReversiMove::pass());
        if (auto played = board.try_play(m); !played) {
            const std::string message = "move " + std::to_string(number) + " (" + to_string(m) +
                                        "): " + played.error().message;
            rewind();
            return Error{message};
        }
    }
    return board.ply() - start;
}

/// The position as 64 characters, row 1 first and a to h within a row ('X' black, 'O' white,
/// '-' empty), a space, and the side to move ('X' or 'O').
[[nodiscard]] inline std::string to_position_string(const ReversiBoard& board) {
    std::string text;
    for (int s = 0; s < reversi::square_count; ++s) {
        const auto c = board.at(s);
        text += !c ? '-' : *c == Color::Black ? 'X' : 'O';
    }
    text += ' ';
    text += board.side_to_move() == Color::Black ? 'X' : 'O';
    return text;
}

/// Parses the format of to_position_string. Cells: 'X'/'x'/'B'/'b'/'*' black, 'O'/'o'/'W'/'w'
/// white, '-'/'.' empty; then whitespace and the side to move in the same letters. Anything
/// else (a wrong length, another character, a missing side) is an Error.
[[nodiscard]] inline Expected<ReversiBoard> parse_position(std::string_view text) {
    const auto colour_of = [](char ch) -> int {
        switch (ch) {
        case 'X':
        case 'x':
        case 'B':
        case 'b':
        case '*':
            return 0;
        case 'O':
        case 'o':
        case 'W':
        case 'w':
            return 1;
        case '-':
        case '.':
            return 2;
        default:
            return -1;
        }
    };
    if (text.size() < reversi::square_count)
        return Error{"a position needs 64 squares, got " + std::to_string(text.size()) +
                     " characters"};
    reversi::Bitboard discs[2] = {0, 0};
    for (int s = 0; s < reversi::square_count; ++s) {
        const char ch = text[static_cast<std::size_t>(s)];
        const int c = colour_of(ch);
        if (c < 0)
            return Error{"square " + to_string(ReversiMove::at(s)) + ": '" + std::string(1, ch) +
                         "' is not X, O or -"};
        if (c < 2)
            discs[c] |= reversi::square_bit(s);
    }
    std::string_view rest = text.substr(reversi::square_count);
    std::size_t i = 0;
    while (i < rest.size() && std::isspace(static_cast<unsigned char>(rest[i])))
        ++i;
    if (i == 0 || i == rest.size())
        return Error{"the 64 squares must be followed by a space and the side to move (X or O)"};
    const int side = colour_of(rest[i]);
    if (side < 0 || side > 1)
        return Error{"side to move '" + std::string(1, rest[i]) + "' is not X or O"};
    for (std::size_t j = i + 1; j < rest.size(); ++j)
        if (!std::isspace(static_cast<unsigned char>(rest[j])))
            return Error{"unexpected text after the side to move: '" + std::string(rest.substr(j)) +
                         "'"};
    return ReversiBoard(discs[0], discs[1], side == 0 ? Color::Black : Color::White);
}

/// The board as 8 lines of text with coordinates; squares in `marked` (e.g. the legal moves)
/// shown as '*'. Black 'X', white 'O', empty '.'.
[[nodiscard]] inline std::string to_text(const ReversiBoard& board, reversi::Bitboard marked = 0) {
    std::string text = "  a b c d e f g h\n";
    for (int row = 0; row < reversi::board_side; ++row) {
        text += static_cast<char>('1' + row);
        for (int column = 0; column < reversi::board_side; ++column) {
            const int s = row * reversi::board_side + column;
            const auto c = board.at(s);
            text += ' ';
            if (c)
                text += *c == Color::Black ? 'X' : 'O';
            else
                text += (marked & reversi::square_bit(s)) ? '*' : '.';
        }
        text += '\n';
    }
    return text;
}

} // namespace tengen
