// The software block of a probed spec: the OS from /etc/os-release, the NVIDIA driver
// from nvidia-smi, PyTorch and the CUDA it was built with from python3.
#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "backends/probe/spec_context.h"
#include "backends/writers/gpuspec_text.h"

namespace gpuspec::probe {

namespace {

// A version the language takes after `@`: letters, digits and ._+- (docs/language.md).
bool is_symbol_version(std::string_view v) {
  if (v.empty() || v.size() > 32) return false;
  for (char ch : v) {
    bool ok = (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '.' || ch == '_' ||
              ch == '+' || ch == '-';
    if (!ok) return false;
  }
  return true;
}

}  // namespace

void write_software(SpecContext& c) {
  const auto& m = c.machine;
  std::vector<std::string> lines;
  std::vector<std::string> from;
  if (m.os) {
    static constexpr std::array<std::string_view, 5> kKnown{"ubuntu", "rocky", "rhel", "debian", "centos"};
    bool known = std::find(kKnown.begin(), kKnown.end(), m.os->id) != kKnown.end() && is_symbol_version(m.os->version_id);
    std::string value = known ? fmt::format("{}@{}", m.os->id, m.os->version_id) : "linux";
    std::string seen = m.os->pretty_name.empty() ? m.os->id : m.os->pretty_name;
    lines.push_back(property_line("os", value, fmt::format("probed: /etc/os-release; \"{}\"", seen)));
    from.emplace_back("/etc/os-release");
  }
  if (m.nvidia && is_dotted_version(m.nvidia->driver_version)) {
    std::string comment = "probed: nvidia-smi -q -x";
    if (is_dotted_version(m.nvidia->cuda_version)) comment += fmt::format("; it supports CUDA up to {}", m.nvidia->cuda_version);
    lines.push_back(property_line("driver", writers::gpuspec_string(m.nvidia->driver_version), comment));
    from.emplace_back("nvidia-smi -q -x");
  }
  if (m.torch) {
    lines.push_back(property_line("framework", fmt::format("pytorch@{}", m.torch->version),
                                  fmt::format("probed: python3 -c 'import torch'; torch.__version__ \"{}\"", m.torch->build)));
    if (m.torch->cuda) {
      lines.push_back(property_line("cuda", writers::gpuspec_string(*m.torch->cuda),
                                    "probed: torch.version.cuda, the CUDA this PyTorch build runs on"));
    }
    from.emplace_back("python3 -c 'import torch'");
  }
  if (lines.empty()) {
    c.probed.emplace_back("software", "not probed");
    return;
  }
  c.body.push_back("software {");
  for (auto& line : lines) c.body.push_back(std::move(line));
  c.body.push_back("}");
  std::string joined;
  for (const auto& f : from) joined += (joined.empty() ? "" : ", ") + f;
  c.probed.emplace_back("software", joined);
}

}  // namespace gpuspec::probe
