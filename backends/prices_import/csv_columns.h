// Finding a CSV file's columns by their header names, with the aliases a format
// accepts: names compare without case, and spaces, hyphens and underscores are one.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "backends/prices_import/csv_reader.h"
#include "backends/prices_import/import_types.h"

namespace gpuspec::prices_import {

struct CsvColumn {
  std::string_view name;                              // how the docs name it
  // Every accepted header, the name included. A vector, not an initializer_list: a list
  // member of a static table would outlive the array it points into.
  std::vector<std::string_view> aliases;
  bool required = false;
};

struct CsvLayout {
  std::vector<std::optional<std::size_t>> index;  // per column asked for: its field index
  std::string error;                               // a required column missing, or one named twice
  std::uint32_t error_offset = 0;
};

CsvLayout find_columns(const CsvRecord& header, const std::vector<CsvColumn>& columns);

// The field of `record` for column `which` of the layout, "" when the file has no such column.
const std::string& column_text(const CsvRecord& record, const CsvLayout& layout, std::size_t which);

// A CSV input read whole (at most GPUSPEC_MAX_FILE_SIZE), parsed and its header
// matched to `columns`; nullopt after reporting why not (with line, column and caret).
struct CsvInput {
  const SourceFile* file = nullptr;
  CsvTable table;
  CsvLayout layout;
  // "line 7" of a record, for the report.
  std::string line_of(const CsvRecord& record) const;
};
std::optional<CsvInput> read_csv_input(const std::string& path, const std::vector<CsvColumn>& columns,
                                       ImportContext& context);

}  // namespace gpuspec::prices_import
