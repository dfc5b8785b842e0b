// tengen-reversi (target tengen_reversi): Reversi in the terminal on tengen's search core. Play
// against the engine with either colour, let two humans share the keyboard, or watch two engines;
// `perft N` counts the game tree from the start position and reports the speed.
//
//   tengen_reversi                          you are Black against level 5
//   tengen_reversi --you white --level 7 --time 2000
//   tengen_reversi --you none --black-level 2 --white-level 6
//   tengen_reversi perft 9
//
// At the prompt: a move (d3: column a-h, row 1-8 from the top), `undo`, `moves`, `help`, `quit`.
// A side without a move passes by itself. Input may be piped (each prompt then echoes what it
// read); the end of input ends the program with status 0. docs/reversi.md has the details.

#include "common/reversi_levels.hpp"
#include "common/terminal.hpp"

#include <tengen/reversi/game.hpp>
#include <tengen/tengen.hpp>

#include <CLI/CLI.hpp>
#include <array>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace tengen;
using Clock = std::chrono::steady_clock;

/// The strongest level, and the default one (depth 6 with the solver: a second or less a move).
constexpr int max_level = examples::reversi_level_count;
constexpr int default_level = 5;
/// Thinking time per move of the timed level, in milliseconds.
constexpr int default_time_ms = 1000;
/// Exit status of flags that CLI11 accepts but that do not fit together.
constexpr int usage_error = 2;
/// The deepest `perft N` accepted. The tree grows about ninefold a ply: on one core of the
/// development machine (RelWithDebInfo) depth 11 takes 1.1 s, 12 takes 9.5 s, 13 takes 86 s and
/// 14 would take some 13 minutes, so deeper requests are refused rather than left to run.
constexpr int max_perft_depth = 12;

using Level = examples::ReversiLevel;
constexpr const auto& levels = examples::reversi_levels;

struct Options {
    std::array<bool, 2> engine{false, true}; ///< per colour (index_of): an engine plays it
    std::array<int, 2> level{default_level, default_level};
    int time_ms = default_time_ms;
    std::uint64_t seed = 0;
    std::string opening;
};

/// `v` with its sign: +32, -8, 0.
std::string signed_text(int v) {
    return (v > 0 ? "+" : "") + std::to_string(v);
}

void show(const ReversiBoard& board) {
    std::cout << '\n' << to_text(board, board.legal_moves());
    std::cout << "Black (X) " << board.disc_count(Color::Black) << ", White (O) "
              << board.disc_count(Color::White) << "\n";
}

/// Chooses the engine's move for the side to move; prints what it did.
ReversiMove engine_move(ReversiBoard& board, int level_number, const Options& options,
                        std::mt19937_64& rng) {
    const Level& level = levels[static_cast<std::size_t>(level_number - 1)];
    const auto start = Clock::now();
    ReversiMove move;
    std::string detail;
    if (level.solver_empties > 0 && board.empty_count() <= level.solver_empties) {
        const EndgameResult solved = solve_endgame(board);
        move = solved.best_move;
        // The score as the federation counts it; the discs on the board differ from it when
        // the best line ends with empty squares, which go to the winner.
        detail = "solved: final score " + signed_text(solved.score);
        if (solved.disc_difference != solved.score)
            detail += " (" + signed_text(solved.disc_difference) +
                      " in discs, the empty squares to the winner)";
        detail += ", " + std::to_string(solved.nodes) + " nodes";
    } else if (level.greedy) {
        ReversiGame game(board, ReversiOptions{{}, *level.greedy});
        Greedy<ReversiGame> greedy(GreedyOptions{level.greedy_choices, rng()});
        const auto result = greedy.search(game);
        move = *result.best_move;
        detail = "greedy, score " + std::to_string(result.value);
    } else {
        ReversiGame game(board);
        SearchLimits limits;
        if (level.depth > 0)
            limits.max_depth = level.depth;
        else
            limits.max_time = std::chrono::milliseconds(options.time_ms);
        AlphaBeta<ReversiGame> search;
        const auto result = search.search(game, limits);
        move = *result.best_move;
        detail = "depth " + std::to_string(result.depth) + ", value " +
                 describe_value(result.value) + ", " + std::to_string(result.stats.nodes) +
                 " nodes";
    }
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    std::cout << capitalized(to_string(board.side_to_move())) << " (level " << level_number
              << ") plays " << to_string(move) << ": " << detail << ", " << ms << " ms\n";
    return move;
}

