"""A real OGC API Records client against the server under test: OWSLib (Debian python3-owslib).

Usage: owslib_records.py <landing page URL> <record id>
Prints one JSON object with what OWSLib read from each request; the Vitest test compares it
with the search API's answers.
"""
import json
import sys

from owslib.ogcapi.records import Records

endpoint, record_id = sys.argv[1], sys.argv[2]
api = Records(endpoint, timeout=30)


def found(answer):
    return {
        "matched": answer["numberMatched"],
        "returned": answer["numberReturned"],
        "ids": [f["id"] for f in answer["features"]],
        "titles": [f["properties"]["title"] for f in answer["features"]],
    }


collection = api.collection("metadata")
out = {
    "title": api.response["title"],
    "conformance": api.conformance()["conformsTo"],
    "collections": [c["id"] for c in api.collections()["collections"]],
    "recordCollections": api.records(),
    "collection": {"id": collection["id"], "itemType": collection["itemType"]},
    "queryables": sorted(api.collection_queryables("metadata")["properties"].keys()),
    "q": found(api.collection_items("metadata", q="grundwasser")),
    "bbox": found(api.collection_items("metadata", bbox=[11, 48, 12, 49])),
    "filter": found(api.collection_items("metadata", filter="keywords = 'Boden'")),
    "all": found(api.collection_items("metadata", limit=100)),
}

# Paging two at a time, as a harvester does.
paged, offset = [], 0
for _ in range(20):
    page = api.collection_items("metadata", limit=2, offset=offset)
    paged += [f["id"] for f in page["features"]]
    if not any(link["rel"] == "next" for link in page["links"]):
        break
    offset += 2
out["paged"] = paged

item = api.collection_item("metadata", record_id)
out["item"] = {
    "id": item["id"],
    "type": item["type"],
    "title": item["properties"]["title"],
    "recordType": item["properties"]["type"],
    "bbox": item.get("bbox"),
    "alternates": sorted(
        link["type"] for link in item["links"] if link["rel"] == "alternate"
    ),
}
print(json.dumps(out))
