#include "facts/fact_builder.h"

#include <fmt/format.h>

namespace gpuspec::facts {

bool FactBuilder::declared(FactKey name, std::string_view path) {
  const ast::Property* p = find_property(decl_.body, path);
  if (!p) return false;
  auto value = literal_value(*p->value);
  if (!value) return false;
  facts_.set(name, std::move(*value), Origin{Origin::Kind::Declared, p->range, {}, {}});
  return true;
}

void FactBuilder::declared_or_default(FactKey name, std::string_view path, Value default_value,
                                      Explanation why) {
  if (declared(name, path)) return;
  facts_.set(name, std::move(default_value), Origin{Origin::Kind::Default, decl_.name_range, {}, std::move(why)});
}

bool FactBuilder::catalog(FactKey name, const sema::DeclEntry& entry, std::string_view property) {
  const CatalogFact* fact = catalog_fact(entry, property);
  if (!fact) return false;
  facts_.borrow(name, *fact);
  return true;
}

void FactBuilder::derived(FactKey name, Value value, SourceRange range, Explanation explanation) {
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
  b.derived("gpu.count"_fact, Value::number(n), spec_range, Explanation::format("{} x {}", n, gpu.decl->name));
  b.derived("gpu.model"_fact, Value::symbol(gpu.decl->name), spec_range, "the referenced catalog entry");
  for (auto [fact, property] : {std::pair{"gpu.vram"_fact, "vram"},
                                {"gpu.board_power"_fact, "board_power"},
                                {"gpu.memory_type"_fact, "memory_type"},
                                {"gpu.memory_bandwidth"_fact, "memory_bandwidth"},
                                {"gpu.class"_fact, "class"},
                                {"gpu.ecc"_fact, "ecc"},
                                {"gpu.nvlink"_fact, "nvlink"},
                                {"gpu.nvlink_bandwidth"_fact, "nvlink_bandwidth"},
                                {"gpu.arch"_fact, "arch"},
                                {"gpu.form_factor"_fact, "form_factor"},
                                {"gpu.fp16_tflops"_fact, "fp16_tflops"},
                                {"gpu.tf32_tflops"_fact, "tf32_tflops"},
                                {"gpu.fp8_tflops"_fact, "fp8_tflops"},
                                {"gpu.mig"_fact, "mig"},
                                {"gpu.compute_capability"_fact, "compute_capability"},
                                {"gpu.slot_width"_fact, "slot_width"},
                                {"gpu.cooler"_fact, "cooler"},
                                {"gpu.markets"_fact, "markets"},
                                {"gpu.pcie_lanes"_fact, "pcie_lanes"}}) {
    b.catalog(fact, gpu, property);
  }
  // A compute capability is a version ("8.6"): a symbol, so messages print it bare.
  if (const Fact* cc = b.facts().find("gpu.compute_capability"_fact); cc && cc->value.type == Value::Type::String) {
    b.facts().set("gpu.compute_capability"_fact, Value::symbol(cc->value.text), cc->origin);
  }
  // FP8 support is the presence of FP8 tensor throughput in the datasheet.
  bool fp8 = b.facts().find("gpu.fp8_tflops"_fact) != nullptr;
  b.facts().set("gpu.fp8"_fact, Value::flag(fp8),
                Origin{Origin::Kind::Catalog, gpu.decl->name_range, gpu.decl->name,
                       Explanation::literal(fp8 ? "the datasheet lists FP8 tensor throughput"
                                                : "no FP8 tensor cores in the datasheet")});
  auto total = [&](FactKey per_card, FactKey total_name) {
    if (auto q = b.facts().quantity(per_card)) {
      units::Quantity sum = *q;
      sum.value *= n;
      b.derived(total_name, Value::of(sum), spec_range, Explanation::format("{} x {}", n, shown(*q)));
    }
  };
  total("gpu.vram"_fact, "gpu.vram_total"_fact);
  total("gpu.board_power"_fact, "gpu.board_power_total"_fact);
}

void add_bandwidth_per_gpu(FactBuilder& b) {
  const Fact* node = b.facts().find("network.node_bandwidth"_fact);
  auto gpus = b.facts().quantity("gpu.count"_fact);
  if (!node || node->value.type != Value::Type::Quantity || !gpus || gpus->value <= 0) return;
  units::Quantity per_gpu = node->value.quantity;
  per_gpu.value /= gpus->value;
  b.derived("network.bandwidth_per_gpu"_fact, Value::of(per_gpu), node->origin.range,
            Explanation::format("{} per node / {} GPUs", shown(node->value.quantity), gpus->value));
}

void add_gpu_total(FactBuilder& b, SourceRange at, std::string_view unit) {
  auto count = b.facts().quantity("gpu.count"_fact);
  if (!count) return;
  double nodes = b.facts().quantity("nodes"_fact).value_or(units::Quantity::number(1)).value;
  b.derived("gpu.count_total"_fact, Value::number(count->value * nodes), at,
            Explanation::format("{} per {} x {} {}s", count->value, unit, nodes, unit));
}

}  // namespace gpuspec::facts
