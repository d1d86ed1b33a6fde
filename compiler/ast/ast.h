// Our own syntax tree: what the parse wrapper returns and every later stage reads.
// No ANTLR type appears here. Every node carries a half-open SourceRange, and the
// file keeps its comments so a formatter can put them back.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "source/source.h"

namespace gpuspec::ast {

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

// `8`, `2.5`, `1e3`: a dimensionless number.
struct NumberLit {
  double value = 0;
};
// `7B`, `1.2M`, `500K`, `1T`: value already multiplied out (7e9); suffix kept for printing.
struct ScaledCountLit {
  double value = 0;
  char suffix = 0;  // 'K', 'M', 'B' or 'T'
};
// `80 GB`, `80GB`, `32.77 USD/h`: the number and the unit text as written. Sema
// resolves the unit (an unknown unit is a sema diagnostic at unit_range).
struct QuantityLit {
  double number = 0;
  std::string unit;
  SourceRange unit_range;
};
// `60%`: value is the fraction (0.6).
struct PercentLit {
  double value = 0;
};
struct StringLit {
  std::string value;  // escapes decoded
};
struct BoolLit {
  bool value = false;
};
// `pytorch@2.3`
struct VersionedSymbol {
  std::string name;
  std::string version;
};
// `bf16`, `nvidia.a100_80gb_sxm`, `gpu.vram_total`: a symbol, a reference or a fact
// name. Which one depends on where it appears; sema decides.
struct Name {
  std::string name;
  // The fact registry's id of `name` (facts::FactId), written once when a policy is
  // checked at load (eval/checker.cpp), before any thread evaluates it: evaluating
  // `gpu.count >= 2` then reads a slot instead of hashing the name (issue 12).
  // kUnresolvedFact until then; the registry's "no such fact" once resolved.
  static constexpr std::uint16_t kUnresolvedFact = 0xFFFE;
  mutable std::uint16_t fact_id = kUnresolvedFact;
};
// `4 x nvidia.a100_80gb_sxm`. The ranges last: 64 bytes, not 72 (see Expr).
struct Multiplicity {
  double count = 0;
  std::string name;
  SourceRange count_range;
  SourceRange name_range;
};
struct ListExpr {
  std::vector<ExprPtr> items;
};
enum class UnaryOp { Negate, Not };
struct UnaryExpr {
  UnaryOp op;
  ExprPtr operand;
};
// `Range` is `low .. high` (a price's amount); it is appended last so the numbering of the
// others (kept in parse snapshots) does not change.
enum class BinaryOp { Add, Sub, Mul, Div, Eq, Ne, Lt, Le, Gt, Ge, And, Or, In, Range };

// The operator as written in source: "+", "<=", "and", "in".
inline const char* binary_op_text(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add: return "+";
    case BinaryOp::Sub: return "-";
    case BinaryOp::Mul: return "*";
    case BinaryOp::Div: return "/";
    case BinaryOp::Eq: return "==";
    case BinaryOp::Ne: return "!=";
    case BinaryOp::Lt: return "<";
    case BinaryOp::Le: return "<=";
    case BinaryOp::Gt: return ">";
    case BinaryOp::Ge: return ">=";
    case BinaryOp::And: return "and";
    case BinaryOp::Or: return "or";
    case BinaryOp::In: return "in";
    case BinaryOp::Range: return "..";
  }
  return "?";
}
struct BinaryExpr {
  BinaryOp op;
  ExprPtr lhs;
  ExprPtr rhs;
};
// `min(a, b)`, `count(x)`
struct CallExpr {
  std::string callee;
  std::vector<ExprPtr> args;
  // Where the callee's name is: bytes [callee_begin, callee_end) of the call's own file.
  // Not a SourceRange: its 4 more bytes made this the one node over 64 bytes (see Expr).
  std::uint32_t callee_begin = 0;
  std::uint32_t callee_end = 0;

  SourceRange callee_range(FileId file) const { return {file, callee_begin, callee_end}; }
  void set_callee_range(SourceRange range) {
    callee_begin = range.begin;
    callee_end = range.end;
  }
};
// `(expr)`: kept so the formatter and power-assertion output can reproduce the source.
struct ParenExpr {
  ExprPtr inner;
};

// 88 bytes: every kind of node fits in 64 (a large spec holds millions of nodes, and
// malloc serves 88 bytes from a 96-byte chunk but 96 from a 112-byte one; issue 25).
struct Expr {
  SourceRange range;
  std::variant<NumberLit, ScaledCountLit, QuantityLit, PercentLit, StringLit, BoolLit, VersionedSymbol, Name,
               Multiplicity, ListExpr, UnaryExpr, BinaryExpr, CallExpr, ParenExpr>
      node;

  template <typename T>
  const T* as() const { return std::get_if<T>(&node); }
};

