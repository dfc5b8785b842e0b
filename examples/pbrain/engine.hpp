#pragma once
/// \file
/// The Gomocup ("pbrain") protocol with the Yixin-Board extensions, as a state machine that
/// reads one line and returns the lines to answer. It owns no threads and no streams: main.cpp
/// feeds it the lines a reader thread collects and passes the stop flag that YXSTOP and END
/// raise, and a test can drive it line by line.
///
/// The rule is chosen at run time (INFO rule) and the board size at START: the game is the
/// library's AnyBoard, which takes both at run time, and the engine one GomokuSearcher, whose
/// table lives from one game to the next.

#include "../common/player.hpp"
#include "board_block.hpp"
#include "input.hpp"
#include "rules.hpp"
#include "text.hpp"
#include "time_control.hpp"

#include <tengen/tengen.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

namespace tengen::pbrain {

using std::chrono::milliseconds;

// ----- Choosing a move --------------------------------------------------------------------------

/// Chooses a move for the side to move of `board` with `searcher`, answering by `deadline` (or
/// at once when `stop` is raised): the player's choice (examples::choose_move), or with too
/// little time left for α-β the one-ply Greedy choice. An α-β search first gives the searcher
/// the table `config` asks for (a game starts with none: see Protocol::prepare_table), its
/// allocation then counted in the move's time. The position is unchanged on return.
[[nodiscard]] inline examples::Choice choose(AnyBoard& board, GomokuSearcher& searcher,
                                             const examples::PlayerConfig& config,
                                             Clock::time_point deadline,
                                             const std::atomic<bool>* stop) {
    if (config.kind == examples::PlayerConfig::Kind::AlphaBeta &&
        deadline - Clock::now() < instant_budget) {
        examples::Choice choice;
        choice.search = searcher.quick_move(board);
        choice.move = choice.search.best_move ? choice.search.best_move : board.any_legal_point();
        return choice;
    }
    return examples::choose_move(board, searcher, config, deadline, stop);
}

// ----- The protocol ----------------------------------------------------------------------------

/// Settings fixed when the engine starts (command-line options).
struct EngineOptions {
    /// The player: its own limits apply, and the protocol's time, memory, depth and node limits
    /// lower them further.
    examples::PlayerConfig player;
    /// The rule until INFO rule says otherwise.
    RuleSpec rule{RuleId::Freestyle};
    /// Send one MESSAGE line (depth, value, nodes, time) before each move.
    bool messages = true;
    /// The version ABOUT reports.
    std::string version = "0";
};

/// The protocol state machine. Feed it every line in order; it answers with zero or more lines.
///
/// Errors never change the state: a command that is malformed or impossible here (a move off the
/// board or on a stone, an unsupported size, a move before START) answers `ERROR reason`, an
/// unknown one `UNKNOWN text`, and the engine goes on as before.
class Protocol {
public:
    explicit Protocol(EngineOptions options = {})
        : options_(std::move(options)), rule_(options_.rule),
          // No table until the manager has said how much memory there is (INFO max_memory,
          // which c-gomoku-cli sends after START: a table made before would be sized without
          // the limit); then prepare_table gives it one, or else the first α-β search does.
          searcher_(examples::tableless_searcher_options(options_.player)) {}

    /// Handles one line (a trailing CR is ignored) and returns the answer: complete lines, each
    /// ending in '\n', or nothing. A move request searches on the calling thread until the move
    /// budget, counted from `received` (when the line arrived), runs out, a limit is reached, or
    /// `stop` is raised.
    [[nodiscard]] std::string handle(std::string_view line, const std::atomic<bool>* stop = nullptr,
                                     Clock::time_point received = Clock::now()) {
        out_.clear();
        searched_ = false;
        stop_ = stop;
        received_ = received;
        line = trim(line);
        if (block_ && collect(line))
            return std::move(out_);
        if (!line.empty())
            dispatch(line);
        return std::move(out_);
    }

    /// Answers a line that was too long to read and was discarded (input.hpp's read_line): one
    /// `ERROR line too long (N bytes max)`. The line counts for nothing else, except that a
    /// block being read (BOARD ... DONE) has lost one of its lines: its DONE is then answered
    /// with an ERROR instead of playing from an incomplete position.
    [[nodiscard]] std::string refuse_long_line(std::size_t max_bytes) {
        out_.clear();
        searched_ = false;
        error("line too long (" + std::to_string(max_bytes) + " bytes max)");
        if (block_)
            block_->lose_line("one of its lines was too long");
        return std::move(out_);
    }

