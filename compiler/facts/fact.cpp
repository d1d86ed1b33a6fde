#include "facts/fact.h"

#include <fmt/format.h>

namespace gpuspec::facts {

std::string Value::display() const {
  switch (type) {
    case Type::Quantity: return units::format(quantity);
    case Type::Symbol: return text;
    case Type::String: return "\"" + text + "\"";
    case Type::Bool: return boolean ? "true" : "false";
    case Type::List: {
      std::vector<std::string> parts;
      for (const auto& item : items) parts.push_back(item.display());
      return fmt::format("[{}]", fmt::join(parts, ", "));
    }
  }
  return "";
}

const Fact* FactSet::find(const std::string& name) const {
  auto it = facts_.find(name);
  return it == facts_.end() ? nullptr : &it->second;
}

std::optional<units::Quantity> FactSet::quantity(const std::string& name) const {
  const Fact* fact = find(name);
  if (!fact || fact->value.type != Value::Type::Quantity) return std::nullopt;
  return fact->value.quantity;
}

std::optional<std::string> FactSet::symbol(const std::string& name) const {
  const Fact* fact = find(name);
  if (!fact || (fact->value.type != Value::Type::Symbol && fact->value.type != Value::Type::String)) return std::nullopt;
  return fact->value.text;
}

}  // namespace gpuspec::facts
