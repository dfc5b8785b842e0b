// tengen_match: plays a match between two engine configurations and reports the score and the
// Elo difference. See docs/match.md for the flags, the CSV columns and the statistics.
//
//   tengen_match --a ab:depth=4 --b greedy --games 100 --rule renju --concurrency 2 --csv out.csv
//
// Every opening is played twice, A with Black first, then B with Black. Openings come from a file
// or are drawn at random from the seed; every seed a game uses is derived from the match seed and
// the game's number, so with depth or node limits the results do not depend on --concurrency.

#include "common/files.hpp"
#include "common/player.hpp"
#include "common/terminal.hpp"
#include "match/csv.hpp"
#include "match/elo.hpp"
#include "match/openings.hpp"

#include <tengen/gomoku/record.hpp>
#include <tengen/tengen.hpp>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <mutex>
#include <optional>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace tengen;
using namespace tengen::examples;
using Clock = std::chrono::steady_clock;

// Exit codes: 0 a match was played, 1 it failed while running (I/O, no balanced opening), 2 the
// command line was wrong.
constexpr int exit_failure = 1;
constexpr int exit_usage = 2;

/// What the transposition tables of the games played at once may take by default (MiB): 64 games
/// of α-β players with the default 16 MiB table.
constexpr std::size_t default_table_memory_megabytes = 1024;

// Seed streams, so that openings and the two players of a game never share a seed.
constexpr std::uint64_t opening_stream = 1;
constexpr std::uint64_t player_stream = 2;

/// Everything the command line decides.
struct MatchSettings {
    std::string a_text = "ab:depth=4";
    std::string b_text = "greedy";
    PlayerConfig a;
    PlayerConfig b;
    std::string a_meaning; ///< what a_text means (describe_player), for the summary and records
    std::string b_meaning;
    std::string rule_name = "freestyle";
    RuleSpec rule;
    int size = 15;
    int games = 10;
    std::uint64_t seed = 1;
    int concurrency = 1;
    /// The most the tables of the games played at once may take (MiB, --table-memory).
    std::size_t table_memory = default_table_memory_megabytes;
    int workers = 1; ///< games played at once: concurrency, lowered to the games and the memory
    std::string openings_path; ///< empty: random balanced openings
    std::vector<Opening> openings;
    BalanceOptions balance;
    std::string csv_path;
    std::string records_dir;
    std::string write_openings_path; ///< write the openings here and play nothing
    bool pictures = false;           ///< with records: also game-N.svg and game-N.html
    bool quiet = false;
};

/// The transposition table player `p` allocates for a game (MiB): its hash= size for α-β, none
/// for Greedy.
[[nodiscard]] std::size_t table_megabytes(const PlayerConfig& p) noexcept {
    return p.kind == PlayerConfig::Kind::AlphaBeta ? p.hash_megabytes : 0;
}

/// The tables of one game: A's and B's.
[[nodiscard]] std::size_t game_table_megabytes(const MatchSettings& s) noexcept {
    return table_megabytes(s.a) + table_megabytes(s.b);
}

/// "96 MiB (A 64 MiB, B 32 MiB)": one game's tables, for messages.
[[nodiscard]] std::string game_tables_text(const MatchSettings& s) {
    return std::to_string(game_table_megabytes(s)) + " MiB (A " +
           std::to_string(table_megabytes(s.a)) + " MiB, B " +
           std::to_string(table_megabytes(s.b)) + " MiB)";
}

/// What one side spent in one game.
struct SideTotals {
    int moves = 0;
    std::chrono::nanoseconds time{0};
    std::int64_t nodes = 0;
};

