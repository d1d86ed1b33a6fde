// The output transaction as a library: generated files with their manifest, files
// rewritten in place (formatting, fix-its), and what neither may replace. The lit tests
// in test/lit/hostile/ drive the same code through the binary, with fault injection.
#include "backends/writers/atomic_write.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "backends/writers/output_manifest.h"

namespace gpuspec::writers {
namespace {

namespace fs = std::filesystem;

class AtomicWriteTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gpuspec-write-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  static std::string read(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir_)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }
  fs::path dir_;
};

TEST_F(AtomicWriteTest, GeneratedFilesAreListedInTheManifest) {
  std::string error;
  ASSERT_TRUE(write_files_atomically({{path("a.md"), "one\n"}, {path("b.md"), "two\n"}}, error)) << error;
  EXPECT_EQ(read(path("a.md")), "one\n");
  Manifest manifest = read_manifest(dir_);
  ASSERT_EQ(manifest.state, Manifest::State::Valid);
  EXPECT_EQ(manifest.files.at("a.md"), content_hash("one\n"));
  EXPECT_EQ(manifest.files.at("b.md"), content_hash("two\n"));
  // Rewriting its own unchanged files needs nothing more; nothing else is left behind.
  ASSERT_TRUE(write_files_atomically({{path("a.md"), "three\n"}}, error)) << error;
  EXPECT_EQ(read(path("a.md")), "three\n");
  EXPECT_EQ(entries(), (std::vector<std::string>{".gpuspec-manifest.json", "a.md", "b.md"}));
}

TEST_F(AtomicWriteTest, AFileGpuspecDidNotWriteNeedsForce) {
  std::ofstream(path("notes.md")) << "mine\n";
  std::string error;
  EXPECT_FALSE(write_files_atomically({{path("notes.md"), "generated\n"}}, error));
  EXPECT_NE(error.find("gpuspec did not write it"), std::string::npos) << error;
  EXPECT_EQ(read(path("notes.md")), "mine\n");
  WriteOptions force;
  force.force = true;
  ASSERT_TRUE(write_outputs({{path("notes.md"), "generated\n"}}, force, error)) << error;
  EXPECT_EQ(read(path("notes.md")), "generated\n");
}

TEST_F(AtomicWriteTest, InPlaceRewritesKeepModeAndNeedNoManifest) {
  std::ofstream(path("spec.gpuspec")) << "workload w{}\n";
  ::chmod(path("spec.gpuspec").c_str(), 0640);
  WriteOptions in_place;
  in_place.kind = WriteOptions::Kind::InPlace;
  std::string error;
  ASSERT_TRUE(write_outputs({{path("spec.gpuspec"), "workload w {}\n"}}, in_place, error)) << error;
  EXPECT_EQ(read(path("spec.gpuspec")), "workload w {}\n");
  struct stat info {};
  ASSERT_EQ(::stat(path("spec.gpuspec").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0640u);
  EXPECT_EQ(entries(), (std::vector<std::string>{"spec.gpuspec"}));
  // What the caller lists as the run's inputs is never replaced, in place or not
  // (`check --write-baseline` naming the spec it read).
  in_place.inputs = {path("spec.gpuspec")};
  EXPECT_FALSE(write_outputs({{path("spec.gpuspec"), "baseline\n"}}, in_place, error));
  EXPECT_NE(error.find("this run read it as an input"), std::string::npos) << error;
  EXPECT_EQ(read(path("spec.gpuspec")), "workload w {}\n");
}

TEST_F(AtomicWriteTest, InputsLinksAndFoldersAreNeverReplaced) {
  std::ofstream(path("spec.gpuspec")) << "x\n";
  WriteOptions options;
  options.force = true;
  options.inputs = {path("spec.gpuspec")};
  std::string error;
  EXPECT_FALSE(write_outputs({{path("spec.gpuspec"), "y\n"}}, options, error));
  EXPECT_NE(error.find("this run read it as an input"), std::string::npos) << error;
  fs::create_symlink("spec.gpuspec", dir_ / "link.md");
  EXPECT_FALSE(write_outputs({{path("link.md"), "y\n"}}, options, error));
  EXPECT_NE(error.find("it is a symbolic link"), std::string::npos) << error;
  fs::create_directory(dir_ / "folder.md");
  EXPECT_FALSE(write_outputs({{path("folder.md"), "y\n"}}, options, error));
  EXPECT_NE(error.find("it is a directory"), std::string::npos) << error;
  EXPECT_EQ(read(path("spec.gpuspec")), "x\n");
  // A refused write is all-or-nothing: the good file in the same set is not written.
  EXPECT_FALSE(write_outputs({{path("fine.md"), "y\n"}, {path("link.md"), "y\n"}}, options, error));
  EXPECT_FALSE(fs::exists(dir_ / "fine.md"));
}

}  // namespace
}  // namespace gpuspec::writers
