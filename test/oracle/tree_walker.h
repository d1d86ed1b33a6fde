// The policy language as a tree walk over the syntax tree: the oracle of the
// differential tests of the compiled programs (eval/compiled.h), which alone run in
// production. It is written for plainness, not speed: each name looked up by its text,
// each literal built on every run, so a bug in the compiled form's folding, slots or
// planned trace shows as a disagreement (eval/compiled_test.cpp on each language edge,
// driver/compiled_policy_test.cpp on every policy of the pack over the example specs).
#pragma once

#include <vector>

#include "ast/ast.h"
#include "eval/fact_schema.h"
#include "eval/outcome.h"
#include "facts/fact.h"

namespace gpuspec::eval::oracle {

Outcome evaluate(const ast::Expr& expr, const facts::FactSet& facts, const FactSchema& schema = FactSchema::builtin());

// Every fact and every compound non-boolean sub-expression with its value, in source
// order (pre-order, left to right), each expression once.
std::vector<Term> trace(const ast::Expr& expr, const facts::FactSet& facts,
                        const FactSchema& schema = FactSchema::builtin());

}  // namespace gpuspec::eval::oracle
