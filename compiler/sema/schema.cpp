#include "sema/schema.h"

namespace gpuspec::sema {

namespace {

using units::Dimension;

// A count up to a billion: cores, ports, layers, nodes, a sequence length. Parameters
// and samples, which go to trillions, raise it (at_most).
constexpr double kLargestCount = 1e9;
constexpr double kSecondsPerHour = 3600;

}  // namespace

Range default_range(Dimension dimension) {
  // Upper bounds far above any real part or plan, low enough that a product of a few
  // of them (a price x a count x a horizon) stays finite and printable.
  if (dimension == Dimension::data()) return {0, 1e18, true};                  // up to 1 EB
  if (dimension == Dimension::bandwidth()) return {0, 1e15, true};             // up to 1 PB/s
  if (dimension == Dimension::power()) return {0, 1e9, true};                  // up to 1 GW
  if (dimension == Dimension::frequency()) return {0, 1e11, true};             // up to 100 GHz
  if (dimension == Dimension::transfer_rate()) return {0, 1e12, true};         // up to 1,000,000 MT/s
  if (dimension == Dimension::temperature()) return {-60, 200, false};         // -60 C to 200 C
  if (dimension == Dimension::duration()) return {0, 100 * units::find_unit("years")->factor, true};  // 100 years
  if (dimension == Dimension::compute()) return {0, 1e21, true};               // up to 1,000,000 PFLOPS
  if (dimension == Dimension::money_amount()) return {0, 1e12, true};          // up to a trillion
  if (dimension == Dimension::money_rate()) return {0, 1e12 / kSecondsPerHour, true};  // a trillion an hour
  if (dimension == Dimension::energy_price()) return {0, 100 / (1000 * kSecondsPerHour), true};  // 100 a kWh
  return {-1e15, 1e15, false};
}

Type Type::within(double min, double max) const {
  Type type = *this;
  type.range = {min, max, false};
  return type;
}

Type Type::at_most(double max) const {
  Type type = *this;
  type.range.max = max;
  return type;
}

Type number(Range range) { return {.kind = ValueKind::Number, .range = range}; }
Type count() { return {.kind = ValueKind::Count, .range = {0, kLargestCount}}; }
Type positive_count() { return {.kind = ValueKind::Count, .range = {1, kLargestCount}}; }
Type quantity(Dimension dimension) {
  return {.kind = ValueKind::Quantity, .dimension = dimension, .range = default_range(dimension)};
}
Type percent() { return {.kind = ValueKind::Percent, .range = {0, 1}}; }
Type string() { return {.kind = ValueKind::String}; }
Type date() { return {.kind = ValueKind::Date}; }
Type date_or_undated() { return {.kind = ValueKind::Date, .undated_ok = true}; }
Type boolean() { return {.kind = ValueKind::Bool}; }
Type symbol(std::vector<std::string_view> allowed) { return {.kind = ValueKind::Symbol, .symbols = std::move(allowed)}; }
Type versioned(std::vector<std::string_view> allowed) {
  return {.kind = ValueKind::VersionedSymbol, .symbols = std::move(allowed)};
}
Type reference(std::vector<std::string_view> kinds) { return {.kind = ValueKind::Reference, .ref_kinds = std::move(kinds)}; }
// A count of parts in one node or one volume: a million is past any chassis.
Type multiplicity(std::vector<std::string_view> kinds) {
  return {.kind = ValueKind::Multiplicity, .ref_kinds = std::move(kinds), .range = {1, 1e6}};
}
Type list_of(Type element) {
  Type t{.kind = ValueKind::List};
  t.element.push_back(std::move(element));
  return t;
}
Type range_of(Type element) {
  Type t{.kind = ValueKind::Range};
  t.element.push_back(std::move(element));
  return t;
}
Type block(const BlockSchema& schema) { return {.kind = ValueKind::Block, .block = &schema}; }
Type expression() { return {.kind = ValueKind::Expression}; }

const PropertySchema* BlockSchema::find(std::string_view property) const {
  for (const auto& p : properties) {
    if (p.name == property) return &p;
  }
  return nullptr;
}

std::vector<const KindSchema*> all_kinds() {
  std::vector<const KindSchema*> kinds;
  for (const auto& k : user_kinds()) kinds.push_back(&k);
  for (const auto& k : catalog_kinds()) kinds.push_back(&k);
  return kinds;
}

// Without collecting all_kinds() first: the checker asks for every declaration and
// every reference it checks (13,600 look-ups for 200 files), a vector built and freed each.
const KindSchema* find_kind(std::string_view kind) {
  for (const auto& k : user_kinds()) {
    if (k.kind == kind) return &k;
  }
  for (const auto& k : catalog_kinds()) {
    if (k.kind == kind) return &k;
  }
  return nullptr;
}

}  // namespace gpuspec::sema
