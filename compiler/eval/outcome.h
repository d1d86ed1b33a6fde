// What evaluating a policy expression gives (eval/compiled.h evaluates them): a value,
// Unknown or an error, the terms of its power-assertion trace, and what a guard and a
// requirement mean together.
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
// A policy whose guard or requirement is Unknown is silent: see `judge` (eval/compiled.h).
#pragma once

#include <string>
#include <vector>

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

// What a policy's guard and requirement mean together (judge, eval/compiled.h).
enum class Verdict {
  Holds,     // guard true (or absent) and requirement true
  Violated,  // guard true (or absent) and requirement false: report
  Silent,    // guard false, or guard/requirement Unknown (a fact does not apply)
  Error,     // an evaluation error, or a non-boolean value
};

}  // namespace gpuspec::eval
