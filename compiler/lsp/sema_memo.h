// The schema checks of a document's declarations, kept from one analysis to the next:
// a declaration that checked clean is not checked again while its text is the same and
// every name its references looked up finds a declaration of the same kind (or none,
// as before). That is all such a check reads (sema/check_memo.h): the library and the
// schemas are fixed for the session this memo lives in. A declaration that reported
// anything is checked every time (its messages name and point at other declarations),
// so a renamed or removed declaration still gets its "unknown name" errors in the
// declarations that refer to it: their lookups no longer find what they found.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "sema/check_memo.h"

namespace gpuspec::lsp {

// How many of an analysis's declarations were checked, and how many skipped as known clean.
struct CheckStats {
  std::size_t checked = 0;
  std::size_t skipped = 0;
};

class SemaMemo final : public sema::CheckMemo {
 public:
  bool known_clean(const ast::Declaration& decl, const sema::LoadedFile& file, const sema::Program& program) override;
  void checked(const ast::Declaration& decl, const sema::LoadedFile& file, bool clean,
               sema::NameLookups lookups) override;
  // Forgets the declarations this analysis did not have; call once after each. Returns
  // how many it checked and skipped.
  CheckStats sweep();

 private:
  struct Entry {
    sema::NameLookups lookups;
    std::uint64_t generation = 0;  // of the last analysis that had this declaration
  };
  struct TextHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
  };
  // By the declaration's text, kind keyword to closing brace.
  std::unordered_map<std::string, Entry, TextHash, std::equal_to<>> clean_;
  std::uint64_t generation_ = 1;
  CheckStats stats_;
};

}  // namespace gpuspec::lsp
