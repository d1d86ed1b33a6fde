#include "backends/writers/html_writer.h"

#include "source/markup_escape.h"

namespace gpuspec::writers {

std::string safe_url(std::string_view url) {
  if (url.starts_with("https://") || url.starts_with("http://")) return std::string(url);
  return "";
}

HtmlWriter& HtmlWriter::open(std::string_view tag, const HtmlAttributes& attributes) {
  out_ += "<";
  out_ += tag;
  for (const auto& [name, value] : attributes) out_ += " " + name + "=\"" + markup_escape(value) + "\"";
  out_ += ">";
  return *this;
}

HtmlWriter& HtmlWriter::close(std::string_view tag) {
  out_ += "</";
  out_ += tag;
  out_ += ">\n";
  return *this;
}

HtmlWriter& HtmlWriter::text(std::string_view text) {
  out_ += markup_escape(text);
  return *this;
}

HtmlWriter& HtmlWriter::element(std::string_view tag, std::string_view text, const HtmlAttributes& attributes) {
  open(tag, attributes);
  this->text(text);
  return close(tag);
}

HtmlWriter& HtmlWriter::raw(std::string_view markup) {
  out_ += markup;
  return *this;
}

HtmlWriter& HtmlWriter::table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                              const HtmlAttributes& attributes) {
  open("table", attributes);
  open("thead").open("tr");
  for (const auto& h : header) element("th", h);
  close("tr").close("thead");
  open("tbody");
  for (const auto& row : rows) {
    open("tr");
    for (const auto& cell : row) element("td", cell);
    close("tr");
  }
  close("tbody");
  return close("table");
}

std::string html_page(std::string_view title, std::string_view style, std::string_view body) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += "<title>" + markup_escape(title) + "</title>\n";
  out += "<style>\n";
  out += style;
  out += "</style>\n</head>\n<body>\n";
  out += body;
  out += "</body>\n</html>\n";
  return out;
}

}  // namespace gpuspec::writers
