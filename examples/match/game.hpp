#pragma once
/// \file
/// tengen_match: one game, played and recorded: its outcome, its CSV row and its .psq record.

#include "../common/files.hpp"
#include "../common/player.hpp"
#include "csv.hpp"
#include "elo.hpp"
#include "openings.hpp"
#include "settings.hpp"

#include <tengen/gomoku/record.hpp>
#include <tengen/tengen.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace tengen::examples {

// Seed streams, so that openings and the two players of a game never share a seed.
inline constexpr std::uint64_t opening_stream = 1;
inline constexpr std::uint64_t player_stream = 2;

/// What one side spent in one game.
struct SideTotals {
    int moves = 0;
    std::chrono::nanoseconds time{0};
    std::int64_t nodes = 0;
};

[[nodiscard]] inline std::size_t side_index(Color c) noexcept {
    return c == Color::Black ? 0 : 1;
}

/// One finished game.
struct GameOutcome {
    int number = 0; ///< 1-based
    Opening opening;
    bool a_is_black = true;
    std::optional<Color> winner;
    std::string reason;
    std::vector<Point> moves;                     ///< the whole game, opening included
    std::vector<std::chrono::milliseconds> times; ///< per move; 0 for opening stones
    std::array<SideTotals, 2> sides;              ///< by side_index

    [[nodiscard]] int engine_plies() const noexcept { return sides[0].moves + sides[1].moves; }
    /// A's points: 1 for a win, 1/2 for a draw, 0 for a loss.
    [[nodiscard]] double a_points() const noexcept {
        if (!winner)
            return 0.5;
        return (*winner == Color::Black) == a_is_black ? 1.0 : 0.0;
    }
    /// Counts this game in A's results: a win, a draw or a loss.
    void add_to(MatchCounts& a) const noexcept {
        if (!winner)
            ++a.draws;
        else if ((*winner == Color::Black) == a_is_black)
            ++a.wins;
        else
            ++a.losses;
    }
};

