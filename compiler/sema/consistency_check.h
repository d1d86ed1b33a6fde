// Contradictions between properties that are each valid alone: a workload whose task
// serves but whose method trains, `params` that disagree with the named `model`, a
// cloud that keeps its data on local NVMe its instance does not have. Reported at the
// property, with a fix-it where the intended value is clear.
#pragma once

#include "diag/diagnostic.h"
#include "sema/program.h"

namespace gpuspec::sema {

// Checks the program's own (non-library) workload and cloud declarations.
void check_consistency(const Program& program, DiagnosticEngine& diags);

}  // namespace gpuspec::sema
