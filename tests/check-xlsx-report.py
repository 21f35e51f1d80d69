#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reads a report's Excel workbook with nothing but zipfile and an XML
parser (not the library that wrote it) and checks it against the same
report written as CSV: the same cells, in the same places, and the
workbook's own promises: ids as text, numbers and dates as values in
their formats, the heading row bold and frozen, the sheet's name.

  check-xlsx-report.py REPORT.csv REPORT.xlsx SHEET-NAME [--ids 1,2]
                       [--numbers 3,4] [--dates 7]

--ids: 0-based columns whose cells must be strings; --numbers: whose
cells must be numbers; --dates: whose cells of the form YYYY-MM-DD[
HH:MM:SS] must be numbers in a date format. Prints what differs and
exits 1; exits 0 when all agree.
"""
import csv
import datetime
import decimal
import io
import re
import sys
import zipfile
import xml.etree.ElementTree as ET

NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
      "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
      "rel": "http://schemas.openxmlformats.org/package/2006/relationships"}
# The built-in number formats the writer may use
BUILTIN = {0: "General", 1: "0", 9: "0%", 10: "0.00%", 14: "yyyy-mm-dd", 22: "yyyy-mm-dd hh:mm", 49: "@"}


def column_index(ref):
    letters = re.match(r"[A-Z]+", ref).group(0)
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n - 1, int(ref[len(letters):]) - 1


def column_name(index):
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def text_of(si):
    # <si><t>..</t></si> or rich text runs <r><t>..</t></r>; a character
    # XML cannot hold (CR) is written _x000D_ (ECMA-376, ST_Xstring), and
    # a literal "_x" before such a pattern as _x005F_x
    raw = "".join(t.text or "" for t in si.iter("{%s}t" % NS["m"]))
    return re.sub(r"_x([0-9A-Fa-f]{4})_", lambda m: chr(int(m.group(1), 16)), raw)


def real_date(text):
    """Whether @text is a day (and time) a workbook can hold as a date."""
    for form in ("%Y-%m-%d", "%Y-%m-%d %H:%M:%S"):
        try:
            return datetime.datetime.strptime(text, form).year >= 1900
        except ValueError:
            pass
    return False


def excel_date(serial):
    # 1900 system: serial 60 is the 29 February 1900 that never was
    days = float(serial)
    if days < 61:
        days += 1
    moment = datetime.datetime(1899, 12, 30) + datetime.timedelta(days=days)
    # to the nearest second, as a spreadsheet shows it
    return (moment + datetime.timedelta(microseconds=500000)).replace(microsecond=0)


def render(value, code):
    """The text a spreadsheet shows for number @value in format @code."""
    if code in ("0", "General") and float(value) == int(float(value)):
        return str(int(float(value)))
    if code == "0.0%":
        shown = (decimal.Decimal(value) * 100).quantize(decimal.Decimal("0.1"), rounding=decimal.ROUND_HALF_UP)
        return "%s%%" % shown
    if code == "yyyy-mm-dd":
        return excel_date(value).strftime("%Y-%m-%d")
    if code == "yyyy-mm-dd hh:mm:ss":
        return excel_date(value).strftime("%Y-%m-%d %H:%M:%S")
    raise ValueError("number %s in a format this check does not know: %r" % (value, code))


def read_workbook(path):
    z = zipfile.ZipFile(path)
    names = set(z.namelist())
    book = ET.fromstring(z.read("xl/workbook.xml"))
    sheets = book.findall("m:sheets/m:sheet", NS)
    rels = ET.fromstring(z.read("xl/_rels/workbook.xml.rels"))
    target = {r.get("Id"): r.get("Target") for r in rels.findall("rel:Relationship", NS)}
    first = sheets[0]
    sheet_path = "xl/" + target[first.get("{%s}id" % NS["r"])].lstrip("/").replace("xl/", "", 1)
    shared = []
    if "xl/sharedStrings.xml" in names:
        shared = [text_of(si) for si in ET.fromstring(z.read("xl/sharedStrings.xml")).findall("m:si", NS)]
    styles = ET.fromstring(z.read("xl/styles.xml"))
    codes = dict(BUILTIN)
    for f in styles.findall("m:numFmts/m:numFmt", NS):
        codes[int(f.get("numFmtId"))] = f.get("formatCode")
    fonts = styles.findall("m:fonts/m:font", NS)
    xfs = []
    for xf in styles.findall("m:cellXfs/m:xf", NS):
        font = fonts[int(xf.get("fontId", "0"))]
        xfs.append({"code": codes.get(int(xf.get("numFmtId", "0")), "?%s" % xf.get("numFmtId")),
                    "bold": font.find("m:b", NS) is not None and font.find("m:b", NS).get("val", "1") not in ("0", "false")})
    sheet = ET.fromstring(z.read(sheet_path))
    cells = {}
    for c in sheet.iter("{%s}c" % NS["m"]):
        col, row = column_index(c.get("r"))
        kind = c.get("t", "n")
        style = xfs[int(c.get("s", "0"))]
        v = c.find("m:v", NS)
        if kind == "s":
            value = shared[int(v.text)]
        elif kind == "inlineStr":
            value = text_of(c.find("m:is", NS))
        elif kind == "str":
            value = v.text or ""
        elif kind == "n":
            value = v.text if v is not None else None
        else:
            raise ValueError("cell %s of a kind this check does not expect: %s" % (c.get("r"), kind))
        if c.find("m:f", NS) is not None:
            raise ValueError("cell %s holds a formula" % c.get("r"))
        cells[(row, col)] = {"kind": kind, "value": value, **style}
    pane = sheet.find("m:sheetViews/m:sheetView/m:pane", NS)
    widths = sheet.findall("m:cols/m:col", NS)
    autofilter = sheet.find("m:autoFilter", NS)
    return first.get("name"), cells, pane, widths, autofilter


def csv_cell(text):
    """What a CSV cell says once the CSV's own guards are taken off."""
    m = re.fullmatch(r'="([^"]*)"', text)
    if m:
        return m.group(1)
    if text.startswith("'"):
        return text[1:]
    return text


