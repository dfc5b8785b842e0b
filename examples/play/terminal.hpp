#pragma once
/// \file
/// tengen_play's side of the terminal: the lines the player types, read with a prompt, echoed
/// when they come through a pipe and cleaned of the escape sequences that arrow and editing keys
/// send; and whether the output is coloured.

#include "../common/terminal.hpp"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

namespace tengen::play {

/// `line` without its terminal escape sequences (ESC [ ... final byte, ESC O x, ESC x) and
/// other control characters but tabs: what the keys that send them leave on a plain line.
[[nodiscard]] inline std::string without_escape_sequences(std::string_view line) {
    constexpr char escape = '\x1b';
    constexpr unsigned char delete_key = 0x7f;
    std::string out;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const auto c = static_cast<unsigned char>(line[i]);
        if (line[i] == escape) {
            if (i + 1 < line.size() && line[i + 1] == '[') {
                // CSI: parameters and intermediates up to a final byte in @..~.
                i += 2;
                while (i < line.size() && (line[i] < '@' || line[i] > '~'))
                    ++i;
            } else if (i + 1 < line.size()) {
                i += line[i + 1] == 'O' ? 2 : 1; // SS3 (ESC O A) or a two-byte sequence
            }
            continue;
        }
        if (c < ' ' && line[i] != '\t')
            continue;
        if (c == delete_key)
            continue;
        out += line[i];
    }
    return out;
}

/// Reads the player's lines from standard input after a prompt on standard output. When the
/// input is not a terminal (a script, a pipe) every line read is echoed after its prompt, so
/// that the output reads as the session it was.
class LineReader {
public:
    /// A reader that echoes when standard input, as it is now, is not a terminal.
    LineReader() : echo_(!examples::is_terminal(stdin)) {}

    /// Prints `prompt` and reads one line, without its line end and escape sequences; nothing
    /// at the end of the input (a newline is printed then, so that the prompt's line ends).
    std::optional<std::string> read_line(std::string_view prompt) {
        std::cout << prompt << std::flush;
        std::string line;
        if (!std::getline(std::cin, line)) {
            std::cout << '\n';
            return std::nullopt;
        }
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        // The plain line reader cannot act on arrow and editing keys, so their sequences are
        // dropped, never printed back, and the rest is read as usual.
        const std::string cleaned = without_escape_sequences(line);
        if (echo_)
            std::cout << cleaned << '\n';
        if (cleaned != line)
            std::cout << "(arrow and editing keys do nothing here; type a move such as h8)\n";
        return cleaned;
    }

private:
    bool echo_;
};

/// Whether to colour the output for --color `mode`: "always", "never", or "auto" (colour on a
/// terminal, unless NO_COLOR is set to a non-empty value, as https://no-color.org asks).
[[nodiscard]] inline bool colour_wanted(std::string_view mode) {
    const char* no_color = std::getenv("NO_COLOR");
    const bool no_color_requested = no_color != nullptr && *no_color != '\0';
    return mode == "always" ||
           (mode == "auto" && examples::is_terminal(stdout) && !no_color_requested);
}

} // namespace tengen::play
