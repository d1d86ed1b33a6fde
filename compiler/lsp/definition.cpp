#include "lsp/definition.h"

#include <filesystem>

#include "lsp/syntax_lookup.h"
#include "lsp/uri.h"

namespace gpuspec::lsp {

Json definition(const Analysis& analysis, Locator& locator, std::uint32_t offset) {
  SyntaxTarget target = find_at(analysis.syntax(), offset);
  std::optional<Json> location;
  switch (target.kind) {
    case SyntaxTarget::Kind::Name:
    case SyntaxTarget::Kind::DeclarationName:
      if (auto found = analysis.find(target.text)) location = locator.location(found->decl->name_range);
      if (!location && target.kind == SyntaxTarget::Kind::DeclarationName) {
        if (auto rule = analysis.rule(target.text)) location = locator.location(rule->definition);
      }
      break;
    case SyntaxTarget::Kind::WaiverRule:
      if (auto rule = analysis.rule(target.text)) location = locator.location(rule->definition);
      break;
    case SyntaxTarget::Kind::ImportPath: {
      namespace fs = std::filesystem;
      std::error_code ec;
      fs::path file = fs::absolute(fs::path(analysis.document().path()).parent_path() / target.text, ec).lexically_normal();
      if (fs::is_regular_file(file, ec)) {
        location = Json{{"uri", uri_from_path(file.string())}, {"range", range_json({0, 0}, {0, 0})}};
      }
      break;
    }
    default:
      break;
  }
  if (!location) return nullptr;
  return *location;
}

}  // namespace gpuspec::lsp
