#include "facts/fact_builder.h"

#include <fmt/format.h>

namespace gpuspec::facts {

bool FactBuilder::declared(const std::string& name, std::string_view path) {
  const ast::Property* p = find_property(decl_.body, path);
  if (!p) return false;
  auto value = literal_value(*p->value);
  if (!value) return false;
  facts_.set(name, std::move(*value), Origin{Origin::Kind::Declared, p->range, {}, {}});
  return true;
}

void FactBuilder::declared_or_default(const std::string& name, std::string_view path, Value default_value,
                                      std::string why) {
  if (declared(name, path)) return;
  facts_.set(name, std::move(default_value), Origin{Origin::Kind::Default, decl_.name_range, {}, std::move(why)});
}

bool FactBuilder::catalog(const std::string& name, const sema::DeclEntry& entry, std::string_view property) {
  auto fact = catalog_property(entry, property);
  if (!fact) return false;
  facts_.set(name, std::move(fact->value), std::move(fact->origin));
  return true;
}

void FactBuilder::derived(std::string_view name, Value value, SourceRange range, std::string explanation) {
  facts_.set(name, std::move(value), Origin{Origin::Kind::Derived, range, {}, std::move(explanation)});
}

std::optional<Counted> FactBuilder::counted(std::string_view path) const {
  const ast::Property* p = find_property(decl_.body, path);
  if (!p) return std::nullopt;
  return counted_reference(program_, *p->value);
}

void add_gpu_facts(FactBuilder& b, const Counted& gpus, SourceRange spec_range) {
  const sema::DeclEntry& gpu = *gpus.entry;
  double n = gpus.count;
  b.derived("gpu.count", Value::number(n), spec_range, fmt::format("{} x {}", n, gpu.decl->name));
  b.derived("gpu.model", Value::symbol(gpu.decl->name), spec_range, "the referenced catalog entry");
  for (auto [fact, property] : {std::pair{"gpu.vram", "vram"},
                                {"gpu.board_power", "board_power"},
                                {"gpu.memory_type", "memory_type"},
                                {"gpu.memory_bandwidth", "memory_bandwidth"},
                                {"gpu.class", "class"},
                                {"gpu.ecc", "ecc"},
                                {"gpu.nvlink", "nvlink"},
                                {"gpu.nvlink_bandwidth", "nvlink_bandwidth"},
                                {"gpu.arch", "arch"},
                                {"gpu.form_factor", "form_factor"},
                                {"gpu.fp16_tflops", "fp16_tflops"},
                                {"gpu.tf32_tflops", "tf32_tflops"},
                                {"gpu.fp8_tflops", "fp8_tflops"},
                                {"gpu.mig", "mig"},
                                {"gpu.compute_capability", "compute_capability"},
                                {"gpu.slot_width", "slot_width"},
                                {"gpu.cooler", "cooler"},
                                {"gpu.pcie_lanes", "pcie_lanes"}}) {
    b.catalog(fact, gpu, property);
  }
  // A compute capability is a version ("8.6"): a symbol, so messages print it bare.
  if (const Fact* cc = b.facts().find("gpu.compute_capability"); cc && cc->value.type == Value::Type::String) {
    b.facts().set("gpu.compute_capability", Value::symbol(cc->value.text), cc->origin);
  }
  // FP8 support is the presence of FP8 tensor throughput in the datasheet.
  bool fp8 = b.facts().find("gpu.fp8_tflops") != nullptr;
  b.facts().set("gpu.fp8", Value::flag(fp8),
                Origin{Origin::Kind::Catalog, gpu.decl->name_range, gpu.decl->name,
                       fp8 ? "the datasheet lists FP8 tensor throughput" : "no FP8 tensor cores in the datasheet"});
  auto total = [&](const char* per_card, const char* total_name) {
    if (auto q = b.facts().quantity(per_card)) {
      units::Quantity sum = *q;
      sum.value *= n;
      b.derived(total_name, Value::of(sum), spec_range, fmt::format("{} x {}", n, units::format(*q)));
    }
  };
  total("gpu.vram", "gpu.vram_total");
  total("gpu.board_power", "gpu.board_power_total");
}

void add_bandwidth_per_gpu(FactBuilder& b) {
  const Fact* node = b.facts().find("network.node_bandwidth");
  auto gpus = b.facts().quantity("gpu.count");
  if (!node || node->value.type != Value::Type::Quantity || !gpus || gpus->value <= 0) return;
  units::Quantity per_gpu = node->value.quantity;
  per_gpu.value /= gpus->value;
  b.derived("network.bandwidth_per_gpu", Value::of(per_gpu), node->origin.range,
            fmt::format("{} per node / {} GPUs", units::format(node->value.quantity), gpus->value));
}

}  // namespace gpuspec::facts
