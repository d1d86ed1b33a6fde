#include "lsp/diagnostics.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>

#include "source/json_io.h"

namespace gpuspec::lsp {

namespace {

int lsp_severity(Severity severity) {
  switch (severity) {
    case Severity::Error: return lsp_enum::kSeverityError;
    case Severity::Warning: return lsp_enum::kSeverityWarning;
    case Severity::Info: return lsp_enum::kSeverityInformation;
    case Severity::Note: return lsp_enum::kSeverityHint;
  }
  return lsp_enum::kSeverityError;
}

bool in_document(const Analysis& analysis, const Diagnostic& d) {
  return !d.range.valid() || d.range.file == analysis.document().id();
}

// What the document shows: not waived, and in the document itself.
bool shown(const Analysis& analysis, const Diagnostic& d) { return !d.suppressed_by && in_document(analysis, d); }

SourceRange document_range(const Analysis& analysis, const Diagnostic& d) {
  return d.range.valid() ? d.range : SourceRange{analysis.document().id(), 0, 0};
}

Json to_lsp(const Analysis& analysis, const Diagnostic& d, Locator& locator) {
  // The message reads like check's text: notes without a place and the help line follow it.
  std::string message = d.message;
  Json related = Json::array();
  for (const auto& note : d.notes) {
    auto where = locator.location(note.range);
    if (where) {
      related.push_back({{"location", *where}, {"message", note.message}});
    } else {
      message += "\nnote: " + note.message;
    }
  }
  if (d.hint) message += "\nhelp: " + *d.hint;
  Json out{{"range", locator.range(document_range(analysis, d))},
           {"severity", lsp_severity(d.severity)},
           {"code", d.id},
           {"source", "gpuspec"},
           {"message", message}};
  if (!related.empty()) out["relatedInformation"] = std::move(related);
  return out;
}

// Appends `n` in decimal. (A pointer and a length: append(first, last) with two pointers
// builds a temporary string; with the line numbers' to_string, 0.4 M instructions per edit.)
void append_number(std::string& out, std::int64_t n) {
  char digits[24];
  out.append(digits, static_cast<std::size_t>(std::to_chars(digits, digits + sizeof digits, n).ptr - digits));
}

// A "line" of a diagnostic's JSON: relative to the diagnostic's first line when it is a
// line of the document (lines inserted above move them together), else as it is.
struct LineField {
  bool relative = false;
  std::int64_t value = 0;
  // Where it is: its file and byte offset, and its line there.
  FileId file = kNoFile;
  std::uint32_t offset = 0;
  std::uint32_t line = 0;
};

// Everything to_lsp reads, as one string: its texts with their lengths, the LSP
// characters and URIs of its ranges, and their lines as LineFields (collected in
// `lines` in the order dump_json writes them: each range's end, then its start), so
// the key of two diagnostics is the same only when their JSON differs at most in
// where the document's lines are (PublishedDiagnostics). Returns the first line.
std::uint32_t text_key(const Analysis& analysis, const Diagnostic& d, Locator& locator, std::string& key,
                       std::vector<LineField>& lines) {
  key.clear();
  lines.clear();
  // Numbers are written with to_chars: fmt::format here was a fifth of a publish.
  auto number = [&key](std::int64_t n) { append_number(key, n); };
  auto text = [&](std::string_view s) {
    number(static_cast<std::int64_t>(s.size()));
    key += ':';
    key += s;
  };
  const SourceRange primary = document_range(analysis, d);
  // The primary range's positions, found once: they give the base line and its key.
  const std::pair<Position, Position> primary_at = locator.positions(primary);
  const std::uint32_t base = primary_at.first.line;
  auto range = [&](SourceRange r, const std::pair<Position, Position>* known = nullptr) {
    auto [start, end] = known ? *known : locator.positions(r);
    bool relative = r.file == analysis.document().id();
    for (auto [p, offset] : {std::pair{end, r.end}, std::pair{start, r.begin}}) {
      lines.push_back({relative, relative ? std::int64_t{p.line} - base : std::int64_t{p.line}, r.file, offset, p.line});
      key += relative ? 'r' : 'a';
      number(lines.back().value);
      key += ',';
      number(p.character);
      key += ';';
    }
  };
  text(d.id);
  key += static_cast<char>('0' + static_cast<int>(d.severity));
  text(d.message);
  key += d.hint ? '+' : '-';
  if (d.hint) text(*d.hint);
  range(primary, &primary_at);
  for (const auto& note : d.notes) {
    text(note.message);
    auto uri = note.range.valid() ? locator.uri_of(note.range.file) : std::nullopt;
    key += uri ? '@' : '-';
    if (!uri) continue;
    text(*uri);
    range(note.range);
  }
  return base;
}

std::int64_t line_at(const LineField& field, std::uint32_t base) { return field.relative ? base + field.value : field.value; }

// `text` (a diagnostic's JSON) cut around the numbers of its "line" keys, which must be
// `lines` at `base`; nullopt when they are not (then it is not kept).
std::optional<std::vector<std::string>> cut_at_lines(const std::string& text, const std::vector<LineField>& lines,
                                                     std::uint32_t base) {
  // A key cannot occur inside a JSON string: its quotes would be escaped there.
  static const std::string kLine = "\"line\":";
  std::vector<std::string> pieces;
  std::size_t from = 0;
  for (const LineField& field : lines) {
    std::size_t at = text.find(kLine, from);
    if (at == std::string::npos) return std::nullopt;
    at += kLine.size();
    std::size_t end = at;
    while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
    if (text.compare(at, end - at, std::to_string(line_at(field, base))) != 0) return std::nullopt;
    pieces.push_back(text.substr(from, at - from));
    from = end;
  }
  if (text.find(kLine, from) != std::string::npos) return std::nullopt;
  pieces.push_back(text.substr(from));
  return pieces;
}

// Errors in a file the document imports show on the import that brings it in:
// otherwise the document would look clean while `check` fails.
void add_import_errors(const Analysis& analysis, Locator& locator, Json& out) {
  namespace fs = std::filesystem;
  std::map<FileId, std::vector<const Diagnostic*>> by_file;
  for (const auto& d : analysis.diagnostics()) {
    if (d.severity == Severity::Error && !in_document(analysis, d)) by_file[d.range.file].push_back(&d);
  }
  if (by_file.empty()) return;
  fs::path folder = fs::path(analysis.document().path()).parent_path();
  for (const auto& import : analysis.syntax().imports) {
    std::string target = (folder / import.path).lexically_normal().string();
    for (const auto& [file, errors] : by_file) {
      if (analysis.sources().file(file).path() != target) continue;
      const Diagnostic& first = *errors.front();
      Json related = Json::array();
      for (const auto* d : errors) {
        if (auto where = locator.location(d->range)) related.push_back({{"location", *where}, {"message", d->message}});
      }
      out.push_back({{"range", locator.range(import.path_range)},
                     {"severity", lsp_enum::kSeverityError},
                     {"code", first.id},
                     {"source", "gpuspec"},
                     {"message", fmt::format("'{}' has {} error{}; the first: {}", import.path, errors.size(),
                                             errors.size() == 1 ? "" : "s", first.message)},
                     {"relatedInformation", std::move(related)}});
    }
  }
}

std::string fixit_title(const Analysis& analysis, const std::vector<FixIt>& fixits) {
  if (fixits.size() != 1) return "apply the suggested fixes";
  const FixIt& fix = fixits.front();
  std::string_view old_text = analysis.document().slice(fix.range);
  if (fix.replacement.empty()) return fmt::format("remove '{}'", old_text);
  if (old_text.empty()) return fmt::format("insert '{}'", fix.replacement);
  return fmt::format("replace '{}' with '{}'", old_text, fix.replacement);
}

const ast::Declaration* declaration_named(const ast::File& file, std::string_view name) {
  for (const auto& decl : file.declarations) {
    if (decl.name == name) return &decl;
  }
  return nullptr;
}

// Where a new waiver goes: its own line at the top of the declaration's body,
// indented like the body's first item (or two spaces in from the declaration).
std::pair<std::uint32_t, std::string> waiver_insertion(const SourceFile& file, const ast::Declaration& decl,
                                                       const std::string& rule) {
  std::string_view text = file.text();
  std::uint32_t brace = decl.body.range.begin;
  std::size_t newline = text.find('\n', brace);
  std::string waiver = fmt::format("waive {} \"\"", rule);
  if (newline == std::string_view::npos || newline >= decl.body.range.end) {
    return {brace + 1, " " + waiver + ";"};  // a one-line body
  }
  auto line_start = static_cast<std::uint32_t>(newline + 1);
  std::size_t indent_end = text.find_first_not_of(" \t", line_start);
  std::string indent(text.substr(line_start, (indent_end == std::string_view::npos ? text.size() : indent_end) - line_start));
  if (indent_end == std::string_view::npos || text[indent_end] == '}' || text[indent_end] == '\n') {
    std::size_t decl_line = text.rfind('\n', decl.range.begin);
    decl_line = decl_line == std::string_view::npos ? 0 : decl_line + 1;
    indent = std::string(text.substr(decl_line, decl.range.begin - decl_line)) + "  ";
  }
  return {line_start, indent + waiver + "\n"};
}

Json text_edit(Locator& locator, SourceRange range, const std::string& text) {
  return {{"range", locator.range(range)}, {"newText", text}};
}

}  // namespace

Json document_diagnostics(const Analysis& analysis, Locator& locator) {
  Json out = Json::array();
  for (const auto& d : analysis.diagnostics()) {
    if (shown(analysis, d)) out.push_back(to_lsp(analysis, d, locator));
  }
  add_import_errors(analysis, locator, out);
  return out;
}

// The document's text then and now as one changed span between a common beginning and a
// common end. A position depends only on the text before it (its line: the newlines
// before it; its character: the text from its line's start), so a position in the common
// beginning is where it was, and one in the common end whose line starts there too is on
// the same character, its line moved by as many lines as the document gained.
struct PublishedDiagnostics::EditMap {
  bool known = false;                 // false: nothing is known to be where it was
  std::uint32_t prefix = 0;           // bytes alike at the beginning
  std::uint32_t old_suffix_from = 0;  // where the common end begins, then and now
  std::uint32_t new_suffix_from = 0;
  std::uint32_t suffix_line = 0;      // the line (then) of old_suffix_from
  std::int64_t lines = 0;             // lines the document gained

