#include "backends/probe/nvidia_smi_topo.h"

#include <gtest/gtest.h>

#include "backends/probe/test_inputs.h"

namespace gpuspec::probe {
namespace {

using testing::read_input;

TEST(NvidiaSmiTopo, EightH100sAllJoinedByNv18) {
  std::string error;
  auto topo = parse_nvidia_smi_topo(read_input("topo/h100-x8-nv18.txt"), error);
  ASSERT_TRUE(topo) << error;
  EXPECT_EQ(topo->gpus(), 8u);
  auto s = summarize(*topo);
  EXPECT_EQ(s.pairs, 28u);
  EXPECT_EQ(s.nvlink_pairs, 28u);
  EXPECT_EQ(s.min_links, 18);
  EXPECT_EQ(s.max_links, 18);
}

TEST(NvidiaSmiTopo, EightA100sWithSeventeenNicColumns) {
  std::string error;
  auto topo = parse_nvidia_smi_topo(read_input("topo/a100-x8-nv12.txt"), error);
  ASSERT_TRUE(topo) << error;
  EXPECT_EQ(topo->gpus(), 8u);
  auto s = summarize(*topo);
  EXPECT_EQ(s.nvlink_pairs, 28u);
  EXPECT_EQ(s.max_links, 12);
}

TEST(NvidiaSmiTopo, TwoDesktopCardsAndFourA10sWithoutNvlink) {
  std::string error;
  auto two = parse_nvidia_smi_topo(read_input("topo/gtx1080ti-x2-phb.txt"), error);
  ASSERT_TRUE(two) << error;
  EXPECT_EQ(two->gpus(), 2u);
  EXPECT_EQ(two->links[0][1], "PHB");
  auto four = parse_nvidia_smi_topo(read_input("topo/a10-x4-sys.txt"), error);
  ASSERT_TRUE(four) << error;
  EXPECT_EQ(four->gpus(), 4u);
  EXPECT_EQ(summarize(*four).nvlink_pairs, 0u);
}

TEST(NvidiaSmiTopo, FourH100sWithSpaceSeparatedColumnsAndALegend) {
  std::string error;
  auto topo = parse_nvidia_smi_topo(read_input("topo/h100-x4-nv6.txt"), error);
  ASSERT_TRUE(topo) << error;
  EXPECT_EQ(topo->gpus(), 4u);
  EXPECT_EQ(summarize(*topo).nvlink_pairs, 6u);
  EXPECT_EQ(topo->links[0][0], "X");
}

TEST(NvidiaSmiTopo, EightRtx4090sOnPcieOnly) {
  std::string error;
  auto topo = parse_nvidia_smi_topo(read_input("topo/rtx4090-x8-sys.txt"), error);
  ASSERT_TRUE(topo) << error;
  EXPECT_EQ(topo->gpus(), 8u);
  EXPECT_EQ(summarize(*topo).nvlink_pairs, 0u);
}

TEST(NvidiaSmiTopo, TerminalEscapesInTheHeaderAreIgnored) {
  std::string error;
  auto topo = parse_nvidia_smi_topo("\t\x1b[4mGPU0\tGPU1\tCPU Affinity\x1b[0m\nGPU0\t X \tNV4\t0-7\nGPU1\tNV4\t X \t0-7\n", error);
  ASSERT_TRUE(topo) << error;
  EXPECT_EQ(summarize(*topo).nvlink_pairs, 1u);
}

TEST(NvidiaSmiTopo, ACutOrForeignMatrixIsAnError) {
  std::string error;
  std::string text = read_input("topo/h100-x8-nv18.txt");
  EXPECT_FALSE(parse_nvidia_smi_topo(text.substr(0, text.find("\nGPU5")), error));
  EXPECT_NE(error.find("8 GPU columns but 5 GPU rows"), std::string::npos);
  EXPECT_FALSE(parse_nvidia_smi_topo("\tGPU0\tGPU1\tCPU Affinity\nGPU0\t X \tWHAT\t0\nGPU1\tNV4\t X \t0\n", error));
  EXPECT_FALSE(parse_nvidia_smi_topo("no matrix here", error));
}

}  // namespace
}  // namespace gpuspec::probe
