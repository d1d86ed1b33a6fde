// word_scan answers "is there such a byte in these eight" exactly, for every byte value
// at every position, including the borrow cases (a hit below a byte that is not one).
#include "source/word_scan.h"

#include <gtest/gtest.h>

#include <string>

namespace gpuspec {
namespace {

std::uint64_t word_of(const std::string& bytes) { return word_scan::load(bytes.data()); }

TEST(WordScan, EveryByteValueAtEveryPosition) {
  for (int position = 0; position < 8; ++position) {
    for (int value = 0; value < 256; ++value) {
      for (char filler : {'a', '\x7f', '\x20', '\x01'}) {
        std::string bytes(8, filler);
        bytes[position] = static_cast<char>(value);
        std::uint64_t word = word_of(bytes);
        auto filler_byte = static_cast<unsigned char>(filler);
        bool below = value < 0x20 || filler_byte < 0x20;
        EXPECT_EQ(word_scan::any_below(word, 0x20) != 0, below) << position << " " << value;
        EXPECT_EQ(word_scan::any_equal(word, '"') != 0, value == '"') << position << " " << value;
        EXPECT_EQ(word_scan::any_equal(word, 0x7f) != 0, value == 0x7f || filler_byte == 0x7f) << value;
        EXPECT_EQ(word_scan::any_high(word) != 0, value >= 0x80) << position << " " << value;
        EXPECT_EQ(word_scan::continuation_bytes(word), (value & 0xC0) == 0x80 ? 1 : 0) << position << " " << value;
      }
    }
  }
}

// A byte below the limit next to bytes just above it: the subtraction borrows, and the
// answer must still be yes (and no when nothing is below).
TEST(WordScan, BorrowsDoNotChangeTheAnswer) {
  EXPECT_NE(word_scan::any_below(word_of(std::string("\x00\x20\x20\x20\x20\x20\x20\x20", 8)), 0x20), 0u);
  EXPECT_NE(word_scan::any_below(word_of(std::string("\x20\x20\x20\x20\x20\x20\x20\x1f", 8)), 0x20), 0u);
  EXPECT_EQ(word_scan::any_below(word_of(std::string("\x20\x21\xff\x80\x7f\x20\x20\x20", 8)), 0x20), 0u);
  EXPECT_EQ(word_scan::any_equal(word_of(std::string("\x23\x21\x22\x00\x00\x00\x00\x00", 8)), '"') != 0, true);
  EXPECT_EQ(word_scan::any_equal(word_of(std::string("\x23\x21\x23\x00\x01\x02\x03\x04", 8)), '"'), 0u);
  EXPECT_EQ(word_scan::continuation_bytes(word_of("\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98")), 5);
}

}  // namespace
}  // namespace gpuspec
