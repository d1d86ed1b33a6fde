// OrderedDiagnosticOutput: sorted by (path, begin, end, id, message) within a group,
// each key once (the first to arrive wins), held until no file to come can sort
// before it, and never lost when a bound was wrong.
#include "driver/ordered_output.h"

#include <gtest/gtest.h>

#include "diag/diagnostic_counts.h"

#include <string>
#include <vector>

namespace gpuspec::driver {
namespace {

struct Fixture {
  SourceManager sources;
  FileId a = sources.add("a.gpuspec", "aaaa\naaaa\n").id();
  FileId b = sources.add("b.gpuspec", "bbbb\nbbbb\n").id();
  std::string written;
  // What `check` counts as it writes: every unsuppressed diagnostic, failing at fail_on.
  DiagnosticCounts counts;
  Severity fail_on = Severity::Error;
  bool failed = false;
  // Each diagnostic renders as "path:begin id message [hint]" on a line.
  DiagnosticRenderer render = [](std::string& out, const Diagnostic& d, const SourceManager& sources) {
    out += d.range.valid() ? sources.file(d.range.file).path() + ":" + std::to_string(d.range.begin) : "-";
    out += " " + d.id + " " + d.message + (d.hint ? " " + *d.hint : "") + "\n";
  };

  Diagnostic make(FileId file, std::uint32_t begin, std::string id, std::string message = "m",
                  Severity severity = Severity::Warning) {
    Diagnostic d;
    d.id = std::move(id);
    d.message = std::move(message);
    d.severity = severity;
    if (file != kNoFile) d.range = {file, begin, begin + 1};
    return d;
  }
  RenderedDiagnostics rendered(const std::vector<Diagnostic>& diagnostics) {
    return render_each(diagnostics, sources, render);
  }
  OrderedDiagnosticOutput output(bool across_groups = false) {
    return OrderedDiagnosticOutput(
        [this](const RenderedDiagnostics& batch, std::size_t i) {
          written += batch.text(i);
          if (batch.suppressed(i)) return;
          counts.add(batch.severity(i), batch.key(i).id);
          failed = failed || severity_rank(batch.severity(i)) >= severity_rank(fail_on);
        },
        across_groups);
  }
};

TEST(RenderEach, KeepsKeysTextsAndFlags) {
  Fixture f;
  auto d = f.make(f.b, 3, "x.rule", "msg", Severity::Error);
  d.suppressed_by = "waived";
  auto r = f.rendered({d, f.make(kNoFile, 0, "io", "cannot read")});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r.text(0), "b.gpuspec:3 x.rule msg\n");
  EXPECT_EQ(r.key(0), (DiagnosticKeyView{"b.gpuspec", 3, 4, "x.rule", "msg"}));
  EXPECT_TRUE(r.suppressed(0));
  EXPECT_EQ(r.severity(0), Severity::Error);
  EXPECT_EQ(r.key(1), (DiagnosticKeyView{"", 0, 0, "io", "cannot read"}));
  EXPECT_EQ(r.text(1), "- io cannot read\n");
}

// A key's path is looked up once for a run of diagnostics in one file: runs in other
// files and fileless diagnostics between them still get their own.
TEST(RenderEach, KeysPathsOfFilesThatAlternate) {
  Fixture f;
  auto r = f.rendered({f.make(f.a, 0, "r"), f.make(f.a, 1, "r"), f.make(f.b, 0, "r"), f.make(kNoFile, 0, "io"),
                       f.make(f.b, 1, "r"), f.make(f.a, 2, "r"), f.make(kNoFile, 0, "io"), f.make(f.a, 3, "r")});
  std::vector<std::string_view> paths;
  for (std::size_t i = 0; i < r.size(); ++i) paths.push_back(r.key(i).path);
  EXPECT_EQ(paths, (std::vector<std::string_view>{"a.gpuspec", "a.gpuspec", "b.gpuspec", "", "b.gpuspec", "a.gpuspec",
                                                  "", "a.gpuspec"}));
}

TEST(OrderedOutput, SortsAndKeepsTheFirstOfEqualKeys) {
  Fixture f;
  auto out = f.output();
  out.begin_group();
  auto first = f.make(f.a, 5, "r", "m");
  first.hint = "first";
  auto second = f.make(f.a, 5, "r", "m");
  second.hint = "second";
  out.add(f.rendered({f.make(f.b, 0, "r"), first, f.make(f.a, 5, "q"), second, f.make(f.a, 0, "z")}));
  EXPECT_EQ(f.written, "");
  out.write_before(std::nullopt);
  EXPECT_EQ(f.written,
            "a.gpuspec:0 z m\n"
            "a.gpuspec:5 q m\n"
            "a.gpuspec:5 r m first\n"
            "b.gpuspec:0 r m\n");
  EXPECT_EQ(f.counts.warnings, 4u);
  EXPECT_FALSE(f.failed);
  EXPECT_EQ(out.out_of_order(), 0u);
}

TEST(OrderedOutput, HoldsWhatAFileToComeCouldPrecedeAndMergesLaterArrivals) {
  Fixture f;
  auto out = f.output();
  f.fail_on = Severity::Warning;
  out.begin_group();
  out.add(f.rendered({f.make(f.b, 4, "late"), f.make(f.a, 2, "early")}));
  out.write_before(std::string("b.gpuspec"));  // a file to come may still report in b
  EXPECT_EQ(f.written, "a.gpuspec:2 early m\n");
  out.add(f.rendered({f.make(f.b, 1, "first"), f.make(f.b, 4, "late"), f.make(f.b, 9, "last")}));
  out.write_before(std::nullopt);
  EXPECT_EQ(f.written,
            "a.gpuspec:2 early m\n"
            "b.gpuspec:1 first m\n"
            "b.gpuspec:4 late m\n"
            "b.gpuspec:9 last m\n");
  EXPECT_EQ(f.counts.warnings, 4u);  // the repeated "late" counted once
  EXPECT_TRUE(f.failed);
}

TEST(OrderedOutput, WhatArrivesAfterItsPlaceIsWrittenAtOnceAndCounted) {
  Fixture f;
  auto out = f.output();
  out.begin_group();
  out.add(f.rendered({f.make(f.b, 4, "x")}));
  out.write_before(std::nullopt);
  out.add(f.rendered({f.make(f.b, 9, "after"), f.make(f.a, 1, "y"), f.make(f.b, 4, "x"), f.make(f.a, 1, "y")}));
  EXPECT_EQ(f.written, "b.gpuspec:4 x m\na.gpuspec:1 y m\nb.gpuspec:4 x m\na.gpuspec:1 y m\n");
  EXPECT_EQ(out.out_of_order(), 3u);
  out.write_before(std::nullopt);
  EXPECT_EQ(f.written, "b.gpuspec:4 x m\na.gpuspec:1 y m\nb.gpuspec:4 x m\na.gpuspec:1 y m\nb.gpuspec:9 after m\n");
}

TEST(OrderedOutput, LaterGroupsDropWhatWasWrittenOnlyAcrossGroups) {
  for (bool across : {false, true}) {
    Fixture f;
    auto out = f.output(across);
    out.begin_group();
    out.add(f.rendered({f.make(f.a, 1, "shared")}));
    out.begin_group();
    out.add(f.rendered({f.make(f.a, 1, "shared"), f.make(f.a, 0, "own", "m", Severity::Error)}));
    out.write_before(std::nullopt);
    EXPECT_EQ(f.written, across ? "a.gpuspec:1 shared m\na.gpuspec:0 own m\n"
                                : "a.gpuspec:1 shared m\na.gpuspec:0 own m\na.gpuspec:1 shared m\n");
    EXPECT_TRUE(f.failed);
    EXPECT_EQ(f.counts.errors, 1u);
  }
}

TEST(OrderedOutput, WriteNowKeepsTheOrderGiven) {
  Fixture f;
  auto out = f.output();
  auto waived = f.make(f.a, 0, "w", "m", Severity::Error);
  waived.suppressed_by = "ok";
  out.write_now(f.rendered({f.make(kNoFile, 0, "z"), f.make(kNoFile, 0, "a"), waived}));
  EXPECT_EQ(f.written, "- z m\n- a m\na.gpuspec:0 w m\n");
  EXPECT_EQ(f.counts.warnings, 2u);
  EXPECT_EQ(f.counts.errors, 0u);
  EXPECT_FALSE(f.failed);
}

}  // namespace
}  // namespace gpuspec::driver
