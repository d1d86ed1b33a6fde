#include <gtest/gtest.h>

#include "backends/probe/ip_link.h"
#include "backends/probe/lsblk.h"
#include "backends/probe/nvme_list.h"
#include "backends/probe/test_inputs.h"

namespace gpuspec::probe {
namespace {

using testing::read_input;

TEST(Lsblk, ThreeDisksOfAUtilLinuxDump) {
  std::string error;
  auto report = parse_lsblk(read_input("a100-server/lsblk.json"), error);
  ASSERT_TRUE(report) << error;
  ASSERT_EQ(report->disks.size(), 3u);
  EXPECT_EQ(report->disks[1].model, "WDC WD800JD-00MS");
  EXPECT_EQ(report->disks[1].rotational, true);
  EXPECT_EQ(report->disks[2].name, "nvme0n1");
  EXPECT_EQ(report->disks[2].tran, "nvme");
  EXPECT_EQ(report->disks[2].size_bytes, 240057409536.0);
  EXPECT_FALSE(report->sizes_not_in_bytes);
}

TEST(Lsblk, TheSystemDiskOfADevelopmentVm) {
  std::string error;
  auto report = parse_lsblk(read_input("dual-a5000/lsblk.json"), error);
  ASSERT_TRUE(report) << error;
  ASSERT_EQ(report->disks.size(), 1u);  // zram0 is memory, not a disk
  EXPECT_EQ(report->disks[0].name, "vda");
  EXPECT_TRUE(report->disks[0].holds_root);
}

TEST(Lsblk, HumanSizesAreNotBytes) {
  std::string error;
  auto report = parse_lsblk(R"({"blockdevices": [{"name": "sda", "type": "disk", "size": "1.8T", "rota": "1"}]})", error);
  ASSERT_TRUE(report) << error;
  EXPECT_TRUE(report->sizes_not_in_bytes);
  EXPECT_FALSE(report->disks[0].size_bytes);
  EXPECT_EQ(report->disks[0].rotational, true);
  EXPECT_FALSE(parse_lsblk("[]", error));
}

TEST(NvmeList, BothLayoutsOfNvmeCli) {
  // The two shapes src/nvme-print-json.c of nvme-cli prints; values illustrative.
  std::string error;
  auto v1 = parse_nvme_list(R"({"Devices": [{"DevicePath": "/dev/nvme0n1", "ModelNumber": "SAMSUNG MZQL23T8HCLS-00A07 ",
                                "PhysicalSize": 3840755982336, "SectorSize": 512}]})",
                            error);
  ASSERT_TRUE(v1) << error;
  ASSERT_EQ(v1->size(), 1u);
  EXPECT_EQ((*v1)[0].device, "nvme0n1");
  EXPECT_EQ((*v1)[0].model, "SAMSUNG MZQL23T8HCLS-00A07");
  EXPECT_EQ((*v1)[0].size_bytes, 3840755982336.0);
  auto v2 = parse_nvme_list(R"({"Devices": [{"HostNQN": "nqn", "Subsystems": [{"Subsystem": "nvme-subsys0",
      "Controllers": [{"Controller": "nvme0", "ModelNumber": "KIOXIA KCM7DRJE1T92", "Namespaces": []}],
      "Namespaces": [{"NameSpace": "nvme0n1", "NSID": 1, "PhysicalSize": 1920383410176}]}]}]})",
                            error);
  ASSERT_TRUE(v2) << error;
  ASSERT_EQ(v2->size(), 1u);
  EXPECT_EQ((*v2)[0].model, "KIOXIA KCM7DRJE1T92");
  EXPECT_EQ((*v2)[0].size_bytes, 1920383410176.0);
  EXPECT_FALSE(parse_nvme_list("No NVMe devices detected.", error));
}

TEST(IpLink, VirtualDevicesAreNotPorts) {
  std::string error;
  auto links = parse_ip_link(read_input("dual-a5000/ip-link.json"), error);
  ASSERT_TRUE(links) << error;
  int physical = 0;
  for (const auto& l : *links) physical += l.physical;
  EXPECT_EQ(physical, 1);  // eth0 on its bus; ifb0/ifb1 carry linkinfo, lo is skipped
  EXPECT_FALSE(parse_ip_link("{}", error));
}

}  // namespace
}  // namespace gpuspec::probe
