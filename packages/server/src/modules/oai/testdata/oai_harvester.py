"""A scripted OAI-PMH harvester (Python standard library only: urllib and xml.etree).

Usage: oai_harvester.py <base URL> <metadataPrefix> [<from>]

Asks Identify, then ListRecords and follows resumption tokens until an empty one, as a
harvester does; prints what it learned as JSON: the repository's name and deleted-record
policy, the first responseDate (the `from` of the next incremental harvest), and every
record with its identifier, datestamp, deleted status and title.
"""

import json
import sys
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET

OAI = "{http://www.openarchives.org/OAI/2.0/}"
DC = "{http://purl.org/dc/elements/1.1/}"
GMD = "{http://www.isotc211.org/2005/gmd}"
GCO = "{http://www.isotc211.org/2005/gco}"


def request(base, **args):
    url = base + "?" + urllib.parse.urlencode(args)
    with urllib.request.urlopen(url, timeout=30) as response:
        if response.status != 200:
            raise RuntimeError(f"{url}: HTTP {response.status}")
        return ET.fromstring(response.read())


def errors(root):
    return [e.get("code") for e in root.findall(OAI + "error")]


def title_of(record):
    dc = record.find(f"{OAI}metadata/{{http://www.openarchives.org/OAI/2.0/oai_dc/}}dc")
    if dc is not None:
        return [t.text for t in dc.findall(DC + "title")]
    iso = record.find(f"{OAI}metadata/{GMD}MD_Metadata")
    if iso is not None:
        return [t.findtext(GCO + "CharacterString") for t in iso.iter(GMD + "title")][:1]
    return []


def main():
    base, prefix = sys.argv[1], sys.argv[2]
    identify = request(base, verb="Identify").find(OAI + "Identify")
    args = {"verb": "ListRecords", "metadataPrefix": prefix}
    if len(sys.argv) > 3:
        args["from"] = sys.argv[3]
    root = request(base, **args)
    response_date = root.findtext(OAI + "responseDate")
    records, pages = [], 0
    while True:
        pages += 1
        codes = errors(root)
        if codes:
            if codes != ["noRecordsMatch"]:
                raise RuntimeError(f"OAI errors: {codes}")
            break
        answer = root.find(OAI + "ListRecords")
        for record in answer.findall(OAI + "record"):
            header = record.find(OAI + "header")
            records.append(
                {
                    "identifier": header.findtext(OAI + "identifier"),
                    "datestamp": header.findtext(OAI + "datestamp"),
                    "deleted": header.get("status") == "deleted",
                    "sets": [s.text for s in header.findall(OAI + "setSpec")],
                    "title": title_of(record),
                }
            )
        token = answer.find(OAI + "resumptionToken")
        if token is None or not (token.text or "").strip():
            break
        root = request(base, verb="ListRecords", resumptionToken=token.text.strip())
    print(
        json.dumps(
            {
                "repositoryName": identify.findtext(OAI + "repositoryName"),
                "deletedRecord": identify.findtext(OAI + "deletedRecord"),
                "responseDate": response_date,
                "pages": pages,
                "records": records,
            }
        )
    )


if __name__ == "__main__":
    main()
