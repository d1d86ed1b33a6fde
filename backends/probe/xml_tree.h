// A small, defensive XML reader for nvidia-smi's `-q -x` report: elements, their
// attributes and text, nothing else. No DTD is processed and no entity but the five
// predefined ones and character references is expanded (a document cannot make it
// read a file or grow without bound); nesting, element count and text are bounded.
// Malformed input is an error message, never an exception.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuspec::probe {

struct XmlElement {
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::string text;  // the element's own character data, trimmed
  std::vector<XmlElement> children;

  // The first direct child named `name`, or null.
  const XmlElement* child(std::string_view name) const;
  // The text of the element at `path` ("fb_memory_usage/total") under this one, or nullopt.
  std::optional<std::string> text_at(std::string_view path) const;
  std::optional<std::string> attribute(std::string_view name) const;
};

struct XmlLimits {
  std::size_t max_depth = 64;
  std::size_t max_elements = 1'000'000;
};

// The root element, or nullopt with `error` ("line 12: expected '>'").
std::optional<XmlElement> parse_xml(std::string_view text, std::string& error, const XmlLimits& limits = {});

}  // namespace gpuspec::probe
