// The pieces spec_writer.cpp and spec_parts.cpp build a probed spec from: values as
// the language writes them, comments made safe (writers/gpuspec_text.h), and the inline
// declarations of parts the catalog lacks.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuspec::probe {

// A number as the language writes it: no exponent, no trailing zeros ("450", "2.5").
std::string number_text(double value, int max_decimals = 6);
// Bytes in the unit that states them exactly: "24576 MiB", "32 GiB", "3.84 TB", or
// decimal GB with as many decimals as it takes ("1920.383410176 GB").
std::string bytes_text(double bytes);
std::string mib_text(double mib);

// "key = value  # comment": one property line of a body (value already in the
// language's syntax); the comment is made printable and single-line here.
std::string property_line(std::string_view key, std::string_view value, std::string_view comment = {});
// "# text" lines (each made printable), for a comment on its own line.
std::string comment_line(std::string_view text);

// A catalog part the spec declares because the catalog lacks it.
struct PartDeclaration {
  std::string kind;   // "gpu", "cpu", "memory", "disk", "psu", "nic"
  std::string name;   // "<server>.gpu_tesla_t4"
  std::vector<std::string> lines;  // property lines (property_line)
};

// Names parts uniquely within one spec: "<server>.<kind>_<slug>", then _2, _3 ...
class PartNames {
 public:
  explicit PartNames(std::string server) : server_(std::move(server)) {}
  std::string next(std::string_view kind, std::string_view description);

 private:
  std::string server_;
  std::vector<std::string> taken_;
};

}  // namespace gpuspec::probe
