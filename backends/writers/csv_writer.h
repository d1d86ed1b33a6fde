// CSV output (RFC 4180): fields separated by commas, records by CRLF; a field holding
// a comma or a double quote is quoted and its quotes doubled. Control characters and
// line breaks inside a field are shown as escapes (source/printable.h), so a record is
// always one line, even printed into a CI log. Backends build rows and let this writer
// own the quoting, never concatenating by hand.
//
// A spreadsheet runs a cell that starts with `=`, `+`, `-`, `@` (or TAB or CR, which
// the escaping above already turns into text) as a formula (CSV injection: `=cmd|' /C calc'!A0` in a part description). Following
// OWASP (https://owasp.org/www-community/attacks/CSV_Injection), such a field gets a
// leading `'`, which spreadsheets read as "text", and is quoted. A field that is a
// plain decimal number (`-12.5`) cannot be a formula and is left as it is, so
// negative amounts stay numbers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gpuspec::writers {

// One field, neutralised when it could start a formula, quoted when RFC 4180 requires it.
std::string csv_field(std::string_view field);

class CsvWriter {
 public:
  void row(const std::vector<std::string>& fields);
  const std::string& str() const { return out_; }

 private:
  std::string out_;
};

}  // namespace gpuspec::writers
