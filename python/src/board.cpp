// tengen.Board: an AnyBoard for Python. Every method that takes a point or a string checks it and,
// when it refuses, raises ValueError (TypeError for a value of the wrong type) with the library's
// message and leaves the board as it was.

#include "bindings.hpp"
#include "convert.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tengen::python {

namespace {

/// Planes of Board.planes(): own stones, the opponent's, points forbidden to the side to move,
/// and a plane of ones when Black is to move.
constexpr int plane_count = 4;

/// Python's names of the four line directions, in Direction's order.
constexpr std::array<const char*, direction_count> direction_names{"horizontal", "vertical",
                                                                   "diagonal", "anti_diagonal"};

std::string size_text(const AnyBoard& board) {
    return std::to_string(board.width()) + "x" + std::to_string(board.height());
}

std::string point_text(Point p) {
    return "point " + to_pos(p) + " (" + to_gomocup(p) + ")";
}

/// ValueError unless `p` is on the board.
void check_on_board(const AnyBoard& board, Point p) {
    if (!board.contains(p))
        fail(point_text(p) + " is off the " + size_text(board) + " board");
}

/// ValueError unless `p` is an empty point of the board.
void check_empty(const AnyBoard& board, Point p) {
    check_on_board(board, p);
    if (board.cell(p) != Cell::Empty)
        fail(point_text(p) + " is occupied");
}

/// True if the side to move may play the empty point `p`: anything but a renju foul of Black.
bool may_play(AnyBoard& board, Point p) {
    return board.visit([&](auto& b) { return is_legal(b, p); });
}

/// The point to play for `value` on `board`, refused with the reason when it cannot be played:
/// off the board, occupied, after the end of the game, or (unless `allow_foul`) a renju foul.
Point checked_move(AnyBoard& board, const py::handle& value, bool allow_foul) {
    const Point p = to_point(value);
    switch (board.check_move(p)) {
    case MoveError::None:
        break;
    case MoveError::OffBoard:
        check_on_board(board, p);
        break;
    case MoveError::Occupied:
        fail(point_text(p) + " is occupied");
    case MoveError::GameOver:
        fail("cannot play " + point_text(p) + ": the game is over");
    }
    if (!allow_foul && board.side_to_move() == Color::Black && board.has_forbidden_moves()) {
        const ForbiddenKind foul = board.forbidden_kind(p);
        if (foul != ForbiddenKind::None)
            fail(point_text(p) + " is forbidden for Black (" + std::string(to_string(foul)) +
                 "); pass allow_foul=True to play it and lose");
    }
    return p;
}

/// True for Python's and numpy's booleans, which Python also counts as integers.
bool is_boolean(const py::handle& value) {
    if (PyBool_Check(value.ptr()))
        return true;
    const std::string_view type = Py_TYPE(value.ptr())->tp_name;
    return type == "numpy.bool_" || type == "numpy.bool";
}

/// The point of the flat action `value` (y * width + x, as the environments number actions),
/// refused with the reason when the side to move cannot play it: TypeError for anything but an
/// integer (Python's or numpy's), ValueError for an action outside the board, an occupied point,
/// a move after the end of the game, or a renju foul of Black.
Point checked_action(AnyBoard& board, const py::handle& value) {
    if (is_boolean(value) || PyIndex_Check(value.ptr()) == 0)
        throw py::type_error("an action is an integer y * width + x, not " +
                             std::string(Py_TYPE(value.ptr())->tp_name));
    const Py_ssize_t action = PyNumber_AsSsize_t(value.ptr(), nullptr);
    if (action == -1 && PyErr_Occurred() != nullptr)
        throw py::error_already_set();
    const Py_ssize_t cells = static_cast<Py_ssize_t>(board.width()) * board.height();
    if (action < 0 || action >= cells)
        fail("action " + std::to_string(action) + " is outside 0.." + std::to_string(cells - 1));
    const Point p(static_cast<int>(action % board.width()),
                  static_cast<int>(action / board.width()));
    const auto refuse = [&](const std::string& reason) {
        fail("action " + std::to_string(action) + " (" + to_pos(p) + ") is illegal: " + reason);
    };
    if (board.result().is_over())
        refuse("after the end of the game");
    if (board.cell(p) != Cell::Empty)
        refuse("occupied");
    if (board.side_to_move() == Color::Black && board.has_forbidden_moves()) {
        const ForbiddenKind foul = board.forbidden_kind(p);
        if (foul != ForbiddenKind::None)
            refuse("forbidden for Black (" + snake_case(to_string(foul)) + ")");
    }
    return p;
}

std::vector<py::tuple> points_to_python(const std::vector<Point>& points) {
    std::vector<py::tuple> out;
    out.reserve(points.size());
    for (const Point p : points)
        out.push_back(to_python(p));
    return out;
}

/// A new board of `rule` and size, or ValueError.
AnyBoard make_board(const std::string& rule, int width, int height) {
    return value_or_raise(AnyBoard::create(value_or_raise(rule_from_string(rule)), width, height));
}

AnyBoard make_board(const std::string& rule, int size, std::optional<int> width,
                    std::optional<int> height) {
    return make_board(rule, width.value_or(size), height.value_or(size));
}

py::object winner_of(const AnyBoard& board) {
    const GameResult result = board.result();
    if (!result.winner)
        return py::none();
    return to_python(*result.winner);
}

std::string repr(const AnyBoard& board) {
    const GameResult result = board.result();
    std::string status;
    if (!result.is_over())
        status = std::string(to_string(board.side_to_move())) + " to move";
    else if (result.winner)
        status = std::string(to_string(*result.winner)) + " won (" +
                 std::string(to_string(result.reason)) + ")";
    else
        status = "draw (" + std::string(to_string(result.reason)) + ")";
    std::string out = "<tengen.Board " + to_string(board.rule()) + " " + size_text(board) + ", " +
                      std::to_string(board.move_count()) + " moves, " + status + ">\n";
    out += board.visit([](const auto& b) { return to_text(b); });
    return out;
}

/// The points forbidden to the side to move (Black's renju fouls), in index order: empty for
/// White and for rules without fouls.
template <typename B> std::vector<Point> fouls_to_move(B& board) {
    if constexpr (B::rule_type::has_forbidden_moves) {
        if (board.side_to_move() == Color::Black && !board.result().is_over())
            return board.forbidden_points();
    }
    return {};
}

py::array_t<std::int8_t> to_numpy(const AnyBoard& board) {
    py::array_t<std::int8_t> out({board.height(), board.width()});
    auto cells = out.mutable_unchecked<2>();
    board.visit([&](const auto& b) {
        for (int y = 0; y < b.height(); ++y)
            for (int x = 0; x < b.width(); ++x) {
                const Cell c = b.cell(Point(x, y));
                cells(y, x) = c == Cell::Black ? 1 : c == Cell::White ? -1 : 0;
            }
    });
    return out;
}

py::array_t<float> planes(AnyBoard& board) {
    py::array_t<float> out({plane_count, board.height(), board.width()});
    auto cell = out.mutable_unchecked<3>();
    board.visit([&](auto& b) {
        const Color us = b.side_to_move();
        const Cell own = cell_of(us);
        const Cell theirs = cell_of(opponent(us));
        const float black_to_move = us == Color::Black ? 1.0F : 0.0F;
        for (int y = 0; y < b.height(); ++y)
            for (int x = 0; x < b.width(); ++x) {
                const Cell c = b.cell(Point(x, y));
                cell(0, y, x) = c == own ? 1.0F : 0.0F;
                cell(1, y, x) = c == theirs ? 1.0F : 0.0F;
                cell(2, y, x) = 0.0F;
                cell(3, y, x) = black_to_move;
            }
        for (const Point p : fouls_to_move(b))
            cell(2, p.y(), p.x()) = 1.0F;
    });
    return out;
}

std::vector<py::tuple> legal_moves(AnyBoard& board) {
    std::vector<py::tuple> out;
    if (board.result().is_over())
        return out;
    board.visit([&](auto& b) {
        const std::vector<Point> fouls = fouls_to_move(b);
        for (int y = 0; y < b.height(); ++y)
            for (int x = 0; x < b.width(); ++x) {
                const Point p(x, y);
                if (b.is_empty(p) && std::find(fouls.begin(), fouls.end(), p) == fouls.end())
                    out.push_back(to_python(p));
            }
    });
    return out;
}

py::array_t<std::int8_t> legal_mask(AnyBoard& board) {
    py::array_t<std::int8_t> out(board.width() * board.height());
    auto mask = out.mutable_unchecked<1>();
    const bool over = board.result().is_over();
    board.visit([&](auto& b) {
        for (int y = 0; y < b.height(); ++y)
            for (int x = 0; x < b.width(); ++x)
                mask(y * b.width() + x) = !over && b.is_empty(Point(x, y)) ? 1 : 0;
        for (const Point p : fouls_to_move(b))
            mask(p.y() * b.width() + p.x()) = 0;
    });
    return out;
}

py::dict forbidden_points(AnyBoard& board) {
    py::dict out;
    for (const Point p : board.forbidden_points())
        out[to_python(p)] = snake_case(to_string(board.forbidden_kind(p)));
    return out;
}

Color color_or_side_to_move(const AnyBoard& board, const py::object& color) {
    return color.is_none() ? board.side_to_move() : to_color(color);
}

std::string threat_at(const AnyBoard& board, const py::handle& point, const py::object& color) {
    const Point p = to_point(point);
    check_empty(board, p);
    const Color c = color_or_side_to_move(board, color);
    return board.visit([&](const auto& b) { return snake_case(to_string(b.threat(p, c))); });
}

py::dict patterns_at(const AnyBoard& board, const py::handle& point, const py::object& color) {
    const Point p = to_point(point);
    check_empty(board, p);
    const Color c = color_or_side_to_move(board, color);
    py::dict out;
    board.visit([&](const auto& b) {
        for (const Direction d : all_directions)
            out[py::str(direction_names[index_of(d)])] = snake_case(to_string(b.pattern(p, d, c)));
    });
    return out;
}

AnyBoard from_psq(const std::string& text, const std::string& rule) {
    const GameRecord record = value_or_raise(read_psq(text));
    AnyBoard board = make_board(rule, record.width, record.height);
    raise_if(board.visit([&](auto& b) { return load_record(b, record); }));
    return board;
}

AnyBoard from_pos(const std::string& moves, const std::string& rule, int size,
                  std::optional<int> width, std::optional<int> height) {
    AnyBoard board = make_board(rule, size, width, height);
    raise_if(board.visit([&](auto& b) { return play_pos_moves(b, moves); }));
    return board;
}

std::vector<Stone> to_stones(const py::iterable& stones) {
    std::vector<Stone> out;
    for (const auto& item : stones) {
        if (!py::isinstance<py::tuple>(item) && !py::isinstance<py::list>(item))
            throw py::type_error("a stone is a (point, colour) pair");
        const auto pair = py::reinterpret_borrow<py::sequence>(item);
        if (pair.size() != 2)
            throw py::type_error("a stone is a (point, colour) pair");
        out.push_back({to_point(pair[0]), to_color(pair[1])});
    }
    return out;
}

} // namespace

