# Builds uldp.1 with help2man from the command's own help: the top-level --help and --version
# (help2man's NAME, SYNOPSIS, DESCRIPTION), then a COMMANDS section with `uldp help CMD [SUB]`
# for every command and subcommand that `uldp --help` lists, so the page cannot fall behind.
# Run as: cmake -DULDP=... -DHELP2MAN=... -DOUT=... -P generate_man_page.cmake
function(subcommands_of help_text out_var)
  set(names)
  set(in_list OFF)
  # A ';' in a description would split its line into two list items (CMake lists): drop it first.
  string(REPLACE ";" "," help_text "${help_text}")
  string(REPLACE "\n" ";" lines "${help_text}")
  foreach(line IN LISTS lines)
    if(line MATCHES "^Subcommands:")
      set(in_list ON)
    elseif(in_list AND line MATCHES "^  ([a-z][a-z0-9-]*) ")
      list(APPEND names ${CMAKE_MATCH_1})
    elseif(in_list AND NOT line MATCHES "^  ")
      set(in_list OFF)
    endif()
  endforeach()
  set(${out_var} ${names} PARENT_SCOPE)
endfunction()

function(help_of out_var)
  execute_process(COMMAND ${ULDP} help ${ARGN} OUTPUT_VARIABLE text RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "uldp help ${ARGN} failed (${status})")
  endif()
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# roff: a preformatted block, with the characters roff would read as requests escaped.
function(as_roff text out_var)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out_var} ".nf\n${text}.fi\n" PARENT_SCOPE)
endfunction()

help_of(top)
subcommands_of("${top}" commands)
set(include "[COMMANDS]\nEach command's options, as `uldp help COMMAND` prints them.\n")
foreach(command IN LISTS commands)
  help_of(text ${command})
  as_roff("${text}" block)
  string(APPEND include ".SS uldp ${command}\n${block}")
  subcommands_of("${text}" subs)
  foreach(sub IN LISTS subs)
    help_of(sub_text ${command} ${sub})
    as_roff("${sub_text}" sub_block)
    string(APPEND include ".SS uldp ${command} ${sub}\n${sub_block}")
  endforeach()
endforeach()
string(APPEND include "[EXIT STATUS]\n0: ran, and every requested property holds (or the run conforms).\n"
       ".br\n1: ran, and one fails (a violation, a mismatch, an insufficient run).\n.br\n"
       "2: bad input: a one-line message names the file, line, column or flag.\n"
       "[SEE ALSO]\nThe documentation in the source tree: docs/README.md, and the paper, "
       "Murakami and Kawamoto, arXiv 1807.11317.\n")
file(WRITE ${OUT}.h2m "${include}")
execute_process(
  COMMAND ${HELP2MAN} --no-info --section=1 --source=uldp
          "--name=exact auditor of utility-optimized local differential privacy"
          --include=${OUT}.h2m --output=${OUT} ${ULDP}
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "help2man failed (${status})")
endif()