// A new expression node at `range`; both parsers (the ANTLR tree builder and the
// hand-written one) build their trees with it.
template <typename T>
ExprPtr make_expr(SourceRange range, T node) {
  auto expr = std::make_unique<Expr>();
  expr->range = range;
  expr->node = std::move(node);
  return expr;
}

struct Body;

// `key = value`. The pointer before the ranges: 64 bytes, not 72 with padding after
// key_range, and most items of a large spec are properties (issue 25).
struct Property {
  std::string key;
  ExprPtr value;
  SourceRange key_range;
  SourceRange range;  // key through value
};

// `key { body }`
struct Block;

// `waive RULE "reason" until = "YYYY-MM-DD"`; reason and until are optional in the
// syntax so that sema can explain what is missing instead of a bare syntax error.
struct Waiver {
  std::string rule;
  SourceRange rule_range;
  std::optional<std::string> reason;
  SourceRange reason_range;
  std::optional<std::string> until;
  SourceRange until_range;
  SourceRange range;
};

// A waiver (168 bytes) is boxed as a block is: held in place it sized every item, and
// nearly every item is a property (72 bytes), so a large spec's items were 2.4 times
// the memory they need (issue 25).
using Item = std::variant<Property, std::unique_ptr<Block>, std::unique_ptr<Waiver>>;

// The waiver `item` holds, or nullptr.
inline const Waiver* waiver_of(const Item& item) {
  const auto* waiver = std::get_if<std::unique_ptr<Waiver>>(&item);
  return waiver ? waiver->get() : nullptr;
}

struct Body {
  std::vector<Item> items;
  SourceRange range;  // from `{` to `}` inclusive
};

struct Block {
  std::string key;
  SourceRange key_range;
  Body body;
  SourceRange range;
};

// `KIND NAME { BODY }`
// The ranges after the strings and the body: 144 bytes, not 152 with padding.
struct Declaration {
  std::string kind;
  std::string name;
  Body body;
  SourceRange kind_range;
  SourceRange name_range;
  SourceRange range;
  // A syntax error lies inside it (or in its unclosed body): the body holds what error
  // recovery salvaged, without the broken property or block. Sema checks what is there
  // but does not miss what is not (no "missing required property" for the property that
  // failed to parse), and lint skips the declaration (its facts would be partial).
  bool recovered = false;
};

struct Import {
  std::string path;        // as written, escapes decoded
  SourceRange path_range;  // the string literal
  SourceRange range;
};

enum class CommentStyle { Hash, Slash, Block };
struct Comment {
  CommentStyle style;
  std::string text;  // the whole comment as written, including its markers
  SourceRange range;
};

// A library declaration's body kept serialized (the build's snapshot,
// syntax/ast_snapshot.h) and read on its first use: a one-file check reads a few dozen of
// the library's declarations, and reading every body was 41 % of its instructions.
// Until then the declaration's body is empty; its kind, name and ranges are there.
// read() is safe from any thread and reads once.
struct DeferredBody {
  Declaration* target = nullptr;
  std::string_view bytes;
  FileId file = kNoFile;
  // What the body's top-level `item` property names, when the snapshot knows without the
  // body: its first `item` property is a string, a name or a versioned name (its text),
  // or there is none (empty). A price layer groups the library's ~400 `price` entries by
  // it, and reads an entry's body only when its item is asked for.
  bool item_known = false;
  std::string_view item;
  // Fills `body` from `bytes`; false when they are malformed.
  bool (*read_into)(std::string_view bytes, FileId file, Body& body) = nullptr;
  mutable std::once_flag once;
  // Set (release) once the body is final, so later reads skip the once-flag.
  mutable std::atomic<bool> ready{false};

  void read() const {
    if (ready.load(std::memory_order_acquire)) return;
    std::call_once(once, [this] {
      read_into(bytes, file, target->body);
      ready.store(true, std::memory_order_release);
    });
  }
};

struct File {
  FileId file = kNoFile;
  std::vector<Import> imports;
  std::vector<Declaration> declarations;
  std::vector<Comment> comments;  // in source order
  // One per declaration, in order, when the bodies were left unread (a library file
  // from the snapshot); empty otherwise. The declarations' storage never moves after
  // the tree is made (moving a vector keeps its buffer), so the targets stay valid.
  std::unique_ptr<DeferredBody[]> deferred;

  // The deferred body of `decl` (one of this file's declarations), or nullptr.
  const DeferredBody* deferred_body(const Declaration& decl) const {
    return deferred ? &deferred[static_cast<std::size_t>(&decl - declarations.data())] : nullptr;
  }
  // Reads `decl`'s body if it was deferred; returns `decl`.
  const Declaration& read(const Declaration& decl) const {
    if (const auto* d = deferred_body(decl)) d->read();
    return decl;
  }
  void read_all() const {
    for (const auto& decl : declarations) read(decl);
  }
};

}  // namespace gpuspec::ast
