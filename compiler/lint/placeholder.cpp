// Placeholder so the lint library exists while its code is written.
namespace gpuspec::lint_placeholder {}
