#include "diag/render_sarif.h"

#include <gtest/gtest.h>

#include <sstream>

#include "diag/diag_test_helpers.h"
#include "diag/render_github.h"

namespace gpuspec {
namespace {

using testing::make_diagnostic;
using testing::range_of;

// The diagnostics of each source manager in turn (`check` may run several).
using SarifSource = std::pair<const std::vector<Diagnostic>*, const SourceManager*>;

std::string sarif_text(const std::vector<SarifSource>& inputs, std::vector<SarifRule> rules, const SarifOptions& options) {
  SarifLogWriter writer(std::move(rules), options);
  for (const auto& [diagnostics, sources] : inputs) {
    for (const Diagnostic& d : *diagnostics) {
      std::string rendered;
      SarifLogWriter::append_result(rendered, d, *sources);
      writer.add(rendered, d.id, d.severity);
    }
  }
  std::string out;
  writer.finish([&](std::string_view piece) { out.append(piece); });
  return out;
}

nlohmann::ordered_json sarif_of(const std::vector<SarifSource>& inputs, std::vector<SarifRule> rules, const SarifOptions& options) {
  return nlohmann::ordered_json::parse(sarif_text(inputs, std::move(rules), options));
}

TEST(RenderSarif, ResultsPointAtRulesWithRegionsNotesFixesAndSuppressions) {
  SourceManager sources;
  const SourceFile& file = sources.add("specs/a b.gpuspec", "server s {\n  memory = 256 GBs\n}\n");
  auto finding = make_diagnostic("memory.ram-2x-vram", Severity::Error, range_of(file, "memory = 256 GBs"), "too little");
  finding.notes.push_back({"memory.total = 256 GB", range_of(file, "256 GBs")});
  finding.notes.push_back({"gpu.vram_total = 640 GB", SourceRange{}});
  finding.hint = "add memory";
  auto typo = make_diagnostic("unknown-unit", Severity::Error, range_of(file, "GBs"), "unknown unit 'GBs'");
  typo.fixits.push_back({range_of(file, "GBs"), "GB"});
  auto waived = make_diagnostic("memory.ram-2x-vram", Severity::Warning, range_of(file, "s"), "waived one");
  waived.suppressed_by = "lab box";
  std::vector<Diagnostic> diags{finding, typo, waived};

  SarifRule rule{"memory.ram-2x-vram", "memory below 2x VRAM", "long doc", "", "", Severity::Error};
  auto log = sarif_of({{&diags, &sources}}, {rule}, SarifOptions{"1.2.3"});
  EXPECT_EQ(log["version"], "2.1.0");
  const auto& run = log["runs"][0];
  const auto& rules = run["tool"]["driver"]["rules"];
  ASSERT_EQ(rules.size(), 2u);
  EXPECT_EQ(rules[0]["id"], "memory.ram-2x-vram");
  EXPECT_EQ(rules[0]["name"], "MemoryRam2xVram");
  EXPECT_EQ(rules[0]["defaultConfiguration"]["level"], "error");
  EXPECT_EQ(rules[1]["id"], "unknown-unit");
  EXPECT_EQ(rules[1]["name"], "UnknownUnit");
  EXPECT_FALSE(rules[0].contains("helpUri")) << "no page exists for it";
  EXPECT_FALSE(run["tool"]["driver"].contains("informationUri"));

  const auto& first = run["results"][0];
  EXPECT_EQ(first["ruleIndex"], 0);
  EXPECT_EQ(first["message"]["text"], "too little\nnote: gpu.vram_total = 640 GB\nhelp: add memory");
  const auto& location = first["locations"][0]["physicalLocation"];
  EXPECT_EQ(location["artifactLocation"]["uri"], "specs/a%20b.gpuspec");
  EXPECT_EQ(location["region"].dump(), R"({"startLine":2,"startColumn":3,"endLine":2,"endColumn":19})");
  ASSERT_EQ(first["relatedLocations"].size(), 1u);
  EXPECT_EQ(first["relatedLocations"][0]["message"]["text"], "memory.total = 256 GB");
  EXPECT_FALSE(first.contains("suppressions"));

  EXPECT_EQ(run["results"][1]["ruleIndex"], 1);
  EXPECT_EQ(run["results"][1]["fixes"][0]["artifactChanges"][0]["replacements"][0]["insertedContent"]["text"], "GB");
  EXPECT_EQ(run["results"][2]["level"], "warning");
  EXPECT_EQ(run["results"][2]["suppressions"].dump(), R"([{"kind":"inSource","justification":"lab box"}])");
}

// The writer, which splices held results into the rules' log, writes the bytes of its
// own DOM's dump(2), with results and without, and each ruleIndex names its ruleId.
TEST(RenderSarif, WriterWritesItsDomsBytesAndRuleIndexes) {
  SourceManager sources;
  const SourceFile& file = sources.add("specs/a b.gpuspec", "server s {\n  memory = 256 GBs\n}\n");
  SourceManager other;
  const SourceFile& embedded = other.add("<stdlib>/gpus/x.gpuspec", "gpu x { y = 1 }\n", true);
  auto finding = make_diagnostic("memory.ram-2x-vram", Severity::Error, range_of(file, "memory = 256 GBs"), "too \"little\"");
  finding.notes.push_back({"memory.total = 256 GB", range_of(file, "256 GBs")});
  finding.notes.push_back({"gpu.vram_total = 640 GB", SourceRange{}});
  finding.hint = "add memory";
  auto typo = make_diagnostic("unknown-unit", Severity::Error, range_of(file, "GBs"), "unknown unit 'GBs'");
  typo.fixits.push_back({range_of(file, "GBs"), "GB"});
  auto waived = make_diagnostic("memory.ram-2x-vram", Severity::Warning, range_of(file, "s"), "waived one");
  waived.suppressed_by = "lab box";
  waived.suppressed_externally = true;
  auto library = make_diagnostic("schema", Severity::Info, range_of(embedded, "y"), "in the library");
  std::vector<Diagnostic> diags{finding, typo, waived};
  std::vector<Diagnostic> library_diags{library};
  std::vector<Diagnostic> none;
  SarifRule rule{"memory.ram-2x-vram", "memory below 2x VRAM", "long doc", "", "https://example.org/r", Severity::Error};
  SarifOptions options{"1.2.3", "https://example.org"};

  for (const auto& inputs : std::vector<std::vector<SarifSource>>{
           {{&diags, &sources}, {&library_diags, &other}}, {{&none, &sources}}, {}}) {
    std::string text = sarif_text(inputs, {rule}, options);
    auto log = nlohmann::ordered_json::parse(text);
    EXPECT_EQ(text, log.dump(2)) << inputs.size();
    const auto& run = log["runs"][0];
    for (const auto& result : run["results"]) {
      EXPECT_EQ(run["tool"]["driver"]["rules"][result["ruleIndex"].get<std::size_t>()]["id"], result["ruleId"]);
    }
    EXPECT_EQ(run["results"].size(), inputs.empty() ? 0u : inputs.front().first->size() + (inputs.size() > 1));
  }
}

TEST(RenderSarif, AbsolutePathsBecomeFileUris) {
  EXPECT_EQ(path_to_uri("/tmp/x y.gpuspec"), "file:///tmp/x%20y.gpuspec");
}

TEST(RenderSarif, EmbeddedFilesAreRelativeToADescribedBase) {
  SourceManager sources;
  const SourceFile& lib = sources.add("<stdlib>/gpus/nvidia.gpuspec", "gpu x {}\n", /*embedded=*/true);
  auto d = make_diagnostic("duplicate-name", Severity::Error, range_of(lib, "x"), "dup");
  std::vector<Diagnostic> diags{d};
  SarifRule rule{"a.b", "described", "", "", "https://wiki.example/a.b", Severity::Warning};
  auto log = sarif_of({{&diags, &sources}}, {rule}, SarifOptions{"1"});
  const auto& run = log["runs"][0];
  const auto& where = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
  EXPECT_EQ(where["uri"], "gpus/nvidia.gpuspec");
  EXPECT_EQ(where["uriBaseId"], "GPUSPEC_STDLIB");
  EXPECT_TRUE(run["originalUriBaseIds"].contains("GPUSPEC_STDLIB"));
  EXPECT_EQ(run["tool"]["driver"]["rules"][0]["helpUri"], "https://wiki.example/a.b");
}

TEST(RenderGithub, EscapesPerTheWorkflowCommandRulesAndSkipsWaivedFindings) {
  SourceManager sources;
  const SourceFile& file = sources.add("dir,x:y%.gpuspec", "server s {\n  memory = 256 GBs\n}\n");
  auto error = make_diagnostic("unknown-unit", Severity::Error, range_of(file, "GBs"), "50% off:\r\nreally, yes");
  error.hint = "did you mean 'GB'?";
  auto info = make_diagnostic("a.b", Severity::Info, range_of(file, "s", 1), "fyi");
  auto waived = make_diagnostic("a.c", Severity::Warning, range_of(file, "memory"), "hidden");
  waived.suppressed_by = "ok";
  auto fileless = make_diagnostic("io", Severity::Warning, SourceRange{}, "no file");
  std::string annotations;
  for (const auto& d : {error, info, waived, fileless}) append_github_annotation(annotations, d, sources);
  EXPECT_EQ(annotations,
            "::error file=dir%2Cx%3Ay%25.gpuspec,line=2,col=16,endLine=2,endColumn=18,title=unknown-unit::"
            "50%25 off:%0D%0Areally, yes%0Ahelp: did you mean 'GB'?\n"
            "::notice file=dir%2Cx%3Ay%25.gpuspec,line=1,col=8,endLine=1,endColumn=8,title=a.b::fyi\n"
            "::warning title=io::no file\n");
}

}  // namespace
}  // namespace gpuspec
