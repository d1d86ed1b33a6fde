// The hand-written parser against the ANTLR parser it replaces for clean input: parse_file
// (hand-written first) and parse_file_with_antlr (the reference) must return the same
// tree (every node, value and range: serialize_ast, and the readable dump_ast) and the
// same diagnostics, on every committed .gpuspec file, on hand-picked ambiguous cases and
// on generated programs and their mutations. Tests that could pass vacuously (every
// input falling back to ANTLR) also check that the hand-written parser did the work.
#include "syntax/fast_parser.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "syntax/ast_dump.h"
#include "syntax/parse_outcome.h"
#include "syntax/parser.h"
#include "syntax/test_inputs.h"

namespace gpuspec::syntax {
namespace {

std::string printable_input(const std::string& text) { return test_support::escaped_bytes(text); }

// True when both paths give the same tree and diagnostics; `by` says who parsed.
::testing::AssertionResult same_parse(const std::string& text, ParsedBy* by = nullptr) {
  SourceManager sources;
  const SourceFile& source = sources.add("test.gpuspec", text);
  DiagnosticEngine fast_diags;
  DiagnosticEngine reference_diags;
  ParsedBy parsed_by{};
  ast::File fast = parse_file(source, fast_diags, &parsed_by);
  ast::File reference = parse_file_with_antlr(source, reference_diags);
  if (by) *by = parsed_by;
  ParseOutcome a = outcome_of(sources, fast, fast_diags);
  ParseOutcome b = outcome_of(sources, reference, reference_diags);
  if (a.tree == b.tree && a.diagnostics == b.diagnostics) return ::testing::AssertionSuccess();
  auto failure = ::testing::AssertionFailure();
  failure << "input \"" << printable_input(text) << "\""
          << (parsed_by == ParsedBy::HandWrittenParser ? " (hand-written parser)" : " (ANTLR)") << "\n";
  if (a.tree != b.tree) failure << "tree:\n" << dump_ast(fast, sources) << "ANTLR:\n" << dump_ast(reference, sources);
  if (a.diagnostics != b.diagnostics) failure << "diagnostics:\n" << a.diagnostics << "ANTLR:\n" << b.diagnostics;
  return failure;
}

// For the generated-input loops: compares one text, reports a difference without
// stopping the loop, counts it in `failures`, and says which parser took the text.
ParsedBy compare_counting_failures(const std::string& text, int& failures) {
  ParsedBy by{};
  auto result = same_parse(text, &by);
  if (!result) {
    ADD_FAILURE() << result.message();
    ++failures;
  }
  return by;
}

std::vector<std::string> committed_files() { return test_support::committed_gpuspec_files(); }

TEST(FastParserTest, MatchesAntlrOnEveryCommittedFile) {
  auto files = committed_files();
  ASSERT_GT(files.size(), 300u);  // the folders moved if this fails
  int hand_written = 0;
  for (const auto& path : files) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    ParsedBy by{};
    EXPECT_TRUE(same_parse(text.str(), &by)) << path;
    hand_written += by == ParsedBy::HandWrittenParser;
  }
  // The stdlib, the pack and the examples are clean: the hand-written parser reads them.
  EXPECT_GT(hand_written, 250);
}

// Ambiguities of the grammar (optional separators, spaced units) and every form.
TEST(FastParserTest, MatchesAntlrOnHandPickedCases) {
  struct Case {
    const char* text;
    bool hand_written;  // whether the hand-written parser must accept it
  };
  const Case cases[] = {
      {"", true},
      {"import \"a\"", true},
      {"import \"a\"; import \"b\"\nserver s {}", true},
      {"server s { a = 1 b = 2; c = 3, d = 4 }", true},
      {"server s { a = 2 GB b = 3 }", true},
      {"server s { a = 2 GB / s b = 3 }", true},
      {"server s { a = 2 GB/s / t }", true},
      {"server s { a = 2 b / c(d) }", true},
      {"server s { a = 2 b / c@1.2 }", true},
      {"server s { a = - 2 GB / s * 3 }", true},
      {"server s { a = 2 b {} }", true},
      {"server s { a = 2 b c = 1 }", true},
      {"server s { a = 2 b waive r }", true},
      {"server s { a = 2 % b = 60% }", true},
      {"server s { a = 4 x nvidia.a100 b = 4x c.d; e = 4x f = 1 }", true},
      {"server s { a = 4x b { } }", true},
      {"server s { a = 7B b = 1.2M c = 500K d = 1T e = 80GB f = 1.5e3MB/s g = 1e5 }", true},
      {"server s { a = {} b = { c = 1 } d { e { } } }", true},
      {"server s { a = f() b = g(1,) c = h(1, 2, [3, 4,],) d = [] e = [1,] }", true},
      {"server s { a = pytorch@2.3 b = \"x\\ty\\u{41}\" c = \"\"\"\n  t\n  u\n\"\"\" d = true e = false }", true},
      {"server s { waive r \"why\" until = \"2027-01-01\"; waive q \"\"\"w\"\"\"; waive p until = \"x\" waive o }", true},
      {"policy p { a = not q == 1 and - y * 2 + 3 < 4 or z in [1] and not not w }", true},
      {"policy p { a = 1 - 2 - 3 * 4 / 5 / 6 == 7 != 8 <= 9 >= 10 < 11 > 12 }", true},
      {"policy p { a = a * not b + c; b = a == not b or c; c = -(-a) }", true},
      {"policy p { a = x.y-z - 1; b = (a) }", true},
      // Ranges: looser than `+ -`, tighter than comparisons; `1..2` is two numbers.
      {"price p { a = 12000 USD .. 15000 USD b = 1..2 c = 12000USD..15000USD; d = 1 .. 2 GB/s }", true},
      {"policy p { a = u + 1 .. y * 2 < z .. w; b = -1 .. 2 == 3 and not a .. b }", true},
      {"price p { a = 1 .. 2 .. 3 b = (1 .. 2) c = [1 .. 2, 3 GB .. 4 GB] }", true},
      {"price p { a = 1 . 2 }", false},
      {"price p { a = 1 ... 2 }", true},  // `..` then a stray `.`, reported
      {"price p { a = .. 2 }", false},
      {"r\u00e9sum\u00e9 {}", true},  // `r sum {}`, the stray characters reported
      {"server s { n\u00e4me = \"\u00e9\" a = 1 }", false},
      {"server s { a = \"\u00e9\" b = 2 GB }", true},
      // Comments of every style, ASCII and not: the clean path copies their bytes.
      {"# caf\u00e9\nserver s { a = 1 } // \u00d7 x\n/* \u00e9\n */ # end", true},
      {"// a\n/* b */ server s { /* c */ a = 1 # d\n }", true},
      // Errors and diagnostics AstBuilder makes: ANTLR's path reports them.
      {"server s { a = {} + 1 }", false},
      {"server s { a = ({}) }", false},
      {"server s { a = 80GB part }", false},
      {"server s { a = 1e999 }", false},
      {"server s { a = 1e300T }", false},
      {"server s { a = \"\\q\" }", false},
      {"server s { a = 2 b = 1 }", true},
      {"server s { a = 2 b / c = 1 }", false},
      {"server s { gpu = 4 x\n count = 2 }", false},
      {"server s { a = 1", false},
      {"server s { a 1 }", false},
      {"server s { stage: production }", true},  // repaired, with an error
      {"server s { gpu = 4\u00d7 a.b }", true},
      {"server s { in = 1 }", false},
      {"server s { a = x }", false},
      {"server s } ", false},
      {"server s {} import \"a\"", false},
      {"import a", false},
      {"server s { a = f(1 2) }", false},
      {"server s { a = [1 2] }", false},
      {"server s { a = 1 } }", false},
      {"server s { a = 1 ) }", false},
      {"server s { waive }", false},
      {"server s { waive r until \"x\" }", false},
      {"server s { a = 4x b(c) }", false},
      // Every ASCII whitespace byte (skipped by LazyTokens before lexing), leading,
      // between tokens and trailing, and a file of whitespace alone.
      {" \t\f\v\r\nserver s {\r\n\ta = 1\f\vb = 2 GB\v/\fs\t}\n\t \r\f\v", true},
      {" \n\t\r\f\v", true},
      {"\x01", true},  // an empty file and a stray character
      {"/* unterminated", true},
      {"server s { a = \"unterminated }", false},
  };
  for (const auto& c : cases) {
    ParsedBy by{};
    EXPECT_TRUE(same_parse(c.text, &by));
    EXPECT_EQ(by, c.hand_written ? ParsedBy::HandWrittenParser : ParsedBy::Antlr) << c.text;
  }
}

// The clean path lexes as its parser reads (lazy_tokens.h): what only the ANTLR path
// may report or repair, after a stretch of valid declarations already built, must still
// send the whole file there, and a point where the parser gives up before it must not
// keep the repaired file from the hand-written parser.
TEST(FastParserTest, MatchesAntlrWhenLexingStopsPartWay) {
  const std::string valid = "server s { a = 1 # c\n b = 2 GB / s }\nworkload w { c = [1, 2] }\n";
  const std::string deep = std::string(300, '(') + "1" + std::string(300, ')');
  struct Case {
    std::string text;
    bool hand_written;
  };
  const Case cases[] = {
      {valid + "server t { stage: production }", true},  // repaired, then the hand-written parser
      {valid + "server t { a = \"x }", false},           // unterminated string
      {valid + "server t { a = 1 } /* open", true},       // unterminated comment: reported, then parsed
      {valid + "server t { a = " + deep + " }", false},   // nesting too deep
      {valid + "server t { a = 1e999 }\nserver u { stage: production }", false},
      {valid + "server t { a 1 }\nserver u { stage: production }", false},  // a syntax error first
      {valid + "server t { a = 1e999 }\n" + "server u { a = " + deep + " }", false},
  };
  for (const auto& c : cases) {
    ParsedBy by{};
    EXPECT_TRUE(same_parse(c.text, &by));
    EXPECT_EQ(by, c.hand_written ? ParsedBy::HandWrittenParser : ParsedBy::Antlr) << c.text;
  }
  ParsedBy by{};
  EXPECT_TRUE(same_parse(valid, &by));
  EXPECT_EQ(by, ParsedBy::HandWrittenParser);
}

// Random programs from the grammar, written with random layout, then mutated token by
// token: the valid ones exercise the trees, the broken ones the point where the
// hand-written parser gives up (it must never accept what ANTLR rejects).
class ProgramGenerator {
 public:
  explicit ProgramGenerator(std::uint32_t seed) : random_(seed) {}

