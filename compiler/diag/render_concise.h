// `check --format concise`: one line per finding, for grep, editors' quickfix lists and
// people who know the rules (ruff's concise output):
//
//   specs/server.gpuspec:11:3: error[memory.ram-2x-vram] system memory 128 GB is below ...
//   gpuspec: error[unreadable-file] cannot read 'x.gpuspec': Permission denied
//
// No snippet, notes, fix-its or help: `--format text` has them. Text from the spec is
// made printable as in text output, so a finding is always exactly one line.
#pragma once

#include <string>

#include "diag/diagnostic.h"
#include "source/source.h"

namespace gpuspec {

// Appends the line (nothing for a waived finding, as text output hides it).
void append_concise_diagnostic(std::string& out, const Diagnostic& d, const SourceManager& sources);

}  // namespace gpuspec
