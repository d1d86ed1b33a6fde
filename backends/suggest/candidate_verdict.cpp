#include "backends/suggest/candidate_verdict.h"

namespace gpuspec::suggest {

Verdict candidate_verdict(std::shared_ptr<const sema::Program> program, const std::string& declaration,
                          const std::vector<Diagnostic>& diagnostics, std::optional<facts::FactSet> facts) {
  Verdict verdict;
  verdict.facts = std::move(facts);
  const FileId candidate_file = program->files().front()->source->id();
  for (const auto& d : diagnostics) {
    const bool on_candidate = d.declaration == declaration || (d.range.valid() && d.range.file == candidate_file);
    if (!on_candidate || d.suppressed_by || d.severity == Severity::Note) continue;
    verdict.findings.push_back({d.id, d.severity, d.message});
  }
  const sema::DeclEntry* entry = program->find(declaration);
  verdict.entry = entry && entry->file == program->files().front().get() ? entry : nullptr;
  if (!verdict.entry) verdict.findings.push_back({"suggest.no-candidate", Severity::Error, "the candidate did not load"});
  verdict.program = std::move(program);
  return verdict;
}

}  // namespace gpuspec::suggest
