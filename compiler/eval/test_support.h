// Shared by the eval unit tests: a hand-built FactSet and expression parsing.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "eval/template.h"
#include "facts/fact.h"
#include "units/quantity.h"

namespace gpuspec::eval::testing {

inline units::Quantity q(double number, const char* unit) {
  const units::Unit* u = units::find_unit(unit);
  EXPECT_NE(u, nullptr) << unit;
  return units::make_quantity(number, *u).value;
}

// Ranges of fact origins: a fake spec file, id 7, so tests can check where notes point.
inline SourceRange spec(std::uint32_t begin, std::uint32_t end) { return {7, begin, end}; }

// A 4 x A100 80 GB server with too little memory, serving a bf16 workload whose
// memory estimate is missing (so workload.mem.* facts are Unknown).
inline facts::FactSet server_facts() {
  using facts::Origin;
  using facts::Value;
  facts::FactSet f("train01", "server");
  Origin declared{Origin::Kind::Declared, spec(100, 120), {}, {}};
  f.set("memory.total", Value::of(q(256, "GB")), {Origin::Kind::Derived, spec(10, 20), {}, "16 x 16 GB"});
  f.set("gpu.count", Value::number(4), {Origin::Kind::Derived, spec(30, 40), {}, "4 x nvidia.a100_80gb_sxm"});
  f.set("gpu.vram", Value::of(q(80, "GB")), {Origin::Kind::Catalog, spec(500, 510), "nvidia.a100_80gb_sxm", {}});
  f.set("gpu.vram_total", Value::of(q(320, "GB")), {Origin::Kind::Derived, spec(30, 40), {}, "4 x 80 GB"});
  f.set("gpu.board_power", Value::of(q(400, "W")), {Origin::Kind::Catalog, spec(520, 530), "nvidia.a100_80gb_sxm", {}});
  f.set("gpu.ecc", Value::flag(true), {Origin::Kind::Catalog, spec(540, 550), "nvidia.a100_80gb_sxm", {}});
  f.set("gpu.link", Value::symbol("nvswitch"), {Origin::Kind::Declared, spec(50, 68), {}, {}});
  f.set("gpu.model", Value::symbol("nvidia.a100_80gb_sxm"), {Origin::Kind::Derived, spec(30, 40), {}, "the referenced catalog entry"});
  f.set("psu.capacity", Value::of(q(3000, "W")), {Origin::Kind::Derived, spec(70, 80), {}, "2 x 1500 W"});
  f.set("power.full_load", Value::of(q(2000, "W")), {Origin::Kind::Derived, spec(0, 7), {}, "GPUs 1.6 kW + CPUs 300 W + other 100 W"});
  f.set("workload.precision", Value::symbol("bf16"), declared);
  f.set("workload.params", Value::number(7e9), declared);
  f.set("software.monitoring", Value::list({Value::symbol("dcgm"), Value::symbol("prometheus")}), declared);
  f.set("software.cuda", Value::string("12.1"), declared);
  f.set("budget", Value::of(q(100000, "CNY")), declared);
  f.set("cost.capex", Value::of(q(50000, "USD")), {Origin::Kind::Derived, spec(0, 7), {}, "quote"});
  return f;
}

// Parses `text` as one expression; ranges are made relative to `text` by `slice`.
class Parsed {
 public:
  explicit Parsed(const std::string& text) : text_(text) {
    parsed_ = parse_expression(sources_, text, diags_);
    EXPECT_NE(parsed_.expr, nullptr) << "does not parse: " << text;
  }
  const ast::Expr& expr() const { return *parsed_.expr; }
  bool ok() const { return parsed_.expr != nullptr; }
  // The text a range covers, or "<other file>" for a range outside the expression.
  std::string slice(SourceRange range) const {
    if (range.file != parsed_.file_id) return "<other file>";
    return text_.substr(range.begin - parsed_.offset, range.end - range.begin);
  }

 private:
  std::string text_;
  SourceManager sources_;
  DiagnosticEngine diags_;
  ParsedExpression parsed_;
};

}  // namespace gpuspec::eval::testing
