#include "backends/probe/xml_tree.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

#include "source/utf8.h"

namespace gpuspec::probe {

const XmlElement* XmlElement::child(std::string_view wanted) const {
  for (const auto& c : children) {
    if (c.name == wanted) return &c;
  }
  return nullptr;
}

std::optional<std::string> XmlElement::text_at(std::string_view path) const {
  const XmlElement* at = this;
  while (!path.empty()) {
    auto slash = path.find('/');
    at = at->child(path.substr(0, slash));
    if (!at) return std::nullopt;
    path = slash == std::string_view::npos ? std::string_view{} : path.substr(slash + 1);
  }
  return at->text;
}

std::optional<std::string> XmlElement::attribute(std::string_view wanted) const {
  for (const auto& [key, value] : attributes) {
    if (key == wanted) return value;
  }
  return std::nullopt;
}

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
         c == '.' || c == ':';
}

std::string trim(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && is_space(s[b])) ++b;
  while (e > b && is_space(s[e - 1])) --e;
  return std::string(s.substr(b, e - b));
}

class Parser {
 public:
  Parser(std::string_view text, const XmlLimits& limits) : s_(text), limits_(limits) {}

  std::optional<XmlElement> parse(std::string& error) {
    std::vector<XmlElement> stack;
    std::optional<XmlElement> root;
    while (pos_ < s_.size()) {
      if (s_[pos_] != '<') {
        std::size_t end = s_.find('<', pos_);
        if (end == std::string_view::npos) end = s_.size();
        std::string_view chars = s_.substr(pos_, end - pos_);
        if (!stack.empty()) {
          if (!decode_into(chars, stack.back().text)) return fail(error, "a malformed entity or character reference");
        } else if (!trim(chars).empty()) {
          return fail(error, "text outside the root element");
        }
        pos_ = end;
        continue;
      }
      if (starts("<?")) {
        if (!skip_past("?>")) return fail(error, "an unterminated processing instruction");
      } else if (starts("<!--")) {
        if (!skip_past("-->")) return fail(error, "an unterminated comment");
      } else if (starts("<![CDATA[")) {
        std::size_t end = s_.find("]]>", pos_);
        if (end == std::string_view::npos || stack.empty()) return fail(error, "a misplaced or unterminated CDATA section");
        stack.back().text.append(s_.substr(pos_ + 9, end - pos_ - 9));
        pos_ = end + 3;
      } else if (starts("<!")) {
        if (!skip_declaration()) return fail(error, "an unterminated declaration");
      } else if (starts("</")) {
        pos_ += 2;
        std::string name = read_name();
        skip_spaces();
        if (pos_ >= s_.size() || s_[pos_] != '>') return fail(error, "expected '>'");
        ++pos_;
        if (stack.empty() || stack.back().name != name) return fail(error, fmt::format("an unexpected end tag '{}'", name));
        XmlElement done = std::move(stack.back());
        stack.pop_back();
        done.text = trim(done.text);
        if (stack.empty()) {
          if (root) return fail(error, "a second root element");
          root = std::move(done);
        } else {
          stack.back().children.push_back(std::move(done));
        }
      } else {
        ++pos_;
        XmlElement element;
        element.name = read_name();
        if (element.name.empty()) return fail(error, "expected an element name");
        if (++elements_ > limits_.max_elements) return fail(error, "too many elements");
        bool self_closing = false;
        while (true) {
          skip_spaces();
          if (pos_ >= s_.size()) return fail(error, "an unterminated start tag");
          if (s_[pos_] == '>') {
            ++pos_;
            break;
          }
          if (starts("/>")) {
            pos_ += 2;
            self_closing = true;
            break;
          }
          std::string key = read_name();
          skip_spaces();
          if (key.empty() || pos_ >= s_.size() || s_[pos_] != '=') return fail(error, "a malformed attribute");
          ++pos_;
          skip_spaces();
          if (pos_ >= s_.size() || (s_[pos_] != '"' && s_[pos_] != '\'')) return fail(error, "an unquoted attribute");
          char quote = s_[pos_++];
          std::size_t end = s_.find(quote, pos_);
          if (end == std::string_view::npos) return fail(error, "an unterminated attribute");
          std::string value;
          if (!decode_into(s_.substr(pos_, end - pos_), value)) return fail(error, "a malformed entity in an attribute");
          element.attributes.emplace_back(std::move(key), std::move(value));
          pos_ = end + 1;
        }
        if (self_closing) {
          if (stack.empty()) {
            if (root) return fail(error, "a second root element");
            root = std::move(element);
          } else {
            stack.back().children.push_back(std::move(element));
          }
        } else {
          if (stack.size() >= limits_.max_depth) return fail(error, "elements nested too deep");
          stack.push_back(std::move(element));
        }
      }
    }
    if (!stack.empty()) return fail(error, fmt::format("element '{}' is not closed", stack.back().name));
    if (!root) return fail(error, "no root element");
    return root;
  }

