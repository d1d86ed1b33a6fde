#include "driver/check_output.h"

#include <fmt/format.h>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "diag/render_concise.h"
#include "diag/render_github.h"
#include "diag/render_json.h"
#include "diag/render_junit.h"
#include "diag/render_sarif.h"
#include "diag/render_statistics.h"
#include "diag/render_text.h"
#include "driver/commands.h"
#include "driver/config.h"
#include "driver/version.h"
#include "lint/sarif_rules.h"

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
  out.silent = args.has("--fix") || args.has("--verify");
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

int findings_exit(const CheckOutput& output, bool failed) {
  return failed && !output.exit_zero ? kExitFindings : kExitClean;
}

namespace {

void render_nothing(std::string&, const Diagnostic&, const SourceManager&) {}

// What text and concise output end with: the line counting the infos not shown, then the
// summary line ("2 errors and 412 infos generated.").
std::string closing_lines(const DiagnosticCounts& counts, bool infos_shown) {
  std::string out = infos_shown ? std::string() : render_hidden_infos(counts);
  std::string summary = render_summary(counts);
  if (!summary.empty()) out += summary + "\n";
  return out;
}

// Text, concise and GitHub annotations: each diagnostic leaves as it is written. An info
// renders as nothing in text and concise output unless `show_infos`.
class LineSink : public CheckSink {
 public:
  LineSink(const CheckOutput& output, bool color, bool show_infos, OutputBuffer& out)
      : CheckSink(out), for_people_(output.for_people()), show_infos_(show_infos) {
    if (output.format == "github") {
      render_ = append_github_annotation;
    } else if (output.format == "concise") {
      render_ = [show_infos](std::string& out, const Diagnostic& d, const SourceManager& sources) {
        if (show_infos || d.severity != Severity::Info) append_concise_diagnostic(out, d, sources);
      };
    } else {
      TextRenderOptions options;
      options.color = color;
      render_ = [options, show_infos](std::string& out, const Diagnostic& d, const SourceManager& sources) {
        if (show_infos || d.severity != Severity::Info) append_text_diagnostic(out, d, sources, options);
      };
    }
  }
  DiagnosticRenderer renderer(Severity) const override { return render_; }
  void write(const RenderedDiagnostics& batch, std::size_t i, Severity) override { out_.append(batch.text(i)); }
  void finish(const DiagnosticCounts& counts, std::size_t) override {
    if (for_people_) out_.append(closing_lines(counts, show_infos_));
  }

 private:
  bool for_people_, show_infos_;
  DiagnosticRenderer render_;
};

class JsonSink : public CheckSink {
 public:
  JsonSink(bool any_group, OutputBuffer& out) : CheckSink(out), writer_(out.text()) {
    if (any_group) writer_.begin();  // the header, even when no diagnostic follows
  }
  DiagnosticRenderer renderer(Severity) const override {
    return [](std::string& out, const Diagnostic& d, const SourceManager& sources) { append_diagnostic_json(out, d, sources, 4); };
  }
  void write(const RenderedDiagnostics& batch, std::size_t i, Severity) override {
    writer_.add_rendered(batch.text(i));
    out_.flush_if_full();
  }
  void finish(const DiagnosticCounts& counts, std::size_t files) override {
    writer_.finish(files, counts);
    out_.append("\n");
  }

 private:
  JsonDiagnosticsWriter writer_;
};

// SARIF lists every diagnostic's id among its rules, before the results.
class SarifSink : public CheckSink {
 public:
  SarifSink(std::vector<SarifRule> rules, OutputBuffer& out)
      : CheckSink(out), writer_(std::move(rules), SarifOptions{std::string(version()), ""}) {}
  DiagnosticRenderer renderer(Severity) const override { return SarifLogWriter::append_result; }
  void write(const RenderedDiagnostics& batch, std::size_t i, Severity) override {
    writer_.add(batch.text(i), batch.key(i).id, batch.severity(i));
  }
  void finish(const DiagnosticCounts&, std::size_t) override {
    writer_.finish([this](std::string_view piece) { out_.append(piece); });
    out_.append("\n");
  }

