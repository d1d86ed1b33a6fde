// Where the cursor is, for completion, read from the text itself: the buffer being
// typed rarely parses, so this scans braces, strings and comments up to the cursor
// instead of asking the syntax tree.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gpuspec::lsp {

struct CompletionContext {
  enum class Kind {
    None,         // in a string or comment, or somewhere nothing can be completed
    TopLevel,     // a declaration kind (or `import`)
    PropertyKey,  // a key inside a declaration or block
    Value,        // the value of `property`
    WaiverRule,   // the rule id after `waive`
  };
  Kind kind = Kind::None;
  std::string declaration_kind;         // "server"
  std::vector<std::string> block_path;  // {"storage", "data"}
  std::string property;                 // for Value
  std::uint32_t word_begin = 0;         // the word being typed is [word_begin, cursor)
};

CompletionContext completion_context(std::string_view text, std::uint32_t cursor);

}  // namespace gpuspec::lsp
