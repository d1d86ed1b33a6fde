#include "diag/verify_directives.h"

#include <cctype>
#include <string_view>
#include <utility>

#include <fmt/format.h>

namespace gpuspec {
namespace {

constexpr std::string_view kMarker = "expected-";

struct Span {
  std::size_t begin;
  std::size_t end;
};

// Byte spans of comment bodies. String literals are skipped so that a URL such
// as "https://…" is not taken for a comment.
std::vector<Span> comment_spans(std::string_view text) {
  std::vector<Span> spans;
  std::size_t i = 0;
  const std::size_t n = text.size();
  auto line_end = [&](std::size_t from) {
    std::size_t end = text.find('\n', from);
    return end == std::string_view::npos ? n : end;
  };
  while (i < n) {
    std::string_view rest = text.substr(i);
    if (rest.starts_with(R"(""")")) {
      std::size_t close = text.find(R"(""")", i + 3);
      i = close == std::string_view::npos ? n : close + 3;
    } else if (rest.front() == '"') {
      ++i;
      while (i < n && text[i] != '"' && text[i] != '\n') i += text[i] == '\\' ? 2 : 1;
      ++i;
    } else if (rest.front() == '#' || rest.starts_with("//")) {
      std::size_t end = line_end(i);
      spans.push_back({i, end});
      i = end;
    } else if (rest.starts_with("/*")) {
      std::size_t close = text.find("*/", i + 2);
      std::size_t end = close == std::string_view::npos ? n : close;
      spans.push_back({i + 2, end});
      i = close == std::string_view::npos ? n : close + 2;
    } else {
      ++i;
    }
  }
  return spans;
}

bool is_word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-' || c == '.';
}

// Parses one directive whose "expected-" marker starts at `pos` within a comment.
class DirectiveParser {
 public:
  DirectiveParser(const SourceFile& file, std::string_view comment, std::size_t comment_offset, FileDirectives& out)
      : file_(file), comment_(comment), comment_offset_(comment_offset), out_(out) {}

  void parse_at(std::size_t pos) {
    pos_ = pos;
    line_ = file_.line_column(static_cast<std::uint32_t>(comment_offset_ + pos)).line;
    bool preceded_by_word = pos > 0 && is_word_char(comment_[pos - 1]);
    if (preceded_by_word) return;  // "unexpected-error" is prose, not a directive
    pos_ += kMarker.size();

    if (accept_word("no-diagnostics")) {
      if (!out_.no_diagnostics_line) out_.no_diagnostics_line = line_;
      return;
    }
    if (accept_word("note")) {
      problem("expected-note is not supported; notes are checked as part of their diagnostic");
      return;
    }
    std::optional<Severity> severity;
    if (accept_word("error")) severity = Severity::Error;
    else if (accept_word("warning")) severity = Severity::Warning;
    else if (accept_word("info")) severity = Severity::Info;
    if (!severity) return;  // some other "expected-…" word in prose
    parse_expectation(*severity);
  }

 private:
  void parse_expectation(Severity severity) {
    Expectation expectation;
    expectation.file = file_.id();
    expectation.severity = severity;
    std::string directive = fmt::format("expected-{}", severity_name(severity));

    if (accept("[")) {
      std::size_t close = comment_.find(']', pos_);
      if (close == std::string_view::npos) return problem(fmt::format("missing ']' after '{}['", directive));
      expectation.id = std::string(comment_.substr(pos_, close - pos_));
      pos_ = close + 1;
    }
    std::optional<std::uint32_t> target = line_;
    if (accept("@")) target = parse_line_spec();
    if (!target) return problem(fmt::format("invalid line after '{}@': use @+N, @-N or @N", directive));
    if (*target < 1 || *target > file_.line_count()) {
      return problem(fmt::format("'{}' points at line {}, outside the file", directive, static_cast<long>(*target)));
    }
    expectation.line = *target;

    skip_blanks();
    if (!accept("{{")) return problem(fmt::format("expected '{{{{' after '{}'", directive));
    std::size_t close = comment_.find("}}", pos_);
    if (close == std::string_view::npos) return problem(fmt::format("missing '}}}}' after '{}'", directive));
    expectation.substring = std::string(comment_.substr(pos_, close - pos_));
    pos_ = close + 2;
    skip_blanks();
    if (comment_.substr(pos_).starts_with("{{")) {
      return problem(fmt::format("only one {{{{...}}}} per '{}'; write one directive per expected diagnostic", directive));
    }
    out_.expectations.push_back(std::move(expectation));
  }

  // The text after '@'. Returns nullopt when malformed; a result below 1 is
  // returned as 0 so the caller reports it as outside the file.
  std::optional<std::uint32_t> parse_line_spec() {
    int sign = 0;
    if (accept("+")) sign = 1;
    else if (accept("-")) sign = -1;
    std::size_t digits_begin = pos_;
    long value = 0;
    while (pos_ < comment_.size() && std::isdigit(static_cast<unsigned char>(comment_[pos_])) && value < 100000000) {
      value = value * 10 + (comment_[pos_] - '0');
      ++pos_;
    }
    if (pos_ == digits_begin) return std::nullopt;
    long line = sign == 0 ? value : static_cast<long>(line_) + sign * value;
    return line < 1 ? 0u : static_cast<std::uint32_t>(line);
  }

  bool accept(std::string_view token) {
    if (!comment_.substr(pos_).starts_with(token)) return false;
    pos_ += token.size();
    return true;
  }

  // Like accept, but "error" must not be the start of a longer word like "errors".
  bool accept_word(std::string_view word) {
    std::string_view rest = comment_.substr(pos_);
    if (!rest.starts_with(word)) return false;
    if (rest.size() > word.size() && is_word_char(rest[word.size()])) return false;
    pos_ += word.size();
    return true;
  }

  void skip_blanks() {
    while (pos_ < comment_.size() && (comment_[pos_] == ' ' || comment_[pos_] == '\t')) ++pos_;
  }

  void problem(std::string what) { out_.problems.push_back(fmt::format("{}:{}: {}", file_.path(), line_, what)); }

  const SourceFile& file_;
  std::string_view comment_;
  std::size_t comment_offset_;
  FileDirectives& out_;
  std::size_t pos_ = 0;
  std::uint32_t line_ = 0;
};

}  // namespace

FileDirectives parse_verify_directives(const SourceFile& file) {
  FileDirectives out;
  std::string_view text = file.text();
  for (Span span : comment_spans(text)) {
    std::string_view comment = text.substr(span.begin, span.end - span.begin);
    DirectiveParser parser(file, comment, span.begin, out);
    for (std::size_t pos = comment.find(kMarker); pos != std::string_view::npos; pos = comment.find(kMarker, pos + 1)) {
      parser.parse_at(pos);
    }
  }
  return out;
}

}  // namespace gpuspec
