// Catch2 v2 only: the translation unit that holds Catch's implementation and main().
// (With v3 the test executable links Catch2::Catch2WithMain instead.)
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