void bind_board(py::module_& m) {
    py::class_<AnyBoard>(m, "Board", R"doc(
A gomoku-family board: its rule, size, stones, the side to move and the result.

Points are (x, y) tuples, x the column from the left and y the row from the top, both from 0
(Gomocup's coordinates), or strings: pos notation ("h8": column letter, row from the top, from 1)
or Gomocup's "7,7". Moves come back as (x, y) tuples. Bad input raises ValueError (TypeError for a
value of the wrong type) and changes nothing.
)doc")
        .def(py::init(
                 [](const std::string& rule, int size, std::optional<int> width,
                    std::optional<int> height) { return make_board(rule, size, width, height); }),
             py::arg("rule") = "freestyle", py::arg("size") = 15, py::kw_only(),
             py::arg("width") = py::none(), py::arg("height") = py::none(),
             "An empty board: rule 'freestyle', 'standard', 'renju', 'caro' or 'k3'..'k6'; "
             "size x size points (or width x height).")
        .def_static("from_pos", &from_pos, py::arg("moves"), py::arg("rule") = "freestyle",
                    py::arg("size") = 15, py::kw_only(), py::arg("width") = py::none(),
                    py::arg("height") = py::none(),
                    "A board with the moves of a pos string ('h8i9j7') played in order.")
        .def_static("from_psq", &from_psq, py::arg("text"), py::arg("rule") = "freestyle",
                    "A board with the game of a Piskvork .psq text replayed (its size from the "
                    "text).")
        .def_property_readonly("rule", [](const AnyBoard& b) { return to_string(b.rule()); })
        .def_property_readonly("width", &AnyBoard::width)
        .def_property_readonly("height", &AnyBoard::height)
        .def_property_readonly(
            "shape", [](const AnyBoard& b) { return py::make_tuple(b.height(), b.width()); },
            "(height, width), as numpy orders the axes of to_numpy().")
        .def_property_readonly("has_fouls", &AnyBoard::has_forbidden_moves,
                               "True under renju, where Black has forbidden points.")
        .def_property_readonly(
            "side_to_move", [](const AnyBoard& b) { return to_python(b.side_to_move()); },
            "'black' or 'white'.")
        .def_property_readonly("move_count", &AnyBoard::move_count)
        .def_property_readonly("hash", &AnyBoard::hash,
                               "The 64-bit Zobrist hash of the stones and the side to move.")
        .def_property_readonly(
            "history",
            [](const AnyBoard& b) {
                py::list out;
                for (const Point p : b.history())
                    out.append(p.is_pass() ? py::object(py::none()) : py::object(to_python(p)));
                return out;
            },
            "The moves played, in order (None for a pass).")
        .def_property_readonly("is_over", [](const AnyBoard& b) { return b.result().is_over(); })
        .def_property_readonly("winner", &winner_of,
                               "'black', 'white', or None (no winner yet, "
                               "or a draw).")
        .def_property_readonly("is_draw", [](const AnyBoard& b) { return b.result().is_draw(); })
        .def_property_readonly(
            "end_reason",
            [](const AnyBoard& b) -> py::object {
                const GameResult r = b.result();
                if (!r.is_over())
                    return py::none();
                return py::str(snake_case(to_string(r.reason)));
            },
            "None while the game goes on; else 'five', 'overline', 'forbidden_overline', "
            "'forbidden_double_four', 'forbidden_double_three' or 'board_full'.")
        .def_property_readonly(
            "winning_row", [](const AnyBoard& b) { return points_to_python(b.winning_row()); },
            "The stones of the row that won, end to end; empty unless a row won.")
        .def_property_readonly(
            "pos",
            [](const AnyBoard& b) {
                std::string out;
                for (const Point p : b.history())
                    if (!p.is_pass())
                        out += to_pos(p);
                return out;
            },
            "The moves as a pos string ('h8i9j7').")
        .def(
            "play",
            [](AnyBoard& b, const py::handle& move, bool allow_foul) {
                const Point p = checked_move(b, move, allow_foul);
                (void)b.try_play(p);
                return to_python(p);
            },
            py::arg("move"), py::kw_only(), py::arg("allow_foul") = false,
            "Plays `move` for the side to move and returns it as (x, y). ValueError for a point "
            "off the board, occupied, after the end, or a renju foul of Black (which loses; "
            "allow_foul=True plays it).")
        .def(
            "play_action",
            [](AnyBoard& b, const py::handle& action) {
                const Point p = checked_action(b, action);
                (void)b.try_play(p);
                return to_python(p);
            },
            py::arg("action"),
            "Plays the flat action y * width + x (the environments' numbering) for the side to "
            "move and returns it as (x, y). TypeError for a non-integer; ValueError for an "
            "action outside the board, an occupied point, after the end, or a renju foul.")
        .def(
            "play_pos",
            [](AnyBoard& b, const std::string& moves) {
                raise_if(b.visit([&](auto& typed) { return play_pos_moves(typed, moves); }));
            },
            py::arg("moves"), "Plays every move of a pos string, or none of them (ValueError).")
        .def(
            "undo",
            [](AnyBoard& b) -> py::object {
                const auto history = b.history();
                if (history.empty())
                    fail("no move to undo");
                const Point last = history.back();
                (void)b.try_undo();
                return last.is_pass() ? py::object(py::none()) : py::object(to_python(last));
            },
            "Takes back the last move and returns it. ValueError when there is none.")
        .def("clear", &AnyBoard::clear, "Removes every stone; the rule and size stay.")
        .def(
            "set_position",
            [](AnyBoard& b, const py::iterable& stones) {
                raise_if(b.set_position(to_stones(stones)));
            },
            py::arg("stones"),
            "Replaces the position by stones [((x, y), 'black'), ...], placed in order without "
            "judging each; the colour after the last stone's is to move.")
        .def(
            "is_legal",
            [](AnyBoard& b, const py::handle& move) {
                const Point p = to_point(move);
                return b.check_move(p) == MoveError::None && may_play(b, p);
            },
            py::arg("move"), "True if the side to move may play `move` now (a renju foul: no).")
        .def("legal_moves", &legal_moves,
             "Every point the side to move may play, row by row; empty once the game is over.")
        .def("legal_mask", &legal_mask,
             "legal_moves() as an int8 array of width * height entries, y * width + x: 1 where "
             "the side to move may play.")
        .def(
            "stone",
            [](const AnyBoard& b, const py::handle& point) -> py::object {
                const Point p = to_point(point);
                check_on_board(b, p);
                const Cell c = b.cell(p);
                if (c == Cell::Empty)
                    return py::none();
                return to_python(c == Cell::Black ? Color::Black : Color::White);
            },
            py::arg("point"), "'black', 'white' or None for an empty point.")
        .def(
            "forbidden_kind",
            [](AnyBoard& b, const py::handle& point) -> py::object {
                const Point p = to_point(point);
                check_on_board(b, p);
                const ForbiddenKind kind = b.forbidden_kind(p);
                if (kind == ForbiddenKind::None)
                    return py::none();
                return py::str(snake_case(to_string(kind)));
            },
            py::arg("point"),
            "Why Black may not play `point`: 'overline', 'double_four', 'double_three', or None.")
        .def("forbidden_points", &forbidden_points,
             "{(x, y): kind} of every point forbidden for Black (empty for rules without fouls).")
        .def("threat", &threat_at, py::arg("point"), py::arg("color") = py::none(),
             "The threat class a stone of `color` (default: the side to move) makes on the "
             "empty `point`: 'none', 'forbidden', 'closed_two', 'open_two', 'double_two', "
             "'closed_three', 'open_three', 'double_three', 'four', 'four_three', "
             "'double_four', 'open_four' or 'five'.")
        .def("patterns", &patterns_at, py::arg("point"), py::arg("color") = py::none(),
             "The line pattern a stone of `color` makes on the empty `point` in each direction: "
             "{'horizontal': ..., 'vertical': ..., 'diagonal': ..., 'anti_diagonal': ...}.")
        .def("to_numpy", &to_numpy,
             "The stones as an int8 array of shape (height, width): 1 Black, -1 White, 0 empty.")
        .def("planes", &planes,
             "float32 planes of shape (4, height, width): the side to move's stones, the "
             "opponent's, the points forbidden to the side to move, and ones when Black is to "
             "move.")
        .def(
            "to_psq",
            [](const AnyBoard& b) {
                return b.visit([](const auto& typed) { return write_psq(record_of(typed)); });
            },
            "The game as a Piskvork .psq text.")
        .def(
            "copy", [](const AnyBoard& b) { return b.clone(); }, "An independent copy.")
        .def("__copy__", [](const AnyBoard& b) { return b.clone(); })
        .def(
            "__deepcopy__", [](const AnyBoard& b, const py::dict&) { return b.clone(); },
            py::arg("memo"))
        .def("__len__", &AnyBoard::move_count)
        .def("__repr__", &repr)
        .def("__str__", [](const AnyBoard& b) {
            return b.visit([](const auto& typed) { return to_text(typed); });
        });

    m.def(
        "parse_point", [](const py::handle& text) { return to_python(to_point(text)); },
        py::arg("text"), "(x, y) of a point in pos notation ('h8') or Gomocup's ('7,7').");
    m.def(
        "to_pos", [](const py::handle& point) { return to_pos(to_point(point)); }, py::arg("point"),
        "The pos notation of a point ('h8').");
    m.def(
        "to_gomocup", [](const py::handle& point) { return to_gomocup(to_point(point)); },
        py::arg("point"), "Gomocup's 'x,y' of a point.");
    m.attr("RULES") = [] {
        py::list names;
        for (const RuleSpec spec : supported_rules)
            names.append(to_string(spec));
        return py::tuple(names);
    }();
    m.attr("MAX_BOARD_SIZE") = layout::max_board_size;
}

} // namespace tengen::python
