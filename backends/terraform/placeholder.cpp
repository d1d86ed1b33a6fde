// Placeholder so the terraform library exists while its code is written.
namespace gpuspec::terraform_placeholder {}
