#include "syntax/parser.h"

#include <fmt/format.h>

#include <exception>
#include <optional>

#include "GpuSpecParser.h"
#include "antlr4-runtime.h"
#include "source/utf8.h"
#include "syntax/ast_builder.h"
#include "syntax/clean_parse.h"
#include "syntax/fast_lexer.h"
#include "syntax/fast_parser.h"
#include "syntax/nesting_check.h"
#include "syntax/parse_snapshot.h"
#include "syntax/recovered_declarations.h"
#include "syntax/source_offsets.h"
#include "syntax/token_repair.h"
#include "syntax/utf32_input.h"

namespace gpuspec::syntax {

using P = gpuspec_antlr::GpuSpecParser;

namespace {

// Thrown by the error listener once a file has too many syntax errors; caught below.
struct TooManyErrors {};

std::string describe_code_point(std::string_view text) {
  auto c = static_cast<unsigned char>(text.empty() ? 0 : text[0]);
  if (c < 0x20 || c == 0x7f) return fmt::format("U+{:04X}", c);
  return fmt::format("'{}'", text);
}

// How a token type reads in "expected ..." lists.
std::string describe_token_type(std::size_t type, const antlr4::dfa::Vocabulary& vocabulary) {
  switch (type) {
    case antlr4::Token::EOF: return "end of file";
    case P::IDENT: return "a name";
    case P::NUMBER: return "a number";
    case P::NUMBER_UNIT: return "a quantity";
    case P::STRING: return "a string";
    case P::TRIPLE_STRING: return "a string";
    case P::VERSION: return "a version";
    default: return vocabulary.getLiteralName(type).empty() ? vocabulary.getSymbolicName(type)
                                                             : vocabulary.getLiteralName(type);
  }
}

std::string describe_token(antlr4::Token* token) {
  if (!token || token->getType() == antlr4::Token::EOF) return "end of file";
  std::string text = token->getText();
  // Cut on a code point: a split é made the message, and `check --format json`, invalid.
  if (text.size() > 40) text = std::string(utf8::prefix(text, 37)) + "...";
  return fmt::format("'{}'", text);
}

class SyntaxErrorListener : public antlr4::BaseErrorListener {
 public:
  SyntaxErrorListener(const CodePointOffsets& offsets, DiagnosticEngine& diags, std::vector<antlr4::Token*> tokens)
      : offsets_(offsets), diags_(diags), tokens_(std::move(tokens)) {}

