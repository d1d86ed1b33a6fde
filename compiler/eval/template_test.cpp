#include "eval/template.h"

#include <gtest/gtest.h>

#include "eval/test_support.h"

namespace gpuspec::eval {
namespace {

using testing::server_facts;

TEST(Template, RendersHolesWithUnits) {
  auto facts = server_facts();
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"system memory {memory.total} is below 2 x total VRAM ({2 * gpu.vram_total})",
       "system memory 256 GB is below 2 x total VRAM (640 GB)"},
      {"add at least {2 * gpu.vram_total - memory.total} of memory", "add at least 384 GB of memory"},
      {"full load {power.full_load} needs {1.5 * power.full_load} of PSU", "full load 2 kW needs 3 kW of PSU"},
      {"{gpu.count} GPUs over {gpu.link}", "4 GPUs over nvswitch"},
      {"{ memory.total }", "256 GB"},
      {"no holes", "no holes"},
      {"", ""},
      {"braces {{like this}}", "braces {like this}"},
      {"monitoring {software.monitoring}, cuda {software.cuda}", "monitoring [dcgm, prometheus], cuda \"12.1\""},
  };
  for (const auto& [text, expected] : cases) {
    RenderedTemplate r = render_template(text, facts);
    EXPECT_EQ(r.text, expected) << text;
    EXPECT_TRUE(r.complete) << text;
    EXPECT_TRUE(r.errors.empty()) << text;
  }
}

TEST(Template, UnknownAndBrokenHoles) {
  auto facts = server_facts();
  RenderedTemplate unknown = render_template("needs {workload.mem.per_gpu} per GPU", facts);
  EXPECT_EQ(unknown.text, "needs unknown per GPU");
  EXPECT_FALSE(unknown.complete);
  EXPECT_TRUE(unknown.errors.empty());

  RenderedTemplate bad = render_template("x {1 +} y", facts);
  EXPECT_EQ(bad.text, "x ? y");
  EXPECT_FALSE(bad.complete);
  ASSERT_EQ(bad.errors.size(), 1u);

  RenderedTemplate failing = render_template("{1 / 0}", facts);
  EXPECT_EQ(failing.text, "?");
  ASSERT_EQ(failing.errors.size(), 1u);
  EXPECT_EQ(failing.errors[0], "'{1 / 0}': division by zero");

  for (const char* text : {"open {memory.total", "stray } brace"}) {
    RenderedTemplate r = render_template(text, facts);
    EXPECT_FALSE(r.complete) << text;
    EXPECT_EQ(r.errors.size(), 1u) << text;
  }
  // Text that would close the wrapper declaration is not an expression.
  RenderedTemplate escape = render_template("{1 } policy y { z = 2}", facts);
  EXPECT_FALSE(escape.complete);
}

TEST(Template, SplitKeepsOffsets) {
  TemplateParts parts = split_template("a {b} c");
  ASSERT_TRUE(parts.error.empty());
  ASSERT_EQ(parts.parts.size(), 3u);
  EXPECT_FALSE(parts.parts[0].is_expression);
  EXPECT_EQ(parts.parts[0].text, "a ");
  EXPECT_TRUE(parts.parts[1].is_expression);
  EXPECT_EQ(parts.parts[1].text, "b");
  EXPECT_EQ(parts.parts[1].begin, 3u);
  EXPECT_EQ(parts.parts[2].text, " c");
  EXPECT_EQ(parts.parts[2].begin, 5u);
}

TEST(Template, CheckedWhenThePolicyLoads) {
  SourceRange at{3, 40, 90};
  DiagnosticEngine ok;
  EXPECT_TRUE(check_template("memory {memory.total} below {2 * gpu.vram_total}", at, FactSchema::builtin(), ok));
  EXPECT_TRUE(ok.diagnostics().empty());

  DiagnosticEngine diags;
  EXPECT_FALSE(check_template("memory {memory.totl} and {memory.total + cpu.tdp}", at, FactSchema::builtin(), diags));
  ASSERT_EQ(diags.diagnostics().size(), 2u);
  EXPECT_EQ(diags.diagnostics()[0].id, "unknown-fact");
  EXPECT_EQ(diags.diagnostics()[0].message, "in '{memory.totl}': unknown fact 'memory.totl'");
  EXPECT_EQ(diags.diagnostics()[0].hint.value_or(""), "did you mean 'memory.total'?");
  EXPECT_EQ(diags.diagnostics()[0].range.begin, 40u);
  EXPECT_EQ(diags.diagnostics()[1].id, "unit-mismatch");
  EXPECT_TRUE(diags.diagnostics()[1].notes.empty());  // notes pointed into the local wrapper file

  DiagnosticEngine unbalanced;
  EXPECT_FALSE(check_template("open {memory.total", at, FactSchema::builtin(), unbalanced));
  ASSERT_EQ(unbalanced.diagnostics().size(), 1u);
  EXPECT_EQ(unbalanced.diagnostics()[0].id, "template");
}

}  // namespace
}  // namespace gpuspec::eval
