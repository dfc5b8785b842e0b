#pragma once
/// \file
/// One game tengen_web holds: its position, seats and tokens, opening rule and clock, and what
/// the players may do to it. Each action checks the request against the game (whose turn, the
/// clock, the opening, the mode's undo rules) and returns the ApiError the API answers with, so
/// that the server's routes only read requests and write answers.

#include "game_clock.hpp"
#include "opening.hpp"
#include "position.hpp"
#include "reversi_position.hpp"

#include <tengen/tengen.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tengen::web {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

/// Random bits in a seat token, in 32-bit words.
inline constexpr int token_words = 4;
/// How often a waiting long poll looks whether its client is still there.
inline constexpr milliseconds poll_slice{250};

/// How the seats of a game are taken.
enum class Mode : std::uint8_t {
    Engine,  ///< one human against the engine
    Local,   ///< two humans at one screen, one token for both seats
    Network, ///< two humans on two browsers, one token per seat
};

inline std::string to_string(Mode m) {
    switch (m) {
    case Mode::Engine:
        return "engine";
    case Mode::Local:
        return "local";
    case Mode::Network:
        return "network";
    }
    return "unknown";
}

/// Random lower-case hex of `words` 32-bit words, from the system's entropy source.
inline std::string random_hex(int words) {
    static std::mutex mutex;
    static std::random_device device;
    const std::lock_guard lock(mutex);
    std::string out;
    constexpr std::string_view digits = "0123456789abcdef";
    for (int i = 0; i < words; ++i) {
        auto word = static_cast<std::uint32_t>(device());
        for (int nibble = 0; nibble < 8; ++nibble, word >>= 4)
            out += digits[word & 0xfu];
    }
    return out;
}

/// Compares a secret with a guess in time that does not depend on where they first differ.
inline bool same_secret(std::string_view secret, std::string_view guess) {
    if (secret.empty() || secret.size() != guess.size())
        return false;
    unsigned diff = 0;
    for (std::size_t i = 0; i < secret.size(); ++i)
        diff |= static_cast<unsigned>(static_cast<unsigned char>(secret[i]) ^
                                      static_cast<unsigned char>(guess[i]));
    return diff == 0;
}

/// The colours a token may act for.
using Seats = std::vector<Color>;

/// A step of an opening rule as the page asks for it: exactly one of the three is set.
struct OpeningRequest {
    std::optional<std::string> choice; ///< a choice of a Choose step ("stay", "swap", ...)
    std::optional<Point> offer;        ///< a 5th move put forward
    std::optional<Point> select;       ///< the offered 5th move taken
};

/// A record of a game as a download.
struct RecordFile {
    std::string name; ///< the file name offered
    std::string text;
    std::string type; ///< its Content-Type
};

/// One game: its position, its seats and what the long polls wait on. Every member but the
/// constants is guarded by `mutex`, and every method but the constructor needs it held; the
/// engine's search runs without it.
struct HostedGame {
    HostedGame(std::string game_id, std::string creator, Mode game_mode, int engine_level,
               std::unique_ptr<Position> pos)
        : id(std::move(game_id)), owner(std::move(creator)), mode(game_mode), level(engine_level),
          position(std::move(pos)), touched(Clock::now()) {}

    const std::string id;
    const std::string owner; ///< the address of the client that created it
    const Mode mode;
    const int level;                   ///< the engine's level (Mode::Engine only)
    std::array<bool, 2> engine_seat{}; ///< by index_of(Color)
    std::array<std::string, 2> tokens; ///< by index_of(Color); empty for the engine's seat

