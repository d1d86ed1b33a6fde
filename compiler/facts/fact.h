// The fact model: what policies and backends read instead of raw syntax. Every
// fact has a name ("memory.total"), a typed value with its unit, and an origin:
// the property that declared it, the catalog entry it came from, or the facts it
// was derived from.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "source/source.h"
#include "units/quantity.h"

namespace gpuspec::facts {

struct Value {
  enum class Type { Quantity, Symbol, String, Bool, List };
  Type type = Type::Quantity;
  units::Quantity quantity;
  std::string text;  // Symbol or String
  bool boolean = false;
  std::vector<Value> items;

  static Value of(units::Quantity q) { return {Type::Quantity, q, {}, false, {}}; }
  static Value number(double v) { return of(units::Quantity::number(v)); }
  static Value symbol(std::string s) { return {Type::Symbol, {}, std::move(s), false, {}}; }
  static Value string(std::string s) { return {Type::String, {}, std::move(s), false, {}}; }
  static Value flag(bool b) { return {Type::Bool, {}, {}, b, {}}; }
  static Value list(std::vector<Value> items) { return {Type::List, {}, {}, false, std::move(items)}; }

  // Human text: "640 GB", "bf16", "\"12.1\"", "true", "[dcgm, prometheus]".
  std::string display() const;
};

struct Origin {
  enum class Kind { Declared, Catalog, Derived, Default, Estimator };
  Kind kind = Kind::Declared;
  SourceRange range;        // the property (declared), the catalog property, or the spec property it derives from
  std::string entry;        // catalog entry name, for Catalog
  std::string explanation;  // for Derived/Default/Estimator: "8 x 80 GB", "002 Q1: 100 W for other components"
};

struct Fact {
  Value value;
  Origin origin;
};

// The facts of one declaration (a server, cloud or workload), by name.
class FactSet {
 public:
  FactSet(std::string declaration, std::string kind) : declaration_(std::move(declaration)), kind_(std::move(kind)) {}

  const std::string& declaration() const { return declaration_; }
  const std::string& kind() const { return kind_; }
  void set(const std::string& name, Value value, Origin origin) { facts_[name] = Fact{std::move(value), std::move(origin)}; }
  const Fact* find(const std::string& name) const;
  const std::map<std::string, Fact>& all() const { return facts_; }
  std::optional<units::Quantity> quantity(const std::string& name) const;
  std::optional<std::string> symbol(const std::string& name) const;

 private:
  std::string declaration_;
  std::string kind_;
  std::map<std::string, Fact> facts_;
};

}  // namespace gpuspec::facts
