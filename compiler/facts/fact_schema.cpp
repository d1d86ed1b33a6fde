// The built-in fact schema, from the fact table (facts.def): one row per fact that
// compiler/facts resolves (fact_builder.cpp, resolve_server.cpp, resolve_cloud.cpp,
// resolve_workload.cpp). Allowed symbols are read from the sema property schemas the
// facts come from, so a symbol added to a spec property is at once a symbol policies
// may compare with.
#include "facts/fact_schema.h"

#include <algorithm>
#include <cassert>

#include "facts/fact_key.h"

#include "sema/schema.h"

namespace gpuspec::facts {

namespace {

using units::Dimension;
using Kind = FactType::Kind;

// The symbols a sema property allows: `path` is dotted through nested blocks
// ("site.region", "storage.data.raid"). Symbol types of every alternative are merged.
std::vector<std::string_view> schema_symbols(std::string_view kind, std::string_view path) {
  const sema::KindSchema* schema = sema::find_kind(kind);
  if (!schema) return {};
  const sema::BlockSchema* block = &schema->body;
  while (true) {
    auto dot = path.find('.');
    const sema::PropertySchema* property = block->find(path.substr(0, dot));
    if (!property) return {};
    if (dot == std::string_view::npos) {
      std::vector<std::string_view> symbols;
      for (const auto& type : property->types) {
        if (type.kind != sema::ValueKind::Symbol && type.kind != sema::ValueKind::VersionedSymbol) continue;
        for (auto s : type.symbols) {
          if (std::find(symbols.begin(), symbols.end(), s) == symbols.end()) symbols.push_back(s);
        }
      }
      return symbols;
    }
    const sema::BlockSchema* next = nullptr;
    for (const auto& type : property->types) {
      if (type.kind == sema::ValueKind::Block) next = type.block;
    }
    if (!next) return {};
    block = next;
    path.remove_prefix(dot + 1);
  }
}

FactType from(std::string_view kind, std::string_view path) { return FactType::symbol(schema_symbols(kind, path)); }

// Union of several properties' symbols: a fact a server and a cloud both resolve.
FactType merged(std::vector<FactType> types, std::vector<std::string_view> extra = {}) {
  std::vector<std::string_view> symbols = std::move(extra);
  for (const auto& t : types) {
    for (auto s : t.symbols) {
      if (std::find(symbols.begin(), symbols.end(), s) == symbols.end()) symbols.push_back(s);
    }
  }
  return FactType::symbol(std::move(symbols));
}

FactType q(Dimension d) { return FactType::quantity(d); }
FactType num() { return FactType::number(); }
FactType sym() { return FactType::symbol(); }
FactType str() { return FactType::string(); }
FactType flag() { return FactType::flag(); }
FactType any() { return FactType::any(); }

// Every name at most once: a second row would shadow the first's id.
constexpr bool names_unique() {
  for (std::size_t i = 0; i < kFactCount; ++i) {
    for (std::size_t j = i + 1; j < kFactCount; ++j) {
      if (kFactNames[i] == kFactNames[j]) return false;
    }
  }
  return true;
}
static_assert(names_unique(), "a fact is listed twice in facts.def");

}  // namespace

std::string type_name(const FactType& type) {
  switch (type.kind) {
    case Kind::Quantity:
      return type.dimension.dimensionless() ? "a number" : units::dimension_name(type.dimension);
    case Kind::Symbol: return "a symbol";
    case Kind::String: return "a string";
    case Kind::Bool: return "a boolean";
    case Kind::List: return "a list";
    case Kind::Any: return "any value";
  }
  return "any value";
}

const FactSchema& FactSchema::builtin() {
  static const FactSchema schema;
  return schema;
}

FactSchema::FactSchema() {
  entries_.reserve(kFactCount);
#define FACT(name, type, doc) entries_.push_back({name, type, doc});
#include "facts/facts.def"
#undef FACT
  index_.reserve(entries_.size());
  for (std::size_t i = 0; i < entries_.size(); ++i) index_.emplace(entries_[i].name, static_cast<FactId>(i));
}

const FactSchemaEntry* FactSchema::find(std::string_view name) const {
  auto it = index_.find(name);
  return it == index_.end() ? nullptr : &entries_[it->second];
}

FactId FactSchema::id(std::string_view name) const {
  auto it = index_.find(name);
  return it == index_.end() ? kNoFactId : it->second;
}

FactKey fact_key(std::string_view name) {
  const FactId id = FactSchema::builtin().id(name);
  assert(id != kNoFactId && "a fact name the table (facts.def) lacks");
  return {id, id != kNoFactId ? kFactNames[id] : name};
}

std::vector<std::string_view> FactSchema::names() const {
  std::vector<std::string_view> out;
  out.reserve(entries_.size());
  for (const auto& e : entries_) out.push_back(e.name);
  return out;
}

}  // namespace gpuspec::facts
