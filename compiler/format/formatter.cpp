#include "format/formatter.h"

#include "format/expr_printer.h"
#include "format/output_lines.h"
#include "format/source_text.h"
#include "syntax/ast_dump.h"
#include "syntax/parser.h"

namespace gpuspec::format {

namespace {

// Prints declarations, bodies and items as lines, and places every comment: a
// comment on the line where an element ends trails that element; any other comment
// gets a line of its own before the next element. Comments inside a header
// (`workload /* x */ w {`, `key /* x */ = 1`) move to the line above it.
class Layout {
 public:
  Layout(const ast::File& file, const SourceFile& source)
      : file_(file), text_(source), comments_(file.comments), printer_(text_, comments_) {}

  std::string run() {
    for (const auto& import : file_.imports) {
      element_start(import.range.end, 0);
      blank_line_if_source_has_one(text_.line_of(import.range.begin));
      lines_.push_back({"import " + text_.slice(import.path_range)});
      element_end(import.range, next_top_level_begin(&import, nullptr));
    }
    for (const auto& decl : file_.declarations) {
      element_start(decl.body.range.begin, 0);
      blank_line_if_source_has_one(text_.line_of(decl.range.begin));
      std::string head = decl.kind + " " + decl.name + " ";
      emit_body(head, decl.body, 0);
      element_end(decl.range, next_top_level_begin(nullptr, &decl));
    }
    own_line_comments(UINT32_MAX, 0);
    return render_lines(std::move(lines_));
  }

 private:
  std::uint32_t next_top_level_begin(const ast::Import* import, const ast::Declaration* decl) const {
    if (import && import != &file_.imports.back()) return (import + 1)->range.begin;
    if (import && !file_.declarations.empty()) return file_.declarations.front().range.begin;
    if (decl && decl != &file_.declarations.back()) return (decl + 1)->range.begin;
    return UINT32_MAX;
  }

  // Own-line comments before an element whose header ends at `header_end`.
  void element_start(std::uint32_t header_end, int depth) { own_line_comments(header_end, depth); }

  // The element printed last ended at `range`; comments on its last line trail it.
  void element_end(SourceRange range, std::uint32_t next_begin) {
    last_line_ = text_.last_line_of(range);
    at_body_start_ = false;
    trailing_comments(next_begin);
  }

  void trailing_comments(std::uint32_t next_begin) {
    while (const ast::Comment* c = comments_.next_before(next_begin)) {
      if (text_.line_of(c->range.begin) != last_line_) break;
      std::string& comment = lines_.back().comment;
      comment += (comment.empty() ? "" : " ") + text_.slice(comments_.take().range);
      last_line_ = text_.last_line_of(c->range);
    }
  }

  void own_line_comments(std::uint32_t before, int depth) {
    while (const ast::Comment* c = comments_.next_before(before)) {
      blank_line_if_source_has_one(text_.line_of(c->range.begin));
      lines_.push_back({indentation(depth) + text_.slice(comments_.take().range)});
      last_line_ = text_.last_line_of(c->range);
      at_body_start_ = false;
      group_ = -1;
    }
  }

  void blank_line_if_source_has_one(std::uint32_t line) {
    if (!at_body_start_ && line > last_line_ + 1) {
      lines_.push_back({});
      group_ = -1;
    }
  }

  // Pushes `text` (which may span lines) as lines; the first line starts with `head`.
  // Returns the index of the first line pushed.
  std::size_t push_text(const std::string& head, const std::string& text) {
    std::size_t first = lines_.size();
    std::size_t start = 0;
    std::string prefix = head;
    while (true) {
      std::size_t nl = text.find('\n', start);
      lines_.push_back({prefix + text.substr(start, nl == std::string::npos ? std::string::npos : nl - start)});
      prefix.clear();
      if (nl == std::string::npos) break;
      start = nl + 1;
    }
    return first;
  }

  // Whether a body is printed on one line: it is written on one line, holds no
  // comment, and (so) nothing in it spans lines.
  bool is_inline(const ast::Body& body) const {
    return text_.on_one_line(body.range) && !comments_.any_inside(body.range);
  }

  std::string inline_body(const ast::Body& body) {
    if (body.items.empty()) return "{}";
    std::string out = "{ ";
    for (std::size_t i = 0; i < body.items.size(); ++i) {
      if (i) out += "; ";
      std::visit(
          [&](const auto& item) {
            using T = std::decay_t<decltype(item)>;
            if constexpr (std::is_same_v<T, ast::Property>) {
              out += item.key + " = " + printer_.print(*item.value, 0);
            } else if constexpr (std::is_same_v<T, std::unique_ptr<ast::Block>>) {
              out += item->key + " " + inline_body(item->body);
            } else {
              out += waiver_text(*item);
            }
          },
          body.items[i]);
    }
    return out + " }";
  }

