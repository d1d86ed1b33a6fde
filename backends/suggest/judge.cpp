#include "backends/suggest/judge.h"

#include <algorithm>

namespace gpuspec::suggest {

namespace {
bool rejects(Severity s) { return s == Severity::Error || s == Severity::Warning; }
}  // namespace

bool Verdict::passes() const {
  return std::none_of(findings.begin(), findings.end(), [](const Finding& f) { return rejects(f.severity); });
}

std::vector<std::string> Verdict::rejecting() const {
  std::vector<std::string> out;
  for (const auto& f : findings) {
    if (rejects(f.severity) && std::find(out.begin(), out.end(), f.rule) == out.end()) out.push_back(f.rule);
  }
  return out;
}

}  // namespace gpuspec::suggest
