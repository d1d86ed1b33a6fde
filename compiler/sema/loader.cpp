#include "sema/loader.h"

#include <fmt/format.h>

#include "source/file_reader.h"
#include "syntax/parser.h"

namespace gpuspec::sema {

namespace fs = std::filesystem;

std::optional<std::string> read_file(const fs::path& path, std::string* error) {
  std::string reason;
  std::uint64_t limit = max_file_size(&reason);
  std::optional<std::string> text;
  if (reason.empty()) text = read_regular_file(path.string(), limit, reason);
  if (!text && error) *error = reason;
  return text;
}

fs::path find_project_root(const fs::path& file) {
  std::error_code ec;
  fs::path dir = fs::weakly_canonical(fs::absolute(file, ec), ec).parent_path();
  for (fs::path at = dir; !at.empty(); at = at.parent_path()) {
    if (fs::exists(at / ".git", ec) || fs::exists(at / "gpuspec.json", ec)) return at;
    if (at == at.parent_path()) break;
  }
  return dir;
}

namespace {

bool is_within(const fs::path& path, const fs::path& root) {
  auto rel = path.lexically_relative(root);
  return !rel.empty() && *rel.begin() != "..";
}

class ImportLoader {
 public:
  ImportLoader(Program& program, SourceManager& sources, DiagnosticEngine& diags, fs::path root)
      : program_(program), sources_(sources), diags_(diags), root_(std::move(root)) {}

  void load(const fs::path& canonical, const std::string& display, std::string text) {
    const SourceFile& source = sources_.add(display, std::move(text));
    loaded_.emplace(canonical, source.id());
    stack_.push_back({canonical, display});
    ast::File ast = syntax::parse_file(source, diags_);
    LoadedFile& file = program_.add_file(source, std::move(ast));
    program_.index().add(file, diags_, &program_.library().index());
    for (const auto& import : file.ast.imports) follow(import, canonical, display);
    stack_.pop_back();
  }

 private:
  void follow(const ast::Import& import, const fs::path& from, const std::string& from_display) {
    // A NUL would make the system open a shorter path than the one shown; an
    // over-long one cannot be resolved at all (and is not "outside the project").
    if (import.path.find('\0') != std::string::npos) {
      diags_.error("import-path-nul", import.path_range, "import path contains a NUL character")
          .hint = "a path names a file up to its first NUL; remove the \\u{0} escape";
      return;
    }
    fs::path joined = from.parent_path() / import.path;
    if (auto reason = unusable_path_reason(joined.string())) {
      diags_.error("import-path-too-long", import.path_range, fmt::format("import path is too long: {}", *reason));
      return;
    }
    std::error_code ec;
    fs::path target = fs::weakly_canonical(joined, ec);
    std::string display = (fs::path(from_display).parent_path() / import.path).lexically_normal().string();
    if (ec) {
      diags_.error("import-not-found", import.path_range,
                   fmt::format("cannot read import '{}': {}", import.path, ec.message()));
      return;
    }
    if (!is_within(target, root_)) {
      diags_.error("import-outside-project", import.path_range,
                   fmt::format("import '{}' is outside the project root '{}'", import.path, root_.string()))
          .hint = "the project root is the nearest folder upward holding .git or gpuspec.json";
      return;
    }
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
    auto text = read_file(target, &error);
    if (!text) {
      diags_.error("import-not-found", import.path_range, fmt::format("cannot read import '{}': {}", import.path, error));
      return;
    }
    load(target, display, std::move(*text));
  }

  Program& program_;
  SourceManager& sources_;
  DiagnosticEngine& diags_;
  fs::path root_;
  std::map<fs::path, FileId> loaded_;
  std::vector<std::pair<fs::path, std::string>> stack_;
};

}  // namespace

std::optional<Program> load_program(const std::string& path, const Library& library, SourceManager& sources,
                                    DiagnosticEngine& diags, std::string* io_error) {
  auto text = read_file(path, io_error);
  if (!text) return std::nullopt;
  return load_program_text(path, std::move(*text), library, sources, diags);
}

Program load_program_text(const std::string& path, std::string text, const Library& library, SourceManager& sources,
                          DiagnosticEngine& diags) {
  Program program(library);
  std::error_code ec;
  fs::path canonical = fs::weakly_canonical(fs::absolute(path, ec), ec);
  ImportLoader loader(program, sources, diags, find_project_root(path));
  loader.load(canonical, path, std::move(text));
  return program;
}

}  // namespace gpuspec::sema
