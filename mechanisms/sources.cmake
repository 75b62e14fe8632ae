# The mechanism folders, by layer: each layer target compiles its part of every mechanism folder
# (mechanisms/NAME/NAME.cc, NAME_entry.cc and NAME_estimator.cc exact -> uldp::reference;
# NAME_sampling.cc doubles -> uldp::estimate; NAME_claims.cc Z3 -> uldp::verify). tests/docs/layering_test.cc
# checks that no file includes a layer its target must not see. Headers are
# reached as "uldp/mechanisms/..." through the link made below, and installed there.
set(ULDP_MECHANISMS_DIR ${CMAKE_CURRENT_LIST_DIR})

set(ULDP_MECHANISM_REFERENCE_SOURCES
  ${ULDP_MECHANISMS_DIR}/registry.cc
  ${ULDP_MECHANISMS_DIR}/exact_form.cc
  ${ULDP_MECHANISMS_DIR}/pooled_form.cc
  ${ULDP_MECHANISMS_DIR}/mechanism_parameters.cc
  ${ULDP_MECHANISMS_DIR}/parameter_table.cc
)
set(ULDP_MECHANISM_ESTIMATE_SOURCES)
set(ULDP_MECHANISM_VERIFY_SOURCES)
# Every folder's files, by suffix: a new folder needs no line here (CONFIGURE_DEPENDS re-globs
# when a file appears or goes).
file(GLOB ULDP_MECHANISM_FOLDER_SOURCES CONFIGURE_DEPENDS ${ULDP_MECHANISMS_DIR}/*/*.cc)
foreach(source IN LISTS ULDP_MECHANISM_FOLDER_SOURCES)
  if(source MATCHES "_sampling\\.cc$")
    list(APPEND ULDP_MECHANISM_ESTIMATE_SOURCES ${source})
  elseif(source MATCHES "_claims\\.cc$")
    list(APPEND ULDP_MECHANISM_VERIFY_SOURCES ${source})
  else()
    list(APPEND ULDP_MECHANISM_REFERENCE_SOURCES ${source})
  endif()
endforeach()

# "uldp/mechanisms/urr/urr.h" in the build tree: a link to this folder under the build's include
# dir (installed copies go to include/uldp/mechanisms/, the same path).
set(ULDP_MECHANISMS_INCLUDE_DIR ${PROJECT_BINARY_DIR}/mechanisms_include)
file(MAKE_DIRECTORY ${ULDP_MECHANISMS_INCLUDE_DIR}/uldp)
file(CREATE_LINK ${ULDP_MECHANISMS_DIR} ${ULDP_MECHANISMS_INCLUDE_DIR}/uldp/mechanisms SYMBOLIC)
