#include "facts/explanation.h"

#include <gtest/gtest.h>

#include <string>

#include "facts/fact.h"

namespace gpuspec::facts {
namespace {

units::Quantity gb(double n) { return {n * 1e9, units::Dimension::data(), units::Currency::None}; }
units::Quantity watts(double n) { return {n, units::Dimension::power(), units::Currency::None}; }

TEST(ExplanationTest, EmptyByDefault) {
  Explanation e;
  EXPECT_TRUE(e.empty());
  EXPECT_EQ(e.str(), "");
  EXPECT_FALSE(e.deferred());
}

TEST(ExplanationTest, LiteralAndOwnedTextReadBack) {
  Explanation literal = "schema default";
  EXPECT_FALSE(literal.empty());
  EXPECT_EQ(literal.str(), "schema default");
  Explanation owned = std::string("8 x 80 GB");
  EXPECT_EQ(owned, "8 x 80 GB");
  EXPECT_TRUE(Explanation("").empty());
  EXPECT_EQ(Explanation::literal("a static text"), "a static text");
}

// The deferred text is byte for byte what the eager fmt::format call printed before.
TEST(ExplanationTest, FormatsExactlyLikeFmtWithUnitsFormat) {
  const double n = 8;
  const std::string name = "nvidia.h100_sxm";
  EXPECT_EQ(Explanation::format("{} x {}", n, name).str(), fmt::format("{} x {}", n, name));
  EXPECT_EQ(Explanation::format("{} x {}", n, shown(gb(80))).str(), fmt::format("{} x {}", n, units::format(gb(80))));
  EXPECT_EQ(Explanation::format("{} x {}", 2.5, shown(watts(1500))).str(), "2.5 x 1.5 kW");
  EXPECT_EQ(Explanation::format("{:g} GPUs, {:.4g}B params", 16.0, 7.0123456).str(),
            fmt::format("{:g} GPUs, {:.4g}B params", 16.0, 7.0123456));
  EXPECT_EQ(Explanation::format("{} per node x {} nodes", 8.0, 1.0).str(), "8 per node x 1 nodes");
  EXPECT_EQ(Explanation::format("tensor parallel {}", 4).str(), "tensor parallel 4");
}

TEST(ExplanationTest, FormatsOnlyWhenRead) {
  Explanation e = Explanation::format("{} x {}", 4.0, shown(gb(80)));
  EXPECT_TRUE(e.deferred());
  EXPECT_FALSE(e.empty());  // reading whether it is empty is reading it
  EXPECT_FALSE(e.deferred());
  EXPECT_EQ(e, "4 x 80 GB");
  EXPECT_EQ(e.str(), "4 x 80 GB");  // formatted once, then kept
}

TEST(ExplanationTest, AnEmptyFormattedTextIsEmpty) {
  EXPECT_TRUE(Explanation::format("{}", std::string()).empty());
}

// Arguments are copies: the text may be read after everything it was made from is gone.
TEST(ExplanationTest, OutlivesItsArguments) {
  Explanation e;
  {
    std::string name = "a name longer than the small-string buffer";
    std::string_view view = name;
    const char* pointer = name.c_str();
    e = Explanation::format("{} / {} / {}", name, view, pointer);
    name.assign(name.size(), 'x');
  }
  EXPECT_EQ(e.str(), "a name longer than the small-string buffer / a name longer than the small-string buffer / "
                     "a name longer than the small-string buffer");
}

TEST(ExplanationTest, CopiesShareTheDeferredTextAndReadTheSame) {
  Explanation original = Explanation::format("{} x {}", 2.0, shown(watts(3000)));
  Explanation copy = original;
  EXPECT_TRUE(copy.deferred());
  EXPECT_EQ(copy.str(), "2 x 3 kW");
  EXPECT_TRUE(original.deferred());  // reading the copy does not touch the original
  EXPECT_EQ(original.str(), "2 x 3 kW");
}

// An explanation may quote another (power.gpus quotes gpu.board_power_total's): the
// quoted one is formatted only when the quoting one is read.
TEST(ExplanationTest, QuotesAnotherExplanationLazily) {
  Explanation inner = Explanation::format("{} x {}", 4.0, shown(watts(700)));
  Explanation outer = Explanation::format("{} board power", inner);
  EXPECT_TRUE(inner.deferred());
  EXPECT_EQ(outer.str(), "4 x 700 W board power");
  EXPECT_EQ(fmt::format("({})", outer), "(4 x 700 W board power)");
}

TEST(ExplanationTest, OriginsTakeEveryFormAsBefore) {
  Origin literal{Origin::Kind::Default, {}, {}, "schema default"};
  Origin owned{Origin::Kind::Derived, {}, {}, std::string("2 x 1500 W")};
  Origin none{Origin::Kind::Declared, {}, {}, {}};
  EXPECT_EQ(literal.explanation, "schema default");
  EXPECT_EQ(owned.explanation, std::string("2 x 1500 W"));
  EXPECT_TRUE(none.explanation.empty());
  const std::string& text = owned.explanation;  // readers that want a std::string get one
  EXPECT_EQ(text, "2 x 1500 W");
}

}  // namespace
}  // namespace gpuspec::facts
