#include "diag/verify.h"

#include <fmt/format.h>

#include "diag/verify_directives.h"

namespace gpuspec {
namespace {

std::string severity_with_id(Severity severity, const std::optional<std::string>& id) {
  return id ? fmt::format("{}[{}]", severity_name(severity), *id) : std::string(severity_name(severity));
}

bool fits(const Expectation& expected, const Diagnostic& d, const SourceManager& sources) {
  return d.range.valid() && d.range.file == expected.file && sources.start_of(d.range).line == expected.line &&
         d.severity == expected.severity && (!expected.id || *expected.id == d.id) &&
         d.message.find(expected.substring) != std::string::npos;
}

std::string describe_unexpected(const Diagnostic& d, const SourceManager& sources) {
  std::string what = fmt::format("unexpected {}[{}]: {}", severity_name(d.severity), d.id, d.message);
  if (!d.range.valid()) return "gpuspec: " + what;
  return fmt::format("{}:{}: {}", sources.file(d.range.file).path(), sources.start_of(d.range).line, what);
}

}  // namespace

VerifyResult verify_expectations(const SourceManager& sources, const std::vector<FileId>& files,
                                 const std::vector<Diagnostic>& diagnostics) {
  VerifyResult result;
  std::vector<std::string> not_seen;
  // Suppressed diagnostics start out as "consumed" so nothing can match them.
  std::vector<bool> consumed(diagnostics.size());
  for (std::size_t i = 0; i < diagnostics.size(); ++i) consumed[i] = diagnostics[i].suppressed_by.has_value();

  for (FileId id : files) {
    const SourceFile& file = sources.file(id);
    FileDirectives directives = parse_verify_directives(file);
    result.problems.insert(result.problems.end(), directives.problems.begin(), directives.problems.end());

    bool has_directives = !directives.expectations.empty() || directives.no_diagnostics_line;
    if (!has_directives && directives.problems.empty()) {
      result.problems.push_back(fmt::format(
          "{}: no expected-error, expected-warning, expected-info or expected-no-diagnostics directives found",
          file.path()));
    }
    if (directives.no_diagnostics_line && !directives.expectations.empty()) {
      result.problems.push_back(fmt::format("{}:{}: expected-no-diagnostics cannot be combined with other directives",
                                            file.path(), *directives.no_diagnostics_line));
    }

    for (const Expectation& expected : directives.expectations) {
      bool seen = false;
      for (std::size_t i = 0; i < diagnostics.size() && !seen; ++i) {
        if (consumed[i] || !fits(expected, diagnostics[i], sources)) continue;
        consumed[i] = true;
        seen = true;
      }
      if (!seen) {
        not_seen.push_back(fmt::format("{}:{}: expected {} not seen: {{{{{}}}}}", file.path(), expected.line,
                                       severity_with_id(expected.severity, expected.id), expected.substring));
      }
    }
  }

  result.problems.insert(result.problems.end(), not_seen.begin(), not_seen.end());
  for (std::size_t i = 0; i < diagnostics.size(); ++i) {
    if (!consumed[i]) result.problems.push_back(describe_unexpected(diagnostics[i], sources));
  }
  result.ok = result.problems.empty();
  return result;
}

}  // namespace gpuspec
