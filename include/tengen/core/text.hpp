#pragma once
/// \file
/// Small text helpers for the parsers of move strings, records and protocol lines: trimming,
/// splitting off a word, whole-number parsing, and excerpts of untrusted text fit to quote in an
/// error message. ASCII only and locale-free, so they behave the same everywhere.

#include <algorithm>
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

/// Which characters of untrusted text a sanitised excerpt keeps.
enum class Charset : std::uint8_t {
    /// Printable ASCII and well-formed UTF-8 beyond it, but no control character.
    utf8,
    /// Printable ASCII only (protocols and logs that promise ASCII).
    ascii,
};

namespace detail {

/// The length in bytes of the well-formed UTF-8 sequence of two to four bytes that starts
/// `text`, or 0 when it does not start with one (a stray continuation byte, an overlong form,
/// a surrogate, a code point past U+10FFFF, a sequence cut short).
[[nodiscard]] constexpr std::size_t utf8_sequence_length(std::string_view text) noexcept {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const auto continuation = [&](std::size_t i, unsigned char low = 0x80,
                                  unsigned char high = 0xBF) {
        return i < text.size() && byte(i) >= low && byte(i) <= high;
    };
    if (text.empty())
        return 0;
    const unsigned char lead = byte(0);
    if (lead >= 0xC2 && lead <= 0xDF)
        return continuation(1) ? 2 : 0;
    if (lead >= 0xE0 && lead <= 0xEF) {
        const unsigned char low = lead == 0xE0 ? 0xA0 : 0x80;  // no overlong form
        const unsigned char high = lead == 0xED ? 0x9F : 0xBF; // no surrogate
        return continuation(1, low, high) && continuation(2) ? 3 : 0;
    }
    if (lead >= 0xF0 && lead <= 0xF4) {
        const unsigned char low = lead == 0xF0 ? 0x90 : 0x80;  // no overlong form
        const unsigned char high = lead == 0xF4 ? 0x8F : 0xBF; // nothing past U+10FFFF
        return continuation(1, low, high) && continuation(2) && continuation(3) ? 4 : 0;
    }
    return 0;
}

} // namespace detail

/// Untrusted text fit to show on a terminal or quote in a one-line message: the one sanitiser
/// every tengen program prints received text through. At most `max_length` characters, "..."
/// when it was cut; every control character shown as '?': the C0 controls (a stray CR, an ESC,
/// a NUL), DEL, and the C1 controls U+0080 to U+009F, whose UTF-8 bytes a terminal may read as
/// a control sequence (U+009B is CSI); so is every byte of malformed UTF-8. `Charset::ascii`
/// shows every character beyond ASCII as '?' too.
[[nodiscard]] inline std::string excerpt(std::string_view text,
                                         std::size_t max_length = default_excerpt_length,
                                         Charset charset = Charset::utf8) {
    constexpr unsigned char first_printable = 0x20;
    constexpr unsigned char del = 0x7F;
    constexpr unsigned char c1_lead = 0xC2;       // U+0080 to U+00BF start with this byte
    constexpr unsigned char c1_end_second = 0xA0; // ... and U+00A0 is the first one past C1
    std::string out;
    std::size_t i = 0;
    for (std::size_t characters = 0; i < text.size() && characters < max_length; ++characters) {
        const auto lead = static_cast<unsigned char>(text[i]);
        if (lead < del) {
            out += lead < first_printable ? '?' : text[i];
            ++i;
            continue;
        }
        const std::size_t length = detail::utf8_sequence_length(text.substr(i));
        const bool c1 = length == 2 && lead == c1_lead &&
                        static_cast<unsigned char>(text[i + 1]) < c1_end_second;
        if (length == 0 || c1 || charset == Charset::ascii)
            out += '?';
        else
            out.append(text.substr(i, length));
        i += std::max<std::size_t>(length, 1);
    }
    if (i < text.size())
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
