// The `.gpuspec` text of a candidate: a `server` or `cloud` declaration serving the
// workload, and the file the pack judges: a header comment, the import of the workload's
// file and the declarations, in gpuspec fmt's canonical layout. What `--format gpuspec`
// prints is this text.
#pragma once

#include <string>
#include <vector>

#include "backends/suggest/build.h"

namespace gpuspec::suggest {

// The declaration of a build, formatted; `declaration_text` gives it before formatting,
// for a file that candidate_file formats as a whole.
std::string declaration_of(const Build& build, const CandidateContext& context);
std::string declaration_text(const Build& build, const CandidateContext& context);
// The name the declaration of `build` takes.
const std::string& name_of(const Build& build, const CandidateContext& context);

// `header` lines become `# ` comments; declarations are separated by a blank line.
std::string candidate_file(const CandidateContext& context, const std::vector<std::string>& header,
                           const std::vector<std::string>& declarations);

// "150000 CNY", "1.5 TB": numbers as the language writes them (no exponent).
std::string money_text(const units::Quantity& money);
std::string bytes_text(double bytes);

}  // namespace gpuspec::suggest
