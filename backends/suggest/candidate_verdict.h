// The verdict on a candidate (judge.h), once the whole check has run on its program:
// which findings are the candidate's, and its declaration. The driver runs the check
// (a candidate file goes through what `gpuspec check` does to a file); this decides
// what of it the search sees.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backends/suggest/judge.h"
#include "diag/diagnostic.h"
#include "facts/fact.h"
#include "sema/program.h"

namespace gpuspec::suggest {

// The findings on the candidate are the verdict: on its declaration or in its file (the
// program's first), neither notes nor suppressed ones; findings in the files it imports
// are not the candidate's. `facts` are the candidate's as the pack saw them. The
// declaration must be in the candidate's own file, else the verdict holds the error
// `suggest.no-candidate`.
Verdict candidate_verdict(std::shared_ptr<const sema::Program> program, const std::string& declaration,
                          const std::vector<Diagnostic>& diagnostics, std::optional<facts::FactSet> facts);

}  // namespace gpuspec::suggest
