// Files compiled into the binary by cmake/embed_files.cmake (the stdlib and the
// built-in policy pack). They are loaded through the same pipeline as user files.
#pragma once

#include <span>
#include <string_view>

namespace gpuspec::embedded {

struct EmbeddedFile {
  std::string_view path;  // relative to its root folder, e.g. "gpus/nvidia.gpuspec"
  std::string_view text;
};

std::span<const EmbeddedFile> stdlib_files();
std::span<const EmbeddedFile> policy_files();
// test/policies/<rule>/fires.gpuspec and silent.gpuspec: the built-in rules' examples.
std::span<const EmbeddedFile> policy_example_files();

}  // namespace gpuspec::embedded
