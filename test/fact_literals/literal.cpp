// Compiled by ctest, never linked (test/CMakeLists.txt): a "x.y"_fact literal finds its
// id while compiling, and a name the fact table (compiler/facts/facts.def) lacks does not
// compile. fact-literal-compiles builds it as it is; fact-literal-typo-fails with
// FACT_TYPO defined, and passes only on the compiler's error about the typo.
#include "facts/fact_key.h"

using namespace gpuspec::facts;

#ifdef FACT_TYPO
constexpr FactKey key = "gpu.vrma"_fact;
#else
constexpr FactKey key = "gpu.vram"_fact;
#endif
static_assert(key.id == table_fact_id("gpu.vram") && key.name == "gpu.vram");
