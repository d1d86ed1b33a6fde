#include "backends/suggest/candidate_text.h"

#include <fmt/format.h>

#include <cmath>

#include "diag/diagnostic.h"
#include "backends/writers/gpuspec_text.h"
#include "format/formatter.h"
#include "source/printable.h"
#include "source/source.h"

namespace gpuspec::suggest {

namespace {

// One line of a declaration body: `key = value`, a block on one line
// (`key { a = 1; b = 2 }`, the examples' form for small blocks), or a nested block.
struct Item {
  std::string key;
  std::string value;        // a property's value, or an inline block's `{ ... }`
  std::vector<Item> block;  // a multi-line block's items
  bool is_inline_block = false;
};

Item prop(std::string key, std::string value) { return {std::move(key), std::move(value), {}, false}; }
Item block(std::string key, std::vector<Item> items) { return {std::move(key), "", std::move(items), false}; }
Item inline_block(std::string key, const std::vector<Item>& items) {
  std::string body = "{ ";
  for (std::size_t i = 0; i < items.size(); ++i) body += (i ? "; " : "") + items[i].key + " = " + items[i].value;
  return {std::move(key), body + " }", {}, true};
}

// One item per line; the layout (alignment, spacing) is gpuspec fmt's, applied after.
void render(const std::vector<Item>& items, int indent, std::string& out) {
  const std::string pad(indent, ' ');
  for (const auto& item : items) {
    if (!item.block.empty()) {
      out += fmt::format("{}{} {{\n", pad, item.key);
      render(item.block, indent + 2, out);
      out += pad + "}\n";
    } else {
      out += fmt::format("{}{}{}{}\n", pad, item.key, item.is_inline_block ? " " : " = ", item.value);
    }
  }
}

// The text in gpuspec fmt's canonical layout; as it is when the formatter cannot take it
// (it would be a bug here: the text is ours and parses).
std::string canonical(std::string text) {
  SourceFile source(0, "<suggest>", text, false);
  DiagnosticEngine scratch;
  auto formatted = format::format_source(source, scratch);
  return formatted ? *formatted : text;
}

std::string declaration(const std::string& kind, const std::string& name, const std::vector<Item>& items) {
  std::string out = fmt::format("{} {} {{\n", kind, name);
  render(items, 2, out);
  return out + "}\n";
}

std::string counted(int count, const sema::DeclEntry* entry) { return fmt::format("{} x {}", count, entry->decl->name); }

std::string number_text(double v) {
  if (v == std::floor(v) && std::abs(v) < 1e15) return fmt::format("{}", static_cast<long long>(v));
  return fmt::format("{:.2f}", v);
}

}  // namespace

std::string money_text(const units::Quantity& money) {
  return fmt::format("{} {}", number_text(money.value), units::currency_code(money.currency));
}

std::string bytes_text(double bytes) {
  if (bytes >= 1e12 && std::fmod(bytes, 1e12) == 0) return fmt::format("{} TB", number_text(bytes / 1e12));
  return fmt::format("{} GB", number_text(std::ceil(bytes / 1e9)));
}

namespace {

std::string server_declaration(const ServerBuild& b, const CandidateContext& c) {
  std::vector<Item> items{prop("serves", c.workload)};
  if (b.nodes > 1) items.push_back(prop("nodes", std::to_string(b.nodes)));
  items.push_back(prop("gpu", counted(b.gpus_per_node, b.gpu)));
  if (!b.gpu_link.empty()) items.push_back(prop("gpu_link", b.gpu_link));
  items.push_back(prop("cpu", counted(b.sockets, b.cpu)));
  items.push_back(prop("memory", counted(b.dimms, b.dimm)));
  std::vector<Item> storage{prop("system", b.storage.system->decl->name)};
  if (b.storage.data_drives > 1) {
    storage.push_back(inline_block("data", {prop("drives", counted(b.storage.data_drives, b.storage.data)),
                                            prop("raid", b.storage.raid)}));
  } else {
    storage.push_back(prop("data", b.storage.data->decl->name));
  }
  storage.push_back(prop("archive", b.storage.archive));
  items.push_back(block("storage", std::move(storage)));
  if (b.psu) {
    items.push_back(prop("psu", counted(b.psus, b.psu)));
    items.push_back(prop("psu_mode", b.psu_mode));
  }
  items.push_back(prop("chassis", b.chassis->decl->name));
  if (b.motherboard) items.push_back(prop("motherboard", b.motherboard->decl->name));
  items.push_back(prop("cooling", b.cooling));
  if (!c.uptime.empty()) items.push_back(prop("uptime", c.uptime));
  if (b.nic) {
    std::vector<Item> network{prop("fabric", "infiniband"), prop("nic", counted(b.nics, b.nic))};
    if (b.fabric_switch) network.push_back(prop("switch", counted(b.switches, b.fabric_switch)));
    items.push_back(inline_block("network", network));
  }
  items.push_back(inline_block("site", {prop("region", c.site_region),
                                       prop("currency", std::string(units::currency_code(c.currency)))}));
  // 000 §6's checks before acceptance cost nothing to plan: a 72-hour burn-in, a benchmark
  // of the real workload (NCCL's too when GPUs talk to each other), RDMA across nodes.
  std::vector<Item> acceptance{prop("burn_in", "72 h"),
                               prop("benchmark", b.gpus_per_node * b.nodes > 1 ? "[mlperf, nccl_tests]" : "[mlperf]")};
  if (b.nodes > 1) acceptance.push_back(prop("rdma_test", "ib_write_bw"));
  items.push_back(inline_block("acceptance", acceptance));
  if (c.budget) items.push_back(prop("budget", money_text(*c.budget)));
  return declaration("server", c.server_name, items);
}

std::string cloud_declaration(const CloudBuild& b, const CandidateContext& c) {
  std::vector<Item> items{prop("serves", c.workload), prop("provider", b.provider),
                          prop("instance", b.instance->decl->name)};
  if (b.count > 1) items.push_back(prop("count", std::to_string(b.count)));
  items.push_back(prop("region", writers::gpuspec_string(b.region)));
  if (b.local_nvme) {
    items.push_back(inline_block("storage", {prop("data", "local_nvme")}));
  } else if (b.data_bytes > 0) {
    items.push_back(inline_block("storage", {prop("data", bytes_text(b.data_bytes)), prop("data_kind", "nvme")}));
  }
  if (c.budget) items.push_back(prop("budget", money_text(*c.budget)));
  return declaration("cloud", c.cloud_name, items);
}

}  // namespace

std::string declaration_text(const Build& build, const CandidateContext& context) {
  if (const auto* s = std::get_if<ServerBuild>(&build)) return server_declaration(*s, context);
  return cloud_declaration(std::get<CloudBuild>(build), context);
}

std::string declaration_of(const Build& build, const CandidateContext& context) {
  return canonical(declaration_text(build, context));
}

const std::string& name_of(const Build& build, const CandidateContext& context) {
  return std::holds_alternative<ServerBuild>(build) ? context.server_name : context.cloud_name;
}

std::string candidate_file(const CandidateContext& context, const std::vector<std::string>& header,
                           const std::vector<std::string>& declarations) {
  std::string out;
  for (const auto& line : header) out += line.empty() ? "#\n" : "# " + line + "\n";
  out += "import " + writers::gpuspec_string(context.import_path) + "\n";
  for (const auto& d : declarations) out += "\n" + d;
  return canonical(std::move(out));
}

}  // namespace gpuspec::suggest
