# One library per compiler phase: every *.cpp in the folder except *_test.cpp.
# Unit tests sit beside the code they test (foo.cpp / foo_test.cpp) and build into
# one test binary per phase, so a phase can be built and tested alone.
function(gpuspec_phase name)
  cmake_parse_arguments(ARG "" "" "DEPS;TEST_DEPS" ${ARGN})
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp)
  file(GLOB tests CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*_test.cpp)
  if(tests)
    list(REMOVE_ITEM sources ${tests})
  endif()
  if(NOT GPUSPEC_BUILD_TESTS)
    set(tests "")
  endif()
  add_library(gpuspec_${name} STATIC ${sources})
  # Phases include each other as "units/quantity.h"; backends as "backends/terraform/...".
  target_include_directories(gpuspec_${name} PUBLIC ${PROJECT_SOURCE_DIR}/compiler ${PROJECT_SOURCE_DIR})
  target_link_libraries(gpuspec_${name} PUBLIC ${ARG_DEPS})
  if(tests)
    add_executable(${name}_test ${tests})
    target_link_libraries(${name}_test PRIVATE gpuspec_${name} ${ARG_TEST_DEPS} GTest::gtest_main GTest::gmock)
    # NO_PRETTY_VALUES: ctest names a value-parameterised test by its index or its
    # generated name. With pretty values CMake 3.25 writes the printed parameter into the
    # name: a struct's raw bytes (pointers, padding) that change with every build, or,
    # after a generated name, the whole "# GetParam() = /absolute/path" comment.
    gtest_discover_tests(${name}_test DISCOVERY_TIMEOUT 60 NO_PRETTY_VALUES)
  endif()
endfunction()

# Turns a list of files into a C++ source defining one table of {path, text}
# entries, so the binary carries them and loads them through the normal pipeline.
function(gpuspec_embed target_name symbol base_dir)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${symbol}.cpp)
  file(GLOB_RECURSE files CONFIGURE_DEPENDS ${base_dir}/*.gpuspec)
  list(SORT files)
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DOUT=${out} -DSYMBOL=${symbol} -DBASE=${base_dir}
            -P ${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake
    DEPENDS ${files} ${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake
    COMMENT "Embedding ${symbol}")
  add_library(${target_name} STATIC ${out})
  target_include_directories(${target_name} PUBLIC ${PROJECT_SOURCE_DIR}/compiler)
endfunction()