    /// Answers the lines the input queue dropped while the engine was busy (input.hpp's
    /// InputQueue): one `ERROR N lines dropped ...`. A block being read has lost lines: its
    /// DONE is then answered with an ERROR.
    [[nodiscard]] std::string refuse_dropped_lines(std::size_t count) {
        out_.clear();
        searched_ = false;
        error(std::to_string(count) + (count == 1 ? " line" : " lines") +
              " dropped: input came faster than the engine answers (at most " +
              std::to_string(max_queued_lines) + " lines, " +
              std::to_string(max_queued_bytes / mebibyte) + " MiB wait)");
        if (block_)
            block_->lose_line("lines of it were dropped");
        return std::move(out_);
    }

    /// The largest hash table (MiB) the engine may hold until the next line: the one it has,
    /// or the one its next α-β search would make under the limits announced.
    [[nodiscard]] std::size_t table_megabytes_at_most() const {
        const examples::PlayerConfig config = player_config();
        const std::size_t next =
            config.kind == examples::PlayerConfig::Kind::AlphaBeta ? config.hash_megabytes : 0;
        return std::max(searcher_.table_megabytes(), next);
    }

    /// True when the last handle() searched for a move (its answer is stale once END is read).
    [[nodiscard]] bool searched() const noexcept { return searched_; }

    /// True once END has been handled: the caller should exit.
    [[nodiscard]] bool finished() const noexcept { return finished_; }

    /// The game's board, or nullptr before START (for tests).
    [[nodiscard]] const AnyBoard* board() const noexcept { return board_ ? &*board_ : nullptr; }
    /// The engine's searcher (for tests).
    [[nodiscard]] const GomokuSearcher& searcher() const noexcept { return searcher_; }

    /// The time limits announced so far (for tests).
    [[nodiscard]] const TimeControl& time_control() const noexcept { return time_; }

    /// The configured player under the limits the manager has announced.
    [[nodiscard]] examples::PlayerConfig player_config() const {
        examples::PlayerConfig c = options_.player;
        c.hash_megabytes = hash_megabytes_within(c.hash_megabytes, max_memory_);
        if (max_depth_)
            c.depth = std::min(c.depth.value_or(*max_depth_), *max_depth_);
        if (max_nodes_)
            c.nodes = std::min(c.nodes.value_or(*max_nodes_), *max_nodes_);
        if (threads_)
            c.threads = *threads_;
        // Time saved on one move helps only a game with a match clock; with a turn time alone
        // every move may use all of its own.
        c.save_time = time_.match > milliseconds::zero() || time_.left.has_value();
        return c;
    }

private:
    // ----- Output

    /// Sends a line the engine made itself (a move, OK, FORBID, ABOUT, a search's MESSAGE).
    void say(std::string_view text) {
        out_.append(text);
        out_ += '\n';
    }
    /// Sends `kind` (ERROR, UNKNOWN, MESSAGE) and `reason`, which may quote received text:
    /// through notice_line, so that no control character and no long excerpt goes out.
    void notice(std::string_view kind, std::string_view reason) {
        say(notice_line(std::string(kind) + " " + std::string(reason)));
    }
    void error(std::string_view reason) { notice("ERROR", reason); }

    // ----- Dispatch

    void dispatch(std::string_view line) {
        const auto [word, rest] = split_word(line);
        const std::string command = to_upper_ascii(word);
        if (command == "START")
            start(rest);
        else if (command == "RECTSTART")
            rect_start(rest);
        else if (command == "RESTART")
            restart(rest);
        else if (command == "BEGIN")
            begin(rest);
        else if (command == "TURN")
            turn(rest);
        else if (command == "PLAY")
            play_given(rest);
        else if (command == "BOARD")
            open_block(BlockKind::Board, rest);
        else if (command == "YXBOARD")
            open_block(BlockKind::YxBoard, rest);
        else if (command == "SWAP2BOARD")
            open_block(BlockKind::Swap2, rest);
        else if (command == "YXBLOCK")
            open_block(BlockKind::Block, rest);
        else if (command == "YXBLOCKUNDO")
            open_block(BlockKind::Unblock, rest);
        else if (command == "YXBLOCKRESET")
            reset_blocked(rest);
        else if (command == "YXNBEST")
            best_lines(rest);
        else if (command == "YXSEARCHDEFEND")
            search_defences(rest);
        else if (command == "YXBALANCEONE")
            balance(rest, BalanceStones::One);
        else if (command == "YXBALANCETWO")
            balance(rest, BalanceStones::Two);
        else if (command == "YXHASHCLEAR")
            clear_hash(rest);
        else if (command == "YXSHOWHASHUSAGE")
            show_hash_usage(rest);
        else if (command == "DONE")
            error("DONE without BOARD, YXBOARD, SWAP2BOARD, YXBLOCK or YXBLOCKUNDO");
        else if (command == "INFO")
            info(rest);
        else if (command == "TAKEBACK")
            take_back(rest);
        else if (command == "ABOUT")
            say("name=\"tengen\", version=\"" + options_.version +
                "\", author=\"The tengen authors\"");
        else if (command == "END")
            finished_ = true;
        else if (command == "YXSHOWFORBID")
            show_forbidden();
        else if (command != "YXSTOP" && command != "STOP") // too late to stop anything here
            notice("UNKNOWN", "command '" + echo(line) + "'");
    }

