// `check`'s output written as it goes: diagnostics arrive file by file (in file order)
// and leave in the order the run prints them, sorted by (path, begin, end, id, message)
// within a config group, each once. A diagnostic is written as soon as nothing still
// to come can sort before it, and is freed then; until that point it is held rendered
// (bytes, not a Diagnostic with its source), so memory follows the files in flight and
// what they hold back, not the whole run.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "diag/diagnostic_counts.h"
#include "source/source.h"

namespace gpuspec::driver {

// What orders and identifies a diagnostic in `check`'s output. A diagnostic without a
// location has the empty path, so it sorts first, as DiagnosticEngine::sort has it.
struct DiagnosticKey {
  std::string path;
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  std::string id;
  std::string message;

  auto operator<=>(const DiagnosticKey&) const = default;
};

DiagnosticKey key_of(const Diagnostic& d, const SourceManager& sources);

// One diagnostic in the output format, with what ordering and counting need.
struct RenderedDiagnostic {
  DiagnosticKey key;
  Severity severity = Severity::Error;
  bool suppressed = false;
  std::string text;
};

// Appends one diagnostic in the output format (text, JSON, GitHub annotation).
using DiagnosticRenderer = std::function<void(std::string& out, const Diagnostic& d, const SourceManager& sources)>;

// Renders `diagnostics` (their sources may be freed afterwards). Run on the thread that
// checked the file, so rendering is as parallel as checking.
std::vector<RenderedDiagnostic> render_each(const std::vector<Diagnostic>& diagnostics, const SourceManager& sources,
                                            const DiagnosticRenderer& render);

class OrderedDiagnosticOutput {
 public:
  using Writer = std::function<void(std::string_view rendered)>;
  // `across_groups`: remember what was written so a later group drops its duplicates
  // (a file imported from files under two configs); one group needs no such memory.
  OrderedDiagnosticOutput(Writer write, bool across_groups) : write_(std::move(write)), across_groups_(across_groups) {}

  // Writes, counts and fails on `d` at once, outside the order: what could not be read
  // leads the output.
  void write_now(const RenderedDiagnostic& d, Severity fail_on);

  // Starts the next config group (the previous one's held diagnostics must be written).
  void begin_group(Severity fail_on);
  // The next diagnostics in arrival order; a duplicate of one already seen is dropped.
  void add(std::vector<RenderedDiagnostic> diagnostics);
  // Writes every held diagnostic whose path sorts before `bound`: the lowest path that
  // files still to come can report in. nullopt: nothing is to come, write them all.
  void write_before(const std::optional<std::string>& bound);

  const DiagnosticCounts& counts() const { return counts_; }
  bool failed() const { return failed_; }
  // Diagnostics that arrived after one that sorts later had been written (their place
  // had passed): a wrong bound. Written anyway, never lost; `check` reports the count.
  std::size_t out_of_order() const { return out_of_order_; }

 private:
  void count(const RenderedDiagnostic& d);

  Writer write_;
  bool across_groups_;
  Severity fail_on_ = Severity::Error;
  std::map<DiagnosticKey, RenderedDiagnostic> held_;
  std::set<DiagnosticKey> written_;  // only with across_groups_
  std::optional<DiagnosticKey> last_written_;  // in this group
  DiagnosticCounts counts_;
  bool failed_ = false;
  std::size_t out_of_order_ = 0;
};

}  // namespace gpuspec::driver
