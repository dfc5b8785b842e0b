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

namespace tengen::web {

/// The clock a game is created with.
struct ClockSettings {
    std::optional<std::chrono::milliseconds> main;     ///< each side's time for the whole game
    std::optional<std::chrono::milliseconds> per_move; ///< the most one move may take
};

/// Each side's time left and the running side.
class GameClock {
public:
    using Clock = std::chrono::steady_clock;
    using milliseconds = std::chrono::milliseconds;

    explicit GameClock(const ClockSettings& settings) : settings_(settings) {
        const milliseconds main = settings.main.value_or(milliseconds::zero());
        left_ = {main, main};
    }

    /// From `now` on, `side`'s time runs; the time since the last switch is charged to the side
    /// that was running.
    void switch_to(Color side, Clock::time_point now) {
        charge(now);
        running_ = side;
    }

    /// Stops the clock for good (the game is over), charging the running side.
    void stop(Clock::time_point now) {
        charge(now);
        running_.reset();
    }

    /// The side whose time has run out at `now`, if any.
    [[nodiscard]] std::optional<Color> flagged(Clock::time_point now) const {
        if (!running_)
            return std::nullopt;
        const milliseconds spent = elapsed(now);
        if (settings_.main && left_[index_of(*running_)] - spent <= milliseconds::zero())
            return running_;
        if (settings_.per_move && spent >= *settings_.per_move)
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
                 ? Json(std::max(*settings_.per_move - spent, milliseconds::zero()).count())
                 : Json(nullptr)},
            {"running", running_ ? Json(color_name(*running_)) : Json(nullptr)}};
    }

private:
    [[nodiscard]] milliseconds elapsed(Clock::time_point now) const {
        return running_ ? std::chrono::duration_cast<milliseconds>(now - since_)
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
    Clock::time_point since_{};
};

} // namespace tengen::web
