#include "diag/json_string.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "source/utf8.h"
#include "source/word_scan.h"

namespace gpuspec {
namespace {

// Whether a word holds a byte the loop must stop at: one to escape, or (until the
// text is known to be valid UTF-8) one of a multi-byte sequence.
bool word_needs_attention(std::uint64_t word, bool utf8_checked) {
  using namespace word_scan;
  std::uint64_t hits = any_below(word, 0x20) | any_equal(word, '"') | any_equal(word, '\\');
  if (!utf8_checked) hits |= any_high(word);
  return hits != 0;
}

bool byte_needs_attention(unsigned char c, bool utf8_checked) {
  return c < 0x20 || c == '"' || c == '\\' || (c >= 0x80 && !utf8_checked);
}

#if defined(__SSE2__)
// The bytes of the 16 at `p` that need attention, as bits (byte i is bit i). Sixteen
// bytes in a few instructions: the word loop below spent ~2 instructions a byte, and
// diagnostics' messages and notes are most of `check --format json`'s 100 MB.
unsigned block_attention(const char* p, bool utf8_checked) {
  __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  __m128i quote = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('"'));
  __m128i backslash = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\'));
  // Below 0x20, unsigned: the byte is its own minimum with 0x1F.
  __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(bytes, _mm_set1_epi8(0x1F)), bytes);
  auto hits = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), control)));
  if (!utf8_checked) hits |= static_cast<unsigned>(_mm_movemask_epi8(bytes));  // the high bit: not ASCII
  return hits;
}
#endif

void append_escape(std::string& out, unsigned char c) {
  switch (c) {
    case '"': out.append("\\\"", 2); return;
    case '\\': out.append("\\\\", 2); return;
    case '\b': out.append("\\b", 2); return;
    case '\f': out.append("\\f", 2); return;
    case '\n': out.append("\\n", 2); return;
    case '\r': out.append("\\r", 2); return;
    case '\t': out.append("\\t", 2); return;
    default: {
      static constexpr char kHex[] = "0123456789abcdef";
      const char escaped[6] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 0xf]};
      out.append(escaped, sizeof escaped);
    }
  }
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
  const char* p = text.data();
  const char* const end = p + text.size();
  const char* plain_from = p;  // the first byte not yet appended
  bool utf8_checked = false;   // the rest of the text is known to be valid UTF-8
  const std::size_t size_before = out.size();
  out += '"';
  for (;;) {
#if defined(__SSE2__)
    while (end - p >= 16) {
      if (unsigned hits = block_attention(p, utf8_checked)) {
        p += __builtin_ctz(hits);
        break;
      }
      p += 16;
    }
#endif
    while (static_cast<std::size_t>(end - p) >= word_scan::kWordSize &&
           !word_needs_attention(word_scan::load(p), utf8_checked)) {
      p += word_scan::kWordSize;
    }
    while (p < end && !byte_needs_attention(static_cast<unsigned char>(*p), utf8_checked)) ++p;
    if (p == end) break;
    auto c = static_cast<unsigned char>(*p);
    if (c >= 0x80) {
      // Everything before is ASCII, so checking from here checks the whole text.
      if (utf8::first_invalid(std::string_view(p, static_cast<std::size_t>(end - p)))) {
        out.resize(size_before);
        append_json_string(out, utf8::replace_invalid(text));  // valid now: no second detour
        return;
      }
      utf8_checked = true;
      continue;
    }
    out.append(plain_from, static_cast<std::size_t>(p - plain_from));
    append_escape(out, c);
    plain_from = ++p;
  }
  out.append(plain_from, static_cast<std::size_t>(end - plain_from));
  out += '"';
}

}  // namespace gpuspec
