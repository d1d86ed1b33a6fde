// libFuzzer target: one input is one .gpuspec file, checked and linted as `gpuspec
// check` does, then rendered in every output format of `check --format`: text (with and
// without colour), JSON (the streaming writer), SARIF, GitHub workflow commands and
// JUnit XML. Traps when an output carries a raw control character (only its own line
// breaks; colour's escape sequences are the text renderer's own), when a JSON or SARIF
// document does not parse, when a GitHub annotation spans more than one line (the
// runner would read the rest as a command of its own) or when the JUnit report holds
// anything but escaped text between its own tags.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "diag/diagnostic_counts.h"
#include "diag/render_github.h"
#include "diag/render_json.h"
#include "diag/render_junit.h"
#include "diag/render_sarif.h"
#include "diag/render_text.h"
#include "lint/sarif_rules.h"
#include "fuzz_checks.h"
#include "fuzz_fixture.h"

namespace {

using gpuspec::fuzz::require_json;
using gpuspec::fuzz::require_printable;

// One line per annotation and every line an annotation: `::<level> <properties>::<data>`.
void require_github(std::string_view out, std::size_t annotations) {
  require_printable(out);
  std::size_t lines = 0;
  for (std::size_t start = 0; start < out.size();) {
    std::size_t end = out.find('\n', start);
    if (end == std::string_view::npos) __builtin_trap();  // every annotation ends its line
    std::string_view line = out.substr(start, end - start);
    if (line.substr(0, 2) != "::" || line.find("::", 2) == std::string_view::npos) __builtin_trap();
    ++lines;
    start = end + 1;
  }
  if (lines != annotations) __builtin_trap();
}

// Well-formed enough for any XML reader: '<' only opens our own tags, '&' only starts
// an entity, and the quotes of attribute values never appear raw inside them.
void require_junit(std::string_view out) {
  require_printable(out);
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i] == '&') {
      std::size_t semi = out.find(';', i);
      if (semi == std::string_view::npos || semi - i > 8) __builtin_trap();
    } else if (out[i] == '<') {
      char next = i + 1 < out.size() ? out[i + 1] : '\0';
      bool name_start = (next >= 'a' && next <= 'z') || next == '/' || next == '?' || next == '!';
      if (!name_start) __builtin_trap();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  gpuspec::fuzz::fixture();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  gpuspec::fuzz::Fixture& fx = gpuspec::fuzz::fixture();
  gpuspec::fuzz::Input input(data, size);
  auto& diags = input.diags;
  if (!diags.has_errors()) {
    ++gpuspec::fuzz::backend_runs();
    input.lint();
  }
  const gpuspec::SourceManager& sources = input.rendering_sources();
  diags.sort(sources);
  const auto& list = diags.diagnostics();
  auto counts = gpuspec::count_diagnostics(list);

  for (bool color : {false, true}) {
    gpuspec::TextRenderOptions options;
    options.color = color;
    options.show_suppressed = color;
    std::string text = gpuspec::render_text(list, sources, options) + gpuspec::render_summary(counts);
    if (!color) require_printable(text);
  }

  std::string json;
  gpuspec::JsonDiagnosticsWriter writer(json);
  writer.begin();
  for (const auto& d : list) {
    std::string rendered;
    gpuspec::append_diagnostic_json(rendered, d, sources, 4);
    writer.add_rendered(rendered);
  }
  writer.finish(1, counts);
  require_printable(json);
  require_json(json);

  gpuspec::SarifOptions sarif_options;
  sarif_options.tool_version = "fuzz";
  static const auto rules = gpuspec::lint::sarif_rules_of(fx.session.policies());
  gpuspec::SarifLogWriter sarif_writer(rules, sarif_options);
  // As `check` writes them: each result rendered, then the log around them.
  gpuspec::JunitWriter junit;
  gpuspec::FileId file = static_cast<gpuspec::FileId>(sources.size() - 1);
  junit.add_file(sources.file(file).path());
  for (const auto& d : list) {
    std::string rendered;
    gpuspec::SarifLogWriter::append_result(rendered, d, sources);
    sarif_writer.add(rendered, d.id, d.severity);
    rendered.clear();
    gpuspec::append_junit_case(rendered, d, sources, gpuspec::Severity::Warning);
    junit.add_case(d.range.valid() ? sources.file(d.range.file).path() : "", rendered,
                   gpuspec::junit_outcome(d.severity, d.suppressed_by.has_value(), gpuspec::Severity::Warning));
  }
  std::string sarif;
  sarif_writer.finish([&](std::string_view piece) { sarif.append(piece); });
  require_printable(sarif);
  require_json(sarif);

  std::size_t shown = 0;
  for (const auto& d : list) shown += d.suppressed_by ? 0 : 1;
  std::string annotations;
  for (const auto& d : list) gpuspec::append_github_annotation(annotations, d, sources);
  require_github(annotations, shown);

  std::string junit_xml;
  junit.finish([&](std::string_view piece) { junit_xml.append(piece); });
  require_junit(junit_xml);
  return 0;
}