def main(argv):
    csv_path, xlsx_path, sheet_name = argv[1:4]
    lists = {"--ids": set(), "--numbers": set(), "--dates": set()}
    for flag, value in zip(argv[4::2], argv[5::2]):
        lists[flag] = {int(a) for a in value.split(",") if a}
    id_columns, number_columns, date_columns = lists["--ids"], lists["--numbers"], lists["--dates"]
    problems = []
    with open(csv_path, "rb") as f:
        raw = f.read()
    if not raw.startswith(b"\xef\xbb\xbf"):
        problems.append("the CSV has no BOM")
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    name, cells, pane, widths, autofilter = read_workbook(xlsx_path)
    if name != sheet_name:
        problems.append("sheet name %r, expected %r" % (name, sheet_name))
    if pane is None or pane.get("state") != "frozen" or pane.get("ySplit") != "1" or pane.get("xSplit") not in (None, "0"):
        problems.append("the heading row is not frozen: %r" % (pane.attrib if pane is not None else None))
    if not widths:
        problems.append("no column widths")
    # The filter covers the headings and every row.
    want_filter = "A1:%s%d" % (column_name(max(len(rows[0]), 1) - 1), len(rows)) if rows else None
    if autofilter is None or autofilter.get("ref") != want_filter:
        problems.append("autofilter %r, expected %r" % (autofilter.get("ref") if autofilter is not None else None, want_filter))
    extra = [k for k in cells if k[0] >= len(rows) or k[1] >= len(rows[k[0]])]
    if extra:
        problems.append("cells past the CSV's: %s" % sorted(extra)[:5])
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            want = csv_cell(text) if r > 0 else text
            cell = cells.get((r, c))
            where = "row %d column %d" % (r + 1, c + 1)
            if cell is None or cell["value"] is None:
                if want != "":
                    problems.append("%s: empty in the workbook, %r in the CSV" % (where, want))
                continue
            if r == 0 and not cell["bold"]:
                problems.append("%s: heading not bold" % where)
            if cell["kind"] == "n":
                try:
                    got = render(cell["value"], cell["code"])
                except ValueError as e:
                    problems.append("%s: %s" % (where, e))
                    continue
            else:
                got = cell["value"]
            if r > 0 and c in id_columns and cell["kind"] == "n":
                problems.append("%s: an id written as a number" % where)
            if r > 0 and c in number_columns and cell["kind"] != "n":
                problems.append("%s: a number written as text" % where)
            if (r > 0 and c in date_columns and re.fullmatch(r"\d{4}-\d\d-\d\d( \d\d:\d\d:\d\d)?", want)
                    and real_date(want) and (cell["kind"] != "n" or not cell["code"].startswith("yyyy"))):
                problems.append("%s: the date %r is not written as a date" % (where, want))
            if got != want:
                problems.append("%s: %r in the workbook, %r in the CSV" % (where, got, want))
    for p in problems[:40]:
        print(p)
    if problems:
        print("%d differences" % len(problems))
        return 1
    print("%d rows agree" % len(rows))
    return 0


if __name__ == "__main__":
    sys.stdout.reconfigure(encoding="utf-8")
    sys.exit(main(sys.argv))
