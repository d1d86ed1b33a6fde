// Storage facts of a cloud deployment: the declared system and data disks, and the
// instance's own local NVMe drives (instance store), which count as NVMe data storage
// when the deployment keeps its data there (`storage { data = local_nvme }`) or declares
// no data disk at all.
#include <fmt/format.h>

#include "facts/fact_builder.h"

namespace gpuspec::facts {

namespace {

struct LocalNvme {
  double drives = 0;
  double drive_size = 0;  // bytes
  SourceRange range;      // the catalog's local_nvme_drives
};

std::optional<LocalNvme> local_nvme(const sema::DeclEntry* instance) {
  if (!instance) return std::nullopt;
  auto drives = catalog_property(*instance, "local_nvme_drives");
  auto size = catalog_property(*instance, "local_nvme_drive_size");
  if (!drives || !size || drives->value.quantity.value <= 0) return std::nullopt;
  return LocalNvme{drives->value.quantity.value, size->value.quantity.value, drives->origin.range};
}

bool declares_local_nvme(const ast::Declaration& decl) {
  const ast::Property* data = find_property(decl.body, "storage.data");
  const auto* name = data ? data->value->as<ast::Name>() : nullptr;
  return name && name->name == "local_nvme";
}

Value bytes(double value) { return Value::of({value, units::Dimension::data(), units::Currency::None}); }

// storage.data.* from the instance's local NVMe, striped into one volume (RAID 0), as
// `origin` says (declared by the deployment, or the default when it declares no disk).
void data_on_local_nvme(FactBuilder& b, const sema::DeclEntry& instance, const LocalNvme& nvme, Origin origin) {
  FactSet& facts = b.facts();
  const std::string striped = fmt::format("{:g} x {} local NVMe of {}, striped (RAID 0)", nvme.drives,
                                          bytes(nvme.drive_size).display(), instance.decl->name);
  auto with = [&](std::string why) {
    Origin o = origin;
    o.explanation = o.explanation.empty() ? std::move(why) : o.explanation.str() + "; " + why;
    return o;
  };
  facts.set("storage.data.present"_fact, Value::flag(true), with("the instance's local NVMe holds the data"));
  // Backends that create a data disk from storage.data.capacity skip it for local NVMe.
  facts.set("storage.data.local"_fact, Value::flag(true), with("no data disk: the instance's own drives"));
  facts.set("storage.data.kind"_fact, Value::symbol("nvme"), with("instance store NVMe SSDs"));
  facts.set("storage.data.drives"_fact, Value::number(nvme.drives), with(striped));
  facts.set("storage.data.raid"_fact, Value::symbol("raid0"), with(striped));
  facts.set("storage.data.capacity"_fact, bytes(nvme.drives * nvme.drive_size), with(striped));
  if (auto bw = catalog_property(instance, "local_nvme_read_bw")) {
    facts.set("storage.data.read_bw"_fact, bw->value, bw->origin);
  }
}

// An instance whose local disk the catalog records only as `local_storage` (Azure's temp
// disk): its capacity holds the data, but its kind stays unknown rather than guessed.
void data_on_local_disk(FactBuilder& b, const sema::DeclEntry& instance, SourceRange declared) {
  auto local = catalog_property(instance, "local_storage");
  if (!local || local->value.quantity.value <= 0) return;
  FactSet& facts = b.facts();
  const std::string why = fmt::format("the local disk of {}; the catalog does not record whether it is NVMe",
                                      instance.decl->name);
  facts.set("storage.data.present"_fact, Value::flag(true), Origin{Origin::Kind::Declared, declared, {}, why});
  facts.set("storage.data.local"_fact, Value::flag(true), Origin{Origin::Kind::Declared, declared, {}, why});
  facts.set("storage.data.capacity"_fact, local->value, Origin{Origin::Kind::Catalog, local->origin.range,
                                                          instance.decl->name, why});
}

}  // namespace

void resolve_cloud_storage(FactBuilder& b, const sema::DeclEntry* instance) {
  const ast::Declaration& decl = b.decl();
  b.declared("storage.system.capacity"_fact, "storage.system");
  const auto nvme = local_nvme(instance);
  if (nvme) {
    b.derived("storage.local.drives"_fact, Value::number(nvme->drives), nvme->range, "local NVMe SSDs of the instance");
    b.derived("storage.local.kind"_fact, Value::symbol("nvme"), nvme->range, "instance store NVMe SSDs");
    b.derived("storage.local.nvme_capacity"_fact, bytes(nvme->drives * nvme->drive_size), nvme->range,
              fmt::format("{:g} x {}", nvme->drives, bytes(nvme->drive_size).display()));
  }

  if (declares_local_nvme(decl)) {
    const ast::Property* data = find_property(decl.body, "storage.data");
    if (nvme) {
      data_on_local_nvme(b, *instance, *nvme, Origin{Origin::Kind::Declared, data->range, {}, {}});
    } else if (instance) {
      data_on_local_disk(b, *instance, data->range);
    }
    // Without any local drive this is an error at the property (sema::check_consistency).
    return;
  }
  // A data disk's class defaults to ssd (the schema's default for storage.data_kind).
  if (b.declared("storage.data.capacity"_fact, "storage.data")) {
    b.declared_or_default("storage.data.kind"_fact, "storage.data_kind", Value::symbol("ssd"), "schema default");
    b.derived("storage.data.present"_fact, Value::flag(true), find_property(decl.body, "storage.data")->range,
              "a data disk is declared");
    b.derived("storage.data.local"_fact, Value::flag(false), find_property(decl.body, "storage.data")->range,
              "a data disk is declared");
    return;
  }
  b.declared("storage.data.kind"_fact, "storage.data_kind");
  if (nvme) {
    data_on_local_nvme(b, *instance, *nvme,
                       Origin{Origin::Kind::Default, decl.name_range, {},
                              "no data disk declared, so the data lives on the instance's local NVMe (write "
                              "`storage { data = local_nvme }` to have it striped and mounted)"});
  }
}

}  // namespace gpuspec::facts
