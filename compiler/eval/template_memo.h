// A policy's message or hint rendered once per distinct values of the facts it reads.
//
// Most findings of a rule print the same text: the 2,000 servers of the peer corpus
// (test/bench/peer) get 25,393 findings with 1,955 distinct messages and 89 distinct
// hints, and rendering each (evaluating its holes, formatting quantities) was ~7.5 % of a
// check (issue 28). A template's text over the built-in schema depends on nothing but
// the values of the facts its holes name (CompiledTemplate::reads: absent or a value,
// never an origin), so the text is kept per thread, keyed by the template's serial and
// those values (hashed to find it, compared whole to take it), and a later finding with
// the same values copies it.
#pragma once

#include <string>

#include "eval/template.h"
#include "facts/fact.h"

namespace gpuspec::eval {

// The text render_template(compiled.get(), facts) gives, from this thread's memo when a
// finding with the same template and the same values of its reads was rendered before.
std::string render_template_text(const LazyTemplate& compiled, const facts::FactSet& facts);

// Whether two values print alike because they are alike: the same type, the same bits of
// a quantity (0 and -0 differ), the same text, flag and items.
bool same_value(const facts::Value& a, const facts::Value& b);

}  // namespace gpuspec::eval
