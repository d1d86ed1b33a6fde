#include "syntax/token_repair.h"

#include <fmt/format.h>

#include "GpuSpecLexer.h"

namespace gpuspec::syntax {

using L = gpuspec_antlr::GpuSpecLexer;

namespace {

antlr4::Token* visible_neighbour(const std::vector<antlr4::Token*>& tokens, std::size_t at, int step) {
  for (auto i = static_cast<std::ptrdiff_t>(at) + step; i >= 0 && i < static_cast<std::ptrdiff_t>(tokens.size()); i += step) {
    antlr4::Token* t = tokens[static_cast<std::size_t>(i)];
    if (t->getChannel() == antlr4::Token::DEFAULT_CHANNEL) return t;
  }
  return nullptr;
}

void rewrite(antlr4::Token* token, std::size_t type) {
  if (auto* writable = dynamic_cast<antlr4::WritableToken*>(token)) {
    writable->setType(type);
    writable->setChannel(antlr4::Token::DEFAULT_CHANNEL);
  }
}

}  // namespace

void repair_foreign_punctuation(const std::vector<antlr4::Token*>& tokens, const CodePointOffsets& offsets,
                                DiagnosticEngine& diags) {
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    antlr4::Token* token = tokens[i];
    if (token->getType() != L::STRAY_CHARACTER) continue;
    std::string text = token->getText();
    SourceRange range = offsets.range(token->getStartIndex(), token->getStopIndex());
    antlr4::Token* before = visible_neighbour(tokens, i, -1);
    antlr4::Token* after = visible_neighbour(tokens, i, +1);
    if (text == ":" && before && before->getType() == L::IDENT && after && after->getType() != L::ASSIGN &&
        after->getType() != L::LBRACE && after->getType() != antlr4::Token::EOF) {
      auto& d = diags.error("syntax", range, fmt::format("expected '=' after '{}', found ':'", before->getText()));
      d.hint = "properties are written `key = value`";
      d.fixits.push_back({range, " ="});
      rewrite(token, L::ASSIGN);
    } else if (text == "\u00D7" && before && (before->getType() == L::NUMBER) && after && after->getType() == L::IDENT) {
      auto& d = diags.error("syntax", range, "unexpected character '\u00D7'; a count of parts is written with 'x'");
      d.hint = fmt::format("write `{} x {}`", before->getText(), after->getText());
      d.fixits.push_back({range, "x"});
      rewrite(token, L::X);
    }
  }
}

antlr4::Token* innermost_unclosed_brace(const std::vector<antlr4::Token*>& tokens) {
  std::vector<antlr4::Token*> open;
  for (auto* token : tokens) {
    if (token->getChannel() != antlr4::Token::DEFAULT_CHANNEL) continue;
    if (token->getType() == L::LBRACE) open.push_back(token);
    if (token->getType() == L::RBRACE && !open.empty()) open.pop_back();
  }
  return open.empty() ? nullptr : open.back();
}

}  // namespace gpuspec::syntax
