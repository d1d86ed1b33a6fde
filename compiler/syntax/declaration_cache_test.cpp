// The kept declarations' trees against a parse of the whole text: after every edit,
// DeclarationCache::parse must return what parse_file returns (every node, value and
// range, and every diagnostic: parse_outcome.h), whether it copied a chunk, parsed it
// alone or fell back to the whole text. The edits are those chunking could get wrong:
// braces in strings and comments, a `}` deleted (two declarations merge) or inserted
// (one splits), imports added after a declaration, lines inserted above everything,
// non-ASCII text, syntax broken and fixed. Each parse takes the last tree apart, as the
// language server's does.
#include "syntax/declaration_cache.h"

#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "syntax/parse_outcome.h"
#include "syntax/parser.h"
#include "syntax/test_inputs.h"

namespace gpuspec::syntax {
namespace {

// Parses `text` as the next version of one document (a new file id each time, as the
// language server's analyses are) both ways, and compares.
class Versions {
 public:
  ::testing::AssertionResult parse(const std::string& text) {
    const SourceFile& source = sources_.add("doc.gpuspec", text);
    DiagnosticEngine cached_diags, whole_diags;
    // The last tree is given away, as the language server gives the replaced analysis's.
    ast::File cached = cache_.parse(source, cached_diags, last_ ? &*last_ : nullptr);
    ast::File whole = parse_file(source, whole_diags);
    ParseOutcome a = outcome_of(sources_, cached, cached_diags);
    ParseOutcome b = outcome_of(sources_, whole, whole_diags);
    last_ = std::move(cached);
    if (a == b) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "input \"" << test_support::escaped_bytes(text) << "\"\ncached:\n"
                                         << a.tree << a.diagnostics << "whole:\n" << b.tree << b.diagnostics;
  }
  const DeclarationParseStats& stats() const { return cache_.stats(); }

 private:
  SourceManager sources_;
  DeclarationCache cache_;
  std::optional<ast::File> last_;
};

const char* kDocument = R"(# A document with braces where they close nothing: "}" and # { and /* } */
import "a.gpuspec"
import "b.gpuspec"

workload job_0 {
  task = llm.finetune  # a comment with a } in it
  note = "a string with a } and a { in it, and \" an escaped quote }"
  text = """a triple string
  with } and { and " inside }"""
  // { a slash comment
  /* a block } comment
     over lines { */
  batch_size = 8
}

server train_0 {
  serves = job_0
  gpu    = 8 x nvidia.h100_80gb_sxm
  site   { region = cn; currency = CNY }
  owner  = "équipe «données» }"
  waive gpu.export-restricted-region "reason }" until = "2027-01-01"
}

server train_1 { serves = job_0; gpu = 4 x nvidia.h100_80gb_sxm; storage { data { drives = 2 x a.b } } }
cloud rent_0 { serves = job_0; count = min(2, 3) + (1 * 2); region = "us-east-1"; list = [a, b, "}"] }
# trailing comment }
)";

TEST(DeclarationCacheTest, MatchesTheWholeParseOnEveryCommittedFile) {
  auto files = test_support::committed_gpuspec_files();
  ASSERT_GT(files.size(), 300u);
  int chunked = 0;
  for (const auto& path : files) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    Versions versions;
    EXPECT_TRUE(versions.parse(text.str())) << path;
    // Again, every chunk kept; then with a line above everything, every chunk moved.
    EXPECT_TRUE(versions.parse(text.str())) << path;
    if (!versions.stats().whole) {
      ++chunked;
      EXPECT_EQ(versions.stats().reparsed, 0u) << path;
    }
    EXPECT_TRUE(versions.parse("# moved\n" + text.str())) << path;
  }
  EXPECT_GT(chunked, 250);  // the clean files were chunked, not parsed whole
}

TEST(DeclarationCacheTest, ReparsesOnlyTheEditedDeclaration) {
  Versions versions;
  std::string text = kDocument;
  ASSERT_TRUE(versions.parse(text));
  EXPECT_FALSE(versions.stats().whole);
  EXPECT_EQ(versions.stats().reparsed, 4u);

  std::string edited = text;
  edited.replace(edited.find("8 x"), 1, "2");
  ASSERT_TRUE(versions.parse(edited));
  EXPECT_EQ(versions.stats().reparsed, 1u);
  EXPECT_EQ(versions.stats().reused, 3u);

  // A line above everything changes the first chunk (the imports and job_0) and moves the rest.
  edited = "# a new first line\n" + edited;
  ASSERT_TRUE(versions.parse(edited));
  EXPECT_EQ(versions.stats().reparsed, 1u);
  EXPECT_EQ(versions.stats().reused, 3u);

  // A syntax error: the whole text, with its diagnostics; fixed, the kept chunks serve again.
  std::string broken = edited;
  broken.insert(broken.find("serves = job_0;"), "{ = ");
  ASSERT_TRUE(versions.parse(broken));
  EXPECT_TRUE(versions.stats().whole);
  ASSERT_TRUE(versions.parse(edited));
  EXPECT_FALSE(versions.stats().whole);
  EXPECT_EQ(versions.stats().reparsed, 0u);
}