  void syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* offending, std::size_t, std::size_t,
                   const std::string&, std::exception_ptr) override {
    if (++count_ > kMaxSyntaxErrors) throw TooManyErrors{};
    SourceRange range = offending ? (offending->getType() == antlr4::Token::EOF
                                         ? offsets_.point(offending->getStartIndex())
                                         : offsets_.range(offending->getStartIndex(), offending->getStopIndex()))
                                  : offsets_.point(0);
    std::string message = fmt::format("unexpected {}", describe_token(offending));
    if (auto* parser = dynamic_cast<antlr4::Parser*>(recognizer)) {
      auto expected = parser->getExpectedTokens();
      // `dataset 4 GB`: a name at the start of an item followed by neither `=` nor `{`.
      // ANTLR's expected set here describes the next item, which misleads; say what
      // the name needs instead.
      auto* stream = dynamic_cast<antlr4::TokenStream*>(parser->getInputStream());
      // The two visible tokens before the offending one.
      antlr4::Token* previous = nullptr;
      antlr4::Token* before_previous = nullptr;
      if (stream && offending && offending->getTokenIndex() > 0) {
        for (auto i = static_cast<std::ptrdiff_t>(offending->getTokenIndex()) - 1; i >= 0 && !before_previous; --i) {
          antlr4::Token* t = stream->get(static_cast<std::size_t>(i));
          if (t->getChannel() != antlr4::Token::DEFAULT_CHANNEL) continue;
          (previous ? before_previous : previous) = t;
        }
      }
      // `server b {` where a body was still open: its `}` is missing (the grammar ends a
      // body before a declaration, and recovery conjures the `}`). Say so, at the next
      // declaration, and point at the `{` left open.
      if (offending && offending->getType() == P::IDENT && expected.contains(static_cast<std::size_t>(P::RBRACE)) && stream &&
          stream->LA(2) == P::IDENT && stream->LA(3) == P::LBRACE) {
        std::string next = fmt::format("{} {}", offending->getText(), stream->LT(2)->getText());
        auto& d = diags_.error("syntax", range, fmt::format("expected '}}' before the declaration '{}'", next));
        if (antlr4::Token* open = innermost_unclosed_brace_before(offending->getTokenIndex())) {
          d.notes.push_back({"to match this '{'", offsets_.range(open->getStartIndex(), open->getStopIndex())});
        }
        return;
      }
      // The name starts an item when it follows `{`, `;`, `,` or `}`, or starts a line.
      bool starts_item =
          previous && previous->getType() == P::IDENT &&
          (!before_previous || before_previous->getType() == P::LBRACE || before_previous->getType() == P::SEMI ||
           before_previous->getType() == P::COMMA || before_previous->getType() == P::RBRACE ||
           before_previous->getLine() < previous->getLine());
      // `gpu = 4 x` and then the next property on a new line: the next key was taken
      // for the part, so the parser trips on its `=`. Say what is missing, where.
      if (starts_item && before_previous && before_previous->getType() == P::X &&
          before_previous->getLine() < previous->getLine()) {
        SourceRange x = offsets_.range(before_previous->getStartIndex(), before_previous->getStopIndex());
        diags_.error("syntax", x, "expected the name of a part after 'x'")
            .hint = "write a count and a part as `4 x vendor.part`; `gpuspec catalog` lists the parts";
        return;
      }
      if (starts_item && offending->getType() != antlr4::Token::EOF && expected.contains(static_cast<std::size_t>(P::WAIVE))) {
        std::string key = previous->getText();
        auto& d = diags_.error("syntax", range, fmt::format("expected '=' or '{{' after '{}', found {}", key, describe_token(offending)));
        d.hint = fmt::format("write `{} = value` for a property or `{} {{ ... }}` for a block", key, key);
        if (starts_value(offending->getType())) {
          SourceRange key_range = offsets_.range(previous->getStartIndex(), previous->getStopIndex());
          d.fixits.push_back({{key_range.file, key_range.end, key_range.end}, " ="});
        }
        return;
      }
      // An unclosed body: clang's "expected '}'" with a note at the `{` it matches.
      if (offending && offending->getType() == antlr4::Token::EOF && expected.contains(static_cast<std::size_t>(P::RBRACE))) {
        if (antlr4::Token* open = innermost_unclosed_brace(tokens_)) {
          auto& d = diags_.error("syntax", range, "expected '}' at end of file");
          d.notes.push_back({"to match this '{'", offsets_.range(open->getStartIndex(), open->getStopIndex())});
          return;
        }
      }
      std::vector<std::string> names;
      for (auto type : expected.toList()) {
        std::string name = describe_token_type(type, parser->getVocabulary());
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
      }
      if (names.size() > 6) {
        message += "; expected a value";
      } else if (!names.empty()) {
        message += fmt::format("; expected {}", fmt::join(names, ", "));
      }
    }
    diags_.error("syntax", range, message);
  }

  int count() const { return count_; }

 private:
  // The `{` still open when the token at `index` is reached.
  antlr4::Token* innermost_unclosed_brace_before(std::size_t index) const {
    std::vector<antlr4::Token*> before;
    for (auto* token : tokens_) {
      if (token->getTokenIndex() >= index) break;
      before.push_back(token);
    }
    return innermost_unclosed_brace(before);
  }

  // Tokens that can begin a value: after a key they mean a missing `=`.
  static bool starts_value(std::size_t type) {
    switch (type) {
      case P::NUMBER: case P::NUMBER_UNIT: case P::STRING: case P::TRIPLE_STRING: case P::TRUE: case P::FALSE:
      case P::LBRACK: case P::MINUS: case P::LPAREN: case P::IDENT:
        return true;
      default:
        return false;
    }
  }

  const CodePointOffsets& offsets_;
  DiagnosticEngine& diags_;
  const std::vector<antlr4::Token*> tokens_;  // a copy: the stream hands out its list by value
  int count_ = 0;
};

// Rejects input that is not text before ANTLR sees it.
bool check_encoding(const SourceFile& source, DiagnosticEngine& diags) {
  const std::string& text = source.text();
  if (auto nul = text.find('\0'); nul != std::string::npos) {
    auto at = static_cast<std::uint32_t>(nul);
    diags.error("binary-file", {source.id(), at, at + 1}, "file contains a NUL byte; it looks like a binary file")
        .hint = ".gpuspec files are UTF-8 text";
    return false;
  }
  if (auto bad = utf8::first_invalid(text)) {
    auto at = static_cast<std::uint32_t>(*bad);
    diags.error("invalid-utf8", {source.id(), at, at + 1},
                fmt::format("invalid UTF-8 byte 0x{:02X}", static_cast<unsigned char>(text[*bad])))
        .hint = ".gpuspec files are UTF-8 text";
    return false;
  }
  return true;
}

// Reports hidden lexemes the lexer could not close and collects comments.
// The lexed tokens of one channel, walked in place: a copy of the token list costs
// 8 bytes per token, on a parse that already holds ~140 per token.
template <typename Visit>
void for_each_token(antlr4::CommonTokenStream& tokens, bool hidden, Visit visit) {
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    antlr4::Token* token = tokens.get(i);
    if ((token->getChannel() == antlr4::Token::HIDDEN_CHANNEL) != hidden) continue;
    if (!visit(token)) return;
  }
}

