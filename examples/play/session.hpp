#pragma once
/// \file
/// A game of tengen_play: one AnyBoard refereeing, a GomokuSearcher for each engine seat and
/// one for `hint`, every move chosen through examples::choose_move; the commands at the prompt
/// (moves, undo, hint, new, save, load); the header, board and result as the game goes. The
/// command line (main.cpp) decides the Options, draw.hpp makes the text and terminal.hpp reads
/// the lines.

#include "../common/files.hpp"
#include "../common/player.hpp"
#include "../common/terminal.hpp"
#include "draw.hpp"
#include "terminal.hpp"

#include <tengen/gomoku/record.hpp>
#include <tengen/gomoku/svg.hpp>
#include <tengen/tengen.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace tengen::play {

using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

/// Exit statuses besides 0: a picture that could not be written at the end, flags that CLI11
/// accepts but that do not fit together (CLI11 has its own codes for the errors it finds), and a
/// search that returned no move.
inline constexpr int file_error = 1;
inline constexpr int usage_error = 2;
inline constexpr int internal_error = 3;
/// Moves a hint names: the best and the next best, each searched to the same depth.
inline constexpr std::size_t hint_count = 3;

/// The largest file `load` reads. A .psq record of a full 22x22 board is some 6 KB and a pos
/// string of it under 2 KB: anything near this bound is not a game.
inline constexpr std::size_t max_load_bytes = examples::file_mebibyte;

/// Who plays a colour.
enum class Seat : std::uint8_t { Human, Engine };

/// Everything the command line decides.
struct Options {
    RuleSpec rule;
    int size = 0;
    std::array<Seat, 2> seats{Seat::Human, Seat::Engine}; ///< indexed by index_of(Color)
    std::array<examples::PlayerConfig, 2> engines;        ///< per colour, used by engine seats
    examples::PlayerConfig hint_engine;                   ///< answers `hint`
    bool seed_given = false;
    std::uint64_t seed = 0;
    bool colour = false;
    std::string opening; ///< --moves: a pos string played before the game starts
    std::string svg_file;
    std::string html_file;
};

/// True when an engine of the game or the hint engine is greedy: their choices depend on the seed.
[[nodiscard]] inline bool uses_greedy(const Options& o) {
    const auto greedy = [](const examples::PlayerConfig& c) {
        return c.kind == examples::PlayerConfig::Kind::Greedy;
    };
    return (o.seats[0] == Seat::Engine && greedy(o.engines[0])) ||
           (o.seats[1] == Seat::Engine && greedy(o.engines[1])) || greedy(o.hint_engine);
}

/// The file name's extension, lower-case, with its dot (`.psq`), or empty.
[[nodiscard]] inline std::string extension_of(std::string_view file) {
    const auto dot = file.find_last_of('.');
    const auto slash = file.find_last_of("/\\");
    if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash))
        return {};
    return to_lower_ascii(file.substr(dot));
}

/// "1 move", "3 moves".
[[nodiscard]] inline std::string moves_text(int count) {
    return std::to_string(count) + (count == 1 ? " move" : " moves");
}

/// The commands at the prompt, for `help` and --help.
inline constexpr std::string_view prompt_help =
    "Commands:\n"
    "  h8  or  7,7    play a move: column letter and row number (1 = top row),\n"
    "                 or x,y counted from 0 at the top-left corner\n"
    "  undo           take back your last move (and the engine's reply to it)\n"
    "  hint           ask a strong engine (--hint-engine) for a move, its value and line\n"
    "  new            start again (from the --moves opening, if one was given)\n"
    "  save FILE      save the game: FILE.psq a Piskvork record, FILE.svg or FILE.html\n"
    "                 a picture, any other name the moves as one pos string (h8i9j10)\n"
    "  load FILE      load a .psq record or a file holding a pos string\n"
    "  board          show the board again\n"
    "  help           this list\n"
    "  quit           leave (the end of the input does the same)\n";

/// What the main loop does after a command.
enum class Flow : std::uint8_t { Continue, Quit };

/// One game at the terminal, from the header to `quit` or the end of the input.
class Session {
public:
    /// A game on `board`; the engine seats have searchers of their own.
    Session(const Options& options, AnyBoard board)
        : options_(options), board_(std::move(board)),
          palette_(options.colour ? ansi_palette : plain_palette) {
        humans_ =
            static_cast<int>(std::count(options.seats.begin(), options.seats.end(), Seat::Human));
    }