    std::mutex mutex;
    std::condition_variable changed; ///< notified whenever `version` grows or the game closes
    std::unique_ptr<Position> position;
    std::uint64_t version = 1;     ///< grows with every change the page can see
    std::uint64_t generation = 0;  ///< grows on undo: a search started before it is discarded
    bool engine_busy = false;      ///< a worker holds this game (thinking or about to)
    bool closed = false;           ///< removed from the lobby; waiters must leave
    std::array<bool, 2> joined{};  ///< a browser with the seat's token has looked (network)
    std::atomic<bool> stop{false}; ///< stops the running search
    Clock::time_point touched;
    std::string note; ///< the last event worth telling ("Black passes"), or empty
    /// Stops the analyses of the current position: set, and replaced by a fresh flag, when the
    /// position changes (a move, an undo) or the game closes.
    std::shared_ptr<std::atomic<bool>> analysis_stop = std::make_shared<std::atomic<bool>>(false);
    Opening opening;                 ///< the opening rule's state
    std::optional<GameClock> clock;  ///< games between humans with a clock
    std::optional<Color> time_loser; ///< the side whose time ran out

    /// Seats the creator on `creator`'s side, the other seat going to the engine, to the same
    /// token (Mode::Local) or to a fresh one (Mode::Network), and starts the opening rule and
    /// the clock. Returns the creator's token.
    std::string seat_creator(Color creator, const Opening& rule,
                             const std::optional<ClockSettings>& settings) {
        opening = rule;
        if (settings) {
            clock.emplace(*settings);
            clock_turn(Clock::now());
        }
        const std::string token = random_hex(token_words);
        tokens[index_of(creator)] = token;
        joined[index_of(creator)] = true;
        if (mode == Mode::Engine)
            engine_seat[index_of(opponent(creator))] = true;
        else if (mode == Mode::Local)
            tokens[index_of(opponent(creator))] = token;
        else
            tokens[index_of(opponent(creator))] = random_hex(token_words);
        return token;
    }

    /// The colours `token` may move for.
    [[nodiscard]] Seats seats_of(std::string_view token) const {
        Seats seats;
        for (Color c : {Color::Black, Color::White})
            if (same_secret(tokens[index_of(c)], token))
                seats.push_back(c);
        return seats;
    }

    /// True once the game has ended, by the board or by the clock.
    [[nodiscard]] bool over() const { return time_loser.has_value() || position->is_over(); }

    /// The seat that acts now: the side to move, or the seat the opening rule asks.
    [[nodiscard]] Color actor() const { return opening.actor(position->side_to_move()); }

    /// True when the engine's seat acts now: its move, or a step of the opening rule.
    [[nodiscard]] bool engine_acts() const { return !over() && engine_seat[index_of(actor())]; }

    /// What the engine is asked in the opening now, or nothing when the opening is over or
    /// asks something the engine does not play. Meaningful when engine_acts().
    [[nodiscard]] std::optional<OpeningTask> engine_opening_task() const {
        if (opening.opening_over())
            return std::nullopt;
        if (opening.rule() == OpeningRule::Taraguchi10) {
            switch (opening.step().action) {
            case OpeningAction::Place:
                return OpeningTask::TaraguchiStone;
            case OpeningAction::Choose:
                return opening.step().choices.size() == 2 ? OpeningTask::TaraguchiSwap
                                                          : OpeningTask::TaraguchiFifth;
            case OpeningAction::Select:
                return OpeningTask::TaraguchiSelect;
            case OpeningAction::Offer: // the engine offers with its choice
                return std::nullopt;
            }
            return std::nullopt;
        }
        if (opening.rule() != OpeningRule::Swap2)
            return std::nullopt;
        constexpr int three_stones = 3;
        constexpr int five_stones = 5;
        const int moves = position->move_count();
        const OpeningAction action = opening.step().action;
        if (action == OpeningAction::Place && moves == 0)
            return OpeningTask::ProposeThree;
        if (action == OpeningAction::Choose && moves == three_stones)
            return OpeningTask::SecondChoice;
        if (action == OpeningAction::Choose && moves == five_stones)
            return OpeningTask::FinalChoice;
        return std::nullopt;
    }

