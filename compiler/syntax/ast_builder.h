// Internal to the parse wrapper: turns an ANTLR parse tree into our AST.
#pragma once

#include "GpuSpecParser.h"
#include "ast/ast.h"
#include "diag/diagnostic.h"
#include "syntax/literals.h"
#include "syntax/source_offsets.h"

namespace gpuspec::syntax {

class AstBuilder {
 public:
  AstBuilder(const SourceFile& source, const CodePointOffsets& offsets, DiagnosticEngine& diags)
      : source_(source), offsets_(offsets), diags_(diags) {}

  ast::File build(gpuspec_antlr::GpuSpecParser::FileContext* file);
  // The same, one top-level item at a time (the parser frees each item's tree after).
  void add_import(ast::File& out, gpuspec_antlr::GpuSpecParser::ImportDeclContext* import);
  void add_declaration(ast::File& out, gpuspec_antlr::GpuSpecParser::DeclarationContext* declaration);

 private:
  SourceRange range_of(antlr4::ParserRuleContext* ctx) const;
  SourceRange range_of(antlr4::Token* token) const;

  ast::Declaration build_declaration(gpuspec_antlr::GpuSpecParser::DeclarationContext* ctx);
  ast::Body build_body(gpuspec_antlr::GpuSpecParser::BodyContext* ctx);
  ast::Waiver build_waiver(gpuspec_antlr::GpuSpecParser::WaiverContext* ctx);
  ast::ExprPtr build_expr(gpuspec_antlr::GpuSpecParser::ExprContext* ctx);
  ast::ExprPtr build_atom(gpuspec_antlr::GpuSpecParser::AtomContext* ctx);
  ast::ExprPtr build_number_with_suffix(antlr4::Token* token);
  void report_count_before_name(gpuspec_antlr::GpuSpecParser::AttachedMultiplicityAtomContext* m, const std::string& text,
                                const NumberWithSuffix& parts);
  std::optional<double> number_value(std::string_view text, SourceRange range);
  std::string string_value(antlr4::Token* token);

  const SourceFile& source_;
  const CodePointOffsets& offsets_;
  DiagnosticEngine& diags_;
};

}  // namespace gpuspec::syntax
