#include "diag/json_string.h"

#include <algorithm>
#include <cstring>
#include <memory>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "source/utf8.h"

namespace gpuspec {
namespace {

bool byte_needs_attention(unsigned char c, bool utf8_checked) {
  return c < 0x20 || c == '"' || c == '\\' || (c >= 0x80 && !utf8_checked);
}

#if defined(__SSE2__)
// The bytes of the 16 in `bytes` that need attention (one to escape, or, until the text
// is known to be valid UTF-8, one of a multi-byte sequence), as bits (byte i is bit i).
// Sixteen bytes in a few instructions: diagnostics' messages and notes are most of
// `check --format json`'s output.
unsigned block_attention(__m128i bytes, bool utf8_checked) {
  __m128i quote = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('"'));
  __m128i backslash = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\'));
  __m128i special;
  if (!utf8_checked) {
    // Below 0x20 or not ASCII in one comparison: as signed bytes, 0x80-0xFF are negative.
    special = _mm_cmplt_epi8(bytes, _mm_set1_epi8(0x20));
  } else {
    // Below 0x20, unsigned: the byte is its own minimum with 0x1F.
    special = _mm_cmpeq_epi8(_mm_min_epu8(bytes, _mm_set1_epi8(0x1F)), bytes);
  }
  return static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), special)));
}
#endif

// What dump() writes for a byte it escapes, padded to 8 bytes so that one fixed-size
// copy writes any of them (the slack covers the padding).
struct Escape {
  char text[8];
  unsigned char size;
};
struct Escapes {
  Escape of[0x60] = {};
  constexpr Escapes() {
    constexpr char kHex[] = "0123456789abcdef";
    for (unsigned c = 0; c < 0x20; ++c) of[c] = {{'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 0xf]}, 6};
    of['\b'] = {{'\\', 'b'}, 2};
    of['\f'] = {{'\\', 'f'}, 2};
    of['\n'] = {{'\\', 'n'}, 2};
    of['\r'] = {{'\\', 'r'}, 2};
    of['\t'] = {{'\\', 't'}, 2};
    of['"'] = {{'\\', '"'}, 2};
    of['\\'] = {{'\\', '\\'}, 2};
  }
};
constexpr Escapes kEscapes;

}  // namespace

char* write_json_string(char* at, std::string_view text) {
  char* const start = at;
  const char* p = text.data();
  const char* const end = p + text.size();
  bool utf8_checked = false;  // the rest of the text is known to be valid UTF-8
  const char* copied_from = p;  // from here on the output is the text byte for byte
  *at++ = '"';
  for (;;) {
    bool found = false;  // p is at a byte that needs attention
#if defined(__SSE2__)
    // Each block is stored before it is looked at: a block without a hit is then
    // written already, and one with a hit has its plain bytes before the hit in place
    // (what follows is overwritten).
    while (end - p >= 16) {
      __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(at), bytes);
      if (unsigned hits = block_attention(bytes, utf8_checked)) {
        auto plain = static_cast<unsigned>(__builtin_ctz(hits));
        p += plain;
        at += plain;
        found = true;
        break;
      }
      p += 16;
      at += 16;
    }
    // The last few bytes as the block that ends the text, when the bytes it shares
    // with what came before were copied as they are (so storing them again changes
    // nothing): a byte at a time, the tails were ~50 instructions a string.
    const auto rest = static_cast<std::size_t>(end - p);
    if (!found && rest > 0 && static_cast<std::size_t>(p - copied_from) >= 16 - rest) {
      __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(end - 16));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(at - (16 - rest)), bytes);
      unsigned hits = block_attention(bytes, utf8_checked) >> (16 - rest);
      if (!hits) {
        at += rest;
        break;
      }
      auto plain = static_cast<unsigned>(__builtin_ctz(hits));
      p += plain;
      at += plain;
      found = true;
    }
#endif
    if (!found) {
      while (p < end && !byte_needs_attention(static_cast<unsigned char>(*p), utf8_checked)) *at++ = *p++;
      if (p == end) break;
    }
    auto c = static_cast<unsigned char>(*p);
    if (c >= 0x80) {
      // Everything before is ASCII, so checking from here checks the whole text.
      if (utf8::first_invalid(std::string_view(p, static_cast<std::size_t>(end - p)))) {
        // Replaced, the text is valid and no longer (U+FFFD's three bytes for at
        // least one byte each): within the same bound, and no second detour.
        return write_json_string(start, utf8::replace_invalid(text));
      }
      utf8_checked = true;
      continue;
    }
    const Escape& escape = kEscapes.of[c];
    std::memcpy(at, escape.text, sizeof escape.text);
    at += escape.size;
    copied_from = ++p;
  }
  *at++ = '"';
  return at;
}

char* json_scratch(std::size_t size) {
  thread_local std::unique_ptr<char[]> buffer;
  thread_local std::size_t capacity = 0;
  if (capacity < size) {
    capacity = std::max(size, 2 * capacity);
    buffer.reset(new char[capacity]);  // not value-initialized: nothing is read before it is written
  }
  return buffer.get();
}

void append_json_string(std::string& out, std::string_view text) {
  char* start = json_scratch(json_string_bound(text.size()) + kJsonWriteSlack);
  char* end = write_json_string(start, text);
  out.append(start, static_cast<std::size_t>(end - start));
}

}  // namespace gpuspec
