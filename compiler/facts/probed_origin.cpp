#include "facts/probed_origin.h"

#include <array>
#include <utility>
#include <vector>

#include "facts/fact_key.h"
#include "facts/fact_schema.h"

namespace gpuspec::facts {

namespace {

// By fact-name prefix, the property; the first match wins, so "gpu.link" comes before "gpu.".
struct Prefix {
  std::string_view prefix;
  std::string_view property;
};
constexpr std::array<Prefix, 8> kPrefixes{{{"gpu.link", "gpu_link"},
                                           {"gpu.", "gpu"},
                                           {"cpu.", "cpu"},
                                           {"memory.", "memory"},
                                           {"storage.", "storage"},
                                           {"network.", "network"},
                                           {"psu.", "psu"},
                                           {"software.", "software"}}};

FactKey key_of(std::string_view property) {
  if (property == "gpu_link") return "probed_from.gpu_link"_fact;
  if (property == "gpu") return "probed_from.gpu"_fact;
  if (property == "cpu") return "probed_from.cpu"_fact;
  if (property == "memory") return "probed_from.memory"_fact;
  if (property == "storage") return "probed_from.storage"_fact;
  if (property == "network") return "probed_from.network"_fact;
  if (property == "psu") return "probed_from.psu"_fact;
  return "probed_from.software"_fact;
}

// By FactId, the key of the probed_from fact of the property the fact describes, or
// a key of kNoFactId when none does.
const std::vector<FactKey>& probed_keys() {
  static const std::vector<FactKey> keys = [] {
    const FactSchema& schema = FactSchema::builtin();
    std::vector<FactKey> out(schema.size());
    for (std::size_t id = 0; id < out.size(); ++id) {
      const std::string_view property = probed_property(schema.name(static_cast<FactId>(id)));
      if (!property.empty()) out[id] = key_of(property);
    }
    return out;
  }();
  return keys;
}

const std::string* probed_text(const FactSet& facts, FactKey key) {
  const Fact* origin = facts.find(key);
  if (!origin || origin->value.type != Value::Type::String) return nullptr;
  return &origin->value.text;
}

}  // namespace

std::string_view probed_property(std::string_view fact) {
  for (const auto& [prefix, property] : kPrefixes) {
    if (fact.substr(0, prefix.size()) == prefix) return property;
  }
  return {};
}

const std::string* probed_from(const FactSet& facts, std::string_view name, const Fact& fact) {
  if (fact.origin.kind == Origin::Kind::Default || fact.origin.kind == Origin::Kind::Estimator) return nullptr;
  std::string_view property = probed_property(name);
  if (property.empty()) return nullptr;
  return probed_text(facts, key_of(property));
}

const std::string* probed_from(const FactSet& facts, FactId id, const Fact& fact) {
  if (fact.origin.kind == Origin::Kind::Default || fact.origin.kind == Origin::Kind::Estimator) return nullptr;
  const std::vector<FactKey>& keys = probed_keys();
  if (id >= keys.size() || keys[id].id == kNoFactId) return nullptr;
  return probed_text(facts, keys[id]);
}

}  // namespace gpuspec::facts
