// Text that came from a spec, a catalog entry or a file name, made safe to print on a
// terminal or into a CI log: a spec must not be able to start a line of its own (a
// GitHub Actions log reads a line starting `::error` as a command), move the cursor,
// recolour the terminal or reorder what is shown. Every text renderer passes such
// text through printable() exactly once, where it is printed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace gpuspec {

// Shows invisible and line-breaking characters as escapes: `\n`, `\r`, `\t`; other
// C0 controls and DEL as `\xHH`; C1 controls (U+0080-U+009F), the line and paragraph
// separators (U+2028, U+2029) and the bidirectional controls (U+061C, U+200E, U+200F,
// U+202A-U+202E, U+2066-U+2069) as `\u{HHHH}`; bytes that are not UTF-8 as `\xHH`.
// Everything else, backslashes included, is unchanged: this is for reading, not a
// reversible encoding.
std::string printable(std::string_view text);

// The same appended to `out`, for renderers that build their output in one buffer.
void append_printable(std::string& out, std::string_view text);

}  // namespace gpuspec
