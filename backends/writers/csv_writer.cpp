#include "backends/writers/csv_writer.h"

#include "source/printable.h"

namespace gpuspec::writers {

namespace {

bool is_plain_number(std::string_view text) {
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
  std::size_t digits = 0;
  bool point = false;
  for (; i < text.size(); ++i) {
    if (text[i] >= '0' && text[i] <= '9') {
      ++digits;
    } else if (text[i] == '.' && !point) {
      point = true;
    } else {
      return false;
    }
  }
  return digits > 0;
}

bool could_start_formula(std::string_view field) {
  if (field.empty()) return false;
  switch (field.front()) {
    case '=': case '+': case '-': case '@': case '\t': case '\r':
      return !is_plain_number(field);
    default:
      return false;
  }
}

}  // namespace

std::string csv_field(std::string_view raw) {
  // A CSV file is printed to terminals and CI logs too: control characters, line
  // breaks included, are shown as escapes (one record per line, always).
  std::string field = printable(raw);
  bool neutralise = could_start_formula(field);
  if (!neutralise && field.find_first_of(",\"") == std::string::npos) return field;
  std::string out = neutralise ? "\"'" : "\"";
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
