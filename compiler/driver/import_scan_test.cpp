#include "driver/import_scan.h"

#include <gtest/gtest.h>

#include <fstream>

namespace gpuspec::driver {
namespace {

using Paths = std::vector<std::string>;

TEST(ScanImports, ReadsPlainImportLinesThroughCommentsAndSemicolons) {
  EXPECT_EQ(scan_imports("workload w { }\n"), Paths{});
  EXPECT_EQ(scan_imports(""), Paths{});
  EXPECT_EQ(scan_imports("# a\n// b\n/* c\n import \"no.gpuspec\" */\nimport \"a.gpuspec\";\n  import\t\"../b/c.gpuspec\"\n"
                         "server s { }\n"),
            (Paths{"a.gpuspec", "../b/c.gpuspec"}));
}

// Whatever it cannot be sure of is "unknown", never a shorter list.
TEST(ScanImports, UnsureIsUnknown) {
  EXPECT_EQ(scan_imports("import \"a\\u{2e}gpuspec\"\n"), std::nullopt);   // an escape
  EXPECT_EQ(scan_imports("import \"a.gpuspec\n\"\n"), std::nullopt);       // a line break in the path
  EXPECT_EQ(scan_imports("import \"a.gpuspec"), std::nullopt);            // unterminated
  EXPECT_EQ(scan_imports("import a.gpuspec\n"), std::nullopt);            // not a string
  EXPECT_EQ(scan_imports("/* never closed\nimport \"a\"\n"), std::nullopt);
  EXPECT_EQ(scan_imports("workload w { }\nimport \"late.gpuspec\"\n"), std::nullopt);
  EXPECT_EQ(scan_imports("workload w { note = \"import\" }\n"), std::nullopt);
  EXPECT_EQ(scan_imports("\xEF\xBB\xBFimport \"a.gpuspec\"\n"), std::nullopt);  // a BOM first
  EXPECT_EQ(scan_imports("imports x { }\n"), std::nullopt);                // "import" in a name
}

// The lowest path is the root's or an import's as sema's loader names it (joined to
// the importer's name, normalised), through imports of imports.
TEST(ImportPaths, LowestPathFollowsTheImportClosure) {
  auto dir = std::filesystem::temp_directory_path() / ("gpuspec_import_scan_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "z");
  std::filesystem::create_directories(dir / "m");
  std::filesystem::create_directories(dir / "a");
  std::ofstream(dir / "gpuspec.json") << "";  // the project root: imports across its folders are inside
  std::ofstream(dir / "m" / "mid.gpuspec") << "import \"../a/low.gpuspec\"\n";
  std::ofstream(dir / "a" / "low.gpuspec") << "workload w { }\n";
  std::ofstream(dir / "a" / "unsure.gpuspec") << "workload w { } # import\n";
  std::string root = (dir / "z" / "root.gpuspec").string();
  ImportPaths paths;
  EXPECT_EQ(paths.lowest_path(root, "workload w { }\n"), root);
  EXPECT_EQ(paths.lowest_path(root, "import \"../m/mid.gpuspec\"\n"), (dir / "a" / "low.gpuspec").string());
  EXPECT_EQ(paths.lowest_path(root, "import \"missing.gpuspec\"\n"), (dir / "z" / "missing.gpuspec").string());
  EXPECT_EQ(paths.lowest_path(root, "import \"../a/unsure.gpuspec\"\n"), std::nullopt);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace gpuspec::driver
