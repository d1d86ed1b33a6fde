#include "facts/resolve.h"

#include "facts/fact_builder.h"
#include "facts/fact_memo.h"
#include "facts/properties.h"
#include "facts/resolve_workload.h"
#include "facts/resolve_workload_memory.h"

namespace gpuspec::facts {

void resolve_server(FactBuilder& b);
void resolve_cloud(FactBuilder& b, const sema::DeclEntry* instance_override);
void resolve_compat(FactBuilder& b);  // resolve_compat.cpp: stdlib compatibility data, software and plans
void add_served_facts(FactBuilder& b);  // resolve_served.cpp: NVLink domain, whether a data set is read

bool has_facts(std::string_view kind) { return kind == "server" || kind == "cloud" || kind == "workload"; }

namespace {

// The served workload named by its text, and by the library entry of the model it names:
// one entry of the library's memo then serves every program with the same workload text
// (a folder of specs repeats a few workloads). Empty when the workload is not a program
// file's, or names a model the program declares itself: then only the program's memo,
// keyed by the declaration's address, may serve it. The base facts read nothing of the
// program but the declaration and that model (add_workload_base_facts); the estimate and
// remedies read the set and the declaration's name and range.
// A workload's declaration after its name: what its body facts depend on, with the
// model it names (add_workload_body_facts).
SourceRange body_of(const ast::Declaration& decl) { return {decl.range.file, decl.name_range.end, decl.range.end}; }

std::string shared_workload_key(const sema::Program& program, const sema::DeclEntry& workload) {
  const ast::Declaration& decl = *workload.decl;
  if (!workload.file || !workload.file->source || !decl.range.valid()) return {};
  const std::string_view text = workload.file->source->slice(body_of(decl));
  std::string key;
  key.reserve(text.size() + 24);
  const std::size_t size = text.size();
  key.append(reinterpret_cast<const char*>(&size), sizeof size);
  key += text;
  const ast::Declaration* model = nullptr;
  if (const ast::Property* property = find_property(decl.body, "model")) {
    auto value = literal_value(*property->value);
    if (value && (value->type == Value::Type::Symbol || value->type == Value::Type::String)) {
      if (const auto* entry = program.find(value->text)) {
        if (!entry->file || !entry->file->library) return {};
        model = entry->decl;
      }
    }
  }
  key.append(reinterpret_cast<const char*>(&model), sizeof model);
  return key;
}

// add_workload_facts through a memo (fact_memo.h), in the parts that depend on less than
// the whole deployment (issue 12): the declared, model and default facts (the workload
// alone), the estimate (those and the job's GPUs), its remedies (the estimate and the
// deployment's cards). Each is called with the workload's declaration, and the latter two
// with the GPUs as the estimator counts them, which their keys name as arguments (several
// gpu.count_total and gpu.vram are one to the estimator); the memo records what they read
// of the set. The library's memo serves a workload named by its body's text (anchored
// there, so origins inside it move with it; its name a slot); else `memo`, the
// program's, by the declaration's address.
void add_served_workload_facts(const sema::Program& program, const sema::DeclEntry& workload, FactSet& facts,
                               SourceRange at, DiagnosticEngine& diags, const FactMemo* memo) {
  std::string identity = shared_workload_key(program, workload);
  const FactMemo* own = memo;  // the program's: shared entries replayed here are moved into it
  const FactMemo* shared = identity.empty() || !memo ? nullptr : library_memo(program);
  if (shared) {
    memo = shared;
  } else {
    identity.assign(reinterpret_cast<const char*>(&workload), sizeof(&workload));
  }
  // Shared: the name is set here, the body's facts anchored after it and the name a slot.
  const SourceRange body = body_of(*workload.decl);
  const Anchors anchor = shared ? Anchors(&body, 1) : Anchors();
  const SourceRange named = shared ? workload.decl->name_range : SourceRange{};
  auto key = [&](const char* part, auto... arguments) {
    std::string out(part);
    out += identity;
    (out.append(reinterpret_cast<const char*>(&arguments), sizeof(arguments)), ...);
    return out;
  };
  if (shared) add_workload_name_fact(*workload.decl, facts);
  memoized(
      memo, key("workload"), program, at, facts, diags,
      [&](DiagnosticEngine&) {
        if (!shared) add_workload_name_fact(*workload.decl, facts);
        add_workload_body_facts(program, workload, facts);
      },
      anchor, named, own);
  auto count = facts.quantity("gpu.count_total"_fact);
  const double total = total_job_gpus(count ? std::optional(count->value) : std::nullopt);
  const int per_node = gpus_per_node(facts);
  memoized(
      memo, key("estimate", total, per_node), program, at, facts, diags,
      [&](DiagnosticEngine& reported) { add_workload_estimate_facts(*workload.decl, facts, total, per_node, reported); },
      anchor, named, own);
  const DeploymentGpus cards = deployment_gpus(facts);
  const double vram = cards.vram.value_or(-1);
  memoized(
      memo, key("remedies", total, cards.per_node, vram), program, at, facts, diags,
      [&](DiagnosticEngine&) { add_workload_remedy_facts(*workload.decl, facts, total, cards); }, anchor, named,
      own);
}

FactSet resolve(const sema::Program& program, const sema::DeclEntry& entry, DiagnosticEngine& diags,
                const sema::DeclEntry* instance_override, const FactMemo* memo = nullptr) {
  const ast::Declaration& decl = *entry.decl;
  FactSet facts(decl.name, decl.kind);
  FactBuilder b(program, decl, facts);
  b.set_file(entry.file);
  if (decl.kind == "workload") {
    add_workload_facts(program, entry, facts, std::nullopt, diags);
    return facts;
  }
  if (decl.kind == "server") resolve_server(b);
  if (decl.kind == "cloud") resolve_cloud(b, instance_override);
  // The served workload's facts come along, with the deployment's GPU count.
  if (std::string served = served_workload(decl); !served.empty()) {
    if (const auto* workload = program.find(served); workload && workload->decl->kind == "workload") {
      add_served_workload_facts(program, *workload, facts, decl.name_range, diags, memo);
    }
  }
  add_served_facts(b);

  resolve_compat(b);
  return facts;
}

}  // namespace

FactSet resolve_facts(const sema::Program& program, const sema::DeclEntry& entry, DiagnosticEngine& diags,
                      const FactMemo* memo) {
  return resolve(program, entry, diags, nullptr, memo);
}

FactSet resolve_facts_on_instance(const sema::Program& program, const sema::DeclEntry& declaration,
                                  const sema::DeclEntry& instance, DiagnosticEngine& diags) {
  return resolve(program, declaration, diags, &instance);
}

}  // namespace gpuspec::facts
