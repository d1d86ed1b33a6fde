#include "oracle/diagnostics_json_dom.h"

#include "diag/diagnostic_counts.h"
#include "diag/render_json.h"

namespace gpuspec {
namespace {

using Json = nlohmann::ordered_json;

Json position_json(LineColumn position) { return Json{{"line", position.line}, {"column", position.column}}; }

Json range_json(const SourceManager& sources, SourceRange range) {
  if (!range.valid()) return nullptr;
  return Json{{"start", position_json(sources.start_of(range))}, {"end", position_json(sources.end_of(range))}};
}

Json file_json(const SourceManager& sources, SourceRange range) {
  if (!range.valid()) return nullptr;
  return sources.file(range.file).path();
}

Json note_json(const DiagnosticNote& note, const SourceManager& sources) {
  return Json{{"message", note.message}, {"file", file_json(sources, note.range)}, {"range", range_json(sources, note.range)}};
}

Json diagnostic_json(const Diagnostic& d, const SourceManager& sources) {
  Json out;
  out["id"] = d.id;
  out["severity"] = std::string(severity_name(d.severity));
  out["message"] = d.message;
  out["hint"] = d.hint ? Json(*d.hint) : Json(nullptr);
  out["file"] = file_json(sources, d.range);
  out["range"] = range_json(sources, d.range);
  out["declaration"] = d.declaration.empty() ? Json(nullptr) : Json(d.declaration);
  out["notes"] = Json::array();
  for (const DiagnosticNote& note : d.notes) out["notes"].push_back(note_json(note, sources));
  if (!d.fixits.empty()) {
    Json fixits = Json::array();
    for (const FixIt& fixit : d.fixits) {
      fixits.push_back(Json{{"range", range_json(sources, fixit.range)}, {"replacement", fixit.replacement}});
    }
    out["fixits"] = std::move(fixits);
  }
  if (d.suppressed_by) out["suppressed"] = Json{{"kind", "waiver"}, {"justification", *d.suppressed_by}};
  return out;
}

}  // namespace

nlohmann::ordered_json diagnostics_to_json(const std::vector<Diagnostic>& diagnostics, const SourceManager& sources,
                                           std::size_t file_count) {
  Json list = Json::array();
  for (const Diagnostic& d : diagnostics) list.push_back(diagnostic_json(d, sources));

  DiagnosticCounts counts = count_diagnostics(diagnostics);
  Json out;
  out["version"] = kDiagnosticsJsonVersion;
  out["diagnostics"] = std::move(list);
  out["summary"] = Json{{"files", file_count}, {"errors", counts.errors}, {"warnings", counts.warnings}, {"infos", counts.infos}};
  return out;
}

}  // namespace gpuspec
