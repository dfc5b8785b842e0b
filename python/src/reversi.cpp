// tengen.ReversiBoard, perft and the exact endgame solver for Python. Moves are strings in
// Othello's notation ("d3": column a-h, row 1-8 from the top; "pass") or (x, y) tuples.

#include "bindings.hpp"
#include "convert.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <string>
#include <vector>

namespace tengen::python {

namespace {

/// The move a Python value names: "d3" or "pass" (any case), or an (x, y) tuple on the 8 x 8
/// board. TypeError for another type, ValueError for a malformed one.
ReversiMove to_reversi_move(const py::handle& value) {
    if (py::isinstance<py::str>(value))
        return value_or_raise(parse_reversi_move(value.cast<std::string>()));
    if (py::isinstance<py::tuple>(value) || py::isinstance<py::list>(value)) {
        const Point p = to_point(value);
        if (p.x() >= reversi::board_side || p.y() >= reversi::board_side)
            fail("(" + std::to_string(p.x()) + ", " + std::to_string(p.y()) +
                 ") is off the 8x8 board");
        return ReversiMove::at(p.x(), p.y());
    }
    throw py::type_error("a Reversi move is a string such as 'd3' or 'pass', or an (x, y) "
                         "tuple, not " +
                         std::string(py::str(py::type::of(value).attr("__name__"))));
}

std::vector<std::string> moves_of(reversi::Bitboard moves) {
    std::vector<std::string> out;
    for (; moves != 0; moves &= moves - 1)
        out.push_back(to_string(ReversiMove::at(reversi::lowest_square(moves))));
    return out;
}

std::string repr(const ReversiBoard& board) {
    std::string out = "<tengen.ReversiBoard " + std::string(to_string(board.side_to_move())) +
                      " to move, black " + std::to_string(board.disc_count(Color::Black)) +
                      ", white " + std::to_string(board.disc_count(Color::White)) +
                      (board.is_game_over() ? ", game over" : "") + ">\n  a b c d e f g h\n";
    for (int row = 0; row < reversi::board_side; ++row) {
        out += static_cast<char>('1' + row);
        for (int column = 0; column < reversi::board_side; ++column) {
            const auto c = board.at(row * reversi::board_side + column);
            out += ' ';
            out += !c ? '.' : *c == Color::Black ? 'X' : 'O';
        }
        out += '\n';
    }
    return out;
}

py::array_t<std::int8_t> to_numpy(const ReversiBoard& board) {
    py::array_t<std::int8_t> out({reversi::board_side, reversi::board_side});
    auto cells = out.mutable_unchecked<2>();
    for (int s = 0; s < reversi::square_count; ++s) {
        const auto c = board.at(s);
        cells(s / reversi::board_side, s % reversi::board_side) = !c                   ? 0
                                                                  : *c == Color::Black ? 1
                                                                                       : -1;
    }
    return out;
}

/// What solve_endgame returns to Python.
struct PyEndgame {
    int score = 0;
    int disc_difference = 0;
    std::string best_move;
    bool complete = false;
    std::int64_t nodes = 0;
    double seconds = 0;
};

} // namespace

void bind_reversi(py::module_& m) {
    py::class_<ReversiBoard>(m, "ReversiBoard", R"doc(
A Reversi (Othello) board on bitboards: the standard start, or a position string of 64 cells
(row 1 first; X black, O white, - empty) and the side to move ("...XO-- X"). Moves are "d3"-style
strings or (x, y) tuples, "pass" when the side to move has no move. Bad input raises ValueError
(TypeError for a wrong type) and changes nothing.
)doc")
        .def(py::init([](const std::optional<std::string>& position) {
                 if (!position)
                     return ReversiBoard();
                 return value_or_raise(parse_position(*position));
             }),
             py::arg("position") = py::none())
        .def_property_readonly("side_to_move",
                               [](const ReversiBoard& b) { return to_python(b.side_to_move()); })
        .def_property_readonly("black_discs",
                               [](const ReversiBoard& b) { return b.disc_count(Color::Black); })
        .def_property_readonly("white_discs",
                               [](const ReversiBoard& b) { return b.disc_count(Color::White); })
        .def_property_readonly("empty_squares", &ReversiBoard::empty_count)
        .def_property_readonly("ply", &ReversiBoard::ply, "Moves played since the set-up.")
        .def_property_readonly("hash", &ReversiBoard::hash)
        .def_property_readonly("is_over", &ReversiBoard::is_game_over)
        .def_property_readonly("must_pass", &ReversiBoard::must_pass)
        .def_property_readonly(
            "winner",
            [](const ReversiBoard& b) -> py::object {
                const auto leader = b.leader();
                if (!b.is_game_over() || !leader)
                    return py::none();
                return to_python(*leader);
            },
            "'black' or 'white' once the game is over; None before, and for a draw.")
        .def_property_readonly("position", &to_position_string,
                               "The position string the constructor reads.")
        .def_property_readonly("history",
                               [](const ReversiBoard& b) {
                                   std::vector<std::string> out;
                                   for (int i = 0; i < b.ply(); ++i)
                                       out.push_back(to_string(b.move_at(i)));
                                   return out;
                               })
        .def(
            "legal_moves", [](const ReversiBoard& b) { return moves_of(b.legal_moves()); },
            "The side to move's moves ('d3', ...); empty when it must pass or the game is over.")
        .def(
            "is_legal",
            [](const ReversiBoard& b, const py::handle& move) {
                return b.is_legal(to_reversi_move(move));
            },
            py::arg("move"))
        .def(
            "play",
            [](ReversiBoard& b, const py::handle& move) {
                const ReversiMove chosen = to_reversi_move(move);
                const auto flipped = b.try_play(chosen);
                if (!flipped)
                    fail("cannot play " + to_string(chosen) + ": " + flipped.error().message);
                return moves_of(*flipped);
            },
            py::arg("move"), "Plays a move and returns the squares it flipped.")
        .def(
            "undo",
            [](ReversiBoard& b) {
                if (b.ply() == 0)
                    fail("no move to undo");
                const std::string last = to_string(b.move_at(b.ply() - 1));
                b.undo();
                return last;
            },
            "Takes back the last move (a pass included) and returns it.")
        .def("to_numpy", &to_numpy, "int8 (8, 8): 1 black, -1 white, 0 empty; row 1 first.")
        .def("copy", [](const ReversiBoard& b) { return b; })
        .def("__copy__", [](const ReversiBoard& b) { return b; })
        .def(
            "__deepcopy__", [](const ReversiBoard& b, const py::dict&) { return b; },
            py::arg("memo"))
        .def("__repr__", &repr);

    m.def(
        "perft",
        [](const ReversiBoard& board, int depth) {
            if (depth < 0)
                fail("depth must be at least 0");
            const py::gil_scoped_release release;
            return reversi::perft(board, depth);
        },
        py::arg("board"), py::arg("depth"),
        "Leaves of the game tree `depth` plies below the board (a forced pass is a ply), as in "
        "the published perft tables: perft(ReversiBoard(), 11) == 212258800.");

    py::class_<PyEndgame>(m, "EndgameResult", "What solve_endgame found.")
        .def_readonly("score", &PyEndgame::score,
                      "The final score under best play from the side to move's view (-64..64, "
                      "empty squares to the winner).")
        .def_readonly("disc_difference", &PyEndgame::disc_difference)
        .def_readonly("best_move", &PyEndgame::best_move)
        .def_readonly("complete", &PyEndgame::complete,
                      "False when a limit ended the search (the rest then means nothing).")
        .def_readonly("nodes", &PyEndgame::nodes)
        .def_readonly("time", &PyEndgame::seconds);
    m.def(
        "solve_endgame",
        [](const ReversiBoard& board, std::optional<double> seconds,
           std::optional<std::int64_t> nodes) {
            SearchLimits limits;
            if (seconds) {
                if (!(*seconds > 0))
                    fail("time must be a positive number of seconds");
                limits.max_time = std::chrono::milliseconds(
                    std::max<std::int64_t>(1, static_cast<std::int64_t>(*seconds * 1000.0)));
            }
            if (nodes) {
                if (*nodes < 1)
                    fail("nodes must be at least 1");
                limits.max_nodes = *nodes;
            }
            EndgameResult found;
            {
                const py::gil_scoped_release release;
                found = solve_endgame(board, limits);
            }
            return PyEndgame{found.score,
                             found.disc_difference,
                             to_string(found.best_move),
                             found.complete,
                             found.nodes,
                             std::chrono::duration<double>(found.elapsed).count()};
        },
        py::arg("board"), py::kw_only(), py::arg("time") = py::none(),
        py::arg("nodes") = py::none(),
        "The exact result of a Reversi endgame with perfect play and a move reaching it; "
        "practical up to about 20 empty squares.");
}

} // namespace tengen::python
