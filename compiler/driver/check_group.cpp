#include "driver/check_group.h"

namespace gpuspec::driver {

Diagnostic unread_path(std::string id, std::string message, std::string note, bool allowed) {
  Diagnostic d;
  d.id = std::move(id);
  d.severity = allowed ? Severity::Warning : Severity::Error;
  d.message = std::move(message);
  if (!note.empty()) d.notes.push_back({std::move(note), {}});
  return d;
}

}  // namespace gpuspec::driver
