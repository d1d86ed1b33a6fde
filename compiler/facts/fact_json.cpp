#include "facts/fact_json.h"

#include "facts/probed_origin.h"

namespace gpuspec::facts {

namespace {

nlohmann::ordered_json range_to_json(SourceRange range, const SourceManager& sources) {
  auto start = sources.start_of(range);
  auto end = sources.end_of(range);
  return {{"start", {{"line", start.line}, {"column", start.column}}}, {"end", {{"line", end.line}, {"column", end.column}}}};
}

const char* origin_kind(Origin::Kind kind) {
  switch (kind) {
    case Origin::Kind::Declared: return "declared";
    case Origin::Kind::Catalog: return "catalog";
    case Origin::Kind::Derived: return "derived";
    case Origin::Kind::Default: return "default";
    case Origin::Kind::Estimator: return "estimator";
  }
  return "declared";
}

}  // namespace

nlohmann::ordered_json value_to_json(const Value& value) {
  switch (value.type) {
    case Value::Type::Quantity: return value.quantity.value;
    case Value::Type::Symbol:
    case Value::Type::String: return value.text;
    case Value::Type::Bool: return value.boolean;
    case Value::Type::List: {
      auto items = nlohmann::ordered_json::array();
      for (const auto& item : value.items) items.push_back(value_to_json(item));
      return items;
    }
  }
  return nullptr;
}

nlohmann::ordered_json fact_to_json(const Fact& fact, const SourceManager& sources, const std::string* probed_from) {
  nlohmann::ordered_json out;
  out["value"] = value_to_json(fact.value);
  if (fact.value.type == Value::Type::Quantity && !fact.value.quantity.dimension.dimensionless()) {
    out["unit"] = units::base_unit_symbol(fact.value.quantity.dimension, fact.value.quantity.currency);
    out["text"] = fact.value.display();
  }
  nlohmann::ordered_json origin;
  origin["kind"] = origin_kind(fact.origin.kind);
  if (!fact.origin.entry.empty()) origin["entry"] = fact.origin.entry;
  if (fact.origin.range.valid()) {
    origin["file"] = sources.file(fact.origin.range.file).path();
    origin["range"] = range_to_json(fact.origin.range, sources);
  }
  if (!fact.origin.explanation.empty()) origin["explanation"] = fact.origin.explanation.str();
  if (probed_from) origin["probed_from"] = *probed_from;
  out["origin"] = std::move(origin);
  return out;
}

nlohmann::ordered_json fact_set_to_json(const FactSet& facts, const SourceManager& sources) {
  nlohmann::ordered_json out;
  out["name"] = facts.declaration();
  out["kind"] = facts.kind();
  nlohmann::ordered_json all = nlohmann::ordered_json::object();
  for (const auto& [name, fact] : facts.sorted()) {
    all[std::string(name)] = fact_to_json(*fact, sources, probed_from(facts, name, *fact));
  }
  out["facts"] = std::move(all);
  return out;
}

}  // namespace gpuspec::facts
