// DiagnosticEngine::sort sorts keys and moves each diagnostic once (issue 28); its order
// must stay that of a stable sort by the tuple (path, begin, end, id, message), which is
// what every renderer's golden output was written in.
#include <algorithm>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "diag/diagnostic.h"
#include "diag/diagnostic_order.h"

namespace gpuspec {
namespace {

TEST(DiagnosticSort, IsTheStableSortByPathPositionIdAndMessage) {
  SourceManager sources;
  // Two files named alike (their order is then the positions'), one that sorts first,
  // and file-less diagnostics (an empty path, first of all).
  std::vector<FileId> files = {sources.add("b.gpuspec", "").id(), sources.add("a.gpuspec", "").id(),
                               sources.add("b.gpuspec", "").id(), kNoFile};
  std::mt19937 random(28);
  for (int round = 0; round < 50; ++round) {
    DiagnosticEngine engine;
    for (int i = 0; i < 200; ++i) {
      FileId file = files[random() % files.size()];
      auto begin = static_cast<std::uint32_t>(random() % 4);
      SourceRange range{file, begin, begin + static_cast<std::uint32_t>(random() % 3)};
      Diagnostic& d = engine.report(random() % 2 ? "x" : "y", Severity::Warning, range, random() % 2 ? "m" : "n");
      d.hint = std::to_string(i);  // which one it is: equal keys must keep their order
    }
    std::vector<Diagnostic> expected = engine.diagnostics();
    auto key = [&sources](const Diagnostic& d) {
      std::string path = d.range.valid() ? sources.file(d.range.file).path() : "";
      return std::tuple(path, d.range.begin, d.range.end, d.id, d.message);
    };
    std::stable_sort(expected.begin(), expected.end(),
                     [&key](const Diagnostic& a, const Diagnostic& b) { return key(a) < key(b); });
    // sorted_order names the same order by index (the language server moves what it
    // keeps beside each diagnostic along with it).
    const std::vector<std::uint32_t> order = sorted_order(engine.diagnostics(), sources);
    ASSERT_EQ(order.size(), expected.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
      ASSERT_EQ(*engine.diagnostics()[order[k]].hint, *expected[k].hint) << "round " << round << ", place " << k;
    }
    engine.sort(sources);
    ASSERT_EQ(engine.diagnostics().size(), expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
      ASSERT_EQ(*engine.diagnostics()[k].hint, *expected[k].hint) << "round " << round << ", place " << k;
    }
  }
}

TEST(DiagnosticSort, LeavesSortedDiagnosticsAsTheyAre) {
  SourceManager sources;
  FileId file = sources.add("a.gpuspec", "").id();
  DiagnosticEngine engine;
  engine.report("x", Severity::Error, {file, 1, 2}, "first").hint = "kept";
  engine.report("x", Severity::Error, {file, 3, 4}, "second");
  EXPECT_TRUE(in_order(sorted_order(engine.diagnostics(), sources)));
  engine.sort(sources);
  ASSERT_EQ(engine.diagnostics().size(), 2u);
  EXPECT_EQ(engine.diagnostics()[0].message, "first");
  EXPECT_EQ(*engine.diagnostics()[0].hint, "kept");
  EXPECT_EQ(engine.diagnostics()[1].message, "second");
}

}  // namespace
}  // namespace gpuspec
