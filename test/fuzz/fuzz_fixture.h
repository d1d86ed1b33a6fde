// What the fuzz targets share: the library (embedded stdlib + policies) parsed once
// per process, and a fresh program per input. Each input gets a SourceManager of its
// own, so memory does not grow from one input to the next. The library's files sit in
// it under the same ids as in the session, as empty placeholders: copying ~300 KB of
// library text (and its line table) into every input's manager was most of the
// target's own time. When a diagnostic points into the library, rendering_sources()
// builds a manager with the real texts, so such diagnostics render as in the tool.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "backends/cost/cost_facts.h"
#include "diag/diagnostic.h"
#include "driver/analysis.h"
#include "driver/session.h"
#include "facts/fact_store.h"
#include "fuzz_gate.h"
#include "lint/lint.h"
#include "sema/checker.h"
#include "sema/program.h"
#include "snapshot/parse_snapshot_data.h"
#include "source/source.h"
#include "syntax/parser.h"

namespace gpuspec::fuzz {

struct Fixture {
  driver::Session session{driver::LibraryOptions{}};
  std::vector<std::pair<std::string, std::string>> library_texts;
  std::vector<bool> library_embedded;

  Fixture() {
    auto& sources = session.sources();
    for (std::size_t i = 0; i < sources.size(); ++i) {
      const auto& file = sources.file(static_cast<FileId>(i));
      library_texts.emplace_back(file.path(), file.text());
      library_embedded.push_back(file.embedded());
    }
  }
};

inline Fixture& fixture() {
  // The library's trees from the build, installed once as the executable does
  // (compiler/main.cpp); the fixture is never destroyed: libFuzzer may exit at any point.
  static Fixture* f = (snapshot::install(), new Fixture());
  return *f;
}

// One input parsed, indexed and checked as `gpuspec check` does after reading it.
struct Input {
  SourceManager sources;
  DiagnosticEngine diags;
  std::unique_ptr<sema::Program> program;

  Input(const std::uint8_t* data, std::size_t size) {
    Fixture& fx = fixture();
    for (std::size_t i = 0; i < fx.library_texts.size(); ++i) {
      sources.add(fx.library_texts[i].first, std::string(), fx.library_embedded[i]);
    }
    const SourceFile& source = sources.add("fuzz.gpuspec", std::string(reinterpret_cast<const char*>(data), size));
    program = std::make_unique<sema::Program>(fx.session.library());
    ast::File ast = syntax::parse_file(source, diags);
    sema::LoadedFile& file = program->add_file(source, std::move(ast));
    program->index().add(file, diags, &program->library().index());
    sema::check_program(*program, diags);
  }

  // Facts, cost facts and every policy of the pack, as `gpuspec check` does after a
  // clean check. The price book is the one `check` lints with (the session's stdlib
  // layer plus the input's own price entries), then as driver/analysis.cpp's
  // lint_with_prices: one fact store, the cost facts its provider. Building the whole
  // book from scratch for every input was a fifth of the target's own time.
  void lint() {
    Fixture& fx = fixture();
    std::string price_error;
    std::optional<cost::PriceBook> book = driver::analysis_price_book(fx.session, *program, {}, diags, price_error);
    if (!book) __builtin_trap();  // no --prices files here: nothing to fail to read
    facts::FactStore store(*program);
    cost::CostFacts cost_facts(store, *book);
    store.add_provider(cost_facts);
    lint::LintOptions lint_options;
    lint_options.today = "2026-11-30";
    lint::lint_program(*program, fx.session.policies(), lint_options, diags, &store);
  }

  // The sources to render `diags` with: this input's own manager when no diagnostic,
  // note or fix-it points into the library; else one with the library's real texts
  // under the same ids, and the input last, as in the tool.
  const SourceManager& rendering_sources() {
    std::size_t library_files = fixture().library_texts.size();
    auto in_library = [&](SourceRange range) { return range.valid() && range.file < library_files; };
    bool needs_library = false;
    for (const auto& d : diags.diagnostics()) {
      needs_library = needs_library || in_library(d.range);
      for (const auto& note : d.notes) needs_library = needs_library || in_library(note.range);
      for (const auto& fixit : d.fixits) needs_library = needs_library || in_library(fixit.range);
    }
    if (!needs_library) return sources;
    Fixture& fx = fixture();
    with_library = std::make_unique<SourceManager>();
    for (std::size_t i = 0; i < fx.library_texts.size(); ++i) {
      with_library->add(fx.library_texts[i].first, fx.library_texts[i].second, fx.library_embedded[i]);
    }
    for (std::size_t i = library_files; i < sources.size(); ++i) {
      const SourceFile& file = sources.file(static_cast<FileId>(i));
      with_library->add(file.path(), file.text(), file.embedded());
    }
    return *with_library;
  }

 private:
  std::unique_ptr<SourceManager> with_library;
};

}  // namespace gpuspec::fuzz
