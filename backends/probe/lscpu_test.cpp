#include "backends/probe/lscpu.h"

#include <gtest/gtest.h>

#include "backends/probe/test_inputs.h"

namespace gpuspec::probe {
namespace {

using testing::read_input;

TEST(Lscpu, JsonOfADevelopmentVm) {
  std::string error;
  auto cpu = parse_lscpu(read_input("dual-a5000/lscpu.json"), error);
  ASSERT_TRUE(cpu) << error;
  EXPECT_EQ(cpu->architecture, "x86_64");
  EXPECT_FALSE(cpu->model_name.empty());
  EXPECT_TRUE(cpu->sockets);
  EXPECT_TRUE(cpu->cores_per_socket);
}

TEST(Lscpu, PlainTextOfATwoSocketEpyc) {
  std::string error;
  auto cpu = parse_lscpu(read_input("a100-server/lscpu.json"), error);
  ASSERT_TRUE(cpu) << error;
  EXPECT_EQ(cpu->model_name, "AMD EPYC 7742 64-Core Processor");
  EXPECT_EQ(cpu->sockets, 2);
  EXPECT_EQ(cpu->cores_per_socket, 64);
  EXPECT_EQ(cpu->threads_per_core, 1);
  EXPECT_EQ(cpu->max_mhz, 2250);
}

TEST(Lscpu, NestedJsonOfNewerUtilLinux) {
  std::string error;
  auto cpu = parse_lscpu(R"({"lscpu": [{"field": "Vendor ID:", "data": "GenuineIntel", "children": [
      {"field": "Model name:", "data": "Intel(R) Xeon(R) Gold 6448Y", "children": [
        {"field": "Core(s) per socket:", "data": "32"}, {"field": "Socket(s):", "data": "2"}]}]}]})",
                         error);
  ASSERT_TRUE(cpu) << error;
  EXPECT_EQ(cpu->model_name, "Intel(R) Xeon(R) Gold 6448Y");
  EXPECT_EQ(cpu->sockets, 2);
  EXPECT_EQ(cpu->cores_per_socket, 32);
}

TEST(Lscpu, HostileValuesStayUnknown) {
  std::string error;
  auto cpu = parse_lscpu(R"({"lscpu": [{"field": "Socket(s):", "data": "-1"}, {"field": "Core(s) per socket:", "data": "1e400"},
                                       {"field": "CPU max MHz:", "data": "NaN"}, {"field": "Model name:", "data": 7}]})",
                         error);
  ASSERT_TRUE(cpu) << error;
  EXPECT_FALSE(cpu->sockets);
  EXPECT_FALSE(cpu->cores_per_socket);
  EXPECT_FALSE(cpu->max_mhz);
  EXPECT_TRUE(cpu->model_name.empty());
  EXPECT_FALSE(parse_lscpu("{\"lscpu\": 3}", error));
  EXPECT_FALSE(parse_lscpu("{not json", error));
  EXPECT_FALSE(parse_lscpu("no fields at all", error));
}

}  // namespace
}  // namespace gpuspec::probe