    /// Plays the --moves opening; an Error if it cannot be played on this board.
    std::optional<Error> set_up() {
        if (auto error = board_.visit([&](auto& b) { return play_pos_moves(b, options_.opening); }))
            return Error{"--moves: " + error->message};
        opening_ = board_.history();
        times_.assign(opening_.size(), milliseconds{0});
        return std::nullopt;
    }

    /// Runs the game until `quit`, the end of the input, or (with no human) the end of the game.
    /// Returns the exit status.
    int run() {
        print_header();
        while (true) {
            const bool over = board_.result().is_over();
            const bool engine_turn = !over && seat(board_.side_to_move()) == Seat::Engine;
            if (!board_shown_ && (!engine_turn || humans_ == 0))
                show_board();
            if (over && !result_announced_)
                announce_result();
            if (engine_turn) {
                if (engine_move() == Flow::Quit)
                    return internal_error;
                continue;
            }
            if (over && humans_ == 0)
                break;
            prompted_at_ = Clock::now();
            const auto line = input_.read_line(prompt());
            if (!line)
                break;
            if (handle(*line) == Flow::Quit)
                break;
        }
        return write_pictures();
    }

private:
    [[nodiscard]] Seat seat(Color c) const { return options_.seats[index_of(c)]; }

    /// "you", "human", "tengen" or, when engines play both sides, "tengen SPEC".
    [[nodiscard]] std::string who(Color c) const {
        if (seat(c) == Seat::Human)
            return humans_ == 1 ? "you" : "human";
        if (humans_ == 0)
            return "tengen " + examples::to_string(options_.engines[index_of(c)]);
        return "tengen";
    }

    [[nodiscard]] std::string player_name(Color c) const {
        if (seat(c) == Seat::Human)
            return "human";
        return "tengen " + examples::to_string(options_.engines[index_of(c)]);
    }

    void print_header() {
        std::cout << "tengen_play: " << to_string(options_.rule) << " on " << board_.width() << "x"
                  << board_.height() << ".";
        for (Color c : all_colors) {
            std::cout << ' ' << capitalized(to_string(c)) << " (" << examples::stone_letter(c)
                      << "): ";
            if (seat(c) == Seat::Human)
                std::cout << (humans_ == 1 ? "you" : "human");
            else
                std::cout << "tengen " << examples::describe_player(options_.engines[index_of(c)]);
            std::cout << '.';
        }
        std::cout << '\n';
        if (uses_greedy(options_) && !options_.seed_given)
            std::cout << "Greedy players' seed: " << options_.seed << " (--seed " << options_.seed
                      << " replays their choices).\n";
        if (humans_ > 0)
            std::cout << "Moves like h8 (column letter, row number from the top) or 7,7; "
                         "type 'help' for the commands.\n";
        if (board_.has_forbidden_moves())
            std::cout << "Points forbidden for Black are marked " << forbidden_mark
                      << " when Black is to move; playing one loses.\n";
    }

    [[nodiscard]] std::string prompt() const {
        if (board_.result().is_over())
            return "game over> ";
        const Color c = board_.side_to_move();
        return "move " + std::to_string(board_.move_count() + 1) + ", " +
               std::string(to_string(c)) + " (" + examples::stone_letter(c) + ")> ";
    }

    void show_board() {
        std::vector<Point> forbidden;
        const bool over = board_.result().is_over();
        if (!over && board_.side_to_move() == Color::Black)
            forbidden = board_.forbidden_points();
        std::cout << '\n'
                  << board_.visit(
                         [&](const auto& b) { return draw_board(b, forbidden, palette_); });
        if (!over) {
            const Color c = board_.side_to_move();
            std::cout << capitalized(to_string(c)) << " (" << examples::stone_letter(c) << ", "
                      << who(c) << ") to move";
            if (const auto history = board_.history();
                !history.empty() && !history.back().is_pass())
                std::cout << "; last move " << to_pos(history.back());
            std::cout << ".\n";
            if (!forbidden.empty()) {
                std::cout << "Forbidden for Black:";
                for (Point p : forbidden)
                    std::cout << ' ' << to_pos(p) << " (" << to_string(board_.forbidden_kind(p))
                              << ")";
                std::cout << ".\n";
            }
        }
        board_shown_ = true;
    }

    void announce_result() {
        const GameResult result = board_.result();
        if (result.winner)
            std::cout << capitalized(to_string(*result.winner)) << " (" << who(*result.winner)
                      << ") wins: " << to_string(result.reason) << ".\n";
        else
            std::cout << "Draw: " << to_string(result.reason) << ".\n";
        if (humans_ > 0)
            std::cout << "The game is over: 'undo', 'new', 'save FILE', 'load FILE' or 'quit'.\n";
        result_announced_ = true;
    }

