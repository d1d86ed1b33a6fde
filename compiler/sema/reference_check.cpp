// ValueChecker's references: a name that must be a declaration of some kind. An
// unknown name gets the candidates a reader would consider (typos, completions of
// what was typed, never a catalog part of another model), an import when a sibling
// file declares it, and for a provider's own instance-type string, the catalog
// entry with that api_name.
#include <fmt/format.h>

#include "sema/schema.h"
#include "sema/sibling_files.h"
#include "sema/suggest.h"
#include "sema/value_check.h"

namespace gpuspec::sema {

namespace {

bool is_catalog_kind(std::string_view kind) {
  const KindSchema* schema = find_kind(kind);
  return schema && schema->catalog;
}

bool any_catalog_kind(const std::vector<std::string_view>& kinds) {
  return std::any_of(kinds.begin(), kinds.end(), is_catalog_kind);
}

const ast::StringLit* string_property(const ast::Declaration& decl, std::string_view key) {
  for (const auto& item : decl.body.items) {
    if (const auto* p = std::get_if<ast::Property>(&item); p && p->key == key) return p->value->as<ast::StringLit>();
  }
  return nullptr;
}

}  // namespace

std::string with_article(std::string_view word) {
  bool vowel = !word.empty() && std::string_view("aeiouAEIOU").find(word.front()) != std::string_view::npos;
  return fmt::format("{} {}", vowel ? "an" : "a", word);
}

std::string kinds_phrase(const std::vector<std::string_view>& kinds) {
  std::vector<std::string> phrases;
  for (auto kind : kinds) phrases.push_back(with_article(kind));
  if (phrases.size() <= 1) return phrases.empty() ? "a declaration" : phrases.front();
  std::string last = phrases.back();
  phrases.pop_back();
  return fmt::format("{} or {}", fmt::join(phrases, ", "), last);
}

const LoadedFile* ValueChecker::file_of(SourceRange range) const {
  for (const auto& file : program_.files()) {
    if (file->source->id() == range.file) return file.get();
  }
  return nullptr;
}

ValueChecker::Outcome ValueChecker::check_reference(const ast::Expr&, std::string_view name, SourceRange range,
                                                    const Type& type) {
  Outcome out{true, false, {}};
  const DeclEntry* entry = program_.find(name);
  if (lookups_) lookups_->push_back({std::string(name), entry ? entry->decl->kind : std::string()});
  if (entry) {
    for (auto kind : type.ref_kinds) {
      if (entry->decl->kind == kind) {
        out.ok = true;
        return out;
      }
    }
    std::string found_kind = entry->decl->kind;
    std::string wanted = kinds_phrase(type.ref_kinds);
    SourceRange decl_range = entry->decl->name_range;
    std::string decl_name(name);
    out.report = [this, range, found_kind, wanted, decl_range, decl_name] {
      auto& d = error("wrong-kind", range, fmt::format("'{}' is {}, expected {}", decl_name, with_article(found_kind), wanted));
      d.notes.push_back({fmt::format("'{}' is declared here", decl_name), decl_range});
    };
    return out;
  }
  std::vector<std::string_view> candidates;
  std::vector<std::string_view> user_declared;
  for (const auto* candidate : program_.all_declarations()) {
    for (auto kind : type.ref_kinds) {
      if (candidate->decl->kind != kind) continue;
      candidates.push_back(candidate->decl->name);
      if (!candidate->file->library) user_declared.push_back(candidate->decl->name);
    }
  }
  bool catalog = any_catalog_kind(type.ref_kinds);
  Suggestions suggestions = suggest(name, candidates, {.catalog = catalog});
  std::vector<std::string_view> kinds = type.ref_kinds;
  std::string missing(name);
  out.report = [this, range, kinds, missing, suggestions, catalog, user_declared] {
    auto& d = error("unknown-name", range, fmt::format("unknown {} '{}'", fmt::join(kinds, " or "), missing));
    if (add_suggestions(d, suggestions, range)) return;
    // Declared in a file beside this one that is not imported.
    const LoadedFile* here = file_of(range);
    if (here) {
      if (auto sibling = sibling_declaring(*here->source, missing, kinds, program_)) {
        d.hint = fmt::format("'{}' is declared in {}; add `import \"{}\"`", missing, *sibling, *sibling);
        d.fixits.push_back(import_fixit(*here, *sibling));
        return;
      }
    }
    if (catalog) {
      d.hint = fmt::format("`gpuspec catalog {}` lists the known names", kinds.front());
    } else if (user_declared.empty()) {
      d.hint = fmt::format("no {} is declared in this file or its imports", fmt::join(kinds, " or "));
    } else if (user_declared.size() <= kMaxSuggestions) {
      d.hint = fmt::format("declared here: {}", fmt::join(user_declared, ", "));
    }
  };
  return out;
}

// `instance = "p4de.24xlarge"`: the provider's own name for a catalog entry.
ValueChecker::Outcome ValueChecker::check_provider_name(const ast::StringLit& text, SourceRange range, const Type& type) {
  std::vector<std::string> matches;
  bool has_api_names = false;
  for (auto kind : type.ref_kinds) {
    const KindSchema* schema = find_kind(kind);
    if (!schema || !schema->body.find("api_name")) continue;
    has_api_names = true;
    for (const auto* entry : program_.all_declarations()) {
      if (entry->decl->kind != kind) continue;
      if (const auto* api = string_property(*entry->decl, "api_name"); api && api->value == text.value) {
        matches.push_back(entry->decl->name);
      }
    }
  }
  if (!has_api_names) return {};
  std::string wanted = kinds_phrase(type.ref_kinds);
  std::string kinds = fmt::format("{}", fmt::join(type.ref_kinds, " or "));
  return {true, false, [this, range, matches, wanted, kinds, api = text.value] {
            auto& d = error("type-mismatch", range,
                            fmt::format("expected {} from the catalog, found the provider's name \"{}\"", wanted, api));
            if (matches.size() == 1) {
              d.hint = fmt::format("the catalog calls it '{}' (api_name \"{}\")", matches.front(), api);
              d.fixits.push_back({range, matches.front()});
            } else if (!matches.empty()) {
              d.hint = fmt::format("several catalog entries have api_name \"{}\": {}", api, fmt::join(matches, ", "));
            } else {
              d.hint = fmt::format("no {} in the catalog has api_name \"{}\"; `gpuspec catalog {}` lists them", kinds, api,
                                   kinds);
            }
          }};
}

}  // namespace gpuspec::sema
