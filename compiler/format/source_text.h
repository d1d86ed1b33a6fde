// Reading the source a layout is printed from: line numbers, slices, and the
// comments not printed yet, in source order.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.h"
#include "source/source.h"

namespace gpuspec::format {

class SourceText {
 public:
  explicit SourceText(const SourceFile& source) : source_(source) {}

  std::uint32_t line_of(std::uint32_t offset) const { return source_.line_column(offset).line; }
  // The line a range's last character is on (its first line when it is empty).
  std::uint32_t last_line_of(SourceRange range) const {
    return line_of(range.end > range.begin ? range.end - 1 : range.begin);
  }
  bool on_one_line(SourceRange range) const { return line_of(range.begin) == last_line_of(range); }
  // The text of `range` with "\r\n" turned into "\n" (the layout writes "\n" only).
  std::string slice(SourceRange range) const;
  std::string slice(std::uint32_t begin, std::uint32_t end) const;

 private:
  const SourceFile& source_;
};

// The comments of a file, handed out once each in source order.
class CommentCursor {
 public:
  explicit CommentCursor(const std::vector<ast::Comment>& comments) : comments_(comments) {}

  // The next comment when it begins before `offset`, else null.
  const ast::Comment* next_before(std::uint32_t offset) const {
    return next_ < comments_.size() && comments_[next_].range.begin < offset ? &comments_[next_] : nullptr;
  }
  const ast::Comment& take() { return comments_[next_++]; }
  // Whether a comment not printed yet begins inside `range`.
  bool any_inside(SourceRange range) const;
  // Marks the comments inside a range printed verbatim as printed.
  void skip_to(std::uint32_t offset) {
    while (next_before(offset)) ++next_;
  }
  bool done() const { return next_ >= comments_.size(); }

 private:
  const std::vector<ast::Comment>& comments_;
  std::size_t next_ = 0;
};

std::string indentation(int depth);

}  // namespace gpuspec::format
