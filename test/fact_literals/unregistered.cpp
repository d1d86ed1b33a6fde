// A fixture for test/check_fact_literals.py, never compiled: one registered literal and
// one typo the check must report (fact-literals-check-fails in test/CMakeLists.txt).
auto known = "gpu.vram"_fact;
auto typo = "gpu.vrma"_fact;
