// CSV output (RFC 4180): fields separated by commas, records by CRLF; a field holding
// a comma, a double quote, CR or LF is quoted and its quotes doubled. Backends build
// rows and let this writer own the quoting, never concatenating by hand.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gpuspec::writers {

// One field, quoted when RFC 4180 requires it.
std::string csv_field(std::string_view field);

class CsvWriter {
 public:
  void row(const std::vector<std::string>& fields);
  const std::string& str() const { return out_; }

 private:
  std::string out_;
};

}  // namespace gpuspec::writers
