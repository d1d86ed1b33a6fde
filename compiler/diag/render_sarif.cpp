#include "diag/render_sarif.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cctype>
#include <functional>
#include <map>
#include <string_view>

#include "diag/render_json.h"
#include "source/json_io.h"

namespace gpuspec {
namespace {

using Json = nlohmann::ordered_json;

std::string_view sarif_level(Severity severity) {
  switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info:
    case Severity::Note: return "note";
  }
  return "note";
}

// RFC 3986 unreserved characters and '/' pass; everything else is %XX (per UTF-8 byte).
std::string percent_encode(std::string_view path) {
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      out.push_back(static_cast<char>(c));
    } else {
      out += fmt::format("%{:02X}", c);
    }
  }
  return out;
}

Json region_json(const SourceManager& sources, SourceRange range) {
  LineColumn start = sources.start_of(range);
  LineColumn end = sources.end_of(range);
  return Json{{"startLine", start.line}, {"startColumn", start.column}, {"endLine", end.line}, {"endColumn", end.column}};
}

// "<stdlib>/gpus/a100.gpuspec" -> {"uri": "gpus/a100.gpuspec", "uriBaseId": "GPUSPEC_STDLIB"}.
struct EmbeddedRoot {
  std::string_view prefix;
  std::string_view base_id;
  std::string_view description;
};
constexpr EmbeddedRoot kEmbeddedRoots[] = {
    {"<stdlib>/", "GPUSPEC_STDLIB", "the standard library embedded in the gpuspec binary (stdlib/ in its sources)"},
    {"<policies>/", "GPUSPEC_POLICIES", "the policy pack embedded in the gpuspec binary (policies/ in its sources)"},
};

Json artifact_location(const std::string& path) {
  for (const auto& root : kEmbeddedRoots) {
    if (path.rfind(root.prefix, 0) == 0) {
      return Json{{"uri", path_to_uri(path.substr(root.prefix.size()))}, {"uriBaseId", root.base_id}};
    }
  }
  return Json{{"uri", path_to_uri(path)}};
}

Json physical_location(const SourceManager& sources, SourceRange range) {
  return Json{{"artifactLocation", artifact_location(sources.file(range.file).path())},
              {"region", region_json(sources, range)}};
}

// One line to show in lists: the first line of a (possibly multi-line) text.
std::string first_line(std::string_view text) {
  auto begin = text.find_first_not_of(" \t\n");
  if (begin == std::string_view::npos) return {};
  text.remove_prefix(begin);
  return std::string(text.substr(0, text.find('\n')));
}

// SARIF wants `name` to be a readable identifier different from the opaque `id`:
// "memory.ram-2x-vram" -> "MemoryRam2xVram".
std::string rule_name(std::string_view id) {
  std::string out;
  bool upper = true;
  for (char c : id) {
    if (!std::isalnum(static_cast<unsigned char>(c))) {
      upper = true;
      continue;
    }
    out.push_back(upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c);
    upper = false;
  }
  auto lower = [](std::string_view text) {
    std::string l;
    for (char c : text) l.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    return l;
  };
  if (lower(out) == lower(id)) out += "Rule";
  return out;
}

Json rule_json(const SarifRule& rule) {
  std::string short_text = rule.short_description.empty() ? rule.id : first_line(rule.short_description);
  std::string full_text = rule.full_description.empty() ? short_text : rule.full_description;
  std::string help_text = rule.help_text.empty() ? full_text : rule.help_text;
  Json out{{"id", rule.id},
           {"name", rule_name(rule.id)},
           {"shortDescription", Json{{"text", short_text}}},
           {"fullDescription", Json{{"text", full_text}}}};
  if (!rule.help_uri.empty()) out["helpUri"] = rule.help_uri;
  out["help"] = Json{{"text", help_text}};
  out["defaultConfiguration"] = Json{{"level", sarif_level(rule.default_severity)}};
  return out;
}

Json result_json(const Diagnostic& d, const SourceManager& sources, std::size_t rule_index) {
  std::string text = d.message;
  for (const DiagnosticNote& note : d.notes) {
    if (!note.range.valid()) text += "\nnote: " + note.message;
  }
  if (d.hint) text += "\nhelp: " + *d.hint;
  Json result{{"ruleId", d.id}, {"ruleIndex", rule_index}, {"level", sarif_level(d.severity)}, {"message", Json{{"text", text}}}};
  if (d.range.valid()) result["locations"] = Json::array({Json{{"physicalLocation", physical_location(sources, d.range)}}});
  Json related = Json::array();
  for (const DiagnosticNote& note : d.notes) {
    if (!note.range.valid()) continue;
    related.push_back(Json{{"id", related.size()},
                           {"physicalLocation", physical_location(sources, note.range)},
                           {"message", Json{{"text", note.message}}}});
  }
  if (!related.empty()) result["relatedLocations"] = std::move(related);
  Json fixes = Json::array();
  for (const FixIt& fixit : d.fixits) {
    if (!fixit.range.valid()) continue;
    std::string description = fixit.replacement.empty() ? "remove this" : fmt::format("replace with '{}'", fixit.replacement);
    Json replacement{{"deletedRegion", region_json(sources, fixit.range)}};
    if (!fixit.replacement.empty()) replacement["insertedContent"] = Json{{"text", fixit.replacement}};
    fixes.push_back(Json{{"description", Json{{"text", description}}},
                         {"artifactChanges", Json::array({Json{
                             {"artifactLocation", artifact_location(sources.file(fixit.range.file).path())},
                             {"replacements", Json::array({std::move(replacement)})}}})}});
  }
  if (!fixes.empty()) result["fixes"] = std::move(fixes);
  if (d.suppressed_by) {
    result["suppressions"] = Json::array(
        {Json{{"kind", d.suppressed_externally ? "external" : "inSource"}, {"justification", *d.suppressed_by}}});
  }
  return result;
}

}  // namespace

