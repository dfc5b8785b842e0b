#pragma once
/// \file
/// Small text helpers for the parsers of move strings, records and protocol lines: trimming,
/// splitting off a word, whole-number parsing, and excerpts of untrusted text fit to quote in an
/// error message. ASCII only and locale-free, so they behave the same everywhere.

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

namespace tengen {

/// True for the blanks the parsers skip: space, tab, CR and LF.
[[nodiscard]] constexpr bool is_blank(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/// `s` without leading and trailing blanks.
[[nodiscard]] constexpr std::string_view trim(std::string_view s) noexcept {
    while (!s.empty() && is_blank(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && is_blank(s.back()))
        s.remove_suffix(1);
    return s;
}

/// `s` with ASCII letters in upper case (protocol keywords are case-insensitive).
[[nodiscard]] inline std::string to_upper_ascii(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'a' && c <= 'z')
            c = static_cast<char>(c - 'a' + 'A');
    return out;
}

/// `s` with ASCII letters in lower case.
[[nodiscard]] inline std::string to_lower_ascii(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

/// `word` with its first letter in upper case (ASCII): "black" -> "Black".
[[nodiscard]] inline std::string capitalized(std::string_view word) {
    std::string out(word);
    if (!out.empty() && out.front() >= 'a' && out.front() <= 'z')
        out.front() = static_cast<char>(out.front() - 'a' + 'A');
    return out;
}

/// The first blank-separated word of `line` and the trimmed rest.
[[nodiscard]] constexpr std::pair<std::string_view, std::string_view>
split_word(std::string_view line) noexcept {
    line = trim(line);
    std::size_t end = 0;
    while (end < line.size() && !is_blank(line[end]))
        ++end;
    return {line.substr(0, end), trim(line.substr(end))};
}

/// A whole decimal integer, optionally negative, blanks around it allowed; nothing on any other
/// text or on overflow.
[[nodiscard]] inline std::optional<std::int64_t> parse_integer(std::string_view s) noexcept {
    s = trim(s);
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (s.empty() || ec != std::errc{} || end != s.data() + s.size())
        return std::nullopt;
    return value;
}

/// Characters of untrusted text an excerpt keeps by default.
inline constexpr std::size_t default_excerpt_length = 40;

/// Untrusted text fit to quote in a one-line message: at most `max_length` characters, control
/// characters (a stray CR, an ESC, a NUL) and DEL shown as '?', and "..." when it was cut.
[[nodiscard]] inline std::string excerpt(std::string_view text,
                                         std::size_t max_length = default_excerpt_length) {
    constexpr unsigned char first_printable = 0x20;
    constexpr unsigned char del = 0x7F;
    std::string out(text.substr(0, max_length));
    for (char& c : out)
        if (static_cast<unsigned char>(c) < first_printable || static_cast<unsigned char>(c) == del)
            c = '?';
    if (text.size() > max_length)
        out += "...";
    return out;
}

/// `excerpt(text)` between single quotes, as error messages quote input.
[[nodiscard]] inline std::string quoted_excerpt(std::string_view text,
                                                std::size_t max_length = default_excerpt_length) {
    // Appended rather than "'" + excerpt(...) + "'": GCC 12 at -O3 warns falsely (-Wrestrict,
    // GCC bug 105651) on that form.
    std::string out(1, '\'');
    out += excerpt(text, max_length);
    out += '\'';
    return out;
}

} // namespace tengen
