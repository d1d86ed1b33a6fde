// The rules every reader goes through (source/confinement.h): the project root, the
// workspace roots of the language server, and the checks of paths a journal names.
#include "source/confinement.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

namespace gpuspec {
namespace {

namespace fs = std::filesystem;

class ConfinementTest : public ::testing::Test {
 protected:
  void SetUp() override {
    base_ = fs::temp_directory_path() / ("gpuspec-confinement-" + std::to_string(::getpid()) + "-" +
                                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(base_);
    fs::create_directories(base_ / "project" / "specs");
    fs::create_directories(base_ / "outside");
    base_ = fs::canonical(base_);
    std::ofstream(base_ / "project" / "gpuspec.json") << "{}";
    std::ofstream(base_ / "project" / "specs" / "a.gpuspec") << "";
    std::ofstream(base_ / "outside" / "secret.gpuspec") << "";
  }
  void TearDown() override { fs::remove_all(base_); }
  fs::path base_;
};

TEST_F(ConfinementTest, TheProjectRootIsTheNearestMarker) {
  EXPECT_EQ(find_project_root(base_ / "project" / "specs" / "a.gpuspec"), base_ / "project");
  // A dangling gpuspec.json marks the root too: a broken link cannot widen it.
  fs::create_directories(base_ / "project" / "specs" / "team");
  fs::create_symlink("gone.json", base_ / "project" / "specs" / "team" / "gpuspec.json");
  EXPECT_EQ(find_project_root(base_ / "project" / "specs" / "team" / "b.gpuspec"), base_ / "project" / "specs" / "team");
}

TEST_F(ConfinementTest, ResolveRefusesPathsAndLinksOutOfTheRoot) {
  ProjectRoot root = ProjectRoot::of_file(base_ / "project" / "specs" / "a.gpuspec");
  fs::path from = base_ / "project" / "specs";
  std::string error;
  ProjectRoot::Refusal why = ProjectRoot::Refusal::None;
  EXPECT_EQ(root.resolve(from, "a.gpuspec", error, &why), from / "a.gpuspec");
  EXPECT_FALSE(root.resolve(from, "../../outside/secret.gpuspec", error, &why));
  EXPECT_EQ(why, ProjectRoot::Refusal::Outside);
  EXPECT_FALSE(root.resolve(from, (base_ / "outside" / "secret.gpuspec").string(), error, &why));
  EXPECT_EQ(why, ProjectRoot::Refusal::Outside);
  fs::create_symlink(base_ / "outside" / "secret.gpuspec", from / "linked.gpuspec");
  EXPECT_FALSE(root.resolve(from, "linked.gpuspec", error, &why));
  EXPECT_EQ(why, ProjectRoot::Refusal::Outside);
  EXPECT_FALSE(root.resolve(from, std::string("a.gpuspec\0x", 11), error, &why));
  EXPECT_EQ(why, ProjectRoot::Refusal::Unusable);
}

TEST_F(ConfinementTest, NoRootReadsNothing) {
  ProjectRoot none = ProjectRoot::none("the document is outside every workspace folder");
  EXPECT_FALSE(none.allows_reads());
  std::string error;
  ProjectRoot::Refusal why = ProjectRoot::Refusal::None;
  EXPECT_FALSE(none.resolve(base_ / "project", "specs/a.gpuspec", error, &why));
  EXPECT_EQ(why, ProjectRoot::Refusal::NoRoot);
  EXPECT_EQ(error, "the document is outside every workspace folder");
}

TEST_F(ConfinementTest, TheInnermostWorkspaceHoldsAFile) {
  std::vector<fs::path> folders{base_, base_ / "project"};
  EXPECT_EQ(workspace_of(base_ / "project" / "specs" / "a.gpuspec", folders), base_ / "project");
  EXPECT_EQ(workspace_of(base_ / "outside" / "secret.gpuspec", folders), base_);
  EXPECT_EQ(workspace_of("/etc/x.gpuspec", {base_ / "project"}), std::nullopt);
  // A folder whose name only starts like the workspace's is not inside it.
  fs::create_directories(base_ / "project-2");
  EXPECT_EQ(workspace_of(base_ / "project-2" / "c.gpuspec", {base_ / "project"}), std::nullopt);
}

TEST_F(ConfinementTest, AJournalPathIsPlainAndRelative) {
  EXPECT_EQ(relative_path_problem("module/main.tf"), std::nullopt);
  EXPECT_TRUE(relative_path_problem("/etc/passwd"));
  EXPECT_TRUE(relative_path_problem("../victim"));
  EXPECT_TRUE(relative_path_problem("module/../../victim"));
  EXPECT_TRUE(relative_path_problem("./main.tf"));
  EXPECT_TRUE(relative_path_problem(""));
}

TEST_F(ConfinementTest, OpenFolderBelowNeverFollowsALink) {
  int root = ::open(base_.c_str(), O_RDONLY | O_DIRECTORY);
  ASSERT_GE(root, 0);
  int specs = open_folder_below(root, "project/specs");
  EXPECT_GE(specs, 0);
  if (specs >= 0) ::close(specs);
  fs::create_directory_symlink(base_ / "outside", base_ / "project" / "out");
  EXPECT_EQ(open_folder_below(root, "project/out"), -1);
  EXPECT_TRUE(errno == ELOOP || errno == ENOTDIR) << errno;
  EXPECT_EQ(open_folder_below(root, "project/../outside"), -1);
  ::close(root);
}

TEST_F(ConfinementTest, AnEditorBufferHasTheFileSizeCap) {
  ::setenv(kMaxFileSizeVariable, "1K", 1);
  EXPECT_EQ(over_size_cap(1024), std::nullopt);
  auto problem = over_size_cap(1025);
  ASSERT_TRUE(problem);
  EXPECT_EQ(*problem, "is 1025 bytes; the limit is 1 KiB (set GPUSPEC_MAX_FILE_SIZE to raise it)");
  ::unsetenv(kMaxFileSizeVariable);
}

}  // namespace
}  // namespace gpuspec
