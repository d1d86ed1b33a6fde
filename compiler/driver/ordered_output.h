// `check`'s output written as it goes: diagnostics arrive file by file (in file order)
// and leave in the order the run prints them, sorted by (path, begin, end, id, message)
// within a config group, each once. A diagnostic is written as soon as nothing still
// to come can sort before it, and is freed then; until that point it is held rendered
// (bytes, not a Diagnostic with its source), so memory follows the files in flight and
// what they hold back, not the whole run.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
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

// A DiagnosticKey that borrows its text, in the same order.
struct DiagnosticKeyView {
  std::string_view path;
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  std::string_view id;
  std::string_view message;

  auto operator<=>(const DiagnosticKeyView&) const = default;
  bool operator==(const DiagnosticKeyView&) const = default;
};

// Appends one diagnostic in the output format (text, JSON, GitHub annotation).
using DiagnosticRenderer = std::function<void(std::string& out, const Diagnostic& d, const SourceManager& sources)>;

// The diagnostics of one file (or the library's, or what could not be read) in the
// output format, with what ordering and counting need, all text in one buffer: a few
// allocations per file instead of several strings per diagnostic.
class RenderedDiagnostics {
 public:
  std::size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }
  std::string_view text(std::size_t i) const { return slice(items_[i].text_at, items_[i].text_size); }
  Severity severity(std::size_t i) const { return items_[i].severity; }
  bool suppressed(std::size_t i) const { return items_[i].suppressed; }
  bool fixable(std::size_t i) const { return items_[i].fixable; }  // it has a fix-it
  // The diagnostics themselves, kept by keep_each (none after render_each).
  const std::vector<Diagnostic>& kept() const { return kept_; }
  // Valid while this object lives and is not moved (a short buffer moves with it).
  DiagnosticKeyView key(std::size_t i) const;

 private:
  friend RenderedDiagnostics render_each(const std::vector<Diagnostic>&, const SourceManager&, const DiagnosticRenderer&);
  friend RenderedDiagnostics keep_each(std::vector<Diagnostic>, const SourceManager&);
  struct Item {
    const std::string* path;  // owned by the SourceManager, which outlives the output
    std::uint32_t begin, end;
    std::size_t id_at, id_size, message_at, message_size, text_at, text_size;  // in bytes_
    Severity severity;
    bool suppressed;
    bool fixable;
  };
  std::string_view slice(std::size_t at, std::size_t size) const { return std::string_view(bytes_).substr(at, size); }

  std::string bytes_;
  std::vector<Item> items_;
  std::vector<Diagnostic> kept_;
};

// Renders `diagnostics` (their sources may be freed afterwards). Run on the thread that
// checked the file, so rendering is as parallel as checking.
RenderedDiagnostics render_each(const std::vector<Diagnostic>& diagnostics, const SourceManager& sources,
                                const DiagnosticRenderer& render);
// Keys and flags without text, the diagnostics kept whole: for a run that needs them
// once their place is known (--fix, --verify, the baselines), renders them then, and
// keeps their sources' texts.
RenderedDiagnostics keep_each(std::vector<Diagnostic> diagnostics, const SourceManager& sources);

class OrderedDiagnosticOutput {
 public:
  // Called with each diagnostic (a batch and its index) in the output order.
  using Writer = std::function<void(const RenderedDiagnostics& batch, std::size_t i)>;
  // `across_groups`: remember what was written so a later group drops its duplicates
  // (a file imported from files under two configs); one group needs no such memory.
  OrderedDiagnosticOutput(Writer write, bool across_groups) : write_(std::move(write)), across_groups_(across_groups) {}

  // Writes each of `diagnostics` at once, in their order, outside the sorted order:
  // what could not be read leads the output.
  void write_now(const RenderedDiagnostics& diagnostics);

  // Starts the next config group (the previous one's held diagnostics must be written).
  void begin_group();
  // The next diagnostics in arrival order; a duplicate of one already seen is dropped
  // (the first to arrive is kept).
  void add(RenderedDiagnostics diagnostics);
  // Writes every held diagnostic whose path sorts before `bound`: the lowest path that
  // files still to come can report in. nullopt: nothing is to come, write them all.
  void write_before(const std::optional<std::string>& bound);

  // Diagnostics that arrived after one that sorts later had been written (their place
  // had passed): a wrong bound. Written anyway, never lost; `check` reports the count.
  std::size_t out_of_order() const { return out_of_order_; }

 private:
  // A diagnostic waiting for its turn: its key borrows from the batch it keeps alive.
  struct Held {
    std::shared_ptr<const RenderedDiagnostics> batch;
    std::size_t index;
    DiagnosticKeyView key;
  };
  struct KeyOrder {
    using is_transparent = void;
    static DiagnosticKeyView view(const DiagnosticKey& k) { return {k.path, k.begin, k.end, k.id, k.message}; }
    static const DiagnosticKeyView& view(const DiagnosticKeyView& k) { return k; }
    template <typename A, typename B>
    bool operator()(const A& a, const B& b) const { return view(a) < view(b); }
  };

  Writer write_;
  bool across_groups_;
  std::vector<Held> held_;  // sorted by key, no two keys equal
  std::set<DiagnosticKey, KeyOrder> written_;  // only with across_groups_
  std::optional<Held> last_written_;  // in this group
  std::size_t out_of_order_ = 0;
};

}  // namespace gpuspec::driver
