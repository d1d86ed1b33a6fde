#include "driver/apply_fixits.h"

#include <map>
#include <set>
#include <tuple>

namespace gpuspec::driver {

namespace {

struct Edit {
  std::uint32_t begin;
  std::uint32_t end;
  std::string replacement;
  bool operator<(const Edit& other) const {
    return std::tie(begin, end, replacement) < std::tie(other.begin, other.end, other.replacement);
  }
};

}  // namespace

FixedFiles apply_fixits(const std::vector<DiagnosticsOf>& runs) {
  std::map<std::string, std::pair<const SourceFile*, std::set<Edit>>> by_path;
  for (const auto& run : runs) {
    for (const Diagnostic& d : *run.diagnostics) {
      if (d.suppressed_by) continue;
      for (const FixIt& fixit : d.fixits) {
        if (!fixit.range.valid()) continue;
        const SourceFile& file = run.sources->file(fixit.range.file);
        if (file.embedded()) continue;
        auto& slot = by_path[file.path()];
        slot.first = &file;
        slot.second.insert({fixit.range.begin, fixit.range.end, fixit.replacement});
      }
    }
  }
  FixedFiles out;
  for (const auto& [path, entry] : by_path) {
    const auto& [file, edits] = entry;
    std::string text = file->text();
    // From the end backwards, so earlier offsets stay valid; an edit overlapping
    // one already applied (or two insertions at one place) waits for the next run.
    std::uint32_t limit = UINT32_MAX;
    bool inserted_at_limit = false;
    for (auto it = edits.rbegin(); it != edits.rend(); ++it) {
      bool overlaps = it->end > limit || (it->end == limit && it->begin == it->end && inserted_at_limit);
      if (overlaps || it->end > text.size()) {
        ++out.skipped;
        continue;
      }
      text.replace(it->begin, it->end - it->begin, it->replacement);
      inserted_at_limit = it->begin == it->end;
      limit = it->begin;
      ++out.applied;
    }
    if (text != file->text()) out.files.push_back({path, std::move(text)});
  }
  return out;
}

}  // namespace gpuspec::driver
