// tengen_play: gomoku, renju and caro in the terminal. Play against tengen's engine with either
// colour, let two humans share the keyboard, or watch two engines play each other.
//
//   tengen_play                                  you are Black against level 6 (1 s per move)
//   tengen_play --rule renju --you white --level 4
//   tengen_play --you none --black-engine 2 --white-engine ab:depth=4 --size 11
//   tengen_play renju 15                         the older positional form still works
//
// `tengen_play --help` lists the flags; docs/play.md explains them, the commands at the prompt
// and the strength levels. Input may be piped (every prompt then echoes what it read), which is
// how the CTest cases in play_test.py drive it; end of input ends the program with status 0.
//
// This file is the command line: it turns the flags into play::Options. session.hpp plays the
// game, draw.hpp makes its text and terminal.hpp reads the player's lines.

#include "../common/player.hpp"
#include "session.hpp"
#include "terminal.hpp"

#include <tengen/tengen.hpp>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <cstdint>
#include <iostream>
#include <random>
#include <string>
#include <string_view>

namespace {

using namespace tengen;
using examples::PlayerConfig;
using play::Seat;

constexpr int default_size = 15;
/// Level 6 thinks for one second per move: quick enough to play, strong enough to matter.
constexpr int default_level = 6;
/// Every rule tengen_play offers needs room for a five.
constexpr int smallest_size = Freestyle::min_board_size;
/// Width of the flags column of --help.
constexpr std::size_t column_width = 30;

/// What a configuration does, in words, for --help and the docs' levels table.
std::string describe(const PlayerConfig& c) {
    if (c.kind == PlayerConfig::Kind::Greedy) {
        if (c.greedy_choices == 1)
            return "greedy: the best-looking move, one ply deep";
        return "greedy, at random among the " + std::to_string(c.greedy_choices) +
               " best-looking moves";
    }
    if (c.kind == PlayerConfig::Kind::RunLength)
        return "the tutorials' run-length scorer: run lengths and open ends, no search";
    std::string limits;
    const auto add = [&](const std::string& limit) {
        limits += limits.empty() ? " " : ", ";
        limits += limit;
    };
    if (c.depth)
        add("to depth " + std::to_string(*c.depth));
    if (c.nodes)
        add("up to " + std::to_string(*c.nodes) + " nodes");
    if (c.time)
        add(std::to_string(c.time->count()) + " ms per move");
    return "alpha-beta search" + limits;
}

std::string levels_table() {
    std::string out = "Levels (--level N, or N as a player spec):\n";
    for (int level = 1; level <= examples::max_level; ++level) {
        const PlayerConfig c = examples::level_config(level);
        constexpr std::size_t spec_column = 17;
        std::string spec = examples::to_string(c);
        spec.resize(std::max(spec.size(), spec_column), ' ');
        out += "  " + std::to_string(level) + "  " + spec + describe(c) +
               (level == default_level ? " (default)" : "") + '\n';
    }
    return out;
}

constexpr std::string_view rules_help =
    "Rules (--rule):\n"
    "  freestyle  five or more in a row wins\n"
    "  standard   exactly five wins; six or more does not\n"
    "  renju      Black may not make an overline, a double four or a double three: such a\n"
    "             move loses; White wins with five or more\n"
    "  caro       five wins unless both ends are blocked by the opponent\n";

constexpr std::string_view specs_help =
    "Player specs (--engine, --black-engine, --white-engine):\n"
    "  N, level=N   a level from the table below\n"
    "  greedy[:N]   one-ply greedy, choosing at random among the best N moves\n"
    "  runlength    the tutorials' run-length scorer (a yardstick): no search\n"
    "  ab           alpha-beta, one second per move\n"
    "  ab:LIMITS    alpha-beta with comma-separated limits depth=D, nodes=N, time=MS,\n"
    "               hash=MB, threads=N; the first limit reached stops it. Example:\n"
    "               ab:depth=6,time=2000\n";

/// A CLI11 check that a text is a player spec.
CLI::Validator player_spec_validator() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            const auto config = examples::parse_player(text);
            return config ? std::string{} : config.error().message;
        },
        "SPEC");
}

