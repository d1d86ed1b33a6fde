#include "lsp/completion.h"

#include <set>

#include "lsp/completion_context.h"
#include "lsp/schema_lookup.h"
#include "sema/value_check.h"

namespace gpuspec::lsp {

namespace {

class ItemList {
 public:
  ItemList(Json range) : range_(std::move(range)) {}

  void add(const std::string& label, int kind, const std::string& detail = {}, const std::string& doc = {},
           const std::string& sort_prefix = "1", std::string insert = {}) {
    if (!seen_.insert(label).second) return;
    Json item{{"label", label}, {"kind", kind}, {"sortText", sort_prefix + label},
              {"textEdit", {{"range", range_}, {"newText", insert.empty() ? label : insert}}}};
    if (!detail.empty()) item["detail"] = detail;
    if (!doc.empty()) item["documentation"] = {{"kind", "markdown"}, {"value", doc}};
    items_.push_back(std::move(item));
  }
  Json result() { return {{"isIncomplete", false}, {"items", std::move(items_)}}; }

 private:
  Json range_;
  Json items_ = Json::array();
  std::set<std::string> seen_;
};

std::string description_of(const ast::Declaration& decl) {
  for (const auto& item : decl.body.items) {
    const auto* property = std::get_if<ast::Property>(&item);
    if (!property || property->key != "description" || !property->value) continue;
    if (const auto* text = property->value->as<ast::StringLit>()) return text->value;
  }
  return {};
}

void add_values(const Analysis& analysis, const sema::Type& type, ItemList& items) {
  switch (type.kind) {
    case sema::ValueKind::Symbol:
      for (auto symbol : type.symbols) items.add(std::string(symbol), lsp_enum::kCompletionEnumMember);
      break;
    case sema::ValueKind::VersionedSymbol:
      for (auto symbol : type.symbols) {
        items.add(std::string(symbol), lsp_enum::kCompletionEnumMember, "name@version", {}, "1", std::string(symbol) + "@");
      }
      break;
    case sema::ValueKind::Bool:
      items.add("true", lsp_enum::kCompletionKeyword);
      items.add("false", lsp_enum::kCompletionKeyword);
      break;
    case sema::ValueKind::Reference:
    case sema::ValueKind::Multiplicity:
      // The document's own declarations sort before the library's.
      for (const auto& view : analysis.declarations_of_kind(type.ref_kinds)) {
        std::string detail = view.decl->kind;
        if (auto description = description_of(*view.decl); !description.empty()) detail += " · " + description;
        items.add(view.decl->name, lsp_enum::kCompletionReference, detail, {}, view.library ? "2" : "1");
      }
      break;
    case sema::ValueKind::List:
      for (const auto& element : type.element) add_values(analysis, element, items);
      break;
    default:
      break;
  }
}

}  // namespace

Json completion(const Analysis& analysis, const TextDocument& document, std::uint32_t offset) {
  CompletionContext context = completion_context(document.text(), offset);
  ItemList items(range_json(document.position_of(context.word_begin), document.position_of(offset)));
  switch (context.kind) {
    case CompletionContext::Kind::None:
      break;
    case CompletionContext::Kind::TopLevel:
      items.add("import", lsp_enum::kCompletionKeyword, "import \"file.gpuspec\"");
      for (const auto* kind : sema::all_kinds()) {
        items.add(std::string(kind->kind), lsp_enum::kCompletionClass, kind->catalog ? "catalog kind" : "declaration kind",
                  std::string(kind->doc), kind->catalog ? "2" : "1");
      }
      break;
    case CompletionContext::Kind::PropertyKey: {
      const sema::BlockSchema* block = block_schema(context.declaration_kind, context.block_path);
      if (!block) break;
      for (const auto& property : block->properties) {
        bool is_block = !property.types.empty() && property.types.front().kind == sema::ValueKind::Block;
        items.add(std::string(property.name), is_block ? lsp_enum::kCompletionModule : lsp_enum::kCompletionProperty,
                  describe_types(property.types), std::string(property.doc), property.required ? "0" : "1");
      }
      if (context.block_path.empty() && context.declaration_kind != "policy") {
        items.add("waive", lsp_enum::kCompletionKeyword, "waive RULE \"reason\" until = \"YYYY-MM-DD\"", {}, "3");
      }
      break;
    }
    case CompletionContext::Kind::Value: {
      const sema::PropertySchema* property = property_schema(context.declaration_kind, context.block_path, context.property);
      if (!property) break;
      for (const auto& type : property->types) add_values(analysis, type, items);
      break;
    }
    case CompletionContext::Kind::WaiverRule:
      for (const auto& id : analysis.rule_ids()) items.add(id, lsp_enum::kCompletionValue, "rule");
      break;
  }
  return items.result();
}

}  // namespace gpuspec::lsp
