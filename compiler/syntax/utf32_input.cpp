#include "syntax/utf32_input.h"

#include "source/utf8.h"

namespace gpuspec::syntax {

Utf32Input::Utf32Input(std::string_view utf8) : utf8_(utf8) {
  std::size_t code_points = utf8::count_code_points(utf8);
  if (code_points == utf8.size()) {  // ASCII, almost every spec: one code point per byte
    _data.resize(utf8.size());
    for (std::size_t i = 0; i < utf8.size(); ++i) _data[i] = static_cast<unsigned char>(utf8[i]);
    p = 0;
    return;
  }
  ascii_ = false;
  _data.reserve(code_points);
  for (std::size_t i = 0; i < utf8.size();) {
    auto lead = static_cast<unsigned char>(utf8[i]);
    std::size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    char32_t code_point = length == 1 ? lead : lead & (0x7F >> length);
    for (std::size_t k = 1; k < length && i + k < utf8.size(); ++k) {
      code_point = (code_point << 6) | (static_cast<unsigned char>(utf8[i + k]) & 0x3F);
    }
    _data.push_back(code_point);
    i += length;
  }
  p = 0;
}

std::string Utf32Input::getText(const antlr4::misc::Interval& interval) {
  if (!ascii_) return ANTLRInputStream::getText(interval);
  // ANTLRInputStream::getText's clamping, on bytes (one per code point here).
  if (interval.a < 0 || interval.b < 0) return {};
  auto start = static_cast<std::size_t>(interval.a);
  auto stop = static_cast<std::size_t>(interval.b);
  if (stop >= utf8_.size()) stop = utf8_.size() - 1;
  if (start >= utf8_.size()) return {};
  return std::string(utf8_.substr(start, stop - start + 1));
}

}  // namespace gpuspec::syntax
