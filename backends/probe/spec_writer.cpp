#include "backends/probe/spec_writer.h"

#include <fmt/format.h>

#include "backends/probe/spec_context.h"
#include "backends/writers/gpuspec_text.h"
#include "diag/diagnostic.h"
#include "format/formatter.h"
#include "source/source.h"

namespace gpuspec::probe {

std::vector<std::string> SpecContext::provenance(std::string_view tool, std::string_view what) const {
  return {property_line("probed_from", writers::gpuspec_string(tool)),
          property_line("source", writers::gpuspec_string(fmt::format("probed: {} on {}, {}", tool, machine.source, what))),
          property_line("as_of", writers::gpuspec_string(as_of))};
}

namespace {

// The day the outputs were captured when they state it (nvidia-smi's timestamp), else
// the day they were read.
std::pair<std::string, std::string> capture_date(const Machine& m, const std::string& today) {
  if (m.nvidia) {
    if (auto date = timestamp_date(m.nvidia->timestamp)) return {*date, "the date of nvidia-smi's report"};
  }
  return {today, "the day they were read"};
}

// The text in gpuspec fmt's layout; as it is when the formatter cannot take it (a bug:
// the text is ours and must parse).
std::string canonical(std::string text) {
  SourceFile source(0, "<probe>", text, false);
  DiagnosticEngine scratch;
  auto formatted = format::format_source(source, scratch);
  return formatted ? *formatted : text;
}

}  // namespace

std::string write_probed_spec(const Machine& machine, const CatalogMatcher& catalog, const SpecOptions& options) {
  auto [date, date_from] = capture_date(machine, options.today);
  SpecContext c{machine, catalog, date, options.name, PartNames(options.name), {}, {}, {}, machine.notes};
  write_gpus(c);
  write_cpu(c);
  write_memory(c);
  write_storage(c);
  write_power(c);
  write_network(c);
  write_software(c);

  std::string out;
  out += comment_line(fmt::format("{}: probed by `gpuspec probe` from {}, {} ({}).", options.name, machine.source, date,
                                  date_from)) + "\n";
  out += comment_line("Each value says what it was read from. A part the catalog has is named, with the evidence of") + "\n";
  out += comment_line("the match; one it lacks is declared below the server with what the tools saw, leaving out") + "\n";
  out += comment_line("what they cannot see. Check it with `gpuspec check` (docs/probe.md).") + "\n";
  if (!c.notes.empty()) out += "#\n";
  for (const auto& note : c.notes) out += comment_line(note) + "\n";
  out += fmt::format("\nserver {} {{\n", options.name);
  int depth = 1;
  for (const auto& line : c.body) {
    if (line == "}") --depth;
    out += std::string(2 * static_cast<std::size_t>(depth), ' ') + line + "\n";
    if (line.ends_with(" {") && line.find('#') == std::string::npos) ++depth;  // a block's opening line
  }
  out += "  probed_from {\n";
  for (const auto& [key, text] : c.probed) out += "    " + property_line(key, writers::gpuspec_string(text)) + "\n";
  out += "  }\n}\n";
  for (const auto& part : c.parts) {
    out += fmt::format("\n{} {} {{\n", part.kind, part.name);
    for (const auto& line : part.lines) out += "  " + line + "\n";
    out += "}\n";
  }
  return canonical(std::move(out));
}

}  // namespace gpuspec::probe
