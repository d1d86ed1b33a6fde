# Fails when docs/rules.md differs from `gpuspec rules --format md` (see test/CMakeLists.txt).
execute_process(COMMAND ${GPUSPEC} rules --format md OUTPUT_FILE ${ACTUAL} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "gpuspec rules --format md failed with status ${status}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${EXPECTED} ${ACTUAL} RESULT_VARIABLE different)
if(different)
  message(FATAL_ERROR "docs/rules.md is stale: regenerate it with `gpuspec rules --format md > docs/rules.md` "
                      "(the current output is in ${ACTUAL})")
endif()