    /// The board and everything derived from it changed: redraw before the next prompt.
    void changed() {
        board_shown_ = false;
        result_announced_ = false;
    }

    void play(Point p, milliseconds spent) {
        (void)board_.try_play(p);
        times_.push_back(spent);
        changed();
    }

    void undo_plies(int plies) {
        for (int i = 0; i < plies; ++i) {
            (void)board_.try_undo();
            times_.pop_back();
        }
        changed();
    }

    /// The board was replaced (new game, load): `times` are its moves' thinking times.
    void replace_board(std::vector<milliseconds> times) {
        times_ = std::move(times);
        times_.resize(static_cast<std::size_t>(board_.move_count()), milliseconds{0});
        changed();
    }

    /// Plays the engine's move for the side to move; Quit if it found none (a search bug).
    Flow engine_move() {
        const Color c = board_.side_to_move();
        const auto start = Clock::now();
        const SearchResult<Point> reply =
            choose(engines_[index_of(c)], options_.engines[index_of(c)]);
        const auto spent = std::chrono::duration_cast<milliseconds>(Clock::now() - start);
        if (!reply.best_move) {
            std::cerr << "tengen_play: the engine found no move in a live position\n";
            return Flow::Quit;
        }
        const Point move = *reply.best_move;
        play(move, spent);
        std::cout << capitalized(to_string(c)) << " (" << who(c) << ") plays " << to_pos(move)
                  << ": " << search_summary(reply, spent) << ".\n";
        return Flow::Continue;
    }

    Flow handle(std::string_view line) {
        const std::string_view text = trim(line);
        if (text.empty())
            return Flow::Continue;
        const auto space = text.find_first_of(" \t");
        const std::string command = to_lower_ascii(text.substr(0, space));
        const std::string_view argument =
            space == std::string_view::npos ? std::string_view{} : trim(text.substr(space));

        if (command == "quit" || command == "exit")
            return Flow::Quit;
        if (command == "help" || command == "?") {
            std::cout << prompt_help;
            return Flow::Continue;
        }
        if (command == "board") {
            show_board();
            return Flow::Continue;
        }
        if (command == "undo")
            return undo();
        if (command == "hint")
            return hint();
        if (command == "new") {
            start_again();
            return Flow::Continue;
        }
        if (command == "save" || command == "load") {
            if (argument.empty())
                std::cout << "usage: " << command << " FILE\n";
            else if (command == "save")
                save(std::string(argument));
            else
                load(std::string(argument));
            return Flow::Continue;
        }
        return human_move(text, command);
    }

    Flow human_move(std::string_view text, const std::string& command) {
        const auto point = parse_point(text);
        if (!point) {
            const bool word =
                command.size() > 1 && std::all_of(command.begin(), command.end(), [](char ch) {
                    return std::isalpha(static_cast<unsigned char>(ch)) != 0;
                });
            if (word)
                std::cout << "unknown command '" << command << "'; type 'help' for the list.\n";
            else if (looks_like_point(text))
                std::cout << "'" << text << "' is off the " << board_.width() << "x"
                          << board_.height() << " board: " << board_range() << ".\n";
            else
                std::cout << point.error().message << ".\n";
            return Flow::Continue;
        }
        if (board_.result().is_over()) {
            std::cout << "the game is over: 'undo', 'new', 'load FILE' or 'quit'.\n";
            return Flow::Continue;
        }
        const auto move = board_.visit([&](const auto& b) { return parse_move(b, text); });
        if (!move) {
            std::cout << move.error().message;
            if (point->x() >= board_.width() || point->y() >= board_.height())
                std::cout << ": " << board_range();
            std::cout << ".\n";
            return Flow::Continue;
        }
        if (board_.has_forbidden_moves()) {
            if (board_.side_to_move() == Color::Black) {
                if (const auto foul = board_.forbidden_kind(*move); foul != ForbiddenKind::None) {
                    const auto answer = input_.read_line(
                        to_pos(*move) + " is forbidden for Black (" + std::string(to_string(foul)) +
                        "): playing it loses the game. Play it anyway? [y/N] ");
                    if (!answer)
                        return Flow::Quit;
                    const std::string yes = to_lower_ascii(trim(*answer));
                    if (yes != "y" && yes != "yes") {
                        std::cout << "Not played.\n";
                        return Flow::Continue;
                    }
                }
            }
        }
        play(*move, std::chrono::duration_cast<milliseconds>(Clock::now() - prompted_at_));
        return Flow::Continue;
    }