 private:
  SarifLogWriter writer_;
};

// JUnit groups the findings by file.
class JunitSink : public CheckSink {
 public:
  using CheckSink::CheckSink;
  DiagnosticRenderer renderer(Severity fail_on) const override {
    return [fail_on](std::string& out, const Diagnostic& d, const SourceManager& sources) {
      append_junit_case(out, d, sources, fail_on);
    };
  }
  void write(const RenderedDiagnostics& batch, std::size_t i, Severity fail_on) override {
    writer_.add_case(batch.key(i).path, batch.text(i), junit_outcome(batch.severity(i), batch.suppressed(i), fail_on));
  }
  void checked(const std::string& path) override { writer_.add_file(path); }
  void finish(const DiagnosticCounts&, std::size_t) override {
    writer_.finish([this](std::string_view piece) { out_.append(piece); });
  }

 private:
  JunitWriter writer_;
};

// --statistics: the table (text, concise) or the JSON document, once every finding is counted.
class StatisticsSink : public CheckSink {
 public:
  StatisticsSink(bool json, OutputBuffer& out) : CheckSink(out), json_(json) {}
  DiagnosticRenderer renderer(Severity) const override { return render_nothing; }
  void write(const RenderedDiagnostics& batch, std::size_t i, Severity) override {
    if (!batch.suppressed(i)) statistics_.add(batch.key(i).id, batch.severity(i), batch.fixable(i));
  }
  void finish(const DiagnosticCounts& counts, std::size_t files) override {
    if (!json_) {
      out_.append(statistics_.text() + closing_lines(counts, /*infos_shown=*/true));
      return;
    }
    nlohmann::ordered_json summary{{"files", files}, {"errors", counts.errors}, {"warnings", counts.warnings},
                                   {"infos", counts.infos}};
    nlohmann::ordered_json document{
        {"version", kDiagnosticsJsonVersion}, {"statistics", statistics_.json()}, {"summary", std::move(summary)}};
    out_.append(document.dump(2) + "\n");
  }

 private:
  bool json_;
  RuleStatistics statistics_;
};

// --fix and --verify: what they need comes from the diagnostics kept whole.
class SilentSink : public CheckSink {
 public:
  using CheckSink::CheckSink;
  DiagnosticRenderer renderer(Severity) const override { return render_nothing; }
  void write(const RenderedDiagnostics&, std::size_t, Severity) override {}
  void finish(const DiagnosticCounts&, std::size_t) override {}
};

}  // namespace

std::unique_ptr<CheckSink> sink_for(const CheckOutput& output, const std::vector<std::unique_ptr<CheckGroup>>& groups,
                                    bool color, OutputBuffer& out) {
  if (output.silent) return std::make_unique<SilentSink>(out);
  if (output.statistics) return std::make_unique<StatisticsSink>(output.format == "json", out);
  if (output.format == "json") return std::make_unique<JsonSink>(!groups.empty(), out);
  if (output.format == "junit") return std::make_unique<JunitSink>(out);
  if (output.format == "sarif") {
    // The rule metadata SARIF carries: every policy any group ran.
    std::vector<SarifRule> rules;
    for (const auto& group : groups) {
      auto more = lint::sarif_rules_of(group->session->policies());
      rules.insert(rules.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
    }
    return std::make_unique<SarifSink>(std::move(rules), out);
  }
  // Text shows infos one by one with --verbose, and when infos fail the run (a group's
  // fail-on is info), since a finding that fails the run is always shown.
  bool show_infos = output.verbose || std::any_of(groups.begin(), groups.end(), [](const auto& group) {
                      return group->fail_on() == Severity::Info;
                    });
  return std::make_unique<LineSink>(output, color, show_infos, out);
}

}  // namespace gpuspec::driver
