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
  // Call before each analysis's check, and sweep() after it.
  void begin();
  bool known_clean(const ast::Declaration& decl, const sema::LoadedFile& file, const sema::Program& program) override;
  void checked(const ast::Declaration& decl, const sema::LoadedFile& file, bool clean,
               sema::NameLookups lookups) override;
  // Forgets the declarations this analysis did not have. Returns how many it checked and skipped.
  CheckStats sweep();

 private:
  struct Entry {
    sema::NameLookups lookups;
    std::uint64_t generation = 0;  // of the last analysis that had this declaration
  };
  // Of a declaration's first and last bytes and its length: hashing every byte of every
  // declaration cost more than the checks it saved. Equal keys are compared whole.
  struct TextHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const;
  };
  // The program's declarations' names and kinds, in order, as one string: what a look-up by
  // name finds in it (with the session's library). While it is what it was for the last
  // analysis, every kept entry's lookups find what they found then.
  void note_names(const sema::Program& program);

  // By the declaration's text, kind keyword to closing brace. Each entry's lookups find
  // the same kinds in the program of the last analysis (`names_`): an entry that was not
  // validated again in an analysis is swept after it.
  std::unordered_map<std::string, Entry, TextHash, std::equal_to<>> clean_;
  std::string names_;
  bool names_same_ = false;  // this analysis's names are the last one's
  bool started_ = false;     // note_names ran for this analysis
  bool swept_ = true;        // the last analysis ended with sweep()
  std::uint64_t generation_ = 1;
  CheckStats stats_;
};

}  // namespace gpuspec::lsp
