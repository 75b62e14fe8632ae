# Compiles DIR/MODULE.v with COQC (logical root Uldp = DIR) and writes DIR/MODULE.assumptions:
# a first line "uldp-coq-module MODULE milliseconds N", then for each `Theorem` of the file a line
# "uldp-theorem NAME" followed by Coq's `Print Assumptions NAME` (the axioms the proof rests on).
# A file that does not check stops the build with coqc's message.
string(TIMESTAMP start "%s%f")  # microseconds since the epoch
execute_process(COMMAND ${COQC} -Q ${DIR} Uldp ${DIR}/${MODULE}.v
  WORKING_DIRECTORY ${DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(TIMESTAMP stop "%s%f")
file(WRITE ${DIR}/${MODULE}.log "${out}${err}")
if(NOT rc EQUAL 0)
  file(REMOVE ${DIR}/${MODULE}.vo ${DIR}/${MODULE}.assumptions)
  message(FATAL_ERROR "coqc ${MODULE}.v failed:\n${out}${err}")
endif()
math(EXPR millis "(${stop} - ${start}) / 1000")

file(STRINGS ${DIR}/${MODULE}.v theorems REGEX "^Theorem [A-Za-z0-9_']+")
set(probe "From Uldp Require Import ${MODULE}.\n")
foreach(line IN LISTS theorems)
  string(REGEX REPLACE "^Theorem ([A-Za-z0-9_']+).*" "\\1" name "${line}")
  string(APPEND probe "Goal True. idtac \"uldp-theorem ${name}\". Abort.\n"
                      "Print Assumptions ${name}.\n")
endforeach()
file(WRITE ${DIR}/${MODULE}_assumptions.v "${probe}")
execute_process(COMMAND ${COQC} -Q ${DIR} Uldp ${DIR}/${MODULE}_assumptions.v
  WORKING_DIRECTORY ${DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(REMOVE ${DIR}/${MODULE}_assumptions.v ${DIR}/${MODULE}_assumptions.vo
            ${DIR}/${MODULE}_assumptions.vok ${DIR}/${MODULE}_assumptions.vos
            ${DIR}/${MODULE}_assumptions.glob)
if(NOT rc EQUAL 0)
  file(REMOVE ${DIR}/${MODULE}.vo)
  message(FATAL_ERROR "Print Assumptions of ${MODULE} failed:\n${out}${err}")
endif()
file(WRITE ${DIR}/${MODULE}.assumptions "uldp-coq-module ${MODULE} milliseconds ${millis}\n${out}")
