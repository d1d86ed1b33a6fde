// The CPU and memory lines of a probed spec: `cpu` from lscpu -J, `memory` from
// dmidecode -t memory (the DIMMs) or, without it, /proc/meminfo's MemTotal.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "backends/probe/spec_context.h"
#include "backends/writers/gpuspec_text.h"

namespace gpuspec::probe {

namespace {

std::string declare_cpu(SpecContext& c, const CpuReport& cpu) {
  PartDeclaration part{"cpu", c.names.next("cpu", cpu.model_name.empty() ? "unknown" : cpu.model_name), {}};
  auto& l = part.lines;
  l.push_back(property_line("description", writers::gpuspec_string(cpu.model_name)));
  if (cpu.cores_per_socket) l.push_back(property_line("cores", std::to_string(*cpu.cores_per_socket), "Core(s) per socket"));
  if (cpu.cores_per_socket && cpu.threads_per_core) {
    l.push_back(property_line("threads", std::to_string(*cpu.cores_per_socket * *cpu.threads_per_core),
                              "cores x Thread(s) per core"));
  }
  if (cpu.max_mhz) l.push_back(property_line("boost_clock", number_text(*cpu.max_mhz, 0) + " MHz", "CPU max MHz"));
  l.push_back(comment_line("base_clock, memory_channels, memory_type, tdp: lscpu does not report them"));
  for (auto& line : c.provenance(spec_of(Tool::Lscpu).label, fmt::format("\"{}\"", cpu.model_name))) l.push_back(std::move(line));
  c.parts.push_back(std::move(part));
  return c.parts.back().name;
}

std::string shape_text(const DimmShape& s) {
  std::string out = s.type.empty() ? "unknown type" : s.type;
  for (char& ch : out) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  out += " " + bytes_text(s.size_bytes);
  if (s.speed_mts) out += fmt::format(" {} MT/s", number_text(*s.speed_mts));
  if (!s.form.empty()) out += " " + s.form;
  if (s.ecc) out += *s.ecc ? " ECC" : " non-ECC";
  return out;
}

std::string declare_dimm(SpecContext& c, const DimmShape& s, const Dimm& first) {
  std::string description = fmt::format("{} {}", first.manufacturer, first.part_number);
  PartDeclaration part{"memory", c.names.next("dimm", shape_text(s)), {}};
  auto& l = part.lines;
  l.push_back(property_line("description", writers::gpuspec_string(description)));
  if (!s.type.empty()) l.push_back(property_line("type", s.type));
  else l.push_back(comment_line(fmt::format("type: \"{}\" is not a DRAM generation the catalog knows", first.type)));
  l.push_back(property_line("size", bytes_text(s.size_bytes)));
  if (s.speed_mts) l.push_back(property_line("speed", number_text(*s.speed_mts) + " MT/s", "the module's rated speed"));
  if (!s.form.empty()) l.push_back(property_line("form", s.form, fmt::format("Type Detail \"{}\"", first.type_detail)));
  if (s.ecc) l.push_back(property_line("ecc", *s.ecc ? "true" : "false", "Total Width against Data Width"));
  for (auto& line : c.provenance(spec_of(Tool::DmidecodeMemory).label, fmt::format("\"{}\"", description))) {
    l.push_back(std::move(line));
  }
  c.parts.push_back(std::move(part));
  return c.parts.back().name;
}

}  // namespace

void write_cpu(SpecContext& c) {
  const auto& m = c.machine;
  const std::string_view label = spec_of(Tool::Lscpu).label;
  if (!m.cpu || m.cpu->model_name.empty()) {
    c.probed.emplace_back("cpu", fmt::format("{}: not probed", label));
    c.body.push_back(comment_line("cpu: not probed (see the notes above)"));
    return;
  }
  const CpuReport& cpu = *m.cpu;
  int sockets = cpu.sockets.value_or(1);
  std::string seen = fmt::format("\"{}\", {} socket{}{}", cpu.model_name, sockets, sockets == 1 ? "" : "s",
                                 cpu.cores_per_socket ? fmt::format(" x {} cores", *cpu.cores_per_socket) : "");
  if (!cpu.sockets) seen += " (lscpu gives no socket count: 1 assumed)";
  std::string name, comment;
  if (auto match = c.catalog.cpu(cpu)) {
    name = match->entry->decl->name;
    comment = fmt::format("probed: {}; {}: {} by {}", label, seen, name, match->evidence);
  } else {
    name = declare_cpu(c, cpu);
    comment = fmt::format("probed: {}; {}: not in the catalog, declared below", label, seen);
  }
  c.body.push_back(property_line("cpu", fmt::format("{} x {}", sockets, name), comment));
  c.probed.emplace_back("cpu", std::string(label));
}

void write_memory(SpecContext& c) {
  const auto& m = c.machine;
  const std::string_view dmi = spec_of(Tool::DmidecodeMemory).label;
  if (m.memory && !m.memory->dimms.empty()) {
    const auto& dimms = m.memory->dimms;
    std::vector<std::pair<DimmShape, std::vector<const Dimm*>>> groups;
    double total = 0;
    for (const auto& d : dimms) {
      total += d.size_bytes;
      DimmShape s = dimm_shape(d);
      auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == s; });
      if (it == groups.end()) groups.push_back({s, {&d}});
      else it->second.push_back(&d);
    }
    std::string slots = fmt::format("{} of {} slots", dimms.size(), m.memory->slots);
    if (groups.size() > 1) {
      std::string mix;
      for (const auto& [shape, members] : groups) mix += fmt::format("{}{} x {}", mix.empty() ? "" : " + ", members.size(), shape_text(shape));
      c.body.push_back(property_line("memory", bytes_text(total),
                                     fmt::format("probed: {}; {}, mixed modules: {} (the total only)", dmi, slots, mix)));
      c.probed.emplace_back("memory", std::string(dmi));
      return;
    }
    const auto& [shape, members] = groups.front();
    const Dimm& first = *members.front();
    std::string seen = fmt::format("{}: {} ({} {})", slots, shape_text(shape), first.manufacturer, first.part_number);
    if (first.configured_speed_mts && shape.speed_mts && *first.configured_speed_mts < *shape.speed_mts) {
      seen += fmt::format(", running at {} MT/s", number_text(*first.configured_speed_mts));
    }
    std::string name, comment;
    if (auto match = c.catalog.dimm(shape)) {
      name = match->entry->decl->name;
      comment = fmt::format("probed: {}; {}: {} by {}", dmi, seen, name, match->evidence);
    } else {
      name = declare_dimm(c, shape, first);
      comment = fmt::format("probed: {}; {}: no catalog module is the same, declared below", dmi, seen);
    }
    c.body.push_back(property_line("memory", fmt::format("{} x {}", dimms.size(), name), comment));
    c.probed.emplace_back("memory", std::string(dmi));
    return;
  }
  if (m.mem_total_bytes) {
    // Rounded down to a hundredth of a GiB: MemTotal is already below the installed memory.
    double gib = std::floor(*m.mem_total_bytes / (1024.0 * 1024 * 1024) * 100) / 100;
    c.body.push_back(property_line(
        "memory", number_text(gib, 2) + " GiB",
        "probed: /proc/meminfo MemTotal: what the kernel manages, a little below the installed DIMMs, which "
        "dmidecode -t memory would name"));
    c.probed.emplace_back("memory", "/proc/meminfo (MemTotal)");
    return;
  }
  c.probed.emplace_back("memory", "not probed");
  c.body.push_back(comment_line("memory: not probed (see the notes above)"));
}

}  // namespace gpuspec::probe
