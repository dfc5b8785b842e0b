#pragma once
// Includes Catch2 whichever major version the build found (see tests/CMakeLists.txt), so that the
// test sources can be written once. Write tests against the v3 spelling where the two differ:
// `Catch::Approx` (v2 only has a global `Approx`, aliased into `Catch` below).

#if defined(TENGEN_CATCH2_V3)
#include <catch2/catch_all.hpp>
#else
#include <catch2/catch.hpp>

namespace Catch {
using ::Catch::Detail::Approx;
} // namespace Catch
#endif
