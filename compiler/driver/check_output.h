// What `gpuspec check` shows: the format, ruff's output controls (--min-severity,
// --exit-zero, --statistics), the infos, which text output counts on one line unless
// --verbose, and the writer of each format (CheckSink), which the one check pipeline
// (check_stream.h) hands each diagnostic in the output order.
#pragma once

#include <memory>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "diag/diagnostic_counts.h"
#include "driver/args.h"
#include "driver/check_group.h"
#include "driver/ordered_output.h"

namespace gpuspec::driver {

struct CheckOutput {
  std::string format = "text";           // text, concise, json, sarif, github, junit
  std::optional<Severity> min_severity;  // --min-severity: below it, a finding is dropped from the run
  bool exit_zero = false;                // --exit-zero: findings exit 0 (a tool failure still exits 2)
  bool statistics = false;               // --statistics: counts per rule instead of the findings
  bool verbose = false;                  // --verbose: text output shows every info
  bool silent = false;                   // --fix, --verify: no diagnostics on stdout (fix checks again)

  // Text and concise output are for people: their infos are summed up on one line.
  bool for_people() const { return format == "text" || format == "concise"; }
};

// The output options of `args`; nullopt with `error` set when one is malformed.
std::optional<CheckOutput> check_output_from(const ParsedArgs& args, std::string& error);

// Drops what --min-severity leaves out (nothing without it).
void drop_below_min_severity(std::vector<Diagnostic>& diagnostics, const CheckOutput& output);

// Standard output in large writes: one per diagnostic cost a stdio call each (and,
// with the default buffer, a system call every 4 KB of a 100 MB run). Whatever is
// pending is written when this goes out of scope, on the way out of an exception too;
// `hold`: nothing is written but by flush().
class OutputBuffer {
 public:
  static constexpr std::size_t kFlushAt = 256u << 10;

  explicit OutputBuffer(bool hold) : hold_(hold) {}
  ~OutputBuffer() { flush_unless_held(); }
  std::string& text() { return text_; }
  void append(std::string_view text) {
    text_.append(text);
    flush_if_full();
  }
  void flush_if_full() {
    if (!hold_ && text_.size() >= kFlushAt) flush();
  }
  void flush_unless_held() {
    if (!hold_) flush();
  }
  void flush() {
    if (text_.empty()) return;
    std::cout.write(text_.data(), static_cast<std::streamsize>(text_.size()));
    text_.clear();
  }

 private:
  bool hold_;
  std::string text_;
};

// The writer of one output format. Each diagnostic is rendered by renderer() on the
// thread that checked its file (or, when the run keeps diagnostics whole, once its place
// is known) and handed to write() in the output order; finish() writes what comes after
// the last one. Text, concise, JSON and GitHub output leave as they are written; SARIF
// (rules first), JUnit (by file) and --statistics hold their rendered parts until finish().
class CheckSink {
 public:
  explicit CheckSink(OutputBuffer& out) : out_(out) {}
  virtual ~CheckSink() = default;
  // How one diagnostic of a group failing at `fail_on` is rendered.
  virtual DiagnosticRenderer renderer(Severity fail_on) const = 0;
  virtual void write(const RenderedDiagnostics& batch, std::size_t i, Severity fail_on) = 0;
  // A root file was checked (JUnit lists each one, findings or not).
  virtual void checked(const std::string& /*path*/) {}
  // `files`: the root files checked.
  virtual void finish(const DiagnosticCounts& counts, std::size_t files) = 0;

 protected:
  OutputBuffer& out_;  // standard output
};

// The writer of `output`'s format, writing to `out`; `groups` with their sessions
// loaded (SARIF lists their policies as rules, a group failing on infos shows them).
std::unique_ptr<CheckSink> sink_for(const CheckOutput& output, const std::vector<std::unique_ptr<CheckGroup>>& groups,
                                    bool color, OutputBuffer& out);

// The exit status of a run with findings at or above fail-on (`failed`) or not.
int findings_exit(const CheckOutput& output, bool failed);

}  // namespace gpuspec::driver
