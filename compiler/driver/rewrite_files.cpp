#include "driver/rewrite_files.h"

namespace gpuspec::driver {

bool rewrite_in_place(const std::vector<writers::OutputFile>& files, std::string& error,
                      const std::vector<std::string>& inputs) {
  // The user's own files: no manifest, modes kept.
  writers::WriteOptions options;
  options.kind = writers::WriteOptions::Kind::InPlace;
  options.inputs = inputs;
  return writers::write_outputs(files, options, error);
}

}  // namespace gpuspec::driver
