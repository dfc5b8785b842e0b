// tengen.VectorEnv: N boards stepped together in C++ from one numpy batch of actions, for
// reinforcement learning at the speed of the library rather than of a Python loop. Self-play
// (each action is the move of its board's side to move) or against the one-ply greedy chooser.

#include "bindings.hpp"
#include "convert.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace tengen::python {

namespace {

/// Planes of an observation (Board.planes()): own stones, the opponent's, the points forbidden to
/// the side to move, ones when Black is to move.
constexpr int plane_count = 4;

/// Draws of a random point before sample_actions() lists a board's legal points instead: enough
/// that a board with a few legal points left costs a scan rather than a long run of misses.
constexpr int sample_draws = 32;

constexpr std::size_t color_count = all_colors.size();

class VectorEnv {
public:
    VectorEnv(int count, const std::string& rule, int size, std::optional<int> max_moves,
              std::optional<int> opponent_choices, std::uint64_t seed)
        : max_moves_(max_moves), opponent_choices_(opponent_choices), rng_(seed) {
        if (count < 1)
            fail("num_envs must be at least 1");
        if (max_moves && *max_moves < 1)
            fail("max_moves must be at least 1");
        if (opponent_choices && *opponent_choices < 1)
            fail("opponent must be None (self-play) or a number of greedy choices >= 1");
        const RuleSpec spec = value_or_raise(rule_from_string(rule));
        for (int i = 0; i < count; ++i)
            boards_.push_back(value_or_raise(AnyBoard::create(spec, size)));
        width_ = boards_.front().width();
        height_ = boards_.front().height();
        has_fouls_ = boards_.front().has_forbidden_moves();
        const auto cells = static_cast<std::size_t>(action_count());
        stones_.assign(static_cast<std::size_t>(count) * color_count * cells, 0.0F);
        empty_.assign(static_cast<std::size_t>(count) * cells, 1);
        fouls_.resize(static_cast<std::size_t>(count));
    }

    [[nodiscard]] int count() const { return static_cast<int>(boards_.size()); }
    [[nodiscard]] int action_count() const { return width_ * height_; }

    /// Every board cleared: the observations and masks.
    py::tuple reset(std::optional<std::uint64_t> seed) {
        if (seed)
            rng_.seed(*seed);
        for (int i = 0; i < count(); ++i)
            clear(i);
        auto [observations, masks] = snapshot();
        return py::make_tuple(std::move(observations), std::move(masks));
    }

    /// One action a board (its side to move's; with an opponent, the opponent replies): the
    /// observations, rewards, terminated, truncated and masks after it. A board whose game ended
    /// is reset at once (its reward and flags are the finished game's, its observation and mask
    /// the new game's). Every action is checked before any is played: one illegal action raises
    /// ValueError and changes no board.
    py::tuple step(const py::object& batch) {
        const py::array given = py::array::ensure(batch);
        if (!given || (given.dtype().kind() != 'i' && given.dtype().kind() != 'u'))
            throw py::type_error("actions must be integers (a numpy array or a sequence of " +
                                 std::to_string(count()) + ")");
        if (given.ndim() != 1 || given.shape(0) != count())
            fail("actions must be a 1-D array of " + std::to_string(count()) + " integers");
        const auto actions =
            py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(given);
        const auto chosen = actions.unchecked<1>();
        moves_.clear();
        for (int i = 0; i < count(); ++i)
            moves_.push_back(checked(i, chosen(i)));

        py::array_t<float> rewards(count());
        py::array_t<bool> terminated(count());
        py::array_t<bool> truncated(count());
        auto reward = rewards.mutable_unchecked<1>();
        auto ended = terminated.mutable_unchecked<1>();
        auto cut = truncated.mutable_unchecked<1>();
        for (int i = 0; i < count(); ++i) {
            AnyBoard& board = boards_[static_cast<std::size_t>(i)];
            const Color mover = board.side_to_move();
            play(i, moves_[static_cast<std::size_t>(i)]);
            if (opponent_choices_ && !board.result().is_over() && !truncating(board))
                play_opponent(i);
            GameResult result = board.result();
            if (!result.is_over())
                refresh_fouls(i);
            if (!result.is_over() && only_fouls_left(i))
                result.winner = Color::White; // Black must play a foul, and a foul loses
            const bool over = result.is_over() || result.winner.has_value();
            reward(i) = !result.winner ? 0.0F : *result.winner == mover ? 1.0F : -1.0F;
            ended(i) = over;
            cut(i) = !over && truncating(board);
            if (ended(i) || cut(i))
                clear(i);
        }
        auto [observations, masks] = snapshot();
        return py::make_tuple(std::move(observations), rewards, terminated, truncated,
                              std::move(masks));
    }

