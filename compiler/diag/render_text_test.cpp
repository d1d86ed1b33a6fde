#include "diag/render_text.h"

#include <cstdlib>
#include <optional>
#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "diag/diag_test_helpers.h"

namespace gpuspec {
namespace {

using testing::make_diagnostic;
using testing::range_of;

std::string render_plain(const std::vector<Diagnostic>& diagnostics, const SourceManager& sources) {
  return render_text(diagnostics, sources, TextRenderOptions{.color = false});
}

TEST(RenderText, SingleLineRangeGetsCaretAndTildes) {
  SourceManager sources;
  const SourceFile& file = sources.add("examples/bad/x.gpuspec", "gpu a100 {\n  memory = 256 GBs\n}\n");
  auto d = make_diagnostic("unknown-unit", Severity::Error, range_of(file, "GBs"), "unknown unit 'GBs'");

  EXPECT_EQ(render_plain({d}, sources),
            "examples/bad/x.gpuspec:2:16: error[unknown-unit]: unknown unit 'GBs'\n"
            "    2 |   memory = 256 GBs\n"
            "      |                ^~~\n");
}

TEST(RenderText, EmptyRangeGetsOnlyACaret) {
  SourceManager sources;
  const SourceFile& file = sources.add("x.gpuspec", "a = 1\n");
  SourceRange at_one{file.id(), 4, 4};
  auto d = make_diagnostic("syntax", Severity::Error, at_one, "expected ';'");

  EXPECT_EQ(render_plain({d}, sources),
            "x.gpuspec:1:5: error[syntax]: expected ';'\n"
            "    1 | a = 1\n"
            "      |     ^\n");
}

TEST(RenderText, ColumnsCountCodePointsNotBytes) {
  SourceManager sources;
  // "é" is two bytes but one column: GBs starts at column 12, byte 13.
  const SourceFile& file = sources.add("u.gpuspec", "name = \"é\" GBs\n");
  auto d = make_diagnostic("unknown-unit", Severity::Error, range_of(file, "GBs"), "unknown unit 'GBs'");

  EXPECT_EQ(render_plain({d}, sources),
            "u.gpuspec:1:12: error[unknown-unit]: unknown unit 'GBs'\n"
            "    1 | name = \"é\" GBs\n"
            "      |            ^~~\n");
}

TEST(RenderText, TabsExpandInBothTheLineAndTheUnderline) {
  SourceManager sources;
  // The tab is one column in the header but eight screen columns in the snippet.
  const SourceFile& file = sources.add("t.gpuspec", "\tmemory = 1 GBs\n");
  auto d = make_diagnostic("unknown-unit", Severity::Error, range_of(file, "GBs"), "unknown unit 'GBs'");

  EXPECT_EQ(render_plain({d}, sources),
            "t.gpuspec:1:13: error[unknown-unit]: unknown unit 'GBs'\n"
            "    1 |         memory = 1 GBs\n"
            "      |                    ^~~\n");
}

TEST(RenderText, TabInsideTheRangeIsUnderlinedAtItsExpandedWidth) {
  SourceManager sources;
  // "x = 1" ends at screen column 5, so the tab stretches to column 8 (3 spaces).
  const SourceFile& file = sources.add("t.gpuspec", "x = 1\tGB\n");
  auto d = make_diagnostic("unit-mismatch", Severity::Error, range_of(file, "1\tGB"), "bad quantity");

  EXPECT_EQ(render_plain({d}, sources),
            "t.gpuspec:1:5: error[unit-mismatch]: bad quantity\n"
            "    1 | x = 1   GB\n"
            "      |     ^~~~~~\n");
}

TEST(RenderText, CrlfLineEndingsAreNotEchoed) {
  SourceManager sources;
  const SourceFile& file = sources.add("w.gpuspec", "a = 1\r\nmemory = 2 GBs\r\n");
  auto d = make_diagnostic("unknown-unit", Severity::Error, range_of(file, "GBs"), "unknown unit 'GBs'");

  std::string out = render_plain({d}, sources);
  EXPECT_EQ(out,
            "w.gpuspec:2:12: error[unknown-unit]: unknown unit 'GBs'\n"
            "    2 | memory = 2 GBs\n"
            "      |            ^~~\n");
  EXPECT_EQ(out.find('\r'), std::string::npos);
}

TEST(RenderText, RangeSpanningLinesIsUnderlinedToTheEndOfItsFirstLine) {
  SourceManager sources;
  const SourceFile& file = sources.add("m.gpuspec", "gpu x {\n  a = 1\n}\n");
  SourceRange from_name_to_brace = range_of(file, "x").to(range_of(file, "}"));
  auto d = make_diagnostic("missing-property", Severity::Warning, from_name_to_brace, "gpu has no vram");

  EXPECT_EQ(render_plain({d}, sources),
            "m.gpuspec:1:5: warning[missing-property]: gpu has no vram\n"
            "    1 | gpu x {\n"
            "      |     ^~~\n");
}

TEST(RenderText, NotesHintAndFixitsFollowTheSnippet) {
  SourceManager sources;
  const SourceFile& file = sources.add("n.gpuspec", "unit GB\nmemory = 256 GBs\n");
  auto d = make_diagnostic("unknown-unit", Severity::Error, range_of(file, "GBs"), "unknown unit 'GBs'");
  d.hint = "did you mean 'GB'?";
  d.declaration = "not printed";
  d.notes.push_back({"units are case-sensitive", SourceRange{}});
  d.notes.push_back({"declared here", range_of(file, "GB")});
  d.fixits.push_back({range_of(file, "GBs"), "GB"});

  EXPECT_EQ(render_plain({d}, sources),
            "n.gpuspec:2:14: error[unknown-unit]: unknown unit 'GBs'\n"
            "    2 | memory = 256 GBs\n"
            "      |              ^~~\n"
            "      fix-it: replace with 'GB'\n"
            "      = note: units are case-sensitive\n"
            "      help: did you mean 'GB'?\n"
            "n.gpuspec:1:6: note: declared here\n"
            "    1 | unit GB\n"
            "      |      ^~\n");
}

TEST(RenderText, InsertionAndRemovalFixitsSayWhatTheyDo) {
  SourceManager sources;
  const SourceFile& file = sources.add("f.gpuspec", "a = 1 1\n");
  auto d = make_diagnostic("syntax", Severity::Error, range_of(file, "1", 1), "unexpected number");
  d.fixits.push_back({SourceRange{file.id(), 5, 5}, ";"});
  d.fixits.push_back({range_of(file, " 1", 1), ""});

  EXPECT_EQ(render_plain({d}, sources),
            "f.gpuspec:1:7: error[syntax]: unexpected number\n"
            "    1 | a = 1 1\n"
            "      |       ^\n"
            "      fix-it: insert ';'\n"
            "      fix-it: remove ' 1'\n");
}

TEST(RenderText, DiagnosticWithoutLocationNamesTheTool) {
  SourceManager sources;
  auto d = make_diagnostic("io", Severity::Error, SourceRange{}, "cannot read 'missing.gpuspec'");
  d.hint = "check the path";

  EXPECT_EQ(render_plain({d}, sources),
            "gpuspec: error[io]: cannot read 'missing.gpuspec'\n"
            "      help: check the path\n");
}

TEST(RenderText, SuppressedDiagnosticsAreHiddenUnlessAskedFor) {
  SourceManager sources;
  const SourceFile& file = sources.add("s.gpuspec", "memory = 1 GB\n");
  auto d = make_diagnostic("memory.ram-2x-vram", Severity::Warning, range_of(file, "memory"), "too little memory");
  d.suppressed_by = "lab box";

  EXPECT_EQ(render_plain({d}, sources), "");
  EXPECT_EQ(render_text({d}, sources, TextRenderOptions{.color = false, .show_suppressed = true}),
            "s.gpuspec:1:1: warning[memory.ram-2x-vram]: too little memory\n"
            "    1 | memory = 1 GB\n"
            "      | ^~~~~~\n"
            "      = note: suppressed by waiver: lab box\n");
}

TEST(RenderText, ColourFollowsClang) {
  SourceManager sources;
  const SourceFile& file = sources.add("c.gpuspec", "a = 1 GBs\n");
  auto error = make_diagnostic("unknown-unit", Severity::Error, range_of(file, "GBs"), "unknown unit");
  auto warning = make_diagnostic("w", Severity::Warning, SourceRange{}, "careful");
  auto info = make_diagnostic("i", Severity::Info, SourceRange{}, "fyi");

  EXPECT_EQ(render_text({error, warning, info}, sources, TextRenderOptions{.color = true}),
            "\x1b[1mc.gpuspec:1:7:\x1b[0m \x1b[1;31merror[unknown-unit]:\x1b[0m \x1b[1munknown unit\x1b[0m\n"
            "    1 | a = 1 GBs\n"
            "      |       \x1b[1;32m^~~\x1b[0m\n"
            "\x1b[1mgpuspec:\x1b[0m \x1b[1;35mwarning[w]:\x1b[0m \x1b[1mcareful\x1b[0m\n"
            "\x1b[1mgpuspec:\x1b[0m \x1b[1;36minfo[i]:\x1b[0m \x1b[1mfyi\x1b[0m\n");
}

TEST(RenderText, NoEscapeCodesWithoutColour) {
  SourceManager sources;
  const SourceFile& file = sources.add("c.gpuspec", "a = 1 GBs\n");
  auto d = make_diagnostic("unknown-unit", Severity::Error, range_of(file, "GBs"), "unknown unit");
  d.notes.push_back({"declared here", range_of(file, "a")});

  EXPECT_EQ(render_plain({d}, sources).find('\x1b'), std::string::npos);
}

TEST(RenderSummary, ListsNonZeroCountsLikeClang) {
  EXPECT_EQ(render_summary({}), "");
  EXPECT_EQ(render_summary({.errors = 1}), "1 error generated.\n");
  EXPECT_EQ(render_summary({.warnings = 1}), "1 warning generated.\n");
  EXPECT_EQ(render_summary({.errors = 2, .warnings = 1}), "2 errors and 1 warning generated.\n");
  EXPECT_EQ(render_summary({.errors = 1, .warnings = 2, .infos = 3}), "1 error, 2 warnings and 3 infos generated.\n");
  EXPECT_EQ(render_summary({.warnings = 0, .infos = 1}), "1 info generated.\n");
}

TEST(CountDiagnostics, SkipsSuppressedFindingsAndNotes) {
  auto error = make_diagnostic("e", Severity::Error, SourceRange{}, "");
  auto waived = error;
  waived.suppressed_by = "why";
  auto warning = make_diagnostic("w", Severity::Warning, SourceRange{}, "");
  auto note = make_diagnostic("n", Severity::Note, SourceRange{}, "");
  auto info = make_diagnostic("i", Severity::Info, SourceRange{}, "");

  DiagnosticCounts expected{.errors = 1, .warnings = 1, .infos = 1, .infos_by_rule = {{"i", 1}}};
  EXPECT_EQ(count_diagnostics({error, waived, warning, note, info}), expected);
}

// Sets or clears environment variables for one test and restores them after.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) setenv(name, value, 1);
    else unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_) setenv(name_, old_->c_str(), 1);
    else unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

// A pseudo-terminal, so the "is a tty" branch can be tested without a real one.
class PseudoTerminal {
 public:
  PseudoTerminal() {
    master_ = posix_openpt(O_RDWR | O_NOCTTY);
    if (master_ >= 0 && grantpt(master_) == 0 && unlockpt(master_) == 0) {
      slave_ = open(ptsname(master_), O_RDWR | O_NOCTTY);
    }
  }
  ~PseudoTerminal() {
    if (slave_ >= 0) close(slave_);
    if (master_ >= 0) close(master_);
  }
  int fd() const { return slave_; }

