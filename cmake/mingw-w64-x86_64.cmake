# Toolchain file: cross-builds tengen's programs for 64-bit Windows with MinGW-w64 from Debian or
# Ubuntu (package g++-mingw-w64-x86-64-posix: the POSIX thread model, which std::thread needs).
#   cmake -S . -B build/windows -G Ninja --toolchain cmake/mingw-w64-x86_64.cmake \
#         -DCMAKE_BUILD_TYPE=Release -DTENGEN_BUILD_TESTS=OFF -DTENGEN_BUILD_BENCHMARKS=OFF
#   cmake --build build/windows --target pbrain-tengen      # -> examples/pbrain-tengen.exe
# The programs are linked statically, so that they run without MinGW's DLLs beside them.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(TENGEN_MINGW_PREFIX x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${TENGEN_MINGW_PREFIX}-gcc-posix)
set(CMAKE_CXX_COMPILER ${TENGEN_MINGW_PREFIX}-g++-posix)
set(CMAKE_RC_COMPILER ${TENGEN_MINGW_PREFIX}-windres)
set(CMAKE_FIND_ROOT_PATH /usr/${TENGEN_MINGW_PREFIX})
# Programs come from the build machine; headers, libraries and packages only from the target's.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