  std::vector<std::string> program() {
    out_.clear();
    for (int i = pick(3); i > 0; --i) {
      emit("import");
      emit(pick_of({"\"a.gpuspec\"", "\"b\\n\""}));
      if (chance(2)) emit(";");
    }
    for (int i = 1 + pick(3); i > 0; --i) {
      emit(name());
      emit(name());
      body(0);
    }
    return out_;
  }

  bool chance(int one_in) { return pick(one_in) == 0; }
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(random_); }
  std::string pick_of(std::initializer_list<const char*> options) {
    return *(options.begin() + pick(static_cast<int>(options.size())));
  }

 private:
  void emit(std::string token) { out_.push_back(std::move(token)); }
  std::string name() { return pick_of({"a", "gpu", "b.c", "s-1", "GB", "s", "x1", "_n", "d.e.f", "h100_sxm"}); }

  void body(int depth) {
    emit("{");
    for (int i = pick(5); i > 0; --i) {
      int kind = pick(10);
      if (kind < 6 || depth > 2) {
        emit(name());
        emit("=");
        if (chance(10) && depth < 3) {
          body(depth + 1);
        } else {
          expr(0);
        }
      } else if (kind < 8) {
        emit(name());
        body(depth + 1);
      } else {
        emit("waive");
        emit(name());
        if (chance(2)) emit(pick_of({"\"why\"", "\"\"\"why\"\"\""}));
        if (chance(2)) {
          emit("until");
          emit("=");
          emit("\"2027-01-01\"");
        }
      }
      if (chance(3)) emit(pick_of({";", ","}));
    }
    emit("}");
  }

