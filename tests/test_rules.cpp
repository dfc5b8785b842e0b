#include "catch.hpp"

#include <tengen/tengen.hpp>

TEST_CASE("rules placeholder", "[rules]") {
    CHECK(1 + 1 == 2);
}