Seat seat_from(const std::string& name) {
    return name == "engine" ? Seat::Engine : Seat::Human;
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"Play gomoku, renju or caro in the terminal: against tengen's engine with either "
                 "colour, two humans at one keyboard, or two engines to watch.",
                 "tengen_play"};
    app.get_formatter()->column_width(column_width);

    std::string rule_name = std::string(Freestyle::name);
    std::string black = "human";
    std::string white = "engine";
    std::string you;
    int size = default_size;
    int level = default_level;
    std::string engine_spec;
    std::string hint_spec;
    std::string black_spec;
    std::string white_spec;
    std::uint64_t seed = 0;
    std::string colour = "auto";
    play::Options options;

    const auto rule_names = {std::string(Freestyle::name), std::string(Standard::name),
                             std::string(Renju::name), std::string(Caro::name)};
    const auto seat_names = {std::string("human"), std::string("engine")};
    auto* rule_option = app.add_option("-r,--rule", rule_name,
                                       "freestyle (default), standard, renju or caro (see below)")
                            ->check(CLI::IsMember(rule_names))
                            ->option_text("RULE");
    auto* size_option = app.add_option("-s,--size", size,
                                       "board side, " + std::to_string(smallest_size) + " to " +
                                           std::to_string(layout::max_board_size) + " (default " +
                                           std::to_string(default_size) + ")")
                            ->check(CLI::Range(smallest_size, layout::max_board_size))
                            ->option_text("N");
    auto* black_option =
        app.add_option("--black", black, "who plays Black (X, moves first): human (default)")
            ->check(CLI::IsMember(seat_names))
            ->option_text("human|engine");
    auto* white_option = app.add_option("--white", white, "who plays White (O): engine (default)")
                             ->check(CLI::IsMember(seat_names))
                             ->option_text("human|engine");
    app.add_option("--you", you, "instead of --black/--white: both = two humans, none = watch")
        ->check(CLI::IsMember({"black", "white", "both", "none"}))
        ->excludes(black_option)
        ->excludes(white_option)
        ->option_text("black|white|both|none");
    auto* level_option =
        app.add_option("-l,--level", level,
                       "engine strength 1 to " + std::to_string(examples::max_level) +
                           " (default " + std::to_string(default_level) + ", see below)")
            ->check(CLI::Range(1, examples::max_level))
            ->option_text("N");
    app.add_option("--hint-engine", hint_spec,
                   "the engine that answers 'hint' (default: level " +
                       std::to_string(default_level) +
                       ", or the game's engine when it is stronger)")
        ->check(player_spec_validator())
        ->option_text("SPEC");
    app.add_option("-e,--engine", engine_spec, "the engine as a player spec (see below)")
        ->check(player_spec_validator())
        ->excludes(level_option)
        ->option_text("SPEC");
    auto* black_spec_option =
        app.add_option("--black-engine", black_spec, "Black is an engine with this spec")
            ->check(player_spec_validator())
            ->option_text("SPEC");
    auto* white_spec_option =
        app.add_option("--white-engine", white_spec, "White is an engine with this spec")
            ->check(player_spec_validator())
            ->option_text("SPEC");
    auto* seed_option =
        app.add_option("--seed", seed, "seed of the greedy levels' choices (default random)")
            ->option_text("N");
    int threads = 1;
    auto* threads_option =
        app.add_option("--threads", threads,
                       "search threads of the engines and the hint (default 1; a spec's own "
                       "threads=N otherwise)")
            ->check(CLI::Range(1, SearcherOptions::max_threads));
    app.add_option("--color,--colour", colour,
                   "ANSI colours; auto (default): on a terminal, unless NO_COLOR is set")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->option_text("auto|always|never");
    app.add_option("-m,--moves", options.opening, "start from these moves, e.g. h8i9h9")
        ->option_text("POS");
    app.add_option("--svg", options.svg_file, "at the end, write the board as an SVG picture")
        ->option_text("FILE");
    app.add_option("--html", options.html_file, "at the end, write the board as an HTML page")
        ->option_text("FILE");
    auto* rule_positional =
        app.add_option("RULE", rule_name, "as --rule; the older form: tengen_play renju 15")
            ->check(CLI::IsMember(rule_names))
            ->option_text(" ");
    auto* size_positional = app.add_option("SIZE", size, "as --size")
                                ->check(CLI::Range(smallest_size, layout::max_board_size))
                                ->needs(rule_positional)
                                ->option_text(" ");
    app.footer(std::string(rules_help) + '\n' + std::string(specs_help) + '\n' + levels_table() +
               '\n' + std::string(play::prompt_help) + "\nMore in docs/play.md.");

    CLI11_PARSE(app, argc, argv);

    const auto fail = [](const std::string& message) {
        std::cerr << "tengen_play: " << message << "\nRun with --help for more information.\n";
        return play::usage_error;
    };
    if (rule_option->count() > 0 && rule_positional->count() > 0)
        return fail("the rule is given twice (--rule and RULE)");
    if (size_option->count() > 0 && size_positional->count() > 0)
        return fail("the size is given twice (--size and SIZE)");

    options.rule = *rule_from_string(rule_name);
    options.size = size;
    options.seats = {seat_from(black), seat_from(white)};
    if (!you.empty())
        options.seats = {you == "black" || you == "both" ? Seat::Human : Seat::Engine,
                         you == "white" || you == "both" ? Seat::Human : Seat::Engine};
    const std::array<const CLI::Option*, 2> seat_options{black_option, white_option};
    const std::array<const CLI::Option*, 2> spec_options{black_spec_option, white_spec_option};
    for (Color c : all_colors) {
        if (spec_options[index_of(c)]->count() == 0)
            continue;
        const bool seat_given = seat_options[index_of(c)]->count() > 0 || !you.empty();
        if (seat_given && options.seats[index_of(c)] == Seat::Human)
            return fail("--" + std::string(to_string(c)) + "-engine gives " +
                        capitalized(to_string(c)) +
                        " to an engine, but another flag gives it to a human");
        options.seats[index_of(c)] = Seat::Engine;
    }

    options.seed_given = seed_option->count() > 0;
    options.seed = options.seed_given ? seed : std::random_device{}();
    PlayerConfig engine =
        engine_spec.empty() ? examples::level_config(level) : *examples::parse_player(engine_spec);
    engine.seed = options.seed;
    options.engines = {engine, engine};
    for (Color c : all_colors) {
        const std::string& spec = c == Color::Black ? black_spec : white_spec;
        if (!spec.empty()) {
            options.engines[index_of(c)] = *examples::parse_player(spec);
            options.engines[index_of(c)].seed = options.seed;
        }
    }
    // A hint comes from a strong engine, not from a weak opponent's: level 6 at least, or a
    // higher level that plays in this game.
    options.hint_engine = examples::level_config(default_level);
    for (const PlayerConfig& c : options.engines)
        if (const auto l = examples::level_of(c); l && *l > default_level)
            options.hint_engine = c;
    if (!hint_spec.empty())
        options.hint_engine = *examples::parse_player(hint_spec);
    options.hint_engine.seed = options.seed;
    if (threads_option->count() > 0) {
        for (PlayerConfig& c : options.engines)
            c.threads = threads;
        options.hint_engine.threads = threads;
    }
    options.colour = play::colour_wanted(colour);

    return play::play_game(options);
}
