#include "backends/writers/tf_json_writer.h"

#include <map>
#include <nlohmann/json.hpp>

#include "backends/writers/hcl_writer.h"
#include "units/integral.h"
#include "source/json_io.h"

namespace gpuspec::writers {

namespace {

using Json = nlohmann::ordered_json;

Json number_json(double value) {
  // Whole numbers print as integers; the range check keeps the cast defined.
  if (units::is_exact_integer(value)) return static_cast<long long>(value);
  return value;
}

// A value decoded without evaluation: strings are taken as they are.
Json literal_json(const Expr& expr) {
  if (auto* s = std::get_if<Expr::String>(&expr.node)) return s->text;
  if (auto* n = std::get_if<Expr::Number>(&expr.node)) return number_json(n->value);
  if (auto* b = std::get_if<Expr::Bool>(&expr.node)) return b->value;
  if (std::holds_alternative<Expr::Null>(expr.node)) return nullptr;
  if (auto* t = std::get_if<Expr::Type>(&expr.node)) return std::string(type_constraint_text(t->type));
  if (auto* t = std::get_if<Expr::Tuple>(&expr.node)) {
    Json out = Json::array();
    for (const Expr& item : t->items) out.push_back(literal_json(item));
    return out;
  }
  if (auto* o = std::get_if<Expr::Object>(&expr.node)) {
    Json out = Json::object();
    for (const auto& [key, value] : o->entries) out[key] = literal_json(value);
    return out;
  }
  // Not a literal: a caller bug. Write the native expression so it is visible.
  return "${" + hcl_expression(expr) + "}";
}

// A value in an expression position: strings are templates.
Json expression_json(const Expr& expr) {
  if (auto* s = std::get_if<Expr::String>(&expr.node)) return escape_template_markers(s->text);
  if (auto* n = std::get_if<Expr::Number>(&expr.node)) return number_json(n->value);
  if (auto* b = std::get_if<Expr::Bool>(&expr.node)) return b->value;
  if (std::holds_alternative<Expr::Null>(expr.node)) return nullptr;
  if (auto* t = std::get_if<Expr::Tuple>(&expr.node)) {
    Json out = Json::array();
    for (const Expr& item : t->items) out.push_back(expression_json(item));
    return out;
  }
  if (auto* o = std::get_if<Expr::Object>(&expr.node)) {
    // Object property names are templates too.
    Json out = Json::object();
    for (const auto& [key, value] : o->entries) out[escape_template_markers(key)] = expression_json(value);
    return out;
  }
  if (auto* t = std::get_if<Expr::Template>(&expr.node)) {
    std::string out;
    for (const Expr& part : t->parts) {
      if (auto* s = std::get_if<Expr::String>(&part.node)) {
        out += escape_template_markers(s->text);
      } else {
        out += "${" + hcl_expression(part) + "}";
      }
    }
    return out;
  }
  return "${" + hcl_expression(expr) + "}";
}

bool literal_attribute(const std::vector<std::string>& path, const std::string& name) {
  if (path.empty()) return false;
  const std::string& top = path.front();
  if (top == "terraform") return true;
  if (top == "variable" && (name == "default" || name == "description" || name == "type")) return true;
  if (top == "output" && name == "description") return true;
  return false;
}

// depends_on = [aws_x.y] and lifecycle { ignore_changes = [ami] }: in JSON each
// element is a string holding a bare traversal ("ami"), not a "${...}" template.
bool traversal_list_attribute(const std::vector<std::string>& path, const std::string& name) {
  if (name == "depends_on") return !path.empty() && (path.front() == "resource" || path.front() == "data");
  return !path.empty() && path.back() == "lifecycle" && name == "ignore_changes";
}

Json traversal_list_json(const Expr& expr) {
  Json out = Json::array();
  if (auto* t = std::get_if<Expr::Tuple>(&expr.node)) {
    for (const Expr& item : t->items) out.push_back(hcl_expression(item));
  }
  return out;
}

Json body_json(const std::vector<BodyItem>& body, const std::vector<std::string>& path);

// Nested blocks: group by type; a type used more than once becomes an array.
void add_block(Json& parent, const Block& block, const std::vector<std::string>& path, bool repeated) {
  std::vector<std::string> inner_path = path;
  inner_path.push_back(block.type);
  Json* slot = &parent[block.type];
  for (const auto& label : block.labels) slot = &(*slot)[label];
  Json body = body_json(block.body, inner_path);
  if (repeated) {
    if (!slot->is_array()) *slot = Json::array();
    slot->push_back(std::move(body));
  } else {
    *slot = std::move(body);
  }
}

Json body_json(const std::vector<BodyItem>& body, const std::vector<std::string>& path) {
  Json out = Json::object();
  std::map<std::string, int> block_counts;
  for (const auto& item : body) {
    if (auto* b = std::get_if<Block>(&item); b && b->labels.empty()) ++block_counts[b->type];
  }
  for (const auto& item : body) {
    if (auto* a = std::get_if<Attribute>(&item)) {
      out[a->name] = traversal_list_attribute(path, a->name) ? traversal_list_json(a->value)
                     : literal_attribute(path, a->name)      ? literal_json(a->value)
                                                             : expression_json(a->value);
    } else {
      const Block& b = std::get<Block>(item);
      add_block(out, b, path, b.labels.empty() && block_counts[b.type] > 1);
    }
  }
  return out;
}

}  // namespace

std::string write_tf_json(const File& file) {
  Json root = Json::object();
  for (const Block& block : file.blocks) {
    // Top-level blocks with labels merge into one object per type (resource.aws_instance.x).
    add_block(root, block, {}, false);
  }
  return dump_json(root) + "\n";
}

}  // namespace gpuspec::writers
