#include "backends/probe/json_input.h"

#include "backends/probe/text_scan.h"

namespace gpuspec::probe {

namespace {

// nlohmann's parser recurses per level: a document nested deeper than this is refused
// before it is parsed (a tool's real output nests a few levels).
constexpr int kMaxDepth = 64;

bool too_deep(std::string_view text) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '[' || c == '{') {
      if (++depth > kMaxDepth) return true;
    } else if (c == ']' || c == '}') --depth;
  }
  return false;
}

}  // namespace

std::optional<nlohmann::json> parse_json(std::string_view text, std::string& error) {
  if (too_deep(text)) {
    error = "nested too deep";
    return std::nullopt;
  }
  auto json = nlohmann::json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) {
    error = "not valid JSON";
    return std::nullopt;
  }
  return json;
}

std::string json_string(const nlohmann::json& object, std::string_view key) {
  if (!object.is_object()) return "";
  auto it = object.find(key);
  if (it == object.end() || !it->is_string()) return "";
  return it->get<std::string>();
}

std::optional<double> json_number(const nlohmann::json& object, std::string_view key) {
  if (!object.is_object()) return std::nullopt;
  auto it = object.find(key);
  if (it == object.end()) return std::nullopt;
  if (it->is_number()) {
    double v = it->get<double>();
    if (v != v || v > 1e18 || v < -1e18) return std::nullopt;
    return v;
  }
  if (it->is_string()) return parse_number(it->get<std::string>());
  return std::nullopt;
}

std::optional<bool> json_bool(const nlohmann::json& object, std::string_view key) {
  if (!object.is_object()) return std::nullopt;
  auto it = object.find(key);
  if (it == object.end()) return std::nullopt;
  if (it->is_boolean()) return it->get<bool>();
  if (it->is_string()) {
    std::string s = it->get<std::string>();
    if (s == "1") return true;
    if (s == "0") return false;
  }
  if (it->is_number_integer()) return it->get<long long>() != 0;
  return std::nullopt;
}

}  // namespace gpuspec::probe
