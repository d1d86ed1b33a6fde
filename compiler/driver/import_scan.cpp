#include "driver/import_scan.h"

#include <set>

#include "source/confinement.h"


namespace gpuspec::driver {

namespace fs = std::filesystem;

namespace {

bool is_ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Skips blanks and comments from `at`; false on an unterminated block comment.
bool skip_blanks(std::string_view text, std::size_t& at) {
  while (at < text.size()) {
    char c = text[at];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
      ++at;
    } else if (c == '#' || text.compare(at, 2, "//") == 0) {
      while (at < text.size() && text[at] != '\n' && text[at] != '\r') ++at;
    } else if (text.compare(at, 2, "/*") == 0) {
      std::size_t end = text.find("*/", at + 2);
      if (end == std::string_view::npos) return false;
      at = end + 2;
    } else {
      return true;
    }
  }
  return true;
}

}  // namespace

std::optional<std::vector<std::string>> scan_imports(std::string_view text) {
  constexpr std::string_view kImport = "import";
  std::vector<std::string> paths;
  std::size_t at = 0;
  for (;;) {
    if (!skip_blanks(text, at)) return std::nullopt;
    if (text.compare(at, kImport.size(), kImport) != 0) break;
    std::size_t after = at + kImport.size();
    if (after < text.size() && is_ident_char(text[after])) break;  // `imports = ...`: left to the check below
    at = after;
    if (!skip_blanks(text, at) || at >= text.size() || text[at] != '"') return std::nullopt;
    std::size_t close = at + 1;
    while (close < text.size() && text[close] != '"') {
      char c = text[close];
      if (c == '\\' || c == '\n' || c == '\r') return std::nullopt;  // escapes are the parser's to decode
      ++close;
    }
    if (close >= text.size()) return std::nullopt;
    paths.emplace_back(text.substr(at + 1, close - at - 1));
    at = close + 1;
    if (!skip_blanks(text, at)) return std::nullopt;
    if (at < text.size() && text[at] == ';') ++at;
  }
  // Past the imports, "import" anywhere (a stray import, a comment, a string) might be
  // an import the parser finds after recovering from an error: not certain.
  if (text.find(kImport, at) != std::string_view::npos) return std::nullopt;
  return paths;
}

const std::optional<std::vector<std::string>>& ImportPaths::imports_of(const fs::path& canonical) {
  auto found = scanned_.find(canonical);
  if (found != scanned_.end()) return found->second;
  std::optional<std::vector<std::string>> imports;
  std::string unread;
  if (auto text = read_input_file(canonical, unread)) {
    imports = scan_imports(*text);
  } else {
    imports = std::vector<std::string>{};  // unreadable: the loader reports it in the importer and loads nothing
  }
  return scanned_.emplace(canonical, std::move(imports)).first->second;
}

std::optional<std::string> ImportPaths::lowest_path(const std::string& root, std::string_view root_text) {
  auto root_imports = scan_imports(root_text);
  if (!root_imports) return std::nullopt;
  // Nearly every file imports nothing: its own path, without finding its project root.
  if (root_imports->empty()) return root;
  std::string lowest = root;
  // The loader's walk: depth first in import order, each file once per program, named
  // by joining its import path to the importer's name. A file it refuses (outside the
  // project, a cycle, a NUL) is still counted here, unread: a lower bound only gets safer.
  std::error_code ec;
  fs::path root_canonical = fs::weakly_canonical(fs::absolute(root, ec), ec);
  const ProjectRoot project = ProjectRoot::of_file(root);
  std::set<fs::path> loaded{root_canonical};
  struct Pending {
    fs::path canonical;
    std::string display;
    std::vector<std::string> imports;
    std::size_t next = 0;
  };
  std::vector<Pending> stack;
  stack.push_back({root_canonical, root, std::move(*root_imports)});
  while (!stack.empty()) {
    Pending& top = stack.back();
    if (top.next == top.imports.size()) {
      stack.pop_back();
      continue;
    }
    const std::string& import = top.imports[top.next++];
    std::string display = (fs::path(top.display).parent_path() / import).lexically_normal().string();
    lowest = std::min(lowest, display);
    std::string refused;
    auto target = project.resolve(top.canonical.parent_path(), import, refused);
    if (!target || !loaded.insert(*target).second) continue;
    const auto& imports = imports_of(*target);
    if (!imports) return std::nullopt;
    stack.push_back({*target, std::move(display), *imports});
  }
  return lowest;
}

}  // namespace gpuspec::driver
