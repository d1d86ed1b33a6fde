# GPUSPEC_REPOSITORY: the GitHub repository (OWNER/NAME) whose releases this build
# belongs to. `gpuspec init` writes a CI workflow that uses the GitHub Action of that
# repository at this version's release tag, vX.Y.Z (docs/release.md). The release
# workflow passes -DGPUSPEC_REPOSITORY=${{ github.repository }}; a build from a clone
# of a GitHub repository takes it from the `origin` remote; otherwise it is empty and
# init writes a placeholder to replace.
set(GPUSPEC_REPOSITORY "" CACHE STRING "GitHub OWNER/NAME whose release and Action `gpuspec init` names")
set(_gpuspec_repository "${GPUSPEC_REPOSITORY}")
find_package(Git QUIET)
if(NOT _gpuspec_repository AND GIT_FOUND)
  execute_process(COMMAND ${GIT_EXECUTABLE} remote get-url origin
                  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                  OUTPUT_VARIABLE _origin OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE _git_result ERROR_QUIET)
  # https://github.com/OWNER/NAME(.git) or git@github.com:OWNER/NAME(.git)
  if(_git_result EQUAL 0 AND _origin MATCHES "github\\.com[:/]([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)$")
    string(REGEX REPLACE "\\.git$" "" _gpuspec_repository "${CMAKE_MATCH_1}")
  endif()
endif()
if(_gpuspec_repository AND NOT _gpuspec_repository MATCHES "^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$")
  message(FATAL_ERROR "GPUSPEC_REPOSITORY must be OWNER/NAME, not '${_gpuspec_repository}'")
endif()
set(GPUSPEC_REPOSITORY_RESOLVED "${_gpuspec_repository}")
