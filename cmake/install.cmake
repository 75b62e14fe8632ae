# Installed, exported package: find_package(uldp) gives uldp::reference and uldp::io.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
install(TARGETS uldp_reference uldp_io EXPORT uldpTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY reference/include/uldp DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT uldpTargets NAMESPACE uldp:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/uldp)
configure_package_config_file(cmake/uldpConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/uldpConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/uldp)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/uldpConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/uldpConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/uldpConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/uldp)
if(TARGET uldp)
  install(TARGETS uldp RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
