#!/usr/bin/env python3
"""Writes aws-offer-ec2.json: a trimmed AWS Price List offer file for AmazonEC2.

Every SKU, attribute value, rate code, description and price below is the one that
scttfrdmn/substrate copied from the live offer files (AmazonEC2 version
20260910195514, publicationDate 2026-09-10T19:55:14Z; us-east-1, us-west-2 and
eu-west-1) into emulator/pricing_offer_fixture_ec2.go at commit
158e698a9402433fc5840bc88f36250b4648217e. This script only puts them back into the
bulk offer file's layout (formatVersion, disclaimer, offerCode, version,
publicationDate, products, terms.OnDemand), as test/lit/prices-import/Inputs/SOURCE.md
explains. Run it from this folder to regenerate the sample.
"""
import json

COMMON = {
    "availabilityzone": "NA", "capacitystatus": "Used", "classicnetworkingsupport": "false",
    "currentGeneration": "Yes", "licenseModel": "No License required", "locationType": "AWS Region",
    "marketoption": "OnDemand", "operatingSystem": "Linux", "operation": "RunInstances",
    "preInstalledSw": "NA", "processorArchitecture": "64-bit", "servicecode": "AmazonEC2",
    "servicename": "Amazon Elastic Compute Cloud", "tenancy": "Shared", "vpcnetworkingsupport": "true",
}
INTEL = "Intel AVX; Intel AVX2; Intel AVX512; Intel Turbo"
AMD = "AMD Turbo; AVX; AVX2"
TYPES = {
    "t3.micro": dict(clockSpeed="3.1 GHz", dedicatedEbsThroughput="Up to 2085 Mbps",
                     dedicatedEbsThroughputDescription="87 Mbps", ecu="NA", enhancedNetworkingSupported="No",
                     gpuMemory="NA", instanceFamily="General purpose", instanceFamilyCategory="General Purpose",
                     intelAvx2Available="Yes", intelAvxAvailable="Yes", intelTurboAvailable="Yes", memory="1 GiB",
                     networkPerformance="Up to 5 Gigabit", normalizationSizeFactor="0.5",
                     physicalProcessor="Intel Skylake E5 2686 v5",
                     processorFeatures="AVX; AVX2; Intel AVX; Intel AVX2; Intel AVX512; Intel Turbo",
                     storage="EBS only", vcpu="2"),
    "m5.xlarge": dict(clockSpeed="3.1 GHz", dedicatedEbsThroughput="Up to 2120 Mbps",
                      dedicatedEbsThroughputDescription="850 Mbps", ecu="16", enhancedNetworkingSupported="Yes",
                      gpuMemory="NA", instanceFamily="General purpose", instanceFamilyCategory="General Purpose",
                      intelAvx2Available="Yes", intelAvxAvailable="Yes", intelTurboAvailable="Yes", memory="16 GiB",
                      networkPerformance="Up to 10 Gigabit", normalizationSizeFactor="8",
                      physicalProcessor="Intel Xeon Platinum 8175", processorFeatures=INTEL, storage="EBS only",
                      vcpu="4"),
    "g4dn.xlarge": dict(clockSpeed="2.5 GHz", dedicatedEbsThroughput="3500 Mbps",
                        dedicatedEbsThroughputDescription="3500 Mbps", ecu="NA", enhancedNetworkingSupported="Yes",
                        gpu="1", gpuMemory="16 GB", instanceFamily="GPU instance",
                        instanceFamilyCategory="Accelerated Computing", intelAvx2Available="Yes",
                        intelAvxAvailable="Yes", intelTurboAvailable="Yes", memory="16 GiB",
                        networkPerformance="Up to 25 Gigabit", normalizationSizeFactor="1",
                        physicalProcessor="Intel Xeon Family", processorFeatures=INTEL, storage="125 GB NVMe SSD",
                        vcpu="4"),
    "g5.2xlarge": dict(clockSpeed="2.8 GHz", dedicatedEbsThroughput="Up to 3500 Mbps",
                       dedicatedEbsThroughputDescription="850 Mbps", ecu="NA", enhancedNetworkingSupported="Yes",
                       gpu="1", gpuMemory="24 GB", instanceFamily="GPU instance",
                       instanceFamilyCategory="Accelerated Computing", intelAvx2Available="No",
                       intelAvxAvailable="No", intelTurboAvailable="No", memory="32 GiB",
                       networkPerformance="Up to 10 Gigabit", normalizationSizeFactor="1.204771372",
                       physicalProcessor="AMD EPYC 7R32", processorFeatures=AMD, storage="1 x 450 GB NVMe SSD",
                       vcpu="8"),
    "g6.xlarge": dict(clockSpeed="2.6 GHz", dedicatedEbsThroughput="Up to 5000 Mbps",
                      dedicatedEbsThroughputDescription="1000 Mbps", ecu="NA", enhancedNetworkingSupported="Yes",
                      gpu="1", gpuMemory="24 GB", instanceFamily="GPU instance",
                      instanceFamilyCategory="Accelerated Computing", intelAvx2Available="No",
                      intelAvxAvailable="No", intelTurboAvailable="No", memory="16 GiB",
                      networkPerformance="Up to 10 Gigabit", normalizationSizeFactor="1",
                      physicalProcessor="AMD EPYC 7R13 Processor", processorFeatures=AMD,
                      storage="1 x 250 GB NVMe SSD", vcpu="4"),
    "inf2.xlarge": dict(clockSpeed="2.95 GHz", dedicatedEbsThroughput="Up to 10 Gbps",
                        dedicatedEbsThroughputDescription="1250 Mbps", ecu="NA", enhancedNetworkingSupported="Yes",
                        gpu="1", gpuMemory="32 GB", instanceFamily="Machine Learning ASIC Instances",
                        instanceFamilyCategory="Accelerated Computing", intelAvx2Available="No",
                        intelAvxAvailable="No", intelTurboAvailable="No", memory="16 GiB",
                        networkPerformance="Up to 15 Gigabit", normalizationSizeFactor="1",
                        physicalProcessor="AMD EPYC 7R13 Processor", processorFeatures=AMD, storage="EBS only",
                        vcpu="4"),
    "p4d.24xlarge": dict(clockSpeed="3 GHz", dedicatedEbsThroughput="19000 Mbps",
                         dedicatedEbsThroughputDescription="19000 Mbps", ecu="345", enhancedNetworkingSupported="No",
                         gpu="8", gpuMemory="320 GB HBM2", instanceFamily="GPU instance",
                         instanceFamilyCategory="Accelerated Computing", intelAvx2Available="Yes",
                         intelAvxAvailable="Yes", intelTurboAvailable="Yes", memory="1152 GiB",
                         networkPerformance="400 Gigabit", normalizationSizeFactor="192",
                         physicalProcessor="Intel Xeon Platinum 8275L", processorFeatures=INTEL,
                         storage="8 x 1000 SSD", vcpu="96"),
    "p5.48xlarge": dict(clockSpeed="2.95 GHz", dedicatedEbsThroughput="80 Gbps",
                        dedicatedEbsThroughputDescription="80 Gbps", ecu="NA", enhancedNetworkingSupported="Yes",
                        gpu="8", gpuMemory="640 GB HBM3", instanceFamily="GPU instance",
                        instanceFamilyCategory="Accelerated Computing", intelAvx2Available="No",
                        intelAvxAvailable="No", intelTurboAvailable="No", memory="2048 GiB",
                        networkPerformance="3200 Gigabit", normalizationSizeFactor="384",
                        physicalProcessor="AMD EPYC 7R13 Processor", processorFeatures=AMD,
                        storage="8 x 3840 GB SSD", vcpu="192"),
    "trn1.32xlarge": dict(clockSpeed="Up to 3.5 GHz", dedicatedEbsThroughput="Up to 80 Gbps",
                          dedicatedEbsThroughputDescription="80 Gbps", ecu="NA", enhancedNetworkingSupported="Yes",
                          gpu="16", gpuMemory="512 GB", instanceFamily="Machine Learning ASIC Instances",
                          instanceFamilyCategory="Accelerated Computing", intelAvx2Available="Yes",
                          intelAvxAvailable="Yes", intelTurboAvailable="Yes", memory="512 GiB",
                          networkPerformance="800 Gigabit", normalizationSizeFactor="256",
                          physicalProcessor="Intel Xeon Scalable (Icelake)", processorFeatures=INTEL,
                          storage="4 x 1900 NVMe SSD", vcpu="128"),
}
REGIONS = {"us-east-1": ("US East (N. Virginia)", ""), "us-west-2": ("US West (Oregon)", "USW2-"),
           "eu-west-1": ("EU (Ireland)", "EU-")}
