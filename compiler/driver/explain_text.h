// The text `gpuspec explain RULE` prints, as a function so the language server can
// show the same words on hover over a rule id.
#pragma once

#include <string>

#include "lint/policy.h"
#include "source/source.h"

namespace gpuspec::driver {

// The rule's doc, severity, when/require as written, message, source, definition
// and an example that fires and one that passes. Ends in "\n".
std::string explain_text(const lint::Policy& policy, const SourceManager& sources);

}  // namespace gpuspec::driver