    /// True (after saying ERROR) when no game has started.
    [[nodiscard]] bool missing_board() {
        if (board_)
            return false;
        error("no game: send START first");
        return true;
    }

    [[nodiscard]] bool no_arguments(std::string_view command, std::string_view rest) {
        if (rest.empty())
            return true;
        error(std::string(command) + " takes no arguments, got '" + echo(rest) + "'");
        return false;
    }

    // ----- Games

    void start(std::string_view rest) {
        const auto size = parse_integer(rest);
        if (!size) {
            error("START needs a board size, got '" + echo(rest) + "'");
            return;
        }
        new_game(*size, *size);
    }

    void rect_start(std::string_view rest) {
        const std::size_t comma = rest.find(',');
        const auto width = parse_integer(rest.substr(0, comma));
        const auto height =
            comma == std::string_view::npos ? std::nullopt : parse_integer(rest.substr(comma + 1));
        if (!width || !height) {
            error("RECTSTART needs width,height, got '" + echo(rest) + "'");
            return;
        }
        new_game(*width, *height);
    }

    void new_game(std::int64_t width, std::int64_t height) {
        constexpr std::int64_t sane_side = 1000;
        if (width < 1 || height < 1 || width > sane_side || height > sane_side) {
            error("unsupported board size " + std::to_string(width) + "x" + std::to_string(height));
            return;
        }
        const int w = static_cast<int>(width);
        const int h = static_cast<int>(height);
        blocked_.clear();
        if (board_ && board_->rule() == rule_) {
            if (auto failure = board_->resize(w, h))
                error(failure->message);
            else
                say("OK");
            return;
        }
        auto made = make_board(rule_, w, h);
        if (!made) {
            error(made.error().message);
            return;
        }
        install(std::move(made).value());
        say("OK");
    }

    /// Makes `next` the game's board and gives the searcher its table when the manager has
    /// said how much memory there is (prepare_table).
    void install(AnyBoard next) {
        board_.emplace(std::move(next));
        prepare_table();
    }

    void restart(std::string_view rest) {
        if (missing_board() || !no_arguments("RESTART", rest))
            return;
        blocked_.clear();
        if (board_->rule() != rule_) {
            auto made = make_board(rule_, board_->width(), board_->height());
            if (made) {
                install(std::move(made).value());
                say("OK");
                return;
            }
        }
        board_->clear();
        say("OK");
    }

    void begin(std::string_view rest) {
        if (missing_board() || !no_arguments("BEGIN", rest))
            return;
        answer_move();
    }

    /// Parses `x,y` and checks it can be played now; says ERROR and returns nothing otherwise.
    [[nodiscard]] std::optional<Point> playable_point(std::string_view text) {
        const auto point = parse_gomocup_point(text);
        if (!point) {
            error(point.error().message);
            return std::nullopt;
        }
        switch (board_->check_move(*point)) {
        case MoveError::None:
            return *point;
        case MoveError::OffBoard:
            error("point " + to_gomocup(*point) + " is off the " + std::to_string(board_->width()) +
                  "x" + std::to_string(board_->height()) + " board");
            break;
        case MoveError::Occupied:
            error("point " + to_gomocup(*point) + " is occupied");
            break;
        default:
            error("the game is over");
            break;
        }
        return std::nullopt;
    }