  void expr(int depth) {
    int kind = depth > 3 ? 9 : pick(12);
    switch (kind) {
      case 0: emit("("); expr(depth + 1); emit(")"); break;
      case 1: emit("-"); expr(depth + 1); break;
      case 2: emit("not"); expr(depth + 1); break;
      case 3: case 4: case 5:
        expr(depth + 1);
        emit(pick_of({"*", "/", "+", "-", "..", "==", "!=", "<", "<=", ">", ">=", "in", "and", "or"}));
        expr(depth + 1);
        break;
      case 6: {
        bool call = chance(2);
        if (call) emit(name());
        emit(call ? "(" : "[");
        for (int i = pick(3); i > 0; --i) {
          expr(depth + 1);
          if (i > 1 || chance(3)) emit(",");
        }
        emit(call ? ")" : "]");
        break;
      }
      default: atom(); break;
    }
  }

  void atom() {
    switch (pick(14)) {
      case 0: emit("4"); emit("x"); emit(name()); break;
      case 1: emit("4x"); emit(name()); break;
      case 2: emit(pick_of({"80", "2.5", "1e3"})); emit(name()); if (chance(3)) { emit("/"); emit(name()); } break;
      case 3: emit("60"); emit("%"); break;
      case 4: emit(pick_of({"80GB", "7B", "1.2M", "60%", "5GB/s", "4x", "1e3MB"})); break;
      case 5: emit(pick_of({"8", "2.5", "0", "1e-3"})); break;
      case 6: emit(pick_of({"\"s\"", "\"t\\\"q\"", "\"\"\"\n  a\n  b\n\"\"\""})); break;
      case 7: emit(pick_of({"true", "false"})); break;
      case 8: emit(name()); emit(pick_of({"@2.3", "@1"})); break;
      case 9: emit(pick_of({"min", "f"})); emit("("); emit("1"); emit(")"); break;
      default: emit(name()); break;
    }
  }

