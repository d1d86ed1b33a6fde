// RFC 4180 CSV, read strictly: fields separated by commas, records by CRLF or LF, a
// field in double quotes may hold commas, line breaks and "" for a quote. What the RFC
// does not allow (a quote inside an unquoted field, text after a closing quote, an
// unterminated quote, a record with another number of fields than the header) is an
// error at its byte offset, never a guess at what the file meant.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuspec::prices_import {

struct CsvField {
  std::string text;
  std::uint32_t offset = 0;  // byte offset of the field's first character in the file
};

struct CsvRecord {
  std::vector<CsvField> fields;
  std::uint32_t offset = 0;  // where the record starts
};

struct CsvError {
  std::uint32_t offset = 0;
  std::uint32_t length = 1;
  std::string message;
};

struct CsvTable {
  std::vector<CsvRecord> records;  // the header first; blank lines are left out
  std::optional<CsvError> error;
};

// A leading UTF-8 byte order mark is skipped (spreadsheets write one).
CsvTable read_csv(std::string_view text);

}  // namespace gpuspec::prices_import
