// The ANTLR character stream of one file, decoded from UTF-8 once.
#pragma once

#include <string>
#include <string_view>

#include "antlr4-runtime.h"

namespace gpuspec::syntax {

// ANTLR's own UTF-8 loading peaks at several copies of the text; this fills the UTF-32
// buffer once, at its final size. The text must be valid UTF-8 (checked before) and
// must outlive the stream: token text is cut from it.
class Utf32Input : public antlr4::ANTLRInputStream {
 public:
  explicit Utf32Input(std::string_view utf8);
  // The decoded code points, for the hand-written lexer.
  std::u32string_view code_points() const { return _data; }
  // What ANTLRInputStream::getText returns (every token's text comes from here), but
  // for ASCII text cut straight from the UTF-8 bytes instead of re-encoding code points
  // through std::wstring_convert, which cost 5 % of a check.
  std::string getText(const antlr4::misc::Interval& interval) override;

 private:
  std::string_view utf8_;
  bool ascii_ = true;
};

}  // namespace gpuspec::syntax
