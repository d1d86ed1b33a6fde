// HTML output: the one place HTML and SVG text is escaped, by the markup rule JUnit
// shares (source/markup_escape.h). Every string that came from a spec, the catalog or
// the price book goes through `text` or an attribute value, so a name like `<script>`
// or `"onload=` is shown, never run, and a line break in it never starts a line. Markup built by trusted code
// (the charts of svg_chart.h) is added with `raw`.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuspec::writers {

// An http(s) address as given, or "" when it is anything else (javascript:, data:, a
// relative path): what a report may link to.
std::string safe_url(std::string_view url);

using HtmlAttributes = std::vector<std::pair<std::string, std::string>>;

class HtmlWriter {
 public:
  // `<tag a="v">`; attribute values are escaped.
  HtmlWriter& open(std::string_view tag, const HtmlAttributes& attributes = {});
  HtmlWriter& close(std::string_view tag);
  // Escaped text.
  HtmlWriter& text(std::string_view text);
  // `<tag ...>text</tag>` with the text escaped.
  HtmlWriter& element(std::string_view tag, std::string_view text, const HtmlAttributes& attributes = {});
  // Markup from trusted code.
  HtmlWriter& raw(std::string_view markup);
  // A table: a header row and rows of escaped cells.
  HtmlWriter& table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                    const HtmlAttributes& attributes = {});
  const std::string& str() const { return out_; }

 private:
  std::string out_;
};

// A complete, self-contained page: doctype, UTF-8, title, an inline style sheet, the body.
std::string html_page(std::string_view title, std::string_view style, std::string_view body);

}  // namespace gpuspec::writers
