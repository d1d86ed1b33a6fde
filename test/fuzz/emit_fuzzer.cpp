// libFuzzer target: one input is one .gpuspec file; when it checks clean, every
// backend runs on it in memory: Terraform modules for each cloud declaration in both
// syntaxes (as `terraform --force`: lint findings do not stop it), the BOM of each
// server and the quote of the file in every format (text, Markdown, CSV, JSON, HTML). Besides crashes, sanitizer reports
// (float-cast-overflow included) and uncaught exceptions, it traps when an output
// carries a raw control character (only its own line breaks, CRLF in CSV) or when a
// JSON output does not parse.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "backends/cost/bom.h"
#include "backends/cost/price_files.h"
#include "backends/cost/quote.h"
#include "backends/cost/report.h"
#include "backends/cost/report_html.h"
#include "backends/terraform/terraform.h"
#include "backends/cost_rules/html_context.h"
#include "facts/resolve.h"
#include "fuzz_checks.h"
#include "fuzz_fixture.h"

namespace {

using gpuspec::fuzz::require_json;
using gpuspec::fuzz::require_printable;

void emit_terraform(const gpuspec::sema::Program& program) {
  for (const auto* entry : program.user_declarations()) {
    if (entry->decl->kind != "cloud") continue;
    for (auto syntax : {gpuspec::terraform::Syntax::Hcl, gpuspec::terraform::Syntax::Json}) {
      gpuspec::DiagnosticEngine diags;
      auto module = gpuspec::terraform::emit_module(program, *entry, syntax, diags);
      if (!module) continue;
      for (const auto& file : module->files) {
        require_printable(file.contents, false);
        // A JSON module's .tf.json files; its cloud-init template is YAML in both syntaxes.
        if (gpuspec::fuzz::ends_with(file.name, ".json")) require_json(file.contents);
      }
    }
  }
}

void emit_costs(const gpuspec::sema::Program& program) {
  gpuspec::fuzz::Fixture& fx = gpuspec::fuzz::fixture();
  gpuspec::cost::PriceBook book = gpuspec::cost::build_price_book(program);
  std::vector<gpuspec::cost::Bom> boms;
  for (const auto* entry : program.user_declarations()) {
    if (entry->decl->kind != "server") continue;
    gpuspec::DiagnosticEngine diags;
    auto facts = gpuspec::facts::resolve_facts(program, *entry, diags);
    boms.push_back(gpuspec::cost::build_bom(program, *entry, facts, book, std::nullopt, diags));
  }
  using gpuspec::cost::Format;
  if (!boms.empty()) {
    require_printable(gpuspec::cost::render_boms(boms, Format::Markdown), false);
    require_printable(gpuspec::cost::render_boms(boms, Format::Csv), true);
    std::string json = gpuspec::cost::render_boms(boms, Format::Json);
    require_printable(json, false);
    require_json(json);
  }
  std::vector<gpuspec::cost::Deployment> decls;
  for (const auto* entry : gpuspec::cost::program_deployments(program)) decls.push_back({&program, entry});
  if (decls.empty()) return;
  for (bool compare_all : {false, true}) {
    gpuspec::DiagnosticEngine diags;
    gpuspec::cost::QuoteOptions options;
    options.compare_all = compare_all;
    gpuspec::cost::Quote quote = gpuspec::cost::build_quote(decls, book, options, diags);
    require_printable(gpuspec::cost::render_quote(quote, Format::Text), false);
    require_printable(gpuspec::cost::render_quote(quote, Format::Markdown), false);
    require_printable(gpuspec::cost::render_quote(quote, Format::Csv), true);
    std::string json = gpuspec::cost::render_quote(quote, Format::Json);
    require_printable(json, false);
    require_json(json);
    // As `quote --format html`: the balances and each price's source from the program.
    auto context = gpuspec::cost_rules::html_context(fx.session.policies(), decls, {&program}, "fuzz");
    std::string html = gpuspec::cost::render_quote_html(quote, context);
    require_printable(html, false);
    gpuspec::fuzz::require_no_script(html);
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  gpuspec::fuzz::fixture();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  gpuspec::fuzz::Input input(data, size);
  // The commands refuse to emit a program that does not check; so does the target.
  if (input.diags.has_errors()) return 0;
  ++gpuspec::fuzz::backend_runs();
  emit_terraform(*input.program);
  emit_costs(*input.program);
  return 0;
}
