#include "backends/probe/lscpu.h"

#include <nlohmann/json.hpp>

#include "backends/probe/json_input.h"
#include "backends/probe/text_scan.h"

namespace gpuspec::probe {

namespace {

std::optional<int> count_of(const std::string& text) {
  auto n = parse_number(text);
  if (!n || *n < 1 || *n > 1'000'000 || *n != static_cast<int>(*n)) return std::nullopt;
  return static_cast<int>(*n);
}

void read_field(const std::string& field, const std::string& data, CpuReport& cpu) {
    if (field == "Model name:" && cpu.model_name.empty()) cpu.model_name = data;
    else if (field == "Vendor ID:" && cpu.vendor.empty()) cpu.vendor = data;
    else if (field == "Architecture:") cpu.architecture = data;
    else if (field == "Socket(s):") cpu.sockets = count_of(data);
    else if (field == "Core(s) per socket:") cpu.cores_per_socket = count_of(data);
    else if (field == "Thread(s) per core:") cpu.threads_per_core = count_of(data);
    else if (field == "CPU(s):") cpu.cpus = count_of(data);
    else if (field == "CPU max MHz:") cpu.max_mhz = parse_number(data);
}

void read_fields(const nlohmann::json& list, CpuReport& cpu, int depth) {
  if (!list.is_array() || depth > 8) return;
  for (const auto& entry : list) {
    if (!entry.is_object()) continue;
    read_field(json_string(entry, "field"), json_string(entry, "data"), cpu);
    if (entry.contains("children")) read_fields(entry["children"], cpu, depth + 1);
  }
}

// Plain `lscpu`: "Field:   value" lines, the same fields (util-linux before 2.30 has no -J).
void read_text(std::string_view text, CpuReport& cpu) {
  for (auto line : lines_of(text, 1000)) {
    auto colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    read_field(std::string(trim(line.substr(0, colon + 1))), std::string(trim(line.substr(colon + 1)).substr(0, 200)), cpu);
  }
}

}  // namespace

std::optional<CpuReport> parse_lscpu(std::string_view text, std::string& error) {
  if (!trim(text).starts_with("{")) {
    CpuReport cpu;
    read_text(text, cpu);
    if (cpu.model_name.empty() && !cpu.cpus) {
      error = "neither lscpu -J's JSON nor lscpu's \"Field: value\" lines";
      return std::nullopt;
    }
    return cpu;
  }
  auto json = parse_json(text, error);
  if (!json) return std::nullopt;
  if (!json->is_object() || !json->contains("lscpu") || !(*json)["lscpu"].is_array()) {
    error = "no \"lscpu\" list";
    return std::nullopt;
  }
  CpuReport cpu;
  read_fields((*json)["lscpu"], cpu, 0);
  if (cpu.max_mhz && (*cpu.max_mhz <= 0 || *cpu.max_mhz > 100000)) cpu.max_mhz.reset();
  return cpu;
}

}  // namespace gpuspec::probe
