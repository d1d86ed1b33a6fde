#include "lsp/lint_memo.h"

#include <algorithm>
#include <atomic>
#include <iterator>
#include <optional>
#include <set>
#include <string_view>
#include <utility>
#include <unordered_set>

#include "backends/cost/cost_facts.h"
#include "facts/fact_store.h"
#include "facts/resolve.h"

namespace gpuspec::lsp {

namespace {

void append_text(std::string& out, std::string_view text) {
  out += std::to_string(text.size());
  out += ':';
  out += text;
}

// A byte of a word that may name a declaration: an identifier's, a dotted name's, or
// any byte of a non-ASCII letter (a wider word only finds more names: fail closed).
bool in_word(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
         c == '.' || c >= 0x80;
}

// The words of a text that could name a declaration: each run of word bytes, and every
// part of it between '.' and '-' separators (a name may be part of a dotted one).
std::vector<std::string> words_of(std::string_view text) {
  std::set<std::string_view> words;
  std::size_t k = 0;
  while (k < text.size()) {
    if (!in_word(static_cast<unsigned char>(text[k]))) {
      ++k;
      continue;
    }
    std::size_t start = k;
    while (k < text.size() && in_word(static_cast<unsigned char>(text[k]))) ++k;
    std::string_view word = text.substr(start, k - start);
    std::vector<std::size_t> starts{0}, ends;
    for (std::size_t p = 0; p < word.size(); ++p) {
      if (word[p] != '.' && word[p] != '-') continue;
      ends.push_back(p);
      starts.push_back(p + 1);
    }
    ends.push_back(word.size());
    for (std::size_t a : starts) {
      for (std::size_t b : ends) {
        if (b > a) words.insert(word.substr(a, b - a));
      }
    }
  }
  return {words.begin(), words.end()};
}

// The document's declarations, and which of them name which.
class DocumentIndex {
 public:
  using Declared = LintMemo::Declared;
  // `declared` and `names_were`: the last analysis's declarations and their names (they
  // become this one's). `broken`: the declarations an error keeps from being linted.
  DocumentIndex(const sema::LoadedFile& file, std::vector<Declared>& declared, std::string& names_were,
                const std::set<const ast::Declaration*>& broken)
      : file_(file) {
    for (const auto& decl : file.ast.declarations) decls_.push_back(&decl);
    for (std::size_t i = 0; i < decls_.size(); ++i) {
      if (!by_name_.emplace(decls_[i]->name, i).second) unique_ = false;
    }
    names_.resize(decls_.size());
    std::string names;
    for (const auto* d : decls_) append_text(names, d->name);
    same_names_ = names == names_were;
    names_were = std::move(names);
    // Each declaration's text where it was last time: at its own index (compared, not
    // hashed: most texts are where they were), else anywhere (lines moved it).
    constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    std::vector<std::size_t> from(decls_.size(), kNone);
    std::unordered_map<std::string_view, std::size_t> by_text;
    for (std::size_t i = 0; i < decls_.size(); ++i) {
      std::string_view text = this->text(i);
      if (i < declared.size() && declared[i].text == text) {
        from[i] = i;
        continue;
      }
      // While the names are the same, a text not at its own index is a new one (a
      // declaration's text holds its name): only declarations added, removed or renamed look further.
      if (same_names_ && declared.size() == decls_.size()) continue;
      if (by_text.empty()) {
        for (std::size_t j = 0; j < declared.size(); ++j) by_text.emplace(declared[j].text, j);
      }
      auto it = by_text.find(text);
      if (it != by_text.end() && declared[it->second].text == text) from[i] = it->second;
    }
    std::vector<Declared> now(decls_.size());
    std::vector<bool> taken(declared.size());
    for (std::size_t i = 0; i < decls_.size(); ++i) {
      Declared& d = now[i];
      if (from[i] != kNone && !taken[from[i]]) {
        taken[from[i]] = true;
        d = std::move(declared[from[i]]);
      } else {
        from[i] = kNone;
        d.text = std::string(text(i));
        d.words.all = words_of(d.text);
      }
      // While the names are the same, so are the words of an unchanged text that name one.
      if (!same_names_ || from[i] != i) {
        d.words.names.clear();
        for (const auto& word : d.words.all) {
          if (by_name_.count(word)) d.words.names.push_back(word);
        }
      }
      for (const auto& word : d.words.names) {
        auto named = by_name_.find(word);
        if (named == by_name_.end() || named->second == i) continue;
        names_[i].push_back(named->second);
      }
    }
    // What was unchanged since the last analysis: its text and name at its index, its
    // brokenness, and who names it.
    std::vector<std::vector<std::size_t>> named_by(decls_.size());
    for (std::size_t i = 0; i < decls_.size(); ++i) {
      for (std::size_t named : names_[i]) named_by[named].push_back(i);
    }
    unchanged_.assign(decls_.size(), false);
    for (std::size_t i = 0; i < decls_.size(); ++i) {
      Declared& d = now[i];
      const bool is_broken = broken.count(decls_[i]) > 0;
      unchanged_[i] = same_names_ && from[i] == i && d.broken == is_broken && d.named_by == named_by[i];
      d.broken = is_broken;
      d.named_by = std::move(named_by[i]);
    }
    declared = std::move(now);
    declared_ = &declared;
  }

