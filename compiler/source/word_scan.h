// Eight bytes at a time: whether a word of text holds any byte a writer must stop at
// (a control character, a quote, a byte of a multi-byte sequence). Renderers skip runs
// of plain text a word at a time and append them in bulk; a byte loop over the 100 MB
// that `check --format json` writes for a large project was a visible part of its CPU.
//
// Every test answers "is there such a byte in this word" exactly; it does not say which
// byte (a borrow may mark the bytes above a hit too), so callers look byte by byte at a
// word that answers yes. Plain C++ on a 64-bit integer: no byte order or SIMD assumed.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace gpuspec::word_scan {

inline constexpr std::size_t kWordSize = 8;
inline constexpr std::uint64_t kOnes = 0x0101010101010101ull;
inline constexpr std::uint64_t kHighs = 0x8080808080808080ull;

inline std::uint64_t load(const char* bytes) {
  std::uint64_t word;
  std::memcpy(&word, bytes, sizeof word);
  return word;
}

// Non-zero when some byte of `word` is below `limit` (limit <= 0x80).
constexpr std::uint64_t any_below(std::uint64_t word, unsigned limit) { return (word - kOnes * limit) & ~word & kHighs; }

// Non-zero when some byte of `word` equals `byte`.
constexpr std::uint64_t any_equal(std::uint64_t word, unsigned char byte) { return any_below(word ^ (kOnes * byte), 1); }

// Non-zero when some byte of `word` is 0x80 or above (not ASCII).
constexpr std::uint64_t any_high(std::uint64_t word) { return word & kHighs; }

// The number of UTF-8 continuation bytes (10xxxxxx) in `word`.
inline int continuation_bytes(std::uint64_t word) {
  // Bit 7 set and bit 6 clear; `word << 1` moves each byte's bit 6 to its bit 7.
  std::uint64_t marks = word & ~(word << 1) & kHighs;
  return std::popcount(marks);
}

}  // namespace gpuspec::word_scan
