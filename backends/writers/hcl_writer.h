// Writes a document (hcl_document.h) in Terraform's native syntax. This writer owns
// HCL escaping: every literal string goes through quote_template_string().
#pragma once

#include <string>
#include <string_view>

#include "backends/writers/hcl_document.h"

namespace gpuspec::writers {

// The text of a literal inside a quoted template, without the quotes: `\\ \" \n \r \t`,
// other control characters (and DEL) as \uNNNN, `${` as `$${`, `%{` as `%%{`.
std::string escape_template_text(std::string_view text);
// Only the template markers: `${` -> `$${`, `%{` -> `%%{` (a JSON string's own escaping
// is the JSON serializer's job).
std::string escape_template_markers(std::string_view text);
// `"` + escape_template_text(text) + `"`
std::string quote_template_string(std::string_view text);

// One expression in native syntax, on one line (objects print inline as `{ a = "x" }`).
std::string hcl_expression(const Expr& expr);

// The whole file: header comments, then the blocks separated by blank lines,
// two-space indentation, `=` aligned within runs of attributes (as `terraform fmt`),
// multi-entry objects one entry per line. Ends with one newline.
std::string write_hcl(const File& file);

}  // namespace gpuspec::writers