# (sku, instance type, region, attribute overrides, description's dollar figure, pricePerUnit.USD)
ROWS = [
    ("CRAJUW7BTXFMT2UJ", "t3.micro", "us-east-1", {}, "$0.0104", "0.0104000000"),
    ("5G4TA8Z4MUKE6MJB", "m5.xlarge", "us-east-1", {}, "$0.192", "0.1920000000"),
    ("7TVXMFHQR6U7W5CV", "g4dn.xlarge", "us-east-1", {}, "$0.526", "0.5260000000"),
    ("FX9TUYTJKEENVBSR", "g5.2xlarge", "us-east-1", {}, "$1.212", "1.2120000000"),
    ("TPKUC6XYSUQ3VFK2", "g6.xlarge", "us-east-1", {}, "$0.8048", "0.8048000000"),
    ("M85N22VB4U7UGU9M", "inf2.xlarge", "us-east-1", {}, "$0.7582", "0.7582000000"),
    ("H7NGEAC6UEHNTKSJ", "p4d.24xlarge", "us-east-1", {}, "$21.957642", "21.9576420000"),
    ("3D4V8UAYEMB38GU2", "p5.48xlarge", "us-east-1", {}, "$55.04", "55.0400000000"),
    ("WVVQPJVCQU4SR8XF", "trn1.32xlarge", "us-east-1", {}, "$21.50", "21.5000000000"),
    ("VJNS2RY9CFHRVCMH", "t3.micro", "us-west-2", {}, "$0.0104", "0.0104000000"),
    ("T5CRJD6MS45TWRHG", "m5.xlarge", "us-west-2", {}, "$0.192", "0.1920000000"),
    ("DY2XVQ4WPT7BKDCH", "g4dn.xlarge", "us-west-2", {}, "$0.526", "0.5260000000"),
    ("GY47PZ4E422T8DWN", "g5.2xlarge", "us-west-2", {}, "$1.212", "1.2120000000"),
    ("PCX39NHAEPRR9GUY", "g6.xlarge", "us-west-2", {}, "$0.8048", "0.8048000000"),
    ("JQQFHDV8JU9MJ96J", "inf2.xlarge", "us-west-2", {}, "$0.7582", "0.7582000000"),
    ("DHAMWQPURBTZBUA6", "p4d.24xlarge", "us-west-2", {}, "$21.95764", "21.9576400000"),
    ("HNW4W6GM8AE2PCQX", "p5.48xlarge", "us-west-2", {}, "$55.04", "55.0400000000"),
    ("7AKU67FQVWG865YR", "trn1.32xlarge", "us-west-2", {}, "$21.50", "21.5000000000"),
    ("DXH6X4VVFUT4EUU5", "t3.micro", "eu-west-1", {}, "$0.0114", "0.0114000000"),
    ("HNKY83Z77VRXC2UH", "m5.xlarge", "eu-west-1", {}, "$0.214", "0.2140000000"),
    ("PEJRQD7KDD2NBFH5", "g4dn.xlarge", "eu-west-1", {}, "$0.587", "0.5870000000"),
    ("P2KE3JYU9KQ2RD7B", "g5.2xlarge", "eu-west-1", {}, "$1.35296", "1.3529600000"),
    ("PRB4AAR5CU7BQTGA", "inf2.xlarge", "eu-west-1", {}, "$0.94775", "0.9477500000"),
    ("CQ3RZ8A8BQKVHSKT", "p4d.24xlarge", "eu-west-1", {}, "$23.71569", "23.7156900000"),
    ("HXGQ45BFM9J2FJ3F", "m5.xlarge", "us-east-1",
     {"operatingSystem": "Windows", "operation": "RunInstances:0002"}, "$0.376", "0.3760000000"),
    ("AWJMJ73C9RDQFD5N", "m5.xlarge", "us-east-1",
     {"licenseModel": "License Included - Infrastructure", "operatingSystem": "Windows",
      "operation": "RunInstances:0002:box"}, "$0.192", "0.1920000000"),
    ("8AW2DYRV3M9N5RRZ", "m5.xlarge", "us-east-1",
     {"licenseModel": "Bring your own license", "operatingSystem": "Windows", "operation": "RunInstances:0800"},
     "$0.192", "0.1920000000"),
    ("EHFDZFP2EH9BD4DX", "m5.xlarge", "us-east-1", {"operation": "RunInstances:0004", "preInstalledSw": "SQL Std"},
     "$0.672", "0.6720000000"),
    ("AN9HBCS6XCP64Z83", "m5.xlarge", "us-east-1", {"tenancy": "Dedicated", "usagetype": "DedicatedUsage:m5.xlarge"},
     "$0.204", "0.2040000000"),
    ("E9RWRGDUV5X76FUB", "m5.xlarge", "us-east-1",
     {"capacitystatus": "UnusedCapacityReservation", "instancesku": "5G4TA8Z4MUKE6MJB",
      "usagetype": "UnusedBox:m5.xlarge"}, "$0.192", "0.1920000000"),
    ("5Q7AP3RH7KTVUNCJ", "p5.48xlarge", "us-east-1",
     {"marketoption": "CapacityBlock", "operation": "RunInstances:CB"}, "$0.00", "0.0000000000"),
]
DESCRIPTION = {  # the description's words between the figure and the instance type
    "HXGQ45BFM9J2FJ3F": "On Demand Windows", "AWJMJ73C9RDQFD5N": "On Demand Windows without licenses",
    "8AW2DYRV3M9N5RRZ": "On Demand Windows BYOL", "EHFDZFP2EH9BD4DX": "On Demand Linux with SQL Std",
    "AN9HBCS6XCP64Z83": "Dedicated Linux", "E9RWRGDUV5X76FUB": "Unused Reservation Linux",
    "5Q7AP3RH7KTVUNCJ": "Capacity Block Linux",
}
EFFECTIVE = "2026-09-01T00:00:00Z"

