#include "eval/template.h"

#include <gtest/gtest.h>

#include <tuple>

#include "eval/test_support.h"
#include "syntax/ast_dump.h"
#include "syntax/parser.h"

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

// A literal that starts with a doubled brace starts at the brace pair.
TEST(Template, SplitKeepsOffsetsAroundDoubledBraces) {
  TemplateParts parts = split_template("{{x}} {b}}} c{{");
  ASSERT_TRUE(parts.error.empty());
  ASSERT_EQ(parts.parts.size(), 3u);
  EXPECT_EQ(parts.parts[0].text, "{x} ");
  EXPECT_EQ(parts.parts[0].begin, 0u);
  EXPECT_EQ(parts.parts[1].text, "b");
  EXPECT_EQ(parts.parts[1].begin, 7u);
  EXPECT_EQ(parts.parts[2].text, "} c{");
  EXPECT_EQ(parts.parts[2].begin, 9u);
  TemplateParts late = split_template("ab{c}}}d");
  ASSERT_EQ(late.parts.size(), 3u);
  EXPECT_EQ(late.parts[2].text, "}d");
  EXPECT_EQ(late.parts[2].begin, 5u);
  TemplateParts broken = split_template("a {b} }");
  EXPECT_EQ(broken.error, "unmatched '}' at offset 6; write '}}' for a literal brace");
  EXPECT_EQ(broken.parts.size(), 2u);  // the parts before the error, as before
}

// The fact-reader index reads a template's holes without compiling it: the ids must be
// those of the compiled holes' programs, hole by hole, for every shape of hole.
TEST(Template, LazyReadsAreTheCompiledProgramsReads) {
  const char* texts[] = {
      "system memory {memory.total} is below {2 * gpu.vram_total}",
      "{gpu.count} GPUs over {gpu.link}, {{not a hole}} {{gpu.count}}",
      "{ memory.total } and {memory.total}",  // spaces: not one plain name, parsed
      "{no.such_fact} {fp8} {x} {not gpu.nvlink} {gpu.model in [a100, h100]}",
      "{count(software.monitoring)} {max(gpu.count, psu.count)} {1..2} {)} {}",
      "{1 } policy y { z = 2}",
      "open {memory.total",
      "stray } {gpu.count}",
      "",
  };
  for (const char* text : texts) {
    std::vector<facts::FactId> compiled;
    std::vector<facts::FactKey> keys;
    for (const auto& program : compile_template(text).programs) {
      if (program) program->collect_reads(keys);
    }
    for (const auto& key : keys) compiled.push_back(key.id);
    std::vector<facts::FactId> lazy;
    LazyTemplate(text).collect_reads(lazy);
    EXPECT_EQ(lazy, compiled) << text;
  }
  std::vector<facts::FactId> ids;
  LazyTemplate("{memory.total} {2 * gpu.count}").collect_reads(ids);
  EXPECT_EQ(ids, (std::vector<facts::FactId>{FactSchema::builtin().id("memory.total"), FactSchema::builtin().id("gpu.count")}));
}

TEST(Template, LazyCompilesOnFirstUseAsCompileTemplateDoes) {
  auto facts = server_facts();
  LazyTemplate lazy("memory {memory.total}, {2 * gpu.vram_total}");
  EXPECT_EQ(render_template(lazy.get(), facts).text, "memory 256 GB, 640 GB");
  EXPECT_EQ(&lazy.get(), &lazy.get());  // compiled once
  LazyTemplate ready(compile_template("{gpu.count} GPUs"));
  EXPECT_EQ(ready.text(), "{gpu.count} GPUs");
  EXPECT_EQ(render_template(ready.get(), facts).text, "4 GPUs");
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

namespace gpuspec::eval {
namespace {

// A hole that is one fact name skips the parser (template.cpp builds the tree itself):
// the tree, positions included, must be the one the parser builds for the same text.
TEST(Template, PlainNameHoleMatchesTheParser) {
  for (std::string_view name : {"nodes", "gpu.model", "workload.mem.per_gpu", "a-b.c_d.0e", "_x1"}) {
    SourceManager fast_sources;
    DiagnosticEngine fast_diags;
    ParsedExpression fast = parse_expression(fast_sources, name, fast_diags);
    ASSERT_NE(fast.expr, nullptr) << name;
    EXPECT_FALSE(fast_diags.has_errors()) << name;

    SourceManager parsed_sources;
    DiagnosticEngine parsed_diags;
    const SourceFile& file =
        parsed_sources.add("<expression>", std::string(fast_sources.file(fast.file_id).text()), true);
    ast::File parsed = syntax::parse_file(file, parsed_diags);
    EXPECT_FALSE(parsed_diags.has_errors()) << name;
    EXPECT_EQ(syntax::dump_ast(*fast.file, fast_sources), syntax::dump_ast(parsed, parsed_sources)) << name;
    // The dump leaves out some ranges; diagnostics point with all of them.
    auto same = [&](SourceRange a, SourceRange b, const char* what) {
      EXPECT_EQ(std::tie(a.file, a.begin, a.end), std::tie(b.file, b.begin, b.end)) << name << ": " << what;
    };
    ASSERT_EQ(parsed.declarations.size(), 1u);
    const ast::Declaration& f = fast.file->declarations[0];
    const ast::Declaration& p = parsed.declarations[0];
    same(f.kind_range, p.kind_range, "kind");
    same(f.name_range, p.name_range, "name");
    same(f.body.range, p.body.range, "body");
    same(f.range, p.range, "declaration");
    ASSERT_EQ(p.body.items.size(), 1u);
    const auto& fp = std::get<ast::Property>(f.body.items[0]);
    const auto& pp = std::get<ast::Property>(p.body.items[0]);
    same(fp.key_range, pp.key_range, "key");
    same(fp.range, pp.range, "property");
    same(fp.value->range, pp.value->range, "value");
  }
}

// Keywords and anything beyond one name still go through the parser.
TEST(Template, NonNameHolesStillParse) {
  for (std::string_view text : {"true", "x", "gpu.count * 2", "gpu.", "not nodes", "1e9"}) {
    SourceManager sources;
    DiagnosticEngine diags;
    ParsedExpression parsed = parse_expression(sources, text, diags);
    if (parsed.expr) {
      EXPECT_EQ(parsed.expr->as<ast::Name>(), nullptr) << text;
    }
  }
}

}  // namespace
}  // namespace gpuspec::eval
