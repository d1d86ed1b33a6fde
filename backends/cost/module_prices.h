// The price of what a cloud option's Terraform module creates besides its nodes, from
// the module's own list of resources (backends/terraform/module_resources.h): the
// system and data disks as volumes, and every other resource (NAT gateway, public
// addresses, the bastion host and its disk, provisioned disk performance, traffic) as
// a service line. The quote and the module read one list, so the quote prices every
// resource the module creates.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backends/cost/missing_price.h"
#include "backends/cost/price_book.h"
#include "backends/cost/quote.h"
#include "backends/terraform/module_resources.h"

namespace gpuspec::cost {

// The module's resources, or nullopt with `why` when the declaration cannot be
// compiled to a module (then nothing but the instances can be priced).
std::optional<std::vector<terraform::ModuleResource>> cloud_module_resources(const sema::Program& program,
                                                                             const sema::DeclEntry& cloud,
                                                                             std::string& why);

// The nodes' system and data disks, as CloudQuote::volumes.
std::vector<CloudVolume> module_volumes(const std::vector<terraform::ModuleResource>& resources);

// Every other resource but the nodes, priced: hourly ones for every hour of the month
// (they exist while the module does), provisioned units per month, the bastion disk
// as a volume; traffic shows its rate but has no amount. An hourly, provisioned or
// capacity resource without a price is a `missing-price` at `at`.
std::vector<ServiceLine> price_services(const std::vector<terraform::ModuleResource>& resources, const PriceBook& book,
                                        const std::string& region, units::Currency currency, MissingPrices& missing,
                                        SourceRange at);

}  // namespace gpuspec::cost
