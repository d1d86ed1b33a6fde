#include "backends/prices_import/decimal.h"

#include <gtest/gtest.h>

#include "backends/prices_import/csv_reader.h"

namespace gpuspec::prices_import {
namespace {

TEST(ParseDecimalTest, ProvidersFiguresDigitForDigit) {
  EXPECT_EQ(parse_decimal("21.9576420000").text, "21.957642");
  EXPECT_EQ(parse_decimal("21.9576400000").text, "21.95764");
  EXPECT_EQ(parse_decimal("0.0104").text, "0.0104");
  EXPECT_EQ(parse_decimal("1.4E-05").text, "0.000014");
  EXPECT_EQ(parse_decimal("55.04e1").text, "550.4");
  EXPECT_EQ(parse_decimal(" 17 ").text, "17");
}

TEST(ParseDecimalTest, GroupingOnlyWhereAsked) {
  EXPECT_EQ(parse_decimal("17,499.00", true).text, "17499");
  EXPECT_EQ(parse_decimal("1,234,567.5", true).text, "1234567.5");
  EXPECT_EQ(parse_decimal("17,499.00").problem, SkipReason::PriceMalformed);
  EXPECT_EQ(parse_decimal("1,23,4", true).problem, SkipReason::PriceMalformed);
}

TEST(ParseDecimalTest, WhatIsNoPriceSaysWhy) {
  EXPECT_EQ(parse_decimal("0.0000000000").problem, SkipReason::PriceZero);
  EXPECT_EQ(parse_decimal("1e-40").problem, SkipReason::PriceZero);
  EXPECT_EQ(parse_decimal("-1").problem, SkipReason::PriceNegative);
  EXPECT_EQ(parse_decimal("1e400").problem, SkipReason::PriceTooLarge);
  EXPECT_EQ(parse_decimal("1e99999999999999999999").problem, SkipReason::PriceTooLarge);
  EXPECT_EQ(parse_decimal("1000000000").problem, SkipReason::PriceTooLarge);
  EXPECT_EQ(parse_decimal("999999999").text, "999999999");
  for (const char* bad : {"", "abc", "1e", "1.2.3", "NaN", "inf", "0x10", "1 2"}) {
    EXPECT_EQ(parse_decimal(bad).problem, SkipReason::PriceMalformed) << bad;
  }
}

TEST(ParseDecimalTest, RoundsHalfUpPastTheFinestFraction) {
  EXPECT_EQ(parse_decimal("0.1234567890125").text, "0.123456789013");
  EXPECT_EQ(parse_decimal("9.9999999999995").text, "10");
}

TEST(CompareDecimalTest, OrdersByValueNotText) {
  EXPECT_LT(compare_decimal("9.5", "10"), 0);
  EXPECT_EQ(compare_decimal("2.50", "2.5"), 0);
  EXPECT_GT(compare_decimal("2.5000001", "2.5"), 0);
}

TEST(CsvReaderTest, QuotedFieldsHoldCommasQuotesAndLineBreaks) {
  CsvTable table = read_csv("\xEF\xBB\xBFpart,notes\r\nx,\"a, \"\"b\"\"\nc\"\n\ny,\n");
  ASSERT_FALSE(table.error);
  ASSERT_EQ(table.records.size(), 3u);
  EXPECT_EQ(table.records[1].fields[1].text, "a, \"b\"\nc");
  EXPECT_EQ(table.records[2].fields[0].text, "y");
  EXPECT_EQ(table.records[2].fields[1].text, "");
}

TEST(DivideDecimalTest, TermTotalOverItsHoursRoundedHalfUp) {
  EXPECT_EQ(divide_decimal("551221", 8760, 6), "62.924772");   // 62.9247716894...
  EXPECT_EQ(divide_decimal("26280", 26280, 6), "1");
  EXPECT_EQ(divide_decimal("98.32", 8, 6), "12.29");
  EXPECT_EQ(divide_decimal("0.0000125", 1, 6), "0.000013");     // the half rounds up
  EXPECT_EQ(divide_decimal("0.0000124", 1, 6), "0.000012");
  EXPECT_EQ(divide_decimal("1", 26280, 6), "0.000038");
  EXPECT_EQ(divide_decimal("1", 8760000, 6), "0");              // below a millionth
  EXPECT_EQ(divide_decimal("999999.9999995", 1, 6), "1000000");
  EXPECT_EQ(divide_decimal("5", 0, 6), "");
}

TEST(CsvReaderTest, WhatTheRfcForbidsIsAnErrorAtItsByte) {
  auto error_at = [](const char* text) {
    CsvTable table = read_csv(text);
    return table.error ? static_cast<int>(table.error->offset) : -1;
  };
  EXPECT_EQ(error_at("a,b\n1,\"2\n"), 6);    // never closed
  EXPECT_EQ(error_at("a,b\n1,2\"x\n"), 7);   // a quote inside an unquoted field
  EXPECT_GE(error_at("a,b\n1,\"2\"x\n"), 8);  // text after the closing quote
  EXPECT_GE(error_at("a,b\n1,2,3\n"), 4);     // more fields than the header
}

}  // namespace
}  // namespace gpuspec::prices_import
