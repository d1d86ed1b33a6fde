// meminfo, os-release, torch, ipmitool fru, ibstat: short formats with one test file.
#include <gtest/gtest.h>

#include "backends/probe/ibstat.h"
#include "backends/probe/ipmitool_fru.h"
#include "backends/probe/meminfo.h"
#include "backends/probe/os_release.h"
#include "backends/probe/test_inputs.h"
#include "backends/probe/torch_version.h"

namespace gpuspec::probe {
namespace {

using testing::read_input;

TEST(Meminfo, MemTotalIsKibibytes) {
  std::string error;
  EXPECT_EQ(parse_meminfo_total("MemTotal:        3742148 kB\nMemFree: 1 kB\n", error), 3742148.0 * 1024);
  EXPECT_TRUE(parse_meminfo_total(read_input("dual-a5000/meminfo"), error)) << error;
  EXPECT_FALSE(parse_meminfo_total("MemTotal: lots\n", error));
  EXPECT_FALSE(parse_meminfo_total("MemFree: 1 kB\n", error));
}

TEST(OsRelease, QuotedAndUnquotedValues) {
  std::string error;
  auto os = parse_os_release(read_input("dual-a5000/os-release"), error);
  ASSERT_TRUE(os) << error;
  EXPECT_EQ(os->id, "debian");
  EXPECT_EQ(os->version_id, "12");
  os = parse_os_release("NAME=\"Ubuntu\"\nID=ubuntu\nVERSION_ID=\"22.04\"\nPRETTY_NAME='Ubuntu 22.04.4 LTS'\n", error);
  ASSERT_TRUE(os) << error;
  EXPECT_EQ(os->version_id, "22.04");
  EXPECT_EQ(os->pretty_name, "Ubuntu 22.04.4 LTS");
  EXPECT_FALSE(parse_os_release("NAME=x\n", error));
}

TEST(TorchVersion, CudaAndCpuBuilds) {
  // The form print(torch.__version__, torch.version.cuda) has for a pip wheel and a CPU build.
  std::string error;
  auto v = parse_torch_version("2.1.0+cu121 12.1\n", error);
  ASSERT_TRUE(v) << error;
  EXPECT_EQ(v->version, "2.1.0");
  EXPECT_EQ(v->cuda, "12.1");
  v = parse_torch_version("2.3.1+cpu None\n", error);
  ASSERT_TRUE(v) << error;
  EXPECT_FALSE(v->cuda);
  EXPECT_FALSE(parse_torch_version("2.1.0a0+git1234 12.1", error));  // a source build: not a release version
  EXPECT_FALSE(parse_torch_version("2.1.0 12.1; rm -rf /", error));
  EXPECT_TRUE(is_dotted_version("535.54.03"));
  EXPECT_FALSE(is_dotted_version("535..54"));
  EXPECT_FALSE(is_dotted_version("\"12\""));
}

TEST(Ibstat, RoceAdaptersOfAConnectX7Host) {
  std::string error;
  auto cas = parse_ibstat(read_input("ibstat/roce-cx7.txt"), error);
  ASSERT_TRUE(cas) << error;
  ASSERT_EQ(cas->size(), 3u);
  EXPECT_EQ((*cas)[0].ca_type, "MT4129");
  EXPECT_EQ((*cas)[0].pci_id(), "15b3:1021");  // 4129 = 0x1021, ConnectX-7 in pci.ids
  ASSERT_EQ((*cas)[0].ports.size(), 1u);
  EXPECT_EQ((*cas)[0].ports[0].state, "Active");
  EXPECT_EQ((*cas)[0].ports[0].rate_gbps, 200);
  EXPECT_EQ((*cas)[0].ports[0].link_layer, "Ethernet");
  EXPECT_EQ((*cas)[2].ports[0].state, "Down");
}

TEST(Ibstat, AnInfinibandAdapterWithTwoPorts) {
  std::string error;
  auto cas = parse_ibstat(read_input("ibstat/ib-cx4.txt"), error);
  ASSERT_TRUE(cas) << error;
  ASSERT_EQ((*cas)[0].ports.size(), 2u);
  EXPECT_EQ((*cas)[0].ports[0].link_layer, "InfiniBand");
  EXPECT_EQ((*cas)[0].ports[1].rate_gbps, 56);
  EXPECT_FALSE(parse_ibstat("ibpanic: [1323906] main: stat of IB device 'mlx5_8' failed\n", error));
}

TEST(IpmitoolFru, PowerSuppliesAndTheirRatings) {
  // The record layout ipmitool prints (lib/ipmi_fru.c: "FRU Device Description : %s (ID %d)"
  // and " Product Name          : %s"), with the names of real supplies.
  std::string error;
  auto psus = parse_ipmitool_fru(
      "FRU Device Description : Builtin FRU Device (ID 0)\n Board Product         : R200-1120402W\n\n"
      "FRU Device Description : PSU1 (ID 3)\n Product Manufacturer  : Cisco Systems Inc\n"
      " Product Name          : R2X0-PSU2-650W-SB\n\n"
      "FRU Device Description : PS2 (ID 64)\n Board Mfg             : DELL\n Board Product         : PWR SPLY,750W,RDNT,DELTA\n\n"
      "FRU Device Description : PSU3 (ID 5)\n Device not present (Timeout)\n",
      error);
  ASSERT_TRUE(psus) << error;
  ASSERT_EQ(psus->size(), 3u);
  EXPECT_EQ((*psus)[0].rated_w, 650);
  EXPECT_EQ((*psus)[1].product, "PWR SPLY,750W,RDNT,DELTA");
  EXPECT_EQ((*psus)[1].rated_w, 750);
  EXPECT_FALSE((*psus)[2].present);
  EXPECT_FALSE(watts_in_name("PWS-2K08A-1R"));
  EXPECT_FALSE(watts_in_name("GW-CRPS1600D2W"));
  EXPECT_FALSE(watts_in_name("650W/750W"));
  EXPECT_FALSE(parse_ipmitool_fru("Could not open device at /dev/ipmi0\n", error));
}

}  // namespace
}  // namespace gpuspec::probe
