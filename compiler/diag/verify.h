// `gpuspec check --verify`: compares the diagnostics of a run with the
// expected-error/-warning/-info directives written in the checked files
// (syntax in verify_directives.h), the way clang's -verify does.
#pragma once

#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "source/source.h"

namespace gpuspec {

struct VerifyResult {
  bool ok = true;
  // clang-like lines, in this order: malformed directives and files without any
  // directive, expectations not seen ("path:LINE: expected error not seen: {{…}}"),
  // then diagnostics nobody expected ("path:LINE: unexpected warning[id]: message").
  std::vector<std::string> problems;
};

// Each expectation consumes exactly one diagnostic with the same file, the same
// start line, the same severity, the same id when the directive gives one, and a
// message containing the substring. Expectations are matched in source order,
// each taking the first fitting diagnostic, as clang does.
//
// Suppressed (waived) diagnostics are invisible here, as they are in the text
// output: they match no expectation and are never unexpected, so a waiver test is
// a file whose waived finding has no directive.
//
// Every file in `files` must contain at least one directive, or
// expected-no-diagnostics; an unverified file is a problem, not a pass.
VerifyResult verify_expectations(const SourceManager& sources, const std::vector<FileId>& files,
                                 const std::vector<Diagnostic>& diagnostics);

}  // namespace gpuspec
