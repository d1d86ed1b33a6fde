#include "lint/rule_selection.h"

#include <gtest/gtest.h>

namespace gpuspec::lint {
namespace {

const std::vector<std::string_view> kRules = {"ops.monitoring", "ops.burn-in-72h", "memory.ram-2x-vram",
                                              "memory.channels-populated", "storage.nvme-for-data", "storage.nvmex"};

struct Match {
  const char* pattern;
  const char* id;
  bool matches;
};

class PatternMatches : public ::testing::TestWithParam<Match> {};

TEST_P(PatternMatches, IdsPrefixesAtABoundaryAndGlobs) {
  EXPECT_EQ(pattern_matches(GetParam().pattern, GetParam().id), GetParam().matches) << GetParam().pattern;
}

INSTANTIATE_TEST_SUITE_P(
    All, PatternMatches,
    ::testing::Values(Match{"ops.monitoring", "ops.monitoring", true}, Match{"ops", "ops.monitoring", true},
                      Match{"op", "ops.monitoring", false},  // a prefix ends at a `.` or `-`
                      Match{"storage.nvme", "storage.nvme-for-data", true}, Match{"storage.nvme", "storage.nvmex", false},
                      Match{"ops.*", "ops.burn-in-72h", true}, Match{"*-72h", "ops.burn-in-72h", true},
                      Match{"memory.ram-?x-vram", "memory.ram-2x-vram", true}, Match{"ops.*", "memory.ram-2x-vram", false},
                      Match{"", "ops.monitoring", false}));

std::set<std::string> off(std::optional<std::vector<std::string>> select, std::vector<std::string> ignore) {
  return disabled_rules(RuleSelection{std::move(select), std::move(ignore)}, kRules);
}

TEST(DisabledRules, WithoutSelectEveryRuleRunsButTheIgnoredOnes) {
  EXPECT_TRUE(off(std::nullopt, {}).empty());
  EXPECT_EQ(off(std::nullopt, {"ops.*"}), (std::set<std::string>{"ops.monitoring", "ops.burn-in-72h"}));
}

TEST(DisabledRules, SelectKeepsOnlyWhatItNames) {
  EXPECT_EQ(off(std::vector<std::string>{"memory"}, {}),
            (std::set<std::string>{"ops.monitoring", "ops.burn-in-72h", "storage.nvme-for-data", "storage.nvmex"}));
}

TEST(DisabledRules, TheMoreSpecificPatternWinsAndATieIgnores) {
  // A whole id beats the prefix of its area, both ways round.
  EXPECT_EQ(off(std::vector<std::string>{"memory.ram-2x-vram"}, {"memory"}).count("memory.ram-2x-vram"), 0u);
  EXPECT_EQ(off(std::vector<std::string>{"memory"}, {"memory.ram-2x-vram"}).count("memory.ram-2x-vram"), 1u);
  // The longer literal wins: `ops.burn*` over `ops`.
  EXPECT_EQ(off(std::vector<std::string>{"ops"}, {"ops.burn*"}).count("ops.burn-in-72h"), 1u);
  EXPECT_EQ(off(std::vector<std::string>{"ops.burn*"}, {"ops"}).count("ops.burn-in-72h"), 0u);
  // The same pattern on both sides: ignored.
  EXPECT_EQ(off(std::vector<std::string>{"ops"}, {"ops"}).count("ops.monitoring"), 1u);
}

TEST(PatternNamingNoRule, IsRefusedWithTheNearestIdOrArea) {
  EXPECT_FALSE(pattern_naming_no_rule(RuleSelection{std::vector<std::string>{"ops", "*-72h"}, {"memory.ram-2x-vram"}},
                                      kRules, "here"));
  EXPECT_EQ(*pattern_naming_no_rule(RuleSelection{std::nullopt, {"ops.monitorin"}}, kRules, "here"),
            "unknown rule 'ops.monitorin' here; did you mean 'ops.monitoring'?");
  EXPECT_EQ(*pattern_naming_no_rule(RuleSelection{std::vector<std::string>{"memroy.*"}, {}}, kRules, "here"),
            "no rule matches 'memroy.*' here; did you mean 'memory'?");
}

}  // namespace
}  // namespace gpuspec::lint
