// A CompiledExpr as bytes and back: every table of the program as compile() made it,
// so a restored program runs, traces and explains as the compiled one
// (snapshot/pack_store_test.cpp compares the two on every built-in policy).
#include <algorithm>
#include <cassert>

#include "eval/compiled.h"
#include "eval/stored_bytes.h"

namespace gpuspec::eval {

namespace {

void store_value(ByteWriter& out, const facts::Value& v) {
  out.u8(static_cast<std::uint8_t>(v.type));
  out.f64(v.quantity.value);
  const units::Dimension& d = v.quantity.dimension;
  for (signed char e : {d.bytes, d.seconds, d.watts, d.celsius, d.transfers, d.flops, d.money}) {
    out.u8(static_cast<std::uint8_t>(e));
  }
  out.u8(static_cast<std::uint8_t>(v.quantity.currency));
  out.str(v.text);
  out.u8(v.boolean);
  out.u32(static_cast<std::uint32_t>(v.items.size()));
  for (const auto& item : v.items) store_value(out, item);
}

facts::Value restore_value(ByteReader& in) {
  facts::Value v;
  v.type = static_cast<facts::Value::Type>(in.u8());
  v.quantity.value = in.f64();
  units::Dimension& d = v.quantity.dimension;
  for (signed char* e : {&d.bytes, &d.seconds, &d.watts, &d.celsius, &d.transfers, &d.flops, &d.money}) {
    *e = static_cast<signed char>(in.u8());
  }
  v.quantity.currency = static_cast<units::Currency>(in.u8());
  v.text = in.str();
  v.boolean = in.u8() != 0;
  const std::uint32_t items = in.u32();
  for (std::uint32_t i = 0; i < items && in.ok(); ++i) v.items.push_back(restore_value(in));
  return v;
}

}  // namespace

void CompiledExpr::store(ByteWriter& out) const {
  assert(schema_ == &FactSchema::builtin() && "a stored program is read back over the built-in schema");
  out.u32(root_);
  out.u32(static_cast<std::uint32_t>(nodes_.size()));
  for (const Node& n : nodes_) {
    out.u8(static_cast<std::uint8_t>(n.op));
    out.u8(static_cast<std::uint8_t>(n.fn));
    out.u8(static_cast<std::uint8_t>(n.fact_pair | n.folded << 1 | n.fact_vs_constant << 2 | n.in_schema << 3));
    out.u32(n.a);
    out.u32(n.b);
    out.u32(n.extra);
    out.range(n.range);
  }
  out.u32(static_cast<std::uint32_t>(operands_.size()));
  for (std::uint32_t o : operands_) out.u32(o);
  out.u32(static_cast<std::uint32_t>(names_.size()));
  for (const auto& slot : names_) {
    out.str(slot->text);
    out.u32(slot->key.id);
    out.u8(static_cast<std::uint8_t>(slot->in_schema | slot->symbol_ok << 1));
    out.u32(slot->symbol);
    out.u32(slot->error);
  }
  out.u32(static_cast<std::uint32_t>(constants_.size()));
  for (const auto& c : constants_) store_value(out, c);
  out.u32(static_cast<std::uint32_t>(errors_.size()));
  for (const auto& e : errors_) {
    out.str(e.message);
    out.range(e.range);
  }
  out.u32(static_cast<std::uint32_t>(trace_.size()));
  for (const auto& t : trace_) {
    out.u8(t.is_fact);
    out.u32(t.index);
    out.str(t.text);
    out.range(t.range);
  }
  out.u8(sides_.has_value());
  if (sides_) {
    out.u32(sides_->have);
    out.u32(sides_->need);
    out.str(sides_->need_text);
  }
}

std::optional<CompiledExpr> CompiledExpr::restore(ByteReader& in) {
  CompiledExpr out;
  out.schema_ = &FactSchema::builtin();
  out.root_ = in.u32();
  const std::uint32_t nodes = in.u32();
  out.nodes_.reserve(std::min<std::size_t>(nodes, in.left()));
  for (std::uint32_t i = 0; i < nodes && in.ok(); ++i) {
    Node n;
    n.op = static_cast<Op>(in.u8());
    n.fn = static_cast<Fn>(in.u8());
    const std::uint8_t flags = in.u8();
    n.fact_pair = flags & 1;
    n.folded = flags & 2;
    n.fact_vs_constant = flags & 4;
    n.in_schema = flags & 8;
    n.a = in.u32();
    n.b = in.u32();
    n.extra = in.u32();
    n.range = in.range();
    out.nodes_.push_back(n);
  }
  const std::uint32_t operands = in.u32();
  out.operands_.reserve(std::min<std::size_t>(operands, in.left()));
  for (std::uint32_t i = 0; i < operands && in.ok(); ++i) out.operands_.push_back(in.u32());
  const std::uint32_t names = in.u32();
  out.names_.reserve(std::min<std::size_t>(names, in.left()));
  for (std::uint32_t i = 0; i < names && in.ok(); ++i) {
    auto slot = std::make_unique<NameSlot>();
    slot->text = in.str();
    slot->key = facts::FactKey{static_cast<facts::FactId>(in.u32()), slot->text};
    const std::uint8_t flags = in.u8();
    slot->in_schema = flags & 1;
    slot->symbol_ok = flags & 2;
    slot->symbol = in.u32();
    slot->error = in.u32();
    out.names_.push_back(std::move(slot));
  }
  const std::uint32_t constants = in.u32();
  out.constants_.reserve(std::min<std::size_t>(constants, in.left()));
  for (std::uint32_t i = 0; i < constants && in.ok(); ++i) out.constants_.push_back(restore_value(in));
  const std::uint32_t errors = in.u32();
  for (std::uint32_t i = 0; i < errors && in.ok(); ++i) {
    Error e;
    e.message = in.str();
    e.range = in.range();
    out.errors_.push_back(std::move(e));
  }
  const std::uint32_t trace = in.u32();
  out.trace_.reserve(std::min<std::size_t>(trace, in.left()));
  for (std::uint32_t i = 0; i < trace && in.ok(); ++i) {
    TraceStep t;
    t.is_fact = in.u8() != 0;
    t.index = in.u32();
    t.text = in.str();
    t.range = in.range();
    out.trace_.push_back(std::move(t));
  }
  if (in.u8()) {
    OrderedSides sides;
    sides.have = in.u32();
    sides.need = in.u32();
    sides.need_text = in.str();
    out.sides_ = std::move(sides);
  }
  if (!in.ok() || out.root_ >= out.nodes_.size()) return std::nullopt;
  return out;
}

}  // namespace gpuspec::eval