products, on_demand = {}, {}
for sku, itype, region, overrides, figure, usd in ROWS:
    location, prefix = REGIONS[region]
    attributes = dict(COMMON, **TYPES[itype], instanceType=itype, location=location, regionCode=region,
                      usagetype=f"{prefix}BoxUsage:{itype}")
    attributes.update(overrides)
    products[sku] = {"sku": sku, "productFamily": "Compute Instance", "attributes": dict(sorted(attributes.items()))}
    rate = f"{sku}.JRTCKXETXF.6YS6EN2CT7"
    words = DESCRIPTION.get(sku, "On Demand Linux")
    on_demand[sku] = {f"{sku}.JRTCKXETXF": {
        "offerTermCode": "JRTCKXETXF", "sku": sku, "effectiveDate": EFFECTIVE,
        "priceDimensions": {rate: {"rateCode": rate, "description": f"{figure} per {words} {itype} Instance Hour",
                                   "beginRange": "0", "endRange": "Inf", "unit": "Hrs",
                                   "pricePerUnit": {"USD": usd}, "appliesTo": []}},
        "termAttributes": {}}}

# The free-tier pseudo-product: no instanceType, regionCode "", a 750-hour range. Its
# appliesTo lists 170 SKUs in the file; the first four are kept.
FREE = "R3WPVNCD34N9W7UV"
products[FREE] = {"sku": FREE, "productFamily": "Compute Instance", "attributes": {
    "group": "FreeTrial",
    "groupDescription": "Free Trial for running instances for a limited number of hours and instances, "
                        "see marketing for details",
    "location": "Any", "locationType": "AWS Region", "operation": "RunInstances", "regionCode": "",
    "servicecode": "AmazonEC2", "servicename": "Amazon Elastic Compute Cloud",
    "usagetype": "Global-BoxUsage:freetrial"}}
