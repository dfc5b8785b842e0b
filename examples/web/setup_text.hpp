#pragma once
/// \file
/// A position set up by hand, and how tengen_web's move records write it: a prefix before the
/// moves played from it, so that a record of a game started from a set-up starts the same game
/// again when imported.
///
///     setup(black: h8i8; white: a1a2; to move: black) j10k11
///
/// Each colour's stones are a pos string (spaces allowed); the moves that follow count from the
/// set-up, the side to move first.

#include "api.hpp"

#include <tengen/gomoku/notation.hpp>
#include <tengen/tengen.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tengen::web {

/// Stones placed by hand and the side to move: where a game began when not on the empty board.
struct SetUp {
    std::vector<Point> black; ///< in the order given
    std::vector<Point> white; ///< in the order given
    Color to_move = Color::Black;
};

/// What a move record's set-up prefix begins with.
inline constexpr std::string_view setup_prefix = "setup(";

/// The prefix for `setup` as a move record writes it (see the file comment), without the space
/// before the moves.
[[nodiscard]] inline std::string format_setup(const SetUp& setup) {
    return std::string(setup_prefix) + "black: " + to_pos(setup.black) +
           "; white: " + to_pos(setup.white) +
           "; to move: " + std::string(to_string(setup.to_move)) + ")";
}

/// Reads a set-up prefix at the start of `text`, if it has one: `setup` is then the set-up and
/// `text` what follows it (the moves). Without one, nothing changes. A prefix that is not as
/// format_setup writes it (unclosed, a part missing or repeated, a point or side that cannot be
/// read) is a 400 naming the fault.
[[nodiscard]] inline std::optional<ApiError> read_setup_prefix(std::string_view& text,
                                                               std::optional<SetUp>& setup) {
    const std::string_view s = trim(text);
    if (!s.starts_with(setup_prefix))
        return std::nullopt;
    const auto refuse = [](const std::string& why) {
        return ApiError{status::bad_request, "cannot read the setup(...) prefix: " + why};
    };
    const auto close = s.find(')');
    if (close == std::string_view::npos)
        return refuse("no closing parenthesis");
    std::string_view inside = s.substr(setup_prefix.size(), close - setup_prefix.size());
    SetUp read;
    std::optional<std::vector<Point>> black;
    std::optional<std::vector<Point>> white;
    std::optional<Color> to_move;
    constexpr std::size_t parts = 3;
    for (std::size_t i = 0; i < parts; ++i) {
        const auto semicolon = inside.find(';');
        if ((semicolon == std::string_view::npos) != (i + 1 == parts))
            return refuse("it must hold \"black: ...; white: ...; to move: ...\"");
        const std::string_view part = trim(inside.substr(0, semicolon));
        inside =
            semicolon == std::string_view::npos ? std::string_view{} : inside.substr(semicolon + 1);
        const auto colon = part.find(':');
        if (colon == std::string_view::npos)
            return refuse("\"" + std::string(part) + "\" has no colon");
        const std::string_view key = trim(part.substr(0, colon));
        const std::string_view value = trim(part.substr(colon + 1));
        if (key == "black" || key == "white") {
            auto& points = key == "black" ? black : white;
            if (points)
                return refuse(std::string(key) + " is given twice");
            auto parsed = parse_pos_moves(value);
            if (!parsed)
                return refuse(std::string(key) + ": " + parsed.error().message);
            points = std::move(*parsed);
        } else if (key == "to move") {
            if (to_move)
                return refuse("to move is given twice");
            if (value != "black" && value != "white")
                return refuse("to move must be black or white, not \"" + std::string(value) + "\"");
            to_move = value == "black" ? Color::Black : Color::White;
        } else {
            return refuse("unknown part \"" + std::string(key) + "\"");
        }
    }
    if (!black || !white || !to_move)
        return refuse("it must hold \"black: ...; white: ...; to move: ...\"");
    read.black = std::move(*black);
    read.white = std::move(*white);
    read.to_move = *to_move;
    setup = std::move(read);
    text = s.substr(close + 1);
    return std::nullopt;
}

} // namespace tengen::web
