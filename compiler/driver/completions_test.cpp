// The completion scripts cover the whole command table: every command and every
// option of every command, in all three shells.
#include "driver/completions.h"

#include <gtest/gtest.h>

#include "driver/command_table.h"

namespace gpuspec::driver {
namespace {

class EveryShell : public testing::TestWithParam<std::string (*)(const CompletionWords&)> {};

TEST_P(EveryShell, NamesEveryCommandAndOption) {
  std::string script = GetParam()({{"memory.ram-2x-vram"}, {"gpu"}});
  for (const auto& command : commands()) {
    EXPECT_NE(script.find(std::string(command.name)), std::string::npos) << command.name;
    for (const auto& option : command.options) {
      // fish spells --format as `-l format` and -o as `-s o`.
      std::string bare(option.name.substr(option.name.find_first_not_of('-')));
      EXPECT_NE(script.find(bare), std::string::npos) << command.name << " " << option.name;
    }
  }
  EXPECT_NE(script.find("memory.ram-2x-vram"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Shells, EveryShell, testing::Values(&bash_completion, &zsh_completion, &fish_completion));

TEST(CommandTable, NamesAndOptionsAreUnique) {
  std::set<std::string_view> names;
  for (const auto& command : commands()) {
    EXPECT_TRUE(names.insert(command.name).second) << command.name;
    std::set<std::string_view> options;
    for (const auto& option : command.options) {
      EXPECT_TRUE(options.insert(option.name).second) << command.name << " " << option.name;
      EXPECT_FALSE(option.help.empty()) << command.name << " " << option.name;
    }
    EXPECT_NE(command.run, nullptr) << command.name;
    EXPECT_FALSE(command.synopses.empty()) << command.name;
  }
}

}  // namespace
}  // namespace gpuspec::driver