void scan_hidden_tokens(antlr4::CommonTokenStream& tokens, const CodePointOffsets& offsets,
                        DiagnosticEngine& diags, ast::File& file) {
  int stray = 0;
  for_each_token(tokens, true, [&](antlr4::Token* token) {
    SourceRange range = offsets.range(token->getStartIndex(), token->getStopIndex());
    SourceRange start{range.file, range.begin, std::min(range.end, range.begin + (token->getType() == P::UNTERMINATED_TRIPLE_STRING ? 3u : token->getType() == P::STRAY_CHARACTER ? range.end - range.begin : 2u))};
    switch (token->getType()) {
      case P::HASH_COMMENT:
        file.comments.push_back({ast::CommentStyle::Hash, token->getText(), range});
        break;
      case P::SLASH_COMMENT:
        file.comments.push_back({ast::CommentStyle::Slash, token->getText(), range});
        break;
      case P::BLOCK_COMMENT:
        file.comments.push_back({ast::CommentStyle::Block, token->getText(), range});
        break;
      case P::UNTERMINATED_BLOCK_COMMENT:
        diags.error("unterminated-comment", start, "unterminated block comment").hint = "close it with '*/'";
        break;
      case P::UNTERMINATED_TRIPLE_STRING:
        diags.error("unterminated-string", start, "unterminated string").hint = "close it with '\"\"\"'";
        break;
      case P::UNTERMINATED_STRING:
        diags.error("unterminated-string", {range.file, range.begin, range.begin + 1}, "unterminated string")
            .hint = "close it with '\"' on the same line; use \"\"\"...\"\"\" for text over several lines";
        break;
      case P::STRAY_CHARACTER:
        if (++stray <= kMaxSyntaxErrors) {
          diags.error("syntax", range, fmt::format("unexpected character {}", describe_code_point(token->getText())));
        }
        break;
      default:
        break;
    }
    return true;
  });
}

// Error recovery skips tokens until it can resynchronise, and ANTLR adds a parse-tree
// node for every token it skips: one bad token at the top of 16 MB of junk made a node
// per token on top of the token itself. The AST never reads those nodes, so this
// strategy skips tokens without them.
class LeanRecovery : public antlr4::DefaultErrorStrategy {
 protected:
  void consumeUntil(antlr4::Parser* recognizer, const antlr4::misc::IntervalSet& set) override {
    antlr4::IntStream* input = recognizer->getInputStream();
    for (std::size_t type = input->LA(1); type != antlr4::Token::EOF && !set.contains(type); type = input->LA(1)) {
      input->consume();
    }
  }
};

// Stage 1: fast SLL prediction that gives up on the first error, one top-level item at
// a time. Each item's parse tree is freed once its AST is built, so the tree never
// holds more than one declaration (a whole-file tree was ~45 bytes per byte of input).
// nullopt when SLL gave up; the builder's diagnostics are then discarded, as stage 2
// builds everything again.
std::optional<ast::File> parse_items_fast(P& parser, antlr4::CommonTokenStream& tokens, const SourceFile& source,
                                          const CodePointOffsets& offsets, DiagnosticEngine& builder_diags) {
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(antlr4::atn::PredictionMode::SLL);
  parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
  AstBuilder builder(source, offsets, builder_diags);
  ast::File out;
  out.file = source.id();
  try {
    while (tokens.LA(1) == P::IMPORT) {
      builder.add_import(out, parser.importDecl());
      parser.getTreeTracker().reset();
    }
    while (tokens.LA(1) != antlr4::Token::EOF) {
      builder.add_declaration(out, parser.declaration());
      parser.getTreeTracker().reset();
    }
  } catch (const antlr4::ParseCancellationException&) {
    return std::nullopt;
  }
  return out;
}

// The tokens the parser sees, with byte ranges: what the hand-written parser reads.
std::vector<ParserToken> visible_tokens(antlr4::CommonTokenStream& tokens, const CodePointOffsets& offsets) {
  std::vector<ParserToken> out;
  out.reserve(tokens.size());
  for_each_token(tokens, false, [&](antlr4::Token* token) {
    std::size_t type = token->getType();
    out.push_back({type, type == antlr4::Token::EOF ? offsets.point(token->getStartIndex())
                                                    : offsets.range(token->getStartIndex(), token->getStopIndex())});
    return true;
  });
  return out;
}

