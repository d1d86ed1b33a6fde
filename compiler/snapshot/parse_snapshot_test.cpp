// The parse snapshot made by the build (compiler/snapshot/) against the sources: every
// stored tree is what the parser makes of its text today, and it covers every
// embedded stdlib and policy file, so a run never parses the library again.
#include "snapshot/parse_snapshot_data.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <thread>

#include "driver/embedded.h"
#include "driver/embedded_library.h"
#include "facts/properties.h"
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

// What a price layer would read as the body's item (backends/cost/price_book.cpp's
// text_of): the first `item` property's literal string or symbol, else empty.
std::string item_of(const ast::Body& body) {
  const ast::Property* p = facts::find_property(body, "item");
  auto v = p ? facts::literal_value(*p->value) : std::nullopt;
  return v && (v->type == facts::Value::Type::String || v->type == facts::Value::Type::Symbol) ? v->text : "";
}

// A tree whose bodies were left unread has every header, no body until read, and once
// read (from two threads at once) is the whole tree; the item the snapshot records
// without the body is the body's.
TEST(ParseSnapshot, DeferredBodiesReadOnceToTheWholeTree) {
  std::size_t prices = 0;
  for (const auto& entry : parse_snapshot_entries()) {
    auto whole = syntax::deserialize_ast(entry.ast, 7);
    auto deferred = syntax::deserialize_ast(entry.ast, 7, syntax::Bodies::Deferred);
    ASSERT_TRUE(whole && deferred);
    ASSERT_EQ(whole->declarations.size(), deferred->declarations.size());
    for (std::size_t i = 0; i < whole->declarations.size(); ++i) {
      const auto& header = deferred->declarations[i];
      EXPECT_EQ(header.name, whole->declarations[i].name);
      EXPECT_TRUE(header.body.items.empty()) << header.name;
      const ast::DeferredBody* body = deferred->deferred_body(header);
      ASSERT_TRUE(body);
      if (header.kind == "price") {
        ++prices;
        EXPECT_TRUE(body->item_known) << header.name;
      }
      if (body->item_known) {
        EXPECT_EQ(body->item, item_of(whole->declarations[i].body)) << header.name;
      }
    }
    std::thread other([&] { deferred->read_all(); });
    deferred->read_all();
    other.join();
    EXPECT_EQ(syntax::serialize_ast(*deferred), std::optional<std::string>(entry.ast)) << entry.text.substr(0, 80);
  }
  EXPECT_GT(prices, 300u);
}

// A snapshot of another layout (an older build's) is refused, not misread: the text is
// then parsed.
TEST(ParseSnapshot, AnotherLayoutIsRefused) {
  auto entries = parse_snapshot_entries();
  ASSERT_FALSE(entries.empty());
  std::string bytes(entries.front().ast);
  ASSERT_EQ(bytes[0], 2) << "the layout's version comes first";
  for (char version : {char(1), char(3)}) {
    bytes[0] = version;
    EXPECT_FALSE(syntax::deserialize_ast(bytes, 7));
    EXPECT_FALSE(syntax::deserialize_ast(bytes, 7, syntax::Bodies::Deferred));
  }
}

// The library keeps its bodies unread until a declaration is reached through the index
// (DeclEntry::decl) or a whole file is asked for (Library::files()).
TEST(ParseSnapshot, TheLibraryReadsABodyWhenItsDeclarationIsUsed) {
  install();
  SourceManager sources;
  DiagnosticEngine diags;
  sema::Library library;
  embedded::add_to_library(library, sources, diags, embedded::stdlib_files(), "<stdlib>");
  const sema::DeclEntry* entry = library.index().find("nvidia.rtx_4090");
  ASSERT_TRUE(entry);
  EXPECT_TRUE(entry->decl.header().body.items.empty());
  EXPECT_FALSE(entry->decl->body.items.empty());
  std::size_t unread = 0;
  for (const auto& file : library.files_with_deferred_bodies()) {
    for (const auto& decl : file->ast.declarations) unread += decl.body.items.empty();
  }
  EXPECT_GT(unread, 100u);
  for (const auto& file : library.files()) {
    for (const auto& decl : file->ast.declarations) {
      const ast::DeferredBody* body = file->ast.deferred_body(decl);
      ASSERT_TRUE(body) << decl.name;
      EXPECT_TRUE(body->ready.load()) << decl.name;
    }
  }
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
