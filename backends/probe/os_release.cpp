#include "backends/probe/os_release.h"

#include "backends/probe/text_scan.h"

namespace gpuspec::probe {

namespace {

// VALUE, "VALUE" or 'VALUE', with the backslash escapes os-release(5) allows in double quotes.
std::string unquote(std::string_view value) {
  if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') && value.back() == value.front()) {
    char quote = value.front();
    value = value.substr(1, value.size() - 2);
    if (quote == '\'') return std::string(value);
    std::string out;
    for (std::size_t i = 0; i < value.size(); ++i) {
      if (value[i] == '\\' && i + 1 < value.size()) ++i;
      out += value[i];
    }
    return out;
  }
  return std::string(value);
}

}  // namespace

std::optional<OsRelease> parse_os_release(std::string_view text, std::string& error) {
  OsRelease os;
  for (auto line : lines_of(text, 1000)) {
    auto kv = key_value(line, '=');
    if (!kv) continue;
    std::string value = unquote(kv->second).substr(0, 200);
    if (kv->first == "ID") os.id = value;
    else if (kv->first == "VERSION_ID") os.version_id = value;
    else if (kv->first == "PRETTY_NAME") os.pretty_name = value;
  }
  if (os.id.empty()) {
    error = "no ID line";
    return std::nullopt;
  }
  return os;
}

}  // namespace gpuspec::probe
