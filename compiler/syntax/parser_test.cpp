// The parse wrapper (text in, our AST and diagnostics out, never an exception) and
// the literal decoders it relies on.
#include "syntax/parser.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "syntax/ast_dump.h"
#include "syntax/literals.h"

namespace gpuspec::syntax {
namespace {

struct Parsed {
  SourceManager sources;
  DiagnosticEngine diags;
  ast::File file;
  FileId id = kNoFile;

  std::string text_of(SourceRange r) const { return std::string(sources.file(r.file).slice(r)); }
  std::string dump() const { return dump_ast(file, sources); }
  std::vector<std::string> ids() const {
    std::vector<std::string> out;
    for (const auto& d : diags.diagnostics()) out.push_back(d.id);
    return out;
  }
  std::string at(SourceRange r) const {
    auto s = sources.start_of(r);
    auto e = sources.end_of(r);
    return std::to_string(s.line) + ":" + std::to_string(s.column) + "-" + std::to_string(e.line) + ":" +
           std::to_string(e.column);
  }
};

// Parsed holds a SourceManager and must not move after the file is added.
void parse_into(Parsed& p, const std::string& text) {
  const SourceFile& source = p.sources.add("test.gpuspec", text);
  p.id = source.id();
  EXPECT_NO_THROW(p.file = parse_file(source, p.diags));
}

TEST(ParseFileTest, EmptyFileIsEmptyAndClean) {
  Parsed p;
  parse_into(p, "");
  EXPECT_TRUE(p.diags.diagnostics().empty());
  EXPECT_EQ(p.file.file, p.id);
  EXPECT_TRUE(p.file.imports.empty());
  EXPECT_TRUE(p.file.declarations.empty());
}

TEST(ParseFileTest, DeclarationShapeAndRanges) {
  Parsed p;
  parse_into(p,
             "import \"workload.gpuspec\"\n"
             "\n"
             "cloud train {\n"
             "  count = 2\n"
             "  storage { system = 200 GB; data = 4TB }\n"
             "  waive gpu.x \"why\" until = \"2030-01-01\"\n"
             "}\n");
  ASSERT_TRUE(p.diags.diagnostics().empty()) << p.ids().front();
  ASSERT_EQ(p.file.imports.size(), 1u);
  EXPECT_EQ(p.file.imports[0].path, "workload.gpuspec");
  EXPECT_EQ(p.text_of(p.file.imports[0].path_range), "\"workload.gpuspec\"");
  EXPECT_EQ(p.at(p.file.imports[0].range), "1:1-1:26");

  ASSERT_EQ(p.file.declarations.size(), 1u);
  const ast::Declaration& decl = p.file.declarations[0];
  EXPECT_EQ(decl.kind, "cloud");
  EXPECT_EQ(decl.name, "train");
  EXPECT_EQ(p.text_of(decl.kind_range), "cloud");
  EXPECT_EQ(p.text_of(decl.name_range), "train");
  EXPECT_EQ(p.at(decl.range), "3:1-7:2");
  EXPECT_EQ(p.at(decl.body.range), "3:13-7:2");
  ASSERT_EQ(decl.body.items.size(), 3u);

  const auto* count = std::get_if<ast::Property>(&decl.body.items[0]);
  ASSERT_NE(count, nullptr);
  EXPECT_EQ(count->key, "count");
  EXPECT_EQ(p.text_of(count->range), "count = 2");
  ASSERT_NE(count->value->as<ast::NumberLit>(), nullptr);
  EXPECT_EQ(count->value->as<ast::NumberLit>()->value, 2);

  const auto* storage = std::get_if<std::unique_ptr<ast::Block>>(&decl.body.items[1]);
  ASSERT_NE(storage, nullptr);
  EXPECT_EQ((*storage)->key, "storage");
  ASSERT_EQ((*storage)->body.items.size(), 2u);
  const auto& system = std::get<ast::Property>((*storage)->body.items[0]);
  const auto* spaced = system.value->as<ast::QuantityLit>();
  ASSERT_NE(spaced, nullptr);
  EXPECT_EQ(spaced->number, 200);
  EXPECT_EQ(spaced->unit, "GB");
  EXPECT_EQ(p.text_of(spaced->unit_range), "GB");
  EXPECT_EQ(p.text_of(system.value->range), "200 GB");
  const auto& data = std::get<ast::Property>((*storage)->body.items[1]);
  const auto* attached = data.value->as<ast::QuantityLit>();
  ASSERT_NE(attached, nullptr);
  EXPECT_EQ(attached->number, 4);
  EXPECT_EQ(attached->unit, "TB");
  EXPECT_EQ(p.text_of(attached->unit_range), "TB");

  const auto* waiver = ast::waiver_of(decl.body.items[2]);
  ASSERT_NE(waiver, nullptr);
  EXPECT_EQ(waiver->rule, "gpu.x");
  EXPECT_EQ(waiver->reason, "why");
  EXPECT_EQ(waiver->until, "2030-01-01");
  EXPECT_EQ(p.text_of(waiver->until_range), "\"2030-01-01\"");
}

TEST(ParseFileTest, ExpressionShapes) {
  Parsed p;
  parse_into(p,
             "policy p {\n"
             "  a = 1 + 2 * 3\n"
             "  b = (1 + 2) * -3\n"
             "  c = not q and y or z in [1, 2,]\n"
             "  d = 4 x nvidia.h100_80gb_sxm\n"
             "  e = 8x generic.ssd\n"
             "  f = pytorch@2.3\n"
             "  g = min(7B, 1.5e3 MB/s, 60%)\n"
             "  h = 12 %\n"
             "}\n");
  ASSERT_TRUE(p.diags.diagnostics().empty()) << p.ids().front();
  EXPECT_EQ(p.dump(),
            "policy p @1:1-10:2\n"
            "  property a @2:3-2:16 = (1 + (2 * 3))\n"
            "  property b @3:3-3:19 = ((1 + 2) * (- 3))\n"
            "  property c @4:3-4:34 = (((not name(q)) and name(y)) or (name(z) in [1, 2]))\n"
            "  property d @5:3-5:31 = times(4, nvidia.h100_80gb_sxm)\n"
            "  property e @6:3-6:21 = times(8, generic.ssd)\n"
            "  property f @7:3-7:18 = version(pytorch @ 2.3)\n"
            "  property g @8:3-8:31 = min(count(7000000000), quantity(1500 MB/s), percent(0.6))\n"
            "  property h @9:3-9:11 = percent(0.12)\n");
  const auto& d = std::get<ast::Property>(p.file.declarations[0].body.items[3]);
  const auto* times = d.value->as<ast::Multiplicity>();
  ASSERT_NE(times, nullptr);
  EXPECT_EQ(p.text_of(times->count_range), "4");
  EXPECT_EQ(p.text_of(times->name_range), "nvidia.h100_80gb_sxm");
  const auto& g = std::get<ast::Property>(p.file.declarations[0].body.items[6]);
  const auto* call = g.value->as<ast::CallExpr>();
  ASSERT_NE(call, nullptr);
  EXPECT_EQ(p.text_of(call->callee_range(p.file.file)), "min");
  ASSERT_EQ(call->args.size(), 3u);
  EXPECT_EQ(p.text_of(call->args[1]->range), "1.5e3 MB/s");
}

TEST(ParseFileTest, RangesAreByteOffsetsAfterMultiByteText) {
  Parsed p;
  parse_into(p, "# caf\xC3\xA9 \xF0\x9F\x98\x80\nworkload w { note = \"\xE2\x82\xAC\" n = 5 }\n");
  ASSERT_TRUE(p.diags.diagnostics().empty()) << p.ids().front();
  const auto& items = p.file.declarations[0].body.items;
  const auto& note = std::get<ast::Property>(items[0]);
  EXPECT_EQ(p.text_of(note.value->range), "\"\xE2\x82\xAC\"");
  EXPECT_EQ(note.value->as<ast::StringLit>()->value, "\xE2\x82\xAC");
  const auto& n = std::get<ast::Property>(items[1]);
  EXPECT_EQ(p.text_of(n.range), "n = 5");
  EXPECT_EQ(p.at(n.range), "2:25-2:30");  // columns in code points: the euro sign is one
}

TEST(ParseFileTest, CommentsAreKeptInOrder) {
  Parsed p;
  parse_into(p, "# hash\nworkload w { // slash\n  /* block\n  */ n = 1 }\n");
  ASSERT_TRUE(p.diags.diagnostics().empty());
  ASSERT_EQ(p.file.comments.size(), 3u);
  EXPECT_EQ(p.file.comments[0].style, ast::CommentStyle::Hash);
  EXPECT_EQ(p.file.comments[0].text, "# hash");
  EXPECT_EQ(p.file.comments[1].style, ast::CommentStyle::Slash);
  EXPECT_EQ(p.file.comments[1].text, "// slash");
  EXPECT_EQ(p.file.comments[2].style, ast::CommentStyle::Block);
  EXPECT_EQ(p.file.comments[2].text, "/* block\n  */");
  EXPECT_EQ(p.at(p.file.comments[2].range), "3:3-4:5");
  EXPECT_EQ(p.file.declarations.size(), 1u);
}

TEST(ParseFileTest, CommentsAreKeptWhenThereAreSyntaxErrors) {
  Parsed p;
  parse_into(p, "# keep me\nworkload w { n = }\n");
  EXPECT_FALSE(p.diags.diagnostics().empty());
  ASSERT_EQ(p.file.comments.size(), 1u);
  EXPECT_EQ(p.file.comments[0].text, "# keep me");
}

struct BadInput {
  const char* name;
  std::string text;
  const char* id;
  const char* range;  // line:col-line:col of the first diagnostic
};

class ParseErrorTest : public ::testing::TestWithParam<BadInput> {};

TEST_P(ParseErrorTest, BecomesADiagnosticWithIdAndRange) {
  const BadInput& c = GetParam();
  Parsed p;
  parse_into(p, c.text);
  ASSERT_FALSE(p.diags.diagnostics().empty()) << c.name;
  const Diagnostic& first = p.diags.diagnostics().front();
  EXPECT_EQ(first.id, c.id) << c.name << ": " << first.message;
  EXPECT_EQ(first.severity, Severity::Error);
  EXPECT_EQ(first.range.file, p.id);
  EXPECT_EQ(p.at(first.range), c.range) << c.name << ": " << first.message;
  EXPECT_FALSE(first.message.empty());
  for (const auto& d : p.diags.diagnostics()) {
    EXPECT_LE(d.range.begin, d.range.end) << d.id;
    EXPECT_LE(d.range.end, c.text.size()) << d.id;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Table, ParseErrorTest,
    ::testing::Values(
        BadInput{"missing_value", "workload w {\n  n = \n}\n", "syntax", "3:1-3:2"},
        BadInput{"missing_brace", "workload w {\n  n = 1\n", "syntax", "3:1-3:1"},
        BadInput{"stray_character", "workload w { n = 1 $ }", "syntax", "1:20-1:21"},
        BadInput{"stray_control", "workload w {\x01}", "syntax", "1:13-1:14"},
        BadInput{"unterminated_string", "workload w { s = \"abc\n}", "unterminated-string", "1:18-1:19"},
        BadInput{"unterminated_triple", "workload w { s = \"\"\"abc", "unterminated-string", "1:18-1:21"},
        BadInput{"unterminated_comment", "workload w { } /* x", "unterminated-comment", "1:16-1:18"},
        BadInput{"invalid_escape", "workload w { s = \"a\\qb\" }", "invalid-escape", "1:20-1:22"},
        BadInput{"invalid_escape_multibyte", "workload w { s = \"\\\xC3\xA9\" }", "invalid-escape", "1:19-1:21"},
        BadInput{"bad_unicode_escape", "workload w { s = \"\\u{110000}\" }", "invalid-escape", "1:19-1:29"},
        BadInput{"number_overflow", "workload w { n = 1e400 }", "number-overflow", "1:18-1:23"},
        BadInput{"count_overflow", "workload w { n = 1e300T }", "number-overflow", "1:18-1:24"},
        BadInput{"binary", std::string("workload\0 w", 11), "binary-file", "1:9-1:10"},
        BadInput{"invalid_utf8", "workload w { s = \"\xE2\x82\" }", "invalid-utf8", "1:19-1:20"},
        BadInput{"deep_parens", "workload w { n = " + std::string(300, '(') + "1" + std::string(300, ')') + " }",
                 "nesting-too-deep", "1:217-1:218"},  // the `{` is level 1
        BadInput{"deep_blocks", "workload w {" + std::string(300, '{'), "nesting-too-deep", "1:212-1:213"},
        BadInput{"operator_chain", "workload w { n = " + std::string(3000, '-') + "1 }", "nesting-too-deep",
                 "1:274-1:275"},
        BadInput{"attached_name", "workload w { n = 4GB nvidia.x }", "syntax", "1:22-1:30"}),
    [](const ::testing::TestParamInfo<BadInput>& info) { return std::string(info.param.name); });

TEST(ParseFileTest, SyntaxErrorsAreCapped) {
  std::string text = "workload w {\n";
  for (int i = 0; i < 300; ++i) text += "  p = = ]\n";
  text += "}\n";
  Parsed p;
  parse_into(p, text);
  int syntax = 0;
  int capped = 0;
  for (const auto& d : p.diags.diagnostics()) {
    syntax += d.id == "syntax";
    capped += d.id == "too-many-errors";
  }
  EXPECT_EQ(syntax, kMaxSyntaxErrors);
  EXPECT_EQ(capped, 1);
}

TEST(ParseFileTest, HostileInputNeverThrows) {
  const std::vector<std::string> inputs = {
      "}", "{", "))))", "workload", "workload w", "workload w {", "import", "import \"",
      "import 42", "waive", "workload w { waive }", "workload w { waive x until }",
      "workload w { a = [,] }", "workload w { a = f(,) }", "\"\"\"", "/*", "*/", "@", "1e", "1e+",
      "workload w { a = 1 x }", "workload w { a = - }", "workload w { a = not }",
      std::string(1000, '{') + std::string(1000, '}'), std::string(5000, '"'), std::string(5000, '\\'),
      "\xEF\xBB\xBFworkload w {}", "workload w { a = \"\\u{\" }", "workload w { a = \"\\u{}\" }",
      "workload w { a = \"\\u{d800}\" }", "workload w { a = \"\\u{1234567}\" }", "workload w { a = \"\\"};
  for (const auto& text : inputs) {
    Parsed p;
    parse_into(p, text);
    for (const auto& d : p.diags.diagnostics()) {
      EXPECT_NE(d.id, "internal-error") << text.substr(0, 40) << ": " << d.message;
      EXPECT_LE(d.range.end, text.size()) << text.substr(0, 40);
    }
  }
}

// ---------------------------------------------------------------- literals

struct SplitCase {
  const char* text;
  const char* number;
  const char* suffix;
};

class SplitNumberSuffixTest : public ::testing::TestWithParam<SplitCase> {};

TEST_P(SplitNumberSuffixTest, Splits) {
  const SplitCase& c = GetParam();
  NumberWithSuffix parts = split_number_suffix(c.text);
  EXPECT_EQ(parts.number, c.number) << c.text;
  EXPECT_EQ(parts.suffix, c.suffix) << c.text;
}

INSTANTIATE_TEST_SUITE_P(Table, SplitNumberSuffixTest,
                         ::testing::Values(SplitCase{"80GB", "80", "GB"}, SplitCase{"7B", "7", "B"},
                                           SplitCase{"1.5e3MB/s", "1.5e3", "MB/s"}, SplitCase{"60%", "60", "%"},
                                           SplitCase{"4x", "4", "x"}, SplitCase{"2eggs", "2", "eggs"},
                                           SplitCase{"2e", "2", "e"}, SplitCase{"2e+", "2", "e+"},
                                           SplitCase{"1e-3s", "1e-3", "s"}, SplitCase{"1E+10W", "1E+10", "W"},
                                           SplitCase{"3.", "3", "."}, SplitCase{"3.x", "3", ".x"},
                                           SplitCase{"12.50USD", "12.50", "USD"}, SplitCase{"42", "42", ""},
                                           SplitCase{"", "", ""}, SplitCase{"GB", "", "GB"}));

TEST(ParseNumberTest, RangeChecked) {
  EXPECT_EQ(parse_number("42"), 42.0);
  EXPECT_EQ(parse_number("1.5e3"), 1500.0);
  EXPECT_EQ(parse_number("0"), 0.0);
  EXPECT_EQ(parse_number("1e308"), 1e308);
  EXPECT_EQ(parse_number("1e400"), std::nullopt);
  EXPECT_EQ(parse_number(std::string(400, '9')), std::nullopt);
  EXPECT_EQ(parse_number("12abc"), std::nullopt);
  // (The lexer never hands it an empty or signed text; "" currently parses as 0.)
  EXPECT_EQ(parse_number("inf"), std::nullopt);
  EXPECT_EQ(parse_number("nan"), std::nullopt);
  // Underflow to a tiny or zero value is representable enough: not an error.
  EXPECT_TRUE(parse_number("1e-400").has_value());
}

// Plain decimals of up to 15 digits are parsed without strtod: the same double, bit for
// bit, for every length and point position, for digits that round (0.1, 0.3, 1/3's
// digits) and at the edges (15 and 16 digits, a point first or last, leading zeros).
TEST(ParseNumberTest, PlainDecimalsAreStrtodsDoubles) {
  auto strtod_of = [](const std::string& text) { return std::strtod(text.c_str(), nullptr); };
  std::mt19937_64 random(28);
  std::vector<std::string> texts = {"0.1", "0.3", "0.7", "2.675", "1.005", "0.333333333333333", "999999999999999",
                                    "9999999999999999", "0.000000000000001", "00012.5000", "123456789012345.",
                                    ".5", "5.", "1.2.3", "1e5", "07"};
  for (int round = 0; round < 20000; ++round) {
    std::size_t length = 1 + random() % 17;
    std::string text;
    for (std::size_t i = 0; i < length; ++i) text += static_cast<char>('0' + random() % 10);
    if (random() % 4) text.insert(random() % (text.size() + 1), ".");
    texts.push_back(text);
  }
  for (const std::string& text : texts) {
    std::optional<double> parsed = parse_number(text);
    char* end = nullptr;
    double expected = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size()) {
      EXPECT_EQ(parsed, std::nullopt) << text;
      continue;
    }
    ASSERT_TRUE(parsed.has_value()) << text;
    EXPECT_EQ(std::memcmp(&*parsed, &expected, sizeof expected), 0) << text << ": " << *parsed << " vs " << strtod_of(text);
  }
}

struct DecodeCase {
  const char* name;
  std::string literal;
  std::string value;                  // when no error is expected
  std::optional<std::size_t> offset;  // error offset inside the literal
  std::size_t length = 0;
};

class DecodeStringTest : public ::testing::TestWithParam<DecodeCase> {};

TEST_P(DecodeStringTest, Decodes) {
  const DecodeCase& c = GetParam();
  DecodedString decoded = decode_string(c.literal);
  if (!c.offset) {
    EXPECT_FALSE(decoded.error.has_value()) << c.name << ": " << decoded.error->message;
    EXPECT_EQ(decoded.value, c.value) << c.name;
    return;
  }
  ASSERT_TRUE(decoded.error.has_value()) << c.name;
  EXPECT_EQ(decoded.error->offset, *c.offset) << c.name;
  EXPECT_EQ(decoded.error->length, c.length) << c.name;
  EXPECT_FALSE(decoded.error->message.empty());
  EXPECT_LE(decoded.error->offset + decoded.error->length, c.literal.size()) << c.name;
}

INSTANTIATE_TEST_SUITE_P(
    Table, DecodeStringTest,
    ::testing::Values(DecodeCase{"empty", "\"\"", ""}, DecodeCase{"plain", "\"us-east-1\"", "us-east-1"},
                      DecodeCase{"quote", "\"a\\\"b\"", "a\"b"}, DecodeCase{"backslash", "\"a\\\\b\"", "a\\b"},
                      DecodeCase{"controls", "\"\\n\\r\\t\"", "\n\r\t"},
                      DecodeCase{"unicode_ascii", "\"\\u{41}\"", "A"},
                      DecodeCase{"unicode_two_byte", "\"caf\\u{e9}\"", "caf\xC3\xA9"},
                      DecodeCase{"unicode_four_byte", "\"\\u{1F600}\"", "\xF0\x9F\x98\x80"},
                      DecodeCase{"unicode_max", "\"\\u{10FFFF}\"", "\xF4\x8F\xBF\xBF"},
                      DecodeCase{"utf8_kept", "\"\xE2\x82\xAC\"", "\xE2\x82\xAC"},
                      DecodeCase{"bad_escape", "\"a\\qb\"", "", 2, 2},
                      DecodeCase{"bad_escape_multibyte", "\"\\\xC3\xA9\"", "", 1, 3},
                      DecodeCase{"unicode_no_brace", "\"\\u41\"", "", 1, 2},
                      DecodeCase{"unicode_empty", "\"\\u{}\"", "", 1, 2},
                      DecodeCase{"unicode_unclosed", "\"\\u{41\"", "", 1, 2},
                      DecodeCase{"unicode_too_long", "\"\\u{1234567}\"", "", 1, 2},
                      DecodeCase{"unicode_not_hex", "\"\\u{12g}\"", "", 1, 7},
                      DecodeCase{"unicode_surrogate", "\"\\u{D800}\"", "", 1, 8},
                      DecodeCase{"unicode_too_big", "\"\\u{110000}\"", "", 1, 10},
                      DecodeCase{"trailing_backslash", "\"a\\\"", "", 2, 2}),
    [](const ::testing::TestParamInfo<DecodeCase>& info) { return std::string(info.param.name); });

TEST(DecodeTripleStringTest, TrimsFirstNewlineAndCommonIndent) {
  EXPECT_EQ(decode_triple_string("\"\"\"\"\"\""), "");
  EXPECT_EQ(decode_triple_string("\"\"\"one line\"\"\""), "one line");
  EXPECT_EQ(decode_triple_string("\"\"\"\n    first\n      second\n    \"\"\""), "first\n  second");
  EXPECT_EQ(decode_triple_string("\"\"\"\r\n  a\r\n  b\r\n  \"\"\""), "a\nb");
  // Blank lines do not count towards the common indent and stay empty.
  EXPECT_EQ(decode_triple_string("\"\"\"\n  a\n\n  b\n\"\"\""), "a\n\nb");
  // Tabs count as indentation like spaces; escapes are not decoded.
  EXPECT_EQ(decode_triple_string("\"\"\"\n\tx \\n y\n\t\"\"\""), "x \\n y");
  // Quotes inside are kept.
  EXPECT_EQ(decode_triple_string("\"\"\"say \"hi\" ok\"\"\""), "say \"hi\" ok");
}

}  // namespace
}  // namespace gpuspec::syntax
