// A compact binary form of one file's syntax tree, so that files whose text is fixed
// at build time (the embedded stdlib and policy pack) are parsed by the build, not by
// every run. Ranges are stored relative to their file and re-anchored when read.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "ast/ast.h"
#include "source/source.h"

namespace gpuspec::syntax {

// nullopt when a range points into another file (a tree from one parse never does).
std::optional<std::string> serialize_ast(const ast::File& file);
// The tree `bytes` describe, with every valid range in `file`; nullopt when the bytes
// are malformed (a snapshot from another build).
std::optional<ast::File> deserialize_ast(std::string_view bytes, FileId file);

}  // namespace gpuspec::syntax