enum class Parser { HandWrittenFirst, AntlrOnly };

ast::File parse_text(const SourceFile& source, DiagnosticEngine& diags, Parser which, ParsedBy* parsed_by) {
  ast::File empty;
  empty.file = source.id();
  if (!check_encoding(source, diags)) return empty;
  try {
    bool fast_parser_gave_up = false;
    if (which == Parser::HandWrittenFirst) {
      if (auto clean = parse_clean(source, fast_parser_gave_up)) {
        if (parsed_by) *parsed_by = ParsedBy::HandWrittenParser;
        return std::move(*clean);
      }
    }

    CodePointOffsets offsets(source.id(), source.text());
    Utf32Input input(source.text());
    FastLexer lexer(input);  // every lexeme matches some rule; stray ones are tokens
    FastTokenStream tokens(lexer);
    tokens.fill();  // sets the stream up; the tokens are all there
    repair_foreign_punctuation(tokens.getTokens(), offsets, diags);

    ast::File file;
    file.file = source.id();
    scan_hidden_tokens(tokens, offsets, diags, file);
    std::vector<ParserToken> visible = visible_tokens(tokens, offsets);
    if (auto problem = find_nesting_problem(visible)) {
      diags.error("nesting-too-deep", problem->range, problem->message);
      return file;
    }

    // Input the clean path declined only for what was reported and repaired above
    // (`stage: production`) may still be the hand-written parser's. Anything it would
    // have to report goes to ANTLR below, which owns every syntax diagnostic (fast_parser.h).
    if (which == Parser::HandWrittenFirst && !fast_parser_gave_up) {
      if (auto fast = parse_tokens_fast(visible, source)) {
        fast->comments = std::move(file.comments);
        if (parsed_by) *parsed_by = ParsedBy::HandWrittenParser;
        return std::move(*fast);
      }
    }

    P parser(&tokens);
    parser.removeErrorListeners();
    DiagnosticEngine builder_diags;
    if (auto fast = parse_items_fast(parser, tokens, source, offsets, builder_diags)) {
      for (auto& d : builder_diags.diagnostics()) diags.diagnostics().push_back(std::move(d));
      fast->comments = std::move(file.comments);
      return std::move(*fast);
    }
    // Stage 2: full LL prediction over the whole file, with error recovery and our messages.
    SyntaxErrorListener listener(offsets, diags, tokens.getTokens());
    tokens.seek(0);
    parser.reset();
    parser.addErrorListener(&listener);
    parser.setErrorHandler(std::make_shared<LeanRecovery>());
    parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(antlr4::atn::PredictionMode::LL);
    P::FileContext* tree = nullptr;
    try {
      tree = parser.file();
    } catch (const TooManyErrors&) {
      diags.error("too-many-errors", offsets.point(0),
                  fmt::format("too many syntax errors; stopped after {}", kMaxSyntaxErrors));
      return file;
    }
    AstBuilder builder(source, offsets, diags);
    ast::File built = builder.build(tree);
    built.comments = std::move(file.comments);
    return built;
  } catch (const std::exception& e) {
    diags.error("internal-error", {source.id(), 0, 0}, fmt::format("the parser failed: {}", e.what()));
  } catch (...) {
    diags.error("internal-error", {source.id(), 0, 0}, "the parser failed");
  }
  return empty;
}

}  // namespace

ast::File parse_file(const SourceFile& source, DiagnosticEngine& diags, ParsedBy* parsed_by) {
  // The embedded library's text is fixed at build time, and so is its tree.
  if (source.embedded()) {
    if (auto stored = parse_from_snapshot(source)) {
      if (parsed_by) *parsed_by = ParsedBy::Snapshot;
      return std::move(*stored);
    }
  }
  if (parsed_by) *parsed_by = ParsedBy::Antlr;
  std::size_t before = diags.diagnostics().size();
  ast::File file = parse_text(source, diags, Parser::HandWrittenFirst, parsed_by);
  mark_recovered_declarations(file, diags.diagnostics(), before);
  if (source.embedded()) notify_parse_observer(source, diags.diagnostics().size() == before);
  return file;
}

ast::File parse_library_file(const SourceFile& source, DiagnosticEngine& diags) {
  if (source.embedded()) {
    if (auto stored = parse_from_snapshot(source, Bodies::Deferred)) return std::move(*stored);
  }
  return parse_file(source, diags);
}

ast::File parse_file_with_antlr(const SourceFile& source, DiagnosticEngine& diags) {
  std::size_t before = diags.diagnostics().size();
  ast::File file = parse_text(source, diags, Parser::AntlrOnly, nullptr);
  mark_recovered_declarations(file, diags.diagnostics(), before);
  return file;
}

}  // namespace gpuspec::syntax
