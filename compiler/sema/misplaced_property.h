// A property written one block too high: `storage { data = 4 x drive; raid = raid10 }`,
// where `raid` belongs to the data volume. Instead of "unknown property 'raid' in block
// 'storage'", say which block takes it, and move it there when that is certain.
#pragma once

#include <string_view>
#include <vector>

#include "ast/ast.h"
#include "diag/diagnostic.h"
#include "sema/schema.h"

namespace gpuspec::sema {

// The block properties of `schema` whose block takes `key` ("data", "checkpoint"), in
// schema order; empty when none does.
std::vector<std::string_view> blocks_taking(const BlockSchema& schema, std::string_view key);

// Reports `property` (set in `body`, whose schema is `schema`, of `owner`: "block 'storage'") as
// belonging in one of `blocks`. When exactly one of them is set in `body`, the fix-it
// moves the property into it: into its braces, or a shorthand `data = 4 x drive` turned
// into `data { drives = 4 x drive; raid = raid10 }`. `text` is the file's text.
Diagnostic& report_misplaced(DiagnosticEngine& diags, const ast::Property& property, const ast::Body& body,
                             const BlockSchema& schema, std::string_view owner, const std::vector<std::string_view>& blocks,
                             std::string_view text);

}  // namespace gpuspec::sema
