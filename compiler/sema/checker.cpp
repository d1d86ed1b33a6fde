#include "sema/checker.h"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "sema/cloud_check.h"
#include "sema/consistency_check.h"
#include "sema/misplaced_property.h"
#include "sema/price_check.h"
#include "sema/schema.h"
#include "sema/suggest.h"
#include "sema/value_check.h"

namespace gpuspec::sema {

namespace {

// What a body belongs to, as messages name it ("server 'a'", "block 'storage'"),
// spelled out only when a message needs it: formatting it for every body that is
// fine was most of the checker's own time.
struct Owner {
  std::string_view kind;  // a declaration's kind, or "block"
  std::string_view name;
  std::string text() const { return fmt::format("{} '{}'", kind, name); }
};

// The keys set so far in one body and where each was first set. A body holds a handful
// of keys, so a scan of a small vector beats a map's node and string copy per key; a
// body with many keys (generated or hostile) gets a hash index so it stays linear.
class SeenKeys {
 public:
  // Where `key` was first set, or null when this is the first time (then recorded at `range`).
  const SourceRange* first_set(std::string_view key, SourceRange range) {
    if (!index_.empty()) {
      auto [it, inserted] = index_.emplace(key, keys_.size());
      if (!inserted) return &keys_[it->second].second;
    } else {
      for (const auto& [seen, at] : keys_) {
        if (seen == key) return &at;
      }
      if (keys_.size() == kIndexFrom) {
        for (std::size_t i = 0; i < keys_.size(); ++i) index_.emplace(keys_[i].first, i);
        index_.emplace(key, keys_.size());
      }
    }
    if (keys_.empty()) keys_.reserve(kFirstKeys);  // one allocation for most bodies, not five
    keys_.emplace_back(key, range);
    return nullptr;
  }
  bool contains(std::string_view key) const {
    if (!index_.empty()) return index_.count(key) != 0;
    return std::any_of(keys_.begin(), keys_.end(), [&](const auto& seen) { return seen.first == key; });
  }

 private:
  static constexpr std::size_t kIndexFrom = 32;
  static constexpr std::size_t kFirstKeys = 16;
  std::vector<std::pair<std::string_view, SourceRange>> keys_;
  std::unordered_map<std::string_view, std::size_t> index_;  // empty below kIndexFrom keys
};

class DeclarationChecker {
 public:
  DeclarationChecker(const Program& program, DiagnosticEngine& diags) : program_(program), diags_(diags) {}

  // The text of the file the next declarations are in, for fix-its that move text.
  void set_file_text(std::string_view text) { text_ = text; }

  // `lookups`, when given, records the names the declaration's references looked up.
  void check(const ast::Declaration& decl, NameLookups* lookups = nullptr) {
    lookups_ = lookups;
    declaration_ = decl.name;
    const KindSchema* kind = find_kind(decl.kind);
    if (!kind) {
      std::vector<std::string_view> names;
      for (const auto* k : all_kinds()) names.push_back(k->kind);
      auto& d = error("unknown-kind", decl.kind_range, fmt::format("unknown declaration kind '{}'", decl.kind));
      if (!add_suggestions(d, suggest(decl.kind, names), decl.kind_range)) {
        d.hint = fmt::format("known kinds: {}", fmt::join(names, ", "));
      }
      return;
    }
    bool waivers_allowed = !kind->catalog && kind->kind != "policy";
    // What error recovery dropped is not missing: the syntax error already said so.
    complete_ = !decl.recovered;
    probed_ = is_probed(decl.body);
    check_body(decl.body, kind->body, decl.name_range, waivers_allowed, Owner{decl.kind, decl.name});
    probed_ = false;
  }

 private:
  Diagnostic& error(std::string id, SourceRange range, std::string message) {
    auto& d = diags_.error(std::move(id), range, std::move(message));
    d.declaration = declaration_;
    return d;
  }

  void check_body(const ast::Body& body, const BlockSchema& schema, SourceRange owner_range, bool waivers_allowed,
                  const Owner& owner) {
    SeenKeys seen;
    for (const auto& item : body.items) {
      if (const auto* property = std::get_if<ast::Property>(&item)) {
        if (!note_first(seen, property->key, property->key_range)) continue;
        if (!schema.open && !schema.find(property->key)) {
          // `storage { raid = raid10 }`: a key of one of this block's blocks, one level too high.
          if (auto blocks = blocks_taking(schema, property->key); !blocks.empty()) {
            report_misplaced(diags_, *property, body, schema, owner.text(), blocks, text_).declaration = declaration_;
            continue;
          }
        }
        check_property(*property, schema, owner);
      } else if (const auto* block = std::get_if<std::unique_ptr<ast::Block>>(&item)) {
        if (!note_first(seen, (*block)->key, (*block)->key_range)) continue;
        check_block(**block, schema, owner);
      } else if (const auto* waiver = ast::waiver_of(item)) {
        check_waiver(*waiver, waivers_allowed, owner);
      }
    }
    for (const auto& property : schema.properties) {
      if (complete_ && property.required && !seen.contains(property.name) && !may_leave_out(property.name)) {
        auto& d = error("missing-property", owner_range,
                        fmt::format("{} is missing required property '{}'", owner.text(), property.name));
        d.hint = fmt::format("add `{} = ...` ({})", property.name, property.doc);
      }
    }
  }