std::string path_to_uri(const std::string& path) {
  if (!path.empty() && path.front() == '/') return "file://" + percent_encode(path);
  return percent_encode(path);
}

namespace {

// A compiler diagnostic's id (one no policy has) in the rule list: its first severity.
struct ExtraRule {
  std::string id;
  Severity severity;
};

// The log with `results` as its run's last member; `rule_index` maps each rule id
// (the given rules and one per extra id) to its place in the sorted list.
Json sarif_log(const std::vector<ExtraRule>& extra, std::vector<SarifRule> rules, const SarifOptions& options,
               std::map<std::string, std::size_t>& rule_index, Json results) {
  std::map<std::string, std::size_t>& seen = rule_index;
  std::vector<SarifRule> unique;
  for (auto& rule : rules) {
    if (seen.emplace(rule.id, 0).second) unique.push_back(std::move(rule));
  }
  for (const ExtraRule& id : extra) {
    if (!seen.emplace(id.id, 0).second) continue;
    SarifRule rule;
    rule.id = id.id;
    rule.short_description = fmt::format("gpuspec compiler diagnostic '{}'", id.id);
    rule.default_severity = id.severity;
    unique.push_back(std::move(rule));
  }
  std::sort(unique.begin(), unique.end(), [](const SarifRule& a, const SarifRule& b) { return a.id < b.id; });
  Json rule_list = Json::array();
  for (std::size_t i = 0; i < unique.size(); ++i) {
    seen[unique[i].id] = i;
    rule_list.push_back(rule_json(unique[i]));
  }

  Json driver{{"name", "gpuspec"}, {"version", options.tool_version}};
  if (!options.information_uri.empty()) driver["informationUri"] = options.information_uri;
  driver["rules"] = std::move(rule_list);
  Json run{{"tool", Json{{"driver", std::move(driver)}}}};
  Json bases = Json::object();
  for (const auto& root : kEmbeddedRoots) {
    bases[std::string(root.base_id)] = Json{{"description", Json{{"text", root.description}}}};
  }
  run["originalUriBaseIds"] = std::move(bases);
  run["columnKind"] = "unicodeCodePoints";
  run["results"] = std::move(results);
  return Json{{"$schema", kSarifSchemaUri}, {"version", "2.1.0"}, {"runs", Json::array({std::move(run)})}};
}

// A result's ruleIndex until finish() knows the rule list.
constexpr std::size_t kRuleIndexPlaceholder = SIZE_MAX;
const std::string kPlaceholderText = fmt::format("\"ruleIndex\": {}", kRuleIndexPlaceholder);

}  // namespace

void SarifLogWriter::append_result(std::string& out, const Diagnostic& d, const SourceManager& sources) {
  out += dump_json(result_json(d, sources, kRuleIndexPlaceholder));
}

void SarifLogWriter::add(std::string_view rendered, std::string_view id, Severity severity) {
  results_.push_back({std::string(rendered), rendered.find(kPlaceholderText), std::string(id), severity});
}

void SarifLogWriter::finish(const std::function<void(std::string_view)>& write) {
  // The log without its results is small (the rules): dump it whole, then write the
  // results into its last array, "results", which closes the run and the log. The
  // results sit 8 spaces deep: log, "runs" array, the run, "results" array; they are
  // held flat (a fifth smaller) and indented as they are written, then freed.
  std::vector<ExtraRule> extra;
  for (const Result& result : results_) extra.push_back({result.id, result.severity});
  std::map<std::string, std::size_t> rule_index;
  std::string text = dump_json(sarif_log(extra, std::move(rules_), options_, rule_index, Json::array()));
  constexpr std::string_view kEmptyResults = "\"results\": []";
  std::size_t open = text.rfind(kEmptyResults) + kEmptyResults.size() - 1;  // the position of ']'
  write(std::string_view(text).substr(0, open));
  const std::size_t number_size = std::to_string(kRuleIndexPlaceholder).size();
  std::string nested;
  for (std::size_t i = 0; i < results_.size(); ++i) {
    std::string& result = results_[i].text;
    result.replace(results_[i].placeholder_at + kPlaceholderText.size() - number_size, number_size,
                   std::to_string(rule_index.at(results_[i].id)));
    nested = i ? ",\n        " : "\n        ";
    append_nested_json(nested, result, 8);
    write(nested);
    std::string().swap(result);
  }
  if (!results_.empty()) write("\n      ");
  write(std::string_view(text).substr(open));
}

}  // namespace gpuspec
