// The GPU lines of a probed spec: `gpu = N x PART` from nvidia-smi -q -x, `gpu_link`
// from nvidia-smi topo -m, and the declaration of a GPU the catalog lacks.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "backends/probe/spec_context.h"
#include "backends/probe/text_scan.h"
#include "backends/writers/gpuspec_text.h"

namespace gpuspec::probe {

namespace {

// nvidia-smi's product_architecture as the catalog's arch symbol; empty when it has none.
std::string arch_symbol(std::string_view architecture) {
  std::string a = lower(architecture);
  for (std::string_view known : {"volta", "ampere", "hopper", "blackwell"}) {
    if (a == known) return std::string(known);
  }
  if (a == "ada lovelace" || a == "ada") return "ada";
  return "";
}

// The market class a brand states outright; empty where the brand spans classes
// ("NVIDIA" names A100s and L4s as well as the cloud-only A10G).
std::string class_symbol(std::string_view brand) {
  std::string b = lower(brand);
  if (b == "geforce" || b == "titan") return "consumer";
  if (b == "quadro" || b == "nvidia rtx") return "workstation";
  if (b == "tesla") return "datacenter";
  return "";
}

std::string declare_gpu(SpecContext& c, const NvidiaGpu& g) {
  PartDeclaration part{"gpu", c.names.next("gpu", g.product_name), {}};
  auto& l = part.lines;
  l.push_back(property_line("description", writers::gpuspec_string(g.product_name)));
  if (g.vram_mib) l.push_back(property_line("vram", mib_text(*g.vram_mib), "fb_memory_usage total"));
  if (g.default_power_limit_w) {
    l.push_back(property_line("board_power", number_text(*g.default_power_limit_w) + " W", "the default power limit"));
  }
  if (std::string arch = arch_symbol(g.architecture); !arch.empty()) {
    l.push_back(property_line("arch", arch, fmt::format("product_architecture \"{}\"", g.architecture)));
  } else {
    l.push_back(comment_line(g.architecture.empty()
                                 ? "arch: not in this nvidia-smi's report"
                                 : fmt::format("arch: \"{}\" is not an architecture the catalog knows", g.architecture)));
  }
  if (std::string klass = class_symbol(g.brand); !klass.empty()) {
    l.push_back(property_line("class", klass, fmt::format("product_brand \"{}\"", g.brand)));
  } else {
    l.push_back(comment_line(fmt::format("class: the brand \"{}\" does not say which", g.brand)));
  }
  if (g.ecc_mode == "Enabled" || g.ecc_mode == "Disabled") {
    l.push_back(property_line("ecc", "true", fmt::format("ECC supported, currently {}", g.ecc_mode)));
  } else if (g.ecc_mode == "N/A") {
    l.push_back(property_line("ecc", "false", "nvidia-smi: ECC N/A"));
  }
  if (g.pcie_gen_max && *g.pcie_gen_max >= 3 && *g.pcie_gen_max <= 5) {
    l.push_back(property_line("pcie", fmt::format("gen{}", *g.pcie_gen_max), "the GPU's maximum link generation"));
  }
  if (g.link_width_max && *g.link_width_max >= 1 && *g.link_width_max <= 16) {
    l.push_back(property_line("pcie_lanes", std::to_string(*g.link_width_max), "the maximum link width"));
  }
  if (g.compute_capability) l.push_back(property_line("compute_capability", writers::gpuspec_string(*g.compute_capability)));
  l.push_back(comment_line("form_factor: nvidia-smi does not report it"));
  std::string what = fmt::format("\"{}\"{}", g.product_name, g.pci_id ? fmt::format(" (PCI {})", *g.pci_id) : "");
  for (auto& line : c.provenance(spec_of(Tool::NvidiaSmiQuery).label, what)) l.push_back(std::move(line));
  c.parts.push_back(std::move(part));
  return c.parts.back().name;
}

// What the report says that the catalog entry does not: another memory size, another
// power limit, MIG mode.
std::string differences(const NvidiaGpu& g, const sema::DeclEntry& entry) {
  std::string out;
  if (auto vram = catalog_value(entry, "vram"); vram && g.vram_mib && vram->quantity.value != *g.vram_mib * 1024 * 1024) {
    out += fmt::format("; the catalog's vram is {}", vram->display());
  }
  if (auto power = catalog_value(entry, "board_power");
      power && g.default_power_limit_w && power->quantity.value != *g.default_power_limit_w) {
    out += fmt::format("; power limit {} W, the catalog's board power {}", number_text(*g.default_power_limit_w),
                       power->display());
  }
  return out;
}

void write_gpu_link(SpecContext& c, std::size_t gpus, const std::optional<CatalogMatch>& match) {
  const auto& m = c.machine;
  const std::string_view label = spec_of(Tool::NvidiaSmiTopo).label;
  if (!m.topology) {
    c.probed.emplace_back("gpu_link", fmt::format("{}: not probed", label));
    c.body.push_back(comment_line("gpu_link: not probed (see the notes above)"));
    return;
  }
  if (m.topology->gpus() != gpus) {
    c.notes.push_back(fmt::format("not probed: {}: its matrix has {} GPUs, nvidia-smi -q -x {}", label,
                                  m.topology->gpus(), gpus));
    c.probed.emplace_back("gpu_link", fmt::format("{}: does not match the GPU count", label));
    return;
  }
  LinkSummary s = summarize(*m.topology);
  std::string form;
  if (match) {
    if (auto f = catalog_value(*match->entry, "form_factor")) form = f->text;
  }
  bool sxm = form.starts_with("sxm");
  std::string link, why;
  if (s.nvlink_pairs == 0) {
    link = "pcie";
    why = fmt::format("no NVLink between the {} GPUs: PCIe paths only", gpus);
  } else if (s.nvlink_pairs == s.pairs && (gpus > 2 || sxm)) {
    link = "nvswitch";
    why = fmt::format("every pair of the {} GPUs joined by NV{}{}", gpus, s.min_links,
                      s.min_links == s.max_links ? "" : fmt::format(" to NV{}", s.max_links));
  } else {
    link = "nvlink_bridge";
    why = fmt::format("{} of {} GPU pairs joined by NVLink (NV{})", s.nvlink_pairs, s.pairs, s.max_links);
  }
  c.body.push_back(property_line("gpu_link", link, fmt::format("probed: {}; {}", label, why)));
  c.probed.emplace_back("gpu_link", std::string(label));
}

}  // namespace

void write_gpus(SpecContext& c) {
  const auto& m = c.machine;
  const std::string_view label = spec_of(Tool::NvidiaSmiQuery).label;
  if (!m.nvidia) {
    if (m.nvidia_smi_missing) {
      c.probed.emplace_back("gpu", "nvidia-smi: not installed; no NVIDIA GPU found");
      c.body.push_back(comment_line("gpu: no NVIDIA GPU found (nvidia-smi is not installed)"));
    } else {
      c.probed.emplace_back("gpu", fmt::format("{}: not probed", label));
      c.body.push_back(comment_line("gpu: not probed (see the notes above)"));
    }
    return;
  }
  const auto& gpus = m.nvidia->gpus;
  if (gpus.empty()) {
    c.probed.emplace_back("gpu", fmt::format("{}: no GPU", label));
    c.body.push_back(comment_line("gpu: nvidia-smi lists no GPU"));
    return;
  }
  if (m.nvidia->attached_gpus && static_cast<std::size_t>(*m.nvidia->attached_gpus) != gpus.size()) {
    c.notes.push_back(fmt::format("{}: attached_gpus says {}, but the report describes {}: the spec counts those", label,
                                  *m.nvidia->attached_gpus, gpus.size()));
  }
  // One GPU model per server: identical GPUs group together, the largest group is declared.
  struct Group {
    const NvidiaGpu* gpu;
    std::optional<CatalogMatch> match;
    int count = 0;
  };
  std::vector<Group> groups;
  for (const auto& g : gpus) {
    auto match = c.catalog.gpu(g);
    auto same = [&](const Group& group) {
      if (match || group.match) return match && group.match && match->entry == group.match->entry;
      return group.gpu->product_name == g.product_name && group.gpu->vram_mib == g.vram_mib && group.gpu->pci_id == g.pci_id;
    };
    auto it = std::find_if(groups.begin(), groups.end(), same);
    if (it == groups.end()) groups.push_back(Group{&g, match, 1});
    else ++it->count;
  }
  std::size_t chosen = 0;
  for (std::size_t i = 1; i < groups.size(); ++i) {
    if (groups[i].count > groups[chosen].count) chosen = i;
  }
  for (std::size_t i = 0; i < groups.size(); ++i) {
    if (i == chosen) continue;
    c.notes.push_back(fmt::format("not declared: {} x \"{}\" (a server declares one GPU model; the spec has the {} x \"{}\")",
                                  groups[i].count, groups[i].gpu->product_name, groups[chosen].count,
                                  groups[chosen].gpu->product_name));
  }
  const Group& g = groups[chosen];
  const NvidiaGpu& gpu = *g.gpu;
  std::string seen = fmt::format("{} x \"{}\"{}", g.count, gpu.product_name,
                                 gpu.vram_mib ? fmt::format(", {} each", mib_text(*gpu.vram_mib)) : "");
  std::string name, comment;
  if (g.match) {
    name = g.match->entry->decl->name;
    comment = fmt::format("probed: {}; {}: {} by {}{}", label, seen, name, g.match->evidence, differences(gpu, *g.match->entry));
  } else {
    name = declare_gpu(c, gpu);
    comment = fmt::format("probed: {}; {}: not in the catalog, declared below", label, seen);
  }
  if (gpu.mig_mode == "Enabled") comment += "; MIG enabled";
  c.body.push_back(property_line("gpu", fmt::format("{} x {}", g.count, name), comment));
  c.probed.emplace_back("gpu", std::string(label));
  if (g.count >= 2 && groups.size() == 1) write_gpu_link(c, gpus.size(), g.match);
}

}  // namespace gpuspec::probe
