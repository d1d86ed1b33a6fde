// JSON from a tool's output (lscpu, lsblk, nvme, ip): parsed without exceptions escaping
// and with its nesting bounded; fields read with their type checked.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace gpuspec::probe {

std::optional<nlohmann::json> parse_json(std::string_view text, std::string& error);

// The string member `key`, or "" when it is absent, null or not a string.
std::string json_string(const nlohmann::json& object, std::string_view key);
// A number member (or a string holding only a number, as lsblk prints some), or nullopt.
std::optional<double> json_number(const nlohmann::json& object, std::string_view key);
// A boolean member (lsblk prints "0"/"1" in older versions), or nullopt.
std::optional<bool> json_bool(const nlohmann::json& object, std::string_view key);

}  // namespace gpuspec::probe
