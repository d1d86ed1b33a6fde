#include "backends/writers/csv_writer.h"

#include <gtest/gtest.h>

#include "backends/writers/markdown_table.h"

namespace gpuspec::writers {
namespace {

TEST(CsvWriter, PlainFieldsAreNotQuoted) {
  EXPECT_EQ(csv_field("nvidia.rtx_4090"), "nvidia.rtx_4090");
  EXPECT_EQ(csv_field(""), "");
}

TEST(CsvWriter, QuotesCommasAndQuotes) {
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("12\" rack"), "\"12\"\" rack\"");
}

TEST(CsvWriter, LineBreaksAndControlsAreShownAsEscapes) {
  EXPECT_EQ(csv_field("two\nlines"), "two\\nlines");
  EXPECT_EQ(csv_field("cr\rhere, too"), "\"cr\\rhere, too\"");
  EXPECT_EQ(csv_field("\x1b[31mred"), "\\x1B[31mred");
}

TEST(CsvWriter, FormulaCellsAreNeutralised) {
  // OWASP's list: = + - @ at the start get a leading ' and quotes.
  EXPECT_EQ(csv_field("=cmd|' /C calc'!A0"), "\"'=cmd|' /C calc'!A0\"");
  EXPECT_EQ(csv_field("+1+1"), "\"'+1+1\"");
  EXPECT_EQ(csv_field("-2+3"), "\"'-2+3\"");
  EXPECT_EQ(csv_field("@SUM(A1)"), "\"'@SUM(A1)\"");
  // TAB and CR are shown as `\t`, `\r` text, which no spreadsheet runs.
  EXPECT_EQ(csv_field("\t=1"), "\\t=1");
  EXPECT_EQ(csv_field("\r=1"), "\\r=1");
  EXPECT_EQ(csv_field("=HYPERLINK(\"http://x\")"), "\"'=HYPERLINK(\"\"http://x\"\")\"");
  // Not at the start, or a plain number: left as it is.
  EXPECT_EQ(csv_field("a=b"), "a=b");
  EXPECT_EQ(csv_field("-12.50"), "-12.50");
  EXPECT_EQ(csv_field("+3"), "+3");
  EXPECT_EQ(csv_field("-"), "\"'-\"");
  EXPECT_EQ(csv_field("-1e5"), "\"'-1e5\"");
}

TEST(CsvWriter, RowsEndWithCrlf) {
  CsvWriter w;
  w.row({"qty", "part"});
  w.row({"2", "say \"hi\", twice"});
  EXPECT_EQ(w.str(), "qty,part\r\n2,\"say \"\"hi\"\", twice\"\r\n");
}

TEST(MarkdownTable, EscapesPipesAndBreaks) {
  EXPECT_EQ(markdown_cell("a|b"), "a\\|b");
  EXPECT_EQ(markdown_cell("x\\y"), "x\\\\y");
  EXPECT_EQ(markdown_cell("l1\r\nl2"), "l1<br>l2");
}

TEST(MarkdownTable, EscapesHtmlLinksAndCode) {
  EXPECT_EQ(markdown_cell("<script>alert(1)</script>"), "&lt;script>alert(1)&lt;/script>");
  EXPECT_EQ(markdown_cell("[click](javascript:x) ![i](http://t/p.png)"), "\\[click\\](javascript:x) !\\[i\\](http://t/p.png)");
  EXPECT_EQ(markdown_cell("`code` **bold** &amp;"), "\\`code\\` \\*\\*bold\\*\\* &amp;amp;");
  EXPECT_EQ(markdown_cell("nvidia.rtx_4090 (24 GB), USD->CNY"), "nvidia.rtx_4090 (24 GB), USD->CNY");
}

TEST(MarkdownTable, ShowsControlCharactersAsEscapes) {
  EXPECT_EQ(markdown_cell("a\x1b[31mb"), "a\\\\x1B\\[31mb");
  EXPECT_EQ(markdown_cell("l1\nl2\r"), "l1<br>l2<br>");
}

TEST(MarkdownTable, CodeSpansStayLiteral) {
  EXPECT_EQ(markdown_code("memory.total"), "`memory.total`");
  EXPECT_EQ(markdown_code("a`b"), "``a`b``");
  EXPECT_EQ(markdown_code("`x"), "`` `x ``");
  EXPECT_EQ(markdown_code("a|b\x1b"), "`a\\|b\\x1B`");
}

TEST(MarkdownTable, MarkdownRowsAreNotEscapedTwice) {
  MarkdownTable t;
  t.header({"fact", "value"});
  t.row_markdown({markdown_code("gpu.count"), markdown_cell("a|b")});
  t.row({"`plain`", "a|b"});
  EXPECT_EQ(t.str(), "| fact | value |\n|---|---|\n| `gpu.count` | a\\|b |\n| \\`plain\\` | a\\|b |\n");
}

TEST(MarkdownTable, RendersHeaderAlignmentAndRows) {
  MarkdownTable t;
  t.header({"part", "total"}, {MarkdownTable::Align::Left, MarkdownTable::Align::Right});
  t.row({"gpu|x", "10"});
  EXPECT_EQ(t.str(), "| part | total |\n|---|---:|\n| gpu\\|x | 10 |\n");
}

}  // namespace
}  // namespace gpuspec::writers
