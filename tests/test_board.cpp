#include "catch.hpp"

#include <tengen/tengen.hpp>

TEST_CASE("board placeholder", "[board]") {
    CHECK(1 + 1 == 2);
}

TEST_CASE("property placeholder", "[property]") {
    CHECK(1 + 1 == 2);
}

TEST_CASE("slow placeholder", "[.slow]") {
    CHECK(1 + 1 == 2);
}
