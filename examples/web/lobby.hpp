#pragma once
/// \file
/// tengen_web's lobby: the games it holds (hosted_game.hpp), the limits on how many, and the
/// cleanup of idle games. Thread-safe: the lobby and each game have their own mutex.

#include "hosted_game.hpp"

#include <tengen/tengen.hpp>

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

namespace tengen::web {

/// Games held at once; a create beyond it is refused (503) until old games are cleaned up.
inline constexpr std::size_t max_games = 500;
/// Games one client address holds at once. At the limit, a new game replaces that client's
/// least recently touched game that is finished or untouched for replaceable_after; with none,
/// the create is refused (429).
inline constexpr std::size_t max_games_per_client = 20;
inline constexpr std::chrono::minutes replaceable_after{5};
/// Finished games are removed after this fraction (1/N) of the idle timeout.
inline constexpr int finished_timeout_divisor = 3;
/// Random bits in a game id, in 32-bit words.
inline constexpr int id_words = 2;

/// All games, by id, and their cleanup.
class Lobby {
public:
    explicit Lobby(milliseconds idle_timeout) : idle_timeout_(idle_timeout) {}

    /// Adds a game created by the client at address `owner` under a fresh id, or refuses it:
    /// 429 when the client holds max_games_per_client games, none of them replaceable, 503 when
    /// max_games are held.
    [[nodiscard]] std::optional<ApiError> add(const std::string& owner, Mode mode, int level,
                                              std::unique_ptr<Position> position, GamePtr& game) {
        const std::lock_guard lock(mutex_);
        if (!make_room_for(owner))
            return ApiError{status::too_many,
                            "you have " + std::to_string(max_games_per_client) +
                                " games in progress; finish one or leave one untouched for " +
                                std::to_string(replaceable_after.count()) + " minutes"};
        if (games_.size() >= max_games)
            return ApiError{status::unavailable, "too many games; try again later"};
        std::string id;
        do
            id = random_hex(id_words);
        while (games_.contains(id));
        game = std::make_shared<HostedGame>(id, owner, mode, level, std::move(position));
        games_.emplace(id, game);
        return std::nullopt;
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
