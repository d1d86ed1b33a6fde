#include "backends/probe/dump_folder.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace gpuspec::probe {
namespace {

namespace fs = std::filesystem;
using Status = ToolOutput::Status;

class DumpFolderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gpuspec-dump-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  void write(const std::string& name, const std::string& text) { std::ofstream(dir_ / name, std::ios::binary) << text; }
  fs::path dir_;
};

TEST_F(DumpFolderTest, ReadsAFixedNameAndSaysWhenItIsAbsent) {
  write("meminfo", "MemTotal: 1 kB\n");
  std::string error;
  auto folder = DumpFolder::open(dir_.string(), error);
  ASSERT_TRUE(folder) << error;
  auto out = folder->read("meminfo", 1024);
  EXPECT_EQ(out.status, Status::Ok);
  EXPECT_EQ(out.text, "MemTotal: 1 kB\n");
  EXPECT_EQ(folder->read("lscpu.json", 1024).status, Status::NotSaved);
}

TEST_F(DumpFolderTest, NeverFollowsALinkOutOfTheFolder) {
  fs::create_symlink("/etc/passwd", dir_ / "os-release");
  std::string error;
  auto folder = DumpFolder::open(dir_.string(), error);
  ASSERT_TRUE(folder) << error;
  auto out = folder->read("os-release", 1024);
  EXPECT_EQ(out.status, Status::Failed);
  EXPECT_TRUE(out.text.empty());
  EXPECT_NE(out.detail.find("symbolic link"), std::string::npos);
}

TEST_F(DumpFolderTest, RefusesAFifoAFolderAndAnOversizedFile) {
  ASSERT_EQ(::mkfifo((dir_ / "ibstat.txt").c_str(), 0600), 0);
  fs::create_directories(dir_ / "lsblk.json");
  write("meminfo", std::string(2048, 'x'));
  std::string error;
  auto folder = DumpFolder::open(dir_.string(), error);
  ASSERT_TRUE(folder) << error;
  EXPECT_EQ(folder->read("ibstat.txt", 1024).status, Status::Failed);  // returns at once: never waits for a writer
  EXPECT_EQ(folder->read("lsblk.json", 1024).status, Status::Failed);
  EXPECT_EQ(folder->read("meminfo", 1024).status, Status::TooLarge);
}

TEST_F(DumpFolderTest, OnlyPlainNames) {
  std::string error;
  auto folder = DumpFolder::open(dir_.string(), error);
  ASSERT_TRUE(folder) << error;
  EXPECT_EQ(folder->read("../etc/passwd", 1024).status, Status::Failed);
  EXPECT_EQ(folder->read("..", 1024).status, Status::Failed);
  EXPECT_FALSE(DumpFolder::open((dir_ / "missing").string(), error));
  EXPECT_NE(error.find("No such file"), std::string::npos);
}

}  // namespace
}  // namespace gpuspec::probe
