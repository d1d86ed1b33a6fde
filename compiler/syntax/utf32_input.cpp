#include "syntax/utf32_input.h"

#include "source/utf8.h"

namespace gpuspec::syntax {

Utf32Input::Utf32Input(std::string_view utf8) {
  _data.reserve(utf8::count_code_points(utf8));
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

}  // namespace gpuspec::syntax
