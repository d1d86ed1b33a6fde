#include "driver/config.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

namespace gpuspec::driver {
namespace {

TEST(Config, ReadsEveryKeyAndResolvesPolicyFoldersAgainstTheConfig) {
  std::string error;
  auto config = parse_config(
      R"({"select": ["x", "y.*"], "ignore": ["e"], "disable": ["a.b"], "severity": {"c.d": "info"}, "policies": ["pol", "pol/../team"], "fail-on": "warning"})",
      "proj/gpuspec.json", error);
  ASSERT_TRUE(config) << error;
  EXPECT_EQ(config->rules.select, (std::vector<std::string>{"x", "y.*"}));
  // "disable" is the older name of "ignore": both add to it (the keys are read in name order).
  EXPECT_EQ(config->rules.ignore, (std::vector<std::string>{"a.b", "e"}));
  EXPECT_EQ(config->severities.at("c.d"), Severity::Info);
  EXPECT_EQ(config->policy_dirs, (std::vector<std::string>{"proj/pol", "proj/team"}));
  EXPECT_EQ(config->fail_on, Severity::Warning);
}

TEST(Config, PriceBooksResolveAgainstTheConfigAndComeBeforeTheFlags) {
  std::string error;
  auto config = parse_config(R"({"prices": ["prices/quotes.gpuspec", "./team.gpuspec"]})", "proj/gpuspec.json", error);
  ASSERT_TRUE(config) << error;
  EXPECT_EQ(config->price_files, (std::vector<std::string>{"proj/prices/quotes.gpuspec", "proj/team.gpuspec"}));
  EXPECT_EQ(price_paths(*config, {"extra.gpuspec"}),
            (std::vector<std::string>{"proj/prices/quotes.gpuspec", "proj/team.gpuspec", "extra.gpuspec"}));
}

// A config is the repository's: a policy folder it names stays inside its project root
// (the config's own folder, which it marks), like an import.
TEST(Config, RefusesPolicyFoldersOutsideItsProject) {
  auto dir = std::filesystem::temp_directory_path() / ("gpuspec_config_root_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "proj");
  std::string path = (dir / "proj" / "gpuspec.json").string();
  std::ofstream(path) << "{}";
  for (const char* folder : {"../shared", "/etc", "pol/../../x"}) {
    std::string error;
    std::string text = std::string("{\"policies\": [\"") + folder + "\"]}";
    EXPECT_FALSE(parse_config(text, path, error)) << folder;
    EXPECT_NE(error.find("is outside the project root"), std::string::npos) << error;
  }
  std::string error;
  EXPECT_TRUE(parse_config(R"({"policies": ["pol"]})", path, error)) << error;
  std::filesystem::remove_all(dir);
}

// Price books are read like policy folders: inside the config's project only.
TEST(Config, RefusesPriceBooksOutsideItsProject) {
  auto dir = std::filesystem::temp_directory_path() / ("gpuspec_config_prices_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "proj");
  std::string path = (dir / "proj" / "gpuspec.json").string();
  std::ofstream(path) << "{}";
  for (const char* file : {"../elsewhere/quotes.gpuspec", "/etc/passwd", "prices/../../x.gpuspec"}) {
    std::string error;
    std::string text = std::string("{\"prices\": [\"") + file + "\"]}";
    EXPECT_FALSE(parse_config(text, path, error)) << file;
    EXPECT_NE(error.find("\"prices\": cannot use"), std::string::npos) << error;
    EXPECT_NE(error.find("is outside the project root"), std::string::npos) << error;
  }
  std::string error;
  EXPECT_TRUE(parse_config(R"({"prices": ["prices/quotes.gpuspec"]})", path, error)) << error;
  std::filesystem::remove_all(dir);
}

TEST(Config, AnEmptyFileOnlyMarksTheProjectRoot) {
  std::string error;
  auto config = parse_config(" \n", "gpuspec.json", error);
  ASSERT_TRUE(config) << error;
  EXPECT_FALSE(config->rules.select);
  EXPECT_TRUE(config->rules.ignore.empty());
  EXPECT_FALSE(config->fail_on);
}

struct BadConfig {
  const char* text;
  const char* message;
};

class ConfigErrors : public ::testing::TestWithParam<BadConfig> {};

TEST_P(ConfigErrors, NameTheFileAndTheProblem) {
  std::string error;
  EXPECT_FALSE(parse_config(GetParam().text, "x/gpuspec.json", error));
  EXPECT_EQ(error, GetParam().message);
}

INSTANTIATE_TEST_SUITE_P(
    All, ConfigErrors,
    ::testing::Values(
        BadConfig{"{\"disable\": [\"a\",]}",
                  "x/gpuspec.json: invalid JSON: parse error at line 1, column 18: syntax error while parsing value - "
                  "unexpected ']'; expected '[', '{', or a literal"},
        BadConfig{"[]", "x/gpuspec.json: expected a JSON object, not array"},
        BadConfig{R"({"fail_on": "error"})", "x/gpuspec.json: unknown key \"fail_on\"; did you mean \"fail-on\"?"},
        BadConfig{R"({"zzz": 1})",
                  "x/gpuspec.json: unknown key \"zzz\"; the keys are \"select\", \"ignore\", \"disable\", \"severity\", "
                  "\"policies\", \"fail-on\", \"exclude\" and \"prices\""},
        BadConfig{R"({"prices": "quotes.gpuspec"})", "x/gpuspec.json: \"prices\" must be a list of strings, not string"},
        BadConfig{R"({"selct": ["a"]})", "x/gpuspec.json: unknown key \"selct\"; did you mean \"select\"?"},
        BadConfig{R"({"ignore": "a"})", "x/gpuspec.json: \"ignore\" must be a list of strings, not string"},
        BadConfig{R"({"disable": "a"})", "x/gpuspec.json: \"disable\" must be a list of strings, not string"},
        BadConfig{R"({"policies": [1]})", "x/gpuspec.json: \"policies\" must be a list of strings, but has a number"},
        BadConfig{R"({"severity": {"a": "fatal"}})",
                  "x/gpuspec.json: \"severity\": \"a\" must be \"error\", \"warning\" or \"info\", not \"fatal\""},
        BadConfig{R"({"fail-on": "note"})", "x/gpuspec.json: \"fail-on\" must be \"error\", \"warning\" or \"info\", not \"note\""}));

TEST(Config, FlagsOverrideTheConfig) {
  LintConfig config;
  config.rules.select = std::vector<std::string>{"s"};
  config.rules.ignore = {"a"};
  config.severities = {{"b", Severity::Info}, {"c", Severity::Info}};
  config.policy_dirs = {"p"};
  config.fail_on = Severity::Warning;
  LintOverrides flags;
  flags.select = std::vector<std::string>{"t"};
  flags.ignore = {"d"};
  flags.severities = {{"b", Severity::Error}};
  flags.policy_dirs = {"q"};
  flags.fail_on = Severity::Info;
  LintConfig merged = apply_overrides(config, flags);
  EXPECT_EQ(merged.rules.select, (std::vector<std::string>{"t"}));  // --select replaces, as ruff's does
  EXPECT_EQ(merged.rules.ignore, (std::vector<std::string>{"a", "d"}));  // --ignore adds
  EXPECT_EQ(merged.severities.at("b"), Severity::Error);
  EXPECT_EQ(merged.severities.at("c"), Severity::Info);
  EXPECT_EQ(merged.policy_dirs, (std::vector<std::string>{"p", "q"}));
  EXPECT_EQ(merged.fail_on, Severity::Info);
}

TEST(ConfigFinder, NearestConfigWinsAndTheSearchStopsWhenThereIsNone) {
  namespace fs = std::filesystem;
  fs::path root = fs::temp_directory_path() / ("gpuspec-config-test-" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "a" / "b" / "c");
  std::ofstream(root / "a" / "gpuspec.json") << "{}";
  std::ofstream(root / "a" / "b" / "gpuspec.json") << "{}";
  ConfigFinder finder;
  auto deep = finder.nearest((root / "a" / "b" / "c" / "x.gpuspec").string());
  ASSERT_TRUE(deep);
  EXPECT_EQ(fs::path(*deep).filename(), "gpuspec.json");
  EXPECT_EQ(fs::absolute(*deep).parent_path().filename(), "b");
  auto upper = finder.nearest((root / "a" / "y.gpuspec").string());
  ASSERT_TRUE(upper);
  EXPECT_EQ(fs::absolute(*upper).parent_path().filename(), "a");
  fs::remove_all(root);
}

}  // namespace
}  // namespace gpuspec::driver
