#include "catch.hpp"

#include <tengen/tengen.hpp>

TEST_CASE("pattern placeholder", "[pattern]") {
    CHECK(1 + 1 == 2);
}