    /// Takes the engine's opening decision: its choice, then its stones, each refereed as a
    /// human's would be. On a refusal the error says why; what was taken before it stays.
    [[nodiscard]] std::optional<ApiError> take_engine_opening(const OpeningDecision& decision) {
        const auto now = Clock::now();
        if (decision.choice)
            if (const auto e = take_choice(*decision.choice, now))
                return e;
        for (const Point p : decision.stones) {
            if (over())
                return ApiError{status::conflict, "the game is over"};
            if (const auto e = opening.check_stone(p, position->width()))
                return e;
            if (const auto e = position->play(Move{false, p.x(), p.y()}))
                return e;
            opening.stone_placed(position->move_count());
            position_changed();
        }
        for (const Point p : decision.offers) {
            AnyBoard* board = position->gomoku_board();
            if (!board)
                return ApiError{status::conflict, "there is nothing to offer now"};
            if (const auto e = opening.offer(p, *board))
                return e;
        }
        if (decision.selection) {
            const Point p = *decision.selection;
            if (const auto e = opening.check_selection(p))
                return e;
            if (const auto e = position->play(Move{false, p.x(), p.y()}))
                return e;
            opening.stone_placed(position->move_count());
            position_changed();
        }
        note = decision.note;
        clock_turn(now);
        bump();
        return std::nullopt;
    }

    /// Ends the game on time when the acting side's clock has run out at `now`; true if so.
    bool check_clock(Clock::time_point now) {
        if (!clock || over())
            return false;
        const std::optional<Color> loser = clock->flagged(now);
        if (!loser)
            return false;
        time_loser = loser;
        clock->stop(now);
        position_changed();
        bump();
        return true;
    }

    /// After a change of who acts (a move, a choice, an undo): the clock runs for the new actor,
    /// or stops at the end of the game.
    void clock_turn(Clock::time_point now) {
        if (!clock)
            return;
        if (over())
            clock->stop(now);
        else
            clock->switch_to(actor(), now);
    }

    /// The position changed: the analyses of the old one stop.
    void position_changed() {
        analysis_stop->store(true);
        analysis_stop = std::make_shared<std::atomic<bool>>(false);
    }

    void bump() {
        ++version;
        touched = Clock::now();
        changed.notify_all();
    }

    /// Plays `move` for the holder of `seats`: refused (409) when the game is over or it is not
    /// their turn, when the opening rule puts no stone there, or as the position refuses it.
    [[nodiscard]] std::optional<ApiError> play(const Seats& seats, const Move& move) {
        const auto now = Clock::now();
        if (const auto e = refuse_on_time(now))
            return e;
        if (over())
            return ApiError{status::conflict, "the game is over"};
        const Color mover = actor();
        if (!holds(seats, mover))
            return ApiError{status::conflict,
                            "not your turn: " + color_name(mover) +
                                (opening.opening_over() ? " to move" : " acts in the opening")};
        // Only a point on the board is a Point (play() answers the others); the opening's
        // square is asked about those.
        const bool on_board =
            move.x >= 0 && move.y >= 0 && move.x < position->width() && move.y < position->height();
        if (!move.pass && on_board)
            if (const auto e = opening.check_stone(Point(move.x, move.y), position->width()))
                return e;
        if (const auto e = position->play(move))
            return e;
        opening.stone_placed(position->move_count());
        position_changed();
        note.clear();
        if (position->play_forced_passes() > 0)
            note = color_name(opponent(position->side_to_move())) + " has no move and passes";
        // After the passes: the clock runs for whoever must move now.
        clock_turn(now);
        bump();
        return std::nullopt;
    }

