// Writing files that are the user's own (`gpuspec fmt`, `check --fix`, `check
// --write-baseline`, `gpuspec init`), as opposed to generated outputs with a manifest.
// The one place that does it, so the write step can move to another writer in one edit.
#pragma once

#include <string>
#include <vector>

#include "backends/writers/atomic_write.h"

namespace gpuspec::driver {

// Replaces every file's contents as one transaction (backends/writers/atomic_write.h,
// the in-place kind: all or none, each file's mode kept, never through a symlink).
// None of `inputs` (files the run read and does not mean to rewrite) is replaced.
// Returns false with `error` set when nothing was written.
bool rewrite_in_place(const std::vector<writers::OutputFile>& files, std::string& error,
                      const std::vector<std::string>& inputs = {});

}  // namespace gpuspec::driver