TEST(DeclarationCacheTest, FallsBackWhereChunksAloneWouldParseDifferently) {
  Versions versions;
  // An import after a declaration: each chunk parses alone, the file does not.
  ASSERT_TRUE(versions.parse("server a { gpu = 1 }\nimport \"x.gpuspec\"\n"));
  EXPECT_TRUE(versions.stats().whole);
  ASSERT_TRUE(versions.parse("server a { gpu = 1 }\nimport \"x.gpuspec\"\nserver b { }\n"));
  EXPECT_TRUE(versions.stats().whole);
  // A `}` that closes nothing; an unclosed string that swallows the next declaration's brace.
  ASSERT_TRUE(versions.parse("server a { gpu = 1 } }\nserver b { }\n"));
  EXPECT_TRUE(versions.stats().whole);
  ASSERT_TRUE(versions.parse("server a { gpu = \"1 }\nserver b { }\n"));
  EXPECT_TRUE(versions.stats().whole);
  ASSERT_TRUE(versions.parse("server a { gpu = \"\"\"1 }\nserver b { }\"\"\" }\n"));
  EXPECT_FALSE(versions.stats().whole);
  EXPECT_EQ(versions.stats().reparsed, 1u);
  ASSERT_TRUE(versions.parse("server a { gpu = 1 /* } */ }\nserver b { } /* unclosed"));
  EXPECT_TRUE(versions.stats().whole);
  ASSERT_TRUE(versions.parse(""));
  ASSERT_TRUE(versions.parse("\xEF\xBB\xBF# BOM\nserver a { }"));
  ASSERT_TRUE(versions.parse("server a { x = \"\xff\" }"));
  EXPECT_TRUE(versions.stats().whole);
}

// One random edit of the kinds chunking could get wrong.
std::string edited(const std::string& text, std::mt19937& rng) {
  auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); };
  std::vector<std::size_t> line_starts{0};
  for (std::size_t k = 0; k < text.size(); ++k) {
    if (text[k] == '\n' && k + 1 < text.size()) line_starts.push_back(k + 1);
  }
  std::size_t line = line_starts[pick(line_starts.size())];
  std::size_t line_end = text.find('\n', line);
  if (line_end == std::string::npos) line_end = text.size();
  std::size_t at = text.empty() ? 0 : pick(text.size() + 1);
  static const char* kSnippets[] = {"}", "{", "\"", "\"\"\"", "#", "/*", "*/", "//", "\n", " ", "é", "x",
                                    "}\nserver split_0 {", "import \"c.gpuspec\"\n", "server dup { }\n"};
  switch (pick(6)) {
    case 0:  // a line deleted (a `}` line merges two declarations)
      return text.substr(0, line) + text.substr(std::min(text.size(), line_end + 1));
    case 1:  // a line inserted
      return text.substr(0, line) + "# inserted\n" + text.substr(line);
    case 2:  // a snippet typed anywhere
      return text.substr(0, at) + kSnippets[pick(std::size(kSnippets))] + text.substr(at);
    case 3:  // a byte deleted
      return at < text.size() ? text.substr(0, at) + text.substr(at + 1) : text;
    case 4:  // an import added at the top or removed
      if (auto i = text.find("import \"a.gpuspec\"\n"); i != std::string::npos) return text.substr(0, i) + text.substr(i + 19);
      return "import \"a.gpuspec\"\n" + text;
    default:  // back to the document (the kept chunks serve again)
      return kDocument;
  }
}

TEST(DeclarationCacheTest, MatchesTheWholeParseAfterRandomEdits) {
  int chunked = 0, total = 0;
  for (unsigned seed = 1; seed <= 20; ++seed) {
    std::mt19937 rng(seed);
    Versions versions;
    std::string text = kDocument;
    for (int edit = 0; edit < 100; ++edit, ++total) {
      ASSERT_TRUE(versions.parse(text)) << "seed " << seed << ", edit " << edit;
      chunked += !versions.stats().whole;
      text = edited(text, rng);
    }
  }
  // Both paths ran: many edits keep the text clean, many break it.
  EXPECT_GT(chunked, total / 5);
  EXPECT_LT(chunked, total);
}

}  // namespace
}  // namespace gpuspec::syntax
