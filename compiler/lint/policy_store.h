// The built-in pack compiled by the build. A run of the checked embedded library loads
// each built-in policy from the bytes the build stored in the parse snapshot instead of
// reading its declaration and compiling its `when`, `require` and `severity_when`: those
// were ~2.1 M of a one-file check's 9.5 M instructions (issue 28, i28-cold3). The
// declaration is read only when something asks for the syntax tree (Policy::syntax:
// `rules`, `explain`, suggest's bounds). A team's policies, `--policies` and `--stdlib`
// load from their declarations as before.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "lint/policy.h"

namespace gpuspec::lint {

// `policy`, loaded from a checked library and compiled (PolicySet::add), as bytes:
// everything but its templates (compiled on first use either way) and its syntax.
std::string store_policy(const Policy& policy);

// The policy `form` holds, declared by `decl` in `file`, its syntax left to
// Policy::syntax. nullopt when the bytes are malformed or were stored for another
// place: the declaration's name range (file and offsets) is not the stored one, so
// the programs' ranges would not point into this text.
std::optional<Policy> restore_policy(std::string_view form, const ast::Declaration& decl, const sema::LoadedFile& file);

}  // namespace gpuspec::lint
