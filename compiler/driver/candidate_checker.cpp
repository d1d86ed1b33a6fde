#include "driver/candidate_checker.h"

#include <memory>

#include "sema/loader.h"

namespace gpuspec::driver {

suggest::Verdict CandidateChecker::operator()(const std::string& file, const std::string& declaration) {
  DiagnosticEngine diags;
  auto program = std::make_shared<sema::Program>(
      sema::load_program_text(path_, file, session_.library(), session_.sources(), diags));
  suggest::Verdict verdict;
  AnalysisOptions options = options_;
  options.augment = [&](const sema::Program& p, const sema::DeclEntry& entry, facts::FactSet& facts) {
    if (options_.augment) options_.augment(p, entry, facts);
    // The first call is the candidate's own facts; later ones are the pack's what-ifs
    // (a cloud rule naming the instances that would pass calls back on each).
    if (entry.decl->name == declaration && !verdict.facts) verdict.facts = facts;
  };
  check_and_lint(session_, *program, options, book_, diags);
  const FileId candidate_file = program->files().front()->source->id();
  for (const auto& d : diags.diagnostics()) {
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

}  // namespace gpuspec::driver
