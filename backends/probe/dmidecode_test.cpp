#include "backends/probe/dmidecode.h"

#include <gtest/gtest.h>

#include "backends/probe/catalog_match.h"
#include "backends/probe/test_inputs.h"

namespace gpuspec::probe {
namespace {

using testing::read_input;

TEST(Dmidecode, SixteenRdimmsOfAGpuServer) {
  std::string error;
  auto memory = parse_dmidecode_memory(read_input("a100-server/dmidecode-memory.txt"), error);
  ASSERT_TRUE(memory) << error;
  EXPECT_EQ(memory->slots, 32);
  EXPECT_EQ(memory->empty_slots, 16);
  ASSERT_EQ(memory->dimms.size(), 16u);
  const Dimm& d = memory->dimms[0];
  EXPECT_EQ(d.size_bytes, 32.0 * 1024 * 1024 * 1024);
  EXPECT_EQ(d.type, "DDR4");
  EXPECT_EQ(d.speed_mts, 3200);
  EXPECT_EQ(d.part_number, "18ASF4G72PZ-3G2E1");
  DimmShape shape = dimm_shape(d);
  EXPECT_EQ(shape.type, "ddr4");
  EXPECT_EQ(shape.form, "rdimm");
  EXPECT_EQ(shape.ecc, true);
}

TEST(Dmidecode, TwoUdimmsOfADesktopInMegabytes) {
  std::string error;
  auto memory = parse_dmidecode_memory(read_input("rtx3090-workstation/dmidecode-memory.txt"), error);
  ASSERT_TRUE(memory) << error;
  ASSERT_EQ(memory->dimms.size(), 2u);
  DimmShape shape = dimm_shape(memory->dimms[0]);
  EXPECT_EQ(shape.size_bytes, 16.0 * 1024 * 1024 * 1024);
  EXPECT_EQ(shape.form, "udimm");
  EXPECT_EQ(shape.ecc, false);
  EXPECT_EQ(shape.speed_mts, 2667);
}

TEST(Dmidecode, PowerSuppliesOfAGpuServer) {
  std::string error;
  auto psus = parse_dmidecode_psu(read_input("a100-server/dmidecode-psu.txt"), error);
  ASSERT_TRUE(psus) << error;
  ASSERT_EQ(psus->size(), 4u);
  EXPECT_EQ((*psus)[0].model, "PWS-2K08A-1R");
  EXPECT_EQ((*psus)[0].max_power_w, 2000);
  EXPECT_TRUE((*psus)[0].present);
}

TEST(Dmidecode, NotItsOutputOrNoDimms) {
  std::string error;
  EXPECT_FALSE(parse_dmidecode_memory("/sys/firmware/dmi/tables/smbios_entry_point: Permission denied\n", error));
  EXPECT_FALSE(parse_dmidecode_memory("", error));
  auto memory = parse_dmidecode_memory("Handle 0x1, DMI type 17, 84 bytes\nMemory Device\n\tSize: 9999999 TB\n", error);
  ASSERT_TRUE(memory) << error;
  EXPECT_TRUE(memory->dimms.empty());  // an impossible size is no module
}

}  // namespace
}  // namespace gpuspec::probe
