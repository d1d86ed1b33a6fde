// The one escaping rule for XML and HTML output — JUnit reports (`check --format
// junit`, `test --junit`), the HTML quote and suggestion reports and their SVG charts.
// Text from a spec or a file name is written so that an XML parser reads it back as
// it was, and so that no line of the file begins with it: a CI log that echoes a
// report reads a line starting `::warning` as a workflow command.
//
//   & < > " '                      &amp; &lt; &gt; &quot; &apos;
//   tab, line feed, carriage return &#9; &#10; &#13; (in attributes too, where a parser
//                                   would otherwise turn them into spaces)
//   DEL, C1 controls, U+2028/U+2029 numeric references (&#127; &#x85; &#x2028;): exact,
//                                   and nothing invisible or line-breaking in the file
//   other C0 controls (U+0001-U+001F, NUL) and U+FFFE/U+FFFF, which XML 1.0 cannot
//                                   carry even as a reference: the text `\xHH` or
//                                   `\u{FFFE}`, as `check`'s text output shows them
//   bytes that are not UTF-8         the text `\xHH`
//
// Only those last two cases read back differently from the input (docs/outputs.md).
#pragma once

#include <string>
#include <string_view>

namespace gpuspec {

std::string markup_escape(std::string_view text);
void append_markup_escaped(std::string& out, std::string_view text);

}  // namespace gpuspec
