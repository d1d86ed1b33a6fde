#include "backends/probe/command_runner.h"

#include <gtest/gtest.h>

#include <chrono>

namespace gpuspec::probe {
namespace {

using Status = ToolOutput::Status;

TEST(CommandRunner, RunsWithoutAShell) {
  auto out = run_command({"printf", "%s", "a;b $(x) `y`"}, {});
  EXPECT_EQ(out.status, Status::Ok) << out.detail;
  EXPECT_EQ(out.text, "a;b $(x) `y`");  // the argument reached printf as it is
}

TEST(CommandRunner, RunsInTheCLocale) {
  auto out = run_command({"sh", "-c", "printf %s \"$LC_ALL\""}, {});
  EXPECT_EQ(out.text, "C");
}

TEST(CommandRunner, AMissingCommandIsNotFound) {
  auto out = run_command({"gpuspec-no-such-tool-xyz"}, {});
  EXPECT_EQ(out.status, Status::NotFound);
  EXPECT_NE(out.detail.find("not installed"), std::string::npos);
}

TEST(CommandRunner, AFailureSaysWhyFromTheLastLineOfStderr) {
  auto out = run_command({"sh", "-c", "echo Traceback >&2; echo \"ModuleNotFoundError: No module named 'torch'\" >&2; exit 1"}, {});
  EXPECT_EQ(out.status, Status::Failed);
  EXPECT_EQ(out.detail, "exit status 1: ModuleNotFoundError: No module named 'torch'");
}

TEST(CommandRunner, AHangingCommandIsKilledWithItsChildren) {
  auto start = std::chrono::steady_clock::now();
  auto out = run_command({"sh", "-c", "sleep 30 & sleep 30"}, CommandLimits{300, 1024});
  EXPECT_EQ(out.status, Status::TimedOut);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

TEST(CommandRunner, EndlessOutputIsRefusedNotCut) {
  auto out = run_command({"yes"}, CommandLimits{10000, 64 * 1024});
  EXPECT_EQ(out.status, Status::TooLarge);
  EXPECT_TRUE(out.text.empty());
}

TEST(CommandRunner, ControlCharactersInTheReasonAreShownEscaped) {
  auto out = run_command({"sh", "-c", "printf 'bad\\033[31m red\\r' >&2; exit 3"}, {});
  EXPECT_EQ(out.status, Status::Failed);
  EXPECT_EQ(out.detail.find('\x1b'), std::string::npos);
  EXPECT_EQ(out.detail.find('\r'), std::string::npos);
}

}  // namespace
}  // namespace gpuspec::probe
