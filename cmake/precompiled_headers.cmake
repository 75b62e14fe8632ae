# uldp_precompile_headers(target): Boost.Multiprecision's GMP backend (uldp/arithmetic/rational.h,
# which nearly every source includes) parsed once for all the libraries: uldp_reference makes the
# precompiled header and the other libraries, built with the same flags, reuse it. With clang 14
# in the sanitized build (-O1, ASan + UBSan) it takes about 1.8 s of CPU from each file's 3 to 9 s.
# Clang only: GCC 12 reports -Warray-bounds in the standard library's std::string code inlined
# from a precompiled header (it loses the system-header status of that code), which -Werror makes
# fatal (mechanisms/uhr/uhr_entry.cc, tests/cli/tables_test.cc).
function(uldp_precompile_headers target)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    return()
  endif()
  if(target STREQUAL "uldp_reference")
    target_precompile_headers(uldp_reference PRIVATE <boost/multiprecision/gmp.hpp>)
  else()
    target_precompile_headers(${target} REUSE_FROM uldp_reference)
  endif()
endfunction()
