#pragma once
/// \file
/// tengen_web's lobby: the games it holds, their seats and tokens, what the long polls wait on,
/// and the cleanup of idle games. Thread-safe: the lobby and each game have their own mutex.

#include "game_clock.hpp"
#include "opening.hpp"
#include "position.hpp"

#include <tengen/tengen.hpp>

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tengen::web {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

/// Games held at once; a create beyond it is refused (503) until old games are cleaned up.
inline constexpr std::size_t max_games = 500;
/// Games one client address holds at once. At the limit, a new game replaces that client's
/// least recently touched game that is finished or untouched for replaceable_after; with none,
/// the create is refused (429).
inline constexpr std::size_t max_games_per_client = 20;
inline constexpr std::chrono::minutes replaceable_after{5};
/// Finished games are removed after this fraction (1/N) of the idle timeout.
inline constexpr int finished_timeout_divisor = 3;
/// Random bits in a game id and in a seat token, in 32-bit words.
inline constexpr int id_words = 2;
inline constexpr int token_words = 4;

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

/// One game: its position, its seats and what the long polls wait on. Every member but the
/// constants is guarded by `mutex`; the engine's search runs without it.
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
    Opening opening;                 ///< the opening rule's state (games between humans)
    std::optional<GameClock> clock;  ///< games between humans with a clock
    std::optional<Color> time_loser; ///< the side whose time ran out

    /// True once the game has ended, by the board or by the clock.
    [[nodiscard]] bool over() const { return time_loser.has_value() || position->is_over(); }

    /// The seat that acts now: the side to move, or the seat the opening rule asks.
    [[nodiscard]] Color actor() const { return opening.actor(position->side_to_move()); }

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

    [[nodiscard]] bool engine_to_move() const {
        return !over() && engine_seat[index_of(position->side_to_move())];
    }

    /// The colours `token` may move for.
    [[nodiscard]] std::vector<Color> seats_of(std::string_view token) const {
        std::vector<Color> seats;
        for (Color c : {Color::Black, Color::White})
            if (same_secret(tokens[index_of(c)], token))
                seats.push_back(c);
        return seats;
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
};

using GamePtr = std::shared_ptr<HostedGame>;

/// Why Lobby::add refused a game.
enum class LobbyRefusal : unsigned char {
    None,
    Full,       ///< max_games are held
    ClientFull, ///< the client holds max_games_per_client, none of them replaceable
};

/// All games, by id, and their cleanup.
class Lobby {
public:
    explicit Lobby(milliseconds idle_timeout) : idle_timeout_(idle_timeout) {}

    /// Adds a game created by the client at address `owner` under a fresh id, or says why not
    /// (see max_games and max_games_per_client).
    std::pair<GamePtr, LobbyRefusal> add(const std::string& owner, Mode mode, int level,
                                         std::unique_ptr<Position> position) {
        const std::lock_guard lock(mutex_);
        if (!make_room_for(owner))
            return {nullptr, LobbyRefusal::ClientFull};
        if (games_.size() >= max_games)
            return {nullptr, LobbyRefusal::Full};
        std::string id;
        do
            id = random_hex(id_words);
        while (games_.contains(id));
        auto game = std::make_shared<HostedGame>(id, owner, mode, level, std::move(position));
        games_.emplace(id, game);
        return {game, LobbyRefusal::None};
    }

    /// Games held now.
    [[nodiscard]] std::size_t size() {
        const std::lock_guard lock(mutex_);
        return games_.size();
    }

    GamePtr find(const std::string& id) {
        const std::lock_guard lock(mutex_);
        const auto it = games_.find(id);
        return it == games_.end() ? nullptr : it->second;
    }

    /// Removes games idle for longer than the timeout (finished ones after a third of it) and
    /// returns how many it removed.
    std::size_t sweep() {
        const auto now = Clock::now();
        const std::lock_guard lock(mutex_);
        std::size_t removed = 0;
        for (auto it = games_.begin(); it != games_.end();) {
            HostedGame& game = *it->second;
            const std::lock_guard game_lock(game.mutex);
            game.check_clock(now);
            const auto limit =
                game.over() ? idle_timeout_ / finished_timeout_divisor : idle_timeout_;
            if (now - game.touched > limit && !game.engine_busy) {
                close(game);
                it = games_.erase(it);
                ++removed;
            } else {
                ++it;
            }
        }
        return removed;
    }

    /// Closes every game: searches stop and long polls return (at shutdown).
    void close_all() {
        const std::lock_guard lock(mutex_);
        for (auto& [id, game] : games_) {
            const std::lock_guard game_lock(game->mutex);
            close(*game);
        }
        games_.clear();
    }

private:
    /// True when `owner` may add a game: under its limit, or at it with a game replaced (the
    /// least recently touched of its finished or long untouched ones). Caller holds the lock.
    bool make_room_for(const std::string& owner) {
        const auto now = Clock::now();
        std::size_t held = 0;
        auto oldest = games_.end();
        Clock::time_point oldest_touch;
        for (auto it = games_.begin(); it != games_.end(); ++it) {
            HostedGame& game = *it->second;
            if (game.owner != owner)
                continue;
            ++held;
            const std::lock_guard game_lock(game.mutex);
            const bool replaceable =
                !game.engine_busy && (game.over() || now - game.touched > replaceable_after);
            if (replaceable && (oldest == games_.end() || game.touched < oldest_touch)) {
                oldest = it;
                oldest_touch = game.touched;
            }
        }
        if (held < max_games_per_client)
            return true;
        if (oldest == games_.end())
            return false;
        {
            const std::lock_guard game_lock(oldest->second->mutex);
            close(*oldest->second);
        }
        games_.erase(oldest);
        return true;
    }

    static void close(HostedGame& game) {
        game.closed = true;
        game.stop = true;
        game.analysis_stop->store(true);
        game.changed.notify_all();
    }

    milliseconds idle_timeout_;
    std::mutex mutex_;
    std::map<std::string, GamePtr> games_;
};

} // namespace tengen::web
