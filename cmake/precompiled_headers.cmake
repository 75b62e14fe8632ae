# Precompiled headers: Boost.Multiprecision's GMP backend (uldp/arithmetic/rational.h, which nearly
# every source includes) and, for the tests, GoogleTest, parsed once instead of in every file.
# With GCC 12 at -O3 the GMP backend alone takes about 2 s of each file's 2 to 6 s; with clang 14
# in the sanitized build (-O1, ASan + UBSan) about 1.8 s of 3 to 9 s.
#
# Only when uldp is the top-level project and with GCC or clang (the compilers it is built and
# tested with): a parent project that adds uldp with add_subdirectory builds it as it builds its
# own sources.
#
# uldp_precompile_headers(target): a library. uldp_reference makes the header and the other
# libraries, built with the same flags, reuse it.
function(uldp_precompile_headers target)
  if(NOT ULDP_MASTER_PROJECT OR NOT CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    return()
  endif()
  if(target STREQUAL "uldp_reference")
    target_precompile_headers(uldp_reference PRIVATE <boost/multiprecision/gmp.hpp>)
  else()
    target_precompile_headers(${target} REUSE_FROM uldp_reference)
  endif()
endfunction()

# uldp_precompile_test_headers(target): a GoogleTest executable. Executables are built as
# position-independent executables, not as the libraries' position-independent code, so they
# share a header of their own, made by uldp_test_pch (tests/CMakeLists.txt). GCC only: clang
# refuses a precompiled header whose command-line macros differ from the file's, and the tests
# define their own (ULDP_SOURCE_DIR); GCC checks only the macros the header uses.
function(uldp_precompile_test_headers target)
  if(NOT ULDP_MASTER_PROJECT OR NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    return()
  endif()
  if(target STREQUAL "uldp_test_pch")
    target_precompile_headers(uldp_test_pch PRIVATE <boost/multiprecision/gmp.hpp> <gtest/gtest.h>)
  else()
    target_precompile_headers(${target} REUSE_FROM uldp_test_pch)
  endif()
endfunction()
