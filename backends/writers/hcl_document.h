// A small document model of a Terraform configuration file, shared by the HCL
// writer (hcl_writer.h) and the Terraform-JSON writer (tf_json_writer.h).
//
// Emitters build documents; they never produce output text themselves. The model
// keeps apart what the writers must treat differently:
//   - literal strings (Expr::string): any text, e.g. from a spec. The writers escape
//     it so it stays literal (`${` -> `$${`, `%{` -> `%%{`, quotes, control characters);
//   - references (Expr::ref): a traversal whose every segment is a valid identifier,
//     checked when it is built;
//   - calls, conditionals, comparisons, templates, tuples and objects built from those.
// Block types, labels and attribute names are identifiers too (checked when built).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace gpuspec::writers {

// `[A-Za-z_][A-Za-z0-9_-]*`
bool is_identifier(std::string_view text);

// Turns any text into an identifier: every other character becomes `_`, a leading
// digit or `-` gets a `_` prefix, empty text becomes `_`.
std::string sanitize_identifier(std::string_view text);

// Hands out unique identifiers per namespace (e.g. per resource type): the second
// `node` becomes `node-2`, the third `node-3`, in the order they are asked for.
class IdentifierTable {
 public:
  std::string unique(std::string_view name_space, std::string_view wanted);

 private:
  std::map<std::string, std::map<std::string, int>, std::less<>> used_;
};

struct Expr;

// One segment of a traversal: `.name`, `[3]`, `[*]` or `[count.index]` (a reference
// made of identifiers, kept in `name`).
struct Step {
  enum class Kind { Attr, Index, Splat, RefIndex };
  Kind kind = Kind::Attr;
  std::string name;
  std::int64_t index = 0;
};

enum class Compare { Eq, Ne };

// A type constraint for `variable { type = ... }` (written bare in HCL, as a string in JSON).
enum class TypeConstraint { String, Number, Bool, ListOfString, MapOfString };
std::string_view type_constraint_text(TypeConstraint type);

struct Expr {
  struct String { std::string text; };
  struct Number { double value = 0; };
  struct Bool { bool value = false; };
  struct Null {};
  struct Ref { std::vector<Step> steps; };
  struct Call { std::string function; std::vector<Expr> args; };
  struct Conditional { std::vector<Expr> parts; };  // condition, then, else
  struct Comparison { Compare op; std::vector<Expr> operands; };
  // "literal${expr}literal": parts alternate by kind; a String part is literal text.
  struct Template { std::vector<Expr> parts; };
  struct Tuple { std::vector<Expr> items; };
  // Keys are literal strings (written quoted when not identifiers); sorted for determinism.
  struct Object { std::vector<std::pair<std::string, Expr>> entries; };
  struct Type { TypeConstraint type; };

  std::variant<String, Number, Bool, Null, Ref, Call, Conditional, Comparison, Template, Tuple, Object, Type> node;

  static Expr string(std::string text) { return Expr{String{std::move(text)}}; }
  static Expr number(double value) { return Expr{Number{value}}; }
  static Expr boolean(bool value) { return Expr{Bool{value}}; }
  static Expr null() { return Expr{Null{}}; }
  static Expr type(TypeConstraint t) { return Expr{Type{t}}; }
  // "aws_instance.node[*].id": dotted identifiers, `[N]` and `[*]`. Throws
  // std::invalid_argument when a segment is not an identifier.
  static Expr ref(std::string_view path);
  static Expr call(std::string function, std::vector<Expr> args);
  static Expr conditional(Expr condition, Expr then, Expr otherwise);
  static Expr compare(Compare op, Expr lhs, Expr rhs);
  static Expr templ(std::vector<Expr> parts) { return Expr{Template{std::move(parts)}}; }
  static Expr tuple(std::vector<Expr> items) { return Expr{Tuple{std::move(items)}}; }
  static Expr object(std::vector<std::pair<std::string, Expr>> entries);

  bool is_literal_value() const;  // string, number, bool, null, and tuples/objects of those
};

struct Block;

struct Attribute {
  std::string name;
  Expr value;
};

using BodyItem = std::variant<Attribute, Block>;

struct Block {
  std::string type;
  std::vector<std::string> labels;
  std::vector<BodyItem> body;

  // Throws std::invalid_argument when the type or a label is not an identifier
  // (labels may be provider source names such as "aws": identifiers too).
  Block(std::string type, std::vector<std::string> labels = {});

  Block& set(std::string name, Expr value);  // name must be an identifier
  Block& add(Block block);
};

// A comment line in HCL output; the emitters use fixed text only (no spec strings).
struct File {
  std::string name;            // "main.tf" (the JSON writer appends ".json")
  std::vector<std::string> header_comments;
  std::vector<Block> blocks;
};

}  // namespace gpuspec::writers