    /// True for letters then digits (`z99`) or two numbers around a comma (`40,2`): a point,
    /// whether or not any board has it.
    static bool looks_like_point(std::string_view text) {
        const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
        const auto is_letter = [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        };
        std::size_t i = 0;
        while (i < text.size() && is_letter(text[i]))
            ++i;
        if (i > 0) {
            // Rows count from 1: `h0` is no point, and its own message says why.
            const std::string_view digits = text.substr(i);
            return !digits.empty() && digits.front() != '0' &&
                   std::all_of(digits.begin(), digits.end(), is_digit);
        }
        const auto comma = text.find(',');
        if (comma == std::string_view::npos)
            return false;
        const auto number = [&](std::string_view t) {
            t = trim(t);
            return !t.empty() && std::all_of(t.begin(), t.end(), is_digit);
        };
        return number(text.substr(0, comma)) && number(text.substr(comma + 1));
    }

    /// "columns a to o and rows 1 to 15 (x,y from 0,0 to 14,14)".
    [[nodiscard]] std::string board_range() const {
        const int w = board_.width();
        const int h = board_.height();
        return "columns a to " + std::string(1, static_cast<char>('a' + w - 1)) +
               " and rows 1 to " + std::to_string(h) + " (x,y from 0,0 to " +
               std::to_string(w - 1) + "," + std::to_string(h - 1) + ")";
    }

    /// Takes back plies until a human is to move again: one in a game between humans, two
    /// against the engine (one when the human's own move ended the game).
    Flow undo() {
        int plies = 1;
        if (humans_ == 1 && seat(opponent(board_.side_to_move())) != Seat::Human)
            plies = 2;
        if (board_.move_count() < plies) {
            std::cout << "nothing to undo.\n";
            return Flow::Continue;
        }
        std::string taken;
        for (int i = 0; i < plies; ++i)
            taken = ' ' + to_pos(board_.history()[board_.history().size() - 1 - i]) + taken;
        undo_plies(plies);
        std::cout << "undone:" << taken << ".\n";
        return Flow::Continue;
    }

    Flow hint() {
        if (board_.result().is_over()) {
            std::cout << "the game is over: no hint.\n";
            return Flow::Continue;
        }
        const auto start = Clock::now();
        const std::vector<SearchResult<Point>> lines = hint_lines();
        const auto spent = std::chrono::duration_cast<milliseconds>(Clock::now() - start);
        const SearchResult<Point>& r = lines.front();
        if (!r.best_move) {
            std::cout << "no hint.\n";
            return Flow::Continue;
        }
        std::cout << "hint: " << to_pos(*r.best_move) << " (" << search_summary(r, spent) << ")";
        if (r.pv.size() > 1) {
            std::cout << "; the line:";
            for (Point p : r.pv)
                std::cout << ' ' << to_pos(p);
        }
        std::cout << ". (" << examples::describe_player(options_.hint_engine) << ")\n";
        if (lines.size() > 1) {
            std::cout << "  next best:";
            for (std::size_t i = 1; i < lines.size(); ++i)
                std::cout << (i > 1 ? "," : "") << ' ' << to_pos(*lines[i].best_move) << " ("
                          << describe_value(lines[i].value) << ", depth " << lines[i].depth << ")";
            std::cout << ".\n";
        }
        return Flow::Continue;
    }

    /// The hint engine's best moves: hint_count of them, each searched to the same depth, for
    /// an α-β engine (multi-PV); its one choice for the others.
    std::vector<SearchResult<Point>> hint_lines() {
        const examples::PlayerConfig& config = options_.hint_engine;
        if (config.kind != examples::PlayerConfig::Kind::AlphaBeta)
            return {choose(hint_player_, config)};
        if (!hint_player_)
            hint_player_.emplace(examples::searcher_for(config));
        hint_player_->set_options(examples::searcher_options(config, hint_player_->options()));
        std::vector<SearchResult<Point>> lines =
            hint_player_->search_lines(board_, examples::limits_of(config), hint_count);
        if (lines.front().depth == 0) // no iteration completed: the one-ply choice instead
            return {hint_player_->quick_move(board_)};
        return lines;
    }

    void start_again() {
        board_.clear();
        for (Point p : opening_)
            (void)board_.try_play(p);
        replace_board({});
        std::cout << "New game.\n";
    }

    [[nodiscard]] GameRecord record() const {
        GameRecord r = board_.visit([](const auto& b) { return record_of(b); });
        r.times = times_;
        r.black_name = player_name(Color::Black);
        r.white_name = player_name(Color::White);
        return r;
    }

