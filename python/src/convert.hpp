#pragma once
// Conversions between Python values and tengen's types, shared by the binding's files: points
// as (x, y) tuples or move strings, colours and names as lower-case strings, tengen's Errors as
// ValueError.

#include <tengen/tengen.hpp>

#include <cctype>
#include <optional>
#include <pybind11/pybind11.h>
#include <string>
#include <string_view>

namespace tengen::python {

namespace py = pybind11;

/// Raises ValueError with `message` (pybind11 turns std::invalid_argument into ValueError).
[[noreturn]] inline void fail(const std::string& message) {
    throw py::value_error(message);
}

/// The value of `expected`, or ValueError with its Error's message.
template <typename T> T value_or_raise(Expected<T> expected) {
    if (!expected)
        fail(expected.error().message);
    return std::move(expected).value();
}

/// ValueError with the message of `error`, if any.
inline void raise_if(const std::optional<Error>& error) {
    if (error)
        fail(error->message);
}

/// "open_three" for "OpenThree": the snake_case name Python uses for an enumerator's name.
inline std::string snake_case(std::string_view camel) {
    std::string out;
    for (const char c : camel) {
        if (c == '-' || c == ' ') {
            out += '_';
            continue;
        }
        if (std::isupper(static_cast<unsigned char>(c)) != 0) {
            if (!out.empty())
                out += '_';
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else {
            out += c;
        }
    }
    return out;
}

/// (x, y) of an on-board point.
inline py::tuple to_python(Point p) {
    return py::make_tuple(p.x(), p.y());
}

/// The point a Python value names: an (x, y) pair of integers (x the column from the left, y
/// the row from the top, both from 0, as Gomocup counts), or a string in pos notation ("h8") or
/// Gomocup's ("7,7"). TypeError for anything else, ValueError for a malformed string or a
/// coordinate outside every board. Whether the point lies on a given board is not checked here.
inline Point to_point(const py::handle& value) {
    if (py::isinstance<py::str>(value))
        return value_or_raise(parse_point(value.cast<std::string>()));
    if (py::isinstance<py::tuple>(value) || py::isinstance<py::list>(value)) {
        const auto items = py::reinterpret_borrow<py::sequence>(value);
        if (items.size() != 2)
            throw py::type_error("a point is an (x, y) pair, not a sequence of " +
                                 std::to_string(items.size()));
        for (const auto& item : items)
            if (!py::isinstance<py::int_>(item) || py::isinstance<py::bool_>(item))
                throw py::type_error("a point's coordinates are integers, not " +
                                     std::string(py::str(py::type::of(item).attr("__name__"))));
        const auto x = items[0].cast<long long>();
        const auto y = items[1].cast<long long>();
        if (x < 0 || y < 0 || x >= layout::max_board_size || y >= layout::max_board_size)
            fail("point (" + std::to_string(x) + ", " + std::to_string(y) +
                 ") is off every board (coordinates run from 0 to " +
                 std::to_string(layout::max_board_size - 1) + ")");
        return Point(static_cast<int>(x), static_cast<int>(y));
    }
    throw py::type_error("a point is an (x, y) tuple or a move string such as 'h8', not " +
                         std::string(py::str(py::type::of(value).attr("__name__"))));
}

/// The colour a Python string names: "black" or "white" (any case), or "x"/"o".
inline Color to_color(const py::handle& value) {
    if (!py::isinstance<py::str>(value))
        throw py::type_error("a colour is 'black' or 'white', not " +
                             std::string(py::str(py::type::of(value).attr("__name__"))));
    const std::string name = to_lower_ascii(value.cast<std::string>());
    if (name == "black" || name == "x")
        return Color::Black;
    if (name == "white" || name == "o")
        return Color::White;
    fail("unknown colour '" + value.cast<std::string>() + "' (expected 'black' or 'white')");
}

/// "black" or "white".
inline py::str to_python(Color c) {
    return py::str(std::string(to_string(c)));
}

} // namespace tengen::python
