// What an HTML report needs besides the quote (backends/cost/report_html.h): each
// server's balance against the pack's thresholds (from its facts) and the source and
// address of every price, looked up in the programs the prices came from.
#pragma once

#include <string>
#include <vector>

#include "backends/cost/quote.h"
#include "backends/cost/report_html.h"
#include "driver/session.h"

namespace gpuspec::driver {

// `programs` are searched in order for a price's declaration (the specs, then the
// --prices files; each sees the stdlib).
cost::HtmlContext html_context(Session& session, const std::vector<cost::Deployment>& deployments,
                               std::vector<const sema::Program*> programs, std::string title);

}  // namespace gpuspec::driver
