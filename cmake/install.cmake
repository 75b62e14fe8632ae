# Installed, exported package with components: find_package(uldp) gives uldp::reference (Boost
# and GMP only); COMPONENTS io estimate verify add the others, each from its own targets file,
# each finding only its own dependencies. Headers and libraries carry the install COMPONENT of
# the same name, so `cmake --install build --component verify` installs one part.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
set(ULDP_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/uldp)

# uldp_install_component(NAME target HEADERS dir [INTO subdir] [EXCLUDE subdir]): the target,
# its export set uldp-NAME-targets.cmake and its public headers (dir copied under include/INTO).
function(uldp_install_component name target)
  cmake_parse_arguments(ARG "" "HEADERS;INTO;EXCLUDE" "" ${ARGN})
  install(TARGETS ${target} EXPORT uldp-${name}-targets COMPONENT ${name}
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  set(exclude)
  if(ARG_EXCLUDE)
    set(exclude PATTERN ${ARG_EXCLUDE} EXCLUDE)
  endif()
  install(DIRECTORY ${ARG_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/${ARG_INTO}
    COMPONENT ${name}
    ${exclude})
  install(EXPORT uldp-${name}-targets NAMESPACE uldp:: DESTINATION ${ULDP_INSTALL_CMAKEDIR}
    COMPONENT ${name})
endfunction()

uldp_install_component(reference uldp_reference
  HEADERS ${PROJECT_SOURCE_DIR}/reference/include/uldp EXCLUDE io)
# The mechanism folders' headers, by layer: exact ones with reference, samplers with estimate.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/mechanisms/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/uldp/mechanisms COMPONENT reference
  FILES_MATCHING PATTERN "*.h" PATTERN "*_sampling.h" EXCLUDE PATTERN "*_claims.h" EXCLUDE
  PATTERN "internal" EXCLUDE)
if(TARGET uldp_io)
  uldp_install_component(io uldp_io HEADERS ${PROJECT_SOURCE_DIR}/reference/include/uldp/io INTO uldp)
endif()
if(TARGET uldp_estimate)
  uldp_install_component(estimate uldp_estimate HEADERS ${PROJECT_SOURCE_DIR}/estimate/include/uldp)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/mechanisms/
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/uldp/mechanisms COMPONENT estimate
    FILES_MATCHING PATTERN "*_sampling.h" PATTERN "internal" EXCLUDE)
endif()
if(TARGET uldp_verify)
  uldp_install_component(verify uldp_verify HEADERS ${PROJECT_SOURCE_DIR}/verify/include/uldp)
endif()
if(TARGET uldp_api)
  uldp_install_component(api uldp_api HEADERS ${PROJECT_SOURCE_DIR}/api/include/uldp)
endif()
if(TARGET uldp_testing)
  uldp_install_component(testing uldp_testing HEADERS ${PROJECT_SOURCE_DIR}/testing/include/uldp)
endif()
if(TARGET uldp)
  install(TARGETS uldp RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT cli)
  # Generated from the command definitions (cli/CMakeLists.txt).
  install(FILES ${ULDP_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT cli)
  install(FILES ${PROJECT_BINARY_DIR}/share/bash-completion/completions/uldp
          DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions COMPONENT cli)
  install(FILES ${PROJECT_BINARY_DIR}/share/zsh/vendor-completions/_uldp
          DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions COMPONENT cli)
endif()

configure_package_config_file(cmake/uldpConfig.cmake.in
  ${PROJECT_BINARY_DIR}/uldpConfig.cmake
  INSTALL_DESTINATION ${ULDP_INSTALL_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/uldpConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/uldpConfig.cmake ${PROJECT_BINARY_DIR}/uldpConfigVersion.cmake
  DESTINATION ${ULDP_INSTALL_CMAKEDIR} COMPONENT reference)
