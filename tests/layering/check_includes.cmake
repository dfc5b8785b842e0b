# Checks which way the includes of tengen's headers point, run by CTest with cmake -P:
#   cmake -DTENGEN_INCLUDE_DIR=<dir holding tengen/> -P check_includes.cmake
# Each folder may include only the folders listed for it (docs/design.md draws the picture):
# the search knows no game, core knows nothing else, and no game knows another. Every
# #include <tengen/...> of a header in a listed folder is checked; a header in a folder not
# listed here fails too, so a new folder must be placed in the picture first. Exits with an
# error naming every offending line.
cmake_minimum_required(VERSION 3.21)

if(NOT TENGEN_INCLUDE_DIR)
    message(FATAL_ERROR "pass -DTENGEN_INCLUDE_DIR=<directory holding tengen/>")
endif()
get_filename_component(TENGEN_INCLUDE_DIR "${TENGEN_INCLUDE_DIR}" ABSOLUTE)

# folder -> the folders its headers may include (besides their own)
set(allowed_core "")
set(allowed_search "core")
set(allowed_gomoku "core;search")
set(allowed_reversi "core;search")
set(allowed_engine "core;search;gomoku") # what front-ends share: rules and sizes chosen at run time
set(allowed_top "core;search;gomoku;reversi;engine") # tengen.hpp, the umbrella header

file(GLOB_RECURSE headers RELATIVE "${TENGEN_INCLUDE_DIR}/tengen" "${TENGEN_INCLUDE_DIR}/tengen/*.hpp")
if(NOT headers)
    message(FATAL_ERROR "no headers under ${TENGEN_INCLUDE_DIR}/tengen")
endif()

set(problems "")
foreach(header IN LISTS headers)
    string(FIND "${header}" "/" slash)
    if(slash EQUAL -1)
        set(folder top)
    else()
        string(SUBSTRING "${header}" 0 ${slash} folder)
    endif()
    if(NOT DEFINED allowed_${folder})
        string(APPEND problems "  ${header}: folder '${folder}' has no place in the include picture\n")
        continue()
    endif()
    set(allowed ${allowed_${folder}} ${folder})
    file(STRINGS "${TENGEN_INCLUDE_DIR}/tengen/${header}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]tengen/")
    foreach(line IN LISTS includes)
        string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*[<\"]tengen/([^/>\"]+).*$" "\\1" target "${line}")
        if(target MATCHES "\\.hpp$")
            set(target top)
        endif()
        list(FIND allowed "${target}" found)
        if(found EQUAL -1)
            string(STRIP "${line}" line)
            string(APPEND problems "  ${header}: ${line} (${folder}/ may include: ${allowed})\n")
        endif()
    endforeach()
endforeach()

list(LENGTH headers header_count)
if(problems)
    message(FATAL_ERROR "includes that point the wrong way:\n${problems}")
endif()
message(STATUS "${header_count} headers, every include points the right way")
