// suggest's judge (backends/suggest/judge.h) for the driver: a candidate file is loaded
// as if saved at `path` (the workload's file imported from there) and put through
// check_and_lint — type-checking, facts, cost facts, the full pack with the run's
// policies and gpuspec.json settings — exactly what `gpuspec check` does to a file.
// The findings on the candidate are the verdict; findings in the imported files are
// not the candidate's.
#pragma once

#include <string>

#include "backends/cost/price_book.h"
#include "backends/suggest/judge.h"
#include "driver/analysis.h"
#include "driver/session.h"

namespace gpuspec::driver {

class CandidateChecker {
 public:
  CandidateChecker(Session& session, AnalysisOptions options, const cost::PriceBook& book, std::string path)
      : session_(session), options_(std::move(options)), book_(book), path_(std::move(path)) {}

  suggest::Verdict operator()(const std::string& file, const std::string& declaration);

 private:
  Session& session_;
  AnalysisOptions options_;
  const cost::PriceBook& book_;
  std::string path_;
};

}  // namespace gpuspec::driver
