# Driver of the install tests (cmake -P). MODE=install: installs BUILD_DIR into PREFIX.
# MODE=reference: builds and runs SOURCE_DIR against PREFIX with nlohmann-json and CLI11 disabled
# and pkg-config seeing only gmp.pc (so Z3 is unfindable); if COMPONENTS_SOURCE_DIR is given,
# first proves the hiding by expecting that consumer to fail to configure for io and verify.
# MODE=components: builds and runs SOURCE_DIR against PREFIX with nothing hidden.
# MODE=build: builds SOURCE_DIR against PREFIX with nothing hidden, and runs nothing.

# Runs a command; dies with its output unless it exits 0.
function(run)
  execute_process(COMMAND ${ARGV} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed: ${ARGV}\n${out}\n${err}")
  endif()
endfunction()

if(MODE STREQUAL "install")
  file(REMOVE_RECURSE ${PREFIX})
  run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX} --config ${CONFIG})
  return()
endif()

file(REMOVE_RECURSE ${WORK_DIR})
set(consumer_args -DCMAKE_PREFIX_PATH=${PREFIX} -DCMAKE_CXX_COMPILER=${CXX})
if(MODE STREQUAL "reference")
  file(COPY ${GMP_PC} DESTINATION ${WORK_DIR}/pkgconfig)
  set(ENV{PKG_CONFIG_LIBDIR} ${WORK_DIR}/pkgconfig)
  set(ENV{PKG_CONFIG_PATH} "")
  list(APPEND consumer_args -DCMAKE_DISABLE_FIND_PACKAGE_nlohmann_json=ON
    -DCMAKE_DISABLE_FIND_PACKAGE_CLI11=ON -DCMAKE_DISABLE_FIND_PACKAGE_Z3=ON)
endif()
if(MODE STREQUAL "reference" AND DEFINED COMPONENTS_SOURCE_DIR)
  # Negative check: under the same hiding, asking for io and verify must fail, naming both.
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${COMPONENTS_SOURCE_DIR} -B ${WORK_DIR}/negative
      ${consumer_args}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(rc EQUAL 0)
    message(FATAL_ERROR "the hiding does not work: the io/verify consumer configured\n${out}")
  endif()
  string(REGEX REPLACE "[ \t\n]+" " " flat "${out}${err}")  # CMake wraps the message's lines
  foreach(expected "component io: nlohmann_json" "component verify: Z3 not found")
    string(FIND "${flat}" "${expected}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "expected \"${expected}\" in the failed configure:\n${out}\n${err}")
    endif()
  endforeach()
endif()

run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/build ${consumer_args})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
if(MODE STREQUAL "build")  # built only: the caller runs what was built
  message(STATUS "built ${SOURCE_DIR} against the installed uldp")
  return()
endif()
run(${WORK_DIR}/build/consumer)
message(STATUS "consumer built against the installed uldp and ran (${MODE})")
