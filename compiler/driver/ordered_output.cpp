#include "driver/ordered_output.h"

#include <algorithm>
#include <numeric>

#include "diag/render_json.h"

namespace gpuspec::driver {

namespace {

const std::string kNoPath;

// The key order, with the path compared only when the keys do not share it (a file's
// diagnostics all point at its one path string).
bool key_less(const DiagnosticKeyView& a, const DiagnosticKeyView& b) {
  if (a.path.data() != b.path.data() || a.path.size() != b.path.size()) {
    if (int c = a.path.compare(b.path)) return c < 0;
  }
  if (a.begin != b.begin) return a.begin < b.begin;
  if (a.end != b.end) return a.end < b.end;
  if (int c = a.id.compare(b.id)) return c < 0;
  return a.message < b.message;
}

}  // namespace

DiagnosticKey key_of(const Diagnostic& d, const SourceManager& sources) {
  std::string path = d.range.valid() ? sources.file(d.range.file).path() : std::string();
  return {std::move(path), d.range.begin, d.range.end, d.id, d.message};
}

DiagnosticKeyView RenderedDiagnostics::key(std::size_t i) const {
  const Item& item = items_[i];
  return {*item.path, item.begin, item.end, slice(item.id_at, item.id_size), slice(item.message_at, item.message_size)};
}

RenderedDiagnostics render_each(const std::vector<Diagnostic>& diagnostics, const SourceManager& sources,
                                const DiagnosticRenderer& render) {
  RenderedDiagnostics out;
  // The JSON writer's positions, remembered for this file's diagnostics only: the
  // sources' texts may be freed once they are rendered.
  JsonPositionScope positions;
  out.items_.reserve(diagnostics.size());
  std::string& bytes = out.bytes_;
  // A file's diagnostics are mostly in that file: its path looked up once, not under the
  // sources' lock for each of them.
  FileId last_file = kNoFile;
  const std::string* last_path = &kNoPath;
  for (const Diagnostic& d : diagnostics) {
    RenderedDiagnostics::Item item{};
    if (d.range.valid() && d.range.file != last_file) {
      last_file = d.range.file;
      last_path = &sources.file(last_file).path();
    }
    item.path = d.range.valid() ? last_path : &kNoPath;
    item.begin = d.range.begin;
    item.end = d.range.end;
    item.severity = d.severity;
    item.suppressed = d.suppressed_by.has_value();
    item.fixable = !d.fixits.empty();
    item.id_at = bytes.size();
    item.id_size = d.id.size();
    bytes += d.id;
    item.message_at = bytes.size();
    item.message_size = d.message.size();
    bytes += d.message;
    item.text_at = bytes.size();
    render(bytes, d, sources);
    item.text_size = bytes.size() - item.text_at;
    out.items_.push_back(item);
    // The buffer grown by doubling copied every byte about once more and made the
    // writers' appends reallocate (~2 % of a `check --format json`): the first
    // diagnostic's size, with a margin, stands for the rest.
    if (out.items_.size() == 1) bytes.reserve(bytes.size() * diagnostics.size() * 5 / 4);
  }
  return out;
}

RenderedDiagnostics keep_each(std::vector<Diagnostic> diagnostics, const SourceManager& sources) {
  RenderedDiagnostics out = render_each(diagnostics, sources, [](std::string&, const Diagnostic&, const SourceManager&) {});
  out.kept_ = std::move(diagnostics);
  return out;
}

void OrderedDiagnosticOutput::write_now(const RenderedDiagnostics& diagnostics) {
  for (std::size_t i = 0; i < diagnostics.size(); ++i) write_(diagnostics, i);
}

void OrderedDiagnosticOutput::begin_group() {
  write_before(std::nullopt);
  last_written_.reset();
}

void OrderedDiagnosticOutput::add(RenderedDiagnostics diagnostics) {
  if (diagnostics.empty()) return;
  // Moved into place first: its keys borrow its buffer.
  auto batch = std::make_shared<const RenderedDiagnostics>(std::move(diagnostics));
  const std::size_t n = batch->size();
  std::vector<DiagnosticKeyView> keys(n);
  for (std::size_t i = 0; i < n; ++i) keys[i] = batch->key(i);
  // The batch in key order, arrival order among equal keys (a file reports in
  // roughly source order, so this is often sorted already).
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  auto by_key = [&](std::size_t a, std::size_t b) { return key_less(keys[a], keys[b]); };
  if (!std::is_sorted(order.begin(), order.end(), by_key)) std::stable_sort(order.begin(), order.end(), by_key);

  // Each key's fate, decided once for all its copies: dropped when held or written
  // already; written at once (every copy, as none is held) when its place has passed;
  // otherwise its first copy is held.
  enum class Fate : char { Drop, Hold, WriteNow };
  std::vector<Fate> fate(n, Fate::Drop);
  auto held_less = [](const Held& h, const DiagnosticKeyView& k) { return key_less(h.key, k); };
  std::vector<Held> incoming;
  for (std::size_t run = 0; run < n;) {
    const DiagnosticKeyView& key = keys[order[run]];
    std::size_t run_end = run + 1;
    while (run_end < n && keys[order[run_end]] == key) ++run_end;
    auto at = std::lower_bound(held_.begin(), held_.end(), key, held_less);
    bool seen = (at != held_.end() && at->key == key) || (across_groups_ && written_.count(key));
    if (!seen) {
      if (last_written_ && !key_less(last_written_->key, key)) {
        for (std::size_t k = run; k < run_end; ++k) fate[order[k]] = Fate::WriteNow;
      } else {
        fate[order[run]] = Fate::Hold;
        incoming.push_back({batch, order[run], key});
      }
    }
    run = run_end;
  }

  for (std::size_t i = 0; i < n; ++i) {
    if (fate[i] == Fate::WriteNow) {
      // Its place has been written past (or it repeats a written one): never lose it.
      ++out_of_order_;
      write_(*batch, i);
    }
  }

  auto by_held_key = [](const Held& a, const Held& b) { return key_less(a.key, b.key); };
  if (held_.empty()) {
    held_ = std::move(incoming);
  } else if (!incoming.empty()) {
    auto middle = static_cast<std::ptrdiff_t>(held_.size());
    held_.insert(held_.end(), std::make_move_iterator(incoming.begin()), std::make_move_iterator(incoming.end()));
    std::inplace_merge(held_.begin(), held_.begin() + middle, held_.end(), by_held_key);
  }
}

void OrderedDiagnosticOutput::write_before(const std::optional<std::string>& bound) {
  auto it = held_.begin();
  for (; it != held_.end() && (!bound || it->key.path < *bound); ++it) {
    write_(*it->batch, it->index);
    if (across_groups_) {
      const DiagnosticKeyView& k = it->key;
      written_.insert(DiagnosticKey{std::string(k.path), k.begin, k.end, std::string(k.id), std::string(k.message)});
    }
  }
  if (it != held_.begin()) {
    last_written_ = std::move(*std::prev(it));
    held_.erase(held_.begin(), it);
  }
}

}  // namespace gpuspec::driver
