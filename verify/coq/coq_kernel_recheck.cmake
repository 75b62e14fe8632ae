# CTest coq.kernel_recheck: coqchk (Coq's stand-alone kernel checker, independent of coqc's
# elaboration) re-checks every module of ours in DIR (NOREC: -norec Uldp.<module> ...; the standard
# library is admitted, so its own axioms and module parameters are listed as assumptions) and
# prints the context summary. Anything assumed outside the standard library (an `Admitted`, an
# `Axiom` of ours), type-in-type, an unsafe fixpoint or an assumed positivity fails the test.
execute_process(COMMAND ${COQCHK} -silent -o -bytecode-compiler yes -Q ${DIR} Uldp ${NOREC}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "coqchk failed (exit ${rc}):\n${out}")
endif()
string(REGEX MATCH "\\* Axioms:\n([ ]+[^\n]+\n)*" axioms "${out}")
string(REGEX MATCHALL "\n    [^\n]+" names "${axioms}")
set(count 0)
foreach(name IN LISTS names)
  string(STRIP "${name}" name)
  if(NOT name MATCHES "^Coq\\.")
    message(FATAL_ERROR "coqchk: the development assumes ${name}, outside the standard library")
  endif()
  math(EXPR count "${count} + 1")
endforeach()
foreach(kind "type-in-type" "unsafe \\(co\\)fixpoints" "Inductives whose positivity is assumed")
  if(NOT out MATCHES "${kind}[^\n]*: <none>")
    message(FATAL_ERROR "coqchk: something relies on ${kind}:\n${out}")
  endif()
endforeach()
message("coqchk: every module of Uldp checked; ${count} assumptions, all in Coq's standard library "
        "(its real numbers' axioms and the modules it admits)")
