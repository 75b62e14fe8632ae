# uldp_set_warnings(target): the project's warning flags on one target (never global, so a
# parent project that adds uldp keeps its own flags). -Werror / /WX only with ULDP_WERROR.
function(uldp_set_warnings target)
  if(MSVC)
    target_compile_options(${target} PRIVATE /W4 $<$<BOOL:${ULDP_WERROR}>:/WX>)
  elseif(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic
      $<$<BOOL:${ULDP_WERROR}>:-Werror>)
  endif()
endfunction()