    [[nodiscard]] std::string picture(std::string_view extension) const {
        SvgOptions svg;
        svg.black_name = player_name(Color::Black);
        svg.white_name = player_name(Color::White);
        svg.title = "tengen_play: " + to_string(options_.rule) + " " +
                    std::to_string(board_.width()) + "x" + std::to_string(board_.height());
        return board_.visit(
            [&](const auto& b) { return extension == ".svg" ? to_svg(b, svg) : to_html(b, svg); });
    }

    void save(const std::string& file) {
        const std::string extension = extension_of(file);
        std::string text;
        std::string_view form = "a pos string";
        if (extension == ".psq") {
            text = write_psq(record());
            form = "a Piskvork record";
        } else if (extension == ".svg" || extension == ".html") {
            text = picture(extension);
            form = extension == ".svg" ? "an SVG picture" : "an HTML page";
        } else {
            text = to_pos(board_.history()) + '\n';
        }
        if (!examples::write_file(file, text))
            std::cout << "cannot write '" << file << "'.\n";
        else
            std::cout << "saved " << moves_text(board_.move_count()) << " to '" << file << "' as "
                      << form << ".\n";
    }

    void load(const std::string& file) {
        const auto text = examples::read_bounded_file(file, max_load_bytes);
        if (!text) {
            std::cout << "cannot read '" << file << "': " << text.error().message
                      << "; the game is unchanged.\n";
            return;
        }
        const auto refuse = [&](const std::string& why) {
            std::cout << "cannot load '" << file << "': " << why << "; the game is unchanged.\n";
        };
        std::vector<milliseconds> times;
        // Loaded into a fresh board of the same rule, which replaces the game only on success.
        const std::optional<Error> error = board_.visit([&](auto& b) -> std::optional<Error> {
            std::remove_cvref_t<decltype(b)> fresh(b.width(), b.height());
            if (extension_of(file) == ".psq") {
                const auto game = read_psq(*text);
                if (!game)
                    return game.error();
                if (game->width != b.width() || game->height != b.height())
                    return Error{"it is a " + std::to_string(game->width) + "x" +
                                 std::to_string(game->height) + " game and this board is " +
                                 std::to_string(b.width()) + "x" + std::to_string(b.height()) +
                                 " (see --size)"};
                if (auto failure = load_record(fresh, *game))
                    return failure;
                times = game->times;
            } else if (auto failure = play_pos_moves(fresh, trim(*text))) {
                return failure;
            }
            b = std::move(fresh);
            return std::nullopt;
        });
        if (error)
            return refuse(error->message);
        replace_board(std::move(times));
        std::cout << "loaded " << moves_text(board_.move_count()) << " from '" << file << "'.\n";
    }

    /// Writes the --svg and --html pictures of the final position; the exit status.
    int write_pictures() const {
        int status = 0;
        const auto write = [&](const std::string& file, std::string_view extension) {
            if (file.empty())
                return;
            if (examples::write_file(file, picture(extension))) {
                std::cout << "wrote '" << file << "'.\n";
            } else {
                std::cerr << "tengen_play: cannot write '" << file << "'\n";
                status = file_error;
            }
        };
        write(options_.svg_file, ".svg");
        write(options_.html_file, ".html");
        return status;
    }

    /// The move of the player `config` for the side to move, searched by `searcher` (made on
    /// the first call, with the player's table, which it keeps across moves).
    SearchResult<Point> choose(std::optional<GomokuSearcher>& searcher,
                               const examples::PlayerConfig& config) {
        if (!searcher)
            searcher.emplace(examples::searcher_for(config));
        return examples::choose_move(board_, *searcher, config).search;
    }

    Options options_;
    AnyBoard board_;
    std::vector<milliseconds> times_; ///< per move of the history: thinking time
    std::vector<Point> opening_;      ///< the --moves opening that `new` returns to
    std::array<std::optional<GomokuSearcher>, 2> engines_; ///< the engine seats' searchers
    std::optional<GomokuSearcher> hint_player_;            ///< made on the first `hint`
    int humans_ = 0;
    LineReader input_;
    Palette palette_;
    bool board_shown_ = false;
    bool result_announced_ = false;
    Clock::time_point prompted_at_; ///< when the human was last asked: their thinking time
};

/// Plays the game `options` describe on stdin and stdout; the exit status: 0, or usage_error
/// when the board or the --moves opening cannot be set up, or what Session::run returns.
[[nodiscard]] inline int play_game(const Options& options) {
    auto board = AnyBoard::create(options.rule, options.size);
    if (!board) {
        std::cerr << "tengen_play: " << board.error().message << '\n';
        return usage_error;
    }
    Session session(options, std::move(board).value());
    if (auto error = session.set_up()) {
        std::cerr << "tengen_play: " << error->message << '\n';
        return usage_error;
    }
    return session.run();
}

} // namespace tengen::play