void print_help() {
    std::cout
        << "Commands: a move such as d3 (column a-h, row 1-8 from the top), undo (take back\n"
           "your last move), moves (the game so far), help, quit. Legal moves are marked *.\n";
}

/// Takes back moves until a human is to move again, at least one human move undone.
bool undo_to_human(ReversiBoard& board, const Options& options) {
    bool undone_human = false;
    while (board.ply() > 0) {
        board.undo();
        const bool human = !options.engine[index_of(board.side_to_move())];
        const bool was_pass = board.must_pass();
        if (human && !was_pass) {
            undone_human = true;
            break;
        }
    }
    return undone_human;
}

int play(const Options& options) {
    ReversiBoard board;
    if (!options.opening.empty()) {
        if (const auto played = play_reversi_moves(board, options.opening); !played) {
            std::cerr << "--moves: " << played.error().message << "\n";
            return usage_error;
        }
    }
    std::mt19937_64 rng(options.seed);
    const bool echo = !examples::is_terminal(stdin);
    show(board);
    for (;;) {
        if (board.is_game_over()) {
            // The result as the World Othello Federation records it: a game that ends with
            // empty squares gives them to the winner, or shares them on a draw.
            const int black = board.final_count(Color::Black);
            const int white = board.final_count(Color::White);
            std::cout << "game over: Black " << black << ", White " << white;
            if (const int empty = board.empty_count(); empty > 0)
                std::cout << " (" << board.disc_count(Color::Black) << "-"
                          << board.disc_count(Color::White) << " on the board, "
                          << (empty == 1 ? std::string("the empty square")
                                         : "the " + std::to_string(empty) + " empty squares")
                          << (black == white ? " shared" : " to the winner") << ")";
            std::cout << ": "
                      << (black == white ? std::string("a draw")
                                         : capitalized(to_string(black > white ? Color::Black
                                                                               : Color::White)) +
                                               " wins")
                      << "\n";
            return 0;
        }
        const Color side = board.side_to_move();
        if (board.must_pass()) {
            std::cout << capitalized(to_string(side)) << " has no move and passes\n";
            board.play(ReversiMove::pass());
            continue;
        }
        if (options.engine[index_of(side)]) {
            board.play(engine_move(board, options.level[index_of(side)], options, rng));
            show(board);
            continue;
        }
        std::cout << "move " << board.ply() + 1 << ", "
                  << (side == Color::Black ? "black" : "white") << " ("
                  << examples::stone_letter(side) << ")> " << std::flush;
        std::string line;
        if (!std::getline(std::cin, line)) {
            std::cout << "\n";
            return 0;
        }
        const auto first = line.find_first_not_of(" \t\r");
        const auto last = line.find_last_not_of(" \t\r");
        const std::string input =
            first == std::string::npos ? "" : line.substr(first, last - first + 1);
        if (echo)
            std::cout << input << "\n";
        if (input.empty())
            continue;
        if (input == "quit" || input == "exit")
            return 0;
        if (input == "help") {
            print_help();
            continue;
        }
        if (input == "moves") {
            std::vector<ReversiMove> moves;
            for (int i = 0; i < board.ply(); ++i)
                moves.push_back(board.move_at(i));
            std::cout << (moves.empty() ? "(no moves yet)" : format_reversi_moves(moves)) << "\n";
            continue;
        }
        if (input == "undo") {
            if (undo_to_human(board, options))
                show(board);
            else
                std::cout << "nothing to undo\n";
            continue;
        }
        const auto move = parse_reversi_move(input);
        if (!move) {
            std::cout << "error: " << move.error().message << " (type help)\n";
            continue;
        }
        if (const auto played = board.try_play(*move); !played) {
            std::cout << "error: " << to_string(*move) << ": " << played.error().message << "\n";
            continue;
        }
        show(board);
    }
}

