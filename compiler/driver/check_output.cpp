#include "driver/check_output.h"

#include <fmt/format.h>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "diag/render_concise.h"
#include "diag/render_github.h"
#include "diag/render_json.h"
#include "diag/render_statistics.h"
#include "diag/render_text.h"
#include "driver/commands.h"
#include "driver/config.h"

namespace gpuspec::driver {

std::optional<CheckOutput> check_output_from(const ParsedArgs& args, std::string& error) {
  CheckOutput out;
  out.format = args.value("--format").value_or("text");
  if (out.format != "text" && out.format != "concise" && out.format != "json" && out.format != "sarif" &&
      out.format != "github" && out.format != "junit") {
    error = fmt::format(
        "unknown format '{}'; expected text, concise or json (for people and scripts), sarif, github or junit (for CI)",
        out.format);
    return std::nullopt;
  }
  if (auto level = args.value("--min-severity")) {
    out.min_severity = parse_rule_level(*level);
    if (!out.min_severity) {
      error = fmt::format("--min-severity takes error, warning or info, not '{}'", *level);
      return std::nullopt;
    }
  }
  out.exit_zero = args.has("--exit-zero");
  out.statistics = args.has("--statistics");
  out.verbose = args.has("--verbose");
  if (out.statistics && !out.for_people() && out.format != "json") {
    error = fmt::format("--statistics prints text or json, not {}", out.format);
    return std::nullopt;
  }
  return out;
}

void drop_below_min_severity(std::vector<Diagnostic>& diagnostics, const CheckOutput& output) {
  if (!output.min_severity) return;
  const int floor = severity_rank(*output.min_severity);
  std::erase_if(diagnostics, [&](const Diagnostic& d) { return severity_rank(d.severity) < floor; });
}

bool shows_infos(const CheckOutput& output, const std::vector<std::unique_ptr<CheckGroup>>& groups) {
  if (output.verbose) return true;
  return std::any_of(groups.begin(), groups.end(), [](const auto& group) { return group->fail_on() == Severity::Info; });
}

DiagnosticRenderer renderer_for(const CheckOutput& output, bool color, bool show_infos) {
  if (output.format == "json") {
    return [](std::string& out, const Diagnostic& d, const SourceManager& sources) {
      append_diagnostic_json(out, d, sources, 4);
    };
  }
  if (output.format == "github") {
    return [](std::string& out, const Diagnostic& d, const SourceManager& sources) {
      append_github_annotation(out, d, sources);
    };
  }
  if (output.format == "concise") {
    return [show_infos](std::string& out, const Diagnostic& d, const SourceManager& sources) {
      if (show_infos || d.severity != Severity::Info) append_concise_diagnostic(out, d, sources);
    };
  }
  TextRenderOptions options;
  options.color = color;
  return [options, show_infos](std::string& out, const Diagnostic& d, const SourceManager& sources) {
    if (show_infos || d.severity != Severity::Info) append_text_diagnostic(out, d, sources, options);
  };
}

std::string closing_lines(const DiagnosticCounts& counts, bool infos_shown) {
  std::string out = infos_shown ? std::string() : render_hidden_infos(counts);
  std::string summary = render_summary(counts);
  if (!summary.empty()) out += summary + "\n";
  return out;
}

std::string render_statistics_output(const CheckOutput& output, const std::vector<std::unique_ptr<CheckGroup>>& groups,
                                     const DiagnosticCounts& counts, std::size_t files) {
  RuleStatistics statistics;
  for (const auto& group : groups) statistics.add(group->diags.diagnostics());
  if (output.format != "json") return statistics.text() + closing_lines(counts, /*infos_shown=*/true);
  nlohmann::ordered_json summary{{"files", files}, {"errors", counts.errors}, {"warnings", counts.warnings},
                                 {"infos", counts.infos}};
  nlohmann::ordered_json document{
      {"version", kDiagnosticsJsonVersion}, {"statistics", statistics.json()}, {"summary", std::move(summary)}};
  return document.dump(2) + "\n";
}

int findings_exit(const CheckOutput& output, bool failed) {
  return failed && !output.exit_zero ? kExitFindings : kExitClean;
}

}  // namespace gpuspec::driver
