#include "driver/ordered_output.h"

namespace gpuspec::driver {

DiagnosticKey key_of(const Diagnostic& d, const SourceManager& sources) {
  std::string path = d.range.valid() ? sources.file(d.range.file).path() : std::string();
  return {std::move(path), d.range.begin, d.range.end, d.id, d.message};
}

std::vector<RenderedDiagnostic> render_each(const std::vector<Diagnostic>& diagnostics, const SourceManager& sources,
                                            const DiagnosticRenderer& render) {
  std::vector<RenderedDiagnostic> out;
  out.reserve(diagnostics.size());
  for (const Diagnostic& d : diagnostics) {
    RenderedDiagnostic r{key_of(d, sources), d.severity, d.suppressed_by.has_value(), {}};
    render(r.text, d, sources);
    out.push_back(std::move(r));
  }
  return out;
}

void OrderedDiagnosticOutput::count(const RenderedDiagnostic& d) {
  if (d.suppressed) return;  // a waived finding neither counts nor fails the run
  switch (d.severity) {
    case Severity::Error: ++counts_.errors; break;
    case Severity::Warning: ++counts_.warnings; break;
    case Severity::Info: ++counts_.infos; break;
    case Severity::Note: break;
  }
  if (severity_rank(d.severity) >= severity_rank(fail_on_)) failed_ = true;
}

void OrderedDiagnosticOutput::write_now(const RenderedDiagnostic& d, Severity fail_on) {
  Severity group_fail_on = fail_on_;
  fail_on_ = fail_on;
  count(d);
  fail_on_ = group_fail_on;
  write_(d.text);
}

void OrderedDiagnosticOutput::begin_group(Severity fail_on) {
  write_before(std::nullopt);
  fail_on_ = fail_on;
  last_written_.reset();
}

void OrderedDiagnosticOutput::add(std::vector<RenderedDiagnostic> diagnostics) {
  for (auto& d : diagnostics) {
    if (held_.count(d.key) || (across_groups_ && written_.count(d.key))) continue;
    count(d);
    if (last_written_ && !(*last_written_ < d.key)) {
      // Its place has been written past (or it repeats a written one): never lose it.
      ++out_of_order_;
      write_(d.text);
      continue;
    }
    DiagnosticKey key = d.key;
    held_.emplace(std::move(key), std::move(d));
  }
}

void OrderedDiagnosticOutput::write_before(const std::optional<std::string>& bound) {
  auto it = held_.begin();
  for (; it != held_.end() && (!bound || it->first.path < *bound); ++it) {
    write_(it->second.text);
    if (across_groups_) written_.insert(it->first);
  }
  if (it != held_.begin()) {
    last_written_ = std::prev(it)->first;
    held_.erase(held_.begin(), it);
  }
}

}  // namespace gpuspec::driver
