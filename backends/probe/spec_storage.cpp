// The storage, power supply and network lines of a probed spec: drives from lsblk (with
// nvme list's model numbers and exact sizes), PSUs from dmidecode -t 39 or ipmitool fru,
// the fabric from ibstat and ip link.
#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "backends/probe/spec_context.h"
#include "backends/probe/text_scan.h"
#include "backends/writers/gpuspec_text.h"

namespace gpuspec::probe {

namespace {

struct Drive {
  std::string device, model, interface, kind;
  std::optional<double> bytes;
  bool system = false;
};

std::vector<Drive> drives_of(const Machine& m) {
  std::vector<Drive> out;
  if (!m.disks) return out;
  for (const auto& d : m.disks->disks) {
    if (d.removable || d.tran == "usb") continue;
    Drive drive{d.name, d.model, "", "", d.size_bytes, d.holds_root};
    if (m.nvme) {
      for (const auto& ns : *m.nvme) {
        if (ns.device != d.name) continue;
        if (!ns.model.empty()) drive.model = ns.model;
        if (ns.size_bytes) drive.bytes = ns.size_bytes;
      }
    }
    if (d.tran == "nvme" || d.name.starts_with("nvme")) {
      drive.interface = "nvme", drive.kind = "nvme_ssd";
    } else if (d.tran == "sata") {
      drive.interface = "sata";
      if (d.rotational) drive.kind = *d.rotational ? "hdd" : "sata_ssd";
    } else if (d.tran == "sas") {
      drive.interface = "sas";
      if (d.rotational && *d.rotational) drive.kind = "hdd";
    }
    out.push_back(std::move(drive));
  }
  return out;
}

std::string describe(const Drive& d) {
  return fmt::format("{} \"{}\"{}", d.device, d.model.empty() ? "unknown model" : d.model,
                     d.bytes ? ", " + bytes_text(*d.bytes) : "");
}

// The part of a drive: one declaration per model and size.
std::string drive_part(SpecContext& c, const Drive& d, std::vector<std::pair<std::string, std::string>>& declared) {
  std::string key = fmt::format("{}|{}", d.model, d.bytes.value_or(0));
  for (const auto& [k, name] : declared) {
    if (k == key) return name;
  }
  PartDeclaration part{"disk", c.names.next("disk", d.model.empty() ? d.device : d.model), {}};
  auto& l = part.lines;
  if (!d.model.empty()) l.push_back(property_line("description", writers::gpuspec_string(d.model)));
  if (d.bytes) l.push_back(property_line("capacity", bytes_text(*d.bytes)));
  if (!d.interface.empty()) l.push_back(property_line("interface", d.interface));
  if (!d.kind.empty()) l.push_back(property_line("kind", d.kind));
  l.push_back(comment_line("form, class, read_bw: lsblk does not report them"));
  for (auto& line : c.provenance(spec_of(Tool::Lsblk).label, describe(d))) l.push_back(std::move(line));
  c.parts.push_back(std::move(part));
  declared.emplace_back(key, c.parts.back().name);
  return c.parts.back().name;
}

}  // namespace

void write_storage(SpecContext& c) {
  const auto& m = c.machine;
  const std::string_view label = spec_of(Tool::Lsblk).label;
  std::vector<Drive> drives = drives_of(m);
  if (!m.disks) {
    c.probed.emplace_back("storage", fmt::format("{}: not probed", label));
    return;
  }
  if (m.disks->sizes_not_in_bytes) {
    c.notes.push_back(fmt::format("{}: sizes were not printed in bytes (capture with -b); drive capacities are left out",
                                  label));
  }
  if (drives.empty()) {
    c.probed.emplace_back("storage", fmt::format("{}: no drive", label));
    c.body.push_back(comment_line("storage: lsblk lists no drive"));
    return;
  }
  std::string tools = m.nvme && !m.nvme->empty() ? fmt::format("{}, {}", label, spec_of(Tool::NvmeList).label) : std::string(label);
  std::vector<std::pair<std::string, std::string>> declared;
  std::vector<std::string> lines;
  std::vector<const Drive*> data;
  for (const auto& d : drives) {
    if (d.system) {
      lines.push_back(property_line("system", drive_part(c, d, declared), fmt::format("probed: {}; {}, holds /", tools, describe(d))));
    } else {
      data.push_back(&d);
    }
  }
  if (!data.empty()) {
    // One volume of identical drives: the largest group; the others are named in a note.
    std::vector<std::vector<const Drive*>> groups;
    for (const auto* d : data) {
      auto same = [&](const auto& g) { return g.front()->model == d->model && g.front()->bytes == d->bytes; };
      auto it = std::find_if(groups.begin(), groups.end(), same);
      if (it == groups.end()) groups.push_back({d});
      else it->push_back(d);
    }
    // The most drives; between as many, NVMe before other drives, then the larger.
    auto rank = [](const std::vector<const Drive*>& g) {
      return std::tuple(g.size(), g.front()->interface == "nvme", g.front()->bytes.value_or(0));
    };
    auto largest = std::max_element(groups.begin(), groups.end(), [&](const auto& a, const auto& b) { return rank(a) < rank(b); });
    std::string devices;
    for (const auto* d : *largest) devices += (devices.empty() ? "" : ", ") + d->device;
    std::string part = drive_part(c, *largest->front(), declared);
    std::string comment = fmt::format("probed: {}; {} x \"{}\" ({}); RAID not probed", tools, largest->size(),
                                      largest->front()->model, devices);
    if (largest->size() == 1) lines.push_back(property_line("data", part, comment));
    else lines.push_back(property_line("data", fmt::format("{} x {}", largest->size(), part), comment));
    for (const auto& g : groups) {
      if (&g == &*largest) continue;
      for (const auto* d : g) c.notes.push_back(fmt::format("not declared: drive {} (a volume holds one drive model)", describe(*d)));
    }
  }
  if (lines.empty()) return;
  c.body.push_back("storage {");
  for (auto& line : lines) c.body.push_back(std::move(line));
  c.body.push_back("}");
  c.probed.emplace_back("storage", tools);
}

void write_power(SpecContext& c) {
  const auto& m = c.machine;
  struct Supply {
    std::string model;
    std::optional<double> watts;
  };
  std::vector<Supply> supplies;
  std::string_view label;
  if (m.dmi_psus) {
    for (const auto& p : *m.dmi_psus) {
      if (p.present) supplies.push_back({p.model, p.max_power_w});
    }
    label = spec_of(Tool::DmidecodePsu).label;
  }
  if (supplies.empty() && m.fru_psus) {
    for (const auto& p : *m.fru_psus) {
      if (p.present) supplies.push_back({p.product, p.rated_w});
    }
    label = spec_of(Tool::IpmitoolFru).label;
  }
  if (supplies.empty()) {
    bool read_any = m.dmi_psus || m.fru_psus;
    c.probed.emplace_back("psu", read_any ? "dmidecode -t 39, ipmitool fru: no power supply listed"
                                          : "dmidecode -t 39, ipmitool fru: not probed");
    return;
  }
  bool same = std::all_of(supplies.begin(), supplies.end(), [&](const Supply& s) {
    return s.model == supplies.front().model && s.watts == supplies.front().watts;
  });
  if (!same) {
    c.notes.push_back(fmt::format("not declared: psu: {} lists power supplies of different models", label));
    c.probed.emplace_back("psu", fmt::format("{}: mixed models", label));
    return;
  }
  const Supply& s = supplies.front();
  PartDeclaration part{"psu", c.names.next("psu", s.model.empty() ? "unknown" : s.model), {}};
  part.lines.push_back(property_line("description", writers::gpuspec_string(s.model)));
  if (s.watts) {
    part.lines.push_back(property_line("capacity", number_text(*s.watts) + " W",
                                       label == spec_of(Tool::DmidecodePsu).label ? "Max Power Capacity" : "the rating in its product name"));
  }
  part.lines.push_back(comment_line("efficiency, form_factor: not reported"));
  for (auto& line : c.provenance(label, fmt::format("\"{}\"", s.model))) part.lines.push_back(std::move(line));
  c.parts.push_back(std::move(part));
  std::string seen = fmt::format("{} x \"{}\"{}", supplies.size(), s.model, s.watts ? fmt::format(", {} W each", number_text(*s.watts)) : ", rating not reported");
  c.body.push_back(property_line("psu", fmt::format("{} x {}", supplies.size(), c.parts.back().name),
                                 fmt::format("probed: {}; {}: declared below; the redundancy mode is not probed", label, seen)));
  c.probed.emplace_back("psu", std::string(label));
}

void write_network(SpecContext& c) {
  const auto& m = c.machine;
  const std::string_view ib = spec_of(Tool::Ibstat).label;
  // InfiniBand adapters with an active InfiniBand port; RoCE when the active ports are Ethernet.
  std::vector<const IbAdapter*> active;
  bool roce = false;
  double rate = 0;
  if (m.infiniband) {
    for (const auto& a : *m.infiniband) {
      bool up = false;
      for (const auto& p : a.ports) {
        if (p.state != "Active") continue;
        up = true;
        if (p.link_layer == "Ethernet") roce = true;
        rate = std::max(rate, p.rate_gbps.value_or(0));
      }
      if (up) active.push_back(&a);
    }
  }
  if (!active.empty()) {
    const IbAdapter& a = *active.front();
    std::string fabric = roce ? "roce" : "infiniband";
    std::string name;
    std::string comment;
    if (auto match = c.catalog.nic(a)) {
      name = match->entry->decl->name;
      comment = fmt::format("probed: {}; {} adapter(s) with an active port, CA type {}, {} Gb/s: {} by {}", ib, active.size(),
                            a.ca_type, number_text(rate), name, match->evidence);
    } else {
      PartDeclaration part{"nic", c.names.next("nic", a.ca_type.empty() ? "adapter" : a.ca_type), {}};
      part.lines.push_back(property_line("description", writers::gpuspec_string(fmt::format("CA type {}", a.ca_type))));
      part.lines.push_back(property_line("fabric", fabric));
      if (rate > 0) part.lines.push_back(property_line("bandwidth", number_text(rate) + " Gbps", "the active port's rate"));
      part.lines.push_back(property_line("ports", std::to_string(a.ports.size())));
      for (auto& line : c.provenance(ib, fmt::format("CA type {}", a.ca_type))) part.lines.push_back(std::move(line));
      c.parts.push_back(std::move(part));
      name = c.parts.back().name;
      comment = fmt::format("probed: {}; {} adapter(s) with an active port, CA type {}: not in the catalog, declared below", ib,
                            active.size(), a.ca_type);
    }
    c.body.push_back("network {");
    c.body.push_back(property_line("fabric", fabric, fmt::format("probed: {}", ib)));
    c.body.push_back(property_line("nic", fmt::format("{} x {}", active.size(), name), comment));
    c.body.push_back("}");
    c.probed.emplace_back("network", std::string(ib));
    return;
  }
  const std::string_view ip = spec_of(Tool::IpLink).label;
  if (!m.links) {
    c.probed.emplace_back("network", fmt::format("{}: not probed", ip));
    return;
  }
  std::string ports;
  int count = 0;
  for (const auto& i : *m.links) {
    if (!i.physical || i.link_type != "ether") continue;
    ++count;
    ports += fmt::format("{}{} {}", ports.empty() ? "" : ", ", i.name, i.up ? "up" : "down");
  }
  if (count == 0) {
    c.body.push_back(comment_line(fmt::format("network: {} lists no physical port", ip)));
    c.probed.emplace_back("network", fmt::format("{}: no physical port", ip));
    return;
  }
  c.body.push_back("network {");
  c.body.push_back(property_line(
      "fabric", "ethernet",
      fmt::format("probed: {}; {} physical Ethernet port(s): {}; their speed is not probed", ip, count, ports)));
  c.body.push_back("}");
  c.probed.emplace_back("network", std::string(ip));
}

}  // namespace gpuspec::probe
