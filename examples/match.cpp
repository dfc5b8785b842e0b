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
#include "match/game.hpp"
#include "match/log.hpp"
#include "match/openings.hpp"
#include "match/settings.hpp"
#include "match/sprt.hpp"

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

// Exit codes: 0 a match was played, 1 it failed while running (I/O, no balanced opening), 2 the
// command line was wrong.
constexpr int exit_failure = 1;
constexpr int exit_usage = 2;

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

/// Plays the whole match under `Rule`; returns the exit code.
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
        while (!failed.load() && !log.stopped()) {
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
    print_summary(s, log);
    const auto played = static_cast<int>(log.outcomes().size());
    if (log.csv_failed()) {
        std::cerr << "tengen_match: error: " << s.csv_path << " is incomplete: " << log.csv_rows()
                  << " of " << played << " rows written\n";
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
    if (s.balance.balance_stones > s.balance.shape.stones)
        return "--balance-stones: " + std::to_string(s.balance.balance_stones) +
               " is more than the opening's " + std::to_string(s.balance.shape.stones) +
               " stones (--opening-stones)";
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
[[nodiscard]] std::string help_footer(const BalanceCheck& balance) {
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
    // Enough for a test of a few Elo; --games raises or lowers it.
    constexpr int sprt_default_games = 20'000;
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
    std::vector<double> sprt_elos;
    SprtHypotheses sprt;
    auto* sprt_option =
        app.add_option("--sprt", sprt_elos,
                       "Sequential test of H0 'A gains at most ELO0' against H1 'A gains at least "
                       "ELO1' over colour-swapped pairs: the match stops when it decides, "
                       "--games being the most it plays (default " +
                           std::to_string(sprt_default_games) + ")")
            ->type_name("ELO0,ELO1")
            ->delimiter(',')
            ->expected(2);
    app.add_option("--alpha", sprt.alpha, "With --sprt: the chance of accepting H1 wrongly")
        ->type_name("P")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str()
        ->needs(sprt_option);
    app.add_option("--beta", sprt.beta, "With --sprt: the chance of accepting H0 wrongly")
        ->type_name("P")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str()
        ->needs(sprt_option);
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
    app.add_option("--balance-stones", s.balance.balance_stones,
                   "The last 1 or 2 stones of each random opening placed by the engine's balance "
                   "search (--balance-nodes nodes a search) instead of drawn; 0: all drawn")
        ->type_name("N")
        ->check(CLI::Range(0, BalanceCheck::max_balance_stones))
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
    if (!sprt_elos.empty()) {
        sprt.elo0 = sprt_elos[0];
        sprt.elo1 = sprt_elos[1];
        if (auto error = sprt.check()) {
            std::cerr << "tengen_match: error: --sprt: " << *error
                      << "\nRun with --help for more information.\n";
            return exit_usage;
        }
        s.sprt = sprt;
        if (app.count("--games") == 0)
            s.games = sprt_default_games;
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
