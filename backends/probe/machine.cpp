#include "backends/probe/machine.h"

#include <fmt/format.h>

#include "backends/probe/meminfo.h"
#include "source/printable.h"

namespace gpuspec::probe {

namespace {

// The output of `tool`, or nullopt with a note saying why not.
std::optional<std::string> fetch(OutputSource& source, Tool tool, Machine& m) {
  ToolOutput out = source.fetch(tool);
  if (out.status == ToolOutput::Status::Ok) return std::move(out.text);
  const ToolSpec& spec = spec_of(tool);
  std::string note = fmt::format("not probed: {}: {}", spec.label, status_reason(out.status));
  if (!out.detail.empty()) note += fmt::format(" ({})", printable(out.detail));
  if (tool == Tool::NvidiaSmiQuery && out.status == ToolOutput::Status::NotFound) {
    note += "; no NVIDIA driver, so no NVIDIA GPU was found";
    m.nvidia_smi_missing = true;
  }
  m.notes.push_back(std::move(note));
  return std::nullopt;
}

// Parses `tool`'s output with `parse`; a parse failure is a note, never a stop.
template <class Parse>
auto read(OutputSource& source, Tool tool, Machine& m, Parse parse) -> decltype(parse(std::string_view{}, std::declval<std::string&>())) {
  auto text = fetch(source, tool, m);
  if (!text) return std::nullopt;
  std::string error;
  auto parsed = parse(*text, error);
  if (!parsed) m.notes.push_back(fmt::format("not probed: {}: its output could not be read ({})", spec_of(tool).label, printable(error)));
  return parsed;
}

}  // namespace

Machine read_machine(OutputSource& source) {
  Machine m;
  m.source = source.description();
  m.nvidia = read(source, Tool::NvidiaSmiQuery, m, parse_nvidia_smi_query);
  if (m.nvidia && m.nvidia->gpus.size() > 1) {
    m.topology = read(source, Tool::NvidiaSmiTopo, m, parse_nvidia_smi_topo);
  }
  m.cpu = read(source, Tool::Lscpu, m, parse_lscpu);
  m.mem_total_bytes = read(source, Tool::Meminfo, m, parse_meminfo_total);
  m.memory = read(source, Tool::DmidecodeMemory, m, parse_dmidecode_memory);
  m.dmi_psus = read(source, Tool::DmidecodePsu, m, parse_dmidecode_psu);
  m.fru_psus = read(source, Tool::IpmitoolFru, m, parse_ipmitool_fru);
  m.disks = read(source, Tool::Lsblk, m, parse_lsblk);
  m.nvme = read(source, Tool::NvmeList, m, parse_nvme_list);
  m.links = read(source, Tool::IpLink, m, parse_ip_link);
  m.infiniband = read(source, Tool::Ibstat, m, parse_ibstat);
  m.os = read(source, Tool::OsRelease, m, parse_os_release);
  m.torch = read(source, Tool::Torch, m, parse_torch_version);
  return m;
}

}  // namespace gpuspec::probe
