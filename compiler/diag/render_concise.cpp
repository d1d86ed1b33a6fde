#include "diag/render_concise.h"

#include <fmt/format.h>

#include "source/printable.h"

namespace gpuspec {

void append_concise_diagnostic(std::string& out, const Diagnostic& d, const SourceManager& sources) {
  if (d.suppressed_by) return;
  if (d.range.valid()) {
    const SourceFile& file = sources.file(d.range.file);
    LineColumn start = file.line_column(d.range.begin);
    append_printable(out, file.path());
    fmt::format_to(std::back_inserter(out), ":{}:{}:", start.line, start.column);
  } else {
    out.append("gpuspec:");
  }
  fmt::format_to(std::back_inserter(out), " {}[{}] ", severity_name(d.severity), d.id);
  append_printable(out, d.message);
  out += '\n';
}

}  // namespace gpuspec
