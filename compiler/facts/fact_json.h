// Facts as JSON for `gpuspec facts`: quantities as {"value": <base unit>, "unit",
// "text", "origin"}, symbols, strings, booleans and lists as themselves.
#pragma once

#include <nlohmann/json.hpp>

#include "facts/fact.h"
#include "source/source.h"

namespace gpuspec::facts {

nlohmann::ordered_json value_to_json(const Value& value);
// `probed_from`, when given, joins the origin (facts/probed_origin.h).
nlohmann::ordered_json fact_to_json(const Fact& fact, const SourceManager& sources,
                                    const std::string* probed_from = nullptr);
nlohmann::ordered_json fact_set_to_json(const FactSet& facts, const SourceManager& sources);

}  // namespace gpuspec::facts