  std::size_t size() const { return decls_.size(); }
  const ast::Declaration& decl(std::size_t i) const { return *decls_[i]; }
  std::string_view text(std::size_t i) const { return file_.source->slice(decls_[i]->range); }
  FileId file() const { return file_.source->id(); }
  // Every declaration's name is its own (a duplicate is an error: nothing is kept).
  bool unique() const { return unique_; }
  std::optional<std::size_t> index_of(std::string_view name) const {
    auto it = by_name_.find(name);
    return it == by_name_.end() ? std::nullopt : std::optional<std::size_t>(it->second);
  }
  const std::vector<std::size_t>& names(std::size_t i) const { return names_[i]; }
  const std::vector<std::size_t>& named_by(std::size_t i) const { return (*declared_)[i].named_by; }
  // The names are those of the last analysis, in the same order.
  bool same_names() const { return same_names_; }
  // Declaration i has the text, name, brokenness and namers it had in the last analysis.
  bool unchanged(std::size_t i) const { return unchanged_[i]; }
  // The declaration whose range holds `range` (a range of the document).
  std::optional<std::size_t> holding(SourceRange range) const {
    auto after = std::upper_bound(decls_.begin(), decls_.end(), range.begin,
                                  [](std::uint32_t offset, const ast::Declaration* d) { return offset < d->range.begin; });
    if (after == decls_.begin()) return std::nullopt;
    const ast::Declaration& d = **(after - 1);
    if (range.end > d.range.end) return std::nullopt;
    return static_cast<std::size_t>(after - 1 - decls_.begin());
  }

 private:
  const sema::LoadedFile& file_;
  std::vector<const ast::Declaration*> decls_;  // in source order
  std::unordered_map<std::string_view, std::size_t> by_name_;
  bool unique_ = true;
  std::vector<std::vector<std::size_t>> names_;  // the declarations its text names
  const std::vector<Declared>* declared_ = nullptr;  // each one's text, words and namers
  bool same_names_ = false;
  std::vector<bool> unchanged_;
};

bool has_facts(const ast::Declaration& decl) { return facts::has_facts(decl.kind); }

}  // namespace

// Where a kept range lies: in a declaration of the document (by name), in an imported
// file (by path), or in a file of the session's library (by id: the memo lives as long
// as the session).
struct Anchor {
  enum class Kind { Declaration, Import, Library } kind;
  std::string name;  // the declaration's name or the file's path
  FileId file = kNoFile;
  bool operator==(const Anchor&) const = default;
};

struct LintMemo::Entry {
  // Unique in the process: an entry's findings never change but for their ranges, so
  // (serial, finding) names the same texts for as long as the entry lives.
  std::uint64_t serial = 0;
  std::vector<std::string> reads;  // the document's declarations the lint asked the store for
  std::string inputs;              // what inputs() writes for them: replayed while it is the same
  // The declarations those inputs are of (MemoRun::depends), and the analysis that last
  // found them the same: while the names are the same and none of those declarations
  // changed since, they are the same again, without writing them out.
  std::vector<std::size_t> depends;
  std::uint64_t verified = 0;
  std::vector<Diagnostic> findings;  // each range's file is an index into anchors, its offsets relative
  // Each finding's ranges as kept (relative), in each_range's order: a finding lent to an
  // analysis comes back with its ranges placed there.
  std::vector<std::vector<SourceRange>> ranges;
  bool lent = false;  // some of its findings are in the last analysis's diagnostics
  std::vector<Anchor> anchors;
};

LintMemo::LintMemo() = default;
LintMemo::~LintMemo() = default;

namespace {

// One analysis of the document, linted through the memo.
class MemoRun {
 public:
  MemoRun(const sema::Program& program, const DocumentIndex& doc, const std::set<const ast::Declaration*>& broken)
      : program_(program), doc_(doc), broken_(broken) {
    for (const auto& file : program.library().files()) library_.insert(file->source->id());
  }

