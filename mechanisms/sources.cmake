# The mechanism folders, by layer: each layer target compiles its part of every mechanism folder
# (mechanisms/NAME/NAME.cc and NAME_estimator.cc exact -> uldp::reference; NAME_sampling.cc
# doubles -> uldp::estimate; NAME_claims.cc Z3 -> uldp::verify). tests/docs/layering_test.cc
# checks that no file includes a layer its target must not see. Headers are
# reached as "uldp/mechanisms/..." through the link made below, and installed there.
set(ULDP_MECHANISMS_DIR ${CMAKE_CURRENT_LIST_DIR})

set(ULDP_MECHANISM_REFERENCE_SOURCES
  ${ULDP_MECHANISMS_DIR}/registry.cc
  ${ULDP_MECHANISMS_DIR}/exact_form.cc
  ${ULDP_MECHANISMS_DIR}/pooled_form.cc
  ${ULDP_MECHANISMS_DIR}/mechanism_parameters.cc
  ${ULDP_MECHANISMS_DIR}/none/none.cc
  ${ULDP_MECHANISMS_DIR}/rr/rr.cc
  ${ULDP_MECHANISMS_DIR}/urr/urr.cc
  ${ULDP_MECHANISMS_DIR}/rappor/rappor.cc
  ${ULDP_MECHANISMS_DIR}/oue/oue.cc
  ${ULDP_MECHANISMS_DIR}/sue/sue.cc
  ${ULDP_MECHANISMS_DIR}/urap/urap.cc
  ${ULDP_MECHANISMS_DIR}/uoue/uoue.cc
  ${ULDP_MECHANISMS_DIR}/ubd/ubd.cc
  ${ULDP_MECHANISMS_DIR}/ubd/ubd_estimator.cc
  ${ULDP_MECHANISMS_DIR}/ubd_opt/ubd_opt.cc
  ${ULDP_MECHANISMS_DIR}/ubd_opt/ubd_opt_estimator.cc
  ${ULDP_MECHANISMS_DIR}/uhr/uhr.cc
  ${ULDP_MECHANISMS_DIR}/uhr/uhr_estimator.cc
  ${ULDP_MECHANISMS_DIR}/uss/uss.cc
  ${ULDP_MECHANISMS_DIR}/uss/uss_estimator.cc
  ${ULDP_MECHANISMS_DIR}/mangat/mangat.cc
)

set(ULDP_MECHANISM_ESTIMATE_SOURCES
  ${ULDP_MECHANISMS_DIR}/ubd/ubd_sampling.cc
  ${ULDP_MECHANISMS_DIR}/ubd_opt/ubd_opt_sampling.cc
  ${ULDP_MECHANISMS_DIR}/uhr/uhr_sampling.cc
  ${ULDP_MECHANISMS_DIR}/uss/uss_sampling.cc
)

set(ULDP_MECHANISM_VERIFY_SOURCES
  ${ULDP_MECHANISMS_DIR}/rr/rr_claims.cc
  ${ULDP_MECHANISMS_DIR}/urr/urr_claims.cc
  ${ULDP_MECHANISMS_DIR}/rappor/rappor_claims.cc
  ${ULDP_MECHANISMS_DIR}/urap/urap_claims.cc
  ${ULDP_MECHANISMS_DIR}/ubd/ubd_claims.cc
  ${ULDP_MECHANISMS_DIR}/uhr/uhr_claims.cc
  ${ULDP_MECHANISMS_DIR}/uss/uss_claims.cc
  ${ULDP_MECHANISMS_DIR}/mangat/mangat_claims.cc
)

# "uldp/mechanisms/urr/urr.h" in the build tree: a link to this folder under the build's include
# dir (installed copies go to include/uldp/mechanisms/, the same path).
set(ULDP_MECHANISMS_INCLUDE_DIR ${PROJECT_BINARY_DIR}/mechanisms_include)
file(MAKE_DIRECTORY ${ULDP_MECHANISMS_INCLUDE_DIR}/uldp)
file(CREATE_LINK ${ULDP_MECHANISMS_DIR} ${ULDP_MECHANISMS_INCLUDE_DIR}/uldp/mechanisms SYMBOLIC)
