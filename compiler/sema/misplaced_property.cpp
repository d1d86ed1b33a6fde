#include "sema/misplaced_property.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace gpuspec::sema {

namespace {

std::string_view slice(std::string_view text, std::uint32_t begin, std::uint32_t end) {
  if (begin > end || end > text.size()) return {};
  return text.substr(begin, end - begin);
}

std::string_view trim_right(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::string_view trim_left(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r')) s.remove_prefix(1);
  return s;
}

// The text between two items, less the one separator that went with the item moved away.
std::string_view without_separator_after(std::string_view between) {
  between = trim_right(between);
  if (!between.empty() && (between.back() == ';' || between.back() == ',')) between.remove_suffix(1);
  return between;
}
std::string_view without_separator_before(std::string_view between) {
  between = trim_left(between);
  if (!between.empty() && (between.front() == ';' || between.front() == ',')) between.remove_prefix(1);
  return trim_left(between);
}

// The property of `block` that takes what the shorthand `key = value` gives: `drives` for
// `data = 4 x drive`.
const PropertySchema* shorthand_target(const BlockSchema& block, const PropertySchema& owner_property, const ast::Expr& value) {
  for (const auto& type : owner_property.types) {
    if (type.kind == ValueKind::Block) continue;
    bool fits = (type.kind == ValueKind::Multiplicity && (value.as<ast::Multiplicity>() || value.as<ast::Name>())) ||
                (type.kind != ValueKind::Multiplicity);
    if (!fits) continue;
    for (const auto& property : block.properties) {
      for (const auto& inner : property.types) {
        if (inner.kind == type.kind && inner.ref_kinds == type.ref_kinds) return &property;
      }
    }
  }
  return nullptr;
}

// The one item of `body` setting one of `blocks`, and its schema; null when none is set or
// several are (which one the user meant is then a guess).
struct Target {
  const ast::Property* property = nullptr;  // `data = 4 x drive`
  const ast::Block* block = nullptr;        // `data { ... }`
  const PropertySchema* schema = nullptr;
};
Target find_target(const ast::Body& body, const BlockSchema& schema, const std::vector<std::string_view>& blocks) {
  Target found;
  int count = 0;
  for (const auto& item : body.items) {
    std::string_view key;
    Target here;
    if (const auto* p = std::get_if<ast::Property>(&item)) {
      key = p->key;
      here.property = p;
    } else if (const auto* b = std::get_if<std::unique_ptr<ast::Block>>(&item)) {
      key = (*b)->key;
      here.block = b->get();
    } else {
      continue;
    }
    if (std::find(blocks.begin(), blocks.end(), key) == blocks.end()) continue;
    here.schema = schema.find(key);
    found = here;
    ++count;
  }
  return count == 1 ? found : Target{};
}

}  // namespace

std::vector<std::string_view> blocks_taking(const BlockSchema& schema, std::string_view key) {
  std::vector<std::string_view> out;
  for (const auto& property : schema.properties) {
    for (const auto& type : property.types) {
      if (type.kind == ValueKind::Block && type.block && type.block->find(key)) {
        out.push_back(property.name);
        break;
      }
    }
  }
  return out;
}

Diagnostic& report_misplaced(DiagnosticEngine& diags, const ast::Property& property, const ast::Body& body,
                             const BlockSchema& schema, std::string_view owner, const std::vector<std::string_view>& blocks,
                             std::string_view text) {
  std::vector<std::string> quoted;
  for (auto block : blocks) quoted.push_back(fmt::format("'{}'", block));
  std::string which = quoted.size() == 1 ? quoted.front() : fmt::format("{} or {}", fmt::join(quoted.begin(), quoted.end() - 1, ", "), quoted.back());
  auto& d = diags.error("unknown-property", property.key_range,
                        fmt::format("'{}' is set on {}, but belongs in its {} block", property.key, owner, which));
  std::string_view moved = slice(text, property.range.begin, property.range.end);
  Target target = find_target(body, schema, blocks);
  std::string rewritten;
  SourceRange target_range;
  if (target.property && target.schema) {
    const PropertySchema* inner = nullptr;
    for (const auto& type : target.schema->types) {
      if (type.kind == ValueKind::Block && type.block) inner = shorthand_target(*type.block, *target.schema, *target.property->value);
    }
    if (inner) {
      rewritten = fmt::format("{} {{ {} = {}; {} }}", target.property->key, inner->name,
                              slice(text, target.property->value->range.begin, target.property->value->range.end), moved);
      target_range = target.property->range;
    }
  } else if (target.block) {
    std::string_view inside = trim_right(slice(text, target.block->range.begin, target.block->body.range.end - 1));
    bool bare = !inside.empty() && (inside.back() == '{' || inside.back() == ';' || inside.back() == ',');
    rewritten = fmt::format("{}{}{} }}", inside, bare ? " " : "; ", moved);
    target_range = target.block->range;
  }
  if (rewritten.empty() || moved.empty() || !target_range.valid()) {
    // What the block needs besides it: `data { drives = ...; raid = raid1 }`.
    std::string needed = "...";
    if (const PropertySchema* first = schema.find(blocks.front())) {
      for (const auto& type : first->types) {
        if (type.kind != ValueKind::Block || !type.block) continue;
        for (const auto& p : type.block->properties) {
          if (p.required) needed = fmt::format("{} = ...", p.name);
        }
      }
    }
    d.hint = fmt::format("write `{} {{ {}; {} }}`", blocks.front(), needed, moved.empty() ? property.key : std::string(moved));
    return d;
  }
  // One edit from the first of the two items to the end of the second, keeping what lies
  // between them, so --fix can never apply half of the move.
  SourceRange span = property.range;
  std::string replacement;
  if (target_range.begin < property.range.begin) {
    span.begin = target_range.begin;
    replacement = rewritten + std::string(without_separator_after(slice(text, target_range.end, property.range.begin)));
  } else {
    span.end = target_range.end;
    replacement = std::string(without_separator_before(slice(text, property.range.end, target_range.begin))) + rewritten;
  }
  d.hint = target.property ? fmt::format("write `{}`", rewritten) : fmt::format("move it into `{} {{ ... }}`", target.block->key);
  d.fixits.push_back({span, std::move(replacement)});
  return d;
}

}  // namespace gpuspec::sema
