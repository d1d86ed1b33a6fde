// What the fuzz targets share: the library (embedded stdlib + policies) parsed once
// per process, and a fresh program per input. Each input gets a SourceManager holding
// copies of the library's files under the same ids, so diagnostics that point into the
// stdlib render as in the tool and memory does not grow from one input to the next.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "diag/diagnostic.h"
#include "driver/session.h"
#include "sema/checker.h"
#include "sema/program.h"
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
  static Fixture* f = new Fixture();  // never destroyed: libFuzzer may exit at any point
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
      sources.add(fx.library_texts[i].first, fx.library_texts[i].second, fx.library_embedded[i]);
    }
    const SourceFile& source = sources.add("fuzz.gpuspec", std::string(reinterpret_cast<const char*>(data), size));
    program = std::make_unique<sema::Program>(fx.session.library());
    ast::File ast = syntax::parse_file(source, diags);
    sema::LoadedFile& file = program->add_file(source, std::move(ast));
    program->index().add(file, diags, &program->library().index());
    file.syntax_errors = diags.has_errors();
    sema::check_program(*program, diags);
  }
};

}  // namespace gpuspec::fuzz
