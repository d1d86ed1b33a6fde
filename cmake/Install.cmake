# `cmake --install` and the .deb (`cpack -G DEB` in the build folder).
#
# The binary carries the stdlib and the policy pack, so it is all a user needs; the
# ANTLR runtime is linked statically (grammar/ links antlr4_static). Debian ships no
# static libfmt, so the package depends on libfmt9, found by dpkg-shlibdeps with
# the C and C++ runtimes.
include(GNUInstallDirs)

install(TARGETS gpuspec RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
# Debian keeps a package's licence as /usr/share/doc/<package>/copyright.
install(FILES LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME copyright)
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs FILES_MATCHING PATTERN "*.md")
install(DIRECTORY examples/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples FILES_MATCHING PATTERN "*.gpuspec")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME gpuspec)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "compiler and policy linter for deep-learning hardware specs")
set(CPACK_PACKAGE_DESCRIPTION
    "gpuspec type-checks .gpuspec files (GPU servers, cloud deployments, workloads) against a catalog of real parts, lints them against an embedded policy pack, and compiles them to Terraform, a bill of materials or a price quote. It includes a language server (gpuspec lsp).")
set(CPACK_PACKAGE_CONTACT "gpuspec maintainers")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # gpuspec_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
include(CPack)
