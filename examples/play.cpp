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

#include "common/files.hpp"
#include "common/player.hpp"

#include <tengen/gomoku/record.hpp>
#include <tengen/gomoku/svg.hpp>
#include <tengen/tengen.hpp>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#if defined(_WIN32)
#include <io.h>
#include <stdio.h>
#else
#include <unistd.h>
#endif

namespace {

using namespace tengen;
using examples::PlayerConfig;
using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

constexpr int default_size = 15;
/// Level 6 thinks for one second per move: quick enough to play, strong enough to matter.
constexpr int default_level = 6;
/// Every rule tengen_play offers needs room for a five.
constexpr int smallest_size = Freestyle::min_board_size;
/// Moves of the engine's principal variation shown after its move.
constexpr std::size_t shown_pv_length = 8;
/// Exit statuses besides 0: a picture that could not be written at the end, flags that CLI11
/// accepts but that do not fit together (CLI11 has its own codes for the errors it finds), and a
/// search that returned no move.
constexpr int file_error = 1;
constexpr int usage_error = 2;
constexpr int internal_error = 3;
/// Width of the flags column of --help.
constexpr std::size_t column_width = 30;

/// Who plays a colour.
enum class Seat : std::uint8_t { Human, Engine };

/// Everything the command line decides.
struct Options {
    RuleSpec rule;
    int size = default_size;
    std::array<Seat, 2> seats{Seat::Human, Seat::Engine}; ///< indexed by index_of(Color)
    std::array<PlayerConfig, 2> engines;                  ///< per colour, used by engine seats
    PlayerConfig hint_engine;                             ///< answers `hint`
    bool seed_given = false;
    std::uint64_t seed = 0;
    bool colour = false;
    std::string opening; ///< --moves: a pos string played before the game starts
    std::string svg_file;
    std::string html_file;
};

// ---------------------------------------------------------------------------------------------
// Small text helpers
// ---------------------------------------------------------------------------------------------

/// The file name's extension, lower-case, with its dot (`.psq`), or empty.
std::string extension_of(std::string_view file) {
    const auto dot = file.find_last_of('.');
    const auto slash = file.find_last_of("/\\");
    if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash))
        return {};
    return to_lower_ascii(file.substr(dot));
}

/// "1 move", "3 moves".
std::string moves_text(int count) {
    return std::to_string(count) + (count == 1 ? " move" : " moves");
}

std::string capitalised(Color c) {
    return c == Color::Black ? "Black" : "White";
}

char stone_letter(Color c) {
    return c == Color::Black ? 'X' : 'O';
}

bool is_terminal_stdout() {
#if defined(_WIN32)
    return _isatty(_fileno(stdout)) != 0;
#else
    return isatty(STDOUT_FILENO) != 0;
#endif
}

bool is_terminal_stdin() {
#if defined(_WIN32)
    return _isatty(_fileno(stdin)) != 0;
#else
    return isatty(STDIN_FILENO) != 0;
#endif
}

/// https://no-color.org: a set, non-empty NO_COLOR turns colour off unless a flag asks for it.
bool no_color_requested() {
    const char* value = std::getenv("NO_COLOR");
    return value != nullptr && *value != '\0';
}

/// The largest file `load` reads. A .psq record of a full 22x22 board is some 6 KB and a pos
/// string of it under 2 KB: anything near this bound is not a game.
constexpr std::size_t max_load_bytes = examples::file_mebibyte;

bool write_file(const std::string& path, std::string_view text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    return !out.fail();
}

// ---------------------------------------------------------------------------------------------
// Players in words
// ---------------------------------------------------------------------------------------------

/// The level whose configuration `c` is, if any.
std::optional<int> level_of(const PlayerConfig& c) {
    for (int level = 1; level <= examples::max_level; ++level)
        if (examples::to_string(examples::level_config(level)) == examples::to_string(c))
            return level;
    return std::nullopt;
}

/// `level 6 (ab:time=1000)` or just the spec.
std::string spec_text(const PlayerConfig& c) {
    const std::string spec = examples::to_string(c);
    if (const auto level = level_of(c))
        return "level " + std::to_string(*level) + " (" + spec + ")";
    return spec;
}

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

bool uses_greedy(const Options& o) {
    const auto greedy = [](const PlayerConfig& c) { return c.kind == PlayerConfig::Kind::Greedy; };
    return (o.seats[0] == Seat::Engine && greedy(o.engines[0])) ||
           (o.seats[1] == Seat::Engine && greedy(o.engines[1])) || greedy(o.hint_engine);
}

