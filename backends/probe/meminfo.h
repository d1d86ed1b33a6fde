// /proc/meminfo: MemTotal, the memory the kernel manages (a little below what the DIMMs
// hold: the firmware and the kernel keep some).
#pragma once

#include <optional>
#include <string>

namespace gpuspec::probe {

// MemTotal in bytes, or nullopt with `error`.
std::optional<double> parse_meminfo_total(std::string_view text, std::string& error);

}  // namespace gpuspec::probe
