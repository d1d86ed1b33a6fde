#include "diag/verify.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diag/diag_test_helpers.h"

namespace gpuspec {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using testing::make_diagnostic;

// A diagnostic starting at the first column of a 1-based line.
Diagnostic on_line(const SourceFile& file, std::uint32_t line, Severity severity, std::string id, std::string message) {
  std::uint32_t offset = 0;
  for (std::uint32_t l = 1; l < line; ++l) offset = static_cast<std::uint32_t>(file.text().find('\n', offset)) + 1;
  return make_diagnostic(std::move(id), severity, SourceRange{file.id(), offset, offset + 1}, std::move(message));
}

VerifyResult verify_one(const SourceManager& sources, const SourceFile& file, const std::vector<Diagnostic>& diags) {
  return verify_expectations(sources, {file.id()}, diags);
}

TEST(Verify, ExpectationOnTheSameLineMatches) {
  SourceManager sources;
  const SourceFile& file = sources.add("v.gpuspec", "a = 1 GBs # expected-error {{unknown unit}}\n");
  auto result = verify_one(sources, file, {on_line(file, 1, Severity::Error, "unknown-unit", "unknown unit 'GBs'")});
  EXPECT_TRUE(result.ok);
  EXPECT_THAT(result.problems, IsEmpty());
}

TEST(Verify, MissingDiagnosticIsReported) {
  SourceManager sources;
  const SourceFile& file = sources.add("v.gpuspec", "a = 1 GBs # expected-error {{unknown unit}}\n");
  auto result = verify_one(sources, file, {});
  EXPECT_FALSE(result.ok);
  EXPECT_THAT(result.problems, ElementsAre("v.gpuspec:1: expected error not seen: {{unknown unit}}"));
}

TEST(Verify, UnexpectedDiagnosticIsReported) {
  SourceManager sources;
  const SourceFile& file = sources.add("v.gpuspec", "# expected-no-diagnostics\na = 1\n");
  auto result = verify_one(sources, file, {on_line(file, 2, Severity::Warning, "style", "odd name")});
  EXPECT_FALSE(result.ok);
  EXPECT_THAT(result.problems, ElementsAre("v.gpuspec:2: unexpected warning[style]: odd name"));
}

TEST(Verify, ExpectedNoDiagnosticsPassesOnACleanFile) {
  SourceManager sources;
  const SourceFile& file = sources.add("v.gpuspec", "// expected-no-diagnostics\na = 1\n");
  EXPECT_TRUE(verify_one(sources, file, {}).ok);
}

TEST(Verify, LineSpecsAreRelativeOrAbsolute) {
  SourceManager sources;
  const SourceFile& file = sources.add("v.gpuspec",
                                       "# expected-error@+1 {{first}}\n"
                                       "a = 1\n"
                                       "b = 2\n"
                                       "# expected-warning@-1 {{second}}\n"
                                       "# expected-info@2 {{third}}\n");
  auto result = verify_one(sources, file,
                           {on_line(file, 2, Severity::Error, "e", "the first one"),
                            on_line(file, 3, Severity::Warning, "w", "the second one"),
                            on_line(file, 2, Severity::Info, "i", "the third one")});
  EXPECT_THAT(result.problems, IsEmpty());
}

TEST(Verify, DiagnosticOnTheWrongLineIsBothMissingAndUnexpected) {
  SourceManager sources;
  const SourceFile& file = sources.add("v.gpuspec", "# expected-error@+1 {{first}}\na = 1\n");
  auto result = verify_one(sources, file, {on_line(file, 1, Severity::Error, "e", "the first one")});
  EXPECT_THAT(result.problems, ElementsAre("v.gpuspec:2: expected error not seen: {{first}}",
                                           "v.gpuspec:1: unexpected error[e]: the first one"));
}

TEST(Verify, IdInBracketsMustMatchToo) {
  SourceManager sources;
  const SourceFile& file = sources.add("v.gpuspec", "a = 1 GBs # expected-error[unknown-unit] {{unknown}}\n");

  auto right_id = verify_one(sources, file, {on_line(file, 1, Severity::Error, "unknown-unit", "unknown unit")});
  EXPECT_THAT(right_id.problems, IsEmpty());

  auto wrong_id = verify_one(sources, file, {on_line(file, 1, Severity::Error, "unit-mismatch", "unknown unit")});
  EXPECT_THAT(wrong_id.problems, ElementsAre("v.gpuspec:1: expected error[unknown-unit] not seen: {{unknown}}",
                                             "v.gpuspec:1: unexpected error[unit-mismatch]: unknown unit"));
}

TEST(Verify, IdAndLineSpecCombine) {
  SourceManager sources;
  const SourceFile& file = sources.add("v.gpuspec", "# expected-error[unknown-unit]@+1 {{unknown unit}}\nm = 1 GBs\n");
  auto result = verify_one(sources, file, {on_line(file, 2, Severity::Error, "unknown-unit", "unknown unit 'GBs'")});
  EXPECT_THAT(result.problems, IsEmpty());
}

TEST(Verify, SubstringMustBeContainedInTheMessage) {
  SourceManager sources;
  const SourceFile& file = sources.add("v.gpuspec", "a = 1 GBs # expected-error {{unknown units}}\n");
  auto result = verify_one(sources, file, {on_line(file, 1, Severity::Error, "unknown-unit", "unknown unit 'GBs'")});
  EXPECT_THAT(result.problems, ElementsAre("v.gpuspec:1: expected error not seen: {{unknown units}}",
                                           "v.gpuspec:1: unexpected error[unknown-unit]: unknown unit 'GBs'"));
}

TEST(Verify, SeverityMustMatch) {
  SourceManager sources;
  const SourceFile& file = sources.add("v.gpuspec", "a = 1 # expected-warning {{odd}}\n");
  auto result = verify_one(sources, file, {on_line(file, 1, Severity::Error, "x", "odd")});
  EXPECT_THAT(result.problems,
              ElementsAre("v.gpuspec:1: expected warning not seen: {{odd}}", "v.gpuspec:1: unexpected error[x]: odd"));
}

TEST(Verify, FileWithoutDirectivesIsAProblem) {
  SourceManager sources;
  const SourceFile& file = sources.add("n.gpuspec", "a = 1  # just a comment\n");
  auto result = verify_one(sources, file, {});
  EXPECT_FALSE(result.ok);
  EXPECT_THAT(result.problems,
              ElementsAre("n.gpuspec: no expected-error, expected-warning, expected-info or expected-no-diagnostics "
                          "directives found"));
}

TEST(Verify, MarkersInsideStringsOrProseAreNotDirectives) {
  SourceManager sources;
  const SourceFile& file = sources.add("n.gpuspec",
                                       "s = \"# expected-error {{x}}\"\n"
                                       "# unexpected-error {{x}} and expected-errors are prose\n");
  auto result = verify_one(sources, file, {});
  EXPECT_THAT(result.problems,
              ElementsAre("n.gpuspec: no expected-error, expected-warning, expected-info or expected-no-diagnostics "
                          "directives found"));
}

TEST(Verify, AllCommentFormsAndSeveralMarkersPerLine) {
  SourceManager sources;
  const SourceFile& file = sources.add("c.gpuspec",
                                       "a = 1 // expected-error {{one}} expected-warning {{two}}\n"
                                       "/* a block; the directive is on line 3, so @-2 means line 1\n"
                                       "   expected-info@-2 {{three}} */ b = 2\n");
  auto result = verify_one(sources, file,
                           {on_line(file, 1, Severity::Error, "e", "one"), on_line(file, 1, Severity::Warning, "w", "two"),
                            on_line(file, 1, Severity::Info, "i", "three")});
  EXPECT_THAT(result.problems, IsEmpty());
}

TEST(Verify, EachExpectationConsumesExactlyOneDiagnostic) {
  SourceManager sources;
  const SourceFile& file = sources.add("v.gpuspec", "a = 1 # expected-error {{dup}}\n");
  auto dup = on_line(file, 1, Severity::Error, "d", "dup");
  EXPECT_THAT(verify_one(sources, file, {dup, dup}).problems, ElementsAre("v.gpuspec:1: unexpected error[d]: dup"));

  const SourceFile& twice = sources.add("w.gpuspec", "a = 1 # expected-error {{dup}} expected-error {{dup}}\n");
  auto dup_in_twice = on_line(twice, 1, Severity::Error, "d", "dup");
  EXPECT_THAT(verify_one(sources, twice, {dup_in_twice, dup_in_twice}).problems, IsEmpty());
}

TEST(Verify, SuppressedDiagnosticsAreInvisible) {
  SourceManager sources;
  const SourceFile& file = sources.add("v.gpuspec", "# expected-no-diagnostics\nmemory = 1 GB\n");
  auto waived = on_line(file, 2, Severity::Warning, "memory.ram-2x-vram", "too little memory");
  waived.suppressed_by = "lab box";
  EXPECT_THAT(verify_one(sources, file, {waived}).problems, IsEmpty());

  const SourceFile& expecting = sources.add("w.gpuspec", "memory = 1 GB # expected-warning {{too little}}\n");
  auto waived_here = on_line(expecting, 1, Severity::Warning, "memory.ram-2x-vram", "too little memory");
  waived_here.suppressed_by = "lab box";
  EXPECT_THAT(verify_one(sources, expecting, {waived_here}).problems,
              ElementsAre("w.gpuspec:1: expected warning not seen: {{too little}}"));
}

TEST(Verify, DiagnosticsOutsideTheVerifiedFilesAreUnexpected) {
  SourceManager sources;
  const SourceFile& file = sources.add("v.gpuspec", "# expected-no-diagnostics\n");
  const SourceFile& imported = sources.add("lib.gpuspec", "x = 1\n");
  auto result = verify_one(sources, file,
                           {on_line(imported, 1, Severity::Error, "unknown-name", "unknown name 'y'"),
                            make_diagnostic("io", Severity::Error, SourceRange{}, "cannot read 'z'")});
  EXPECT_THAT(result.problems, ElementsAre("lib.gpuspec:1: unexpected error[unknown-name]: unknown name 'y'",
                                           "gpuspec: unexpected error[io]: cannot read 'z'"));
}

TEST(Verify, MalformedDirectivesAreProblems) {
  SourceManager sources;
  const SourceFile& file = sources.add("m.gpuspec",
                                       "# expected-error {{one}} {{two}}\n"
                                       "# expected-error@x {{bad line}}\n"
                                       "# expected-error@+9 {{past the end}}\n"
                                       "# expected-warning no braces\n"
                                       "# expected-info {{unclosed\n"
                                       "# expected-note {{notes are attached}}\n"
                                       "# expected-error[unclosed {{id}}\n");
  auto result = verify_one(sources, file, {});
  EXPECT_THAT(result.problems,
              ElementsAre("m.gpuspec:1: only one {{...}} per 'expected-error'; write one directive per expected "
                          "diagnostic",
                          "m.gpuspec:2: invalid line after 'expected-error@': use @+N, @-N or @N",
                          "m.gpuspec:3: 'expected-error' points at line 12, outside the file",
                          "m.gpuspec:4: expected '{{' after 'expected-warning'",
                          "m.gpuspec:5: missing '}}' after 'expected-info'",
                          "m.gpuspec:6: expected-note is not supported; notes are checked as part of their diagnostic",
                          "m.gpuspec:7: missing ']' after 'expected-error['"));
}

TEST(Verify, NoDiagnosticsCannotBeCombinedWithExpectations) {
  SourceManager sources;
  const SourceFile& file = sources.add("v.gpuspec", "# expected-no-diagnostics\na = 1 # expected-error {{x}}\n");
  auto result = verify_one(sources, file, {on_line(file, 2, Severity::Error, "e", "x")});
  EXPECT_THAT(result.problems,
              ElementsAre("v.gpuspec:1: expected-no-diagnostics cannot be combined with other directives"));
}

}  // namespace
}  // namespace gpuspec