[[nodiscard]] std::size_t side_index(Color c) noexcept {
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

[[nodiscard]] std::string fixed(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

[[nodiscard]] double to_ms(std::chrono::nanoseconds t) noexcept {
    return std::chrono::duration<double, std::milli>(t).count();
}

[[nodiscard]] double per_move(double total, int moves) noexcept {
    return moves == 0 ? 0.0 : total / moves;
}

[[nodiscard]] std::string color_name(Color c) {
    return c == Color::Black ? "black" : "white";
}

// ---------------------------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------------------------

[[nodiscard]] std::string csv_header() {
    return csv_row({"game", "opening", "black", "white", "a_color", "winner", "reason", "plies",
                    "black_time_ms", "white_time_ms", "black_nodes", "white_nodes",
                    "black_ms_per_move", "white_ms_per_move", "black_nodes_per_move",
                    "white_nodes_per_move", "moves"});
}

[[nodiscard]] std::string csv_record(const MatchSettings& s, const GameOutcome& g) {
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
        const auto start = Clock::now();
        const Choice choice = choose_move(board, black_moves ? black : white,
                                          black_moves ? black_config : white_config);
        const SearchResult<Point>& result = choice.search;
        const auto elapsed = Clock::now() - start;
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

// ---------------------------------------------------------------------------------------------
// Progress and output
// ---------------------------------------------------------------------------------------------

/// Collects finished games from every worker: writes the CSV in game order as soon as the rows
/// before are known, and shows the progress.
class MatchLog {
public:
    MatchLog(const MatchSettings& settings, std::ostream* csv)
        : settings_(settings), csv_(csv), outcomes_(static_cast<std::size_t>(settings.games)),
          terminal_(!settings.quiet && examples::is_terminal(stderr)) {
        if (csv_) {
            *csv_ << csv_header() << std::flush;
            check_csv();
        }
        if (terminal_)
            draw_bar();
    }

    /// Takes a finished game (from any thread).
    void add(GameOutcome outcome) {
        const std::lock_guard lock(mutex_);
        ++finished_;
        outcome.add_to(running_);
        if (!settings_.quiet && !terminal_)
            std::cerr << describe(outcome) << '\n';
        outcomes_[static_cast<std::size_t>(outcome.number - 1)] = std::move(outcome);
        while (next_row_ < outcomes_.size() && outcomes_[next_row_]) {
            if (csv_) {
                *csv_ << csv_record(settings_, *outcomes_[next_row_]) << std::flush;
                if (check_csv())
                    ++csv_rows_;
            }
            ++next_row_;
        }
        if (terminal_)
            draw_bar();
    }

    /// Ends the progress bar's line.
    void finish() {
        if (terminal_)
            std::cerr << '\n';
    }

    /// True if a CSV write failed (the rows after it were not written). Precondition: no game
    /// is being added.
    [[nodiscard]] bool csv_failed() const noexcept { return csv_failed_; }
    /// The CSV rows written (the header not counted). Precondition: as for csv_failed.
    [[nodiscard]] int csv_rows() const noexcept { return csv_rows_; }

    /// The finished games in order. Precondition: every game has finished.
    [[nodiscard]] std::vector<GameOutcome> outcomes() const {
        std::vector<GameOutcome> all;
        for (const auto& g : outcomes_)
            all.push_back(*g);
        return all;
    }

private:
    /// After a CSV write: true if it succeeded. On the first failure, says so on stderr at once
    /// and writes no more to the file; the match goes on and its summary is still printed.
    bool check_csv() {
        if (*csv_)
            return true;
        csv_ = nullptr;
        csv_failed_ = true;
        if (terminal_)
            std::cerr << '\n';
        std::cerr << "tengen_match: error: cannot write " << settings_.csv_path << " after "
                  << csv_rows_ << " of " << settings_.games
                  << " rows; no more rows are written to it, the match goes on" << std::endl;
        return false;
    }

    /// The time the games left should take at the pace so far: "1h02m", "12m05s", "40s".
    [[nodiscard]] std::string eta_text() const {
        using namespace std::chrono;
        const auto elapsed = duration_cast<seconds>(steady_clock::now() - started_);
        const auto left = elapsed * (settings_.games - finished_) / finished_;
        const auto two_digits = [](long long v) { return (v < 10 ? "0" : "") + std::to_string(v); };
        const long long h = duration_cast<hours>(left).count();
        const long long m = duration_cast<minutes>(left).count() % 60;
        const long long sec = left.count() % 60;
        if (h > 0)
            return std::to_string(h) + "h" + two_digits(m) + "m";
        if (m > 0)
            return std::to_string(m) + "m" + two_digits(sec) + "s";
        return std::to_string(sec) + "s";
    }

    [[nodiscard]] std::string tally() const {
        return "A +" + std::to_string(running_.wins) + " -" + std::to_string(running_.losses) +
               " =" + std::to_string(running_.draws);
    }

    [[nodiscard]] std::string describe(const GameOutcome& g) const {
        std::string text = "game " + std::to_string(g.number) + "/" +
                           std::to_string(settings_.games) + ": A (" +
                           (g.a_is_black ? "black" : "white") + ") ";
        if (!g.winner)
            text += "draws";
        else
            text += (*g.winner == Color::Black) == g.a_is_black ? "wins" : "loses";
        text += " (" + g.reason + ", " + std::to_string(g.engine_plies()) + " plies); " + tally();
        return text;
    }

    void draw_bar() const {
        constexpr int bar_width = 30;
        const int filled = settings_.games == 0 ? 0 : bar_width * finished_ / settings_.games;
        const EloEstimate e = estimate_elo(running_);
        constexpr double percent = 100.0;
        std::cerr << "\r[" << std::string(static_cast<std::size_t>(filled), '#')
                  << std::string(static_cast<std::size_t>(bar_width - filled), '.') << "] "
                  << finished_ << "/" << settings_.games << "  " << tally();
        if (finished_ > 0) {
            std::cerr << "  " << fixed(e.score * percent, 1) << "%  Elo " << format_elo(e.elo);
            if (finished_ < settings_.games)
                std::cerr << "  ETA " << eta_text();
        }
        std::cerr << "   " << std::flush;
    }

    const MatchSettings& settings_;
    std::ostream* csv_; ///< nullptr without --csv and after a failed write
    bool csv_failed_ = false;
    int csv_rows_ = 0;
    std::vector<std::optional<GameOutcome>> outcomes_;
    bool terminal_;
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
    std::mutex mutex_;
    int finished_ = 0;
    std::size_t next_row_ = 0;
    MatchCounts running_;
};

/// What the games' tables took: per game, how many games at once, at most in all.
[[nodiscard]] std::string tables_summary(const MatchSettings& s) {
    if (game_table_megabytes(s) == 0)
        return "none (no alpha-beta player)";
    return game_tables_text(s) + " a game, " + std::to_string(s.workers) +
           (s.workers == 1 ? " game" : " games") + " at once: at most " +
           std::to_string(game_table_megabytes(s) * static_cast<std::size_t>(s.workers)) + " MiB";
}

void print_summary(const MatchSettings& s, const std::vector<GameOutcome>& games) {
    MatchCounts a;
    std::array<int, 2> wins_by_colour{};
    SideTotals a_totals;
    SideTotals b_totals;
    for (const GameOutcome& g : games) {
        g.add_to(a);
        if (g.winner)
            ++wins_by_colour[side_index(*g.winner)];
        const Color a_color = g.a_is_black ? Color::Black : Color::White;
        const SideTotals& a_side = g.sides[side_index(a_color)];
        const SideTotals& b_side = g.sides[side_index(opponent(a_color))];
        for (auto [to, from] : {std::pair{&a_totals, &a_side}, std::pair{&b_totals, &b_side}}) {
            to->moves += from->moves;
            to->time += from->time;
            to->nodes += from->nodes;
        }
    }
    const EloEstimate e = estimate_elo(a);
    constexpr double percent = 100.0;
    const auto per_move_text = [](const SideTotals& t) {
        constexpr int time_decimals = 3;
        constexpr int node_decimals = 1;
        return fixed(per_move(to_ms(t.time), t.moves), time_decimals) + " ms, " +
               fixed(per_move(static_cast<double>(t.nodes), t.moves), node_decimals) + " nodes";
    };
    std::cout << "Match: " << s.rule_name << " " << s.size << "x" << s.size << ", " << s.games
              << " games, "
              << (s.openings.empty()
                      ? "random balanced openings of " + std::to_string(s.balance.shape.stones) +
                            " stones"
                      : std::to_string(s.openings.size()) + " openings from " + s.openings_path)
              << ", seed " << s.seed << "\n"
              << "A: " << s.a_meaning << "\n"
              << "B: " << s.b_meaning << "\n"
              << "Tables: " << tables_summary(s) << "\n"
              << "Score of A vs B: " << a.wins << " wins, " << a.losses << " losses, " << a.draws
              << " draws (" << fixed(e.score * percent, 1) << "%)\n"
              << "Elo difference of A: " << format_elo(e.elo) << ", 95% CI [" << format_elo(e.lower)
              << ", " << format_elo(e.upper) << "]\n"
              << "Black won " << wins_by_colour[0] << ", White won " << wins_by_colour[1]
              << ", draws " << a.draws << "\n"
              << "Per move: A " << per_move_text(a_totals) << "; B " << per_move_text(b_totals)
              << "\n";
}

/// Plays the whole match under `Rule`; returns the exit code.
/// --write-openings: the openings the match would play, one pos string a line (what
/// --openings and c-gomoku-cli's type=pos read), written instead of playing.
template <RulePolicy Rule> int write_openings(const MatchSettings& s) {
    const int pairs = (s.games + 1) / 2;
    std::string text;
    try {
        for (int pair = 0; pair < pairs; ++pair)
            text += to_pos(std::span<const Point>(opening_of<Rule>(s, 2 * pair))) + "\n";
    } catch (const std::exception& e) {
        std::cerr << "tengen_match: error: " << e.what() << '\n';
        return exit_failure;
    }
    if (!examples::write_file(s.write_openings_path, text)) {
        std::cerr << "tengen_match: error: cannot write " << s.write_openings_path << '\n';
        return exit_failure;
    }
    std::cout << "Wrote " << pairs << " openings (" << s.rule_name << " " << s.size << "x" << s.size
              << ", the openings of " << s.games << " games, seed " << s.seed << ") to "
              << s.write_openings_path << "\n";
    return 0;
}

template <RulePolicy Rule> int run_match(const MatchSettings& s) {
    std::ofstream csv_file;
    if (!s.csv_path.empty()) {
        csv_file.open(s.csv_path);
        if (!csv_file) {
            std::cerr << "tengen_match: error: cannot write " << s.csv_path << '\n';
            return exit_failure;
        }
    }
    MatchLog log(s, s.csv_path.empty() ? nullptr : &csv_file);

    std::atomic<int> next_game{0};
    std::atomic<bool> failed{false};
    std::mutex error_mutex;
    std::string first_error;
    const auto worker = [&] {
        while (!failed.load()) {
            const int index = next_game.fetch_add(1);
            if (index >= s.games)
                return;
            try {
                GameOutcome outcome = play_game<Rule>(s, index);
                if (!s.records_dir.empty())
                    write_record<Rule>(s, outcome);
                log.add(std::move(outcome));
            } catch (const std::exception& error) {
                const std::lock_guard lock(error_mutex);
                if (!failed.exchange(true))
                    first_error = error.what();
                return;
            }
        }
    };
    std::vector<std::thread> threads;
    for (int i = 0; i < s.workers; ++i)
        threads.emplace_back(worker);
    for (std::thread& t : threads)
        t.join();
    log.finish();

    if (failed) {
        std::cerr << "tengen_match: error: " << first_error << '\n';
        return exit_failure;
    }
    print_summary(s, log.outcomes());
    if (log.csv_failed()) {
        std::cerr << "tengen_match: error: " << s.csv_path << " is incomplete: " << log.csv_rows()
                  << " of " << s.games << " rows written\n";
        return exit_failure;
    }
    return 0;
}

// ---------------------------------------------------------------------------------------------
// Command line
// ---------------------------------------------------------------------------------------------

/// Checks what CLI11 cannot: player specs, rule, size and the openings. An error message or
/// nothing; fills the parsed fields of `s`.
template <RulePolicy Rule> [[nodiscard]] std::optional<std::string> check_board(MatchSettings& s) {
    if (auto error = Board<Rule>::check_size(s.size, s.size))
        return "--size: " + error->message;
    if (s.openings_path.empty())
        return std::nullopt;
    // A bound, and a regular file only: /dev/zero would be read without end, a FIFO would block.
    constexpr std::size_t max_openings_bytes = 16 * examples::file_mebibyte;
    const auto text = read_bounded_file(s.openings_path, max_openings_bytes);
    if (!text)
        return "--openings: cannot read " + s.openings_path + ": " + text.error().message;
    std::istringstream in(*text);
    auto openings = read_openings(in, s.size, s.size);
    if (!openings)
        return "--openings: " + s.openings_path + ": " + openings.error().message;
    Board<Rule> board(s.size);
    for (std::size_t i = 0; i < openings->size(); ++i) {
        if (auto error = place_opening(board, (*openings)[i]))
            return "--openings: " + s.openings_path + ": opening " + std::to_string(i + 1) + ": " +
                   error->message;
        board.clear();
    }
    s.openings = std::move(*openings);
    return std::nullopt;
}

[[nodiscard]] std::optional<std::string> check_settings(MatchSettings& s) {
    const auto a = parse_player(s.a_text);
    if (!a)
        return "--a: " + a.error().message;
    const auto b = parse_player(s.b_text);
    if (!b)
        return "--b: " + b.error().message;
    s.a = *a;
    s.b = *b;
    s.a_meaning = describe_player(s.a_text, s.a);
    s.b_meaning = describe_player(s.b_text, s.b);
    const auto rule = rule_from_string(s.rule_name);
    if (!rule)
        return "--rule: " + rule.error().message;
    s.rule = *rule;
    if (auto error = visit_rule(
            s.rule, [&](auto tag) { return check_board<typename decltype(tag)::type>(s); }))
        return error;
    const std::size_t per_game = game_table_megabytes(s);
    if (per_game > s.table_memory)
        return "--table-memory: the tables of one game take " + game_tables_text(s) +
               ", more than the " + std::to_string(s.table_memory) +
               " MiB allowed; lower the players' hash= or raise --table-memory";
    s.workers = std::min(s.concurrency, s.games);
    if (per_game > 0)
        s.workers = static_cast<int>(
            std::min(static_cast<std::size_t>(s.workers), s.table_memory / per_game));
    if (!s.records_dir.empty()) {
        std::error_code error;
        std::filesystem::create_directories(s.records_dir, error);
        if (error)
            return "--records: cannot create " + s.records_dir + ": " + error.message();
    }
    return std::nullopt;
}

/// The text after the flags in --help: player specifications, openings, exit codes.
[[nodiscard]] std::string help_footer(const BalanceOptions& balance) {
    return R"(Player specifications (--a, --b):
  greedy          one-ply greedy: the best move by threat patterns
  greedy:N        greedy choosing at random among the best N moves (seeded per game)
  runlength       the tutorials' run-length scorer: run lengths and open ends per direction,
                  attack x 1.1 + defence, the first best cell (a yardstick; no search)
  ab:LIMITS       alpha-beta with comma-separated limits, the first reached stops the search:
                  depth=PLIES, nodes=N, time=MS, hash=MB (transposition table, default 16)
                  e.g. ab:depth=4   ab:nodes=100000,time=500
  ab              alpha-beta with one second per move
  1..7            strength levels: 1 greedy:4, 2 greedy, 3 ab:depth=2, 4 ab:depth=4,
                  5 ab:nodes=1000000, 6 ab:time=1000, 7 ab:time=5000
Only depth and node limits give reproducible games.

Openings file (--openings): one opening per line, either centre offsets "dx,dy, dx,dy, ..."
(x = dx + size/2, y = dy + size/2, y downwards; Gomocup / c-gomoku-cli format) or a pos string
such as "h8i9j7"; Black's stone first; blank lines and lines starting with # are skipped.
Openings are used in file order, each twice with colours swapped, and reused from the top when
the file has fewer than games/2.

Random openings (without --openings): --opening-stones stones within )" +
           std::to_string(balance.shape.radius) +
           R"( points of the centre,
redrawn until balanced: the game goes on, nobody can make five, |evaluation| <= )" +
           std::to_string(balance.max_evaluation) + R"( for the side to move,
neither side has a VCF, and a search of --balance-nodes nodes values it within +-)" +
           std::to_string(balance.max_search_value) + R"(.

Exit codes: 0 match played, 1 failure while playing, 2 bad command line. See docs/match.md.)";
}

} // namespace

