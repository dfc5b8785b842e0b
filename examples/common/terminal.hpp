#pragma once
/// \file
/// What the terminal front-ends (tengen_play, tengen_reversi, tengen_match's progress line)
/// share: whether a standard stream is a terminal, and the letters their text boards show the
/// stones as.

#include <tengen/tengen.hpp>

#include <cstdio>

#if defined(_WIN32)
#include <io.h>
#include <stdio.h>
#else
#include <stdio.h>
#include <unistd.h>
#endif

namespace tengen::examples {

/// True when `stream` (stdin, stdout or stderr) is a terminal, false when it is a pipe or a
/// file: a program echoes piped input, and colours or redraws only what a person watches.
[[nodiscard]] inline bool is_terminal(std::FILE* stream) {
#if defined(_WIN32)
    return _isatty(_fileno(stream)) != 0;
#else
    return isatty(fileno(stream)) != 0;
#endif
}

/// The letter of a stone of colour `c` on a text board: `X` Black, `O` White.
[[nodiscard]] constexpr char stone_letter(Color c) noexcept {
    return c == Color::Black ? 'X' : 'O';
}

} // namespace tengen::examples
