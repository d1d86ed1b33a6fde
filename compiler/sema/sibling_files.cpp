#include "sema/sibling_files.h"

#include <algorithm>
#include <filesystem>

#include "syntax/parser.h"
#include "source/confinement.h"

namespace gpuspec::sema {

namespace fs = std::filesystem;

std::optional<std::string> sibling_declaring(const SourceFile& from, std::string_view name,
                                             const std::vector<std::string_view>& kinds, const Program& program) {
  if (from.embedded()) return std::nullopt;
  std::error_code ec;
  fs::path folder = fs::path(from.path()).parent_path();
  if (folder.empty()) folder = ".";
  // Only where the program may read: never the folder of an editor's document that lies
  // outside every workspace folder (/etc beside /etc/x.gpuspec).
  if (!program.root().contains(fs::weakly_canonical(fs::absolute(folder, ec), ec))) return std::nullopt;
  std::vector<fs::path> loaded;
  for (const auto& file : program.files()) loaded.push_back(fs::weakly_canonical(file->source->path(), ec));
  std::vector<std::string> found;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    if (!it->is_regular_file(ec) || it->path().extension() != ".gpuspec") continue;
    if (std::find(loaded.begin(), loaded.end(), fs::weakly_canonical(it->path(), ec)) != loaded.end()) continue;
    std::string error;
    auto text = read_input_file(it->path(), error);
    if (!text) continue;
    SourceManager sources;
    DiagnosticEngine ignored;  // a broken sibling is its own problem, reported when it is checked
    ast::File ast = syntax::parse_file(sources.add(it->path().string(), std::move(*text)), ignored);
    for (const auto& decl : ast.declarations) {
      if (decl.name != name) continue;
      if (std::find(kinds.begin(), kinds.end(), decl.kind) == kinds.end()) continue;
      found.push_back(it->path().filename().string());
    }
  }
  if (found.size() != 1) return std::nullopt;
  return found.front();
}

FixIt import_fixit(const LoadedFile& file, const std::string& path) {
  FileId id = file.source->id();
  if (!file.ast.imports.empty()) {
    std::uint32_t end = file.ast.imports.back().range.end;
    return {{id, end, end}, "\nimport \"" + path + "\""};
  }
  std::uint32_t at = file.ast.declarations.empty() ? 0 : file.ast.declarations.front().range.begin;
  return {{id, at, at}, "import \"" + path + "\"\n\n"};
}

}  // namespace gpuspec::sema
