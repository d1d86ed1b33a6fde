#include "lsp/schema_lookup.h"

#include "sema/value_check.h"

namespace gpuspec::lsp {

const sema::BlockSchema* block_schema(std::string_view kind, const std::vector<std::string>& block_path) {
  const sema::KindSchema* schema = sema::find_kind(kind);
  if (!schema) return nullptr;
  const sema::BlockSchema* block = &schema->body;
  for (const auto& key : block_path) {
    const sema::PropertySchema* property = block->find(key);
    if (!property) return nullptr;
    const sema::BlockSchema* inner = nullptr;
    for (const auto& type : property->types) {
      if (type.kind == sema::ValueKind::Block && type.block) inner = type.block;
    }
    if (!inner) return nullptr;
    block = inner;
  }
  return block;
}

const sema::PropertySchema* property_schema(std::string_view kind, const std::vector<std::string>& block_path,
                                            std::string_view key) {
  const sema::BlockSchema* block = block_schema(kind, block_path);
  return block ? block->find(key) : nullptr;
}

std::string describe_types(const std::vector<sema::Type>& types) {
  std::string out;
  for (std::size_t i = 0; i < types.size(); ++i) {
    if (i > 0) out += i + 1 == types.size() ? " or " : ", ";
    out += sema::describe_type(types[i]);
  }
  return out;
}

}  // namespace gpuspec::lsp
