// The input reader: regular files only, a size limit that /proc-style files (size 0)
// cannot slip past, and paths that the system would misread refused up front.
#include "source/file_reader.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace gpuspec {
namespace {

namespace fs = std::filesystem;

class FileReaderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gpuspec-reader-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
    return (dir_ / name).string();
  }
  fs::path dir_;
};

TEST_F(FileReaderTest, ReadsARegularFile) {
  std::string error;
  auto text = read_regular_file(write("a.gpuspec", "workload w {}\n"), 1024, error);
  ASSERT_TRUE(text) << error;
  EXPECT_EQ(*text, "workload w {}\n");
}

TEST_F(FileReaderTest, ReadsAFileOfExactlyTheLimit) {
  std::string error;
  auto text = read_regular_file(write("a", std::string(5000, 'x')), 5000, error);
  ASSERT_TRUE(text) << error;
  EXPECT_EQ(text->size(), 5000u);
}

TEST_F(FileReaderTest, RefusesAFileOverTheLimit) {
  std::string error;
  EXPECT_FALSE(read_regular_file(write("a", std::string(5001, 'x')), 5000, error));
  EXPECT_EQ(error, "is 5001 bytes; the limit is 5000 bytes (set GPUSPEC_MAX_FILE_SIZE to raise it)");
}

TEST_F(FileReaderTest, AFileThatReportsNoSizeIsStillLimited) {
  // /proc files report st_size 0; this one is 16 KB or more on any Linux.
  std::string error;
  EXPECT_FALSE(read_regular_file("/proc/self/maps", 100, error));
  EXPECT_EQ(error, "is larger than the limit; the limit is 100 bytes (set GPUSPEC_MAX_FILE_SIZE to raise it)");
}

TEST_F(FileReaderTest, RefusesAFifoWithoutBlocking) {
  std::string path = (dir_ / "pipe").string();
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  std::string error;
  EXPECT_FALSE(read_regular_file(path, 1024, error));
  EXPECT_EQ(error, "is a FIFO, not a regular file");
}

TEST_F(FileReaderTest, RefusesDevicesAndDirectories) {
  std::string error;
  EXPECT_FALSE(read_regular_file("/dev/zero", 1024, error));
  EXPECT_EQ(error, "is a character device, not a regular file");
  EXPECT_FALSE(read_regular_file(dir_.string(), 1024, error));
  EXPECT_EQ(error, "is a directory");
}

TEST_F(FileReaderTest, MissingFileGivesTheSystemReason) {
  std::string error;
  EXPECT_FALSE(read_regular_file((dir_ / "nope").string(), 1024, error));
  EXPECT_EQ(error, "No such file or directory");
}

TEST(UnusablePathTest, NulAndOverLongPaths) {
  using namespace std::string_literals;
  EXPECT_EQ(unusable_path_reason("a\0b.gpuspec"s), "the path contains a NUL character");
  EXPECT_EQ(unusable_path_reason(std::string(300, 'a')), "a name in the path is 300 bytes long; the limit is 255");
  EXPECT_EQ(unusable_path_reason(std::string(5000, '/')), "the path is 5000 bytes long; the limit is 4095");
  EXPECT_FALSE(unusable_path_reason("specs/" + std::string(255, 'a')));
  EXPECT_FALSE(unusable_path_reason(""));
}

TEST(ParseFileSizeTest, SuffixesAndBounds) {
  EXPECT_EQ(parse_file_size("4096"), 4096u);
  EXPECT_EQ(parse_file_size("512K"), 512u << 10);
  EXPECT_EQ(parse_file_size("64M"), 64u << 20);
  EXPECT_EQ(parse_file_size("1g"), 1ull << 30);
  EXPECT_FALSE(parse_file_size(""));
  EXPECT_FALSE(parse_file_size("0"));
  EXPECT_FALSE(parse_file_size("M"));
  EXPECT_FALSE(parse_file_size("-1"));
  EXPECT_FALSE(parse_file_size("10 MB"));
  EXPECT_FALSE(parse_file_size("5G"));  // past the 32-bit source offsets
  EXPECT_FALSE(parse_file_size("99999999999999999999"));
}

}  // namespace
}  // namespace gpuspec
