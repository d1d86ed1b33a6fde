#include "lsp/completion_context.h"

#include <optional>

namespace gpuspec::lsp {

namespace {

bool word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
}
bool space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// One open `{`: the words of the statement that opened it ("server", "x" or "storage").
struct Frame {
  std::vector<std::string> header;
};

// Splits a statement into words, dropping `=`; nullopt when it holds anything else.
std::optional<std::vector<std::string>> header_words(std::string_view statement) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < statement.size()) {
    if (space(statement[i]) || statement[i] == '=') {
      ++i;
      continue;
    }
    if (!word_char(statement[i])) return std::nullopt;
    std::size_t start = i;
    while (i < statement.size() && word_char(statement[i])) ++i;
    words.emplace_back(statement.substr(start, i - start));
  }
  return words;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

bool all_word_chars(std::string_view text) {
  for (char c : text) {
    if (!word_char(c)) return false;
  }
  return true;
}

}  // namespace

CompletionContext completion_context(std::string_view text, std::uint32_t cursor) {
  CompletionContext out;
  if (cursor > text.size()) return out;
  std::vector<std::optional<Frame>> frames;  // nullopt: a `{` whose header was not understood
  std::size_t statement = 0;                 // where the current statement starts
  int brackets = 0;                          // open `[` and `(`: newlines inside do not end a statement
  std::size_t i = 0;
  while (i < cursor) {
    char c = text[i];
    if (c == '#' || (c == '/' && i + 1 < text.size() && text[i + 1] == '/')) {
      std::size_t end = text.find('\n', i);
      if (end == std::string_view::npos || end >= cursor) return out;  // in a comment
      i = end;
      continue;
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      std::size_t end = text.find("*/", i + 2);
      if (end == std::string_view::npos || end + 2 > cursor) return out;
      i = end + 2;
      continue;
    }
    if (c == '"') {
      bool triple = text.substr(i, 3) == "\"\"\"";
      std::size_t end;
      if (triple) {
        end = text.find("\"\"\"", i + 3);
        end = end == std::string_view::npos ? end : end + 3;
      } else {
        end = i + 1;
        while (end < text.size() && text[end] != '"' && text[end] != '\n') end += text[end] == '\\' ? 2 : 1;
        end = end < text.size() && text[end] == '"' ? end + 1 : std::string_view::npos;
      }
      if (end == std::string_view::npos || end > cursor) return out;  // in a string
      i = end;
      continue;
    }
    if (c == '{') {
      auto words = header_words(text.substr(statement, i - statement));
      frames.push_back(words ? std::optional<Frame>(Frame{*words}) : std::nullopt);
      statement = i + 1;
      brackets = 0;
    } else if (c == '}') {
      if (!frames.empty()) frames.pop_back();
      statement = i + 1;
      brackets = 0;
    } else if (c == '[' || c == '(') {
      ++brackets;
    } else if ((c == ']' || c == ')') && brackets > 0) {
      --brackets;
    } else if (brackets == 0 && (c == ';' || c == ',' || c == '\n')) {
      statement = i + 1;
    }
    ++i;
  }

  std::size_t word = cursor;
  while (word > statement && word_char(text[word - 1])) --word;
  out.word_begin = static_cast<std::uint32_t>(word);
  std::string_view before = trim(text.substr(statement, word - statement));
  std::string_view typed = text.substr(word, cursor - word);
  if (!typed.empty() && typed.front() >= '0' && typed.front() <= '9') return out;  // a number

  if (frames.empty()) {
    if (before.empty()) out.kind = CompletionContext::Kind::TopLevel;
    return out;
  }
  for (const auto& frame : frames) {
    if (!frame || frame->header.empty()) return out;
  }
  const auto& top = frames.front()->header;
  if (top.size() != 2) return out;  // `kind name {`
  out.declaration_kind = top[0];
  for (std::size_t f = 1; f < frames.size(); ++f) {
    if (frames[f]->header.size() != 1) return out;  // `key {` or `key = {`
    out.block_path.push_back(frames[f]->header[0]);
  }
  if (before.empty()) {
    out.kind = CompletionContext::Kind::PropertyKey;
  } else if (before == "waive") {
    out.kind = CompletionContext::Kind::WaiverRule;
  } else if (std::size_t eq = before.find('='); eq != std::string_view::npos) {
    std::string_view key = trim(before.substr(0, eq));
    if (!key.empty() && all_word_chars(key) && before.substr(eq, 2) != "==") {
      out.kind = CompletionContext::Kind::Value;
      out.property = std::string(key);
    }
  }
  return out;
}

}  // namespace gpuspec::lsp
