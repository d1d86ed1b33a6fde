// Schemas by position: which block schema governs the items at a block path of a
// declaration, and which property schema a key names there.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "sema/schema.h"

namespace gpuspec::lsp {

// The schema of the block reached from a `kind` declaration's body through
// `block_path` ({"storage", "data"}); nullptr for an unknown kind or key.
const sema::BlockSchema* block_schema(std::string_view kind, const std::vector<std::string>& block_path);

// The schema of property `key` at that place; nullptr when there is none.
const sema::PropertySchema* property_schema(std::string_view kind, const std::vector<std::string>& block_path,
                                            std::string_view key);

// "a memory quantity or a block { ... }"
std::string describe_types(const std::vector<sema::Type>& types);

}  // namespace gpuspec::lsp
