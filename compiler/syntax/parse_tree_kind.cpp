#include "syntax/parse_tree_kind.h"

#include <typeinfo>

namespace gpuspec::syntax {

using P = gpuspec_antlr::GpuSpecParser;

namespace {

struct Entry {
  const std::type_info* type;
  NodeKind kind;
};

// The most frequent classes first: the lookup is a linear scan.
const Entry kEntries[] = {
    {&typeid(antlr4::tree::TerminalNodeImpl), NodeKind::Terminal},
    {&typeid(P::ItemContext), NodeKind::Item},
    {&typeid(P::PropertyContext), NodeKind::Property},
    {&typeid(P::AtomExprContext), NodeKind::AtomExpr},
    {&typeid(P::NameAtomContext), NodeKind::NameAtom},
    {&typeid(P::SpacedQuantityAtomContext), NodeKind::SpacedQuantityAtom},
    {&typeid(P::UnitContext), NodeKind::Unit},
    {&typeid(P::StringAtomContext), NodeKind::StringAtom},
    {&typeid(P::NumberAtomContext), NodeKind::NumberAtom},
    {&typeid(P::MultiplicityAtomContext), NodeKind::MultiplicityAtom},
    {&typeid(P::QuantityAtomContext), NodeKind::QuantityAtom},
    {&typeid(P::BlockContext), NodeKind::Block},
    {&typeid(P::BodyContext), NodeKind::Body},
    {&typeid(P::TrueAtomContext), NodeKind::TrueAtom},
    {&typeid(P::FalseAtomContext), NodeKind::FalseAtom},
    {&typeid(P::ListAtomContext), NodeKind::ListAtom},
    {&typeid(P::DeclarationContext), NodeKind::Declaration},
    {&typeid(P::ImportDeclContext), NodeKind::ImportDecl},
    {&typeid(P::WaiverContext), NodeKind::Waiver},
    {&typeid(P::FileContext), NodeKind::File},
    {&typeid(P::ParenExprContext), NodeKind::ParenExpr},
    {&typeid(P::NegateExprContext), NodeKind::NegateExpr},
    {&typeid(P::MulExprContext), NodeKind::MulExpr},
    {&typeid(P::AddExprContext), NodeKind::AddExpr},
    {&typeid(P::CompareExprContext), NodeKind::CompareExpr},
    {&typeid(P::RangeExprContext), NodeKind::RangeExpr},
    {&typeid(P::NotExprContext), NodeKind::NotExpr},
    {&typeid(P::AndExprContext), NodeKind::AndExpr},
    {&typeid(P::OrExprContext), NodeKind::OrExpr},
    {&typeid(P::ExprContext), NodeKind::Expr},
    {&typeid(P::AttachedMultiplicityAtomContext), NodeKind::AttachedMultiplicityAtom},
    {&typeid(P::SpacedPercentAtomContext), NodeKind::SpacedPercentAtom},
    {&typeid(P::TripleStringAtomContext), NodeKind::TripleStringAtom},
    {&typeid(P::VersionedAtomContext), NodeKind::VersionedAtom},
    {&typeid(P::CallAtomContext), NodeKind::CallAtom},
    {&typeid(P::ObjectAtomContext), NodeKind::ObjectAtom},
    {&typeid(P::AtomContext), NodeKind::Atom},
    {&typeid(antlr4::tree::ErrorNodeImpl), NodeKind::Terminal},
};

}  // namespace

NodeKind kind_of(antlr4::tree::ParseTree* node) {
  if (!node) return NodeKind::Other;
  const std::type_info& type = typeid(*node);
  // One binary holds one type_info object per class, so comparing addresses almost
  // always answers; std::type_info's operator== (which may compare the names) is the
  // fallback that keeps this correct where that does not hold.
  for (const Entry& entry : kEntries) {
    if (entry.type == &type) return entry.kind;
  }
  for (const Entry& entry : kEntries) {
    if (*entry.type == type) return entry.kind;
  }
  return NodeKind::Other;
}

}  // namespace gpuspec::syntax