int main(int argc, char** argv) {
    MatchSettings s;
    constexpr int max_games = 1'000'000;
    constexpr int max_concurrency = 1024;
    constexpr int max_opening_stones = 100;
    constexpr std::size_t max_table_memory = std::size_t{1} << 20; // MiB: a tebibyte
    CLI::App app{"tengen_match: plays a match between two engine configurations (A and B) and "
                 "reports A's score and Elo difference with a 95% confidence interval.",
                 "tengen_match"};
    app.footer(help_footer(s.balance));
    app.add_option("-a,--a", s.a_text, "Player A's specification (see below)")
        ->type_name("SPEC")
        ->capture_default_str();
    app.add_option("-b,--b", s.b_text, "Player B's specification (see below)")
        ->type_name("SPEC")
        ->capture_default_str();
    app.add_option("-n,--games", s.games,
                   "Number of games; each opening is played twice, A with Black first")
        ->type_name("N")
        ->check(CLI::Range(1, max_games))
        ->capture_default_str();
    app.add_option("-r,--rule", s.rule_name,
                   "Rule: freestyle, standard, renju, caro, or k3..k6 (k-in-a-row)")
        ->type_name("NAME")
        ->capture_default_str();
    app.add_option("-s,--size", s.size, "Board size: the board is N x N points")
        ->type_name("N")
        ->capture_default_str();
    auto* openings =
        app.add_option("-o,--openings", s.openings_path,
                       "Openings file, one per line (see below); default: random balanced openings")
            ->type_name("FILE");
    app.add_option("--opening-stones", s.balance.shape.stones,
                   "Stones in each random opening (without --openings)")
        ->type_name("N")
        ->check(CLI::Range(0, max_opening_stones))
        ->capture_default_str()
        ->excludes(openings);
    app.add_option("--balance-nodes", s.balance.search_nodes,
                   "Nodes of the alpha-beta search that judges each random opening (its value "
                   "must be within +-" +
                       std::to_string(s.balance.max_search_value) + "); 0: the static tests only")
        ->type_name("N")
        ->check(CLI::Range(std::int64_t{0}, std::numeric_limits<std::int64_t>::max()))
        ->capture_default_str()
        ->excludes(openings);
    app.add_option("--seed", s.seed,
                   "Seed of the random openings and of greedy:N players' choices; games depend "
                   "only on it and their number")
        ->type_name("N")
        ->capture_default_str();
    app.add_option("-j,--concurrency", s.concurrency, "Games played at the same time (threads)")
        ->type_name("N")
        ->check(CLI::Range(1, max_concurrency))
        ->capture_default_str();
    app.add_option("--table-memory", s.table_memory,
                   "The most the transposition tables of the games played at once may take, in "
                   "MiB; --concurrency is lowered to fit")
        ->type_name("MB")
        ->check(CLI::Range(std::size_t{1}, max_table_memory))
        ->capture_default_str();
    app.add_option("--csv", s.csv_path, "Write one CSV row per game to FILE (see docs/match.md)")
        ->type_name("FILE");
    app.add_option("--records", s.records_dir,
                   "Write every game to DIR/game-N.psq (N from 1; Piskvork format, times in ms)")
        ->type_name("DIR");
    app.add_flag("--pictures", s.pictures,
                 "With --records, also write DIR/game-N.svg and DIR/game-N.html: the final "
                 "board with numbered stones")
        ->needs("--records");
    app.add_option("--write-openings", s.write_openings_path,
                   "Write the openings of the match to FILE, one pos string a line, and play "
                   "nothing (for --openings, or for c-gomoku-cli: see docs/match.md)")
        ->type_name("FILE");
    app.add_flag("-q,--quiet", s.quiet, "No progress on stderr (the summary is still printed)");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        // --help prints and exits with 0; every real parse error is a usage error.
        return app.exit(error) == 0 ? 0 : exit_usage;
    }
    if (auto error = check_settings(s)) {
        std::cerr << "tengen_match: error: " << *error
                  << "\nRun with --help for more information.\n";
        return exit_usage;
    }
    if (s.workers < std::min(s.concurrency, s.games))
        std::cerr << "tengen_match: note: --concurrency " << s.concurrency << " lowered to "
                  << s.workers << ": the tables of one game take " << game_tables_text(s)
                  << " and --table-memory allows " << s.table_memory << " MiB in all\n";
    if (!s.write_openings_path.empty())
        return visit_rule(
            s.rule, [&](auto tag) { return write_openings<typename decltype(tag)::type>(s); });
    return visit_rule(s.rule, [&](auto tag) { return run_match<typename decltype(tag)::type>(s); });
}