// ---------------------------------------------------------------------------------------------
// Drawing the board
// ---------------------------------------------------------------------------------------------

/// ANSI SGR sequences for the board; all empty when colour is off.
struct Palette {
    std::string_view black;
    std::string_view white;
    std::string_view empty;
    std::string_view forbidden;
    std::string_view coordinates;
    std::string_view last;
    std::string_view reset;
    std::string_view five; ///< the stones of the winning row
};

constexpr Palette plain_palette{};
constexpr Palette ansi_palette{"\x1b[1;33m", "\x1b[1;36m", "\x1b[2m", "\x1b[31m",
                               "\x1b[2m",    "\x1b[7m",    "\x1b[0m", "\x1b[1;41m"};

/// The stones of the winning row in lower case, so that they stand out without colour too.
char five_letter(Color c) {
    return c == Color::Black ? 'x' : 'o';
}

/// Marks a renju point forbidden for Black (Black to move only).
constexpr char forbidden_mark = '#';

/// The board with column letters above and below, row numbers (1 = top, as in pos notation) on
/// both sides, the last move in brackets and `forbidden` points marked.
template <typename B>
std::string draw(const B& board, const std::vector<Point>& forbidden, const Palette& pal) {
    const std::vector<Point> five = board.winning_row();
    constexpr int number_width = 2;
    const std::optional<Point> last = board.last_move();
    // The separators left and right of the last move are brackets: visible without colour.
    const auto separator_before = [&](int x, int y) {
        if (!last || last->is_pass() || last->y() != y)
            return ' ';
        return last->x() == x ? '[' : last->x() == x - 1 ? ']' : ' ';
    };
    std::string letters(number_width, ' ');
    for (int x = 0; x < board.width(); ++x) {
        letters += ' ';
        letters += static_cast<char>('a' + x);
    }
    letters = std::string(pal.coordinates) + letters + std::string(pal.reset) + '\n';

    std::string out = letters;
    for (int y = 0; y < board.height(); ++y) {
        std::string number = std::to_string(y + 1);
        number.insert(0, static_cast<std::size_t>(number_width) - number.size(), ' ');
        out += std::string(pal.coordinates) + number + std::string(pal.reset);
        for (int x = 0; x < board.width(); ++x) {
            const Point p(x, y);
            const bool is_last = last && *last == p;
            out += separator_before(x, y);
            std::string_view style = pal.empty;
            char symbol = '.';
            const bool in_five = std::find(five.begin(), five.end(), p) != five.end();
            switch (board.cell(p)) {
            case Cell::Black:
                style = in_five ? pal.five : pal.black;
                symbol = in_five ? five_letter(Color::Black) : stone_letter(Color::Black);
                break;
            case Cell::White:
                style = in_five ? pal.five : pal.white;
                symbol = in_five ? five_letter(Color::White) : stone_letter(Color::White);
                break;
            default:
                if (std::find(forbidden.begin(), forbidden.end(), p) != forbidden.end()) {
                    style = pal.forbidden;
                    symbol = forbidden_mark;
                }
                break;
            }
            out += std::string(style) + (is_last ? std::string(pal.last) : std::string()) + symbol +
                   std::string(pal.reset);
        }
        // A space after the closing bracket too, so that `[O] 15` never reads `[O]15`.
        out += separator_before(board.width(), y);
        out += ' ';
        out += std::string(pal.coordinates) + std::to_string(y + 1) + std::string(pal.reset) + '\n';
    }
    out += letters;
    if (!five.empty()) {
        out += "Winning row (" + std::string(1, five_letter(*board.result().winner)) + "):";
        for (Point p : five)
            out += ' ' + to_pos(p);
        out += ".\n";
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// The game session
// ---------------------------------------------------------------------------------------------

constexpr std::string_view prompt_help =
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

class Session {
public:
    /// A game on `board`; the engine seats have searchers of their own.
    Session(const Options& options, AnyBoard board)
        : options_(options), board_(std::move(board)), echo_input_(!is_terminal_stdin()),
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
            const auto line = read_line(prompt());
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
            std::cout << ' ' << capitalised(c) << " (" << stone_letter(c) << "): ";
            if (seat(c) == Seat::Human)
                std::cout << (humans_ == 1 ? "you" : "human");
            else
                std::cout << "tengen " << spec_text(options_.engines[index_of(c)]);
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
               to_lower_ascii(capitalised(c)) + " (" + stone_letter(c) + ")> ";
    }

    /// Prints `prompt` and reads one line, echoing it when the input is not a terminal.
    std::optional<std::string> read_line(const std::string& text) {
        std::cout << text << std::flush;
        std::string line;
        if (!std::getline(std::cin, line)) {
            std::cout << '\n';
            return std::nullopt;
        }
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        // Arrow and other editing keys arrive as escape sequences; the plain line reader cannot
        // act on them, so they are dropped (never printed back) and the rest is read as usual.
        const std::string cleaned = without_escape_sequences(line);
        if (echo_input_)
            std::cout << cleaned << '\n';
        if (cleaned != line)
            std::cout << "(arrow and editing keys do nothing here; type a move such as h8)\n";
        return cleaned;
    }

    /// `line` without its terminal escape sequences (ESC [ ... final byte, ESC O x, ESC x) and
    /// other control characters: what the keys that send them leave on a plain line.
    static std::string without_escape_sequences(std::string_view line) {
        constexpr char escape = '\x1b';
        std::string out;
        for (std::size_t i = 0; i < line.size(); ++i) {
            const auto c = static_cast<unsigned char>(line[i]);
            if (line[i] == escape) {
                if (i + 1 < line.size() && line[i + 1] == '[') {
                    // CSI: parameters and intermediates up to a final byte in @..~.
                    i += 2;
                    while (i < line.size() && (line[i] < '@' || line[i] > '~'))
                        ++i;
                } else if (i + 1 < line.size()) {
                    i += line[i + 1] == 'O' ? 2 : 1; // SS3 (ESC O A) or a two-byte sequence
                }
                continue;
            }
            if (c < ' ' && line[i] != '\t')
                continue;
            if (c == 0x7f)
                continue;
            out += line[i];
        }
        return out;
    }

    void show_board() {
        std::vector<Point> forbidden;
        const bool over = board_.result().is_over();
        if (!over && board_.side_to_move() == Color::Black)
            forbidden = board_.forbidden_points();
        std::cout << '\n'
                  << board_.visit([&](const auto& b) { return draw(b, forbidden, palette_); });
        if (!over) {
            const Color c = board_.side_to_move();
            std::cout << capitalised(c) << " (" << stone_letter(c) << ", " << who(c) << ") to move";
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
            std::cout << capitalised(*result.winner) << " (" << who(*result.winner)
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

    [[nodiscard]] std::string search_summary(const SearchResult<Point>& r, milliseconds spent) {
        std::string s = "depth " + std::to_string(r.depth) + ", value " + describe_value(r.value) +
                        ", " + std::to_string(r.stats.nodes) + " nodes, " +
                        std::to_string(spent.count()) + " ms";
        if (r.pv.size() > 1) {
            s += ", pv";
            for (std::size_t i = 0; i < r.pv.size() && i < shown_pv_length; ++i)
                s += ' ' + to_pos(r.pv[i]);
        }
        return s;
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
        std::cout << capitalised(c) << " (" << who(c) << ") plays " << to_pos(move) << ": "
                  << search_summary(reply, spent) << ".\n";
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
                    const auto answer = read_line(
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
        const SearchResult<Point> r = choose(hint_player_, options_.hint_engine);
        const auto spent = std::chrono::duration_cast<milliseconds>(Clock::now() - start);
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
        std::cout << ". (" << spec_text(options_.hint_engine) << ")\n";
        return Flow::Continue;
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
        if (!write_file(file, text))
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
            if (write_file(file, picture(extension))) {
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
                               const PlayerConfig& config) {
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
    bool echo_input_;
    Palette palette_;
    bool board_shown_ = false;
    bool result_announced_ = false;
    Clock::time_point prompted_at_; ///< when the human was last asked: their thinking time
};

int play(const Options& options) {
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

// ---------------------------------------------------------------------------------------------
// The command line
// ---------------------------------------------------------------------------------------------

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
    "               hash=MB; the first reached stops it. Example: ab:depth=6,time=2000\n";

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
    Options options;

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
               '\n' + std::string(prompt_help) + "\nMore in docs/play.md.");

    CLI11_PARSE(app, argc, argv);

    const auto fail = [](const std::string& message) {
        std::cerr << "tengen_play: " << message << "\nRun with --help for more information.\n";
        return usage_error;
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
            return fail("--" + to_lower_ascii(capitalised(c)) + "-engine gives " + capitalised(c) +
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
        if (const auto l = level_of(c); l && *l > default_level)
            options.hint_engine = c;
    if (!hint_spec.empty())
        options.hint_engine = *examples::parse_player(hint_spec);
    options.hint_engine.seed = options.seed;
    options.colour =
        colour == "always" || (colour == "auto" && is_terminal_stdout() && !no_color_requested());

    return play(options);
}