 private:
  std::optional<XmlElement> fail(std::string& error, std::string what) {
    std::size_t line = 1 + static_cast<std::size_t>(std::count(s_.begin(), s_.begin() + std::min(pos_, s_.size()), '\n'));
    error = fmt::format("line {}: {}", line, what);
    return std::nullopt;
  }
  bool starts(std::string_view prefix) const { return s_.substr(pos_, prefix.size()) == prefix; }
  bool skip_past(std::string_view end) {
    std::size_t at = s_.find(end, pos_);
    if (at == std::string_view::npos) return false;
    pos_ = at + end.size();
    return true;
  }
  // <!DOCTYPE ... [ internal subset ] >: skipped whole, never interpreted.
  bool skip_declaration() {
    int brackets = 0;
    for (std::size_t i = pos_ + 2; i < s_.size(); ++i) {
      char c = s_[i];
      if (c == '[') ++brackets;
      else if (c == ']') --brackets;
      else if (c == '>' && brackets <= 0) {
        pos_ = i + 1;
        return true;
      }
    }
    return false;
  }
  void skip_spaces() {
    while (pos_ < s_.size() && is_space(s_[pos_])) ++pos_;
  }
  std::string read_name() {
    std::size_t begin = pos_;
    while (pos_ < s_.size() && is_name_char(s_[pos_])) ++pos_;
    return std::string(s_.substr(begin, pos_ - begin));
  }
  // Character data with the predefined entities and character references decoded.
  static bool decode_into(std::string_view chars, std::string& out) {
    for (std::size_t i = 0; i < chars.size(); ++i) {
      if (chars[i] != '&') {
        out += chars[i];
        continue;
      }
      std::size_t semi = chars.find(';', i);
      if (semi == std::string_view::npos || semi - i > 12) return false;
      std::string_view entity = chars.substr(i + 1, semi - i - 1);
      if (entity == "lt") out += '<';
      else if (entity == "gt") out += '>';
      else if (entity == "amp") out += '&';
      else if (entity == "quot") out += '"';
      else if (entity == "apos") out += '\'';
      else if (!entity.empty() && entity[0] == '#') {
        std::uint32_t cp = 0;
        bool hex = entity.size() > 1 && (entity[1] == 'x' || entity[1] == 'X');
        std::string_view digits = entity.substr(hex ? 2 : 1);
        if (digits.empty()) return false;
        for (char d : digits) {
          int v = (d >= '0' && d <= '9') ? d - '0'
                  : hex && d >= 'a' && d <= 'f' ? d - 'a' + 10
                  : hex && d >= 'A' && d <= 'F' ? d - 'A' + 10
                                                 : -1;
          if (v < 0) return false;
          cp = cp * (hex ? 16 : 10) + static_cast<std::uint32_t>(v);
          if (cp > 0x10FFFF) return false;
        }
        if (cp == 0 || !utf8::append(out, cp)) return false;
      } else {
        return false;  // no other entity exists without a DTD, which is never read
      }
      i = semi;
    }
    return true;
  }

  std::string_view s_;
  const XmlLimits& limits_;
  std::size_t pos_ = 0;
  std::size_t elements_ = 0;
};

}  // namespace

std::optional<XmlElement> parse_xml(std::string_view text, std::string& error, const XmlLimits& limits) {
  return Parser(text, limits).parse(error);
}

}  // namespace gpuspec::probe
