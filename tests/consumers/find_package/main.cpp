// A consumer of the installed or vendored library: it must compile against <tengen/tengen.hpp>
// alone and behave.
#include <tengen/tengen.hpp>

#ifdef TENGEN_PACKAGE_VERSION_MAJOR
static_assert(TENGEN_VERSION_MAJOR == TENGEN_PACKAGE_VERSION_MAJOR &&
                  TENGEN_VERSION_MINOR == TENGEN_PACKAGE_VERSION_MINOR &&
                  TENGEN_VERSION_PATCH == TENGEN_PACKAGE_VERSION_PATCH,
              "the installed headers and the package config disagree on the version");
#endif

int main() {
    using namespace tengen;
    Board<Freestyle> board(15);
    if (play_pos_moves(board, "h8a1i8a2j8a3k8a4l8")) return 1;
    const GameResult expected{Color::Black, EndReason::Five};
    return board.result() == expected && !board.verify() ? 0 : 1;
}
