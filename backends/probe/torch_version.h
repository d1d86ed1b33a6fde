// The output of `python3 -c 'import torch; print(torch.__version__, torch.version.cuda)'`:
// "2.1.0+cu121 12.1", or "2.1.0+cpu None" for a build without CUDA.
#pragma once

#include <optional>
#include <string>

namespace gpuspec::probe {

struct TorchVersion {
  std::string version;  // "2.1.0" (the +local part dropped)
  std::string build;    // the whole __version__: "2.1.0+cu121"
  std::optional<std::string> cuda;  // "12.1"; nullopt for a CPU-only build
};

std::optional<TorchVersion> parse_torch_version(std::string_view text, std::string& error);

// True for a dotted version of digits ("12.1", "535.54.03"): what may become a spec value.
bool is_dotted_version(std::string_view text);

}  // namespace gpuspec::probe
