// `gpuspec catalog [KIND] [--format text|json]`: what the stdlib knows, with each
// entry's source and date, and unverified values made visible.
#include <fmt/format.h>

#include <iostream>

#include "driver/help.h"
#include "driver/commands.h"
#include "driver/session.h"
#include "facts/fact_json.h"
#include "facts/properties.h"
#include "sema/schema.h"

namespace gpuspec::driver {

namespace {

std::string property_text(const ast::Expr& expr) {
  if (const auto* m = expr.as<ast::Multiplicity>()) return fmt::format("{} x {}", m->count, m->name);
  if (auto value = facts::literal_value(expr)) return value->display();
  return "?";
}

nlohmann::ordered_json property_json(const ast::Expr& expr) {
  if (const auto* m = expr.as<ast::Multiplicity>()) return {{"count", m->count}, {"ref", m->name}};
  auto value = facts::literal_value(expr);
  if (!value) return nullptr;
  if (value->type != facts::Value::Type::Quantity || value->quantity.dimension.dimensionless()) {
    return facts::value_to_json(*value);
  }
  return {{"value", value->quantity.value},
          {"unit", units::base_unit_symbol(value->quantity.dimension, value->quantity.currency)},
          {"text", value->display()}};
}

std::string string_property(const ast::Declaration& decl, std::string_view key) {
  const ast::Property* p = facts::find_property(decl.body, key);
  if (!p) return {};
  const auto* s = p->value->as<ast::StringLit>();
  return s ? s->value : std::string();
}

bool is_verified(const ast::Declaration& decl) {
  const ast::Property* p = facts::find_property(decl.body, "verified");
  const auto* b = p ? p->value->as<ast::BoolLit>() : nullptr;
  return !b || b->value;
}

}  // namespace

int run_catalog(const std::vector<std::string>& raw_args) {
  ParsedArgs args;
  if (auto exit = parse_command_line("catalog", raw_args, args)) return *exit;
  std::string format = args.value("--format").value_or("text");
  if (format != "text" && format != "json") return tool_failure(fmt::format("unknown format '{}'; expected text or json", format));
  std::optional<std::string> kind = args.positionals.empty() ? std::nullopt : std::optional(args.positionals[0]);
  if (kind) {
    const auto* schema = sema::find_kind(*kind);
    if (!schema || !schema->catalog) {
      std::vector<std::string> kinds;
      for (const auto& k : sema::catalog_kinds()) kinds.emplace_back(k.kind);
      return tool_failure(fmt::format("unknown catalog kind '{}'; known kinds: {}", *kind, fmt::join(kinds, ", ")));
    }
  }
  Session session(LibraryOptions{args.value("--stdlib")});
  if (session.load_error()) return tool_failure(*session.load_error());

  nlohmann::ordered_json entries = nlohmann::ordered_json::array();
  std::string text;
  std::string current_kind;
  for (const auto& [name, entry] : session.library().index().entries()) {
    const ast::Declaration& decl = *entry.decl;
    const auto* schema = sema::find_kind(decl.kind);
    if (!schema || !schema->catalog || (kind && decl.kind != *kind)) continue;
    bool verified = is_verified(decl);
    nlohmann::ordered_json json;
    json["name"] = decl.name;
    json["kind"] = decl.kind;
    json["description"] = string_property(decl, "description");
    json["verified"] = verified;
    json["source"] = string_property(decl, "source");
    json["as_of"] = string_property(decl, "as_of");
    if (auto notes = string_property(decl, "notes"); !notes.empty()) json["notes"] = notes;
    nlohmann::ordered_json properties = nlohmann::ordered_json::object();
    std::vector<std::string> summary;
    for (const auto& item : decl.body.items) {
      const auto* p = std::get_if<ast::Property>(&item);
      if (!p) continue;
      if (p->key == "source" || p->key == "as_of" || p->key == "notes" || p->key == "description" || p->key == "verified") continue;
      properties[p->key] = property_json(*p->value);
      if (summary.size() < 6) summary.push_back(fmt::format("{}={}", p->key, property_text(*p->value)));
    }
    json["properties"] = std::move(properties);
    entries.push_back(std::move(json));
    if (decl.kind != current_kind) {
      current_kind = decl.kind;
    }
    text += fmt::format("{:<12} {:<40} {}{}\n", decl.kind, decl.name, verified ? "" : "[UNVERIFIED] ",
                        fmt::join(summary, " "));
  }
  if (format == "json") {
    nlohmann::ordered_json out;
    out["version"] = 1;
    out["entries"] = std::move(entries);
    std::cout << out.dump(2) << "\n";
  } else {
    std::cout << text;
  }
  return kExitClean;
}

}  // namespace gpuspec::driver
