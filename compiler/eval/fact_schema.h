// The fact schema: every fact name a policy may read, with its static type. The
// policy type-checker reads it to report unknown facts, unit mismatches and symbols
// a fact cannot take before any spec is linted; the evaluator reads it to tell a
// fact that does not apply (Unknown) from a symbol literal.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "units/quantity.h"

namespace gpuspec::eval {

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
  // The facts compiler/facts resolves for servers, clouds and workloads (fact_schema.cpp).
  static const FactSchema& builtin();

  void add(std::string name, FactType type, std::string_view doc = {});
  const FactSchemaEntry* find(std::string_view name) const;
  const std::vector<FactSchemaEntry>& entries() const { return entries_; }
  // Every name, for "did you mean" suggestions (views into the entries).
  std::vector<std::string_view> names() const;

 private:
  std::vector<FactSchemaEntry> entries_;
  // name -> position in entries_. Loading the pack looks up ~400 fact names against
  // ~300 entries; a linear scan of the names was a visible part of a cold start.
  struct NameHash {
    using is_transparent = void;  // find() by string_view without building a string
    std::size_t operator()(std::string_view name) const { return std::hash<std::string_view>{}(name); }
  };
  std::unordered_map<std::string, std::size_t, NameHash, std::equal_to<>> index_;
};

}  // namespace gpuspec::eval
