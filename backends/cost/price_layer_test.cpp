// A price book made of layers (the stdlib's read once per session, each user file's on
// top) must answer as the one list of entries it replaced: the stdlib first, user files
// in the order added, a file added twice counted once, a later volume type replacing
// an earlier one.
#include <gtest/gtest.h>

#include <string>

#include "backends/cost/price_book.h"

namespace gpuspec::cost {
namespace {

constexpr const char* kStdlib = R"(
price prices.test.gpu.us {
  item   = test.gpu
  kind   = list
  amount = 1000 USD
  region = us
  as_of  = "2024-01-01"
}
price prices.test.gpu.any {
  item   = test.gpu
  kind   = street
  amount = 900 USD
  as_of  = "2024-06-01"
}
volume test.disk { billing = tiered }
electricity power.us { region = us
  price = 0.1 USD/kWh
  as_of = "2024-01-01" }
)";

constexpr const char* kUser = R"(
price team.gpu {
  item   = test.gpu
  kind   = quote
  amount = 800 USD
  region = us
  as_of  = "2024-01-01"
}
volume test.disk { billing = per_capacity }
)";

struct Files {
  SourceManager sources;
  DiagnosticEngine diags;
  sema::Library stdlib;
  sema::Library user;  // only a holder of one parsed file
  Files() {
    stdlib.add_file(sources, diags, "<test>/stdlib.gpuspec", kStdlib);
    user.add_file(sources, diags, "<test>/user.gpuspec", kUser);
  }
  const sema::LoadedFile& user_file() const { return *user.files().front(); }
};

std::vector<std::string> entries(const PriceBook& book) {
  std::vector<std::string> out;
  for (const PriceEntry* e : book.candidates(PriceQuery{"test.gpu", "us", false, units::Currency::USD, PriceUse::Any})) {
    out.push_back(e->source.entry);
  }
  return out;
}

TEST(PriceLayers, AnswerAsOneListOfEntries) {
  Files files;
  ASSERT_FALSE(files.diags.has_errors());
  auto library = PriceLayer::of_library(files.stdlib);
  PriceBook book;
  book.add_layer(library);
  book.add_user_layer(files.user_file().source, PriceLayer::of_file(files.user_file(), true));
  // The user's entry first, then the stdlib's for the region, then its region-less one.
  EXPECT_EQ(entries(book), (std::vector<std::string>{"team.gpu", "prices.test.gpu.us", "prices.test.gpu.any"}));
  EXPECT_EQ(book.prices().size(), 3u);
  EXPECT_EQ(book.prices().front()->source.entry, "prices.test.gpu.us");  // the stdlib's first
  EXPECT_EQ(book.volume_billing("test.disk"), "per_capacity");          // the later file's
  ASSERT_NE(book.electricity("us"), nullptr);
  EXPECT_EQ(book.electricity("us")->source.entry, "power.us");

  // Added again (a --prices file the spec also imports): counted once.
  book.add_user_layer(files.user_file().source, PriceLayer::of_file(files.user_file(), true));
  EXPECT_EQ(book.prices().size(), 3u);
}

TEST(PriceLayers, TheLibraryLayerIsSharedNotCopied) {
  Files files;
  auto library = PriceLayer::of_library(files.stdlib);
  PriceBook a;
  PriceBook b;
  a.add_layer(library);
  b.add_layer(library);
  EXPECT_EQ(a.prices().front(), b.prices().front());
  EXPECT_EQ(b.volume_billing("test.disk"), "tiered");
  PriceBook fresh;
  fresh.add_library(files.stdlib);
  EXPECT_EQ(entries(fresh), entries(a));
}

// The session's stdlib layer is read when a book first looks an entry up (a check whose
// rules read no cost fact never does), once for every book that shares it, and the book
// answers as it does with the layer read up front.
TEST(PriceLayers, ADeferredLayerIsReadOnFirstLookUpOnceAndAnswersTheSame) {
  Files files;
  int reads = 0;
  auto deferred = std::make_shared<const DeferredPriceLayer>([&] {
    ++reads;
    return PriceLayer::of_library(files.stdlib);
  });
  PriceBook lazy;
  PriceBook other;
  lazy.add_deferred_layer(deferred);
  other.add_deferred_layer(deferred);
  lazy.add_user_layer(files.user_file().source, PriceLayer::of_file(files.user_file(), true));
  EXPECT_EQ(reads, 0);
  PriceBook eager;
  eager.add_layer(PriceLayer::of_library(files.stdlib));
  eager.add_user_layer(files.user_file().source, PriceLayer::of_file(files.user_file(), true));
  EXPECT_EQ(entries(lazy), entries(eager));
  EXPECT_EQ(reads, 1);
  EXPECT_EQ(lazy.volume_billing("test.disk"), "per_capacity");
  EXPECT_EQ(other.volume_billing("test.disk"), "tiered");
  ASSERT_NE(lazy.electricity("us"), nullptr);
  EXPECT_EQ(lazy.prices().size(), eager.prices().size());
  EXPECT_EQ(other.prices().front(), lazy.prices().front());  // one layer, shared
  EXPECT_EQ(reads, 1);
}

// The library's entries are read item by item, when a book first asks for the item; an
// entry without a usable amount is left out as it always was, and listing every entry
// reads the rest, in the order of the declarations.
TEST(PriceLayers, LibraryEntriesAreReadPerItemInDeclarationOrder) {
  SourceManager sources;
  DiagnosticEngine diags;
  sema::Library stdlib;
  stdlib.add_file(sources, diags, "<test>/a.gpuspec", R"(
price p.one { item = test.one
  kind = list
  amount = 10 USD }
price p.broken { item = test.two
  kind = list }
price p.two { item = test.two
  kind = list
  amount = 20 USD }
price p.one.later { item = test.one
  kind = list
  amount = 11 USD
  as_of = "2025-01-01" }
)");
  auto layer = PriceLayer::of_library(stdlib);
  PriceBook book;
  book.add_layer(layer);
  auto names = [](const std::vector<const PriceEntry*>& entries) {
    std::vector<std::string> out;
    for (const auto* e : entries) out.push_back(e->source.entry);
    return out;
  };
  EXPECT_EQ(names(book.candidates(PriceQuery{"test.two"})), (std::vector<std::string>{"p.two"}));
  EXPECT_EQ(names(book.candidates(PriceQuery{"test.one"})), (std::vector<std::string>{"p.one.later", "p.one"}));
  EXPECT_TRUE(book.candidates(PriceQuery{"test.three"}).empty());
  EXPECT_EQ(names(book.prices()), (std::vector<std::string>{"p.one", "p.two", "p.one.later"}));
  PriceBook listed_first;
  listed_first.add_layer(PriceLayer::of_library(stdlib));
  EXPECT_EQ(names(listed_first.prices()), names(book.prices()));
  EXPECT_EQ(names(listed_first.candidates(PriceQuery{"test.one"})), (std::vector<std::string>{"p.one.later", "p.one"}));
}

}  // namespace
}  // namespace gpuspec::cost
