// Expressions from text, and `{expr}` interpolation in policy messages and hints.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.h"
#include "diag/diagnostic.h"
#include "eval/compiled.h"
#include "eval/fact_schema.h"
#include "facts/fact.h"
#include "source/source.h"

namespace gpuspec::eval {

// One expression parsed with the real parser: the text is wrapped as
// `policy __ { value = <text> }` in a file added to `sources` (not `x = `: `x` is the
// multiplicity keyword). Ranges point into that file;
// `offset` is where the expression text starts in it (subtract it to get offsets into
// `text`). `expr` is null when the text does not parse (diagnostics are in `diags`).
struct ParsedExpression {
  std::shared_ptr<ast::File> file;  // owns the tree
  const ast::Expr* expr = nullptr;
  FileId file_id = kNoFile;
  std::uint32_t offset = 0;
};
ParsedExpression parse_expression(SourceManager& sources, std::string_view text, DiagnosticEngine& diags,
                                  std::string_view path = "<expression>");

// A message or hint split into literal text and `{expr}` holes. `{{` and `}}` are
// literal braces.
struct TemplatePart {
  bool is_expression = false;
  std::string text;         // literal text, or the expression source
  std::uint32_t begin = 0;  // offset of the text (after `{`) in the template
};
// nullopt-like: `error` is set for an unclosed `{` or a stray `}`.
struct TemplateParts {
  std::vector<TemplatePart> parts;
  std::string error;
};
TemplateParts split_template(std::string_view text);

struct RenderedTemplate {
  std::string text;
  bool complete = true;  // false when a hole was Unknown or failed (printed as "unknown" / "?")
  std::vector<std::string> errors;
};
// A message or hint with its holes parsed once, when its policy loads: rendering a
// finding then only evaluates (a parse per hole per finding was most of a finding's cost).
struct CompiledTemplate {
  std::string text;                      // the template as written
  std::string error;                     // from split_template: rendered as the raw text
  std::vector<TemplatePart> parts;
  std::size_t literal_size = 0;          // of the literal parts: a rendering reserves it and a bit per hole
  std::vector<ParsedExpression> holes;   // one per expression part, in order; expr null: did not parse
  // Each hole compiled against the built-in schema (null when it did not parse), so a
  // finding's message is literal appends and slot reads (compiled.h).
  std::vector<std::shared_ptr<const CompiledExpr>> programs;
  // Every fact the programs may read, each once (a symbol literal's name left out: it
  // finds nothing): the text rendered over the built-in schema depends on the values of
  // these alone (template_memo.h).
  std::vector<facts::FactId> reads;
};
// Parses every hole; what a hole's parse reported goes to `parse_diags` when given.
CompiledTemplate compile_template(std::string_view text, std::vector<DiagnosticEngine>* parse_diags = nullptr);

// A policy's message or hint, compiled on first use, once, whichever thread asks first:
// a built-in rule that never fires never parses its holes (issue 28: compiling the
// pack's ~200 templates at load was a sixth of a one-file cold start). A user policy's
// template is compiled, and checked, when it loads (`ready`).
class LazyTemplate {
 public:
  explicit LazyTemplate(std::string text) : text_(std::move(text)) {}
  explicit LazyTemplate(CompiledTemplate ready);
  const std::string& text() const { return text_; }
  const CompiledTemplate& get() const;
  // Unique among every template this process makes, never reused: what a memo keys a
  // template by (template_memo.h), where an address could name a later one.
  std::uint64_t serial() const { return serial_; }
  // The fact ids the holes' programs read (the ids of CompiledExpr::collect_reads), in
  // hole order, without compiling the template: a hole that is one fact name reads that
  // name (its program is the name's slot); only another hole is parsed and compiled here.
  void collect_reads(std::vector<facts::FactId>& out) const;

 private:
  static std::uint64_t next_serial();
  std::string text_;
  std::uint64_t serial_ = next_serial();
  mutable std::once_flag once_;
  mutable std::optional<CompiledTemplate> compiled_;
};

// Evaluates every `{expr}` over `facts` and prints it with units::format
// ("system memory 256 GB is below 640 GB").
RenderedTemplate render_template(const CompiledTemplate& compiled, const facts::FactSet& facts,
                                 const FactSchema& schema = FactSchema::builtin());
// Compiles and renders in one go (tests, one-off texts).
RenderedTemplate render_template(std::string_view text, const facts::FactSet& facts,
                                 const FactSchema& schema = FactSchema::builtin());

// Type-checks every hole of a message/hint when the policy loads. Diagnostics point at
// `at` (the string literal), since a hole's position inside an escaped string is not
// exact; the message quotes the hole. Returns whether nothing was reported.
bool check_template(std::string_view text, SourceRange at, const FactSchema& schema, DiagnosticEngine& diags);
// The same check, keeping the compiled template for rendering (`ok` as check_template returns).
CompiledTemplate check_and_compile_template(std::string_view text, SourceRange at, const FactSchema& schema,
                                            DiagnosticEngine& diags, bool* ok = nullptr);

}  // namespace gpuspec::eval
