// tengen.VectorEnv: N boards stepped together in C++ from one numpy batch of actions, for
// reinforcement learning at the speed of the library rather than of a Python loop. Self-play
// (each action is the move of its board's side to move) or against the one-ply greedy chooser.

#include "bindings.hpp"
#include "convert.hpp"

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
    }

    [[nodiscard]] int count() const { return static_cast<int>(boards_.size()); }
    [[nodiscard]] int action_count() const { return width_ * height_; }

    /// Every board cleared: the observations and masks.
    py::tuple reset(std::optional<std::uint64_t> seed) {
        if (seed)
            rng_.seed(*seed);
        for (AnyBoard& board : boards_)
            board.clear();
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
        std::vector<Point> moves;
        for (int i = 0; i < count(); ++i)
            moves.push_back(checked(i, chosen(i)));

        py::array_t<float> rewards(count());
        py::array_t<bool> terminated(count());
        py::array_t<bool> truncated(count());
        auto reward = rewards.mutable_unchecked<1>();
        auto ended = terminated.mutable_unchecked<1>();
        auto cut = truncated.mutable_unchecked<1>();
        for (int i = 0; i < count(); ++i) {
            AnyBoard& board = boards_[static_cast<std::size_t>(i)];
            const Color mover = board.side_to_move();
            (void)board.try_play(moves[static_cast<std::size_t>(i)]);
            if (opponent_choices_ && !board.result().is_over() && !truncating(board))
                play_opponent(board);
            const GameResult result = board.result();
            reward(i) = !result.winner ? 0.0F : *result.winner == mover ? 1.0F : -1.0F;
            ended(i) = result.is_over();
            cut(i) = !result.is_over() && truncating(board);
            if (ended(i) || cut(i))
                board.clear();
        }
        auto [observations, masks] = snapshot();
        return py::make_tuple(std::move(observations), rewards, terminated, truncated,
                              std::move(masks));
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

    Point checked(int i, std::int64_t action) {
        if (action < 0 || action >= action_count())
            fail("action " + std::to_string(action) + " of board " + std::to_string(i) +
                 " is outside 0.." + std::to_string(action_count() - 1));
        AnyBoard& board = boards_[static_cast<std::size_t>(i)];
        const Point p(static_cast<int>(action % width_), static_cast<int>(action / width_));
        if (board.cell(p) != Cell::Empty)
            fail("action " + std::to_string(action) + " (" + to_pos(p) + ") of board " +
                 std::to_string(i) + " is illegal: occupied");
        if (!board.visit([&](auto& b) { return is_legal(b, p); }))
            fail("action " + std::to_string(action) + " (" + to_pos(p) + ") of board " +
                 std::to_string(i) + " is illegal: forbidden for Black");
        return p;
    }

    void play_opponent(AnyBoard& board) {
        const GreedyOptions options{*opponent_choices_, rng_()};
        const auto reply = board.visit([&](auto& b) {
            GomokuGame game(b);
            return Greedy<decltype(game)>(options).search(game);
        });
        if (reply.best_move)
            (void)board.try_play(*reply.best_move);
    }

    /// The observations and the action masks of every board, written in one pass a board.
    std::pair<py::array_t<float>, py::array_t<std::int8_t>> snapshot() {
        py::array_t<float> observations({count(), plane_count, height_, width_});
        py::array_t<std::int8_t> masks({count(), action_count()});
        auto cell = observations.mutable_unchecked<4>();
        auto mask = masks.mutable_unchecked<2>();
        for (int i = 0; i < count(); ++i) {
            boards_[static_cast<std::size_t>(i)].visit([&](auto& b) {
                const Color us = b.side_to_move();
                const Cell own = cell_of(us);
                const Cell theirs = cell_of(opponent(us));
                const float black_to_move = us == Color::Black ? 1.0F : 0.0F;
                for (int y = 0; y < height_; ++y)
                    for (int x = 0; x < width_; ++x) {
                        const Cell c = b.cell(Point(x, y));
                        cell(i, 0, y, x) = c == own ? 1.0F : 0.0F;
                        cell(i, 1, y, x) = c == theirs ? 1.0F : 0.0F;
                        cell(i, 2, y, x) = 0.0F;
                        cell(i, 3, y, x) = black_to_move;
                        mask(i, y * width_ + x) = c == Cell::Empty ? 1 : 0;
                    }
                using Rule = typename std::remove_reference_t<decltype(b)>::rule_type;
                if constexpr (Rule::has_forbidden_moves) {
                    if (us == Color::Black)
                        for (const Point p : b.forbidden_points()) {
                            cell(i, 2, p.y(), p.x()) = 1.0F;
                            mask(i, p.y() * width_ + p.x()) = 0;
                        }
                }
            });
        }
        return {std::move(observations), std::move(masks)};
    }

    std::vector<AnyBoard> boards_;
    int width_ = 0;
    int height_ = 0;
    std::optional<int> max_moves_;
    std::optional<int> opponent_choices_;
    std::mt19937_64 rng_;
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
        .def("boards", &VectorEnv::boards, "Copies of the boards, as they stand.");
}

} // namespace tengen::python
