// A policy expression compiled once, when its policy loads, into a flat program over
// fact slots (issue 12): the one implementation of the policy language (eval/outcome.h
// says what it means). The program holds:
//   - each name resolved to its registry key and schema membership, its symbol value
//     built once (`bf16` where a symbol may stand);
//   - each literal folded to a value (units parsed once, constant lists built once);
//   - the power-assertion trace planned: which sub-expressions it lists, their source
//     text and which repeat, so explaining a violation formats values only.
// Evaluation borrows fact and literal values and computes quantities and booleans in
// place: it allocates only for a list built from facts or an error message.
//
// A plain tree walk over the syntax tree (test/oracle/tree_walker.h) is the oracle of
// its differential tests: driver/compiled_policy_test.cpp compares the two on every
// policy of the embedded pack over the example specs' facts (three-valued logic, the
// order facts are read in, error texts and ranges); eval/compiled_test.cpp on each
// language edge. Immutable once built, so one program serves every thread of `--jobs`.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ast/ast.h"
#include "diag/diagnostic.h"
#include "eval/outcome.h"
#include "eval/fact_schema.h"
#include "facts/fact.h"
#include "source/source.h"

namespace gpuspec::eval {

// A condition's value, without copying it: all a guard or requirement needs.
struct Check {
  enum class Kind { True, False, Unknown, NotBool, Error };
  Kind kind = Kind::Unknown;
  std::string error;        // Error: as Outcome::error
  SourceRange error_range;  // Error: as Outcome::error_range
};

class ByteWriter;  // stored_bytes.h
class ByteReader;

// What a guard (null when absent) and a requirement mean together.
Verdict judge(const Check* when, const Check& require);

class CompiledExpr {
 public:
  // `schema` decides which names are facts (Unknown when absent) and which are symbols.
  static CompiledExpr compile(const ast::Expr& expr, const FactSchema& schema = FactSchema::builtin());

  // The expression's value over `facts`, with the schema it was compiled for.
  Outcome evaluate(const facts::FactSet& facts) const;
  Check check(const facts::FactSet& facts) const {
    Check out;
    check_into(facts, out);
    return out;
  }
  // check() into a Check the caller holds (a Judgement's), whose kind, error and range it
  // sets: no temporary to move and destroy (issue 28: ~200k checks a lint of the peer corpus).
  void check_into(const facts::FactSet& facts, Check& out) const;
  // Appends the value as a message hole prints it: its display, "unknown", or "?"
  // (and returns the error message then, as render_template records it).
  enum class Hole { Known, Unknown, Error };
  Hole append_display(const facts::FactSet& facts, std::string& out, std::string* error) const;

  // A requirement that orders two values (`have >= need` or `need <= have`, strict or
  // not, in parentheses or not) split into what is measured and what is required, both
  // over `facts`, with the required side as written ("1.5 * power.full_load"): how far
  // a build is from the rule, for a report. None for an expression of any other shape.
  struct Sides {
    Outcome have, need;
    std::string need_text;
  };
  std::optional<Sides> ordered_sides(const facts::FactSet& facts) const;

  // The power-assertion trace: every fact and every compound non-boolean
  // sub-expression with its value, in source order (pre-order), each expression once.
  std::vector<Term> trace(const facts::FactSet& facts) const;
  // The lint engine's "why it failed" notes, as it builds them from trace(): every
  // compound term, and every fact with an origin pointing at it.
  void append_why_notes(const facts::FactSet& facts, std::vector<DiagnosticNote>& notes) const;

  // The program as bytes and back (compiled_store.cpp), for the built-in schema only:
  // the build stores the built-in pack's programs, so a run does not compile them
  // (lint/policy_store.h). restore() answers nullopt for malformed bytes.
  void store(ByteWriter& out) const;
  static std::optional<CompiledExpr> restore(ByteReader& in);

  const FactSchema& schema() const { return *schema_; }
  // Appends the key of every name it may look up in a fact set (a fact, or a symbol the
  // set might hold as a fact): the lint engine indexes policies by the facts they read.
  void collect_reads(std::vector<facts::FactKey>& out) const;

 private:
  enum class Op : std::uint8_t {
    Const,   // constants_[a]
    Fail,    // an error known when compiled: errors_[a]
    Name,    // names_[a], registry id b
    Paren,   // operand a (kept: `and`/`or` report a non-boolean at the parenthesised range)
    List,    // items operands_[a .. a+b); constants_[extra] when `folded`
    Negate,  // operand a
    Not,     // operand a
    And, Or, Eq, Ne, In, Lt, Le, Gt, Ge, Add, Sub, Mul, Div,  // operands a, b
    Call,    // `fn` of operands_[a .. a+b); errors_[extra] when the function is unknown
  };
  enum class Fn : std::uint8_t { Count, Sum, Ceil, Floor, Min, Max, Unknown };
  struct Node {
    Op op = Op::Const;
    Fn fn = Fn::Unknown;
    // Binary: both operands are fact names, so a fact absent on the right decides
    // alone and the left one is not read (the tree walk, test/oracle/tree_walker.cpp, `binary`).
    bool fact_pair = false;
    // List: every item is a constant or a symbol name (checked to be no fact at run time).
    bool folded = false;
    // A comparison of a fact name (a) with a constant, a folded list or a symbol name (b),
    // the commonest shape of a guard: compared in place, the general path only for an
    // error (or a fact by the symbol's name).
    bool fact_vs_constant = false;
    // Name: the schema knows it (Unknown when the set lacks it). Its registry id is `b`,
    // so reading a fact touches only the node (names_ is for texts and symbols).
    bool in_schema = false;
    std::uint32_t a = 0;
    std::uint32_t b = 0;
    std::uint32_t extra = 0;
    SourceRange range;
  };
  struct NameSlot {
    std::string text;
    facts::FactKey key;       // key.name views `text` (a NameSlot never moves)
    bool in_schema = false;
    bool symbol_ok = false;   // a symbol may stand here: constants_[symbol] when no fact
    std::uint32_t symbol = 0;
    std::uint32_t error = 0;  // otherwise errors_[error]: "unknown fact '...'"
  };
  struct Error {
    std::string message;
    SourceRange range;
  };
  // A term of the power-assertion trace, planned when compiled (Tracer in test/oracle/tree_walker.cpp):
  // pre-order, each expression text once.
  struct TraceStep {
    bool is_fact = false;
    std::uint32_t index = 0;  // fact: names_[index]; compound: the node to evaluate
    std::string text;         // the expression as written ("2 * gpu.vram_total")
    SourceRange range;
  };

  // The root's sides when it is an ordering (ordered_sides).
  struct OrderedSides {
    std::uint32_t have = 0, need = 0;  // nodes
    std::string need_text;
  };

  class Builder;
  class Run;
  // The display text of node `node`'s value over `facts` (a compound trace step).
  std::string display_of(const facts::FactSet& facts, std::uint32_t node) const;
  Outcome outcome_of(const facts::FactSet& facts, std::uint32_t node) const;

  const FactSchema* schema_ = nullptr;
  std::vector<Node> nodes_;
  std::uint32_t root_ = 0;
  std::vector<std::uint32_t> operands_;
  std::vector<std::unique_ptr<NameSlot>> names_;
  std::vector<facts::Value> constants_;
  std::vector<Error> errors_;
  std::vector<TraceStep> trace_;
  std::optional<OrderedSides> sides_;
};

}  // namespace gpuspec::eval
