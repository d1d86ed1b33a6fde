#include "backends/writers/hcl_writer.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "units/integral.h"

namespace gpuspec::writers {

namespace {

std::string format_number(double value) {
  if (units::is_exact_integer(value)) return fmt::format("{}", static_cast<long long>(value));
  return fmt::format("{}", value);
}

// HCL's keywords are identifiers too, but not as a bare object key: `{ for = "x" }`
// starts a for-expression (an invalid module), `null` or `true` would be read as the
// value, not the name. They are quoted like any other key that is not an identifier.
bool is_keyword(std::string_view key) {
  static constexpr std::string_view kKeywords[] = {"for", "in", "if", "else", "endif", "endfor", "true", "false", "null"};
  return std::find(std::begin(kKeywords), std::end(kKeywords), key) != std::end(kKeywords);
}

std::string object_key(const std::string& key) {
  return is_identifier(key) && !is_keyword(key) ? key : quote_template_string(key);
}

std::string render(const Expr& expr);

std::string render_steps(const Expr::Ref& ref) {
  std::string out;
  for (std::size_t i = 0; i < ref.steps.size(); ++i) {
    const Step& step = ref.steps[i];
    switch (step.kind) {
      case Step::Kind::Attr: out += (i ? "." : "") + step.name; break;
      case Step::Kind::Index: out += fmt::format("[{}]", step.index); break;
      case Step::Kind::Splat: out += "[*]"; break;
      case Step::Kind::RefIndex: out += "[" + step.name + "]"; break;
    }
  }
  return out;
}

struct Render {
  std::string operator()(const Expr::String& s) const { return quote_template_string(s.text); }
  std::string operator()(const Expr::Number& n) const { return format_number(n.value); }
  std::string operator()(const Expr::Bool& b) const { return b.value ? "true" : "false"; }
  std::string operator()(const Expr::Null&) const { return "null"; }
  std::string operator()(const Expr::Ref& r) const { return render_steps(r); }
  std::string operator()(const Expr::Type& t) const { return std::string(type_constraint_text(t.type)); }
  std::string operator()(const Expr::Call& c) const {
    std::string out = c.function + "(";
    for (std::size_t i = 0; i < c.args.size(); ++i) out += (i ? ", " : "") + render(c.args[i]);
    return out + ")";
  }
  std::string operator()(const Expr::Conditional& c) const {
    return render(c.parts[0]) + " ? " + render(c.parts[1]) + " : " + render(c.parts[2]);
  }
  std::string operator()(const Expr::Comparison& c) const {
    return render(c.operands[0]) + (c.op == Compare::Eq ? " == " : " != ") + render(c.operands[1]);
  }
  std::string operator()(const Expr::Template& t) const {
    std::string out = "\"";
    for (const Expr& part : t.parts) {
      if (auto* s = std::get_if<Expr::String>(&part.node)) {
        out += escape_template_text(s->text);
      } else {
        out += "${" + render(part) + "}";
      }
    }
    return out + "\"";
  }
  std::string operator()(const Expr::Tuple& t) const {
    std::string out = "[";
    for (std::size_t i = 0; i < t.items.size(); ++i) out += (i ? ", " : "") + render(t.items[i]);
    return out + "]";
  }
  std::string operator()(const Expr::Object& o) const {
    if (o.entries.empty()) return "{}";
    std::string out = "{ ";
    for (std::size_t i = 0; i < o.entries.size(); ++i) {
      out += (i ? ", " : "") + object_key(o.entries[i].first) + " = " + render(o.entries[i].second);
    }
    return out + " }";
  }
};

std::string render(const Expr& expr) { return std::visit(Render{}, expr.node); }

std::string indent(int depth) { return std::string(static_cast<std::size_t>(depth) * 2, ' '); }

bool is_multiline(const Expr& value) {
  const auto* object = std::get_if<Expr::Object>(&value.node);
  return object && object->entries.size() >= 2;
}

std::string render_attribute_value(const Expr& value, int depth);

// `key = value` lines as `terraform fmt` writes them: the `=` of consecutive one-line
// entries are aligned; a multi-line value is never padded and ends the alignment
// group (the lines after it align among themselves).
void write_entries(const std::vector<std::pair<std::string, const Expr*>>& entries, int depth, std::string& out) {
  std::size_t i = 0;
  while (i < entries.size()) {
    std::size_t group_end = i;
    std::size_t width = 0;
    while (group_end < entries.size() && !is_multiline(*entries[group_end].second)) {
      width = std::max(width, entries[group_end].first.size());
      ++group_end;
    }
    if (group_end == i) {  // a multi-line entry on its own
      width = entries[i].first.size();
      group_end = i + 1;
    }
    for (; i < group_end; ++i) {
      const auto& [key, value] = entries[i];
      out += indent(depth) + key + std::string(width - key.size(), ' ') + " = " +
             render_attribute_value(*value, depth) + "\n";
    }
  }
}

// Multi-entry objects print one entry per line.
std::string render_attribute_value(const Expr& value, int depth) {
  if (!is_multiline(value)) return render(value);
  std::vector<std::pair<std::string, const Expr*>> entries;
  for (const auto& [key, v] : std::get<Expr::Object>(value.node).entries) entries.emplace_back(object_key(key), &v);
  std::string out = "{\n";
  write_entries(entries, depth + 1, out);
  return out + indent(depth) + "}";
}

void write_block(const Block& block, int depth, std::string& out);

void write_body(const std::vector<BodyItem>& body, int depth, std::string& out) {
  std::size_t i = 0;
  bool first = true;
  while (i < body.size()) {
    if (std::holds_alternative<Attribute>(body[i])) {
      std::vector<std::pair<std::string, const Expr*>> run;
      for (; i < body.size() && std::holds_alternative<Attribute>(body[i]); ++i) {
        const Attribute& a = std::get<Attribute>(body[i]);
        run.emplace_back(a.name, &a.value);
      }
      if (!first) out += "\n";
      write_entries(run, depth, out);
    } else {
      if (!first) out += "\n";
      write_block(std::get<Block>(body[i]), depth, out);
      ++i;
    }
    first = false;
  }
}

void write_block(const Block& block, int depth, std::string& out) {
  out += indent(depth) + block.type;
  for (const auto& label : block.labels) out += " " + quote_template_string(label);
  if (block.body.empty()) {
    out += " {}\n";
    return;
  }
  out += " {\n";
  write_body(block.body, depth + 1, out);
  out += indent(depth) + "}\n";
}

}  // namespace

std::string escape_template_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    char next = i + 1 < text.size() ? text[i + 1] : '\0';
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '"': out += "\\\""; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '$': out += next == '{' ? "$$" : "$"; break;
      case '%': out += next == '{' ? "%%" : "%"; break;
      default:
        if (c < 0x20 || c == 0x7f) {
          out += fmt::format("\\u{:04X}", c);
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
  }
  return out;
}

std::string escape_template_markers(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    char next = i + 1 < text.size() ? text[i + 1] : '\0';
    if ((text[i] == '$' || text[i] == '%') && next == '{') out.push_back(text[i]);
    out.push_back(text[i]);
  }
  return out;
}

std::string quote_template_string(std::string_view text) { return "\"" + escape_template_text(text) + "\""; }

std::string hcl_expression(const Expr& expr) { return render(expr); }

std::string write_hcl(const File& file) {
  std::string out;
  for (const auto& comment : file.header_comments) {
    std::string line;
    for (char c : comment) line.push_back(c == '\n' || c == '\r' ? ' ' : c);
    out += "# " + line + "\n";
  }
  for (std::size_t i = 0; i < file.blocks.size(); ++i) {
    if (i || !file.header_comments.empty()) out += "\n";
    write_block(file.blocks[i], 0, out);
  }
  return out;
}

}  // namespace gpuspec::writers
