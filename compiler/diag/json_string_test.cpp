// append_json_string writes what nlohmann's dump() writes for the same string, for
// every byte that must be escaped at every offset within a word, for UTF-8, and for
// random mixes; text that is not UTF-8 gets dump()'s replacement characters.
#include "diag/json_string.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace gpuspec {
namespace {

std::string dom_dump(const std::string& text) { return nlohmann::json(text).dump(); }

std::string written(const std::string& text) {
  std::string out;
  append_json_string(out, text);
  return out;
}

TEST(JsonString, EveryAsciiByteAlone) {
  EXPECT_EQ(written(""), "\"\"");
  for (int c = 0; c < 0x80; ++c) {
    std::string text(1, static_cast<char>(c));
    EXPECT_EQ(written(text), dom_dump(text)) << c;
  }
  EXPECT_EQ(written("\x01\x1f\x7f"), "\"\\u0001\\u001f\x7f\"");
  EXPECT_EQ(written("\b\f\n\r\t\"\\/"), "\"\\b\\f\\n\\r\\t\\\"\\\\/\"");
}

// Escapes before, inside and after a word of eight plain bytes or a block of sixteen,
// and at their edges.
TEST(JsonString, EscapesAtEveryOffset) {
  for (std::size_t at = 0; at < 40; ++at) {
    for (const std::string& special : std::vector<std::string>{"\"", "\\", "\n", std::string(1, '\0'), "\x1f", "\xC3\xA9", "\xF0\x9F\x98\x80"}) {
      std::string text = std::string(at, 'x') + special + std::string(39 - at, 'y');
      EXPECT_EQ(written(text), dom_dump(text)) << at;
    }
  }
}

TEST(JsonString, Utf8IsWrittenAsIs) {
  for (std::string text : {"gr\xC3\xB6\xC3\x9F" "er", "\xE2\x80\xA8 line separator", "\xF4\x8F\xBF\xBF",
                           "long ascii prefix before " "\xE6\x98\xBE\xE5\xAD\x98" " and \"quotes\" after"}) {
    EXPECT_EQ(written(text), dom_dump(text));
    if (text.find('"') == std::string::npos) {
      EXPECT_EQ(written(text), "\"" + text + "\"");
    }
  }
}

std::string dom_dump_replacing(const std::string& text) {
  return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Invalid UTF-8 (a Latin-1 file name, a token cut inside a character) used to throw
// type_error 316 halfway through `check --format json`, leaving a truncated document.
// It is replaced by U+FFFD exactly as nlohmann's replace handler does.
TEST(JsonString, InvalidUtf8IsReplacedLikeTheDomsReplaceHandler) {
  for (std::string text : {"\xFF", "broken \xFF byte", "\xC0\xAF", "\xED\xA0\x80", "cut \xE2\x82", "cut at the end \xF0\x9F\x98",
                           "valid \xC3\xA9 then \x80", "0123456789abcdef\xF5\x80\x80\x80", "\xE0\x80\xAF", "\xF4\x90\x80\x80",
                           "\xE2\x82\"quote after\\", "\xC3\n\xC3\xA9", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xC3...",
                           "\xF0\x9F\xC3\xA9\x98\x80"}) {
    std::string out = "kept";
    append_json_string(out, text);
    EXPECT_EQ(out, "kept" + dom_dump_replacing(text)) << text;
  }
  EXPECT_EQ(written("a\xE9" "b"), "\"a\xEF\xBF\xBD" "b\"");
}

TEST(JsonString, AgreesWithTheDomOnRandomText) {
  const std::vector<std::string> pieces = {"a", "plain text ", "\"", "\\", "\n", "\r", "\t", std::string(1, '\0'),
                                           "\x1b", "\x7f", "/", "\xC3\xA9", "\xE2\x80\xA8", "\xF0\x9F\x98\x80",
                                           "\xC3", "\x80", "\xF0\x9F", "\xED\xA0", "\xFF"};
  std::mt19937 random(7);
  for (int round = 0; round < 3000; ++round) {
    std::string text;
    auto count = random() % 24;
    for (unsigned k = 0; k < count; ++k) text += pieces[random() % pieces.size()];
    std::string out = "prefix";
    append_json_string(out, text);
    EXPECT_EQ(out, "prefix" + dom_dump_replacing(text)) << round;
  }
}

// write_json_string stays within json_string_bound() plus kJsonWriteSlack for the texts
// that grow most (every byte a \u00xx, every byte replaced by U+FFFD, a mix), at every
// length around its 16-byte blocks, and writes what append_json_string appends: a
// diagnostic's buffer is sized from these bounds once, so a byte past them would be a
// write past the buffer.
TEST(JsonString, WriterStaysWithinItsBound) {
  const std::vector<std::string> bytes = {std::string(1, '\x01'), "\xFF", "\"", "\xC3", "a", "\xE2\x82\xAC"};
  for (const std::string& byte : bytes) {
    for (std::size_t count = 0; count < 40; ++count) {
      std::string text;
      for (std::size_t i = 0; i < count; ++i) text += (i % 3 == 2 && byte != "a") ? std::string("\x02") : byte;
      const std::size_t room = json_string_bound(text.size()) + kJsonWriteSlack;
      std::string buffer(room + 64, '#');
      char* end = write_json_string(buffer.data(), text);
      auto written_size = static_cast<std::size_t>(end - buffer.data());
      EXPECT_LE(written_size, json_string_bound(text.size())) << count;
      EXPECT_EQ(buffer.substr(room), std::string(64, '#')) << "wrote past its room, " << count;
      EXPECT_EQ(buffer.substr(0, written_size), dom_dump_replacing(text)) << count;
    }
  }
}

}  // namespace
}  // namespace gpuspec
