#!/usr/bin/env python3
"""Writes aws-offer-reserved.json: an AWS Price List offer file for AmazonEC2 holding
one real AWS Pricing API (GetProducts) response for c5.xlarge in us-east-1, with its
Reserved terms.

The response is the one pipetail/cloudlint captured into internal/awspricing/pricing.go
(the Go raw string `output`), commit 323fbf07d73981f03b77eb8a3ebcb8872bc10eaf:
https://github.com/pipetail/cloudlint/blob/323fbf07d73981f03b77eb8a3ebcb8872bc10eaf/internal/awspricing/pricing.go
(MIT licence; SHA-256 of that file
a2767a9124d61f5800a213a02a2ee455da70022b83789a25be79c1cf3ef8dda5). Save it next to this
script and run `python3 aws-offer-reserved-reassemble.py pricing.go` to regenerate.

The API returns one object per product (product, serviceCode, terms, version,
publicationDate); this script only moves them into the bulk offer file's layout
(formatVersion, offerCode, version, publicationDate, products.SKU, terms.TYPE.SKU) and
keeps every product attribute and term exactly as captured. One thing is added: the
response predates the `regionCode` attribute the importer keys a region on, so each
product gets regionCode "us-east-1" from its `location` "US East (N. Virginia)" (AWS's
own name for that region); any other location stops the script.
"""
import hashlib
import json
import sys

SOURCE_SHA256 = "a2767a9124d61f5800a213a02a2ee455da70022b83789a25be79c1cf3ef8dda5"
REGION_OF_LOCATION = {"US East (N. Virginia)": "us-east-1"}

raw = open(sys.argv[1], "rb").read()
if hashlib.sha256(raw).hexdigest() != SOURCE_SHA256:
    sys.exit("not the file of commit 323fbf07 (SHA-256 differs)")
text = raw.decode("utf-8")
start = text.index("[]byte(`") + len("[]byte(`")
price_list = json.loads(text[start:text.index("`)", start)])

header = {key: {item[key] for item in price_list} for key in ("serviceCode", "version", "publicationDate")}
if any(len(values) != 1 for values in header.values()):
    sys.exit(f"the products disagree on {header}")
products, terms = {}, {}
for item in price_list:
    product = item["product"]
    attributes = dict(product["attributes"])
    attributes["regionCode"] = REGION_OF_LOCATION[attributes["location"]]
    products[product["sku"]] = {"sku": product["sku"], "productFamily": product["productFamily"],
                                "attributes": dict(sorted(attributes.items()))}
    for term_type, by_key in item["terms"].items():
        terms.setdefault(term_type, {})[product["sku"]] = by_key

offer = {
    "formatVersion": "v1.0",
    "offerCode": header["serviceCode"].pop(),
    "version": header["version"].pop(),
    "publicationDate": header["publicationDate"].pop(),
    "products": products,
    "terms": terms,
}
with open("aws-offer-reserved.json", "w") as out:
    json.dump(offer, out, indent=2, separators=(",", " : "))
    out.write("\n")
