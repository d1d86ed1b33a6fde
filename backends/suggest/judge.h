// The one function the search asks "does this candidate pass?": the driver implements
// it by loading the candidate file (the workload's file imported, the candidate
// declared) and running exactly what `gpuspec check` runs on it — type-checking, the
// fact model, cost facts and the full policy pack with the user's policies and
// gpuspec.json. The search never evaluates a rule itself, so a faster pipeline
// (compiled policies, one catalog per process) changes this function, not the search.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "facts/fact.h"
#include "sema/program.h"

namespace gpuspec::suggest {

struct Finding {
  std::string rule;  // the diagnostic id: a policy id, or a type-checking error's
  Severity severity = Severity::Error;
  std::string message;
};

struct Verdict {
  std::vector<Finding> findings;          // on the candidate's declaration, every severity
  std::optional<facts::FactSet> facts;    // the candidate's facts as the pack saw them
  std::shared_ptr<const sema::Program> program;  // the candidate's program
  const sema::DeclEntry* entry = nullptr;        // the candidate's declaration in it

  // No error and no warning: infos do not reject.
  bool passes() const;
  // The ids of the errors and warnings, each once, in order.
  std::vector<std::string> rejecting() const;
};

// `file` is the candidate file's text; `declaration` the candidate's name in it.
using Judge = std::function<Verdict(const std::string& file, const std::string& declaration)>;

}  // namespace gpuspec::suggest
