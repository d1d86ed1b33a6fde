# Fails when a generated document differs from the command that generates it (see
# test/CMakeLists.txt). -DGPUSPEC=binary -DARGS=rules,--format,md (comma-separated: a list
# does not survive add_test's quoting) -DEXPECTED=docs/x.md -DACTUAL=where to write the output.
string(REPLACE "," ";" arguments "${ARGS}")
string(REPLACE "," " " command "${ARGS}")
execute_process(COMMAND ${GPUSPEC} ${arguments} OUTPUT_FILE ${ACTUAL} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "gpuspec ${command} failed with status ${status}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${EXPECTED} ${ACTUAL} RESULT_VARIABLE different)
if(different)
  file(RELATIVE_PATH shown ${CMAKE_CURRENT_LIST_DIR}/.. ${EXPECTED})
  message(FATAL_ERROR "${shown} is stale: regenerate it with `gpuspec ${command} > ${shown}` "
                      "(the current output is in ${ACTUAL})")
endif()
