#include "backends/probe/torch_version.h"

#include "backends/probe/text_scan.h"

namespace gpuspec::probe {

bool is_dotted_version(std::string_view text) {
  if (text.empty() || text.size() > 32 || text.front() == '.' || text.back() == '.') return false;
  bool dot = false;
  for (char c : text) {
    if (c == '.') {
      if (dot) return false;
      dot = true;
    } else if (c >= '0' && c <= '9') {
      dot = false;
    } else {
      return false;
    }
  }
  return true;
}

std::optional<TorchVersion> parse_torch_version(std::string_view text, std::string& error) {
  auto lines = lines_of(text, 100);
  std::string_view line;
  for (auto l : lines) {
    if (!trim(l).empty()) line = trim(l);  // the last non-empty line: print() comes last
  }
  auto space = line.find(' ');
  if (space == std::string_view::npos) {
    error = "not 'VERSION CUDA'";
    return std::nullopt;
  }
  TorchVersion v;
  v.build = std::string(line.substr(0, space));
  std::string_view cuda = trim(line.substr(space + 1));
  std::string_view version = std::string_view(v.build).substr(0, v.build.find('+'));
  if (!is_dotted_version(version)) {
    error = "the torch version is not a dotted version";
    return std::nullopt;
  }
  v.version = std::string(version);
  if (cuda != "None") {
    if (!is_dotted_version(cuda)) {
      error = "the CUDA version is not a dotted version";
      return std::nullopt;
    }
    v.cuda = std::string(cuda);
  }
  return v;
}

}  // namespace gpuspec::probe
