// The parse snapshot made by the build (compiler/snapshot/) against the sources: every
// stored tree is what the parser makes of its text today, and it covers every
// embedded stdlib and policy file, so a run never parses the library again.
#include "snapshot/parse_snapshot_data.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "driver/embedded.h"
#include "driver/embedded_library.h"
#include "sema/program.h"
#include "syntax/ast_snapshot.h"
#include "syntax/parse_snapshot.h"
#include "syntax/parser.h"

namespace gpuspec::snapshot {
namespace {

// Every stored tree is what `parse` makes of its text, which is not embedded (so
// parse_file must really parse, not read the snapshot) and parses without a diagnostic.
void expect_every_tree_is(ast::File (*parse)(const SourceFile&, DiagnosticEngine&), const char* mismatch) {
  auto entries = parse_snapshot_entries();
  ASSERT_FALSE(entries.empty());
  for (const auto& entry : entries) {
    SourceManager sources;
    DiagnosticEngine diags;
    const SourceFile& source = sources.add("<check>", std::string(entry.text));
    auto bytes = syntax::serialize_ast(parse(source, diags));
    EXPECT_TRUE(diags.diagnostics().empty()) << entry.text.substr(0, 80);
    ASSERT_TRUE(bytes);
    EXPECT_TRUE(*bytes == entry.ast) << mismatch << entry.text.substr(0, 80);
  }
}

TEST(ParseSnapshot, EveryStoredTreeIsTheParseOfItsText) {
  expect_every_tree_is([](const SourceFile& source, DiagnosticEngine& diags) { return syntax::parse_file(source, diags); },
                       "stale snapshot for: ");
}

// The snapshot is made by parse_file, whose hand-written parser reads the clean library;
// the ANTLR parser (the reference, syntax/fast_parser.h) must make the same trees of
// every embedded file and message hole.
TEST(ParseSnapshot, EveryStoredTreeIsAlsoTheAntlrParse) {
  expect_every_tree_is(syntax::parse_file_with_antlr, "the parsers differ on: ");
}

TEST(ParseSnapshot, CoversEveryEmbeddedLibraryFile) {
  std::set<std::string_view> stored;
  auto entries = parse_snapshot_entries();
  for (const auto& entry : entries) stored.insert(entry.text);
  for (const auto& file : embedded::stdlib_files()) EXPECT_TRUE(stored.count(file.text)) << file.path;
  for (const auto& file : embedded::policy_files()) EXPECT_TRUE(stored.count(file.text)) << file.path;
}

TEST(ParseSnapshot, EmbeddedSourcesReadTheSnapshot) {
  install();
  const auto& file = embedded::stdlib_files()[0];
  SourceManager sources;
  DiagnosticEngine diags;
  const SourceFile& embedded_source = sources.add("<stdlib>/x", std::string(file.text), true);
  const SourceFile& user_source = sources.add("x.gpuspec", std::string(file.text));
  ast::File from_snapshot = syntax::parse_file(embedded_source, diags);
  ast::File parsed = syntax::parse_file(user_source, diags);
  EXPECT_TRUE(diags.diagnostics().empty());
  EXPECT_EQ(from_snapshot.file, embedded_source.id());
  EXPECT_EQ(syntax::serialize_ast(from_snapshot), syntax::serialize_ast(parsed));
}

// A run skips sema::check_library for the embedded library when the build found it
// clean; that must be what checking it now finds.
TEST(ParseSnapshot, TheEmbeddedLibraryChecksAsTheBuildFound) {
  SourceManager sources;
  DiagnosticEngine diags;
  sema::Library library;
  embedded::load_and_check_library(library, sources, diags);
  install();
  EXPECT_EQ(diags.diagnostics().empty(), syntax::embedded_library_checks_clean());
  EXPECT_TRUE(syntax::embedded_library_checks_clean()) << "the embedded library has diagnostics";
}

}  // namespace
}  // namespace gpuspec::snapshot