    /// Plays the point `text` names for the side to move when it can be played now; says
    /// ERROR and returns nothing otherwise.
    [[nodiscard]] std::optional<Point> play_received(std::string_view text) {
        if (missing_board())
            return std::nullopt;
        const auto point = playable_point(text);
        if (point)
            (void)board_->try_play(*point);
        return point;
    }

    /// TURN x,y: the opponent's move, then the engine's answer. A move that ends the game is
    /// taken back and refused: the manager, not the engine, judges the end of a game.
    void turn(std::string_view rest) {
        const auto point = play_received(rest);
        if (!point)
            return;
        if (const GameResult r = board_->result(); r.is_over()) {
            (void)board_->try_undo();
            error("the game is over after " + to_gomocup(*point) + " (" +
                  std::string(to_string(r.reason)) + ")");
            return;
        }
        answer_move();
    }

    /// PLAY x,y: the manager makes the engine play `x,y` (after a SUGGEST); it echoes the move.
    void play_given(std::string_view rest) {
        if (const auto point = play_received(rest))
            say(to_gomocup(*point));
    }

    void take_back(std::string_view rest) {
        if (missing_board())
            return;
        const auto point = parse_gomocup_point(rest);
        if (!point) {
            error(point.error().message);
            return;
        }
        const std::vector<Stone> stones = board_->stones();
        if (stones.empty() || stones.back().point != *point) {
            error("TAKEBACK " + to_gomocup(*point) + ": only the last stone can be taken back");
            return;
        }
        (void)board_->try_undo();
        say("OK");
    }

    /// Searches, plays and announces the engine's move in the current position.
    void answer_move() {
        if (const GameResult r = board_->result(); r.is_over()) {
            error("the game is over (" + std::string(to_string(r.reason)) + ")");
            return;
        }
        if (!blocked_.empty() && searches()) {
            answer_lines(1, LineReport::Summary);
            return;
        }
        searched_ = true;
        const auto choice =
            choose(*board_, searcher_, player_config(), received_ + move_budget(time_), stop_);
        if (!choice.move) {
            error("no move is possible");
            return;
        }
        (void)board_->try_play(*choice.move);
        if (options_.messages) {
            const SearchResult<Point>& s = choice.search;
            say("MESSAGE depth " + std::to_string(s.depth) + ", value " + describe_value(s.value) +
                ", " + std::to_string(s.stats.nodes) + " nodes, " +
                std::to_string(s.stats.elapsed.count() / 1000) + " ms");
        }
        say(to_gomocup(*choice.move));
    }

    /// True when the configured player searches with α-β (the multi-PV commands need it).
    [[nodiscard]] bool searches() const {
        return options_.player.kind == examples::PlayerConfig::Kind::AlphaBeta;
    }

    /// What answer_lines says before the move.
    enum class LineReport : std::uint8_t {
        Summary, ///< the usual MESSAGE of a move (depth, value, nodes, time)
        Lines,   ///< one MESSAGE a line searched, best first (YXNBEST)
        Holding  ///< one MESSAGE with every move that does not lose by force (YXSEARCHDEFEND)
    };

    /// The `lines` best moves, each searched to the same depth (GomokuSearcher::search_lines)
    /// within the move's time, the blocked moves left out; reports them as `report` says, then
    /// plays and answers the best. For an α-β player only (see searches()).
    void answer_lines(std::size_t lines, LineReport report) {
        if (const GameResult r = board_->result(); r.is_over()) {
            error("the game is over (" + std::string(to_string(r.reason)) + ")");
            return;
        }
        searched_ = true;
        const examples::PlayerConfig config = player_config();
        searcher_.set_options(examples::searcher_options(config, searcher_.options()));
        SearchLimits limits = examples::limits_of(config);
        limits.deadline = received_ + move_budget(time_);
        limits.stop = stop_;
        const std::vector<SearchResult<Point>> found =
            searcher_.search_lines(*board_, limits, lines, blocked_);
        if (!found.front().best_move) {
            error(blocked_.empty() ? "no move is possible" : "every legal move is blocked");
            return;
        }
        const SearchResult<Point>& best = found.front();
        if (report == LineReport::Lines) {
            for (std::size_t i = 0; i < found.size(); ++i) {
                std::string pv;
                for (const Point p : found[i].pv) {
                    if (!pv.empty())
                        pv += ' ';
                    pv += to_gomocup(p);
                }
                say("MESSAGE line " + std::to_string(i + 1) + ": " +
                    to_gomocup(*found[i].best_move) + ", value " + describe_value(found[i].value) +
                    ", depth " + std::to_string(found[i].depth) + ", pv " + pv);
            }
        } else if (report == LineReport::Holding) {
            std::string holding;
            for (const SearchResult<Point>& r : found)
                if (!is_decisive(r.value) || r.value > 0)
                    holding += ' ' + to_gomocup(*r.best_move);
            say("MESSAGE moves that hold:" + (holding.empty() ? std::string(" none") : holding) +
                " (of " + std::to_string(found.size()) + " searched to depth " +
                std::to_string(best.depth) + ")");
        }
        if (options_.messages && report != LineReport::Holding)
            say("MESSAGE depth " + std::to_string(best.depth) + ", value " +
                describe_value(best.value) + ", " + std::to_string(best.stats.nodes) + " nodes, " +
                std::to_string(best.stats.elapsed.count() / 1000) + " ms");
        (void)board_->try_play(*best.best_move);
        say(to_gomocup(*best.best_move));
    }