    /// A legal action a board, each drawn uniformly from its board's legal points with the
    /// environment's generator (seeded by the constructor and by reset(seed=...)).
    py::array_t<std::int64_t> sample_actions() {
        py::array_t<std::int64_t> out(count());
        auto action = out.mutable_unchecked<1>();
        for (int i = 0; i < count(); ++i)
            action(i) = sample(i);
        return out;
    }

    /// The boards, for inspection (copies).
    [[nodiscard]] std::vector<AnyBoard> boards() const {
        std::vector<AnyBoard> out;
        for (const AnyBoard& board : boards_)
            out.push_back(board.clone());
        return out;
    }

private:
    [[nodiscard]] bool truncating(const AnyBoard& board) const {
        return max_moves_ && board.move_count() >= *max_moves_;
    }

    [[nodiscard]] std::size_t cells() const { return static_cast<std::size_t>(action_count()); }

    /// Board i's plane of the stones of `c` (1 where it has one) and its plane of empty points.
    float* stones_of(int i, Color c) {
        return stones_.data() +
               (static_cast<std::size_t>(i) * color_count + static_cast<std::size_t>(c)) * cells();
    }
    std::int8_t* empty_of(int i) { return empty_.data() + static_cast<std::size_t>(i) * cells(); }

    [[nodiscard]] std::size_t action_of(Point p) const {
        return static_cast<std::size_t>(p.y() * width_ + p.x());
    }

    /// Plays `p` on board i for its side to move and records the stone in the board's planes.
    void play(int i, Point p) {
        AnyBoard& board = boards_[static_cast<std::size_t>(i)];
        const Color mover = board.side_to_move();
        (void)board.try_play(p);
        stones_of(i, mover)[action_of(p)] = 1.0F;
        empty_of(i)[action_of(p)] = 0;
    }

    void clear(int i) {
        boards_[static_cast<std::size_t>(i)].clear();
        fouls_[static_cast<std::size_t>(i)].clear();
        std::fill_n(stones_of(i, Color::Black), color_count * cells(), 0.0F);
        std::fill_n(empty_of(i), cells(), std::int8_t{1});
    }

    /// Finds the renju fouls of board i's side to move: Black's forbidden points, none for White.
    void refresh_fouls(int i) {
        AnyBoard& board = boards_[static_cast<std::size_t>(i)];
        std::vector<Point>& fouls = fouls_[static_cast<std::size_t>(i)];
        fouls.clear();
        if (has_fouls_ && board.side_to_move() == Color::Black)
            fouls = board.forbidden_points();
    }

    /// True when every empty point of board i is a foul of Black, its side to move: then Black
    /// has no legal move, and the game is over (any move it makes loses).
    [[nodiscard]] bool only_fouls_left(int i) const {
        const std::vector<Point>& fouls = fouls_[static_cast<std::size_t>(i)];
        const auto stones =
            static_cast<std::size_t>(boards_[static_cast<std::size_t>(i)].move_count());
        return !fouls.empty() && fouls.size() == cells() - stones;
    }

    [[nodiscard]] bool is_foul(int i, std::size_t action) const {
        const std::vector<Point>& fouls = fouls_[static_cast<std::size_t>(i)];
        return std::any_of(fouls.begin(), fouls.end(),
                           [&](Point p) { return action_of(p) == action; });
    }

    Point checked(int i, std::int64_t action) {
        if (action < 0 || action >= action_count())
            fail("action " + std::to_string(action) + " of board " + std::to_string(i) +
                 " is outside 0.." + std::to_string(action_count() - 1));
        AnyBoard& board = boards_[static_cast<std::size_t>(i)];
        const Point p(static_cast<int>(action % width_), static_cast<int>(action / width_));
        if (board.cell(p) != Cell::Empty)
            fail("action " + std::to_string(action) + " (" + to_pos(p) + ") of board " +
                 std::to_string(i) + " is illegal: occupied");
        if (is_foul(i, static_cast<std::size_t>(action)))
            fail("action " + std::to_string(action) + " (" + to_pos(p) + ") of board " +
                 std::to_string(i) + " is illegal: forbidden for Black");
        return p;
    }

    void play_opponent(int i) {
        const GreedyOptions options{*opponent_choices_, rng_()};
        const auto reply = boards_[static_cast<std::size_t>(i)].visit([&](auto& b) {
            GomokuGame game(b);
            return Greedy<decltype(game)>(options).search(game);
        });
        if (reply.best_move)
            play(i, *reply.best_move);
    }

