#include "backends/writers/csv_writer.h"

namespace gpuspec::writers {

std::string csv_field(std::string_view field) {
  if (field.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(field);
  std::string out = "\"";
  for (char c : field) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

void CsvWriter::row(const std::vector<std::string>& fields) {
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i) out_ += ',';
    out_ += csv_field(fields[i]);
  }
  out_ += "\r\n";
}

}  // namespace gpuspec::writers