    /// Takes back what an undo by the holder of `seats` means in this game's mode: against the
    /// engine, back to the human's last turn (two plies, or one while the engine thinks); at one
    /// screen, one ply; over the network, one's own last move while the opponent has not yet
    /// answered. Never the opening rule's moves, nor a set-up's stones, nor after a loss on time
    /// (409). The clock gives no time back (GameClock::take_back).
    [[nodiscard]] std::optional<ApiError> undo(const Seats& seats) {
        if (const auto e = refuse_on_time(Clock::now()))
            return e;
        if (!opening.opening_over() || (opening.rule() != OpeningRule::None &&
                                        position->move_count() <= opening.moves_at_end()))
            return ApiError{status::conflict, "the opening's moves cannot be taken back"};
        if (const auto e = take_back(seats))
            return e;
        // The side back on move gets its turn back as it was: an undo refills no clock.
        if (clock)
            clock->take_back(actor(), Clock::now());
        ++generation;
        stop = true;
        position_changed();
        note = "move taken back";
        bump();
        return std::nullopt;
    }

    /// Takes a step of the opening rule for the holder of `seats`: refused (409) when the game
    /// or the opening is over or the opening waits for the other seat, or as the opening refuses
    /// the step. A "swap" choice exchanges the seats' tokens.
    [[nodiscard]] std::optional<ApiError> opening_step(const Seats& seats,
                                                       const OpeningRequest& step) {
        const auto now = Clock::now();
        check_clock(now);
        if (over())
            return ApiError{status::conflict, "the game is over"};
        if (opening.opening_over())
            return ApiError{status::conflict, "the opening is over"};
        const Color acting = actor();
        if (!holds(seats, acting))
            return ApiError{status::conflict,
                            "not your turn: the opening waits for " + color_name(acting)};
        if (step.choice) {
            if (const auto e = take_choice(*step.choice, now))
                return e;
        } else if (step.offer) {
            AnyBoard* board = position->gomoku_board();
            if (!board)
                return ApiError{status::conflict, "there is nothing to offer now"};
            if (const auto e = opening.offer(*step.offer, *board))
                return e;
            note.clear();
        } else if (step.select) {
            if (const auto e = opening.check_selection(*step.select))
                return e;
            if (const auto e = position->play(Move{false, step.select->x(), step.select->y()}))
                return e;
            opening.stone_placed(position->move_count());
            position_changed();
            note = to_pos(*step.select) + " selected";
        }
        clock_turn(now);
        bump();
        return std::nullopt;
    }

    /// Marks the seats of `token` as joined, then waits, the lock released, until the game
    /// changes past version `since`, it closes (404), `wait` has passed, or `asker_gone` (asked
    /// every poll_slice, without the lock) says the asker has left. Then `state` is the game as
    /// `token` sees it, or nothing when the asker has left.
    [[nodiscard]] std::optional<ApiError>
    poll(std::unique_lock<std::mutex>& lock, std::string_view token, std::uint64_t since,
         milliseconds wait, const std::function<bool()>& asker_gone, std::optional<Json>& state) {
        bool joined_now = false;
        for (Color c : seats_of(token))
            if (!joined[index_of(c)]) {
                joined[index_of(c)] = true;
                joined_now = true;
            }
        if (joined_now)
            bump();
        check_clock(Clock::now());
        // In slices, so that a poll whose client has gone (a page that moved on to another
        // game aborts its poll) gives its worker and its share of polls back soon.
        const auto until = Clock::now() + wait;
        while (!changed.wait_until(lock, std::min(until, Clock::now() + poll_slice),
                                   [&] { return version > since || closed; })) {
            if (Clock::now() >= until)
                break;
            lock.unlock();
            const bool gone = asker_gone();
            lock.lock();
            if (gone)
                return std::nullopt;
        }
        if (closed)
            return ApiError{status::not_found, "the game has been closed"};
        touched = Clock::now();
        state = describe(token);
        return std::nullopt;
    }

