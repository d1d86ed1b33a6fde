// What sits at a byte offset of a parsed file: the token hover, definition and
// code actions work on, with the declaration, block path and property around it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ast/ast.h"

namespace gpuspec::lsp {

struct SyntaxTarget {
  enum class Kind {
    None,
    DeclarationKind,  // `server` in `server x { ... }`
    DeclarationName,
    PropertyKey,      // a property's or a block's key
    Name,             // a name in a value: a reference, a symbol or a fact name
    Value,            // any other part of a value
    WaiverRule,       // the rule id of a waiver
    ImportPath,
  };
  Kind kind = Kind::None;
  SourceRange range;  // the token
  std::string text;   // the name, key, rule id or import path
  const ast::Declaration* declaration = nullptr;
  // Keys of the blocks from the declaration's body down to the item, e.g. {"storage", "data"}.
  std::vector<std::string> block_path;
  const ast::Property* property = nullptr;  // the property whose key or value this is
};

SyntaxTarget find_at(const ast::File& file, std::uint32_t offset);

}  // namespace gpuspec::lsp
