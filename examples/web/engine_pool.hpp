#pragma once
/// \file
/// tengen_web's engine pool: worker threads that play the engine's moves, one game at a time
/// each, searching away from the game's lock.

#include "lobby.hpp"
#include "position.hpp"

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace tengen::web {

/// Worker threads that run engine searches, one game at a time each.
class EnginePool {
public:
    explicit EnginePool(int threads) {
        for (int i = 0; i < threads; ++i)
            workers_.emplace_back([this] { work(); });
    }
    EnginePool(const EnginePool&) = delete;
    EnginePool& operator=(const EnginePool&) = delete;
    ~EnginePool() {
        {
            const std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        wake_.notify_all();
        for (std::thread& t : workers_)
            t.join();
    }

    /// Starts the engine if it is to move and not already at work. Precondition: the caller
    /// holds `game->mutex`.
    void schedule(const GamePtr& game) {
        if (game->engine_busy || game->closed || !game->engine_to_move())
            return;
        game->engine_busy = true;
        {
            const std::lock_guard lock(mutex_);
            queue_.push_back(game);
        }
        wake_.notify_one();
    }

private:
    void work() {
        for (;;) {
            GamePtr game;
            {
                std::unique_lock lock(mutex_);
                wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
                if (stopping_)
                    return;
                game = std::move(queue_.front());
                queue_.pop_front();
            }
            think(*game);
        }
    }

    /// Plays the engine's moves while it is to move; an undo during a search discards its move
    /// and the loop looks again.
    static void think(HostedGame& game) {
        std::unique_lock lock(game.mutex);
        while (!game.closed && game.engine_to_move()) {
            const std::uint64_t generation = game.generation;
            game.stop = false;
            std::unique_ptr<Search> search = game.position->make_search(&game.stop);
            lock.unlock();
            const std::optional<Move> move = search->run();
            lock.lock();
            if (game.generation != generation || game.closed)
                continue;
            if (!move) {
                game.note = "the engine found no move";
                break;
            }
            if (const auto error = game.position->play(*move)) {
                game.note = "the engine's move was refused: " + error->message;
                break;
            }
            game.position_changed();
            game.note.clear();
            if (game.position->play_forced_passes() > 0)
                game.note =
                    color_name(opponent(game.position->side_to_move())) + " has no move and passes";
            game.bump();
        }
        game.engine_busy = false;
        game.bump();
    }

    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<GamePtr> queue_;
    bool stopping_ = false;
    std::vector<std::thread> workers_;
};

} // namespace tengen::web
