// Bytes the build stores and a run reads back (the built-in pack's compiled form,
// lint/policy_store.h): fixed-width little-endian fields, strings with their length.
// Both ends are the same build, so there is no version; a short or malformed input
// leaves the reader not ok() and every later field zero.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "source/source.h"

namespace gpuspec::eval {

class ByteWriter {
 public:
  explicit ByteWriter(std::string& out) : out_(out) {}
  void u8(std::uint8_t v) { out_.push_back(static_cast<char>(v)); }
  void u32(std::uint32_t v) { raw(&v, sizeof v); }
  void f64(double v) { raw(&v, sizeof v); }
  void str(std::string_view s) {
    u32(static_cast<std::uint32_t>(s.size()));
    out_.append(s);
  }
  void range(const SourceRange& r) {
    u32(r.file);
    u32(r.begin);
    u32(r.end);
  }

 private:
  void raw(const void* p, std::size_t n) { out_.append(static_cast<const char*>(p), n); }
  std::string& out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view in) : in_(in) {}
  bool ok() const { return ok_; }
  bool done() const { return in_.empty(); }
  // How many bytes are left: a count read from the input is at most this (each item
  // takes at least a byte), so reserving that many never trusts a malformed count.
  std::size_t left() const { return in_.size(); }
  std::uint8_t u8() {
    std::uint8_t v = 0;
    raw(&v, sizeof v);
    return v;
  }
  std::uint32_t u32() {
    std::uint32_t v = 0;
    raw(&v, sizeof v);
    return v;
  }
  double f64() {
    double v = 0;
    raw(&v, sizeof v);
    return v;
  }
  std::string_view str() {
    const std::uint32_t n = u32();
    if (!ok_ || n > in_.size()) return fail(), std::string_view{};
    std::string_view s = in_.substr(0, n);
    in_.remove_prefix(n);
    return s;
  }
  SourceRange range() {
    SourceRange r;
    r.file = u32();
    r.begin = u32();
    r.end = u32();
    return r;
  }

 private:
  void fail() {
    ok_ = false;
    in_ = {};
  }
  void raw(void* p, std::size_t n) {
    if (in_.size() < n) return fail();
    std::memcpy(p, in_.data(), n);
    in_.remove_prefix(n);
  }
  std::string_view in_;
  bool ok_ = true;
};

}  // namespace gpuspec::eval