    /// YXNBEST n: the n best moves (n from 1 to max_best_lines), then the best played.
    void best_lines(std::string_view rest) {
        constexpr std::int64_t max_best_lines = 1000;
        if (missing_board())
            return;
        const auto count = parse_integer(rest);
        if (!count || *count < 1 || *count > max_best_lines) {
            error("YXNBEST needs a number of moves from 1 to " + std::to_string(max_best_lines) +
                  ", got '" + echo(rest) + "'");
            return;
        }
        if (!searches()) {
            error("YXNBEST needs an alpha-beta player (--level 3 or more)");
            return;
        }
        answer_lines(static_cast<std::size_t>(*count), LineReport::Lines);
    }

    /// YXSEARCHDEFEND: every move searched to the same depth; the ones not proven to lose are
    /// reported, then the best is played.
    void search_defences(std::string_view rest) {
        if (missing_board() || !no_arguments("YXSEARCHDEFEND", rest))
            return;
        if (!searches()) {
            error("YXSEARCHDEFEND needs an alpha-beta player (--level 3 or more)");
            return;
        }
        const auto cells = static_cast<std::size_t>(board_->width() * board_->height());
        answer_lines(cells, LineReport::Holding);
    }

    /// How many stones a balance command places.
    enum class BalanceStones : std::uint8_t { One, Two };

    /// YXBALANCEONE [bias] and YXBALANCETWO [bias]: the move (or the side to move's move and
    /// the opponent's reply) after which the position is as near balanced as the engine can
    /// judge within the turn time: its value for the side to move before them as near `bias`
    /// (default 0) as any (balance_one, balance_two), the blocked points left out. Plays and
    /// answers them (two as `x,y x,y`).
    void balance(std::string_view rest, BalanceStones stones) {
        const std::string_view name =
            stones == BalanceStones::One ? "YXBALANCEONE" : "YXBALANCETWO";
        if (missing_board())
            return;
        std::int64_t bias = 0;
        if (!rest.empty()) {
            const auto given = parse_integer(rest);
            constexpr std::int64_t largest_bias = 100'000;
            if (!given || *given < -largest_bias || *given > largest_bias) {
                error(std::string(name) + " takes a bias from -100000 to 100000, got '" +
                      echo(rest) + "'");
                return;
            }
            bias = *given;
        }
        if (!searches()) {
            error(std::string(name) + " needs an alpha-beta player (--level 3 or more)");
            return;
        }
        if (const GameResult r = board_->result(); r.is_over()) {
            error("the game is over (" + std::string(to_string(r.reason)) + ")");
            return;
        }
        searched_ = true;
        const examples::PlayerConfig config = player_config();
        searcher_.set_options(examples::searcher_options(config, searcher_.options()));
        SearchLimits limits = examples::limits_of(config);
        limits.deadline = received_ + move_budget(time_);
        limits.stop = stop_;
        BalanceOptions options;
        options.bias = static_cast<Value>(bias);
        options.excluded = blocked_;
        const BalanceResult found = stones == BalanceStones::One
                                        ? balance_one(searcher_, *board_, limits, options)
                                        : balance_two(searcher_, *board_, limits, options);
        if (found.moves.empty()) {
            error(stones == BalanceStones::Two ? "no two moves leave the game going"
                  : blocked_.empty()           ? "no move is possible"
                                               : "every legal move is blocked");
            return;
        }
        std::string moves;
        for (const Point p : found.moves) {
            (void)board_->try_play(p);
            moves += (moves.empty() ? "" : " ") + to_gomocup(p);
        }
        say("MESSAGE balance: " + moves + ", value " + describe_value(found.value) + ", depth " +
            std::to_string(found.depth));
        say(moves);
    }

