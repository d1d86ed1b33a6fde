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
// Whether deserialize_ast reads every declaration's body now or leaves it serialized,
// read on first use (ast::DeferredBody; the embedded library's files, whose bytes live
// as long as the process).
enum class Bodies { Read, Deferred };

// The tree `bytes` describe, with every valid range in `file`; nullopt when the bytes
// are malformed or of another layout (a snapshot from another build). Deferred bodies
// view `bytes`, which must outlive the tree; a malformed one reads as empty.
std::optional<ast::File> deserialize_ast(std::string_view bytes, FileId file, Bodies bodies = Bodies::Read);

}  // namespace gpuspec::syntax
