// What a declaration's schema check depends on besides its own syntax: the names its
// references looked up in the program, and the kind each found. A check that reported
// nothing reports nothing again while those are the same (the library and schemas are
// fixed for a session), so the language server can skip it (compiler/lsp/sema_memo.h).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ast/ast.h"

namespace gpuspec::sema {

struct LoadedFile;
class Program;

// Each name looked up, with the kind of the declaration found ("" when none was).
using NameLookups = std::vector<std::pair<std::string, std::string>>;

class CheckMemo {
 public:
  virtual ~CheckMemo() = default;
  // True when `decl` (of `file`) is known to check clean in `program`: its check is skipped.
  virtual bool known_clean(const ast::Declaration& decl, const LoadedFile& file, const Program& program) = 0;
  // `decl` was checked; `clean`: it reported nothing, having looked up `lookups`.
  virtual void checked(const ast::Declaration& decl, const LoadedFile& file, bool clean, NameLookups lookups) = 0;
};

}  // namespace gpuspec::sema
