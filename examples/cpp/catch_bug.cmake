# Runs ldplib's test binary with one of its bugs switched on (LDPLIB_BUG) and succeeds only when
# exactly the expected tests fail, with uldp's report matching PATTERN in the output. With BUG
# empty, every test must pass.
#   cmake -DTEST_BINARY=... -DBUG=matrix -DEXPECTED=Ldplib.A,Ldplib.B -DPATTERN=... -P catch_bug.cmake
set(ENV{LDPLIB_BUG} "${BUG}")
execute_process(COMMAND ${TEST_BINARY} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX MATCHALL "\\[  FAILED  \\] [A-Za-z_.]+ \\(" failed_lines "${out}")
set(failed "")
foreach(line IN LISTS failed_lines)
  string(REGEX REPLACE "\\[  FAILED  \\] ([A-Za-z_.]+) \\(" "\\1" name "${line}")
  list(APPEND failed ${name})
endforeach()
list(REMOVE_DUPLICATES failed)
list(SORT failed)
string(REPLACE "," ";" expected "${EXPECTED}")  # comma-separated test names
list(SORT expected)
if(BUG STREQUAL "")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "catch_bug: without a bug every test must pass; failed: ${failed}\n${out}${err}")
  endif()
  message(STATUS "catch_bug: every test passes without a bug")
  return()
endif()
if(rc EQUAL 0 OR NOT "${failed}" STREQUAL "${expected}" OR NOT out MATCHES "${PATTERN}")
  message(FATAL_ERROR "catch_bug: with LDPLIB_BUG=${BUG} expected exactly ${expected} to fail, "
                      "with /${PATTERN}/ in the output; exit code ${rc}, failed ${failed}\n${out}${err}")
endif()
message(STATUS "catch_bug: LDPLIB_BUG=${BUG} is caught by ${failed}")
