// Rewriting users' own spec files in place (`gpuspec fmt`, `gpuspec check --fix`).
// The one place that does it, so the write step can move to another writer in one edit.
#pragma once

#include <string>
#include <vector>

#include "backends/writers/atomic_write.h"

namespace gpuspec::driver {

// Replaces every file's contents, all or none (see write_files_atomically), and keeps
// each file's permission bits. Returns false with `error` set when nothing was written.
bool rewrite_in_place(const std::vector<writers::OutputFile>& files, std::string& error);

}  // namespace gpuspec::driver