  // The declarations a lint that read `reads` (by name) beside `decl` depends on: those,
  // and what they name, transitively. nullopt when one of the names is gone.
  std::optional<std::vector<std::size_t>> depends(std::size_t decl, const std::vector<std::string>& reads) const {
    std::vector<bool> seen(doc_.size());
    std::vector<std::size_t> todo{decl};
    for (const auto& name : reads) {
      auto i = doc_.index_of(name);
      if (!i) return std::nullopt;
      todo.push_back(*i);
    }
    std::vector<std::size_t> out;
    while (!todo.empty()) {
      std::size_t i = todo.back();
      todo.pop_back();
      if (seen[i]) continue;
      seen[i] = true;
      out.push_back(i);
      for (std::size_t named : doc_.names(i)) todo.push_back(named);
    }
    std::sort(out.begin(), out.end());
    return out;
  }

  // What a kept entry is replayed under: each declaration it depends on, with its text,
  // whether an error keeps it from being linted, and who names it.
  std::string inputs(const std::vector<std::size_t>& depends) const {
    std::string out;
    for (std::size_t i : depends) {
      const ast::Declaration& d = doc_.decl(i);
      append_text(out, d.name);
      append_text(out, doc_.text(i));
      out += broken_.count(&d) ? 'B' : '-';
      for (std::size_t by : doc_.named_by(i)) append_text(out, doc_.decl(by).name);
      out += ';';
    }
    return out;
  }

  // Makes `range` relative to its anchor (its file becomes the anchor's index); false
  // when it lies where nothing kept vouches for its text.
  bool anchor(SourceRange& range, const std::vector<std::size_t>& depends, std::vector<Anchor>& anchors) const {
    if (!range.valid()) return true;
    Anchor anchor;
    std::uint32_t base = 0;
    if (range.file == doc_.file()) {
      auto i = doc_.holding(range);
      if (!i) return false;
      // Its text is kept: one the entry depends on, or one of the whole setting.
      if (has_facts(doc_.decl(*i)) && !std::binary_search(depends.begin(), depends.end(), *i)) return false;
      anchor = {Anchor::Kind::Declaration, doc_.decl(*i).name, kNoFile};
      base = doc_.decl(*i).range.begin;
    } else if (const sema::LoadedFile* import = import_of(range.file)) {
      anchor = {Anchor::Kind::Import, import->source->path(), kNoFile};
    } else if (library_.count(range.file)) {
      anchor = {Anchor::Kind::Library, {}, range.file};
    } else {
      return false;
    }
    auto it = std::find(anchors.begin(), anchors.end(), anchor);
    if (it == anchors.end()) it = anchors.insert(anchors.end(), anchor);
    range = {static_cast<FileId>(it - anchors.begin()), range.begin - base, range.end - base};
    return true;
  }