    /// Draws until a legal point comes up; after sample_draws misses, lists them and picks one
    /// (still uniform: the misses say nothing about which legal point would have come).
    std::int64_t sample(int i) {
        const std::int8_t* empty = empty_of(i);
        const auto legal = [&](std::size_t action) {
            return empty[action] != 0 && !is_foul(i, action);
        };
        std::uniform_int_distribution<std::size_t> any_point(0, cells() - 1);
        for (int draw = 0; draw < sample_draws; ++draw)
            if (const std::size_t action = any_point(rng_); legal(action))
                return static_cast<std::int64_t>(action);
        std::vector<std::size_t> choices;
        for (std::size_t action = 0; action < cells(); ++action)
            if (legal(action))
                choices.push_back(action);
        if (choices.empty()) // unreachable: a board with no legal point was over and reset
            return -1;
        std::uniform_int_distribution<std::size_t> pick(0, choices.size() - 1);
        return static_cast<std::int64_t>(choices[pick(rng_)]);
    }

    /// The observations and the action masks of every board, copied from the planes kept as the
    /// moves were played.
    std::pair<py::array_t<float>, py::array_t<std::int8_t>> snapshot() {
        py::array_t<float> observations({count(), plane_count, height_, width_});
        py::array_t<std::int8_t> masks({count(), action_count()});
        float* planes = observations.mutable_data();
        std::int8_t* mask = masks.mutable_data();
        const std::size_t n = cells();
        for (int i = 0; i < count(); ++i, planes += plane_count * n, mask += n) {
            const Color us = boards_[static_cast<std::size_t>(i)].side_to_move();
            std::copy_n(stones_of(i, us), n, planes);
            std::copy_n(stones_of(i, opponent(us)), n, planes + n);
            std::fill_n(planes + 2 * n, n, 0.0F);
            std::fill_n(planes + 3 * n, n, us == Color::Black ? 1.0F : 0.0F);
            std::copy_n(empty_of(i), n, mask);
            for (const Point p : fouls_[static_cast<std::size_t>(i)]) {
                planes[2 * n + action_of(p)] = 1.0F;
                mask[action_of(p)] = 0;
            }
        }
        return {std::move(observations), std::move(masks)};
    }

    std::vector<AnyBoard> boards_;
    int width_ = 0;
    int height_ = 0;
    bool has_fouls_ = false;
    std::optional<int> max_moves_;
    std::optional<int> opponent_choices_;
    std::mt19937_64 rng_;
    /// Each board's stones, a plane a colour (Black's, then White's), in board order: the
    /// observations' first two planes without a scan of the board.
    std::vector<float> stones_;
    /// Each board's empty points (1), the action masks before the fouls are taken out.
    std::vector<std::int8_t> empty_;
    /// Each board's fouls of its side to move, found once a step.
    std::vector<std::vector<Point>> fouls_;
    std::vector<Point> moves_;
};

} // namespace

void bind_vector_env(py::module_& m) {
    py::class_<VectorEnv>(m, "VectorEnv", R"doc(
N boards stepped together in C++: step(actions) takes one action (y * width + x) a board as a
numpy array and returns (observations (N, 4, H, W) float32, rewards (N,) float32, terminated (N,)
bool, truncated (N,) bool, action masks (N, H * W) int8). Self-play (opponent=None: each action is
its board's side to move's, the reward that mover's) or against the greedy chooser
(opponent=k: random among its best k moves; the reward the agent's). A finished board is reset at
once: its reward and flags are the finished game's, its observation and mask the new game's. One
illegal action raises ValueError and no board changes.
)doc")
        .def(py::init<int, const std::string&, int, std::optional<int>, std::optional<int>,
                      std::uint64_t>(),
             py::arg("num_envs"), py::arg("rule") = "freestyle", py::arg("size") = 15,
             py::kw_only(), py::arg("max_moves") = py::none(), py::arg("opponent") = py::none(),
             py::arg("seed") = 0)
        .def_property_readonly("num_envs", &VectorEnv::count)
        .def_property_readonly("num_actions", &VectorEnv::action_count)
        .def("reset", &VectorEnv::reset, py::kw_only(), py::arg("seed") = py::none(),
             "Clears every board: (observations, masks).")
        .def("step", &VectorEnv::step, py::arg("actions"))
        .def("sample_actions", &VectorEnv::sample_actions,
             "A random legal action a board (int64, uniform over each board's legal points, "
             "from the environment's seed).")
        .def("boards", &VectorEnv::boards, "Copies of the boards, as they stand.");
}

} // namespace tengen::python
