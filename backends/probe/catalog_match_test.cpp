#include "backends/probe/catalog_match.h"

#include <gtest/gtest.h>

#include "backends/probe/test_catalog.h"

namespace gpuspec::probe {
namespace {

TEST(CatalogMatch, AGpuByItsPciIdThenByItsName) {
  testing::TestLibrary t;
  ASSERT_FALSE(t.diags.has_errors());
  CatalogMatcher catalog(t.library);
  NvidiaGpu a100;
  a100.product_name = "NVIDIA A100-SXM4-80GB";  // not the catalog's description: the id decides
  a100.pci_id = "10de:20b2";
  auto match = catalog.gpu(a100);
  ASSERT_TRUE(match);
  EXPECT_EQ(match->entry->decl->name, "test.a100_80gb_sxm");
  EXPECT_EQ(match->evidence, "PCI id 10de:20b2");

  NvidiaGpu rtx;
  rtx.product_name = "NVIDIA GeForce RTX 3090";
  match = catalog.gpu(rtx);
  ASSERT_TRUE(match);
  EXPECT_EQ(match->entry->decl->name, "test.rtx_3090");

  NvidiaGpu other;
  other.product_name = "NVIDIA GeForce RTX 3090 Ti";  // a name close to one is another card
  other.pci_id = "10de:2203";
  EXPECT_FALSE(catalog.gpu(other));
}

TEST(CatalogMatch, ACpuByItsModelNameWithoutTheVendorsDecorations) {
  EXPECT_EQ(cpu_model_key("Intel(R) Xeon(R) Gold 6448Y"), "intel xeon gold 6448y");
  EXPECT_EQ(cpu_model_key("AMD EPYC 9654 96-Core Processor"), "amd epyc 9654");
  EXPECT_EQ(cpu_model_key("AMD Ryzen Threadripper 7960X 24-Cores"), "amd ryzen threadripper 7960x");
  EXPECT_EQ(cpu_model_key("13th Gen Intel(R) Core(TM) i9-13900K"), "intel core i9-13900k");
  EXPECT_EQ(cpu_model_key("Intel(R) Xeon(R) Platinum 8268 CPU @ 2.90GHz"), "intel xeon platinum 8268");
  testing::TestLibrary t;
  CatalogMatcher catalog(t.library);
  CpuReport cpu;
  cpu.model_name = "Intel(R) Xeon(R) Gold 6448Y";
  ASSERT_TRUE(catalog.cpu(cpu));
  cpu.model_name = "Intel(R) Xeon(R) Gold 6448H";
  EXPECT_FALSE(catalog.cpu(cpu));
}

TEST(CatalogMatch, ADimmOnlyWhenEveryFieldIsTheSame) {
  testing::TestLibrary t;
  CatalogMatcher catalog(t.library);
  DimmShape d{"ddr4", 32.0 * 1024 * 1024 * 1024, 3200, "rdimm", true};
  ASSERT_TRUE(catalog.dimm(d));
  DimmShape slower = d;
  slower.speed_mts = 2933;
  EXPECT_FALSE(catalog.dimm(slower));
  DimmShape unbuffered = d;
  unbuffered.form = "udimm";
  EXPECT_FALSE(catalog.dimm(unbuffered));
  DimmShape unknown_ecc = d;
  unknown_ecc.ecc.reset();
  EXPECT_FALSE(catalog.dimm(unknown_ecc));
}

TEST(CatalogMatch, AnAdapterByTheDeviceIdInItsCaType) {
  testing::TestLibrary t;
  CatalogMatcher catalog(t.library);
  IbAdapter cx7{"mlx5_0", "MT4129", {}};
  auto match = catalog.nic(cx7);
  ASSERT_TRUE(match);
  EXPECT_EQ(match->entry->decl->name, "test.cx7");
  IbAdapter odd{"mlx5_1", "MTfoo", {}};
  EXPECT_FALSE(catalog.nic(odd));
}

}  // namespace
}  // namespace gpuspec::probe
