// A JSON file too large to hold (an AWS offer file is gigabytes) read as a stream of
// events with the path of keys that leads to each, through nlohmann's SAX parser. The
// reader keeps what it needs as the events pass; nothing else is retained, so memory is
// what the reader keeps plus the largest single JSON token of the file.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuspec::prices_import {

// Deeper nesting is refused: no offer file nests past a handful of levels, and the
// handler's path must stay bounded.
inline constexpr std::size_t kMaxJsonDepth = 64;

class JsonPathHandler : public nlohmann::json_sax<nlohmann::json> {
 public:
  // The names leading to the current container: "" for the root, then the key (or
  // "[]" for an array element) under which each nested container was opened.
  const std::vector<std::string>& path() const { return names_; }
  std::size_t depth() const { return names_.size(); }
  // The key of the value being read in the current object ("" in an array).
  const std::string& key() const { return frames_.empty() ? empty_ : frames_.back().key; }
  // Set when a handler stops the parse (its reason); the parse then fails with it.
  const std::string& stopped() const { return stopped_; }
  // Set by parse_error: nlohmann's message ("parse error at line 3, column 5: ...") and
  // how many bytes had been read when it failed.
  const std::string& syntax_error() const { return syntax_error_; }
  std::size_t error_position() const { return error_position_; }
  // How many bytes had been read when a handler stopped the parse: just past the
  // token that made it stop (the `{` one level too deep).
  std::size_t stop_position() const { return stop_position_; }
  // Where the bytes read so far can be counted (set by the parse functions below).
  void count_bytes_with(std::function<std::size_t()> bytes_read) { bytes_read_ = std::move(bytes_read); }

 protected:
  // A string, number, boolean or null at path() + key(); numbers as their source text.
  virtual bool on_value(const std::string& text, bool is_string) = 0;
  // An object or array opened; path() already names it.
  virtual bool on_open(bool is_object) = 0;
  // The current object or array is about to close; path() still names it.
  virtual bool on_close(bool is_object) = 0;
  bool stop(std::string reason);

 private:
  struct Frame {
    std::string key;
    bool is_object = true;
  };
  bool open(bool is_object);
  bool close(bool is_object);

 public:
  bool null() override { return on_value("null", false); }
  bool boolean(bool value) override { return on_value(value ? "true" : "false", false); }
  bool number_integer(number_integer_t value) override { return on_value(std::to_string(value), false); }
  bool number_unsigned(number_unsigned_t value) override { return on_value(std::to_string(value), false); }
  bool number_float(number_float_t, const string_t& text) override { return on_value(text, false); }
  bool string(string_t& value) override { return on_value(value, true); }
  bool binary(binary_t&) override { return stop("binary values are not JSON"); }
  bool start_object(std::size_t) override { return open(true); }
  bool key(string_t& value) override;
  bool end_object() override { return close(true); }
  bool start_array(std::size_t) override { return open(false); }
  bool end_array() override { return close(false); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& error) override;

 private:
  std::vector<Frame> frames_;
  std::vector<std::string> names_;
  std::string empty_;
  std::string stopped_;
  std::string syntax_error_;
  std::size_t error_position_ = 0;
  std::size_t stop_position_ = 0;
  std::function<std::size_t()> bytes_read_;
};

// Streams the regular file `path` (at most `limit` bytes; a larger file is refused with
// a message naming `limit_variable`) through `handler`. Returns "" when the whole file
// parsed, else why not: unreadable, too large, a syntax error, or the handler's stop.
std::string stream_json_file(const std::string& path, std::uint64_t limit, std::string_view limit_variable,
                             JsonPathHandler& handler);

// Parses JSON held in memory through `handler`: true when it all parsed. Otherwise the
// handler says why (stopped() or syntax_error()) and where (stop_position() or
// error_position()).
bool parse_json_text(std::string_view text, JsonPathHandler& handler);

}  // namespace gpuspec::prices_import
