// Placeholder so the writers library exists while its code is written.
namespace gpuspec::writers_placeholder {}