  EditMap(const Unchanged* unchanged, std::uint32_t old_size, std::uint32_t old_newlines, std::uint32_t new_size,
          Locator& locator, FileId document) {
    if (!unchanged) return;
    known = true;
    prefix = std::min({unchanged->prefix, old_size, new_size});
    const std::uint32_t suffix = std::min(unchanged->suffix, std::min(old_size, new_size) - prefix);
    old_suffix_from = old_size - suffix;
    new_suffix_from = new_size - suffix;
    // The newlines after the common end's start are the same then and now.
    const std::uint32_t new_newlines = locator.positions({document, new_size, new_size}).first.line;
    lines = std::int64_t{new_newlines} - old_newlines;
    suffix_line = static_cast<std::uint32_t>(locator.positions({document, new_suffix_from, new_suffix_from}).first.line - lines);
  }

  // The line now of the position that was at `offset` on `line`, if it is at `now`
  // and its place moved with the edit as a whole; nullopt otherwise.
  std::optional<std::uint32_t> line_of(std::uint32_t offset, std::uint32_t line, std::uint32_t now) const {
    if (!known) return std::nullopt;
    if (offset <= prefix && now == offset) return line;
    if (offset >= old_suffix_from && now >= new_suffix_from && now - new_suffix_from == offset - old_suffix_from &&
        line > suffix_line) {
      return static_cast<std::uint32_t>(line + lines);
    }
    return std::nullopt;
  }
};

bool PublishedDiagnostics::reuse(const Analysis& analysis, const Diagnostic& d, std::uint64_t kept, Locator& locator,
                                 const EditMap& edit, std::string& out, std::size_t start) {
  if (!edit.known) return false;
  // The elements stay in order: the next one is nearly always this one.
  std::size_t e = cursor_;
  const std::size_t look_to = std::min(elements_.size(), cursor_ + 16);
  while (e < look_to && elements_[e].kept != kept) ++e;
  if (e == look_to) return false;
  const Element& element = elements_[e];
  // Each position of the element, as the finding's ranges give them now (the document's
  // lines moved with the edit; another file's the same), in the order they are written.
  const FileId document = analysis.document().id();
  const std::size_t first_point = next_points_.size();
  next_points_.resize(first_point + (element.points_end - element.points));
  const Point* was = points_.data() + element.points;
  const Point* const was_end = points_.data() + element.points_end;
  Point* now = next_points_.data() + first_point;
  // The range's two positions (end, then start) where the element has them.
  auto same = [&](const SourceRange& r) {
    if (was_end - was < 2) return false;
    for (std::uint32_t offset : {r.end, r.begin}) {
      *now = *was++;
      if (r.file == document) {
        auto line = now->file == kNoFile ? edit.line_of(now->offset, now->line, offset) : std::nullopt;
        if (!line) return false;
        now->line = *line;
        now->offset = offset;
      } else if (now->file != r.file || now->offset != offset) {
        return false;
      }
      ++now;
    }
    return true;
  };
  bool all = same(document_range(analysis, d));
  for (auto note = d.notes.begin(); all && note != d.notes.end(); ++note) {
    if (note->range.valid() && locator.has_uri(note->range.file)) all = same(note->range);
  }
  if (!all || was != was_end) {
    next_points_.resize(first_point);
    return false;
  }
  // Copied from the last text, the document's lines written again where they moved.
  const auto from = static_cast<std::uint32_t>(out.size() - start);
  std::uint32_t copied = element.from;  // the last text is copied up to here
  for (std::size_t k = first_point, q = element.points; k < next_points_.size(); ++k, ++q) {
    Point& point = next_points_[k];
    const Point& was = points_[q];
    if (point.file != kNoFile || point.line == was.line) {
      point.at = static_cast<std::uint32_t>(out.size() - start) + (was.at - copied);
      continue;
    }
    out.append(last_message_, last_start_ + copied, was.at - copied);
    point.at = static_cast<std::uint32_t>(out.size() - start);
    append_number(out, point.line);
    point.digits = static_cast<std::uint32_t>(out.size() - start) - point.at;
    copied = was.at + was.digits;
  }
  out.append(last_message_, last_start_ + copied, element.to - copied);
  next_elements_.push_back({kept, from, static_cast<std::uint32_t>(out.size() - start),
                            static_cast<std::uint32_t>(first_point), static_cast<std::uint32_t>(next_points_.size())});
  cursor_ = e + 1;
  ++counts_.reused;
  return true;
}

void PublishedDiagnostics::keep(std::string message) {
  if (!appended_) return;
  appended_ = false;
  spare_ = std::move(last_message_);
  last_message_ = std::move(message);
}

void PublishedDiagnostics::append_json_text(const Analysis& analysis, Locator& locator, std::string& out,
                                            const Unchanged* unchanged) {
  // The elements point into the last message: without it, none is copied.
  if (appended_) elements_.clear();
  const std::size_t start = out.size();
  out.reserve(start + last_size_ + last_size_ / 8 + 64);  // appended in one pass, without regrowing
  out += '[';
  auto separate = [&out, start] {
    if (out.size() > start + 1) out += ',';
  };
  const std::vector<Diagnostic>& diagnostics = analysis.diagnostics();
  kept_.assign(diagnostics.size(), 0);
  for (const auto& slot : analysis.lent().slots) kept_[slot.at] = slot.kept;
  const FileId document = analysis.document().id();
  const auto document_size = static_cast<std::uint32_t>(analysis.document().text().size());
  const EditMap edit(unchanged, last_size_of_document_, last_newlines_, document_size, locator, document);
  next_elements_.clear();
  next_points_.clear();
  cursor_ = 0;
  counts_ = {};
  std::string key;
  std::vector<LineField> lines;
  for (std::size_t i = 0; i < diagnostics.size(); ++i) {
    const Diagnostic& d = diagnostics[i];
    if (!shown(analysis, d)) continue;
    separate();
    if (kept_[i] && reuse(analysis, d, kept_[i], locator, edit, out, start)) continue;
    ++counts_.made;
    const std::uint32_t base = text_key(analysis, d, locator, key, lines);
    auto it = current_.find(key);
    if (it == current_.end()) {
      auto kept = previous_.find(key);
      if (kept != previous_.end()) {
        it = current_.emplace(key, std::move(kept->second)).first;
      } else {
        std::string text = dump_json(to_lsp(analysis, d, locator), -1);
        auto pieces = cut_at_lines(text, lines, base);
        if (!pieces) {
          out += text;
          continue;
        }
        it = current_.emplace(key, std::move(*pieces)).first;
      }
    }
    const std::vector<std::string>& pieces = it->second;
    const auto from = static_cast<std::uint32_t>(out.size() - start);
    const std::size_t first_point = next_points_.size();
    out += pieces.front();
    for (std::size_t k = 0; k < lines.size(); ++k) {
      const auto at = static_cast<std::uint32_t>(out.size() - start);
      append_number(out, line_at(lines[k], base));
      if (kept_[i]) {
        const LineField& field = lines[k];
        next_points_.push_back({field.file == document ? kNoFile : field.file, field.offset, field.line, at,
                                static_cast<std::uint32_t>(out.size() - start) - at});
      }
      out += pieces[k + 1];
    }
    if (kept_[i]) {
      next_elements_.push_back({kept_[i], from, static_cast<std::uint32_t>(out.size() - start),
                                static_cast<std::uint32_t>(first_point), static_cast<std::uint32_t>(next_points_.size())});
    }
  }
  Json imports = Json::array();
  add_import_errors(analysis, locator, imports);
  for (const auto& element : imports) {
    separate();
    out += dump_json(element, -1);
  }
  previous_ = std::move(current_);
  current_.clear();
  out += ']';
  last_size_ = out.size() - start;
  last_start_ = start;
  appended_ = true;
  last_size_of_document_ = document_size;
  last_newlines_ = locator.positions({document, document_size, document_size}).first.line;
  elements_.swap(next_elements_);
  points_.swap(next_points_);
}

Json code_actions(const Analysis& analysis, Locator& locator, const std::string& uri, std::uint32_t begin,
                  std::uint32_t end) {
  Json actions = Json::array();
  FileId document = analysis.document().id();
  for (const auto& d : analysis.diagnostics()) {
    if (d.suppressed_by || !d.range.valid() || d.range.file != document) continue;
    if (d.range.begin > end || begin > d.range.end) continue;
    Json diagnostic = to_lsp(analysis, d, locator);
    std::vector<FixIt> fixits;
    for (const auto& fix : d.fixits) {
      if (fix.range.file == document) fixits.push_back(fix);
    }
    if (!fixits.empty()) {
      Json edits = Json::array();
      for (const auto& fix : fixits) edits.push_back(text_edit(locator, fix.range, fix.replacement));
      actions.push_back({{"title", fixit_title(analysis, fixits)},
                         {"kind", "quickfix"},
                         {"diagnostics", Json::array({diagnostic})},
                         {"isPreferred", true},
                         {"edit", {{"changes", {{uri, edits}}}}}});
    }
    if (!analysis.rule(d.id)) continue;
    const ast::Declaration* decl = declaration_named(analysis.syntax(), d.declaration);
    if (!decl) continue;
    auto [offset, text] = waiver_insertion(analysis.document(), *decl, d.id);
    actions.push_back({{"title", fmt::format("waive {} with a reason…", d.id)},
                       {"kind", "quickfix"},
                       {"diagnostics", Json::array({diagnostic})},
                       {"edit", {{"changes", {{uri, Json::array({text_edit(locator, {document, offset, offset}, text)})}}}}}});
  }
  return actions;
}

}  // namespace gpuspec::lsp