/// A CLI11 check that a text is a perft depth from 0 to max_perft_depth, whose message says how
/// deep perft may go and why.
CLI::Validator perft_depth_validator() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            const auto depth = parse_integer(text);
            if (depth && *depth >= 0 && *depth <= max_perft_depth)
                return {};
            return "perft takes a depth from 0 to " + std::to_string(max_perft_depth) + ", got '" +
                   excerpt(text) + "' (depth " + std::to_string(max_perft_depth) +
                   " takes about ten seconds, each ply more about nine times as long)";
        },
        "0-" + std::to_string(max_perft_depth));
}

int perft_command(int depth) {
    const ReversiBoard start;
    const auto begin = Clock::now();
    const std::uint64_t leaves = reversi::perft(start, depth);
    const double seconds = std::chrono::duration<double>(Clock::now() - begin).count();
    std::cout << "perft " << depth << ": " << leaves << " leaves in " << seconds << " s";
    if (seconds > 0)
        std::cout << " (" << static_cast<std::uint64_t>(static_cast<double>(leaves) / seconds)
                  << " leaves/s)";
    std::cout << "\n";
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"Reversi (Othello) in the terminal on tengen's search core"};
    app.require_subcommand(0, 1);
    Options options;
    std::string you = "black";
    int level = default_level;
    std::optional<int> black_level;
    std::optional<int> white_level;
    std::optional<std::uint64_t> seed;
    app.add_option("--you", you, "your colour: black (default), white, both (two humans), none")
        ->check(CLI::IsMember({"black", "white", "both", "none"}));
    app.add_option("-l,--level", level,
                   "engine level, 1 (greedy) to 7 (alpha-beta by time); default 5")
        ->check(CLI::Range(1, max_level));
    app.add_option("--black-level", black_level, "the level of a Black engine")
        ->check(CLI::Range(1, max_level));
    app.add_option("--white-level", white_level, "the level of a White engine")
        ->check(CLI::Range(1, max_level));
    app.add_option("-t,--time", options.time_ms, "milliseconds per move at level 7")
        ->check(CLI::Range(1, 3'600'000));
    app.add_option("--seed", seed, "seed of level 1's random choices (default random)");
    app.add_option("-m,--moves", options.opening, "start after these moves, e.g. f5d6c3");
    int perft_depth = 0;
    auto* perft = app.add_subcommand("perft", "count the leaves N plies below the start position");
    perft->add_option("N", perft_depth, "depth in plies, 0 to " + std::to_string(max_perft_depth))
        ->required()
        ->check(perft_depth_validator());
    app.footer("Levels:\n" + [] {
        std::string text;
        for (int i = 0; i < max_level; ++i)
            text += "  " + std::to_string(i + 1) + "  " +
                    levels[static_cast<std::size_t>(i)].description + "\n";
        return text;
    }());
    CLI11_PARSE(app, argc, argv);

    if (perft->parsed())
        return perft_command(perft_depth);

    options.engine = {you == "white" || you == "none", you == "black" || you == "none"};
    options.level = {black_level.value_or(level), white_level.value_or(level)};
    if ((black_level && !options.engine[index_of(Color::Black)]) ||
        (white_level && !options.engine[index_of(Color::White)])) {
        std::cerr << "--black-level/--white-level: that colour is played by a human\n";
        return usage_error;
    }
    options.seed = seed.value_or(std::random_device{}());
    return play(options);
}
