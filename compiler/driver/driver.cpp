#include "driver/driver.h"

#include <cstdio>

namespace gpuspec::driver {

int run(int, char**) {
  std::fprintf(stderr, "gpuspec: not built yet\n");
  return 2;
}

}  // namespace gpuspec::driver
