#pragma once
/// \file
/// pbrain-tengen's lines that quote what it received (ERROR, UNKNOWN, warnings): cut short and
/// cleaned of every byte a terminal could read as a control.

#include <tengen/tengen.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace tengen::pbrain {

/// Characters of a malformed line an ERROR answer echoes.
inline constexpr std::size_t max_echo = 60;

/// Untrusted text fit to echo in an answer: one clean line, cut short (see tengen::excerpt).
[[nodiscard]] inline std::string echo(std::string_view s) {
    return excerpt(s, max_echo);
}

/// The longest ERROR, UNKNOWN or warning MESSAGE line the engine sends, in bytes (the line end
/// not counted): room for the reason and an echo of max_echo characters.
inline constexpr std::size_t max_notice_bytes = 160;

/// `text` fit to send as a line that may quote received text (ERROR, UNKNOWN, a warning): every
/// byte that is not printable ASCII shown as '?' and at most max_notice_bytes bytes, "..." ending
/// a cut line. Stricter than tengen::excerpt, which keeps the bytes of UTF-8 characters: the
/// protocol is ASCII, and a manager's log shown in a terminal could read such bytes (U+009B is
/// CSI) as a control sequence. The last guard on every line that carries received text.
[[nodiscard]] inline std::string notice_line(std::string_view text) {
    constexpr char first_printable = ' ';
    constexpr char last_printable = '~';
    constexpr std::string_view cut_mark = "...";
    std::string out(text.substr(0, max_notice_bytes));
    for (char& c : out)
        if (c < first_printable || c > last_printable)
            c = '?';
    if (text.size() > max_notice_bytes)
        out.replace(out.size() - cut_mark.size(), cut_mark.size(), cut_mark);
    return out;
}

} // namespace tengen::pbrain
