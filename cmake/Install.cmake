# `cmake --install` and the .deb (`cpack -G DEB` in the build folder).
#
# The binary carries the stdlib and the policy pack, so it is all a user needs; the
# ANTLR runtime is linked statically (grammar/ links antlr4_static), and so are the C++
# runtime and fmt, compiled in from its headers (compiler/portable/: a cold start that
# loads no libstdc++.so), so the package depends on glibc alone (dpkg-shlibdeps).
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
# Where the .deb's size goes, measured when it was 2.0 MB (Debian 12, GCC 12, -O2 without
# --gc-sections, nm --size-sort and size -A); `probe`, `prices import` and the larger price
# book of issues 23 and 29 took the test build's package to 2,429 KB; round 3's issue 28
# work (the snapshot's declaration headers stored apart from their bodies, the per-part
# and per-declaration memos; .text +60 KB, .rodata +52 KB) and dated price estimates to
# 2,634 KB (2026-12-03); the C++ runtime and fmt linked in, with --gc-sections, to
# 2,860 KB (+226 KB, 2026-12-03, i28-cold2; 372 KB without --gc-sections); the built-in
# policies stored compiled (205 KB of .rodata, lint/policy_store.h) to 2,898 KB (+38 KB,
# i28-cold3; LEB128 varints would save 6 KB of the package for 2 % more instructions at
# every start). test/install/deb.sh prints the size and fails past 2,950 KB. the binary, stripped, is 6.9 MB and 1.97 MB once xz has it; the docs and
# examples are the rest. Of the binary, .text is 4.7 MB: gpuspec's
# own code with the templates it instantiates 3.6 MB, the ANTLR runtime 0.5 MB,
# nlohmann::json 0.24 MB, fmt 0.14 MB, the generated parser 0.09 MB. .rodata is 1.4 MB:
# the embedded stdlib and policy text 0.7 MB, their stored syntax trees 0.5 MB. The
# unwind tables are 0.56 MB. Debug info never reaches the package (stripped below);
# compressing the embedded text inside the binary would not shrink the .deb, which
# xz compresses already. CMakeLists.txt builds Release at -O2 (CMake's -O3 made the
# package 2.4 MB) with function and data sections for --gc-sections (2,060 -> 2,017 KB).
# gold's --icf=all would save 27 KB more: not worth a deprecated linker.
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # gpuspec_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
include(CPack)
