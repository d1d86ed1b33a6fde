// The fact registry: every fact name the resolvers set and a policy may read, with
// its id, static type and doc, built from the fact table (facts.def). The policy
// type-checker reads it to report unknown facts, unit mismatches and symbols a fact
// cannot take before any spec is linted; the evaluator reads it to tell a fact that
// does not apply (Unknown) from a symbol literal; and a FactSet stores the facts in
// slots by id (issue 12), so setting and finding a fact compares no strings.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "facts/fact_table.h"
#include "units/quantity.h"

namespace gpuspec::facts {

struct FactType {
  enum class Kind {
    Quantity,  // a number with `dimension` (dimensionless for counts and plain numbers)
    Symbol,    // one of `symbols`; any symbol when `symbols` is empty
    String,
    Bool,
    List,      // items of kind `element` (with `dimension`/`symbols` describing them)
    Any,       // the fact takes several shapes (a symbol or a list of symbols ...): not checked
  };
  Kind kind = Kind::Any;
  units::Dimension dimension{};
  std::vector<std::string_view> symbols;
  Kind element = Kind::Any;

  static FactType quantity(units::Dimension d) { return {Kind::Quantity, d, {}, Kind::Any}; }
  static FactType number() { return quantity(units::Dimension::none()); }
  static FactType symbol(std::vector<std::string_view> allowed = {}) { return {Kind::Symbol, {}, std::move(allowed), Kind::Any}; }
  static FactType string() { return {Kind::String, {}, {}, Kind::Any}; }
  static FactType flag() { return {Kind::Bool, {}, {}, Kind::Any}; }
  static FactType list_of(FactType item) { return {Kind::List, item.dimension, std::move(item.symbols), item.kind}; }
  static FactType any() { return {}; }
};

// Human name of a type for diagnostics: "bytes", "a number", "a symbol", "a string",
// "a boolean", "a list", "any value".
std::string type_name(const FactType& type);

struct FactSchemaEntry {
  std::string name;
  FactType type;
  std::string_view doc;
};

class FactSchema {
 public:
  // The facts compiler/facts resolves for servers, clouds and workloads: the rows of
  // facts.def, in its order, so an entry's position is its FactId.
  static const FactSchema& builtin();

  // By name in constant time: the evaluator asks for every name a policy reads that
  // the fact set lacks (a linear scan of ~190 names was 3 % of a check).
  const FactSchemaEntry* find(std::string_view name) const;
  // The position of `name` in entries(), kNoFactId when the schema lacks it: how a
  // policy's names are resolved, once, when the policy is loaded.
  FactId id(std::string_view name) const;
  const std::string& name(FactId id) const { return entries_[id].name; }
  std::size_t size() const { return entries_.size(); }
  const std::vector<FactSchemaEntry>& entries() const { return entries_; }
  // Every name, for "did you mean" suggestions (views into the entries).
  std::vector<std::string_view> names() const;

 private:
  FactSchema();
  struct NameHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view name) const { return std::hash<std::string_view>{}(name); }
  };
  std::vector<FactSchemaEntry> entries_;
  std::unordered_map<std::string, FactId, NameHash, std::equal_to<>> index_;  // name -> position in entries_
};

}  // namespace gpuspec::facts
