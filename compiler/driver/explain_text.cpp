#include "driver/explain_text.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <optional>
#include <string_view>

#include "driver/embedded.h"
#include "lint/rule_text.h"

namespace gpuspec::driver {

namespace {

// A test spec from test/policies/<rule>/, without its lit RUN line.
std::optional<std::string> embedded_example(const std::string& rule, std::string_view file) {
  std::string path = rule + "/" + std::string(file);
  for (const auto& example : embedded::policy_example_files()) {
    if (example.path != path) continue;
    std::string text;
    std::size_t start = 0;
    while (start < example.text.size()) {
      std::size_t end = example.text.find('\n', start);
      std::string_view line = example.text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start + 1);
      if (line.find("RUN:") == std::string_view::npos) text += line;
      if (end == std::string_view::npos) break;
      start = end + 1;
    }
    return text;
  }
  return std::nullopt;
}

std::string indented(std::string_view text, std::string_view prefix = "    ") {
  std::string out;
  std::string body = lint::dedent(text);
  std::size_t start = 0;
  while (start < body.size()) {
    std::size_t end = body.find('\n', start);
    std::string_view line(body.data() + start, end - start);
    out += line.empty() ? "\n" : std::string(prefix) + std::string(line) + "\n";
    start = end + 1;
  }
  return out;
}

}  // namespace

std::string explain_text(const lint::Policy& policy, const SourceManager& sources) {
  std::string out = fmt::format("{} ({}, applies to {})\n", policy.id, severity_name(policy.severity), fmt::join(policy.applies, ", "));
  if (!policy.doc.empty()) out += "\n" + indented(policy.doc, "  ");
  out += "\n";
  out += fmt::format("  severity  {} (change it with --severity {}=LEVEL or gpuspec.json)\n", severity_name(policy.severity), policy.id);
  if (!policy.severity_when.empty()) out += fmt::format("  lowered   {}\n", lint::severity_conditions(policy, sources));
  out += fmt::format("  applies   {}\n", fmt::join(policy.applies, ", "));
  if (auto when = lint::property_source(policy, "when", sources)) out += fmt::format("  when      {}\n", *when);
  if (auto require = lint::property_source(policy, "require", sources)) out += fmt::format("  require   {}\n", *require);
  if (!policy.message.empty()) out += fmt::format("  message   \"{}\"\n", policy.message);
  if (policy.hint) out += fmt::format("  hint      \"{}\"\n", *policy.hint);
  if (policy.suggest_instances) out += "  on cloud  names the provider's catalog instances that pass, instead of the hint\n";
  out += fmt::format("  source    {}\n", policy.english_source());
  if (!policy.english.empty()) out += fmt::format("  quoted    {}\n", policy.source);
  for (const auto& c : lint::citations_in(policy.source)) {
    out += fmt::format("  read      {}: docs/sources.md#{}\n", c.text, c.anchor);
  }
  if (const ast::Declaration* decl = policy.syntax().decl; decl && decl->name_range.valid()) {
    LineColumn at = sources.start_of(decl->name_range);
    out += fmt::format("  defined   {}:{}\n", sources.file(decl->name_range.file).path(), at.line);
  }
  auto fail = string_property(policy, "example_fail");
  auto pass = string_property(policy, "example_pass");
  if (policy.builtin) {
    // The pack's own tests are its examples: one spec where the rule fires, one where it is silent.
    if (!fail) fail = embedded_example(policy.id, "fires.gpuspec");
    if (!pass) pass = embedded_example(policy.id, "silent.gpuspec");
  }
  if (fail) out += "\nfires on:\n\n" + indented(*fail);
  if (pass) out += "\npasses:\n\n" + indented(*pass);
  if (!fail && !pass) out += "\n(no examples: the policy declares no example_fail / example_pass)\n";
  out += fmt::format("\nwaive it in one declaration with:  waive {} \"why\" until = \"YYYY-MM-DD\"\n", policy.id);
  return out;
}

}  // namespace gpuspec::driver
