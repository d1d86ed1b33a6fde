#include "backends/writers/fault_injection.h"

#include <csignal>
#include <cstdlib>
#include <string>

namespace gpuspec::writers::fault {

namespace {

struct Plan {
  std::string action;  // "", "fail-rename", "kill-before-rename", "kill-after-stage", "signal-after-stage"
  int step = 0;
  int signal = 0;
};

Plan parse() {
  Plan plan;
  const char* text = std::getenv("GPUSPEC_FAULT_INJECT");
  if (!text) return plan;
  std::string spec = text;
  auto colon = spec.find(':');
  if (colon == std::string::npos) return plan;
  plan.action = spec.substr(0, colon);
  std::string rest = spec.substr(colon + 1);
  auto second = rest.find(':');
  plan.step = std::atoi(rest.substr(0, second).c_str());
  if (second != std::string::npos) {
    std::string name = rest.substr(second + 1);
    plan.signal = name == "INT" ? SIGINT : name == "HUP" ? SIGHUP : SIGTERM;
  }
  return plan;
}

const Plan& plan() {
  static const Plan parsed = parse();
  return parsed;
}

}  // namespace

void after_stage(int staged) {
  const Plan& p = plan();
  if (p.step != staged) return;
  if (p.action == "kill-after-stage") std::raise(SIGKILL);
  if (p.action == "signal-after-stage") std::raise(p.signal);
}

bool before_rename(int rename) {
  const Plan& p = plan();
  if (p.step != rename) return true;
  if (p.action == "kill-before-rename") std::raise(SIGKILL);
  return p.action != "fail-rename";
}

}  // namespace gpuspec::writers::fault