  std::mt19937 random_;
  std::vector<std::string> out_;
};

std::string join(const std::vector<std::string>& tokens, ProgramGenerator& g) {
  std::string text;
  for (const auto& t : tokens) {
    text += t;
    text += g.chance(4) ? "\n" : g.chance(8) ? " # c\n" : " ";
  }
  return text;
}

TEST(FastParserTest, MatchesAntlrOnGeneratedPrograms) {
  ProgramGenerator g(20261201);  // fixed: a failure must reproduce
  const std::vector<std::string> inserts = {"=", "{", "}", "(", ")", "[", "]", ",", ";", "x", "a", "-", "not",
                                            "4", "GB", "/", "%", "@2", "waive", "\"s\"", "import", "4x", ":", ".."};
  int failures = 0;
  int hand_written = 0;
  int valid = 0;
  for (int i = 0; i < 6000 && failures < 10; ++i) {
    std::vector<std::string> tokens = g.program();
    // Half as generated, half with one to three tokens dropped, duplicated or inserted.
    if (i % 2) {
      for (int m = 1 + g.pick(3); m > 0 && !tokens.empty(); --m) {
        std::size_t at = static_cast<std::size_t>(g.pick(static_cast<int>(tokens.size())));
        switch (g.pick(3)) {
          case 0: tokens.erase(tokens.begin() + static_cast<std::ptrdiff_t>(at)); break;
          case 1: tokens.insert(tokens.begin() + static_cast<std::ptrdiff_t>(at), tokens[at]); break;
          default:
            tokens.insert(tokens.begin() + static_cast<std::ptrdiff_t>(at),
                          inserts[static_cast<std::size_t>(g.pick(static_cast<int>(inserts.size())))]);
            break;
        }
      }
    } else {
      ++valid;
    }
    std::string text = join(tokens, g);
    hand_written += compare_counting_failures(text, failures) == ParsedBy::HandWrittenParser;
  }
  // Most generated programs are valid (a few hit `80GB name` and the like).
  EXPECT_GT(hand_written, valid / 2);
}

// Short random strings of the tokens around the grammar's ambiguities (a number, a name,
// `/`, `(`, `@`, `=`, `{`) as a property value: where a value ends and the next item
// begins is where a hand-written parser most easily disagrees with ANTLR's prediction.
TEST(FastParserTest, MatchesAntlrOnTokenSoup) {
  const std::vector<std::string> alphabet = {"2", "GB", "/", "s", "(", ")", "=", "{", "}", "4x", "80GB", "x", "a",
                                             "@1", "-", "*", "not", "and", ",", ";", "%", "[", "]", "waive", "\"s\"", ".."};
  std::mt19937 random(7);  // fixed: a failure must reproduce
  std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
  std::uniform_int_distribution<int> length(1, 9);
  int failures = 0;
  int hand_written = 0;
  for (int i = 0; i < 10000 && failures < 10; ++i) {
    std::string text = "workload w { k = ";
    for (int n = length(random); n > 0; --n) text += alphabet[pick(random)] + " ";
    text += "}";
    hand_written += compare_counting_failures(text, failures) == ParsedBy::HandWrittenParser;
  }
  EXPECT_GT(hand_written, 300);  // enough of them parse for the trees to be compared
}

}  // namespace
}  // namespace gpuspec::syntax
