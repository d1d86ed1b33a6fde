// libFuzzer target: one input is one .gpuspec file; when it checks clean, every
// backend runs on it in memory: Terraform modules for each cloud declaration in both
// syntaxes (as `terraform --force`: lint findings do not stop it), the BOM of each
// server and the quote of the file in every format. Besides crashes, sanitizer reports
// (float-cast-overflow included) and uncaught exceptions, it traps when an output
// carries a raw control character (only its own line breaks, CRLF in CSV) or when a
// JSON output does not parse.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "backends/cost/bom.h"
#include "backends/cost/price_files.h"
#include "backends/cost/quote.h"
#include "backends/cost/report.h"
#include "backends/terraform/terraform.h"
#include "facts/resolve.h"
#include "fuzz_fixture.h"

namespace {

void require_printable(std::string_view out, bool crlf) {
  for (std::size_t i = 0; i < out.size(); ++i) {
    auto byte = static_cast<unsigned char>(out[i]);
    bool line_end = byte == '\n' || (crlf && byte == '\r' && i + 1 < out.size() && out[i + 1] == '\n');
    if ((byte < 0x20 && !line_end) || byte == 0x7f) __builtin_trap();
  }
}

void require_json(std::string_view out) {
  if (!nlohmann::json::accept(out)) __builtin_trap();
}

void emit_terraform(const gpuspec::sema::Program& program) {
  for (const auto* entry : program.user_declarations()) {
    if (entry->decl->kind != "cloud") continue;
    for (auto syntax : {gpuspec::terraform::Syntax::Hcl, gpuspec::terraform::Syntax::Json}) {
      gpuspec::DiagnosticEngine diags;
      auto module = gpuspec::terraform::emit_module(program, *entry, syntax, diags);
      if (!module) continue;
      for (const auto& file : module->files) {
        require_printable(file.contents, false);
        if (syntax == gpuspec::terraform::Syntax::Json) require_json(file.contents);
      }
    }
  }
}

void emit_costs(const gpuspec::sema::Program& program) {
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
  emit_terraform(*input.program);
  emit_costs(*input.program);
  return 0;
}
