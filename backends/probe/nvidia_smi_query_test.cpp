#include "backends/probe/nvidia_smi_query.h"

#include <gtest/gtest.h>

#include "backends/probe/test_inputs.h"

namespace gpuspec::probe {
namespace {

using testing::read_input;

TEST(NvidiaSmiQuery, ReadsTheA100WithMigDevicesNestedInside) {
  std::string error;
  auto report = parse_nvidia_smi_query(read_input("a100-server/nvidia-smi-q.xml"), error);
  ASSERT_TRUE(report) << error;
  EXPECT_EQ(report->driver_version, "535.54.03");
  EXPECT_EQ(report->cuda_version, "12.2");
  EXPECT_EQ(report->attached_gpus, 4);
  ASSERT_EQ(report->gpus.size(), 1u);  // the capture lists one of the four
  const auto& gpu = report->gpus[0];
  EXPECT_EQ(gpu.product_name, "NVIDIA A100-SXM4-80GB");
  EXPECT_EQ(gpu.pci_id, "10de:20b2");
  // The GPU's own total, not a MIG slice's 19968 MiB.
  EXPECT_EQ(gpu.vram_mib, 81920);
  EXPECT_EQ(gpu.default_power_limit_w, 500);  // gpu_power_readings (schema v12)
  EXPECT_EQ(gpu.mig_mode, "Enabled");
  EXPECT_EQ(gpu.ecc_mode, "Enabled");
  EXPECT_EQ(gpu.pcie_gen_max, 4);
  EXPECT_EQ(gpu.link_width_max, 16);
  EXPECT_EQ(timestamp_date(report->timestamp), "2023-08-04");
}

TEST(NvidiaSmiQuery, ReadsBothGpusOfTheDualA5000) {
  std::string error;
  auto report = parse_nvidia_smi_query(read_input("dual-a5000/nvidia-smi-q.xml"), error);
  ASSERT_TRUE(report) << error;
  ASSERT_EQ(report->gpus.size(), 2u);
  for (const auto& gpu : report->gpus) {
    EXPECT_EQ(gpu.product_name, "NVIDIA RTX A5000");
    EXPECT_EQ(gpu.brand, "NVIDIA RTX");
    EXPECT_EQ(gpu.architecture, "Ampere");
    EXPECT_EQ(gpu.pci_id, "10de:2231");
    EXPECT_EQ(gpu.default_power_limit_w, 230);
  }
  EXPECT_NE(report->gpus[0].bus_id, report->gpus[1].bus_id);
}

TEST(NvidiaSmiQuery, AnUnparsableDeviceIdStaysUnknown) {
  // rtx-3090-v12.xml was published with the PCI ids replaced by "[REDACTED]".
  std::string xml = read_input("rtx3090-workstation/nvidia-smi-q.xml");
  std::string redacted = xml;
  auto at = redacted.find("<pci_device_id>");
  ASSERT_NE(at, std::string::npos);
  redacted.replace(at, redacted.find("</pci_device_id>") - at, "<pci_device_id>[REDACTED]");
  std::string error;
  auto report = parse_nvidia_smi_query(redacted, error);
  ASSERT_TRUE(report) << error;
  EXPECT_FALSE(report->gpus[0].pci_id);
  EXPECT_EQ(report->gpus[0].vram_mib, 24576);
}

TEST(NvidiaSmiQuery, RefusesWhatIsNotItsReport) {
  std::string error;
  EXPECT_FALSE(parse_nvidia_smi_query("<html><body/></html>", error));
  EXPECT_NE(error.find("nvidia_smi_log"), std::string::npos);
  EXPECT_FALSE(parse_nvidia_smi_query("NVIDIA-SMI has failed because it couldn't communicate with the driver", error));
  EXPECT_FALSE(parse_nvidia_smi_query("<nvidia_smi_log><gpu>", error));
}

TEST(NvidiaSmiQuery, ExpandsNoEntityADocumentDeclares) {
  std::string error;
  auto report = parse_nvidia_smi_query(
      "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
      "<nvidia_smi_log><gpu><product_name>&e;</product_name></gpu></nvidia_smi_log>",
      error);
  EXPECT_FALSE(report);
  EXPECT_NE(error.find("entity"), std::string::npos);
}

TEST(NvidiaSmiQuery, ValuesThatAreNotNumbersAreUnknown) {
  std::string error;
  auto report = parse_nvidia_smi_query(
      "<nvidia_smi_log><gpu><product_name>X &amp; &#x22;Y&#34;</product_name>"
      "<fb_memory_usage><total>N/A</total></fb_memory_usage>"
      "<power_readings><default_power_limit>1e999 W</default_power_limit></power_readings>"
      "<pci><pci_device_id>ZZZZ10DE</pci_device_id></pci></gpu></nvidia_smi_log>",
      error);
  ASSERT_TRUE(report) << error;
  EXPECT_EQ(report->gpus[0].product_name, "X & \"Y\"");
  EXPECT_FALSE(report->gpus[0].vram_mib);
  EXPECT_FALSE(report->gpus[0].default_power_limit_w);
  EXPECT_FALSE(report->gpus[0].pci_id);
}

TEST(NvidiaSmiQuery, TimestampsInEitherSpacing) {
  EXPECT_EQ(timestamp_date("Sun Mar 2 15:02:02 2025"), "2025-03-02");
  EXPECT_EQ(timestamp_date("Fri Aug  4 11:44:30 2023"), "2023-08-04");
  EXPECT_FALSE(timestamp_date("2023-08-04"));
  EXPECT_FALSE(timestamp_date("Fri Foo 4 11:44:30 2023"));
  EXPECT_FALSE(timestamp_date("Fri Aug 44 11:44:30 2023"));
}

}  // namespace
}  // namespace gpuspec::probe
