// Placeholder so the cost library exists while its code is written.
namespace gpuspec::cost_placeholder {}
