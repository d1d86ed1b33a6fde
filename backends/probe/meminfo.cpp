#include "backends/probe/meminfo.h"

#include "backends/probe/text_scan.h"

namespace gpuspec::probe {

std::optional<double> parse_meminfo_total(std::string_view text, std::string& error) {
  for (auto line : lines_of(text, 1000)) {
    auto kv = key_value(line);
    if (!kv || kv->first != "MemTotal") continue;
    auto value = parse_number_unit(kv->second);
    if (!value || value->second != "kB" || value->first <= 0 || value->first > 1e13) {
      error = "MemTotal is not a number of kB";
      return std::nullopt;
    }
    return value->first * 1024;  // the kernel's "kB" are KiB
  }
  error = "no MemTotal line";
  return std::nullopt;
}

}  // namespace gpuspec::probe