  std::string waiver_text(const ast::Waiver& waiver) {
    std::string out = "waive " + waiver.rule;
    if (waiver.reason) out += " " + text_.slice(waiver.reason_range);
    if (waiver.until) out += " until = " + text_.slice(waiver.until_range);
    return out;
  }

  // `head` is "kind name " or "key "; the body's lines follow at depth + 1.
  void emit_body(const std::string& head, const ast::Body& body, int depth) {
    if (is_inline(body)) {
      lines_.push_back({indentation(depth) + head + inline_body(body)});
      return;
    }
    lines_.push_back({indentation(depth) + head + "{"});
    last_line_ = text_.line_of(body.range.begin);
    std::uint32_t first_begin = body.items.empty() ? body.range.end - 1 : item_range(body.items.front()).begin;
    trailing_comments(first_begin);
    at_body_start_ = true;
    group_ = -1;
    for (std::size_t i = 0; i < body.items.size(); ++i) {
      std::uint32_t next_begin = i + 1 < body.items.size() ? item_range(body.items[i + 1]).begin : body.range.end - 1;
      emit_item(body.items[i], depth + 1, next_begin);
    }
    own_line_comments(body.range.end - 1, depth + 1);
    lines_.push_back({indentation(depth) + "}"});
    group_ = -1;
  }

  static SourceRange item_range(const ast::Item& item) {
    return std::visit(
        [](const auto& i) -> SourceRange {
          if constexpr (std::is_same_v<std::decay_t<decltype(i)>, ast::Property>) {
            return i.range;
          } else {
            return i->range;
          }
        },
        item);
  }

  void emit_item(const ast::Item& item, int depth, std::uint32_t next_begin) {
    SourceRange range = item_range(item);
    if (const auto* property = std::get_if<ast::Property>(&item)) {
      element_start(property->value->range.begin, depth);
      blank_line_if_source_has_one(text_.line_of(range.begin));
      std::string head = indentation(depth) + property->key;
      std::string value = printer_.print(*property->value, depth);
      std::size_t first = push_text(head + " = ", value);
      if (group_ < 0) group_ = next_group_++;
      lines_[first].align_group = group_;
      lines_[first].key_end = head.size();
      if (first + 1 != lines_.size()) group_ = -1;  // a value over several lines ends the run
    } else if (const auto* block = std::get_if<std::unique_ptr<ast::Block>>(&item)) {
      element_start((*block)->body.range.begin, depth);
      blank_line_if_source_has_one(text_.line_of(range.begin));
      group_ = -1;
      emit_body((*block)->key + " ", (*block)->body, depth);
    } else {
      const auto& waiver = *std::get<std::unique_ptr<ast::Waiver>>(item);
      element_start(waiver.range.end, depth);
      blank_line_if_source_has_one(text_.line_of(range.begin));
      group_ = -1;
      push_text(indentation(depth), waiver_text(waiver));
    }
    element_end(range, next_begin);
  }

  const ast::File& file_;
  SourceText text_;
  CommentCursor comments_;
  ExprPrinter printer_;
  std::vector<OutputLine> lines_;
  std::uint32_t last_line_ = 0;  // the source line the last printed element ended on
  bool at_body_start_ = true;    // no blank line right after `{` (or at the top of the file)
  int group_ = -1;               // the `=` alignment run being built, or none
  int next_group_ = 0;
};

}  // namespace

std::string format_ast(const ast::File& file, const SourceFile& source) { return Layout(file, source).run(); }

namespace {

// The tree and the comments' text, without positions: what formatting must keep.
// The layout writes "\n" where a block comment had "\r\n"; that is not a change.
std::string meaning(ast::File& file) {
  for (auto& comment : file.comments) {
    std::string& text = comment.text;
    for (auto at = text.find("\r\n"); at != std::string::npos; at = text.find("\r\n", at)) text.erase(at, 1);
  }
  static const SourceManager kUnused;  // a dump without positions reads no source
  return syntax::dump_ast(file, kUnused, {.positions = false});
}

}  // namespace

std::optional<std::string> format_source(const SourceFile& source, DiagnosticEngine& diags) {
  std::size_t errors_before = diags.error_count();
  ast::File file = syntax::parse_file(source, diags);
  if (diags.error_count() > errors_before) return std::nullopt;
  std::string formatted = format_ast(file, source);

  SourceManager check_sources;
  DiagnosticEngine check_diags;
  ast::File reparsed = syntax::parse_file(check_sources.add(source.path(), formatted), check_diags);
  if (check_diags.has_errors() || meaning(reparsed) != meaning(file)) {
    diags.error("internal-error", {source.id(), 0, 0},
                "gpuspec fmt would change what this file means, so it is left as it is; please report this "
                "as a bug with the file attached");
    return std::nullopt;
  }
  return formatted;
}

}  // namespace gpuspec::format
