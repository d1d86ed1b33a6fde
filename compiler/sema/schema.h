// Property schemas: for every declaration kind, which properties and nested blocks
// it takes, each with its type (unit dimension, allowed symbols, referenced kinds),
// whether it is required, its default and a line of documentation. Sema checks
// declarations against these tables; `gpuspec explain`/docs can print them.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "units/quantity.h"

namespace gpuspec::sema {

enum class ValueKind {
  Number,           // plain number, `8`, `2.5`
  Count,            // whole-number count: `8` or a scaled count `7B`, `1.2M`
  Quantity,         // number with a unit of `dimension`
  Percent,          // `60%` (a plain number in [0,1] is accepted too), a share: 0% to 100%
  String,           // "..."
  Date,             // "YYYY-MM-DD" (or "undated" where `undated_ok`)
  Bool,             // true / false
  Symbol,           // one of `symbols` (any symbol when `symbols` is empty)
  VersionedSymbol,  // `name@version`, name one of `symbols`
  Reference,        // a declaration of one of `ref_kinds`
  Multiplicity,     // `N x ref` or a bare `ref` (N = 1), ref of one of `ref_kinds`
  List,             // `[ ... ]` of `element`
  Range,            // `low .. high`, both ends of `element` with their units, low <= high
  Block,            // `key { ... }` checked against `block`
  Expression,       // a policy expression, checked by the policy loader
};

struct BlockSchema;

// The values a number, count or quantity may take, in the base unit of its dimension
// (B, W, s, ...: units/quantity.h). Sema reports a literal outside it as out-of-range
// with the range and a caret, so no later stage sees a PUE of 0, a price of 1e308 or a
// 1e20 PB dataset. Every numeric builder below sets one; docs/language.md lists them.
struct Range {
  double min = 0;
  double max = 0;
  bool min_excluded = false;  // (min, max]: a size, a power or a price is more than 0
  bool contains(double value) const { return (min_excluded ? value > min : value >= min) && value <= max; }
};

struct Type {
  ValueKind kind = ValueKind::Number;
  units::Dimension dimension{};               // Quantity
  std::vector<std::string_view> symbols;      // Symbol, VersionedSymbol
  std::vector<std::string_view> ref_kinds;    // Reference, Multiplicity
  std::vector<Type> element;                  // List, Range: exactly one entry
  const BlockSchema* block = nullptr;         // Block
  bool undated_ok = false;                    // Date: "undated" is accepted too (a price's as_of)
  Range range;                                // Number, Count, Quantity, Multiplicity's N (Percent: 0% to 100%)

  // The same type over another range: `positive_count().at_most(1e15)`.
  Type within(double min, double max) const;
  Type at_most(double max) const;
};

// The range every quantity of `dimension` takes unless its property says otherwise.
Range default_range(units::Dimension dimension);

// Builders keep schema tables readable.
Type number(Range range);
// A whole count from 0 to a billion; positive_count() from 1: a number of nodes,
// instances, layers, tokens.
Type count();
Type positive_count();
// A quantity in default_range(dimension).
Type quantity(units::Dimension dimension);
Type percent();
Type string();
Type date();
// A date or the word "undated": a price whose source states no date (it then needs
// `verified = false`, which sema/price_check.cpp enforces).
Type date_or_undated();
Type boolean();
Type symbol(std::vector<std::string_view> allowed = {});
Type versioned(std::vector<std::string_view> allowed = {});
Type reference(std::vector<std::string_view> kinds);
Type multiplicity(std::vector<std::string_view> kinds);
Type list_of(Type element);
// `low .. high` of `element` (a quantity type): a price's amount as a range.
Type range_of(Type element);
Type block(const BlockSchema& schema);
Type expression();

// How the GPUs of a node are linked, in a server spec and a catalog instance alike: none,
// pcie, nvlink_bridge (PCIe cards in bridged pairs), nvlink (SXM modules on a baseboard
// that links them without a switch, HGX 4-GPU) or nvswitch (an HGX 8-GPU board).
std::vector<std::string_view> gpu_link_symbols();

struct PropertySchema {
  std::string_view name;
  std::vector<Type> types;  // the value must match one of them
  bool required = false;
  std::string_view default_text;  // documentation only ("1", "none"); empty = no default
  std::string_view doc;
};

struct BlockSchema {
  std::string_view name;
  std::vector<PropertySchema> properties;
  // An open block (e.g. `tags`) takes any key; every value must match open_value.
  bool open = false;
  std::vector<Type> open_value;

  const PropertySchema* find(std::string_view property) const;
};

struct KindSchema {
  std::string_view kind;      // "gpu", "server", ...
  bool catalog = false;       // a catalog part/instance kind (stdlib or a user catalog)
  BlockSchema body;
  std::string_view doc;
};

const KindSchema* find_kind(std::string_view kind);
std::vector<const KindSchema*> all_kinds();

// Registered by the schema tables (schema_user.cpp, schema_catalog.cpp).
std::span<const KindSchema> user_kinds();     // workload, server, cloud, policy
std::span<const KindSchema> catalog_kinds();  // gpu, cpu, memory, disk, psu, chassis, cooling, nic, part, instance, ...

}  // namespace gpuspec::sema
