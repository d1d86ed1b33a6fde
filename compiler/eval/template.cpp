#include "eval/template.h"

#include <fmt/format.h>

#include "eval/checker.h"
#include "eval/evaluator.h"
#include "syntax/parser.h"

namespace gpuspec::eval {

namespace {
constexpr std::string_view kPrefix = "policy __ { value = ";
}

ParsedExpression parse_expression(SourceManager& sources, std::string_view text, DiagnosticEngine& diags,
                                  std::string_view path) {
  ParsedExpression out;
  std::string wrapped = std::string(kPrefix) + std::string(text) + "\n}\n";
  const SourceFile& file = sources.add(std::string(path), std::move(wrapped), true);
  out.file_id = file.id();
  out.offset = static_cast<std::uint32_t>(kPrefix.size());
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

TemplateParts split_template(std::string_view text) {
  TemplateParts out;
  std::string literal;
  std::uint32_t literal_begin = 0;
  auto flush = [&](std::uint32_t next) {
    if (!literal.empty()) out.parts.push_back({false, literal, literal_begin});
    literal.clear();
    literal_begin = next;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '{' && i + 1 < text.size() && text[i + 1] == '{') {
      literal += '{';
      ++i;
      continue;
    }
    if (c == '}' && i + 1 < text.size() && text[i + 1] == '}') {
      literal += '}';
      ++i;
      continue;
    }
    if (c == '}') {
      out.error = fmt::format("unmatched '}}' at offset {}; write '}}}}' for a literal brace", i);
      return out;
    }
    if (c == '{') {
      auto close = text.find('}', i + 1);
      if (close == std::string_view::npos) {
        out.error = fmt::format("unclosed '{{' at offset {}; write '{{{{' for a literal brace", i);
        return out;
      }
      flush(static_cast<std::uint32_t>(close + 1));
      out.parts.push_back({true, std::string(text.substr(i + 1, close - i - 1)), static_cast<std::uint32_t>(i + 1)});
      i = close;
      continue;
    }
    if (literal.empty()) literal_begin = static_cast<std::uint32_t>(i);
    literal += c;
  }
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
    if (!part.is_expression) continue;
    DiagnosticEngine diags;
    out.holes.push_back(parse_expression(sources, part.text, diags));
    if (parse_diags) parse_diags->push_back(std::move(diags));
  }
  return out;
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
    Outcome value = evaluate(*parsed.expr, facts, schema);
    if (value.is_known()) {
      out.text += value.value.display();
    } else if (value.is_unknown()) {
      out.complete = false;
      out.text += "unknown";
    } else {
      out.complete = false;
      out.errors.push_back(fmt::format("'{{{}}}': {}", part.text, value.error));
      out.text += "?";
    }
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
