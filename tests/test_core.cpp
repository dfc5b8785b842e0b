#include "catch.hpp"

#include <tengen/tengen.hpp>

TEST_CASE("placeholder", "[core]") { CHECK(1 + 1 == 2); }