on_demand[FREE] = {f"{FREE}.A429C66SYZ": {
    "offerTermCode": "A429C66SYZ", "sku": FREE, "effectiveDate": EFFECTIVE,
    "priceDimensions": {f"{FREE}.A429C66SYZ.TKQXKGP374": {
        "rateCode": f"{FREE}.A429C66SYZ.TKQXKGP374", "description": "Global", "beginRange": "0", "endRange": "750",
        "unit": "Hrs", "pricePerUnit": {"USD": "0.0000000000"},
        "appliesTo": ["DBYKKKJW4DNWYZYV", "UZN5PC673JE8UQAY", "V9ES3NHTPE38KTTM", "7UWG6NFD2Q2CCF66"]}},
    "termAttributes": {"Restriction": "Limited SKU Usage"}}}

offer = {
    "formatVersion": "v1.0",
    "disclaimer": "This pricing list is for informational purposes only. All prices are subject to the additional "
                  "terms included in the pricing pages on http://aws.amazon.com. All Free Tier prices are also "
                  "subject to the terms included at https://aws.amazon.com/free/",
    "offerCode": "AmazonEC2",
    "version": "20260910195514",
    "publicationDate": "2026-09-10T19:55:14Z",
    "products": products,
    "terms": {"OnDemand": on_demand},
}
with open("aws-offer-ec2.json", "w") as out:
    json.dump(offer, out, indent=2, separators=(",", " : "))
    out.write("\n")