  // False (and a diagnostic pointing at both) when the key was already set in this body.
  bool note_first(SeenKeys& seen, const std::string& key, SourceRange range) {
    const SourceRange* first = seen.first_set(key, range);
    if (!first) return true;
    auto& d = error("duplicate-property", range, fmt::format("'{}' is set more than once", key));
    d.notes.push_back({"first set here", *first});
    return false;
  }

  const PropertySchema* lookup(const BlockSchema& schema, const std::string& key, SourceRange range,
                               const Owner& owner) {
    if (const auto* property = schema.find(key)) return property;
    if (schema.open) return nullptr;
    std::vector<std::string_view> names;
    for (const auto& p : schema.properties) names.push_back(p.name);
    auto& d = error("unknown-property", range, fmt::format("unknown property '{}' in {}", key, owner.text()));
    if (!add_suggestions(d, suggest(key, names), range) && !names.empty()) {
      d.hint = fmt::format("known properties: {}", fmt::join(names, ", "));
    }
    return nullptr;
  }

  void check_property(const ast::Property& property, const BlockSchema& schema, const Owner& owner) {
    if (schema.open) {
      PropertySchema open{property.key, schema.open_value};
      ValueChecker(program_, diags_, declaration_, lookups_).check(*property.value, open);
      return;
    }
    const PropertySchema* ps = lookup(schema, property.key, property.key_range, owner);
    if (!ps) return;
    ValueChecker(program_, diags_, declaration_, lookups_).check(*property.value, *ps);
  }

  void check_block(const ast::Block& block, const BlockSchema& schema, const Owner& owner) {
    const PropertySchema* ps = lookup(schema, block.key, block.key_range, owner);
    if (!ps) return;
    for (const auto& type : ps->types) {
      if (type.kind == ValueKind::Block) {
        check_body(block.body, *type.block, block.key_range, /*waivers_allowed=*/false, Owner{"block", block.key});
        return;
      }
    }
    std::vector<std::string> expected;
    for (const auto& type : ps->types) expected.push_back(describe_type(type));
    error("type-mismatch", block.key_range,
          fmt::format("'{}' takes {}, not a block", block.key, fmt::join(expected, " or ")))
        .hint = fmt::format("write `{} = ...`", block.key);
  }

  void check_waiver(const ast::Waiver& waiver, bool allowed, const Owner& owner) {
    if (!allowed) {
      error("waiver-not-allowed", waiver.range, fmt::format("waivers are not allowed in {}", owner.text())).hint =
          "waive a rule in the workload, server or cloud declaration it fires on";
      return;
    }
    if (!waiver.reason || waiver.reason->find_first_not_of(" \t\n") == std::string::npos) {
      error("waiver-reason-missing", waiver.reason ? waiver.reason_range : waiver.rule_range,
            fmt::format("waiver of '{}' needs a reason", waiver.rule))
          .hint = fmt::format("write `waive {} \"why this is acceptable\"`", waiver.rule);
    }
    if (waiver.until && !is_calendar_date(*waiver.until)) {
      error("invalid-date", waiver.until_range,
            fmt::format("'{}' is not a valid date; expected \"YYYY-MM-DD\"", *waiver.until));
    }
  }

  // A declaration `gpuspec probe` wrote (it carries `probed_from`) describes what the
  // machine's tools could see: a required property they could not see stays out rather
  // than being guessed. Its provenance stays required.
  static bool is_probed(const ast::Body& body) {
    for (const auto& item : body.items) {
      if (const auto* p = std::get_if<ast::Property>(&item); p && p->key == "probed_from") return true;
      if (const auto* b = std::get_if<std::unique_ptr<ast::Block>>(&item); b && (*b)->key == "probed_from") return true;
    }
    return false;
  }
  bool may_leave_out(std::string_view property) const {
    return probed_ && property != "source" && property != "as_of";
  }

  const Program& program_;
  DiagnosticEngine& diags_;
  std::string declaration_;
  bool complete_ = true;  // the declaration parsed without a syntax error
  std::string_view text_;
  bool probed_ = false;
  NameLookups* lookups_ = nullptr;
};

}  // namespace

void check_program(const Program& program, DiagnosticEngine& diags, CheckMemo* memo) {
  DeclarationChecker checker(program, diags);
  for (const auto& file : program.files()) {
    checker.set_file_text(file->source->text());
    for (const auto& decl : file->ast.declarations) {
      std::size_t errors_before = diags.error_count();
      if (!memo) {
        checker.check(decl);
      } else if (!memo->known_clean(decl, *file, program)) {
        std::size_t reported_before = diags.diagnostics().size();
        NameLookups lookups;
        checker.check(decl, &lookups);
        memo->checked(decl, *file, diags.diagnostics().size() == reported_before, std::move(lookups));
      }
      // Catalog cross-checks read the checked values, so they need a clean schema check
      // of a declaration that parsed whole.
      bool whole = !decl.recovered && diags.error_count() == errors_before;
      if (decl.kind == "cloud" && whole) check_cloud_deployment(program, decl, diags);
      if (decl.kind == "price" && whole) check_price(program, decl, diags);
    }
  }
  check_consistency(program, diags);
}

void check_library(const Library& library, DiagnosticEngine& diags) {
  Program program(library);
  DeclarationChecker checker(program, diags);
  for (const auto& file : library.files()) {
    checker.set_file_text(file->source->text());
    for (const auto& decl : file->ast.declarations) {
      std::size_t errors_before = diags.error_count();
      checker.check(decl);
      if (decl.kind == "price" && diags.error_count() == errors_before) check_price(program, decl, diags);
    }
  }
}

}  // namespace gpuspec::sema
