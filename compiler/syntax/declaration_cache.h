// A document parsed again after an edit, re-parsing only the top-level declarations
// whose text changed (issue 28: the language server's one-line edit). The text is cut
// into chunks, each ending just after a `}` that closes a top-level body (the last one
// at the end of the text), and each chunk's tree is kept by its exact text: a chunk
// seen before is copied from the kept tree, moved to its new offset (a line inserted at
// the top moves every chunk below without re-parsing one), and only new texts are
// parsed, each alone. Only the text between the last text's common beginning and end
// with this one is scanned for cuts: the chunks before are the same, and so are those
// after the first cut that falls on one of the last text's, shifted.
//
// Fail closed: the trees are those parse_file makes of the whole text, or the whole text
// is parsed. A chunk parsed alone must be clean (the hand-written parser's path, which
// reports nothing, syntax/clean_parse.h) and end with its last declaration's `}`, so
// every chunk starts where the whole text's lexer starts a token, and the chunks' items
// are the file's; imports after a declaration, a `}` that closes nothing, a byte the
// parser would report, or any syntax error anywhere: the whole text goes to parse_file,
// which reports what it finds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ast/ast.h"
#include "diag/diagnostic.h"
#include "source/source.h"

namespace gpuspec::syntax {

// Finds the cuts of a text from a cut (or its start) on: the offsets just after each `}`
// at brace depth 0, outside strings and comments (the lexer's rules, grammar/GpuSpec.g4).
// A scan, not a lex: the parse of each chunk vouches for where it was cut.
class ChunkScanner {
 public:
  ChunkScanner(std::string_view text, std::size_t from) : text_(text), at_(from) {}
  // The next cut; nullopt at the end of the text, or when a `}` closes nothing (broken()).
  std::optional<std::uint32_t> next();
  bool broken() const { return broken_; }

 private:
  std::string_view text_;
  std::size_t at_;
  std::size_t depth_ = 0;
  bool broken_ = false;
};

// What the last parse did.
struct DeclarationParseStats {
  std::size_t reparsed = 0;  // declarations parsed from their text (all of them when `whole`)
  std::size_t reused = 0;    // declarations copied from a kept tree
  bool whole = false;        // the whole text went to parse_file
};

class DeclarationCache {
 public:
  DeclarationCache();
  ~DeclarationCache();
  DeclarationCache(const DeclarationCache&) = delete;
  DeclarationCache& operator=(const DeclarationCache&) = delete;

  // What parse_file(source, diags) returns, parsing only the chunks not kept. `donor`,
  // when given, is the tree the last call returned, which nothing will read again: the
  // declarations of the chunks that did not change are moved out of it (and shifted)
  // instead of copied. A donor that is not that tree is not used.
  ast::File parse(const SourceFile& source, DiagnosticEngine& diags, ast::File* donor = nullptr);
  const DeclarationParseStats& stats() const { return stats_; }

 private:
  struct Chunk;
  // A chunk of the last text parsed in chunks: [begin, end), and its tree.
  struct Piece {
    std::uint32_t begin = 0, end = 0;
    std::shared_ptr<Chunk> chunk;
    // Where its items are in the file returned (the indexes of its first import,
    // declaration and comment), and the last text's piece it is (-1: none).
    std::uint32_t first_import = 0, first_decl = 0, first_comment = 0;
    std::int64_t was = -1;
  };
  struct TextHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
  };

  // The pieces of `text`; nullopt when one of them must be parsed whole.
  std::optional<std::vector<Piece>> pieces_of(const SourceFile& source);
  // The tree of a chunk's text, kept or parsed alone; null when it must be parsed whole.
  std::shared_ptr<Chunk> chunk_of(const SourceFile& source, std::string_view text, bool last);

  std::string last_text_;      // the last text parsed in chunks
  std::vector<Piece> pieces_;  // its pieces
  FileId last_file_ = kNoFile; // and its file
  // Trees by text: those of the last two texts parsed in chunks (an undo finds them).
  std::unordered_map<std::string, std::shared_ptr<Chunk>, TextHash, std::equal_to<>> chunks_;
  std::uint64_t generation_ = 0;
  DeclarationParseStats stats_;
};

}  // namespace gpuspec::syntax
