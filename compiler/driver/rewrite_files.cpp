#include "driver/rewrite_files.h"

namespace gpuspec::driver {

bool rewrite_in_place(const std::vector<writers::OutputFile>& files, std::string& error) {
  // The user's own files: no manifest, rewritten although the run read them, modes kept.
  writers::WriteOptions options;
  options.kind = writers::WriteOptions::Kind::InPlace;
  return writers::write_outputs(files, options, error);
}

}  // namespace gpuspec::driver
