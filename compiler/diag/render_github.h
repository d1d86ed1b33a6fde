// GitHub Actions workflow commands for `gpuspec check --format github`: each
// finding becomes an annotation on the pull request's diff.
//
//   ::error file=examples/bad/x.gpuspec,line=3,col=12,endLine=3,endColumn=14,title=unknown-unit::unknown unit 'GBs'
//
// error -> ::error, warning -> ::warning, info and note -> ::notice. Waived
// findings are not annotated. The hint follows the message on its own line.
// Escaping follows the runner's rules (actions/toolkit, command.ts): in the message
// `%`, `\r`, `\n` become %25, %0D, %0A; in property values `:` and `,` become
// %3A and %2C as well. endColumn is the column of the last character (inclusive),
// as the annotation API counts it; columns are Unicode code points.
#pragma once

#include <string>

#include "diag/diagnostic.h"
#include "source/source.h"

namespace gpuspec {

// The annotation of one diagnostic (nothing for a waived one), ending in "\n", appended to `out`.
void append_github_annotation(std::string& out, const Diagnostic& d, const SourceManager& sources);

}  // namespace gpuspec
