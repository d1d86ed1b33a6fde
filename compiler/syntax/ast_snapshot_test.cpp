// The snapshot form of a syntax tree: what is read back is what was written (every
// node kind, ranges re-anchored to the reading file), and malformed bytes are refused,
// never a crash.
#include "syntax/ast_snapshot.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "syntax/ast_dump.h"
#include "syntax/parser.h"

namespace gpuspec::syntax {
namespace {

// Every expression and item kind the grammar has, comments of each style.
constexpr const char* kEveryKind = R"(import "other.gpuspec"
# hash comment
// slash comment
/* block comment */
server s1 {
  gpu = 4 x nvidia.a100_80gb_sxm
  power = 1.5 kW; ratio = 60%; params = 7B; n = 2.5; name = "tab\t\"q\""
  flag = true; off = false; fw = pytorch@2.3
  list = [a, b.c, -1, (2 + 3) * 4 / 5 - 6]
  cond = not (x.y >= 2 * z) and a != b or c in [d, e] and f < 1 and g <= 2 and h > 3 and i == 4
  call = min(a, max(b, 1 GB), ceil(2.5))
  storage { data { drives = 2 x samsung.pm9a3_3_84tb } }
  waive memory.ram-2x-vram "reason" until = "2027-01-01"
  waive gpu.x
}
)";

TEST(AstSnapshot, ReadsBackWhatItWrote) {
  SourceManager sources;
  DiagnosticEngine diags;
  const SourceFile& first = sources.add("a.gpuspec", kEveryKind);
  const SourceFile& second = sources.add("b.gpuspec", kEveryKind);
  ast::File parsed = parse_file(first, diags);
  ASSERT_TRUE(diags.diagnostics().empty());
  auto bytes = serialize_ast(parsed);
  ASSERT_TRUE(bytes);

  // Read back into the second file: the same tree, every range in that file.
  auto read = deserialize_ast(*bytes, second.id());
  ASSERT_TRUE(read);
  EXPECT_EQ(read->file, second.id());
  ast::File reparsed = parse_file(second, diags);
  EXPECT_EQ(dump_ast(*read, sources), dump_ast(reparsed, sources));
  EXPECT_EQ(serialize_ast(*read), bytes);
  ASSERT_EQ(read->comments.size(), 3u);
  EXPECT_EQ(read->comments[2].text, "/* block comment */");
  EXPECT_EQ(read->comments[2].range.file, second.id());
}

TEST(AstSnapshot, RefusesMalformedBytes) {
  SourceManager sources;
  DiagnosticEngine diags;
  const SourceFile& source = sources.add("a.gpuspec", kEveryKind);
  auto bytes = serialize_ast(parse_file(source, diags));
  ASSERT_TRUE(bytes);
  // Every proper prefix is refused (the reader checks lengths and the end).
  for (std::size_t n = 0; n < bytes->size(); ++n) {
    EXPECT_FALSE(deserialize_ast(std::string_view(*bytes).substr(0, n), source.id())) << n;
  }
  std::string longer = *bytes + "x";
  EXPECT_FALSE(deserialize_ast(longer, source.id()));
  // Flipped bytes never crash (they may still read as some other tree).
  for (std::size_t i = 0; i < bytes->size(); ++i) {
    std::string flipped = *bytes;
    flipped[i] = static_cast<char>(flipped[i] ^ 0xFF);
    (void)deserialize_ast(flipped, source.id());
  }
}

// A deferred body is read after its file was accepted: bytes that the whole read refuses
// but the deferred one accepts (a flip inside a body) throw when the body is read, never
// leave it empty in silence.
TEST(AstSnapshot, ADeferredBodyThatDoesNotReadThrows) {
  SourceManager sources;
  DiagnosticEngine diags;
  const SourceFile& source = sources.add("a.gpuspec", kEveryKind);
  auto bytes = serialize_ast(parse_file(source, diags));
  ASSERT_TRUE(bytes);
  std::size_t thrown = 0;
  for (std::size_t n = 0; n < bytes->size(); ++n) {
    std::string flipped = *bytes;
    flipped[n] = static_cast<char>(flipped[n] ^ 0xFF);
    if (deserialize_ast(flipped, source.id())) continue;  // the whole read takes it: not this case
    auto deferred = deserialize_ast(flipped, source.id(), Bodies::Deferred);
    if (!deferred) continue;  // refused up front, outside the bodies
    EXPECT_THROW(deferred->read_all(), std::runtime_error) << n;
    ++thrown;
  }
  EXPECT_GT(thrown, 0u);
}

TEST(AstSnapshot, RefusesATreeWithRangesInAnotherFile) {
  SourceManager sources;
  DiagnosticEngine diags;
  const SourceFile& source = sources.add("a.gpuspec", "server s { n = 1 }\n");
  ast::File file = parse_file(source, diags);
  file.declarations[0].name_range.file = source.id() + 1;
  EXPECT_FALSE(serialize_ast(file));
}

}  // namespace
}  // namespace gpuspec::syntax
