#include "backends/writers/csv_writer.h"

#include <gtest/gtest.h>

#include "backends/writers/markdown_table.h"

namespace gpuspec::writers {
namespace {

TEST(CsvWriter, PlainFieldsAreNotQuoted) {
  EXPECT_EQ(csv_field("nvidia.rtx_4090"), "nvidia.rtx_4090");
  EXPECT_EQ(csv_field(""), "");
}

TEST(CsvWriter, QuotesCommasQuotesAndLineBreaks) {
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("12\" rack"), "\"12\"\" rack\"");
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(csv_field("cr\rhere"), "\"cr\rhere\"");
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

TEST(MarkdownTable, RendersHeaderAlignmentAndRows) {
  MarkdownTable t;
  t.header({"part", "total"}, {MarkdownTable::Align::Left, MarkdownTable::Align::Right});
  t.row({"gpu|x", "10"});
  EXPECT_EQ(t.str(), "| part | total |\n|---|---:|\n| gpu\\|x | 10 |\n");
}

}  // namespace
}  // namespace gpuspec::writers
