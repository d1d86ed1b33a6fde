// libFuzzer target: one input is one .gpuspec file, run through everything
// `gpuspec check` does after reading it: parse, index, sema check, facts, cost
// facts, the whole policy pack, and both renderers. Any crash, sanitizer report, uncaught exception, stack overflow or
// timeout is a bug: hostile input must only ever produce diagnostics.
//
// The library (embedded stdlib + policies) is parsed once per process. Each input
// gets a fresh SourceManager that holds copies of the library's files under the
// same ids, so diagnostics that point into the stdlib render as they do in the tool
// and memory does not grow from one input to the next.
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "backends/cost/cost_facts.h"
#include "backends/cost/price_files.h"
#include "diag/diagnostic.h"
#include "diag/diagnostic_counts.h"
#include "diag/render_json.h"
#include "diag/render_text.h"
#include "driver/session.h"
#include "lint/lint.h"
#include "sema/checker.h"
#include "sema/program.h"
#include "source/source.h"
#include "syntax/parser.h"

namespace {

struct Fixture {
  gpuspec::driver::Session session{gpuspec::driver::LibraryOptions{}};
  std::vector<std::pair<std::string, std::string>> library_texts;
  std::vector<bool> library_embedded;

  Fixture() {
    auto& sources = session.sources();
    for (std::size_t i = 0; i < sources.size(); ++i) {
      const auto& file = sources.file(static_cast<gpuspec::FileId>(i));
      library_texts.emplace_back(file.path(), file.text());
      library_embedded.push_back(file.embedded());
    }
  }
};

Fixture& fixture() {
  static Fixture* f = new Fixture();  // never destroyed: libFuzzer may exit at any point
  return *f;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fixture();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Fixture& fx = fixture();
  gpuspec::SourceManager sources;
  for (std::size_t i = 0; i < fx.library_texts.size(); ++i) {
    sources.add(fx.library_texts[i].first, fx.library_texts[i].second, fx.library_embedded[i]);
  }
  const gpuspec::SourceFile& source =
      sources.add("fuzz.gpuspec", std::string(reinterpret_cast<const char*>(data), size));

  gpuspec::DiagnosticEngine diags;
  gpuspec::sema::Program program(fx.session.library());
  gpuspec::ast::File ast = gpuspec::syntax::parse_file(source, diags);
  gpuspec::sema::LoadedFile& file = program.add_file(source, std::move(ast));
  program.index().add(file, diags, &program.library().index());
  file.syntax_errors = diags.has_errors();
  gpuspec::sema::check_program(program, diags);
  // Clean programs go on through facts, cost facts and every policy of the pack,
  // as `gpuspec check` does.
  if (!diags.has_errors()) {
    gpuspec::cost::PriceBook book = gpuspec::cost::build_price_book(program);
    gpuspec::cost::DeploymentIndex deployments = gpuspec::cost::index_deployments(program);
    gpuspec::lint::LintOptions lint_options;
    lint_options.today = "2026-11-30";
    gpuspec::lint::lint_program(program, fx.session.policies(), lint_options, diags,
                                [&](const gpuspec::sema::Program& p, const gpuspec::sema::DeclEntry& e,
                                    gpuspec::facts::FactSet& f) { gpuspec::cost::add_cost_facts(p, e, f, book, &deployments); });
  }
  diags.sort(sources);

  gpuspec::TextRenderOptions options;
  std::string text = gpuspec::render_text(diags.diagnostics(), sources, options);
  text += gpuspec::render_summary(gpuspec::count_diagnostics(diags.diagnostics()));
  std::string json = gpuspec::diagnostics_to_json(diags.diagnostics(), sources, 1).dump(2);
  // Every diagnostic must point into a known file and inside its text.
  for (const auto& d : diags.diagnostics()) {
    if (!d.range.valid()) continue;
    if (d.range.file >= sources.size()) __builtin_trap();
    const auto& f = sources.file(d.range.file);
    if (d.range.begin > d.range.end || d.range.end > f.text().size()) __builtin_trap();
  }
  return 0;
}
