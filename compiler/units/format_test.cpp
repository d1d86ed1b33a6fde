// format(Quantity): every expectation is built from base-unit values computed by
// hand, not from the unit table, so table and formatter are checked independently.
#include <string>

#include <gtest/gtest.h>

#include "units/quantity.h"

namespace gpuspec::units {
namespace {

struct FormatCase {
  const char* name;
  Quantity quantity;
  const char* expected;
};

void PrintTo(const FormatCase& c, std::ostream* os) { *os << c.name; }

constexpr double kGiB = 1073741824.0;
constexpr double kMiB = 1048576.0;
constexpr double kHour = 3600.0;
constexpr double kMonth = 730 * kHour;
constexpr double kYear = 8760 * kHour;
constexpr double kKWh = 3.6e6;

Quantity of(double value, Dimension dimension, Currency currency = Currency::None) {
  return {value, dimension, currency};
}

const FormatCase kFormatCases[] = {
    // bytes
    {"Bytes640GB", of(640e9, Dimension::data()), "640 GB"},
    {"Bytes1point2TB", of(1.2e12, Dimension::data()), "1.2 TB"},
    {"BytesZero", of(0, Dimension::data()), "0 B"},
    {"BytesBelowKB", of(512, Dimension::data()), "512 B"},
    {"Bytes1152GiB", of(1152 * kGiB, Dimension::data()), "1152 GiB"},
    {"Bytes80GiB", of(80 * kGiB, Dimension::data()), "80 GiB"},
    {"Bytes80GB", of(80e9, Dimension::data()), "80 GB"},
    {"Bytes64GB", of(64e9, Dimension::data()), "64 GB"},
    {"Bytes1KiB", of(1024, Dimension::data()), "1 KiB"},
    {"Bytes4KiBFewerDigitsThan4point096KB", of(4096, Dimension::data()), "4 KiB"},
    {"Bytes1point5GiBAsMiB", of(1.5 * kGiB, Dimension::data()), "1536 MiB"},
    {"BytesNvidiaSmiMiBAsGiB", of(81559 * kMiB, Dimension::data()), "79.65 GiB"},
    {"BytesWholeMiBAboveTiB", of(8 * 2 * 81559 * kMiB, Dimension::data()), "1.244 TiB"},
    {"BytesWholeMiBDecimalExactStaysDecimal", of(4 * 7.68e12, Dimension::data()), "30.72 TB"},
    {"BytesSmallNvidiaSmiMiBAsGiB", of(12282 * kMiB, Dimension::data()), "11.99 GiB"},
    {"BytesNotWholeMiBStaysDecimal", of(25202058240.0, Dimension::data()), "25.2 GB"},
    {"BytesRoundedTo4Digits", of(1234567, Dimension::data()), "1.235 MB"},
    {"BytesRoundingReachesNextUnit", of(999.96e9, Dimension::data()), "1 TB"},
    {"BytesBeyondLargestUnit", of(5e18, Dimension::data()), "5000 PB"},
    {"BytesNegative", of(-80e9, Dimension::data()), "-80 GB"},
    // bandwidth
    {"Bandwidth3point35TBs", of(3.35e12, Dimension::bandwidth()), "3.35 TB/s"},
    {"Bandwidth400GbpsPrintsBytes", of(50e9, Dimension::bandwidth()), "50 GB/s"},
    {"BandwidthBinaryStaysDecimal", of(kGiB, Dimension::bandwidth()), "1.074 GB/s"},
    {"BandwidthMegabytes", of(125e6, Dimension::bandwidth()), "125 MB/s"},
    // power
    {"Power2700W", of(2700, Dimension::power()), "2.7 kW"},
    {"Power700W", of(700, Dimension::power()), "700 W"},
    {"PowerRoundsUpToKW", of(999.96, Dimension::power()), "1 kW"},
    {"Power10point2kW", of(10200, Dimension::power()), "10.2 kW"},
    // frequency
    {"FrequencyGHz", of(1.41e9, Dimension::frequency()), "1.41 GHz"},
    {"FrequencyMHz", of(500e6, Dimension::frequency()), "500 MHz"},
    // memory transfer rate
    {"TransferRate4800", of(4800, Dimension::transfer_rate()), "4800 MT/s"},
    {"TransferRate6400", of(6400, Dimension::transfer_rate()), "6400 MT/s"},
    // temperature
    {"Temperature80C", of(80, Dimension::temperature()), "80 C"},
    {"TemperatureNegative", of(-5, Dimension::temperature()), "-5 C"},
    // compute
    {"Compute989TFLOPS", of(989e12, Dimension::compute()), "989 TFLOPS"},
    {"ComputePFLOPS", of(1.979e15, Dimension::compute()), "1.979 PFLOPS"},
    {"ComputeFractionalTFLOPS", of(19.5e12, Dimension::compute()), "19.5 TFLOPS"},
    {"ComputeBelowGFLOPS", of(5e8, Dimension::compute()), "0.5 GFLOPS"},
    // energy
    {"Energy1point5kWh", of(1.5 * kKWh, Dimension::energy()), "1.5 kWh"},
    // durations
    {"Duration18Months", of(18 * kMonth, Dimension::duration()), "18 months"},
    {"Duration72Hours", of(72 * kHour, Dimension::duration()), "72 h"},
    {"Duration3Months", of(3 * kMonth, Dimension::duration()), "3 months"},
    {"Duration2Years", of(2 * kYear, Dimension::duration()), "2 years"},
    {"Duration1Month", of(kMonth, Dimension::duration()), "1 month"},
    {"Duration12MonthsIsAYear", of(12 * kMonth, Dimension::duration()), "1 year"},
    {"Duration2Weeks", of(14 * 24 * kHour, Dimension::duration()), "2 weeks"},
    {"Duration10Days", of(10 * 24 * kHour, Dimension::duration()), "10 days"},
    {"Duration24HoursStaysHours", of(24 * kHour, Dimension::duration()), "24 h"},
    {"Duration1Hour", of(kHour, Dimension::duration()), "1 h"},
    {"Duration90MinutesIsHours", of(5400, Dimension::duration()), "1.5 h"},
    {"Duration30Minutes", of(1800, Dimension::duration()), "30 min"},
    {"Duration45Seconds", of(45, Dimension::duration()), "45 s"},
    {"DurationZero", of(0, Dimension::duration()), "0 s"},
    {"DurationManyHoursInYears", of(10000 * kHour, Dimension::duration()), "1.142 years"},
    {"DurationFractionalMonths", of(5000.5 * kHour, Dimension::duration()), "6.85 months"},
    {"DurationFractionalDays", of(200.25 * kHour, Dimension::duration()), "8.344 days"},
    {"DurationFractionalHours", of(100.5 * kHour, Dimension::duration()), "100.5 h"},
    {"DurationNegative", of(-72 * kHour, Dimension::duration()), "-72 h"},
    // money
    {"Money150000CNY", of(150000, Dimension::money_amount(), Currency::CNY), "150000 CNY"},
    {"Money21point96USD", of(21.96, Dimension::money_amount(), Currency::USD), "21.96 USD"},
    {"Money3MillionCNY", of(3e6, Dimension::money_amount(), Currency::CNY), "3000000 CNY"},
    {"MoneyTrailingZeroTrimmed", of(21.5, Dimension::money_amount(), Currency::USD), "21.5 USD"},
    {"MoneyTwoDecimals", of(1234.567, Dimension::money_amount(), Currency::USD), "1234.57 USD"},
    {"MoneyBelowOneKeepsDigits", of(0.004, Dimension::money_amount(), Currency::USD), "0.004 USD"},
    {"MoneyZero", of(0, Dimension::money_amount(), Currency::USD), "0 USD"},
    {"MoneyRatePerHour", of(32.77 / kHour, Dimension::money_rate(), Currency::USD), "32.77 USD/h"},
    {"MoneyRateFromMonthly", of(24000 / kMonth, Dimension::money_rate(), Currency::USD), "32.88 USD/h"},
    {"MoneyRateCNY", of(8 / kHour, Dimension::money_rate(), Currency::CNY), "8 CNY/h"},
    {"EnergyPriceCNY", of(0.8 / kKWh, Dimension::energy_price(), Currency::CNY), "0.8 CNY/kWh"},
    {"EnergyPriceUSD", of(0.12 / kKWh, Dimension::energy_price(), Currency::USD), "0.12 USD/kWh"},
    // dimensionless
    {"Number8", Quantity::number(8), "8"},
    {"Number2point5", Quantity::number(2.5), "2.5"},
    {"NumberPercentage", Quantity::number(0.6), "0.6"},
    {"NumberWholeBelowAMillion", Quantity::number(150000), "150000"},
    {"NumberSevenBillion", Quantity::number(7e9), "7e9"},
    {"NumberMillionAndAHalf", Quantity::number(1.5e6), "1.5e6"},
    {"NumberRoundedLarge", Quantity::number(1234567), "1.235e6"},
    {"NumberTiny", Quantity::number(0.00001), "1e-5"},
    {"NumberNegative", Quantity::number(-3), "-3"},
    {"NumberZero", Quantity::number(0), "0"},
    {"NumberNegativeZero", Quantity::number(-0.0), "0"},
    // other products print in base units
    {"ByteSeconds", of(5, Dimension{.bytes = 1, .seconds = 1}), "5 B*s"},
    {"PricePerByte", of(0.005, Dimension{.bytes = -1, .money = 1}, Currency::USD), "0.005 USD/B"},
};

class FormatTest : public testing::TestWithParam<FormatCase> {};

TEST_P(FormatTest, MostReadableScale) { EXPECT_EQ(format(GetParam().quantity), GetParam().expected); }

INSTANTIATE_TEST_SUITE_P(Format, FormatTest, testing::ValuesIn(kFormatCases),
                         [](const testing::TestParamInfo<FormatCase>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace gpuspec::units
