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

/// `text` fit to send as a line that may quote received text (ERROR, UNKNOWN, a warning):
/// tengen::excerpt in ASCII (the protocol is ASCII: every other character, and every control,
/// shown as '?') and at most max_notice_bytes bytes, "..." ending a cut line. The last guard on
/// every line that carries received text.
[[nodiscard]] inline std::string notice_line(std::string_view text) {
    constexpr std::size_t cut_mark_bytes = 3; // excerpt's "..."
    std::string line = excerpt(text, max_notice_bytes, Charset::ascii);
    if (line.size() > max_notice_bytes)
        line = excerpt(text, max_notice_bytes - cut_mark_bytes, Charset::ascii);
    return line;
}

} // namespace tengen::pbrain