  // Where an anchor is in this analysis: its file and the offset kept ranges are relative
  // to; nullopt when it is gone.
  std::optional<std::pair<FileId, std::uint32_t>> locate(const Anchor& anchor) const {
    if (anchor.kind == Anchor::Kind::Library) return std::make_pair(anchor.file, std::uint32_t{0});
    if (anchor.kind == Anchor::Kind::Declaration) {
      auto i = doc_.index_of(anchor.name);
      if (!i) return std::nullopt;
      return std::make_pair(doc_.file(), doc_.decl(*i).range.begin);
    }
    for (std::size_t k = 1; k < program_.files().size(); ++k) {
      if (program_.files()[k]->source->path() == anchor.name) return std::make_pair(program_.files()[k]->source->id(), 0u);
    }
    return std::nullopt;
  }

  template <class Each>
  static bool each_range(Diagnostic& d, Each&& each) {
    if (!each(d.range)) return false;
    for (auto& note : d.notes) {
      if (!each(note.range)) return false;
    }
    for (auto& fix : d.fixits) {
      if (!each(fix.range)) return false;
    }
    return true;
  }

 private:
  const sema::LoadedFile* import_of(FileId file) const {
    for (std::size_t k = 1; k < program_.files().size(); ++k) {
      if (program_.files()[k]->source->id() == file) return program_.files()[k].get();
    }
    return nullptr;
  }

