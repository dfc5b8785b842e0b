#pragma once
/// \file
/// `Expected<T>`: a value or a human-readable error, for operations on untrusted input.

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace tengen {

/// Why an operation on untrusted input failed, in words fit to show a user.
struct Error {
    std::string
        message; ///< One line, no trailing newline, e.g. "point h16 is off the 15x15 board".
};

/// Either a `T` or an `Error`. A minimal stand-in for C++23 `std::expected<T, Error>`.
template <typename T> class Expected {
public:
    /// A success holding `value`.
    Expected(T value) : state_(std::move(value)) {} // NOLINT(google-explicit-constructor)
    /// A failure holding `error`.
    Expected(Error error) : state_(std::move(error)) {} // NOLINT(google-explicit-constructor)

    /// True on success.
    [[nodiscard]] bool has_value() const noexcept { return state_.index() == 0; }
    /// True on success.
    explicit operator bool() const noexcept { return has_value(); }

    /// The value. Precondition: has_value().
    [[nodiscard]] const T& value() const& {
        assert(has_value());
        return std::get<0>(state_);
    }
    /// The value, moved out. Precondition: has_value().
    [[nodiscard]] T&& value() && {
        assert(has_value());
        return std::get<0>(std::move(state_));
    }
    /// The value. Precondition: has_value().
    [[nodiscard]] const T& operator*() const& { return value(); }
    /// Member access to the value. Precondition: has_value().
    [[nodiscard]] const T* operator->() const { return &value(); }

    /// The error. Precondition: !has_value().
    [[nodiscard]] const Error& error() const& {
        assert(!has_value());
        return std::get<1>(state_);
    }

private:
    std::variant<T, Error> state_;
};

} // namespace tengen
