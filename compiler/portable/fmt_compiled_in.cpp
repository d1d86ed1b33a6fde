// fmt's compiled part, built from the fmt headers the system has, for the portable
// binary (CMakeLists.txt beside this file). Debian ships fmt as a shared library
// only (no libfmt.a); this translation unit defines what libfmt.so would: including
// format-inl.h without FMT_HEADER_ONLY defines its non-template functions here, and
// the explicit instantiations below are the templates format.h and core.h declare
// but leave to the library (format.h's `extern template` list, dragonbox's
// to_decimal, locale_ref's std::locale members). A symbol missing here would make
// the linker take it from libfmt.so again: test/install/release-steps.sh fails then.
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {

template FMT_API auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template FMT_API auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;

template FMT_API locale_ref::locale_ref(const std::locale& loc);
template FMT_API auto locale_ref::get<std::locale>() const -> std::locale;

template FMT_API auto thousands_sep_impl(locale_ref) -> thousands_sep_result<char>;
template FMT_API auto thousands_sep_impl(locale_ref) -> thousands_sep_result<wchar_t>;
template FMT_API auto decimal_point_impl(locale_ref) -> char;
template FMT_API auto decimal_point_impl(locale_ref) -> wchar_t;

}  // namespace detail
FMT_END_NAMESPACE
