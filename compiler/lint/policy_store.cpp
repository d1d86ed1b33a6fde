#include "lint/policy_store.h"

#include <memory>

#include "eval/stored_bytes.h"

namespace gpuspec::lint {

namespace {

using eval::ByteReader;
using eval::ByteWriter;

void store_program(ByteWriter& out, const std::shared_ptr<const eval::CompiledExpr>& program) {
  out.u8(program != nullptr);
  if (program) program->store(out);
}

// False when the bytes are malformed; `program` null when none was stored.
bool restore_program(ByteReader& in, std::shared_ptr<const eval::CompiledExpr>& program) {
  if (!in.u8()) return in.ok();
  auto restored = eval::CompiledExpr::restore(in);
  if (!restored) return false;
  program = std::make_shared<const eval::CompiledExpr>(std::move(*restored));
  return true;
}

}  // namespace

std::string store_policy(const Policy& policy) {
  std::string bytes;
  ByteWriter out(bytes);
  const ast::Declaration* decl = policy.syntax().decl;
  out.range(decl ? decl->name_range : SourceRange{});
  out.str(policy.id);
  out.u8(static_cast<std::uint8_t>(policy.severity));
  out.u32(static_cast<std::uint32_t>(policy.severity_when.size()));
  for (const auto& lower : policy.severity_when) {
    out.u8(static_cast<std::uint8_t>(lower.severity));
    store_program(out, lower.program);
  }
  out.u8(policy.suggest_instances);
  out.u32(static_cast<std::uint32_t>(policy.applies.size()));
  for (const auto& kind : policy.applies) out.str(kind);
  store_program(out, policy.when_program);
  store_program(out, policy.require_program);
  out.str(policy.at);
  out.str(policy.message);
  out.range(policy.message_range);
  out.u8(policy.hint.has_value());
  if (policy.hint) out.str(*policy.hint);
  for (const std::string* text : {&policy.source, &policy.english, &policy.doc, &policy.help_url}) out.str(*text);
  return bytes;
}

std::optional<Policy> restore_policy(std::string_view form, const ast::Declaration& decl, const sema::LoadedFile& file) {
  ByteReader in(form);
  const SourceRange at = in.range();
  if (form.empty() || at.file != decl.name_range.file || at.begin != decl.name_range.begin ||
      at.end != decl.name_range.end) {
    return std::nullopt;
  }
  Policy policy;
  policy.id = in.str();
  policy.severity = static_cast<Severity>(in.u8());
  const std::uint32_t lowered = in.u32();
  for (std::uint32_t i = 0; i < lowered && in.ok(); ++i) {
    SeverityCondition lower;
    lower.severity = static_cast<Severity>(in.u8());
    if (!restore_program(in, lower.program)) return std::nullopt;
    policy.severity_when.push_back(std::move(lower));
  }
  policy.suggest_instances = in.u8() != 0;
  const std::uint32_t kinds = in.u32();
  for (std::uint32_t i = 0; i < kinds && in.ok(); ++i) policy.applies.emplace_back(in.str());
  if (!restore_program(in, policy.when_program) || !restore_program(in, policy.require_program)) return std::nullopt;
  policy.at = in.str();
  policy.message = in.str();
  policy.message_range = in.range();
  if (in.u8()) policy.hint = std::string(in.str());
  for (std::string* text : {&policy.source, &policy.english, &policy.doc, &policy.help_url}) *text = in.str();
  if (!in.ok() || !in.done() || !policy.require_program || policy.id != decl.name) return std::nullopt;
  policy.builtin = true;
  policy.file = &file;
  policy.deferred_syntax = std::make_shared<const PolicySyntax>(decl, file);
  return policy;
}

}  // namespace gpuspec::lint
