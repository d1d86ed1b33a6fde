# GPUSPEC_COMMIT: the commit the build comes from, for `gpuspec --version`.
# Packagers building from a tarball can pass -DGPUSPEC_COMMIT=...; otherwise git is
# asked, and a tree that is not a git checkout gets an empty value (the binary then
# says the commit is unknown). CMake re-runs when HEAD moves, so the value stays current.
set(GPUSPEC_COMMIT "" CACHE STRING "Commit to report in --version when not building from a git checkout")
set(_gpuspec_commit "${GPUSPEC_COMMIT}")
find_package(Git QUIET)
if(NOT _gpuspec_commit AND GIT_FOUND)
  execute_process(COMMAND ${GIT_EXECUTABLE} describe --always --dirty --abbrev=12 --exclude=*
                  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                  OUTPUT_VARIABLE _gpuspec_commit OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE _git_result ERROR_QUIET)
  if(NOT _git_result EQUAL 0)
    set(_gpuspec_commit "")
  else()
    foreach(_ref HEAD logs/HEAD)
      execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --git-path ${_ref}
                      WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                      OUTPUT_VARIABLE _ref_path OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      if(_ref_path AND NOT IS_ABSOLUTE "${_ref_path}")
        set(_ref_path "${PROJECT_SOURCE_DIR}/${_ref_path}")
      endif()
      if(_ref_path AND EXISTS "${_ref_path}")
        set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_ref_path}")
      endif()
    endforeach()
  endif()
endif()
set(GPUSPEC_COMMIT_RESOLVED "${_gpuspec_commit}")
