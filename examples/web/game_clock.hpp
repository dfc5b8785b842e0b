#pragma once
/// \file
/// Clocks for games between humans in tengen_web: time for the whole game per side, a limit per
/// move, or both. The clock runs for the seat that acts (the side to move, or the seat an
/// opening rule asks to act); a side whose time runs out loses. Not thread-safe: used under the
/// game's lock.

#include "position.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <optional>
#include <utility>
#include <vector>

namespace tengen::web {

/// The clock a game is created with.
struct ClockSettings {
    std::optional<std::chrono::milliseconds> main;     ///< each side's time for the whole game
    std::optional<std::chrono::milliseconds> per_move; ///< the most one move may take
};

/// Each side's time left, the running side and when each turn began. Time belongs to the player:
/// a swap of seats takes each player's time to their new colour, and an undo gives back no time
/// (the side back on move finds its move timer running from when its turn began).
class GameClock {
public:
    using Clock = std::chrono::steady_clock;
    using milliseconds = std::chrono::milliseconds;

    explicit GameClock(const ClockSettings& settings) : settings_(settings) {
        const milliseconds main = settings.main.value_or(milliseconds::zero());
        left_ = {main, main};
    }

    /// From `now` on, `side`'s time runs and a new turn begins (its move timer starts); the
    /// time since the last switch is charged to the side that was running.
    void switch_to(Color side, Clock::time_point now) {
        charge(now);
        running_ = side;
        turns_.push_back(Turn{side, now});
    }

    /// Stops the clock (the game is over), charging the running side. take_back() may start it
    /// again; the time it stood still counts for nobody.
    void stop(Clock::time_point now) {
        charge(now);
        running_.reset();
    }

    /// After an undo that gives the move back to `side`: the turn the undone move ended comes
    /// back as it was, its move timer running from when it began, and the time since the last
    /// switch is charged to `side` (an undo is never a way to gain time). After stop(), the
    /// game's last turn comes back and the time the clock stood still is skipped. Falls back to
    /// switch_to() when no earlier turn of `side` is known.
    void take_back(Color side, Clock::time_point now) {
        if (running_) {
            if (turns_.size() >= 2 && turns_[turns_.size() - 2].side == side) {
                turns_.pop_back();
                running_ = side; // the time since `since_` is now `side`'s
                return;
            }
        } else if (!turns_.empty() && turns_.back().side == side) {
            const auto still = now - since_;
            turns_.back().started += still;
            since_ = now;
            running_ = side;
            return;
        }
        switch_to(side, now);
    }

    /// The players exchange colours (a swap of an opening rule): the running side is charged up
    /// to `now`, then each colour's time left, and the running turn, go to the other colour.
    void swap_players(Clock::time_point now) {
        charge(now);
        std::swap(left_[0], left_[1]);
        if (running_)
            running_ = opponent(*running_);
        for (Turn& turn : turns_)
            turn.side = opponent(turn.side);
    }

    /// The side whose time has run out at `now`, if any.
    [[nodiscard]] std::optional<Color> flagged(Clock::time_point now) const {
        if (!running_)
            return std::nullopt;
        if (settings_.main && left_[index_of(*running_)] - elapsed(now) <= milliseconds::zero())
            return running_;
        if (settings_.per_move && move_time(now) >= *settings_.per_move)
            return running_;
        return std::nullopt;
    }

    /// The clock for the page at `now`: each side's time left (null without a game time), the
    /// move limit and what is left of it, and the running side.
    [[nodiscard]] Json describe(Clock::time_point now) const {
        const milliseconds spent = elapsed(now);
        Json left = Json::object();
        for (Color c : {Color::Black, Color::White}) {
            milliseconds l = left_[index_of(c)];
            if (running_ == c)
                l -= spent;
            left[color_name(c)] =
                settings_.main ? Json(std::max(l, milliseconds::zero()).count()) : Json(nullptr);
        }
        return Json{
            {"main_ms", settings_.main ? Json(settings_.main->count()) : Json(nullptr)},
            {"move_ms", settings_.per_move ? Json(settings_.per_move->count()) : Json(nullptr)},
            {"left_ms", std::move(left)},
            {"move_left_ms",
             settings_.per_move && running_
                 ? Json(
                       std::max(*settings_.per_move - move_time(now), milliseconds::zero()).count())
                 : Json(nullptr)},
            {"running", running_ ? Json(color_name(*running_)) : Json(nullptr)}};
    }

private:
    /// A turn of a side: the stretch from one switch_to() to the next.
    struct Turn {
        Color side = Color::Black;
        Clock::time_point started; ///< when its move timer started
    };

    /// The running side's time not yet charged.
    [[nodiscard]] milliseconds elapsed(Clock::time_point now) const {
        return running_ ? std::chrono::duration_cast<milliseconds>(now - since_)
                        : milliseconds::zero();
    }

    /// The time of the running turn, for the move limit.
    [[nodiscard]] milliseconds move_time(Clock::time_point now) const {
        return running_ && !turns_.empty()
                   ? std::chrono::duration_cast<milliseconds>(now - turns_.back().started)
                   : milliseconds::zero();
    }

    void charge(Clock::time_point now) {
        if (running_)
            left_[index_of(*running_)] -= elapsed(now);
        since_ = now;
    }

    ClockSettings settings_;
    std::array<milliseconds, 2> left_{};
    std::optional<Color> running_;
    Clock::time_point since_{}; ///< time before this is charged
    /// Every turn since the clock started, the running one last: an undo returns to the one
    /// before. One a move or an opening step, so at most a few hundred.
    std::vector<Turn> turns_;
};

} // namespace tengen::web
