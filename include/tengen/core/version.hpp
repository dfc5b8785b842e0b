#pragma once
/// \file
/// The library's version. CMake reads it from here for the package version, so the two never
/// disagree.

/// Major version: changes that break code written against an earlier one.
#define TENGEN_VERSION_MAJOR 0
/// Minor version: additions.
#define TENGEN_VERSION_MINOR 2
/// Patch version: fixes.
#define TENGEN_VERSION_PATCH 0

namespace tengen {

/// The version as one number, major * 10000 + minor * 100 + patch, for comparisons.
inline constexpr int version_number =
    TENGEN_VERSION_MAJOR * 10000 + TENGEN_VERSION_MINOR * 100 + TENGEN_VERSION_PATCH;

} // namespace tengen