    /// YXBLOCKRESET: no move is blocked any more.
    void reset_blocked(std::string_view rest) {
        if (missing_board() || !no_arguments("YXBLOCKRESET", rest))
            return;
        blocked_.clear();
    }

    /// YXHASHCLEAR: the table forgets everything it learnt.
    void clear_hash(std::string_view rest) {
        if (!no_arguments("YXHASHCLEAR", rest))
            return;
        searcher_.clear_table();
        say("MESSAGE hash table cleared");
    }

    /// YXSHOWHASHUSAGE: how full the table is, in per cent with one decimal.
    void show_hash_usage(std::string_view rest) {
        if (!no_arguments("YXSHOWHASHUSAGE", rest))
            return;
        constexpr int permille_per_percent = 10;
        const int permille = searcher_.table().hashfull();
        say("MESSAGE hash table " + std::to_string(permille / permille_per_percent) + "." +
            std::to_string(permille % permille_per_percent) + "% full");
    }

    // ----- BOARD, YXBOARD, SWAP2BOARD

    void open_block(BlockKind kind, std::string_view rest) {
        if (missing_board() || !no_arguments(std::string(block_name(kind)), rest))
            return;
        block_.emplace(kind);
    }

    /// Reads one line of the open block. Returns false when the line is not part of the block
    /// (which is then abandoned with an ERROR, and the line handled as a command).
    [[nodiscard]] bool collect(std::string_view line) {
        switch (block_->read(line)) {
        case BoardBlock::Read::Taken:
            return true;
        case BoardBlock::Read::Done: {
            const BoardBlock block = std::move(*block_);
            block_.reset();
            finish_block(block);
            return true;
        }
        case BoardBlock::Read::NotPart:
            error(std::string(block_->name()) + " abandoned: '" + echo(line) +
                  "' came before DONE");
            block_.reset();
            return false;
        }
        return false;
    }

    void finish_block(const BoardBlock& block) {
        const std::string name(block.name());
        if (block.error()) {
            error(name + ": " + *block.error());
            return;
        }
        if (block.kind() == BlockKind::Swap2) {
            swap2(block.lines());
            return;
        }
        if (block.kind() == BlockKind::Block || block.kind() == BlockKind::Unblock) {
            change_blocked(block);
            return;
        }
        const auto stones = block.stones_with_own_side_to_move();
        if (!stones) {
            error(name + ": " + stones.error().message);
            return;
        }
        if (auto failure = board_->set_position(*stones)) {
            error(name + ": " + failure->message);
            return;
        }
        if (block.kind() == BlockKind::Board)
            answer_move();
    }

    /// SWAP2BOARD: no stones, propose an opening of three (swap2_opening); three stones, take
    /// Black ("SWAP"), take White and play its move, or place two more (swap2_second); five,
    /// take Black or White (swap2_final). Each judged by the engine's search in the turn time.
    void swap2(const std::vector<BoardLine>& lines) {
        constexpr std::size_t opening_stones = 3;
        constexpr std::size_t extended_stones = 5;
        const std::size_t count = lines.size();
        if (count != 0 && count != opening_stones && count != extended_stones) {
            error("SWAP2BOARD takes 0, 3 or 5 stones, got " + std::to_string(count));
            return;
        }
        std::vector<Stone> stones;
        for (std::size_t i = 0; i < count; ++i)
            stones.push_back({lines[i].point, i % 2 == 0 ? Color::Black : Color::White});
        if (auto failure = board_->set_position(stones)) {
            error("SWAP2BOARD: " + failure->message);
            return;
        }
        const examples::PlayerConfig config = player_config();
        SearchLimits limits = examples::limits_of(config);
        limits.deadline = received_ + move_budget(time_);
        limits.stop = stop_;
        if (count == 0 || !searches()) {
            // Without a search (a Greedy player, or no time): a fixed opening, or a side by
            // the one-move choice.
            if (count == 0)
                propose_opening(limits);
            else
                decide_quickly();
            return;
        }
        searched_ = true;
        searcher_.set_options(examples::searcher_options(config, searcher_.options()));
        const Expected<Swap2Decision> decision = count == opening_stones
                                                     ? swap2_second(searcher_, *board_, limits)
                                                     : swap2_final(searcher_, *board_, limits);
        if (!decision) {
            error("SWAP2BOARD: " + decision.error().message);
            return;
        }
        say("MESSAGE swap2: " + std::string(to_string(decision->choice)) + ", value " +
            describe_value(decision->value) + ", depth " + std::to_string(decision->depth));
        if (decision->choice == Swap2Choice::TakeBlack) {
            say("SWAP");
            return;
        }
        std::string moves;
        for (const Point p : decision->moves) {
            (void)board_->try_play(p);
            moves += (moves.empty() ? "" : " ") + to_gomocup(p);
        }
        say(moves);
    }

