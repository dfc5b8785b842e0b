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
        if (game->engine_busy || game->closed || !game->engine_acts())
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

    /// Plays the engine's moves and opening steps while it acts; an undo during a search
    /// discards its move and the loop looks again.
    static void think(HostedGame& game) {
        std::unique_lock lock(game.mutex);
        while (!game.closed && game.engine_acts()) {
            const std::uint64_t generation = game.generation;
            game.stop = false;
            if (!game.opening.opening_over()) {
                if (!decide_opening(game, lock, generation))
                    break;
                continue;
            }
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

    /// Takes the engine's step of the opening rule (`lock` held on entry and on return,
    /// released during the search); false when the engine cannot go on, the game's note saying
    /// why.
    static bool decide_opening(HostedGame& game, std::unique_lock<std::mutex>& lock,
                               std::uint64_t generation) {
        const std::optional<OpeningTask> task = game.engine_opening_task();
        std::unique_ptr<OpeningSearch> search =
            task ? game.position->make_opening_search(*task, game.opening.offers(), &game.stop)
                 : nullptr;
        if (!search) {
            game.note = "the engine does not play this step of the opening";
            return false;
        }
        lock.unlock();
        const Expected<OpeningDecision> decision = search->run();
        lock.lock();
        if (game.generation != generation || game.closed)
            return true;
        if (!decision) {
            game.note = "the engine's opening failed: " + decision.error().message;
            return false;
        }
        if (const auto error = game.take_engine_opening(*decision)) {
            game.note = "the engine's opening step was refused: " + error->message;
            return false;
        }
        return true;
    }

    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<GamePtr> queue_;
    bool stopping_ = false;
    std::vector<std::thread> workers_;
};

} // namespace tengen::web
