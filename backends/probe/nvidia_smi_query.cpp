#include "backends/probe/nvidia_smi_query.h"

#include <fmt/format.h>

#include <array>

#include "backends/probe/text_scan.h"
#include "backends/probe/xml_tree.h"

namespace gpuspec::probe {

namespace {

constexpr std::size_t kMaxGpus = 256;

std::string text_or_empty(const XmlElement& e, std::string_view path) { return e.text_at(path).value_or(""); }

// A quantity with the expected unit ("81920 MiB", "500.00 W"), else unknown.
std::optional<double> quantity_in(const XmlElement& e, std::string_view path, std::string_view unit) {
  auto text = e.text_at(path);
  if (!text) return std::nullopt;
  auto parsed = parse_number_unit(*text);
  if (!parsed || parsed->second != unit || parsed->first < 0) return std::nullopt;
  return parsed->first;
}

std::optional<int> small_int(const XmlElement& e, std::string_view path, std::string_view unit = "") {
  auto text = e.text_at(path);
  if (!text) return std::nullopt;
  auto parsed = parse_number_unit(*text);
  if (!parsed || parsed->second != unit || parsed->first < 0 || parsed->first > 1024 ||
      parsed->first != static_cast<int>(parsed->first)) {
    return std::nullopt;
  }
  return static_cast<int>(parsed->first);
}

// "20B210DE" (device then vendor, as nvidia-smi prints it) -> "10de:20b2".
std::optional<std::string> pci_id_of(std::string_view text) {
  text = trim(text);
  if (text.size() == 10 && (text.substr(0, 2) == "0x" || text.substr(0, 2) == "0X")) text.remove_prefix(2);
  if (text.size() != 8) return std::nullopt;
  for (char c : text) {
    bool hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    if (!hex) return std::nullopt;
  }
  std::string id = lower(text);
  return id.substr(4, 4) + ":" + id.substr(0, 4);
}

const XmlElement* power_readings(const XmlElement& gpu) {
  if (const auto* p = gpu.child("gpu_power_readings")) return p;  // schema v12 and later
  return gpu.child("power_readings");
}

NvidiaGpu read_gpu(const XmlElement& g) {
  NvidiaGpu gpu;
  gpu.product_name = text_or_empty(g, "product_name");
  gpu.brand = text_or_empty(g, "product_brand");
  gpu.architecture = text_or_empty(g, "product_architecture");
  gpu.bus_id = g.attribute("id").value_or(text_or_empty(g, "pci/pci_bus_id"));
  if (auto id = g.text_at("pci/pci_device_id")) gpu.pci_id = pci_id_of(*id);
  gpu.vram_mib = quantity_in(g, "fb_memory_usage/total", "MiB");
  if (const auto* power = power_readings(g)) {
    gpu.default_power_limit_w = quantity_in(*power, "default_power_limit", "W");
    gpu.max_power_limit_w = quantity_in(*power, "max_power_limit", "W");
  }
  gpu.ecc_mode = text_or_empty(g, "ecc_mode/current_ecc");
  gpu.mig_mode = text_or_empty(g, "mig_mode/current_mig");
  gpu.pcie_gen_max = small_int(g, "pci/pci_gpu_link_info/pcie_gen/max_device_link_gen");
  if (!gpu.pcie_gen_max) gpu.pcie_gen_max = small_int(g, "pci/pci_gpu_link_info/pcie_gen/max_link_gen");
  gpu.link_width_max = small_int(g, "pci/pci_gpu_link_info/link_widths/max_link_width", "x");
  if (auto cc = g.text_at("compute_cap"); cc && parse_number(*cc)) gpu.compute_capability = std::string(trim(*cc));
  return gpu;
}

}  // namespace

std::optional<NvidiaSmiReport> parse_nvidia_smi_query(std::string_view xml, std::string& error) {
  auto root = parse_xml(xml, error);
  if (!root) return std::nullopt;
  if (root->name != "nvidia_smi_log") {
    error = fmt::format("the root element is '{}', not nvidia_smi_log", root->name.substr(0, 40));
    return std::nullopt;
  }
  NvidiaSmiReport report;
  report.timestamp = text_or_empty(*root, "timestamp");
  report.driver_version = text_or_empty(*root, "driver_version");
  report.cuda_version = text_or_empty(*root, "cuda_version");
  report.attached_gpus = small_int(*root, "attached_gpus");
  for (const auto& child : root->children) {
    if (child.name != "gpu") continue;
    if (report.gpus.size() == kMaxGpus) {
      error = fmt::format("more than {} GPUs", kMaxGpus);
      return std::nullopt;
    }
    report.gpus.push_back(read_gpu(child));
  }
  return report;
}

std::optional<std::string> timestamp_date(std::string_view timestamp) {
  static constexpr std::array<std::string_view, 12> kMonths{"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  std::vector<std::string_view> words;
  for (std::string_view rest = trim(timestamp); !rest.empty();) {
    auto space = rest.find(' ');
    if (space != 0) words.push_back(rest.substr(0, space));
    if (space == std::string_view::npos) break;
    rest.remove_prefix(space + 1);
  }
  if (words.size() != 5) return std::nullopt;
  int month = 0;
  for (std::size_t m = 0; m < kMonths.size(); ++m) {
    if (words[1] == kMonths[m]) month = static_cast<int>(m) + 1;
  }
  auto day = parse_number(words[2]);
  auto year = parse_number(words[4]);
  if (!month || !day || !year || *day < 1 || *day > 31 || *day != static_cast<int>(*day) || *year < 1990 ||
      *year > 2200 || *year != static_cast<int>(*year)) {
    return std::nullopt;
  }
  return fmt::format("{:04}-{:02}-{:02}", static_cast<int>(*year), month, static_cast<int>(*day));
}

}  // namespace gpuspec::probe