    /// An empty SWAP2BOARD: three stones balanced by the search (swap2_opening), or without a
    /// search a fixed shape around the centre.
    void propose_opening(const SearchLimits& limits) {
        std::vector<Point> points;
        if (searches()) {
            searched_ = true;
            searcher_.set_options(examples::searcher_options(player_config(), searcher_.options()));
            const Expected<std::vector<Point>> proposed = swap2_opening(searcher_, *board_, limits);
            if (!proposed) {
                error("SWAP2BOARD: " + proposed.error().message);
                return;
            }
            points = *proposed;
        } else {
            const int cx = board_->width() / 2;
            const int cy = board_->height() / 2;
            points = {Point(cx, cy), Point(cx + 1, cy + 1), Point(cx + 2, cy)};
        }
        for (const Point p : points)
            (void)board_->try_play(p);
        say(to_gomocup(points[0]) + " " + to_gomocup(points[1]) + " " + to_gomocup(points[2]));
    }

    /// Three or five stones without a search: the one-move choice for White decides.
    void decide_quickly() {
        const auto choice =
            choose(*board_, searcher_, player_config(), received_ + move_budget(time_), stop_);
        if (!choice.move || choice.search.value < 0) {
            say("SWAP");
            return;
        }
        (void)board_->try_play(*choice.move);
        say(to_gomocup(*choice.move));
    }

    /// YXBLOCK and YXBLOCKUNDO: the points join or leave the moves every search leaves out,
    /// all of them or, when one is off the board, none.
    void change_blocked(const BoardBlock& block) {
        for (const BoardLine& l : block.lines())
            if (!board_->contains(l.point)) {
                error(std::string(block.name()) + ": point " + to_gomocup(l.point) +
                      " is off the board");
                return;
            }
        for (const BoardLine& l : block.lines()) {
            const auto at = std::find(blocked_.begin(), blocked_.end(), l.point);
            if (block.kind() == BlockKind::Block && at == blocked_.end())
                blocked_.push_back(l.point);
            else if (block.kind() == BlockKind::Unblock && at != blocked_.end())
                blocked_.erase(at);
        }
    }

    // ----- INFO and Yixin queries

    /// INFO key value. The keys the engine uses take whole numbers, all >= 0 but time_left's
    /// (the protocol lets the time left go negative: it counts as 0). A value that is not such a
    /// number is answered by one warning MESSAGE (see bad_info) and changes nothing: the previous
    /// value stays. Unknown keys and the keys the engine does not use are accepted silently.
    void info(std::string_view rest) {
        const auto [word, value_text] = split_word(rest);
        const std::string key = to_lower_ascii(word);
        constexpr std::array<std::string_view, 8> used_keys = {
            "timeout_turn", "timeout_match", "time_left", "max_memory",
            "rule",         "max_depth",     "max_node",  "thread_num"};
        // game_type, evaluate and folder mean nothing to this engine.
        if (std::find(used_keys.begin(), used_keys.end(), key) == used_keys.end())
            return;
        const auto value = parse_integer(value_text);
        if (!value) {
            bad_info(key, "must be a whole number", value_text);
            return;
        }
        if (*value < 0 && key != "time_left") {
            bad_info(key, "must be >= 0", value_text);
            return;
        }
        const auto as_ms = [](std::int64_t v) {
            return milliseconds(std::clamp<std::int64_t>(v, 0, unlimited_time_left));
        };
        if (key == "timeout_turn") {
            time_.turn = as_ms(*value);
        } else if (key == "timeout_match") {
            time_.match = as_ms(*value);
        } else if (key == "time_left") {
            if (*value >= unlimited_time_left)
                time_.left.reset();
            else
                time_.left = as_ms(*value);
        } else if (key == "max_memory") {
            max_memory_ = static_cast<std::uint64_t>(*value);
            memory_announced_ = true;
            prepare_table();
        } else if (key == "rule") {
            if (const auto spec = rule_from_info(*value))
                change_rule(*spec);
        } else if (key == "max_depth") {
            constexpr std::int64_t deepest = 64;
            max_depth_.reset();
            if (*value > 0)
                max_depth_ = static_cast<int>(std::min(*value, deepest));
        } else if (key == "max_node") {
            max_nodes_.reset();
            if (*value > 0)
                max_nodes_ = *value;
        } else if (key == "thread_num") {
            // 0 (no count given) searches on one thread; more threads than the searcher takes,
            // on as many as it takes.
            threads_ =
                static_cast<int>(std::clamp<std::int64_t>(*value, 1, SearcherOptions::max_threads));
        }
    }

