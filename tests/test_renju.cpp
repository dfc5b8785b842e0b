#include "catch.hpp"

#include <tengen/tengen.hpp>

TEST_CASE("renju placeholder", "[renju]") {
    CHECK(1 + 1 == 2);
}
