#include "diag/render_json.h"

#include <gtest/gtest.h>


#include "diag/diag_test_helpers.h"
#include "diag/json_string.h"
#include "oracle/diagnostics_json_dom.h"
#include "source/json_io.h"

namespace gpuspec {
namespace {

using testing::make_diagnostic;
using testing::range_of;

// Compared as dumped text so that key order is part of the check.
void expect_json(const nlohmann::ordered_json& actual, std::string_view expected_literal) {
  EXPECT_EQ(actual.dump(2), nlohmann::ordered_json::parse(expected_literal).dump(2));
}

TEST(RenderJson, ExactShapeWithNotesFixitsSuppressionAndFilelessDiagnostics) {
  SourceManager sources;
  const SourceFile& file = sources.add("examples/bad/x.gpuspec", "gpu a {\n  memory = 256 GBs\n}\n");

  auto unknown_unit = make_diagnostic("unknown-unit", Severity::Error, range_of(file, "GBs"), "unknown unit 'GBs'");
  unknown_unit.hint = "did you mean 'GB'?";
  unknown_unit.declaration = "a";
  unknown_unit.notes.push_back({"units are case-sensitive", SourceRange{}});
  unknown_unit.notes.push_back({"declared here", range_of(file, "gpu")});
  unknown_unit.fixits.push_back({range_of(file, "GBs"), "GB"});

  auto waived = make_diagnostic("memory.ram-2x-vram", Severity::Warning, range_of(file, "memory"), "too little memory");
  waived.suppressed_by = "lab box";

  auto fileless = make_diagnostic("io", Severity::Error, SourceRange{}, "cannot read 'y.gpuspec'");

  expect_json(diagnostics_to_json({unknown_unit, waived, fileless}, sources, 1), R"({
    "version": 1,
    "diagnostics": [
      {"id": "unknown-unit", "severity": "error", "message": "unknown unit 'GBs'", "hint": "did you mean 'GB'?",
       "file": "examples/bad/x.gpuspec",
       "range": {"start": {"line": 2, "column": 16}, "end": {"line": 2, "column": 19}},
       "declaration": "a",
       "notes": [
         {"message": "units are case-sensitive", "file": null, "range": null},
         {"message": "declared here", "file": "examples/bad/x.gpuspec",
          "range": {"start": {"line": 1, "column": 1}, "end": {"line": 1, "column": 4}}}
       ],
       "fixits": [{"range": {"start": {"line": 2, "column": 16}, "end": {"line": 2, "column": 19}},
                   "replacement": "GB"}]},
      {"id": "memory.ram-2x-vram", "severity": "warning", "message": "too little memory", "hint": null,
       "file": "examples/bad/x.gpuspec",
       "range": {"start": {"line": 2, "column": 3}, "end": {"line": 2, "column": 9}},
       "declaration": null, "notes": [],
       "suppressed": {"kind": "waiver", "justification": "lab box"}},
      {"id": "io", "severity": "error", "message": "cannot read 'y.gpuspec'", "hint": null,
       "file": null, "range": null, "declaration": null, "notes": []}
    ],
    "summary": {"files": 1, "errors": 2, "warnings": 0, "infos": 0}
  })");
}

// The streaming writer is byte-for-byte the DOM's dump(2), over several groups, none,
// and groups without diagnostics, with text JSON must escape.
TEST(RenderJson, StreamingWriterWritesTheDomsBytes) {
  SourceManager first;
  const SourceFile& a = first.add("a.gpuspec", "gpu a {\n  memory = 256 GBs \"q\\\\\"\n}\n");
  SourceManager second;
  const SourceFile& b = second.add("dir/b\tc.gpuspec", "server ü { x = 1 }\n");
  auto one = make_diagnostic("unknown-unit", Severity::Error, range_of(a, "GBs"), "unknown unit 'GBs' \"quoted\"\x01");
  one.hint = "did you mean 'GB'?\n(next line)";
  one.notes.push_back({"declared here", range_of(a, "gpu")});
  one.fixits.push_back({range_of(a, "GBs"), "GB"});
  auto two = make_diagnostic("memory.ram-2x-vram", Severity::Warning, range_of(b, "ü"), "too little");
  two.suppressed_by = "lab box";
  auto three = make_diagnostic("io", Severity::Info, SourceRange{}, "cannot read");
  std::vector<Diagnostic> group_a{one, three};
  std::vector<Diagnostic> group_b{two};
  std::vector<Diagnostic> none;

  auto dom = [](std::vector<std::pair<const std::vector<Diagnostic>*, const SourceManager*>> groups, std::size_t files,
                DiagnosticCounts counts) {
    // What cmd_check built before: the first group's document, the others' diagnostics
    // appended, the run's summary.
    nlohmann::ordered_json out;
    for (const auto& [diags, sources] : groups) {
      auto part = diagnostics_to_json(*diags, *sources, 0);
      if (out.is_null()) {
        out = std::move(part);
      } else {
        for (auto& d : part["diagnostics"]) out["diagnostics"].push_back(std::move(d));
      }
    }
    // No group at all (`check` of an empty folder): still the version and an empty list.
    if (out.is_null()) out = {{"version", kDiagnosticsJsonVersion}, {"diagnostics", nlohmann::ordered_json::array()}};
    out["summary"] = {{"files", files}, {"errors", counts.errors}, {"warnings", counts.warnings}, {"infos", counts.infos}};
    return out.dump(2);
  };
  auto streamed = [](std::vector<std::pair<const std::vector<Diagnostic>*, const SourceManager*>> groups,
                     std::size_t files, DiagnosticCounts counts) {
    std::string out;
    JsonDiagnosticsWriter writer(out);
    for (const auto& [diags, sources] : groups) {
      writer.begin();  // each group's, as `check` writes them: rendered one at a time
      for (const Diagnostic& d : *diags) {
        std::string text;
        append_diagnostic_json(text, d, *sources, 4);
        writer.add_rendered(text);
      }
    }
    writer.finish(files, counts);
    return out;
  };
  DiagnosticCounts counts{1, 2, 3};
  for (const auto& groups : std::vector<std::vector<std::pair<const std::vector<Diagnostic>*, const SourceManager*>>>{
           {{&group_a, &first}, {&group_b, &second}},
           {{&group_a, &first}},
           {{&none, &first}},
           {{&none, &first}, {&group_b, &second}, {&none, &second}},
           {}}) {
    EXPECT_EQ(streamed(groups, 7, counts), dom(groups, 7, counts)) << groups.size();
  }
}

TEST(RenderJson, ColumnsCountCodePoints) {
  SourceManager sources;
  const SourceFile& file = sources.add("u.gpuspec", "name = \"é\" GBs\n");
  auto d = make_diagnostic("unknown-unit", Severity::Info, range_of(file, "GBs"), "unknown unit");

  auto json = diagnostics_to_json({d}, sources, 3);
  EXPECT_EQ(json["diagnostics"][0]["range"].dump(),
            R"({"start":{"line":1,"column":12},"end":{"line":1,"column":15}})");
  EXPECT_EQ(json["summary"].dump(), R"({"files":3,"errors":0,"warnings":0,"infos":1})");
}

TEST(RenderJson, EmptyRunStillHasEveryTopLevelKey) {
  SourceManager sources;
  EXPECT_EQ(diagnostics_to_json({}, sources, 0).dump(),
            R"({"version":1,"diagnostics":[],"summary":{"files":0,"errors":0,"warnings":0,"infos":0}})");
}

// The hand-written writer escapes every ASCII byte, UTF-8 text and each optional member
// exactly as nlohmann's dump(2) of the DOM does.
TEST(RenderJson, HandWrittenDiagnosticIsTheDomsDump) {
  SourceManager sources;
  const SourceFile& file = sources.add("dir/\"q\"\\ü\x7f.gpuspec", "gpu ü {\n\tmemory = 256 GBs\r\n}\n");
  std::string every_ascii;
  for (int c = 1; c < 0x80; ++c) every_ascii += static_cast<char>(c);
  std::vector<Diagnostic> cases;
  cases.push_back(make_diagnostic("plain", Severity::Info, SourceRange{}, "message"));
  cases.push_back(make_diagnostic("ascii", Severity::Warning, range_of(file, "GBs"), every_ascii));
  auto full = make_diagnostic("memory.ram-2x-vram", Severity::Error, range_of(file, "ü"), "größer \"als\" 2× — ok\n");
  full.hint = std::string("tab\there\x1f") + every_ascii;
  full.declaration = "ü";
  full.notes.push_back({"with range", range_of(file, "memory")});
  full.notes.push_back({"without", SourceRange{}});
  full.fixits.push_back({range_of(file, "GBs"), "GB\\"});
  full.fixits.push_back({SourceRange{}, ""});
  full.suppressed_by = "lab\nbox";
  cases.push_back(full);
  auto note = make_diagnostic("n", Severity::Note, range_of(file, "}"), "");
  note.fixits.push_back({range_of(file, "gpu"), "x"});
  cases.push_back(note);
  for (const auto& d : cases) {
    std::string dom;
    append_nested_json(dom, dump_json(diagnostics_to_json({d}, sources, 0)["diagnostics"][0]), 4);
    std::string hand;
    append_diagnostic_json(hand, d, sources, 4);
    EXPECT_EQ(hand, dom) << d.id;
  }
}

// Text that is not UTF-8 (a Latin-1 file name, a token cut inside a character) used to
// abort `check --format json` with type_error 316 after half the document was out. It
// is replaced by U+FFFD, as the DOM writes it with the replace handler.
TEST(RenderJson, HandWrittenWriterReplacesInvalidUtf8LikeTheDom) {
  SourceManager sources;
  auto d = make_diagnostic("bad", Severity::Error, SourceRange{}, "broken \xff byte");
  std::string hand;
  append_diagnostic_json(hand, d, sources, 4);
  EXPECT_NE(hand.find("\"broken \xEF\xBF\xBD byte\""), std::string::npos) << hand;
  EXPECT_NE(dump_json(diagnostics_to_json({d}, sources, 0)).find("\"broken \xEF\xBF\xBD byte\""), std::string::npos);
}

// Every range of a text with UTF-8, tabs, CRLF lines and a last line without a newline,
// including empty ranges, ranges across lines and ends past the text: the writer's
// positions (the end computed from the start on one line) are the DOM's.
TEST(RenderJson, PositionsOfEveryRangeAreTheDoms) {
  SourceManager sources;
  const std::string text = "gpu \xC3\xBC {\r\n\tmemory = \"\xE2\x82\xAC\" 256 GBs\r\n\n}";
  const SourceFile& file = sources.add("p.gpuspec", text);
  auto size = static_cast<std::uint32_t>(text.size());
  for (std::uint32_t begin = 0; begin <= size + 1; ++begin) {
    for (std::uint32_t end = begin; end <= size + 2; ++end) {
      auto d = make_diagnostic("r", Severity::Info, {file.id(), begin, end}, "m");
      d.notes.push_back({"same", d.range});
      d.notes.push_back({"from the start", {file.id(), 0, end}});
      std::string dom;
      append_nested_json(dom, dump_json(diagnostics_to_json({d}, sources, 0)["diagnostics"][0]), 4);
      std::string hand;
      append_diagnostic_json(hand, d, sources, 4);
      ASSERT_EQ(hand, dom) << begin << "-" << end;
    }
  }
}

// Inside a JsonPositionScope a range written before is not looked up (nor written)
// again: the same bytes as without one, for ranges repeated in two files of the same
// text (the same offsets, other positions), for a range written both as a diagnostic's
// and as a note's (other indentation) and at another depth, for more ranges than its
// table holds (entries replaced), and after it closes (nothing it kept is read).
TEST(RenderJson, PositionScopeWritesWhatALookUpWould) {
  SourceManager sources;
  std::string a_text, b_text;
  for (int i = 0; i < 700; ++i) a_text += "line " + std::to_string(i) + "\n";
  for (int i = 0; i < 700; ++i) b_text += std::to_string(i) + " \xC3\xBC\n";  // other lengths, a 2-byte character
  const SourceFile& a = sources.add("a.gpuspec", a_text);
  const SourceFile& b = sources.add("b.gpuspec", b_text);
  std::vector<Diagnostic> cases;
  for (std::uint32_t begin = 0; begin + 3 < a_text.size(); begin += 5) {
    for (const SourceFile* file : {&a, &b}) {
      auto d = make_diagnostic("r", Severity::Info, {file->id(), begin, begin + 3}, "m");
      d.notes.push_back({"the other file", {(file == &a ? b : a).id(), begin, begin + 3}});
      d.notes.push_back({"the first line", {file->id(), 0, 4}});
      cases.push_back(std::move(d));
    }
  }
  std::vector<std::string> looked_up(cases.size()), looked_up_at_2(cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    append_diagnostic_json(looked_up[i], cases[i], sources, 4);
    append_diagnostic_json(looked_up_at_2[i], cases[i], sources, 2);
  }
  auto expect_the_same = [&](const char* when, std::size_t depth = 4) {
    for (std::size_t i = 0; i < cases.size(); ++i) {
      std::string written;
      append_diagnostic_json(written, cases[i], sources, depth);
      ASSERT_EQ(written, depth == 4 ? looked_up[i] : looked_up_at_2[i]) << when << ", diagnostic " << i;
    }
  };
  {
    JsonPositionScope scope;
    expect_the_same("first round");
    expect_the_same("second round, reading what the first kept");
    expect_the_same("at another depth", 2);
  }
  expect_the_same("after the scope");
}

// append_diagnostic_json writes a diagnostic into a buffer sized from a bound computed
// first: for diagnostics whose every member grows most when escaped (each byte a \u00xx),
// with notes and fix-its in two files and none, waived, at several depths, what it writes
// and the stores past it fit in that bound, and the bytes are still the DOM's.
TEST(RenderJson, WrittenDiagnosticFitsItsBound) {
  SourceManager sources;
  std::string controls;
  for (int c = 1; c < 0x20; ++c) controls += static_cast<char>(c);
  const SourceFile& file = sources.add("dir/" + controls + ".gpuspec", "gpu a {\n  memory = 256 GBs\n}\n");
  const SourceFile& other = sources.add(controls + controls + "/other.gpuspec", "server s {}\n");
  std::vector<Diagnostic> cases;
  auto full = make_diagnostic(controls, Severity::Warning, range_of(file, "GBs"), controls + controls);
  full.hint = controls;
  full.declaration = controls;
  full.notes.push_back({controls, range_of(file, "memory")});
  full.notes.push_back({controls, SourceRange{}});
  full.notes.push_back({controls + "\"\\", range_of(other, "server")});
  full.notes.push_back({"", range_of(file, "GBs")});
  full.fixits.push_back({range_of(file, "GBs"), controls});
  full.fixits.push_back({SourceRange{}, controls});
  full.suppressed_by = controls;
  cases.push_back(full);
  auto fileless = make_diagnostic("", Severity::Info, SourceRange{}, "");
  fileless.notes.push_back({"", range_of(other, "s")});
  cases.push_back(fileless);
  for (std::size_t depth : {std::size_t{0}, std::size_t{4}, std::size_t{40}}) {
    for (const auto& d : cases) {
      std::string hand;
      append_diagnostic_json(hand, d, sources, depth);
      EXPECT_LE(hand.size() + kJsonWriteSlack, diagnostic_json_bound(d, sources, depth)) << d.id << " at " << depth;
      std::string dom;
      append_nested_json(dom, dump_json(diagnostics_to_json({d}, sources, 0)["diagnostics"][0]), depth);
      EXPECT_EQ(hand, dom) << depth;
    }
  }
}

}  // namespace
}  // namespace gpuspec