    /// Answers an INFO value the engine cannot take: `MESSAGE INFO key must be ..., got '...'
    /// (ignored; the previous value stays)`. A MESSAGE rather than an ERROR, because INFO has no
    /// answer: a manager takes the next line it reads as the answer to its next command, and the
    /// protocol lets a MESSAGE come before any answer, while an ERROR could be taken for one
    /// (after START it refuses the game; Piskvork stops an engine that answers a move request
    /// with anything but a move). See docs/pbrain.md, *INFO keys*. Sent with --quiet too.
    void bad_info(std::string_view key, std::string_view requirement, std::string_view value_text) {
        notice("MESSAGE", "INFO " + std::string(key) + " " + std::string(requirement) + ", got '" +
                              echo(value_text) + "' (ignored; the previous value stays)");
    }

    /// Gives an α-β game its table outside any move's time: once the manager has announced the
    /// memory limit (INFO max_memory), the table the limit allows, at once (at the announcement,
    /// and for each new game). Without an announcement the first search allocates it (choose),
    /// and only a table over the limit is shrunk here. The allocation of a few hundred MiB
    /// takes about 100 ms, which a first move at 300 ms could not spare.
    void prepare_table() {
        if (!board_)
            return;
        const examples::PlayerConfig config = player_config();
        if (config.kind != examples::PlayerConfig::Kind::AlphaBeta)
            return;
        if (memory_announced_ || searcher_.table_megabytes() > config.hash_megabytes)
            searcher_.set_table_megabytes(config.hash_megabytes);
    }

    /// A new rule applies at once, to the game in progress: its stones are set up again under
    /// the new rule. If that fails (the stones make a finished game under it), the game goes on
    /// under the old rule and the new one applies from the next START or RESTART.
    void change_rule(RuleSpec spec) {
        rule_ = spec;
        if (!board_ || board_->rule() == spec)
            return;
        auto made = make_board(spec, board_->width(), board_->height());
        if (!made)
            return;
        AnyBoard next = std::move(made).value();
        if (!next.set_position(board_->stones()))
            install(std::move(next));
    }

    /// YXSHOWFORBID: `FORBID ` + `xxyy` for each point forbidden to Black (renju, Black to
    /// move) + `.`.
    void show_forbidden() {
        if (missing_board())
            return;
        std::string line = "FORBID ";
        if (board_->has_forbidden_moves() && board_->side_to_move() == Color::Black &&
            !board_->result().is_over()) {
            const auto two_digits = [](int v) {
                return std::string(v < 10 ? "0" : "") + std::to_string(v);
            };
            for (Point p : board_->forbidden_points())
                line += two_digits(p.x()) + two_digits(p.y());
        }
        line += '.';
        say(line);
    }

    EngineOptions options_;
    RuleSpec rule_; ///< the rule of the next game (and of this one, unless a change failed)
    std::optional<AnyBoard> board_; ///< the game; none before START
    GomokuSearcher searcher_;       ///< the engine, its table kept across moves and games
    TimeControl time_;
    std::uint64_t max_memory_ = 0;  ///< bytes; 0 = no limit
    std::optional<int> threads_;    ///< INFO thread_num; unset, the player's own count
    bool memory_announced_ = false; ///< an INFO max_memory has come (0 too)
    std::optional<int> max_depth_;
    std::optional<std::int64_t> max_nodes_;
    std::optional<BoardBlock> block_; ///< the multi-line command being read, if any
    std::vector<Point> blocked_;      ///< moves every search leaves out (YXBLOCK)
    bool finished_ = false;
    bool searched_ = false;
    std::string out_;
    const std::atomic<bool>* stop_ = nullptr;
    Clock::time_point received_; ///< when the line being handled arrived
};

} // namespace tengen::pbrain
