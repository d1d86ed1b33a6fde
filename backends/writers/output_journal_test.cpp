// A journal gpuspec itself wrote (so its identity holds) but that names something
// outside its folder, or a file whose contents are not what the run wrote, is never
// acted on. test/lit/hostile/journal-planted.test covers journals gpuspec did not
// write (committed, copied, from an older version) through the binary.
#include "backends/writers/output_journal.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "backends/writers/output_manifest.h"

namespace gpuspec::writers {
namespace {

namespace fs = std::filesystem;

constexpr long kGonePid = 2147483647;  // past any pid_max: a run that no longer exists

class JournalTest : public ::testing::Test {
 protected:
  void SetUp() override {
    base_ = fs::temp_directory_path() / ("gpuspec-journal-" + std::to_string(::getpid()) + "-" +
                                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(base_);
    fs::create_directories(base_ / "out");
    fs::create_directories(base_ / "elsewhere");
    folder_ = base_ / "out";
  }
  void TearDown() override { fs::remove_all(base_); }
  static void write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }
  static std::string read(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
  // A journal a run that died while committing left in the folder: written by
  // JournalFile, so it is gpuspec's own, listing `target` as a new file with `hash`.
  void leave_journal(const fs::path& target, const std::string& hash) {
    Journal journal;
    journal.pid = kGonePid;
    journal.token = "1-0123456789ab";
    journal.state = Journal::State::Committing;
    journal.files.push_back({target, false, hash});
    std::string error;
    ASSERT_TRUE(JournalFile(folder_).create(journal, error)) << error;
  }
  // The next run's attempt to take the folder.
  bool next_run(std::string& error) {
    Journal journal;
    journal.pid = ::getpid();
    journal.token = "2-0123456789ab";
    JournalFile file(folder_);
    bool ok = file.create(journal, error);
    if (ok) file.remove();
    return ok;
  }

  fs::path base_;
  fs::path folder_;
};

TEST_F(JournalTest, RecoversItsOwnNewFile) {
  write(folder_ / "main.tf", "new output");
  leave_journal("main.tf", content_hash("new output"));
  std::string error;
  ASSERT_TRUE(next_run(error)) << error;
  EXPECT_FALSE(fs::exists(folder_ / "main.tf"));  // the interrupted run's file, removed
  EXPECT_FALSE(fs::exists(folder_ / kJournalName));
}

TEST_F(JournalTest, KeepsAFileWhoseContentsAreNotWhatTheRunWrote) {
  write(folder_ / "terraform.tfstate", "someone's state");
  leave_journal("terraform.tfstate", content_hash("new output"));
  std::string error;
  ASSERT_TRUE(next_run(error)) << error;
  EXPECT_EQ(read(folder_ / "terraform.tfstate"), "someone's state");
}

TEST_F(JournalTest, RefusesAPathOutsideItsFolder) {
  write(base_ / "elsewhere" / "victim", "keep");
  for (const fs::path& target : {fs::path("../elsewhere/victim"), base_ / "elsewhere" / "victim"}) {
    fs::remove(folder_ / kJournalName);
    leave_journal(target, content_hash("keep"));
    std::string error;
    EXPECT_FALSE(next_run(error));
    EXPECT_NE(error.find("names a path outside its folder"), std::string::npos) << error;
    EXPECT_NE(error.find(".gpuspec-journal"), std::string::npos) << error;
    EXPECT_EQ(read(base_ / "elsewhere" / "victim"), "keep");
    EXPECT_TRUE(fs::exists(folder_ / kJournalName));  // left as it is
  }
}

TEST_F(JournalTest, RefusesAPathThroughASymbolicLink) {
  write(base_ / "elsewhere" / "victim", "keep");
  fs::create_directory_symlink(base_ / "elsewhere", folder_ / "module");
  leave_journal("module/victim", content_hash("keep"));
  std::string error;
  EXPECT_FALSE(next_run(error));
  EXPECT_NE(error.find("'module' in its folder is a symbolic link"), std::string::npos) << error;
  EXPECT_EQ(read(base_ / "elsewhere" / "victim"), "keep");
}

TEST_F(JournalTest, RefusesACopyOfAGenuineJournal) {
  write(folder_ / "main.tf", "new output");
  leave_journal("main.tf", content_hash("new output"));
  // The same bytes in another file (a checkout, a copy): not the file it describes.
  // Copied while the original exists, so the copy cannot reuse its inode number.
  fs::copy_file(folder_ / kJournalName, base_ / "copy");
  fs::rename(base_ / "copy", folder_ / kJournalName);
  std::string error;
  EXPECT_FALSE(next_run(error));
  EXPECT_NE(error.find("records the identity of another file"), std::string::npos) << error;
  EXPECT_EQ(read(folder_ / "main.tf"), "new output");
}

}  // namespace
}  // namespace gpuspec::writers
