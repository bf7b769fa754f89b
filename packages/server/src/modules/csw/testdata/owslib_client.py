"""A real CSW client against the server under test: OWSLib (Debian python3-owslib).

Usage: owslib_client.py <endpoint> <record id>
Prints one JSON object with what OWSLib read from each request; the Vitest test compares it
with the search API's answers.
"""
import json
import sys

from owslib.csw import CatalogueServiceWeb
from owslib.etree import etree
from owslib.fes import And, BBox, Or, PropertyIsEqualTo, PropertyIsLike

GMD = "http://www.isotc211.org/2005/gmd"
CSW = "http://www.opengis.net/cat/csw/2.0.2"

endpoint, record_id = sys.argv[1], sys.argv[2]
csw = CatalogueServiceWeb(endpoint, timeout=30)
out = {
    "title": csw.identification.title,
    "version": csw.version,
    "operations": sorted(op.name for op in csw.operations),
    "getRecordsUrl": csw.get_operation_by_name("GetRecords").methods[0]["url"],
}


def search(constraints, maxrecords=10, startposition=0, esn="summary", **kw):
    csw.getrecords2(constraints=constraints, maxrecords=maxrecords,
                    startposition=startposition, esn=esn, **kw)
    return {
        "matches": csw.results["matches"],
        "returned": csw.results["returned"],
        "nextrecord": csw.results["nextrecord"],
        "ids": list(csw.records.keys()),
        "titles": [r.title for r in csw.records.values()],
    }


like = PropertyIsLike("csw:AnyText", "%grundwasser%")
box = BBox([11, 48, 12, 49])
out["like"] = search([like])
out["bbox"] = search([box])
# A list in the list is And; the outer list is Or.
out["and"] = search([[PropertyIsLike("csw:AnyText", "%seen%"), BBox([6, 51, 7, 52])]])
out["or"] = search([PropertyIsEqualTo("dc:subject", "Boden"), PropertyIsEqualTo("dc:type", "service")])
out["all"] = search([], maxrecords=0)

# Paging through all results, two at a time, as a harvester does.
paged, start = [], 1
for _ in range(20):
    page = search([], maxrecords=2, startposition=start)
    paged += page["ids"]
    if page["nextrecord"] == 0:
        break
    start = page["nextrecord"]
out["paged"] = paged

csw.getrecordbyid([record_id], esn="full")
dc = csw.records[record_id]
out["byIdDc"] = {"identifier": dc.identifier, "title": dc.title, "abstract": dc.abstract,
                 "bbox": [dc.bbox.minx, dc.bbox.miny, dc.bbox.maxx, dc.bbox.maxy] if dc.bbox else None}

csw.getrecordbyid([record_id], outputschema="http://www.isotc211.org/2005/gmd")
iso = csw.records[record_id]
identification = iso.identification
if isinstance(identification, list):
    identification = identification[0]
out["byIdIso"] = {"identifier": iso.identifier, "title": identification.title,
                  "abstract": identification.abstract}

csw.getrecords2(constraints=[like], outputschema="http://www.isotc211.org/2005/gmd",
                typenames="gmd:MD_Metadata")
out["isoSearch"] = {"matches": csw.results["matches"], "ids": list(csw.records.keys()),
                    "identifiers": [r.identifier for r in csw.records.values()]}


def iso_view(record):
    """What OWSLib's MD_Metadata read of an ISO record."""
    ident = record.identification
    if isinstance(ident, list):
        ident = ident[0]
    box = getattr(ident, "bbox", None)
    return {
        "identifier": record.identifier,
        "hierarchy": record.hierarchy,
        "title": ident.title,
        "abstract": ident.abstract,
        "keywords": [k for block in getattr(ident, "keywords2", []) for k in block.keywords if k],
        "bbox": [box.minx, box.miny, box.maxx, box.maxy] if box is not None else None,
        "online": [o.url for o in record.distribution.online] if record.distribution else [],
    }


# The ISO Application Profile's brief and summary records, read by OWSLib's MD_Metadata.
for esn in ("brief", "summary"):
    csw.getrecordbyid([record_id], esn=esn, outputschema=GMD)
    out["iso_" + esn] = iso_view(csw.records[record_id])
csw.getrecords2(constraints=[like], outputschema=GMD, typenames="gmd:MD_Metadata", esn="brief")
out["isoBriefSearch"] = [iso_view(r) for r in csw.records.values()]

# DescribeRecord: OWSLib sends it and leaves the answer unparsed (csw.response).
csw.describerecord("gmd:MD_Metadata")
answer = etree.fromstring(csw.response)
out["describeRecord"] = {
    "root": answer.tag,
    "namespaces": [c.get("targetNamespace") for c in answer.findall("{%s}SchemaComponent" % CSW)],
}
print(json.dumps(out))
