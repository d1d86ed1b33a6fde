// Reads clang-style -verify directives out of a file's comments:
//
//   memory = 256 GBs   # expected-error {{unknown unit 'GBs'}}
//   # expected-warning[memory.ram-2x-vram]@+1 {{below 2 x total VRAM}}
//   # expected-no-diagnostics
//
// Syntax: expected-(error|warning|info), then optionally [id], then optionally a
// line (@+N / @-N relative to the directive, @N absolute), then exactly one
// {{substring}}. Several directives may share a line. Directives are found in
// `#`, `//` and `/* */` comments by a plain scan of the text (string literals are
// skipped), so a file that does not even parse can still be verified.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "source/source.h"

namespace gpuspec {

struct Expectation {
  FileId file = kNoFile;
  std::uint32_t line = 0;  // the line the diagnostic must start on (after applying @…)
  Severity severity = Severity::Error;
  std::optional<std::string> id;  // when given, the diagnostic id must be equal
  std::string substring;          // the message must contain it
};

struct FileDirectives {
  std::vector<Expectation> expectations;
  std::optional<std::uint32_t> no_diagnostics_line;  // where expected-no-diagnostics was written
  // Malformed directives, already formatted as "path:LINE: what is wrong".
  std::vector<std::string> problems;
};

FileDirectives parse_verify_directives(const SourceFile& file);

}  // namespace gpuspec
