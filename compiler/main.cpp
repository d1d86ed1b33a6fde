#include "driver/driver.h"

int main(int argc, char** argv) { return gpuspec::driver::run(argc, argv); }
