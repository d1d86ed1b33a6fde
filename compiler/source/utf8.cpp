#include "source/utf8.h"

#include <bit>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "source/word_scan.h"

namespace gpuspec::utf8 {

std::size_t decode(std::string_view text, std::size_t at, std::uint32_t& code_point) {
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char lead = byte(at);
  std::size_t length = 0;
  if (lead >= 0xC2 && lead <= 0xDF) length = 2;
  else if (lead >= 0xE0 && lead <= 0xEF) length = 3;
  else if (lead >= 0xF0 && lead <= 0xF4) length = 4;
  if (length == 0 || at + length > text.size()) return 0;
  std::uint32_t cp = lead & (0x7F >> length);
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(at + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(at + k) & 0x3F);
  }
  static constexpr std::uint32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kSmallest[length] || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) return 0;
  code_point = cp;
  return length;
}

namespace {

// The offset of the first byte at or after `at` that is not ASCII, or the text's size.
// Sixteen bytes at a time where SSE2 is there, else a word at a time: every file is
// validated once when it is read, and nearly all of a spec is ASCII (issue 28).
std::size_t skip_ascii(std::string_view text, std::size_t at) {
#if defined(__SSE2__)
  for (; at + 16 <= text.size(); at += 16) {
    __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + at));
    if (unsigned high = static_cast<unsigned>(_mm_movemask_epi8(bytes))) return at + std::countr_zero(high);
  }
#endif
  for (; at + word_scan::kWordSize <= text.size(); at += word_scan::kWordSize) {
    if (word_scan::any_high(word_scan::load(text.data() + at))) break;
  }
  while (at < text.size() && static_cast<unsigned char>(text[at]) < 0x80) ++at;
  return at;
}

}  // namespace

std::optional<std::size_t> first_invalid(std::string_view text) {
  std::size_t i = 0;
  while ((i = skip_ascii(text, i)) < text.size()) {
    std::uint32_t ignored = 0;
    std::size_t length = decode(text, i, ignored);
    if (length == 0) return i;
    i += length;
  }
  return std::nullopt;
}

bool is_hidden(std::uint32_t cp) {
  return (cp >= 0x80 && cp <= 0x9F) || cp == 0x061C || cp == 0x200E || cp == 0x200F || cp == 0x2028 ||
         cp == 0x2029 || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

std::size_t count_code_points(std::string_view text) {
  // Every byte but a continuation byte starts a code point; counted a word at a time.
  std::size_t continuations = 0;
  std::size_t i = 0;
#if defined(__SSE2__)
  // Or sixteen bytes at a time, the last few as the block that ends the text (its bytes
  // counted already masked off): the JSON writer counts a column's code points for
  // every range it writes (issue 28).
  if (text.size() >= 16) {
    // 0x80-0xBF are, as signed bytes, the ones below -64.
    const __m128i below = _mm_set1_epi8(-64);
    auto continuation_bits = [&](std::size_t at) {
      __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + at));
      return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmplt_epi8(bytes, below)));
    };
    for (; i + 16 <= text.size(); i += 16) {
      continuations += static_cast<std::size_t>(std::popcount(continuation_bits(i)));
    }
    if (std::size_t rest = text.size() - i) {
      continuations += static_cast<std::size_t>(std::popcount(continuation_bits(text.size() - 16) >> (16 - rest)));
    }
    return text.size() - continuations;
  }
#endif
  for (; i + word_scan::kWordSize <= text.size(); i += word_scan::kWordSize) {
    continuations += static_cast<std::size_t>(word_scan::continuation_bytes(word_scan::load(text.data() + i)));
  }
  for (; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++continuations;
  }
  return text.size() - continuations;
}

std::string_view prefix(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t end = max_bytes;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;  // back to a lead byte
  return text.substr(0, end);
}

std::string replace_invalid(std::string_view text) {
  static constexpr std::string_view kReplacement = "\xEF\xBF\xBD";
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    auto lead = static_cast<unsigned char>(text[i]);
    if (lead < 0x80) {
      out += static_cast<char>(lead);
      ++i;
      continue;
    }
    // The length of the sequence `lead` starts, and the range its second byte must be
    // in (which rules out overlong forms, surrogates and values past U+10FFFF).
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) length = 2;
    else if (lead == 0xE0) length = 3, low = 0xA0;
    else if (lead >= 0xE1 && lead <= 0xEC) length = 3;
    else if (lead == 0xED) length = 3, high = 0x9F;
    else if (lead >= 0xEE && lead <= 0xEF) length = 3;
    else if (lead == 0xF0) length = 4, low = 0x90;
    else if (lead >= 0xF1 && lead <= 0xF3) length = 4;
    else if (lead == 0xF4) length = 4, high = 0x8F;
    std::size_t valid = length == 0 ? 0 : 1;
    while (valid > 0 && valid < length && i + valid < text.size()) {
      auto byte = static_cast<unsigned char>(text[i + valid]);
      if (byte < (valid == 1 ? low : 0x80) || byte > (valid == 1 ? high : 0xBF)) break;
      ++valid;
    }
    if (length != 0 && valid == length) {
      out.append(text.substr(i, length));
      i += length;
    } else {
      out.append(kReplacement);
      i += valid == 0 ? 1 : valid;
    }
  }
  return out;
}

bool append(std::string& out, std::uint32_t cp) {
  if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
  return true;
}

}  // namespace gpuspec::utf8
