#include "syntax/declaration_cache.h"

#include <algorithm>
#include <cstring>

#include "source/utf8.h"
#include "syntax/clean_parse.h"
#include "syntax/parser.h"
#include "syntax/shifted_copy.h"

namespace gpuspec::syntax {

namespace {

// Where the lexeme starting with the quote or comment marker at `k` ends (one past it);
// `k` itself when none starts there. Unclosed ones end at the end of the text: their
// chunk does not parse clean, so the whole text is parsed.
std::size_t skip_string_or_comment(std::string_view text, std::size_t k) {
  const std::size_t n = text.size();
  auto next_line = [&](std::size_t from) {
    std::size_t e = text.find_first_of("\r\n", from);
    return e == std::string_view::npos ? n : e;
  };
  char c = text[k];
  if (c == '#') return next_line(k + 1);
  if (c == '/' && k + 1 < n && text[k + 1] == '/') return next_line(k + 2);
  if (c == '/' && k + 1 < n && text[k + 1] == '*') {
    std::size_t e = text.find("*/", k + 2);
    return e == std::string_view::npos ? n : e + 2;
  }
  if (c != '"') return k;
  if (text.substr(k, 3) == "\"\"\"") {
    std::size_t e = text.find("\"\"\"", k + 3);
    return e == std::string_view::npos ? n : e + 3;
  }
  std::size_t p = k + 1;
  while (p < n) {
    char d = text[p];
    if (d == '"') return p + 1;
    if (d == '\r' || d == '\n') return p;  // an unterminated string ends at its line
    p += (d == '\\' && p + 1 < n && text[p + 1] != '\r' && text[p + 1] != '\n') ? 2 : 1;
  }
  return n;
}

// The bytes a scan stops at.
bool special(char c) { return c == '{' || c == '}' || c == '"' || c == '#' || c == '/'; }

// The length of the common beginning of `a` and `b`: memcmp by blocks, then bytes.
std::size_t common_prefix(std::string_view a, std::string_view b) {
  constexpr std::size_t kBlock = 256;
  std::size_t n = std::min(a.size(), b.size()), k = 0;
  while (k + kBlock <= n && std::memcmp(a.data() + k, b.data() + k, kBlock) == 0) k += kBlock;
  while (k < n && a[k] == b[k]) ++k;
  return k;
}

// The same for their common end, at most `limit` bytes.
std::size_t common_suffix(std::string_view a, std::string_view b, std::size_t limit) {
  constexpr std::size_t kBlock = 256;
  std::size_t k = 0;
  while (k + kBlock <= limit &&
         std::memcmp(a.data() + a.size() - k - kBlock, b.data() + b.size() - k - kBlock, kBlock) == 0) {
    k += kBlock;
  }
  while (k < limit && a[a.size() - 1 - k] == b[b.size() - 1 - k]) ++k;
  return k;
}

}  // namespace

std::optional<std::uint32_t> ChunkScanner::next() {
  while (at_ < text_.size()) {
    char c = text_[at_];
    if (!special(c)) {
      ++at_;
      continue;
    }
    if (c == '{') {
      ++depth_;
    } else if (c == '}') {
      if (depth_ == 0) {
        broken_ = true;
        return std::nullopt;
      }
      if (--depth_ == 0) return static_cast<std::uint32_t>(++at_);
    } else if (std::size_t end = skip_string_or_comment(text_, at_); end > at_) {
      at_ = end;
      continue;
    }
    ++at_;
  }
  return std::nullopt;
}

// One chunk's tree, its ranges relative to the chunk's first byte.
struct DeclarationCache::Chunk {
  ast::File tree;
  std::uint64_t used = 0;  // the generation that last used it
};

DeclarationCache::DeclarationCache() = default;
DeclarationCache::~DeclarationCache() = default;

std::shared_ptr<DeclarationCache::Chunk> DeclarationCache::chunk_of(const SourceFile& source, std::string_view text,
                                                                    bool last) {
  std::shared_ptr<Chunk> chunk;
  if (auto it = chunks_.find(text); it != chunks_.end()) {
    chunk = it->second;
  } else {
    // What parse_file checks before parsing, then the clean path alone: anything it
    // declines, the whole text's parse reports.
    if (text.find('\0') != std::string_view::npos || utf8::first_invalid(text)) return nullptr;
    SourceFile alone(source.id(), source.path(), std::string(text), false);
    bool gave_up = false;
    auto tree = parse_clean(alone, gave_up);
    if (!tree) return nullptr;
    stats_.reparsed += tree->declarations.size();
    chunk = std::make_shared<Chunk>();
    chunk->tree = std::move(*tree);
    chunks_.emplace(std::string(text), chunk);
  }
  // Cut where a declaration closes, or at the end of the text: else the cut was inside
  // a lexeme the scan misread, and the whole text's lexer would read on.
  const auto& decls = chunk->tree.declarations;
  if (!last && (decls.empty() || decls.back().range.end != text.size())) return nullptr;
  return chunk;
}

std::optional<std::vector<DeclarationCache::Piece>> DeclarationCache::pieces_of(const SourceFile& source) {
  const std::string& text = source.text();
  if (text.size() >= UINT32_MAX) return std::nullopt;
  const std::size_t n = text.size();
  std::vector<Piece> out;
  out.reserve(pieces_.size() + 4);
  // The last text's pieces wholly inside the common beginning are this text's too.
  const std::size_t prefix = common_prefix(last_text_, text);
  const std::size_t suffix = common_suffix(last_text_, text, std::min(last_text_.size(), n) - prefix);
  const std::int64_t delta = static_cast<std::int64_t>(n) - static_cast<std::int64_t>(last_text_.size());
  std::size_t old = 0;
  for (; old < pieces_.size() && pieces_[old].end <= prefix && pieces_[old].end < last_text_.size(); ++old) {
    out.push_back(pieces_[old]);
    out.back().was = static_cast<std::int64_t>(old);
  }
  std::uint32_t begin = out.empty() ? 0 : out.back().end;
  ChunkScanner scanner(text, begin);
  bool rest_kept = false;
  while (auto cut = scanner.next()) {
    std::shared_ptr<Chunk> chunk = chunk_of(source, std::string_view(text).substr(begin, *cut - begin), false);
    if (!chunk) return std::nullopt;
    out.push_back({begin, *cut, std::move(chunk)});
    begin = *cut;
    if (*cut < n - suffix) continue;
    // In the common end: from a cut the last text also had, the scan goes as it went.
    const auto was = static_cast<std::uint32_t>(*cut - delta);
    while (old < pieces_.size() && pieces_[old].begin < was) ++old;
    if (old < pieces_.size() && pieces_[old].begin == was) {
      for (; old < pieces_.size(); ++old) {
        out.push_back({static_cast<std::uint32_t>(pieces_[old].begin + delta),
                       static_cast<std::uint32_t>(pieces_[old].end + delta), pieces_[old].chunk});
        out.back().was = static_cast<std::int64_t>(old);
      }
      rest_kept = true;
      break;
    }
  }
  if (scanner.broken()) return std::nullopt;
  if (!rest_kept && (begin < n || out.empty())) {
    std::shared_ptr<Chunk> chunk = chunk_of(source, std::string_view(text).substr(begin), true);
    if (!chunk) return std::nullopt;
    out.push_back({begin, static_cast<std::uint32_t>(n), std::move(chunk)});
  }
  return out;
}

ast::File DeclarationCache::parse(const SourceFile& source, DiagnosticEngine& diags, ast::File* donor) {
  stats_ = {};
  ++generation_;
  // Only the tree made from pieces_ can give their declarations away.
  if (donor && (donor->file != last_file_ || last_file_ == kNoFile)) donor = nullptr;
  if (auto pieces = pieces_of(source)) {
    ast::File file;
    file.file = source.id();
    file.declarations.reserve(pieces->size());
    bool ok = true;
    for (Piece& piece : *pieces) {
      const ast::File& tree = piece.chunk->tree;
      piece.chunk->used = generation_;
      // `importDecl* declaration*`: an import after a declaration is the whole parse's error.
      if (!tree.imports.empty() && !file.declarations.empty()) {
        ok = false;
        break;
      }
      const Piece* was = donor && piece.was >= 0 ? &pieces_[static_cast<std::size_t>(piece.was)] : nullptr;
      piece.first_import = static_cast<std::uint32_t>(file.imports.size());
      piece.first_decl = static_cast<std::uint32_t>(file.declarations.size());
      piece.first_comment = static_cast<std::uint32_t>(file.comments.size());
      if (was) {
        // The same text as the donor's piece: its items, moved by the offset it moved.
        Shift shift{source.id(), static_cast<std::int64_t>(piece.begin) - was->begin};
        auto take = [&](auto& from, std::uint32_t first, std::size_t count, auto& to) {
          for (std::size_t k = 0; k < count; ++k) {
            to.push_back(std::move(from[first + k]));
            shift_in_place(to.back(), shift);
          }
        };
        take(donor->imports, was->first_import, tree.imports.size(), file.imports);
        take(donor->declarations, was->first_decl, tree.declarations.size(), file.declarations);
        take(donor->comments, was->first_comment, tree.comments.size(), file.comments);
        continue;
      }
      Shift shift{source.id(), piece.begin};
      for (const auto& import : tree.imports) file.imports.push_back(shifted_copy(import, shift));
      for (const auto& decl : tree.declarations) file.declarations.push_back(shifted_copy(decl, shift));
      for (const auto& comment : tree.comments) file.comments.push_back(shifted_copy(comment, shift));
    }
    if (ok) {
      stats_.reused = file.declarations.size() - stats_.reparsed;
      last_text_ = source.text();
      pieces_ = std::move(*pieces);
      last_file_ = source.id();
      // Keep the trees of this text and of the last one parsed in chunks.
      std::erase_if(chunks_, [&](const auto& entry) { return entry.second->used + 1 < generation_; });
      return file;
    }
    // The donor may have given some away: the next call copies (its file is no longer last_file_).
    last_file_ = kNoFile;
  }
  // Parsed whole. The kept chunks stay: a tree depends on its text alone, and the next
  // text (the error fixed) is likely made of them again.
  --generation_;
  ast::File file = parse_file(source, diags);
  stats_ = {file.declarations.size(), 0, true};
  return file;
}

}  // namespace gpuspec::syntax
