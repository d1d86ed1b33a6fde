// The typed catalog must answer exactly what reading the syntax tree answered
// (find_property + literal_value), build each declaration once, and be readable from
// several threads at once (check --jobs shares the library's view).
#include "facts/typed_catalog.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "facts/properties.h"

namespace gpuspec::facts {
namespace {

// Nested blocks, a repeated block (the last one counts), a repeated property (the
// first counts) and a first property that is not a literal (which hides the second).
constexpr const char* kCatalog = R"(
gpu test.gpu {
  vram  = 24 GB
  class = consumer
  ecc   = true
  power = [450 W, 500 W]
  note  = "a string"
  cores = -3 W
  storage {
    data { drives = 2 }
    data { drives = 4 }
  }
}
part test.part {
  category = other
  size     = 1 GB + 1 GB
  size     = 3 GB
  dup      = 1
  dup      = 2
}
)";

struct Loaded {
  SourceManager sources;
  DiagnosticEngine diags;
  sema::Library library;
  Loaded() { library.add_file(sources, diags, "<test>/catalog.gpuspec", kCatalog); }
  const sema::DeclEntry& entry(const char* name) const { return *library.index().find(name); }
};

// What catalog_property answered before the typed view: the syntax tree, read again.
std::optional<CatalogFact> from_syntax(const sema::DeclEntry& entry, std::string_view path) {
  const ast::Property* p = find_property(entry.decl->body, path);
  if (!p) return std::nullopt;
  auto value = literal_value(*p->value);
  if (!value) return std::nullopt;
  return CatalogFact{*value, Origin{Origin::Kind::Catalog, p->range, entry.decl->name, {}}};
}

TEST(TypedCatalog, AnswersWhatTheSyntaxTreeAnswers) {
  Loaded loaded;
  for (const char* name : {"test.gpu", "test.part"}) {
    const sema::DeclEntry& entry = loaded.entry(name);
    for (const char* path : {"vram", "class", "ecc", "power", "note", "cores", "storage", "storage.data",
                             "storage.data.drives", "category", "size", "dup", "missing", "storage.missing",
                             "nope.drives"}) {
      auto expected = from_syntax(entry, path);
      auto got = catalog_property(entry, path);
      ASSERT_EQ(got.has_value(), expected.has_value()) << name << " " << path;
      if (!got) continue;
      EXPECT_EQ(got->value.display(), expected->value.display()) << name << " " << path;
      EXPECT_EQ(got->value.type, expected->value.type) << name << " " << path;
      EXPECT_EQ(got->origin.range.begin, expected->origin.range.begin) << name << " " << path;
      EXPECT_EQ(got->origin.entry, name);
      EXPECT_EQ(got->origin.kind, Origin::Kind::Catalog);
    }
  }
}

TEST(TypedCatalog, KeepsFindPropertysRulesForRepeats) {
  Loaded loaded;
  EXPECT_EQ(catalog_property(loaded.entry("test.gpu"), "storage.data.drives")->value.display(), "4");  // last block
  EXPECT_EQ(catalog_property(loaded.entry("test.part"), "dup")->value.display(), "1");                   // first property
  EXPECT_FALSE(catalog_property(loaded.entry("test.part"), "size").has_value());  // the first is an expression
  EXPECT_EQ(catalog_property(loaded.entry("test.gpu"), "cores")->value.display(), "-3 W");
}

TEST(TypedCatalog, EachDeclarationIsBuiltOnceAndSharedAcrossThreads) {
  Loaded loaded;
  const sema::DeclEntry& gpu = loaded.entry("test.gpu");
  std::vector<const CatalogFact*> seen(8, nullptr);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < seen.size(); ++i) {
    threads.emplace_back([&, i] { seen[i] = catalog_fact(gpu, "vram"); });
  }
  for (auto& t : threads) t.join();
  ASSERT_NE(seen[0], nullptr);
  for (const CatalogFact* fact : seen) EXPECT_EQ(fact, seen[0]);
  EXPECT_EQ(&typed_declaration(gpu), &typed_declaration(gpu));
}

TEST(TypedCatalog, ADeclarationOutsideItsFileIsStillRead) {
  Loaded loaded;
  const sema::DeclEntry& gpu = loaded.entry("test.gpu");
  // A copy of test.gpu's declaration held outside the file's array.
  Loaded other;
  sema::DeclEntry stray{other.entry("test.gpu").decl, gpu.file};
  ASSERT_NE(catalog_fact(stray, "vram"), nullptr);
  EXPECT_EQ(catalog_fact(stray, "vram")->value.display(), "24 GB");
  EXPECT_EQ(catalog_fact(stray, "vram"), catalog_fact(stray, "vram"));  // kept, not rebuilt
  EXPECT_NE(catalog_fact(stray, "vram"), catalog_fact(gpu, "vram"));
}

// Properties are found through a hash table: with hundreds of them (long probe chains),
// names that are prefixes of each other and paths that differ only inside a block,
// every path still answers what the syntax tree answers, and no other path answers.
TEST(TypedCatalog, ManyPropertiesAreEachFoundByTheirPath) {
  std::string text = "part many.props {\n";
  for (int i = 0; i < 300; ++i) text += "  p" + std::to_string(i) + " = " + std::to_string(i) + "\n";
  text += "  b { p1 = 1001\n p10 = 1010 }\n  bp1 = 7\n}\n";
  SourceManager sources;
  DiagnosticEngine diags;
  sema::Library library;
  library.add_file(sources, diags, "<test>/many.gpuspec", text);
  ASSERT_FALSE(diags.has_errors());
  const sema::DeclEntry& entry = *library.index().find("many.props");
  for (int i = 0; i < 300; ++i) {
    const CatalogFact* fact = catalog_fact(entry, "p" + std::to_string(i));
    ASSERT_NE(fact, nullptr) << i;
    EXPECT_EQ(fact->value.display(), std::to_string(i));
  }
  EXPECT_EQ(catalog_fact(entry, "b.p1")->value.display(), "1001");
  EXPECT_EQ(catalog_fact(entry, "b.p10")->value.display(), "1010");
  EXPECT_EQ(catalog_fact(entry, "bp1")->value.display(), "7");
  for (const char* absent : {"p300", "p", "", "b.p2", "b", "bp10", "p1.b", "b.p1 "}) {
    EXPECT_EQ(catalog_fact(entry, absent), nullptr) << absent;
    EXPECT_FALSE(from_syntax(entry, absent).has_value()) << absent;
  }
}

}  // namespace
}  // namespace gpuspec::facts