[[nodiscard]] inline std::string fixed(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

[[nodiscard]] inline double to_ms(std::chrono::nanoseconds t) noexcept {
    return std::chrono::duration<double, std::milli>(t).count();
}

[[nodiscard]] inline double per_move(double total, int moves) noexcept {
    return moves == 0 ? 0.0 : total / moves;
}

[[nodiscard]] inline std::string color_name(Color c) {
    return c == Color::Black ? "black" : "white";
}

// ---------------------------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------------------------

[[nodiscard]] inline std::string csv_header() {
    return csv_row({"game", "opening", "black", "white", "a_color", "winner", "reason", "plies",
                    "black_time_ms", "white_time_ms", "black_nodes", "white_nodes",
                    "black_ms_per_move", "white_ms_per_move", "black_nodes_per_move",
                    "white_nodes_per_move", "moves"});
}

[[nodiscard]] inline std::string csv_record(const MatchSettings& s, const GameOutcome& g) {
    constexpr int time_decimals = 3;
    constexpr int node_decimals = 1;
    const SideTotals& black = g.sides[side_index(Color::Black)];
    const SideTotals& white = g.sides[side_index(Color::White)];
    return csv_row({
        std::to_string(g.number),
        to_pos(std::span<const Point>(g.opening)),
        g.a_is_black ? s.a_text : s.b_text,
        g.a_is_black ? s.b_text : s.a_text,
        g.a_is_black ? "black" : "white",
        g.winner ? color_name(*g.winner) : "draw",
        g.reason,
        std::to_string(g.engine_plies()),
        fixed(to_ms(black.time), time_decimals),
        fixed(to_ms(white.time), time_decimals),
        std::to_string(black.nodes),
        std::to_string(white.nodes),
        fixed(per_move(to_ms(black.time), black.moves), time_decimals),
        fixed(per_move(to_ms(white.time), white.moves), time_decimals),
        fixed(per_move(static_cast<double>(black.nodes), black.moves), node_decimals),
        fixed(per_move(static_cast<double>(white.nodes), white.moves), node_decimals),
        to_pos(std::span<const Point>(g.moves)),
    });
}

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

/// Writes game `g` to `dir`/game-N.psq (Piskvork format): the moves with the milliseconds each
/// took (0 for opening stones), and the players as "A: spec" and "B: spec". With --pictures
/// also game-N.svg and game-N.html: the final board with numbered stones.
template <RulePolicy Rule> void write_record(const MatchSettings& s, const GameOutcome& g) {
    GameRecord record;
    record.width = s.size;
    record.height = s.size;
    record.moves = g.moves;
    record.times = g.times;
    record.black_name = g.a_is_black ? "A: " + s.a_meaning : "B: " + s.b_meaning;
    record.white_name = g.a_is_black ? "B: " + s.b_meaning : "A: " + s.a_meaning;
    const auto write = [](const std::string& path, const std::string& text) {
        if (!examples::write_file(path, text))
            throw std::runtime_error("cannot write " + path);
    };
    const std::filesystem::path stem =
        std::filesystem::path(s.records_dir) / ("game-" + std::to_string(g.number));
    write(stem.string() + ".psq", write_psq(record));
    if (!s.pictures)
        return;
    Board<Rule> board(s.size);
    if (auto error = load_record(board, record))
        throw std::runtime_error("game " + std::to_string(g.number) + ": " + error->message);
    SvgOptions options;
    options.black_name = record.black_name;
    options.white_name = record.white_name;
    options.title = "tengen_match game " + std::to_string(g.number);
    write(stem.string() + ".svg", to_svg(board, options));
    write(stem.string() + ".html", to_html(board, options));
}

// ---------------------------------------------------------------------------------------------
// Playing
// ---------------------------------------------------------------------------------------------

/// The opening of game `index` (0-based): games 2k and 2k+1 share opening k.
template <RulePolicy Rule> [[nodiscard]] Opening opening_of(const MatchSettings& s, int index) {
    const int pair = index / 2;
    if (!s.openings.empty())
        return s.openings[static_cast<std::size_t>(pair) % s.openings.size()];
    auto opening = random_balanced_opening<Rule>(
        s.size, s.size, derive_seed(s.seed, opening_stream, static_cast<std::uint64_t>(pair)),
        s.balance);
    if (!opening)
        throw std::runtime_error(opening.error().message +
                                 " (try fewer --opening-stones or an --openings file)");
    return std::move(*opening);
}

/// Plays game `index` (0-based) from start to end on a board and with players of its own.
template <RulePolicy Rule> [[nodiscard]] GameOutcome play_game(const MatchSettings& s, int index) {
    GameOutcome g;
    g.number = index + 1;
    g.a_is_black = index % 2 == 0;
    g.opening = opening_of<Rule>(s, index);

    Board<Rule> board(s.size);
    if (auto error = place_opening(board, g.opening))
        throw std::runtime_error("game " + std::to_string(g.number) + ": " + error->message);
    g.moves = g.opening;
    g.times.assign(g.opening.size(), std::chrono::milliseconds(0));

    PlayerConfig black_config = g.a_is_black ? s.a : s.b;
    PlayerConfig white_config = g.a_is_black ? s.b : s.a;
    const auto seed_index = 2 * static_cast<std::uint64_t>(index);
    black_config.seed = derive_seed(s.seed, player_stream, seed_index);
    white_config.seed = derive_seed(s.seed, player_stream, seed_index + 1);
    // Fresh searchers for every game: nothing learnt in one game may change another, or the
    // results would depend on which thread played what. Within a game each keeps its table
    // from move to move, as pbrain-tengen does: choose_move is what every front-end plays.
    GomokuSearcher black = searcher_for(black_config);
    GomokuSearcher white = searcher_for(white_config);

    while (!board.result().is_over()) {
        const Color mover = board.side_to_move();
        const bool black_moves = mover == Color::Black;
        const auto start = std::chrono::steady_clock::now();
        const Choice choice = choose_move(board, black_moves ? black : white,
                                          black_moves ? black_config : white_config);
        const SearchResult<Point>& result = choice.search;
        const auto elapsed = std::chrono::steady_clock::now() - start;
        SideTotals& totals = g.sides[side_index(mover)];
        ++totals.moves;
        totals.time += elapsed;
        totals.nodes += result.stats.nodes;
        if (!choice.move || board.check_move(*choice.move) != MoveError::None) {
            // Cannot happen with tengen's players; judged as a loss rather than trusted.
            g.winner = opponent(mover);
            g.reason = "illegal move";
            return g;
        }
        board.play(*choice.move);
        g.moves.push_back(*choice.move);
        g.times.push_back(std::chrono::duration_cast<std::chrono::milliseconds>(elapsed));
    }
    g.winner = board.result().winner;
    g.reason = std::string(to_string(board.result().reason));
    return g;
}

} // namespace tengen::examples
