// What compiled_run.cpp and compiled_trace.cpp share (internal to compiler/eval).
#pragma once

#include <string>

#include "facts/fact.h"

namespace gpuspec::eval::detail {

// Appends what Value::display returns, without the intermediate string for the
// commonest values (symbols, strings, booleans) of message holes and why-notes.
void append_value(const facts::Value& v, std::string& out);

}  // namespace gpuspec::eval::detail
