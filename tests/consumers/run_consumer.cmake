# Configures, builds and runs one consumer project from a clean directory.
#
#   cmake -DTENGEN_CONSUMER_MODE=<find_package|add_subdirectory|fetchcontent>
#         -DTENGEN_CONSUMER_SOURCE_DIR=... -DTENGEN_CONSUMER_WORK_DIR=...
#         -DTENGEN_SOURCE_DIR=... -DTENGEN_BUILD_DIR=... -DTENGEN_CONFIG=...
#         -DTENGEN_GENERATOR=... [-DTENGEN_CXX_COMPILER=... and the other toolchain settings]
#         -P run_consumer.cmake
#
# In find_package mode the parent build (TENGEN_BUILD_DIR) is first installed into
# <work dir>/prefix and the consumer is pointed at that prefix only. Any failing step stops the
# script with a fatal error, which fails the CTest test.
cmake_minimum_required(VERSION 3.21)

foreach(var IN ITEMS TENGEN_CONSUMER_MODE TENGEN_CONSUMER_SOURCE_DIR TENGEN_CONSUMER_WORK_DIR
                     TENGEN_SOURCE_DIR TENGEN_BUILD_DIR TENGEN_GENERATOR)
    if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
        message(FATAL_ERROR "run_consumer.cmake: ${var} is not set")
    endif()
endforeach()
if(NOT TENGEN_CONSUMER_MODE MATCHES "^(find_package|add_subdirectory|fetchcontent)$")
    message(FATAL_ERROR "run_consumer.cmake: unknown TENGEN_CONSUMER_MODE '${TENGEN_CONSUMER_MODE}'")
endif()

set(build_dir "${TENGEN_CONSUMER_WORK_DIR}/build")
set(prefix_dir "${TENGEN_CONSUMER_WORK_DIR}/prefix")

# Runs one step, echoing it first; stops everything if it fails.
function(run_step description)
    list(JOIN ARGN " " printable)
    message(STATUS "[consumer.${TENGEN_CONSUMER_MODE}] ${description}: ${printable}")
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
    if(NOT result EQUAL 0)
        message(FATAL_ERROR
            "[consumer.${TENGEN_CONSUMER_MODE}] ${description} failed (${result}): ${printable}")
    endif()
endfunction()

# Start from nothing: a cache or an install left by an earlier run would hide problems.
file(REMOVE_RECURSE "${TENGEN_CONSUMER_WORK_DIR}")
file(MAKE_DIRECTORY "${build_dir}")

set(config_args "")
if(NOT "${TENGEN_CONFIG}" STREQUAL "")
    set(config_args --config "${TENGEN_CONFIG}")
endif()

set(configure_args -S "${TENGEN_CONSUMER_SOURCE_DIR}" -B "${build_dir}" -G "${TENGEN_GENERATOR}")
if(NOT "${TENGEN_GENERATOR_PLATFORM}" STREQUAL "")
    list(APPEND configure_args -A "${TENGEN_GENERATOR_PLATFORM}")
endif()
if(NOT "${TENGEN_GENERATOR_TOOLSET}" STREQUAL "")
    list(APPEND configure_args -T "${TENGEN_GENERATOR_TOOLSET}")
endif()
foreach(pair IN ITEMS
        "CMAKE_MAKE_PROGRAM=TENGEN_MAKE_PROGRAM"
        "CMAKE_CXX_COMPILER=TENGEN_CXX_COMPILER"
        "CMAKE_CXX_COMPILER_LAUNCHER=TENGEN_CXX_COMPILER_LAUNCHER"
        "CMAKE_TOOLCHAIN_FILE=TENGEN_TOOLCHAIN_FILE"
        "CMAKE_BUILD_TYPE=TENGEN_CONFIG")
    string(REPLACE "=" ";" pair "${pair}")
    list(GET pair 0 cmake_var)
    list(GET pair 1 script_var)
    if(NOT "${${script_var}}" STREQUAL "")
        list(APPEND configure_args "-D${cmake_var}=${${script_var}}")
    endif()
endforeach()
# Passed even when empty, so that an environment CXXFLAGS cannot sneak in something else.
list(APPEND configure_args "-DCMAKE_CXX_FLAGS=${TENGEN_CXX_FLAGS}")

if(TENGEN_CONSUMER_MODE STREQUAL "find_package")
    run_step("install tengen" "${CMAKE_COMMAND}" --install "${TENGEN_BUILD_DIR}"
        --prefix "${prefix_dir}" ${config_args})
    if(NOT "${TENGEN_CONFIG_INSTALL_DIR}" STREQUAL ""
       AND NOT IS_ABSOLUTE "${TENGEN_CONFIG_INSTALL_DIR}"
       AND NOT EXISTS "${prefix_dir}/${TENGEN_CONFIG_INSTALL_DIR}/tengenConfig.cmake")
        message(FATAL_ERROR
            "[consumer.find_package] the install did not produce "
            "${prefix_dir}/${TENGEN_CONFIG_INSTALL_DIR}/tengenConfig.cmake")
    endif()
    # Only the fresh prefix: neither the package registries nor the system may supply tengen.
    list(APPEND configure_args
        "-DCMAKE_PREFIX_PATH=${prefix_dir}"
        -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
        -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF
        "-DTENGEN_EXPECTED_PREFIX=${prefix_dir}")
else()
    list(APPEND configure_args "-DTENGEN_SOURCE_DIR=${TENGEN_SOURCE_DIR}")
endif()

run_step("configure" "${CMAKE_COMMAND}" ${configure_args})
run_step("build" "${CMAKE_COMMAND}" --build "${build_dir}" ${config_args})
# Each consumer registers its executable as a CTest test; running it through ctest finds the
# binary wherever the generator put it.
set(ctest_command "${TENGEN_CTEST_COMMAND}")
if("${ctest_command}" STREQUAL "")
    get_filename_component(cmake_bin_dir "${CMAKE_COMMAND}" DIRECTORY)
    set(ctest_command "${cmake_bin_dir}/ctest")
endif()
set(ctest_config_args "")
if(NOT "${TENGEN_CONFIG}" STREQUAL "")
    set(ctest_config_args -C "${TENGEN_CONFIG}")
endif()
run_step("run" "${ctest_command}" --test-dir "${build_dir}" ${ctest_config_args}
    --output-on-failure --no-tests=error)
message(STATUS "[consumer.${TENGEN_CONSUMER_MODE}] OK")
