// Writes a document (hcl_document.h) in Terraform's JSON syntax (`*.tf.json`).
//
// In JSON every string in an expression position is a template, so literal strings
// keep the template escaping (`$${`, `%%{`; escape_template_markers) and anything that
// is not a literal (references, calls, conditionals) is written as "${<native expr>}".
// Exceptions, as Terraform decodes them without evaluation (a literal JSON value):
// `default` and `description` of a `variable`, `description` of an `output`, and every
// attribute in the `terraform` block; a variable's `type` is the type expression as a string.
// Blocks map to nested objects by type and labels; a nested block type that occurs
// more than once becomes an array of objects.
#pragma once

#include <string>

#include "backends/writers/hcl_document.h"

namespace gpuspec::writers {

// Pretty-printed with two-space indentation, keys in document order; ends with a newline.
std::string write_tf_json(const File& file);

}  // namespace gpuspec::writers