 private:
  int master_ = -1;
  int slave_ = -1;
};

TEST(ShouldUseColor, OnlyForATerminalThatAllowsIt) {
  PseudoTerminal tty;
  if (tty.fd() < 0) GTEST_SKIP() << "no pseudo-terminal available";
  ScopedEnv term("TERM", "xterm-256color");
  ScopedEnv no_color("NO_COLOR", nullptr);

  EXPECT_TRUE(should_use_color(tty.fd(), false));
  EXPECT_FALSE(should_use_color(tty.fd(), true));
  {
    ScopedEnv dumb("TERM", "dumb");
    EXPECT_FALSE(should_use_color(tty.fd(), false));
  }
  {
    ScopedEnv set("NO_COLOR", "1");
    EXPECT_FALSE(should_use_color(tty.fd(), false));
  }
  {
    ScopedEnv set("NO_COLOR", "anything");
    EXPECT_FALSE(should_use_color(tty.fd(), false));
  }
  {
    // no-color.org: an empty NO_COLOR does not disable colour.
    ScopedEnv empty("NO_COLOR", "");
    EXPECT_TRUE(should_use_color(tty.fd(), false));
  }
}

TEST(ShouldUseColor, NeverForAPipe) {
  ScopedEnv term("TERM", "xterm-256color");
  ScopedEnv no_color("NO_COLOR", nullptr);
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  EXPECT_FALSE(should_use_color(fds[1], false));
  close(fds[0]);
  close(fds[1]);
}

}  // namespace
}  // namespace gpuspec
