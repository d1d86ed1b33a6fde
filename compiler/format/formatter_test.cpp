#include "format/formatter.h"

#include <gtest/gtest.h>

namespace gpuspec::format {
namespace {

// Formats `text`; fails the test when it does not parse or the layout changed its tree.
std::string fmt(const std::string& text) {
  SourceManager sources;
  DiagnosticEngine diags;
  auto out = format_source(sources.add("t.gpuspec", text), diags);
  EXPECT_TRUE(out.has_value()) << (diags.diagnostics().empty() ? "" : diags.diagnostics().front().message);
  return out.value_or("");
}

// Every case is also a fixpoint: formatting the result changes nothing.
void expect_format(const std::string& input, const std::string& expected) {
  std::string once = fmt(input);
  EXPECT_EQ(once, expected);
  EXPECT_EQ(fmt(once), once) << "not idempotent";
}

TEST(Formatter, AlignsEqualsInARunOfPropertiesLikeTerraform) {
  expect_format("server s {\n  gpu = 4 x a\n      cpu_cores = b\n\n  psu = c\n  memory_total = d\n}\n",
                "server s {\n"
                "  gpu       = 4 x a\n"
                "  cpu_cores = b\n"
                "\n"
                "  psu          = c\n"
                "  memory_total = d\n"
                "}\n");
}

TEST(Formatter, BlockAndWaiverEndAnAlignmentRun) {
  expect_format("server s {\n a = 1\n storage { b = 2 }\n long_key = 3\n c = 4\n waive r \"why\"\n dd = 5\n}\n",
                "server s {\n"
                "  a = 1\n"
                "  storage { b = 2 }\n"
                "  long_key = 3\n"
                "  c        = 4\n"
                "  waive r \"why\"\n"
                "  dd = 5\n"
                "}\n");
}

TEST(Formatter, KeepsAtMostOneBlankLineAndNoneInsideBraceEdges) {
  expect_format("\n\nworkload a {\n\n\n  task = t\n\n\n\n  params = 7B\n\n}\n\n\n\nworkload b {\n  task = y\n}\n\n",
                "workload a {\n"
                "  task = t\n"
                "\n"
                "  params = 7B\n"
                "}\n"
                "\n"
                "workload b {\n"
                "  task = y\n"
                "}\n");
}

TEST(Formatter, KeepsOneLineBodiesOnOneLine) {
  expect_format("server s { storage { data { drives = 2 x d , raid = raid0 } ; system = e } }\n",
                "server s { storage { data { drives = 2 x d; raid = raid0 }; system = e } }\n");
  expect_format("workload w {}\nworkload v {\n}\n", "workload w {}\nworkload v {\n}\n");
}

TEST(Formatter, CanonicalSpellingOfLiterals) {
  expect_format("server s {\n a = 80GB\n b = 5GB/s\n c = 4x n.p\n d = 60 %\n e = 1e3\n f = 7B\n g = 5 GB / s\n"
                " h = pytorch @2.3\n i = -  3\n j = \"a\\\"b\"\n}\n",
                "server s {\n"
                "  a = 80 GB\n"
                "  b = 5 GB/s\n"
                "  c = 4 x n.p\n"
                "  d = 60%\n"
                "  e = 1e3\n"
                "  f = 7B\n"
                "  g = 5 GB/s\n"
                "  h = pytorch@2.3\n"
                "  i = -3\n"
                "  j = \"a\\\"b\"\n"
                "}\n");
}

TEST(Formatter, ExpressionsGetSingleSpacesAndKeepTheirParentheses) {
  expect_format("policy p {\n require = (a+b)*2>=c   and not  d in [v,y]\n at = min( a ,b, )\n}\n",
                "policy p {\n"
                "  require = (a + b) * 2 >= c and not d in [v, y]\n"
                "  at      = min(a, b)\n"
                "}\n");
}

TEST(Formatter, CommentsStayWhereTheyWere) {
  expect_format("# file header\n\n// about w\nworkload w { # opening\n  task = t # why t\n  params = 7B    # size\n"
                "  /* block */\n  stage = production\n  # last words\n}  # after\n# end of file\n",
                "# file header\n"
                "\n"
                "// about w\n"
                "workload w {  # opening\n"
                "  task   = t  # why t\n"
                "  params = 7B # size\n"
                "  /* block */\n"
                "  stage = production\n"
                "  # last words\n"
                "} # after\n"
                "# end of file\n");
}

TEST(Formatter, ACommentInsideAHeaderMovesAboveIt) {
  expect_format("workload /* odd */ w {\n  task /* odd too */ = t\n}\n",
                "/* odd */\n"
                "workload w {\n"
                "  /* odd too */\n"
                "  task = t\n"
                "}\n");
}

TEST(Formatter, AnExpressionHoldingACommentIsKeptAsWritten) {
  expect_format("policy p {\n  require = a >   /* why */ b\n}\n", "policy p {\n  require = a >   /* why */ b\n}\n");
}

TEST(Formatter, MultiLineListsGetOneItemPerLineWithTrailingCommas) {
  expect_format("server s {\n  benchmark = [mlperf,\n  nccl_tests # the fabric\n\n\n    , burn]\n  b = [\n  ]\n}\n",
                "server s {\n"
                "  benchmark = [\n"
                "    mlperf,\n"
                "    nccl_tests, # the fabric\n"
                "\n"
                "    burn,\n"
                "  ]\n"
                "  b = []\n"
                "}\n");
}

TEST(Formatter, TripleQuotedStringsKeepTheirLines) {
  expect_format("policy p {\n    doc = \"\"\"\n      first\n        second\n    \"\"\"\n  at = q\n}\n",
                "policy p {\n"
                "  doc = \"\"\"\n"
                "      first\n"
                "        second\n"
                "    \"\"\"\n"
                "  at = q\n"
                "}\n");
}

TEST(Formatter, ImportsAndWaivers) {
  expect_format("import \"a.gpuspec\";import \"b.gpuspec\"\nserver s {\n  waive r   \"\"\"long\n  reason\"\"\" until=\"2027-01-01\"\n}\n",
                "import \"a.gpuspec\"\n"
                "import \"b.gpuspec\"\n"
                "server s {\n"
                "  waive r \"\"\"long\n"
                "  reason\"\"\" until = \"2027-01-01\"\n"
                "}\n");
}

TEST(Formatter, CrLfInputComesOutWithLf) {
  expect_format("workload w {\r\n  task = t\r\n  /* a\r\n  b */\r\n}\r\n", "workload w {\n  task = t\n  /* a\n  b */\n}\n");
}

TEST(Formatter, EmptyAndCommentOnlyFiles) {
  expect_format("", "");
  expect_format("\n\n", "");
  expect_format("  # only\n\n\n# comments\n", "# only\n\n# comments\n");
}

TEST(Formatter, ReservedWordUnitsStayAttached) {
  // `2x` alone is a quantity with the (unknown) unit x; `2 x` would need a name after it.
  expect_format("server s {\n  a = 2x\n}\n", "server s {\n  a = 2x\n}\n");
}

TEST(Formatter, RefusesAFileWithSyntaxErrors) {
  SourceManager sources;
  DiagnosticEngine diags;
  EXPECT_FALSE(format_source(sources.add("t.gpuspec", "workload w {\n"), diags).has_value());
  EXPECT_TRUE(diags.has_errors());
}

}  // namespace
}  // namespace gpuspec::format