    /// The game as the page sees it through `token` (empty: a spectator).
    [[nodiscard]] Json describe(std::string_view token) const {
        Json state = position->describe();
        if (!state.contains("setup"))
            state["setup"] = nullptr;
        if (time_loser) {
            const Color winner = opponent(*time_loser);
            state["over"] = true;
            state["winner"] = color_name(winner);
            state["reason"] = "time";
            state["result_text"] = capitalized(color_name(winner)) + " wins on time";
            state["forbidden"] = Json::array();
            if (!state["legal"].is_null())
                state["legal"] = Json::array();
        }
        state["actor"] = color_name(actor());
        state["opening"] = opening.describe(seats_of(token));
        state["opening_rule"] = to_string(opening.rule());
        state["clock"] = clock ? clock->describe(Clock::now()) : Json(nullptr);
        state["id"] = id;
        state["mode"] = to_string(mode);
        state["version"] = version;
        state["level"] = mode == Mode::Engine ? Json(level) : Json(nullptr);
        Json seats;
        Json joined_seats;
        for (Color c : {Color::Black, Color::White}) {
            seats[color_name(c)] = engine_seat[index_of(c)] ? "engine" : "human";
            joined_seats[color_name(c)] = joined[index_of(c)];
        }
        state["seats"] = std::move(seats);
        state["joined"] = std::move(joined_seats);
        Json you = Json::array();
        for (Color c : seats_of(token))
            you.push_back(color_name(c));
        state["you"] = std::move(you);
        state["engine"] = nullptr;
        if (mode == Mode::Engine)
            state["engine"] = position->family() == "reversi"
                                  ? "level " + std::to_string(level) + " (" +
                                        std::string(reversi_levels.at(level - 1).description) + ")"
                                  : examples::describe_player(std::to_string(level),
                                                              examples::level_config(level));
        state["thinking"] = engine_busy && engine_acts();
        state["note"] = note;
        return state;
    }

    /// The position after the game's first `ply` moves, described as Position::describe_at
    /// does; 400 past the game's moves. Precondition: ply >= 0.
    [[nodiscard]] std::optional<ApiError> describe_at(std::int64_t ply, Json& state) {
        if (ply > position->move_count())
            return ApiError{status::bad_request,
                            "ply " + std::to_string(ply) + " is past the game's " +
                                std::to_string(position->move_count()) + " moves"};
        touched = Clock::now();
        state = position->describe_at(static_cast<int>(ply));
        state["id"] = id;
        state["ply"] = ply;
        state["version"] = version;
        return std::nullopt;
    }

    /// An analysis of the position after `ply` moves (the current one when not given), stopped
    /// by `analysis_flag`, and `position_changed` the game's flag that says when to set it (it
    /// is set when the position changes); 400 for a ply outside the game, 409 for the final
    /// position of a finished game (a five, a full board or a loss on time), or as the position
    /// refuses the analysis.
    [[nodiscard]] std::optional<ApiError>
    make_analysis(AnalysisRequest request, std::optional<int> ply,
                  std::shared_ptr<const std::atomic<bool>> analysis_flag,
                  std::unique_ptr<Analysis>& analysis,
                  std::shared_ptr<const std::atomic<bool>>& position_changed_flag) {
        const int moves = position->move_count();
        request.ply = ply.value_or(moves);
        if (request.ply < 0 || request.ply > moves)
            return ApiError{status::bad_request,
                            "ply must be from 0 to the game's " + std::to_string(moves) + " moves"};
        // The board does not know about the clock: a loss on time ends the game here.
        check_clock(Clock::now());
        if (time_loser && request.ply == moves)
            return ApiError{status::conflict, "the game is over (" + color_name(*time_loser) +
                                                  " ran out of time): nothing to analyse"};
        position_changed_flag = analysis_stop;
        auto made = position->make_analysis(request, std::move(analysis_flag));
        if (made.error)
            return made.error;
        analysis = std::move(made.analysis);
        touched = Clock::now();
        return std::nullopt;
    }

