#include "eval/template.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <optional>

#include "eval/checker.h"
#include "syntax/parser.h"

namespace gpuspec::eval {

namespace {
constexpr std::string_view kPrefix = "policy __ { value = ";

bool ident_start(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool ident_char(char c) { return ident_start(c) || (c >= '0' && c <= '9') || c == '-'; }

// True when `text` is exactly one IDENT token of the grammar (`gpu.model`, `nodes`):
// [A-Za-z_][A-Za-z0-9_-]* ('.' [A-Za-z0-9_][A-Za-z0-9_-]*)*, and not a keyword.
bool is_plain_name(std::string_view text) {
  static constexpr std::string_view kKeywords[] = {"import", "waive", "until", "true", "false",
                                                   "and",    "or",    "not",   "in",   "x"};
  if (text.empty() || !ident_start(text[0])) return false;
  for (std::size_t i = 1; i < text.size(); ++i) {
    if (text[i] == '.') {
      if (i + 1 == text.size() || text[i + 1] == '-' || !ident_char(text[i + 1])) return false;
    } else if (!ident_char(text[i])) {
      return false;
    }
  }
  for (auto keyword : kKeywords) {
    if (text == keyword) return false;
  }
  return true;
}

// The tree the parser builds for `policy __ { value = NAME\n}\n` (the parser test in
// template_test.cpp compares the two). Most message holes are one fact name; parsing
// each with the full parser cost a tenth of a one-file cold start.
std::shared_ptr<ast::File> name_tree(FileId file, std::string_view name) {
  auto at = [file](std::size_t begin, std::size_t end) {
    return SourceRange{file, static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(end)};
  };
  const std::size_t value_begin = kPrefix.size();
  const std::size_t value_end = value_begin + name.size();
  const std::size_t close = value_end + 1;  // the `}` after the newline
  auto expr = std::make_unique<ast::Expr>();
  expr->range = at(value_begin, value_end);
  expr->node = ast::Name{std::string(name)};
  ast::Property property;
  property.key = "value";
  property.key_range = at(12, 17);
  property.value = std::move(expr);
  property.range = at(12, value_end);
  ast::Declaration decl;
  decl.kind = "policy";
  decl.kind_range = at(0, 6);
  decl.name = "__";
  decl.name_range = at(7, 9);
  decl.body.items.emplace_back(std::move(property));
  decl.body.range = at(10, close + 1);
  decl.range = at(0, close + 1);
  auto out = std::make_shared<ast::File>();
  out->file = file;
  out->declarations.push_back(std::move(decl));
  return out;
}
}  // namespace

ParsedExpression parse_expression(SourceManager& sources, std::string_view text, DiagnosticEngine& diags,
                                  std::string_view path) {
  ParsedExpression out;
  std::string wrapped = std::string(kPrefix) + std::string(text) + "\n}\n";
  const SourceFile& file = sources.add(std::string(path), std::move(wrapped), true);
  out.file_id = file.id();
  out.offset = static_cast<std::uint32_t>(kPrefix.size());
  if (is_plain_name(text)) {
    out.file = name_tree(file.id(), text);
    out.expr = std::get<ast::Property>(out.file->declarations[0].body.items[0]).value.get();
    return out;
  }
  std::size_t errors = diags.error_count();
  out.file = std::make_shared<ast::File>(syntax::parse_file(file, diags));
  if (diags.error_count() != errors) return out;
  // Exactly one declaration with exactly one property `value`: anything else means the
  // text closed the wrapper early (`1 } policy y { ...`), which is not an expression.
  if (out.file->declarations.size() != 1 || out.file->declarations[0].body.items.size() != 1) {
    diags.error("syntax", {file.id(), out.offset, static_cast<std::uint32_t>(out.offset + text.size())},
                "expected one expression");
    return out;
  }
  const auto* p = std::get_if<ast::Property>(&out.file->declarations[0].body.items[0]);
  if (!p || p->key != "value" || !p->value) {
    diags.error("syntax", {file.id(), out.offset, static_cast<std::uint32_t>(out.offset + text.size())},
                "expected one expression");
    return out;
  }
  out.expr = p->value.get();
  return out;
}

namespace {

// Walks a template once: `literal(i, run)` for each run of literal text starting at
// offset i (`{{` and `}}` are a run of one brace), `hole(begin, close)` for each
// `{expr}` (the expression is text[begin, close)). Returns what split_template
// reports as its error, or "".
template <class Literal, class Hole>
std::string scan_template(std::string_view text, Literal&& literal, Hole&& hole) {
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t brace = i;
    while (brace < text.size() && text[brace] != '{' && text[brace] != '}') ++brace;
    if (brace > i) literal(i, text.substr(i, brace - i));
    i = brace;
    if (i == text.size()) break;
    const char c = text[i];
    if (i + 1 < text.size() && text[i + 1] == c) {
      literal(i, text.substr(i, 1));
      i += 2;
      continue;
    }
    if (c == '}') return fmt::format("unmatched '}}' at offset {}; write '}}}}' for a literal brace", i);
    auto close = text.find('}', i + 1);
    if (close == std::string_view::npos) {
      return fmt::format("unclosed '{{' at offset {}; write '{{{{' for a literal brace", i);
    }
    hole(i + 1, close);
    i = close + 1;
  }
  return {};
}

}  // namespace

TemplateParts split_template(std::string_view text) {
  TemplateParts out;
  std::string literal;
  std::uint32_t literal_begin = 0;
  auto flush = [&](std::uint32_t next) {
    if (!literal.empty()) out.parts.push_back({false, literal, literal_begin});
    literal.clear();
    literal_begin = next;
  };
  out.error = scan_template(
      text,
      [&](std::size_t i, std::string_view run) {
        if (literal.empty()) literal_begin = static_cast<std::uint32_t>(i);
        literal += run;
      },
      [&](std::size_t begin, std::size_t close) {
        flush(static_cast<std::uint32_t>(close + 1));
        out.parts.push_back({true, std::string(text.substr(begin, close - begin)), static_cast<std::uint32_t>(begin)});
      });
  if (!out.error.empty()) return out;
  flush(static_cast<std::uint32_t>(text.size()));
  return out;
}

CompiledTemplate compile_template(std::string_view text, std::vector<DiagnosticEngine>* parse_diags) {
  CompiledTemplate out;
  out.text = std::string(text);
  TemplateParts parts = split_template(text);
  if (!parts.error.empty()) {
    out.error = std::move(parts.error);
    return out;
  }
  out.parts = std::move(parts.parts);
  // One source manager for every hole, as the holes' ranges only matter while parsing.
  SourceManager sources;
  for (const auto& part : out.parts) {
    if (!part.is_expression) {
      out.literal_size += part.text.size();
      continue;
    }
    DiagnosticEngine diags;
    out.holes.push_back(parse_expression(sources, part.text, diags));
    const ast::Expr* expr = out.holes.back().expr;
    out.programs.push_back(expr ? std::make_shared<const CompiledExpr>(CompiledExpr::compile(*expr)) : nullptr);
    if (parse_diags) parse_diags->push_back(std::move(diags));
  }
  std::vector<facts::FactKey> keys;
  for (const auto& program : out.programs) {
    if (program) program->collect_reads(keys);
  }
  for (const auto& key : keys) {
    if (key.id != facts::kNoFactId && std::find(out.reads.begin(), out.reads.end(), key.id) == out.reads.end()) {
      out.reads.push_back(key.id);
    }
  }
  return out;
}

std::uint64_t LazyTemplate::next_serial() {
  static std::atomic<std::uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

LazyTemplate::LazyTemplate(CompiledTemplate ready) : text_(ready.text) {
  compiled_.emplace(std::move(ready));
  std::call_once(once_, [] {});
}

const CompiledTemplate& LazyTemplate::get() const {
  std::call_once(once_, [&] { compiled_.emplace(compile_template(text_)); });
  return *compiled_;
}

void LazyTemplate::collect_reads(std::vector<facts::FactId>& out) const {
  const std::string_view text = text_;
  std::vector<std::string_view> holes;
  const std::string error = scan_template(
      text, [](std::size_t, std::string_view) {},
      [&](std::size_t begin, std::size_t close) { holes.push_back(text.substr(begin, close - begin)); });
  if (!error.empty()) return;  // rendered as the raw text: no hole is compiled
  std::optional<SourceManager> sources;
  std::vector<facts::FactKey> keys;
  for (std::string_view hole : holes) {
    if (is_plain_name(hole)) {  // parse_expression's name_tree: one Name, one slot
      out.push_back(FactSchema::builtin().id(hole));
      continue;
    }
    DiagnosticEngine diags;
    ParsedExpression parsed = parse_expression(sources ? *sources : sources.emplace(), hole, diags);
    if (!parsed.expr) continue;
    keys.clear();
    CompiledExpr::compile(*parsed.expr).collect_reads(keys);
    for (const auto& key : keys) out.push_back(key.id);
  }
}

RenderedTemplate render_template(const CompiledTemplate& compiled, const facts::FactSet& facts,
                                 const FactSchema& schema) {
  RenderedTemplate out;
  if (!compiled.error.empty()) {
    out.complete = false;
    out.errors.push_back(compiled.error);
    out.text = compiled.text;
    return out;
  }
  out.text.reserve(compiled.literal_size + 16 * compiled.holes.size());
  std::size_t hole = 0;
  for (const auto& part : compiled.parts) {
    if (!part.is_expression) {
      out.text += part.text;
      continue;
    }
    const ParsedExpression& parsed = compiled.holes[hole++];
    if (!parsed.expr) {
      out.complete = false;
      out.errors.push_back(fmt::format("cannot parse '{{{}}}'", part.text));
      out.text += "?";
      continue;
    }
    const CompiledExpr* program = hole <= compiled.programs.size() ? compiled.programs[hole - 1].get() : nullptr;
    // Compiled for the built-in schema when the policy loaded; another schema compiles here.
    std::optional<CompiledExpr> for_schema;
    if (!program || &program->schema() != &schema) program = &for_schema.emplace(CompiledExpr::compile(*parsed.expr, schema));
    std::string error;
    CompiledExpr::Hole state = program->append_display(facts, out.text, &error);
    if (state != CompiledExpr::Hole::Known) out.complete = false;
    if (state == CompiledExpr::Hole::Error) out.errors.push_back(fmt::format("'{{{}}}': {}", part.text, error));
  }
  return out;
}

RenderedTemplate render_template(std::string_view text, const facts::FactSet& facts, const FactSchema& schema) {
  return render_template(compile_template(text), facts, schema);
}

CompiledTemplate check_and_compile_template(std::string_view text, SourceRange at, const FactSchema& schema,
                                            DiagnosticEngine& diags, bool* ok) {
  std::vector<DiagnosticEngine> parse_diags;
  CompiledTemplate compiled = compile_template(text, &parse_diags);
  if (ok) *ok = true;
  if (!compiled.error.empty()) {
    diags.error("template", at, compiled.error);
    if (ok) *ok = false;
    return compiled;
  }
  std::size_t hole = 0;
  for (const auto& part : compiled.parts) {
    if (!part.is_expression) continue;
    DiagnosticEngine& local = parse_diags[hole];
    const ParsedExpression& parsed = compiled.holes[hole++];
    if (parsed.expr) check_expression(*parsed.expr, schema, local);
    // Re-anchor what the hole reported at the string literal: the wrapper file is local.
    for (auto& d : local.diagnostics()) {
      Diagnostic& copy = diags.report(d.id, d.severity, at, fmt::format("in '{{{}}}': {}", part.text, d.message));
      copy.hint = d.hint;
      if (ok) *ok = false;
    }
  }
  return compiled;
}

bool check_template(std::string_view text, SourceRange at, const FactSchema& schema, DiagnosticEngine& diags) {
  bool ok = true;
  check_and_compile_template(text, at, schema, diags, &ok);
  return ok;
}

}  // namespace gpuspec::eval
