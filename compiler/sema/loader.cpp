#include "sema/loader.h"

#include <fmt/format.h>

#include "syntax/parser.h"

namespace gpuspec::sema {

namespace fs = std::filesystem;

namespace {

class ImportLoader {
 public:
  ImportLoader(Program& program, SourceManager& sources, DiagnosticEngine& diags, ProjectRoot root,
               const ParseRoot& parse_root)
      : program_(program), sources_(sources), diags_(diags), root_(std::move(root)), parse_root_(parse_root) {}

  void load(const fs::path& canonical, const std::string& display, std::string text) {
    const SourceFile& source = sources_.add(display, std::move(text));
    loaded_.emplace(canonical, source.id());
    stack_.push_back({canonical, display});
    ast::File ast = stack_.size() == 1 && parse_root_ ? parse_root_(source, diags_) : syntax::parse_file(source, diags_);
    LoadedFile& file = program_.add_file(source, std::move(ast));
    program_.index().add(file, diags_, &program_.library().index());
    for (const auto& import : file.ast.imports) follow(import, canonical, display);
    stack_.pop_back();
  }

 private:
  void follow(const ast::Import& import, const fs::path& from, const std::string& from_display) {
    std::string display = (fs::path(from_display).parent_path() / import.path).lexically_normal().string();
    std::string problem;
    ProjectRoot::Refusal refusal = ProjectRoot::Refusal::None;
    auto resolved = root_.resolve(from.parent_path(), import.path, problem, &refusal);
    switch (refusal) {
      case ProjectRoot::Refusal::None:
        break;
      case ProjectRoot::Refusal::NoRoot:
        diags_.error("import-not-read", import.path_range, fmt::format("import '{}' was not read: {}", import.path, problem));
        return;
      case ProjectRoot::Refusal::Unusable:
        if (import.path.find('\0') != std::string::npos) {
          diags_.error("import-path-nul", import.path_range, "import path contains a NUL character")
              .hint = "a path names a file up to its first NUL; remove the \\u{0} escape";
        } else {
          diags_.error("import-path-too-long", import.path_range, fmt::format("import path is too long: {}", problem));
        }
        return;
      case ProjectRoot::Refusal::Unresolvable:
        diags_.error("import-not-found", import.path_range, fmt::format("cannot read import '{}': {}", import.path, problem));
        return;
      case ProjectRoot::Refusal::Outside:
        diags_.error("import-outside-project", import.path_range,
                     fmt::format("import '{}' is outside the project root '{}'", import.path, root_.folder().string()))
            .hint = "the project root is the nearest folder upward holding .git or gpuspec.json";
        return;
    }
    const fs::path& target = *resolved;
    for (std::size_t i = 0; i < stack_.size(); ++i) {
      if (stack_[i].first != target) continue;
      std::string chain;
      for (std::size_t k = i; k < stack_.size(); ++k) chain += stack_[k].second + " -> ";
      chain += display;
      diags_.error("import-cycle", import.path_range, fmt::format("import cycle: {}", chain));
      return;
    }
    if (loaded_.count(target)) return;  // imported elsewhere already: one copy per program
    std::string error;
    auto text = read_input_file(target, error);
    if (!text) {
      diags_.error("import-not-found", import.path_range, fmt::format("cannot read import '{}': {}", import.path, error));
      return;
    }
    load(target, display, std::move(*text));
  }

  Program& program_;
  SourceManager& sources_;
  DiagnosticEngine& diags_;
  ProjectRoot root_;
  const ParseRoot& parse_root_;
  std::map<fs::path, FileId> loaded_;
  std::vector<std::pair<fs::path, std::string>> stack_;
};

}  // namespace

std::optional<Program> load_program(const std::string& path, const Library& library, SourceManager& sources,
                                    DiagnosticEngine& diags, std::string* io_error) {
  std::string error;
  auto text = read_input_file(path, error);
  if (!text) {
    if (io_error) *io_error = error;
    return std::nullopt;
  }
  return load_program_text(path, std::move(*text), library, sources, diags);
}

Program load_program_text(const std::string& path, std::string text, const Library& library, SourceManager& sources,
                          DiagnosticEngine& diags, const std::optional<ProjectRoot>& root,
                          const ParseRoot& parse_root) {
  Program program(library);
  std::error_code ec;
  fs::path canonical = fs::weakly_canonical(fs::absolute(path, ec), ec);
  program.set_root(root ? *root : ProjectRoot::of_file(path));
  ImportLoader loader(program, sources, diags, program.root(), parse_root);
  loader.load(canonical, path, std::move(text));
  return program;
}

}  // namespace gpuspec::sema