    /// The game's record of `kind` ("txt": the moves, "psq": Piskvork, "svg": a picture), or 404
    /// where the game has none of that kind.
    [[nodiscard]] std::optional<ApiError> record(std::string_view kind, RecordFile& file) const {
        file.name = "tengen-" + position->rule_name() + "-" + id + "." + std::string(kind);
        file.type = "text/plain; charset=utf-8";
        if (kind == "txt") {
            file.text = position->move_text() + "\n";
        } else if (kind == "psq") {
            const auto psq = position->psq();
            if (!psq)
                return ApiError{status::not_found,
                                "no .psq record for this game (.psq holds gomoku moves from the "
                                "empty board: neither Reversi nor a set-up)"};
            file.text = *psq;
        } else {
            SvgOptions options;
            options.title = "tengen: " + position->rule_name() + " " +
                            std::to_string(position->width()) + "x" +
                            std::to_string(position->height());
            const auto player = [&](Color c) {
                return engine_seat[index_of(c)] ? "tengen level " + std::to_string(level)
                                                : std::string("human");
            };
            options.black_name = player(Color::Black);
            options.white_name = player(Color::White);
            const auto svg = position->svg(options);
            if (!svg)
                return ApiError{status::not_found, "no .svg picture for this game"};
            file.text = *svg;
            file.type = "image/svg+xml";
        }
        return std::nullopt;
    }

private:
    /// Takes the choice `name` of the opening's Choose step for its actor; a "swap" exchanges
    /// the seats, with their tokens and holders (the engine's seat too).
    [[nodiscard]] std::optional<ApiError> take_choice(const std::string& name,
                                                      Clock::time_point now) {
        const Color acting = actor();
        bool swap_seats = false;
        if (const auto e = opening.choose(name, position->move_count(), swap_seats))
            return e;
        if (swap_seats) {
            std::swap(tokens[0], tokens[1]);
            std::swap(joined[0], joined[1]);
            std::swap(engine_seat[0], engine_seat[1]);
            // Time belongs to the player, who now plays the other colour.
            if (clock)
                clock->swap_players(now);
        }
        note = color_name(acting) + (swap_seats ? " swapped colours" : " chose: " + name);
        return std::nullopt;
    }

    [[nodiscard]] static bool holds(const Seats& seats, Color c) {
        return std::find(seats.begin(), seats.end(), c) != seats.end();
    }

    /// The refusal of a move or an undo once a side's time has run out (by `now`).
    [[nodiscard]] std::optional<ApiError> refuse_on_time(Clock::time_point now) {
        check_clock(now);
        if (time_loser)
            return ApiError{status::conflict,
                            "the game is over: " + color_name(*time_loser) + " ran out of time"};
        return std::nullopt;
    }

    /// The plies an undo takes back in this game's mode (see undo()).
    [[nodiscard]] std::optional<ApiError> take_back(const Seats& seats) {
        if (position->move_count() == 0)
            return ApiError{status::conflict, "nothing to undo"};
        switch (mode) {
        case Mode::Local:
            position->undo();
            return std::nullopt;
        case Mode::Network:
            // Finished or not, after a pass or not: the last move must be the token's own.
            if (!holds(seats, position->last_mover()))
                return ApiError{status::conflict,
                                "only your own last move can be taken back, before the answer"};
            position->undo();
            return std::nullopt;
        case Mode::Engine: {
            const Color human = holds(seats, Color::Black) ? Color::Black : Color::White;
            // The human must have a move on the board: with White, the engine's first move stays;
            // after an opening rule, its stones stay.
            const int kept = opening.rule() == OpeningRule::None ? 0 : opening.moves_at_end();
            const int plies = position->last_mover() == human ? 1 : 2;
            if (position->move_count() < (human == Color::Black ? 1 : 2) ||
                position->move_count() - plies < kept)
                return ApiError{status::conflict, "nothing to undo"};
            position->undo();
            while (position->move_count() > 0 && position->side_to_move() != human)
                position->undo();
            return std::nullopt;
        }
        }
        return std::nullopt;
    }
};

using GamePtr = std::shared_ptr<HostedGame>;

} // namespace tengen::web
