// Writing a set of output files so that a failed run leaves nothing half-written:
// every file goes to a temporary file in its target folder first, and only when all
// of them are written and flushed are they renamed into place. On any failure the
// temporary files are removed, and folders this call created are removed again.
#pragma once

#include <string>
#include <vector>

namespace gpuspec::writers {

struct OutputFile {
  std::string path;      // target path; its folder is created when missing
  std::string contents;
};

// Returns true on success; otherwise sets `error` ("cannot write 'x': Permission denied").
bool write_files_atomically(const std::vector<OutputFile>& files, std::string& error);

}  // namespace gpuspec::writers
