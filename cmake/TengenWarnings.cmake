# tengen_set_warnings(<target>)
#
# Build settings for tengen's own executables (tests, examples, benchmarks); never for the
# tengen interface target, whose users choose their own flags.
#   - standard C++20 without compiler extensions
#   - warnings: -Wall -Wextra -Wpedantic -Wshadow (/W4 /permissive- with MSVC)
#   - TENGEN_WERROR:   warnings become errors
#   - TENGEN_SANITIZE: -fsanitize=<list> at compile and link time, with frame pointers kept and
#                      recovery disabled so that the first report fails the test (with GCC,
#                      also -Wno-maybe-uninitialized, see below)
#   - TENGEN_NO_SANITIZE: -fno-sanitize=<list>, checks of those groups left out (GCC and Clang)
include_guard(GLOBAL)

if(NOT TENGEN_SANITIZE STREQUAL "")
    if(NOT TENGEN_SANITIZE MATCHES "^[a-z_-]+(,[a-z_-]+)*$")
        message(FATAL_ERROR
            "TENGEN_SANITIZE must be a comma-separated list such as 'address,undefined', "
            "got '${TENGEN_SANITIZE}'")
    endif()
    if(NOT TENGEN_NO_SANITIZE STREQUAL "" AND NOT TENGEN_NO_SANITIZE MATCHES "^[a-z_-]+(,[a-z_-]+)*$")
        message(FATAL_ERROR
            "TENGEN_NO_SANITIZE must be a comma-separated list such as 'null,alignment', "
            "got '${TENGEN_NO_SANITIZE}'")
    endif()
    if(MSVC)
        if(NOT TENGEN_SANITIZE STREQUAL "address")
            message(FATAL_ERROR "MSVC supports only TENGEN_SANITIZE=address")
        endif()
        set(TENGEN_SANITIZE_COMPILE_OPTIONS /fsanitize=address)
        set(TENGEN_SANITIZE_LINK_OPTIONS "")
    else()
        set(TENGEN_SANITIZE_COMPILE_OPTIONS
            -fsanitize=${TENGEN_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
        set(TENGEN_SANITIZE_LINK_OPTIONS -fsanitize=${TENGEN_SANITIZE})
        if(NOT TENGEN_NO_SANITIZE STREQUAL "")
            list(APPEND TENGEN_SANITIZE_COMPILE_OPTIONS -fno-sanitize=${TENGEN_NO_SANITIZE})
        endif()
    endif()

    # Fail at configure time, with a clear message, if the toolchain cannot build and link a
    # sanitized program (a missing libasan/libubsan otherwise shows up as a link error later).
    include(CheckCXXSourceCompiles)
    include(CMakePushCheckState)
    string(MAKE_C_IDENTIFIER "TENGEN_SANITIZE_WORKS_${TENGEN_SANITIZE}_${TENGEN_NO_SANITIZE}"
        _tengen_sanitize_check)
    cmake_push_check_state(RESET)
    set(CMAKE_REQUIRED_QUIET ON)
    list(JOIN TENGEN_SANITIZE_COMPILE_OPTIONS " " CMAKE_REQUIRED_FLAGS)
    set(CMAKE_REQUIRED_LINK_OPTIONS ${TENGEN_SANITIZE_LINK_OPTIONS})
    check_cxx_source_compiles("int main() { return 0; }" ${_tengen_sanitize_check})
    cmake_pop_check_state()
    if(NOT ${_tengen_sanitize_check})
        message(FATAL_ERROR
            "The C++ compiler cannot build with -fsanitize=${TENGEN_SANITIZE} "
            "(is the sanitizer runtime installed?)")
    endif()
    set(_tengen_left_out "")
    if(NOT TENGEN_NO_SANITIZE STREQUAL "")
        set(_tengen_left_out " (checks left out: ${TENGEN_NO_SANITIZE})")
    endif()
    message(STATUS "tengen: sanitizers enabled for tests, examples and benchmarks: "
        "${TENGEN_SANITIZE}${_tengen_left_out}")
endif()

function(tengen_set_warnings target)
    # Plain C++20 (-std=c++20, not gnu++20) so that no GNU extension slips into the headers.
    set_target_properties(${target} PROPERTIES CXX_EXTENSIONS OFF)

    if(MSVC)
        target_compile_options(${target} PRIVATE /W4 /permissive-)
        if(TENGEN_WERROR)
            target_compile_options(${target} PRIVATE /WX)
        endif()
    else()
        target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow)
        if(TENGEN_WERROR)
            target_compile_options(${target} PRIVATE -Werror)
        endif()
    endif()

    if(NOT TENGEN_SANITIZE STREQUAL "")
        target_compile_options(${target} PRIVATE ${TENGEN_SANITIZE_COMPILE_OPTIONS})
        target_link_options(${target} PRIVATE ${TENGEN_SANITIZE_LINK_OPTIONS})
        # GCC's sanitizer instrumentation produces false -Wmaybe-uninitialized reports, even
        # inside libstdc++ (std::regex and std::function under -O1, as used by Catch2's main);
        # the unsanitized builds still check it.
        if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
            target_compile_options(${target} PRIVATE -Wno-maybe-uninitialized)
        endif()
    endif()
endfunction()

# tengen_mark_system_includes(<target>...)
#
# Third-party targets built from source (FetchContent) export their include directories as
# ordinary -I paths, so our -Wall -Werror would apply to their headers. Re-export them as system
# include directories. Imported targets from installed packages need nothing: their headers
# already come in through -isystem.
function(tengen_mark_system_includes)
    foreach(target IN LISTS ARGN)
        if(NOT TARGET ${target})
            continue()
        endif()
        get_target_property(aliased ${target} ALIASED_TARGET)
        if(aliased)
            set(target ${aliased})
        endif()
        get_target_property(dirs ${target} INTERFACE_INCLUDE_DIRECTORIES)
        if(dirs)
            set_property(TARGET ${target} APPEND PROPERTY INTERFACE_SYSTEM_INCLUDE_DIRECTORIES ${dirs})
        endif()
    endforeach()
endfunction()
