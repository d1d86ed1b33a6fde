// What a node of the ANTLR parse tree is, without dynamic_cast. ANTLR's typed
// accessors (`ctx->expr()`, `ctx->item()`) and the builder's "which alternative is
// this" tests were each a dynamic_cast per child, and __dynamic_cast (with the string
// compares of type names it makes) was 16 % of a check. The generated context classes
// derive from ParserRuleContext without virtual inheritance, so once the exact class
// is known a static_cast is enough.
#pragma once

#include <cstdint>
#include <vector>

#include "GpuSpecParser.h"

namespace gpuspec::syntax {

enum class NodeKind : std::uint8_t {
  Other,     // a class this table does not know (never built by the generated parser)
  Terminal,  // a token, or a token error recovery conjured or skipped
  File, ImportDecl, Declaration, Body, Item, Property, Block, Waiver, Unit,
  // The `expr` rule: the bare rule when no alternative was chosen, then one per label.
  Expr, ParenExpr, NegateExpr, MulExpr, AddExpr, RangeExpr, CompareExpr, NotExpr, AndExpr, OrExpr, AtomExpr,
  // The `atom` rule, likewise.
  Atom, MultiplicityAtom, AttachedMultiplicityAtom, SpacedQuantityAtom, SpacedPercentAtom, QuantityAtom,
  NumberAtom, StringAtom, TripleStringAtom, TrueAtom, FalseAtom, VersionedAtom, CallAtom, NameAtom,
  ListAtom, ObjectAtom,
};

NodeKind kind_of(antlr4::tree::ParseTree* node);

inline bool is_expr(NodeKind kind) { return kind >= NodeKind::Expr && kind <= NodeKind::AtomExpr; }
inline bool is_atom(NodeKind kind) { return kind >= NodeKind::Atom && kind <= NodeKind::ObjectAtom; }

// The first child of `ctx` that is a `T` (what ANTLR's `ctx->t()` returns), or null.
// `matches` says which kinds are a `T`: every kind of `T` and of its subclasses.
template <typename T, typename Matches>
T* first_child(antlr4::ParserRuleContext* ctx, Matches matches) {
  for (antlr4::tree::ParseTree* child : ctx->children) {
    if (matches(kind_of(child))) return static_cast<T*>(child);
  }
  return nullptr;
}

// Every child of `ctx` that is a `T`, in order (ANTLR's `ctx->ts()`).
template <typename T, typename Matches>
std::vector<T*> children_of(antlr4::ParserRuleContext* ctx, Matches matches) {
  std::vector<T*> out;
  for (antlr4::tree::ParseTree* child : ctx->children) {
    if (matches(kind_of(child))) out.push_back(static_cast<T*>(child));
  }
  return out;
}

// Predicates for the rules without alternatives.
template <NodeKind K>
bool is(NodeKind kind) {
  return kind == K;
}

}  // namespace gpuspec::syntax
