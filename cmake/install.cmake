# What `cmake --install BUILD --prefix P` puts in P, and the Debian package `cpack -G DEB` makes
# of it (docs/library.md). Included from the top CMakeLists.txt, after the targets.
include(CMakePackageConfigHelpers)

install(TARGETS gabata_shared gabata_static EXPORT gabataTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${PROJECT_SOURCE_DIR}/include/gabata.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS gabata RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The CMake package: find_package(gabata) gives gabata::gabata (the shared library) and
# gabata::gabata_static.
set(GABATA_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/gabata)
install(EXPORT gabataTargets NAMESPACE gabata:: FILE gabataTargets.cmake
        DESTINATION ${GABATA_CMAKE_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/gabataConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/gabataConfig.cmake
                              INSTALL_DESTINATION ${GABATA_CMAKE_DIR})
# 0.x: a minor version may break the API (docs/library.md), so 0.1 accepts 0.1.* only
write_basic_package_version_file(${PROJECT_BINARY_DIR}/gabataConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/gabataConfig.cmake ${PROJECT_BINARY_DIR}/gabataConfigVersion.cmake
        DESTINATION ${GABATA_CMAKE_DIR})

# gabata.pc, written when installing, for the prefix installed into (--prefix, or cpack's /usr)
install(CODE "
  set(GB_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  set(GB_PC_LIBDIR \"${CMAKE_INSTALL_LIBDIR}\")
  set(GB_PC_INCLUDEDIR \"${CMAKE_INSTALL_INCLUDEDIR}\")
  set(GB_PC_VERSION \"${PROJECT_VERSION}\")
  configure_file(\"${CMAKE_CURRENT_LIST_DIR}/gabata.pc.in\" \"${PROJECT_BINARY_DIR}/gabata.pc\" @ONLY)
")
install(FILES ${PROJECT_BINARY_DIR}/gabata.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# man pages go in compressed, as Debian's policy asks (gzip -9n: no name or time stamp in the file,
# so the package builds the same twice); man reads them as they are
set(GABATA_MAN_GZ)
foreach(page gabata.1 libgabata.3)
  add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/man/${page}.gz
                     COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/man
                     COMMAND gzip -9n -c ${PROJECT_SOURCE_DIR}/man/${page} > ${PROJECT_BINARY_DIR}/man/${page}.gz
                     DEPENDS ${PROJECT_SOURCE_DIR}/man/${page} VERBATIM)
  list(APPEND GABATA_MAN_GZ ${PROJECT_BINARY_DIR}/man/${page}.gz)
endforeach()
add_custom_target(gabata_man ALL DEPENDS ${GABATA_MAN_GZ})
install(FILES ${PROJECT_BINARY_DIR}/man/gabata.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${PROJECT_BINARY_DIR}/man/libgabata.3.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man3)
install(FILES ${PROJECT_SOURCE_DIR}/completion/gabata
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)

# cpack -G DEB (from a Release build): one package, gabata, with the program and the library.
set(CPACK_PACKAGE_NAME gabata)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "gabata")
set(CPACK_PACKAGE_CONTACT "gabata maintainers <maintainers@users.noreply.a-seed-34c0514f.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "two-row mancala games of the Horn of Africa and Egypt: engine, program, library")
# the extended description, below the summary; CPack indents it and marks the empty line
set(CPACK_PACKAGE_DESCRIPTION "gabata plays Sadeqa III, Qelat, L'ab al-Akil and Bulto by their sources' rules:
in the terminal (gabata play), in the browser (gabata serve), against computer
players (alpha-beta and Monte Carlo tree search), and through a line protocol for
other programs (gabata engine).

libgabata, its C11 rules engine, comes as a shared and a static library with its
header, a pkg-config file and a CMake package.")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# the run-time dependencies found by dpkg-shlibdeps: the program's (libc, jansson, libmicrohttpd,
# libedit); the library itself links only libc and libm
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "pkg-config")
# a shlibs file and the ldconfig trigger for libgabata.so.0
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
set(CPACK_GENERATOR DEB)
include(CPack)