  const sema::Program& program_;
  const DocumentIndex& doc_;
  const std::set<const ast::Declaration*>& broken_;
  std::unordered_set<FileId> library_;
};

// A kept finding's identity (LentFindings::Slot::kept): its entry's serial, then its index.
constexpr std::uint64_t kFindingsPerSerial = std::uint64_t{1} << 20;

// Reports a kept entry's findings at their places in this analysis; false (nothing
// reported) when one of its anchors is gone.
bool replay(const MemoRun& run, LintMemo::Entry& entry, DiagnosticEngine& diags, LentFindings& lent) {
  std::vector<std::pair<FileId, std::uint32_t>> places;
  for (const Anchor& anchor : entry.anchors) {
    auto place = run.locate(anchor);
    if (!place) return false;
    places.push_back(*place);
  }
  auto place = [&places](SourceRange range) {
    if (!range.valid()) return range;
    auto [file, base] = places[range.file];
    return SourceRange{file, range.begin + base, range.end + base};
  };
  // Through report(), as the lint reported them: the per-file cap counts them alike. It
  // reads only the severity and range; the finding is then moved in whole (a dropped one
  // goes to the engine's scratch diagnostic: copied, as it is not kept there), its ranges
  // placed, and lent: the next lint takes it back.
  for (std::size_t k = 0; k < entry.findings.size(); ++k) {
    Diagnostic& kept = entry.findings[k];
    Diagnostic& d = diags.report({}, kept.severity, place(kept.range), {});
    const bool in_engine = &d == &diags.diagnostics().back();
    if (in_engine) {
      d = std::move(kept);
      const std::uint64_t kept_id = k < kFindingsPerSerial ? entry.serial * kFindingsPerSerial + k : 0;
      lent.slots.push_back({diags.diagnostics().size() - 1, &entry, k, kept_id});
      entry.lent = true;
    } else {
      d = kept;
    }
    MemoRun::each_range(d, [&place](SourceRange& range) {
      range = place(range);
      return true;
    });
  }
  return true;
}

// The entry of the document's declaration `i`, whose lint asked the store for `reads`
// and reported diagnostics from `first` on; null when they cannot be kept.
std::unique_ptr<LintMemo::Entry> entry_of(const MemoRun& run, const sema::Program& program, std::size_t i,
                                          const std::vector<const sema::DeclEntry*>& reads, std::size_t first,
                                          const DiagnosticEngine& diags) {
  auto entry = std::make_unique<LintMemo::Entry>();
  static std::atomic<std::uint64_t> serials{0};
  entry->serial = ++serials;
  const ast::Declaration* self = &program.files().front()->ast.declarations[i];
  for (const auto* read : reads) {
    if (read->file != program.files().front().get() || read->decl == self) continue;
    if (std::find(entry->reads.begin(), entry->reads.end(), read->decl->name) == entry->reads.end()) {
      entry->reads.push_back(read->decl->name);
    }
  }
  auto depends = run.depends(i, entry->reads);
  if (!depends) return nullptr;
  entry->inputs = run.inputs(*depends);
  for (std::size_t k = first; k < diags.diagnostics().size(); ++k) {
    Diagnostic d = diags.diagnostics()[k];
    if (!MemoRun::each_range(d, [&](SourceRange& range) { return run.anchor(range, *depends, entry->anchors); })) {
      return nullptr;
    }
    std::vector<SourceRange>& ranges = entry->ranges.emplace_back();
    MemoRun::each_range(d, [&ranges](SourceRange& range) {
      ranges.push_back(range);
      return true;
    });
    entry->findings.push_back(std::move(d));
  }
  entry->depends = std::move(*depends);
  return entry;
}

// Everything the findings depend on that no entry's inputs hold.
std::string context_of(const sema::Program& program, const DocumentIndex& doc, const lint::LintOptions& options,
                       const std::string& setting) {
  std::string out;
  append_text(out, setting);
  append_text(out, program.files().front()->source->path());
  out += options.no_waivers ? 'N' : '-';
  append_text(out, options.today);
  for (const auto& rule : options.disabled) append_text(out, rule);
  out += ';';
  for (const auto& [rule, severity] : options.severities) {
    append_text(out, rule);
    out += static_cast<char>('0' + static_cast<int>(severity));
  }
  out += ';';
  for (std::size_t k = 1; k < program.files().size(); ++k) {
    append_text(out, program.files()[k]->source->path());
    append_text(out, program.files()[k]->source->text());
  }
  out += ';';
  for (const auto& import : program.files().front()->ast.imports) append_text(out, import.path);
  out += ';';
  for (std::size_t i = 0; i < doc.size(); ++i) {
    if (!has_facts(doc.decl(i))) append_text(out, doc.text(i));
  }
  return out;
}

}  // namespace

void LentFindings::reorder(const std::vector<std::uint32_t>& order) {
  std::vector<std::size_t> now_at(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) now_at[order[k]] = k;
  for (Slot& slot : slots) slot.at = now_at[slot.at];
}

void LintMemo::take_back(std::vector<Diagnostic>* returned, const LentFindings* returned_lent) {
  if (lent_ && returned && returned_lent && returned_lent->lint == lent_) {
    for (const LentFindings::Slot& slot : returned_lent->slots) {
      if (!slot.entry) continue;
      Diagnostic& kept = slot.entry->findings[slot.finding];
      kept = std::move((*returned)[slot.at]);
      auto range = slot.entry->ranges[slot.finding].begin();
      MemoRun::each_range(kept, [&range](SourceRange& r) {
        r = *range++;
        return true;
      });
    }
    for (auto& [name, entry] : entries_) entry->lent = false;
  }
  lent_ = 0;
  // Findings lent to an analysis that did not come back (it was replaced by one this memo
  // did not lint, or is still read elsewhere): their entries are linted again.
  for (auto it = entries_.begin(); it != entries_.end();) {
    it = it->second->lent ? entries_.erase(it) : std::next(it);
  }
}

void lint_with_cost(const sema::Program& program, const lint::PolicySet& policies, const lint::LintOptions& options,
                    const cost::PriceBook& book, DiagnosticEngine& diags, std::vector<const sema::DeclEntry*>* reads) {
  // One store for the run, as driver/analysis.cpp's: the cost facts read it (issue 12).
  facts::FactStore store(program);
  cost::CostFacts cost_facts(store, book);
  store.add_provider(cost_facts);
  store.record_reads(reads);
  lint::lint_program(program, policies, options, diags, &store);
}

void LintMemo::lint(const sema::Program& program, const lint::PolicySet& policies, const lint::LintOptions& options,
                    const cost::PriceBook& book, const std::string& setting, DiagnosticEngine& diags, LintStats& stats,
                    LentFindings& lent, std::vector<Diagnostic>* returned, const LentFindings* returned_lent) {
  take_back(returned, returned_lent);
  static std::atomic<std::uint64_t> lints{0};
  lent_ = lent.lint = ++lints;
  ++run_;
  DocumentIndex doc(*program.files().front(), declared_, names_, options.not_linted);
  std::string context = context_of(program, doc, options, setting);
  if (context != context_ || !doc.unique()) {
    entries_.clear();
    context_ = std::move(context);
  }
  MemoRun run(program, doc, options.not_linted);

  // The declarations lint_program lints, each alone: every other one is "not linted".
  // (Made when first needed: an edit that lints nothing built a set of every declaration.)
  std::optional<lint::LintOptions> alone_options;
  auto lint_only = [&](const std::vector<const ast::Declaration*>& decls, std::vector<const sema::DeclEntry*>* reads) {
    if (!alone_options) {
      alone_options = options;
      for (const auto& file : program.files()) {
        for (const auto& decl : file->ast.declarations) alone_options->not_linted.insert(&decl);
      }
    }
    lint::LintOptions& alone = *alone_options;
    for (const auto* decl : decls) alone.not_linted.erase(decl);
    lint_with_cost(program, policies, alone, book, diags, reads);
    for (const auto* decl : decls) alone.not_linted.insert(decl);
  };
  // Once a file's diagnostics are capped, what a lint reports is no longer all it found.
  auto capped = [&diags](std::size_t from) {
    for (std::size_t k = from; k < diags.diagnostics().size(); ++k) {
      if (diags.diagnostics()[k].id == "too-many-diagnostics") return true;
    }
    return false;
  };
  bool keep = doc.unique() && !capped(0);
  if (keep) {
    // Room for what the kept entries replay: growing the engine's vector moved every
    // diagnostic in it at each doubling.
    std::size_t replayed = 0;
    for (const auto& [name, e] : entries_) replayed += e->findings.size();
    diags.diagnostics().reserve(diags.diagnostics().size() + replayed);
  }

  for (std::size_t i = 0; i < doc.size(); ++i) {
    const ast::Declaration& decl = doc.decl(i);
    const sema::DeclEntry* entry = program.find(decl.name);
    if (!has_facts(decl) || options.not_linted.count(&decl) || !entry || entry->decl != &decl) continue;
    if (keep) {
      auto kept = entries_.find(decl.name);
      if (kept != entries_.end()) {
        Entry& e = *kept->second;
        bool same = e.verified + 1 == run_ && doc.same_names() &&
                    std::all_of(e.depends.begin(), e.depends.end(), [&doc](std::size_t d) { return doc.unchanged(d); });
        if (!same) {
          auto depends = run.depends(i, e.reads);
          same = depends && run.inputs(*depends) == e.inputs;
          if (same) e.depends = std::move(*depends);
        }
        if (same && replay(run, e, diags, lent)) {
          e.verified = run_;
          ++stats.replayed;
          continue;
        }
        entries_.erase(kept);
      }
    }
    std::size_t first = diags.diagnostics().size();
    std::vector<const sema::DeclEntry*> reads;
    lint_only({&decl}, &reads);
    stats.linted.push_back(decl.name);
    keep = keep && !capped(first);
    if (!keep) continue;
    if (auto kept = entry_of(run, program, i, reads, first, diags)) {
      kept->verified = run_;
      for (std::size_t k = 0; first + k < diags.diagnostics().size() && k < kFindingsPerSerial; ++k) {
        lent.slots.push_back({first + k, nullptr, k, kept->serial * kFindingsPerSerial + k});
      }
      entries_[decl.name] = std::move(kept);
    }
  }
  // The imported files' declarations, linted after the document's as lint_program does; never kept.
  std::vector<const ast::Declaration*> imported;
  for (std::size_t k = 1; k < program.files().size(); ++k) {
    for (const auto& decl : program.files()[k]->ast.declarations) {
      if (!options.not_linted.count(&decl)) imported.push_back(&decl);
    }
  }
  if (!imported.empty()) lint_only(imported, nullptr);
}

}  // namespace gpuspec::lsp
