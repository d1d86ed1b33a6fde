// Typed evaluation of policy expressions over the facts of one declaration.
//
// Names are fact names or symbols. A name the FactSet holds is that fact; a name the
// fact schema knows but the FactSet lacks is a fact that does not apply to this
// declaration and evaluates to Unknown; any other name is a symbol literal where a
// symbol may stand (an operand of `==`, `!=`, `in`, or an item of a list that is an
// operand of `in`), and an error elsewhere (the type-checker reports it first).
//
// Three-valued logic. Unknown propagates through everything (arithmetic, comparisons,
// calls, `in`, `not`) except:
//   Unknown and false = false      false and Unknown = false
//   Unknown or  true  = true       true  or  Unknown = true
// Any other `and`/`or` with an Unknown operand is Unknown. An evaluation error (division
// by zero, a currency mismatch) wins over Unknown but not over a deciding false/true.
// A policy whose guard or requirement is Unknown is silent: see `judge`.
#pragma once

#include <string>
#include <vector>

#include "ast/ast.h"
#include "eval/fact_schema.h"
#include "facts/fact.h"
#include "source/source.h"

namespace gpuspec::eval {

struct Outcome {
  enum class State { Known, Unknown, Error };
  State state = State::Known;
  facts::Value value;       // Known
  std::string missing;      // Unknown: the first fact that does not apply
  std::string error;        // Error: lowercase message, no final period
  SourceRange error_range;  // Error: the sub-expression that failed

  static Outcome known(facts::Value v) { return {State::Known, std::move(v), {}, {}, {}}; }
  static Outcome unknown(std::string fact) { return {State::Unknown, {}, std::move(fact), {}, {}}; }
  static Outcome failure(SourceRange range, std::string message) {
    return {State::Error, {}, {}, std::move(message), range};
  }

  bool is_known() const { return state == State::Known; }
  bool is_unknown() const { return state == State::Unknown; }
  bool is_error() const { return state == State::Error; }
  bool is_true() const { return is_known() && value.type == facts::Value::Type::Bool && value.boolean; }
  bool is_false() const { return is_known() && value.type == facts::Value::Type::Bool && !value.boolean; }
  // "640 GB", "bf16", "true", "unknown", "error: ...".
  std::string display() const;
};

Outcome evaluate(const ast::Expr& expr, const facts::FactSet& facts,
                 const FactSchema& schema = FactSchema::builtin());

// One term of a power-assertion trace: a fact or a compound sub-expression and its value.
struct Term {
  std::string expression;  // "2 * gpu.vram_total", "gpu.vram_total"
  std::string value;       // "640 GB", "unknown"
  std::string text;        // "2 * gpu.vram_total = 640 GB", "gpu.vram_total = 320 GB (4 x 80 GB)"
  SourceRange range;       // the sub-expression in the policy
  bool is_fact = false;
  // For a fact: where the spec (or catalog) says it; the engine attaches a note here.
  SourceRange origin;
  facts::Origin::Kind origin_kind = facts::Origin::Kind::Declared;
  std::string explanation;  // the origin's explanation, or "from <catalog entry>"
};

struct Evaluation {
  Outcome result;
  std::vector<Term> terms;  // source order (pre-order, left to right); each expression once
};

// Evaluates and explains: every fact and every compound non-boolean sub-expression
// with its value (comparisons and logic are not listed, their operands are).
Evaluation evaluate_traced(const ast::Expr& expr, const facts::FactSet& facts,
                           const FactSchema& schema = FactSchema::builtin());

// The terms of evaluate_traced alone: the lint engine evaluates a requirement first
// and explains it only when it failed (most hold, and their traces were thrown away).
std::vector<Term> trace(const ast::Expr& expr, const facts::FactSet& facts,
                        const FactSchema& schema = FactSchema::builtin());

// What a policy's guard and requirement mean together.
enum class Verdict {
  Holds,     // guard true (or absent) and requirement true
  Violated,  // guard true (or absent) and requirement false: report
  Silent,    // guard false, or guard/requirement Unknown (a fact does not apply)
  Error,     // an evaluation error, or a non-boolean value
};
Verdict judge(const Outcome* when, const Outcome& require);

}  // namespace gpuspec::eval
