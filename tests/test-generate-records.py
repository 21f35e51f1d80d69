#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""build-aux/generate-records on a small fictional stand-in for ../shared.

The script is pointed (PR_SHARED_DATA) at a records.csv written here, so the
test needs no real data.  The oracle is the script's ground-truth columns: a
repeat is checked against its family's first record for exactly the edit it
claims, and nothing of the input may come out except through the collage.

Usage: test-generate-records.py SOURCE_ROOT
"""

import csv
import datetime as dt
import io
import os
import re
import subprocess
import sys
import tempfile

SENTENCE_RE = re.compile(r"[^。！？!?；;\n]+[。！？!?；;]*")

FICTIONAL = [
    ("东川市青山区幸福路噪音扰民", "2019/3/4 9:05:06",
     "幸福路夜间施工，噪音很大，影响居民休息。请有关部门尽快处理！已经反映多次了。"),
    ("西岚市云溪区路灯不亮", "2020-01-02 20:30:00",
     "云溪区桃源路的路灯坏了三个月，晚上出行很不安全。希望尽快修好。谢谢！"),
    ("南屏市凤鸣区垃圾清运不及时", "2018/12/1 7:00:00",
     "凤鸣区学府路小区垃圾堆积，气味难闻，蚊虫很多。物业说不归他们管。：。请城管部门处理。"),
    ("北泽市雁回区学校门口交通拥堵", "2021-05-06 08:15:30",
     "雁回区实验小学门口每天早上拥堵严重，家长车辆乱停。建议增设临时停车位，安排交警疏导"),
]


def write_source(folder):
    os.makedirs(os.path.join(folder, "petitions-zh"))
    with open(os.path.join(folder, "petitions-zh", "records.csv"), "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(["key", "source", "id", "user", "subject", "time", "body", "category"])
        for i, (subject, when, body) in enumerate(FICTIONAL):
            w.writerow([f"test:{i}", "test", i, f"U{i}", subject, when, "\n\t\t" + body + "\n\t", ""])


def write_many(folder):
    """40 messages of ten short clauses, each clause found in one message
    only, and one message of a single long clause with spaces."""
    os.makedirs(os.path.join(folder, "petitions-zh"))
    with open(os.path.join(folder, "petitions-zh", "records.csv"), "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(["key", "source", "id", "user", "subject", "time", "body", "category"])
        for i in range(40):
            body = "".join(f"第{i}封信说第{j}件事" + ("。" if j % 3 == 2 else "，") for j in range(10))
            w.writerow([f"many:{i}", "test", i, f"U{i}", f"第{i}封信", "2020/1/2 3:04:05", body, ""])
        w.writerow(["many:long", "test", 40, "U40", "长信", "2020/1/2 3:04:05",
                    "长信开头说了很多很多很多很多很多很多很多很多 中间又说了很多很多很多很多很多很多很多很多很多很多很多很多很多很多很多很多 最后", ""])
    return [f"第{i}封信说第{j}件事" for i in range(40) for j in range(10)]


def run(script, env, *args):
    return subprocess.run([sys.executable, script, *args], env=env, capture_output=True, text=True)


def parse_when(text):
    for fmt in ("%Y/%m/%d %H:%M:%S", "%Y-%m-%d %H:%M:%S", "%Y年%m月%d日 %H:%M", "%Y.%m.%d %H:%M:%S"):
        try:
            return dt.datetime.strptime(text, fmt)
        except ValueError:
            pass
    raise AssertionError(f"time “{text}” is in no known format")


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def main():
    script = os.path.join(sys.argv[1], "build-aux", "generate-records")
    failures = 0
    n_tests = 0

    with tempfile.TemporaryDirectory() as tmp:
        shared = os.path.join(tmp, "data")
        write_source(shared)
        env = dict(os.environ, PR_SHARED_DATA=shared)

        def test(name, func):
            nonlocal failures, n_tests
            n_tests += 1
            try:
                func()
                print(f"ok {n_tests} {name}")
            except AssertionError as e:
                failures += 1
                print(f"not ok {n_tests} {name}: {e}")

        def absent():
            r = run(script, dict(os.environ, PR_SHARED_DATA=os.path.join(tmp, "nowhere")), "10")
            check(r.returncode == 1, f"exit {r.returncode}, not 1")
            check(r.stdout == "", "wrote records without the data")
            check("nowhere" in r.stderr and "PR_SHARED_DATA" in r.stderr, f"unclear message: {r.stderr!r}")

        def edits():
            r = run(script, env, "3000", "--repeats", "0.5", "--seed", "7")
            check(r.returncode == 0, r.stderr)
            rows = list(csv.DictReader(io.StringIO(r.stdout)))
            check(len(rows) == 3000, f"{len(rows)} rows")
            check([int(x["id"]) for x in rows] == list(range(1, 3001)), "ids are not 1..N")
            first = {}
            seen_edits = set()
            for row in rows:
                if row["edit"] == "original":
                    check(row["family"] not in first, f"family {row['family']} starts twice")
                    first[row["family"]] = row
                    continue
                check(row["family"] in first, f"record {row['id']} repeats a family not seen before")
                orig = first[row["family"]]
                edit = row["edit"]
                seen_edits.add(edit)
                check(row["subject"] == orig["subject"] and row["origin"] == orig["origin"],
                      f"record {row['id']}: subject or origin changed")
                body, obody = row["body"], orig["body"]
                when, owhen = parse_when(row["time"]), parse_when(row["time"])
                owhen = parse_when(orig["time"])
                if edit in ("exact", "user", "date"):
                    check(body == obody, f"record {row['id']} ({edit}): body changed")
                if edit == "exact" or edit == "date":
                    check(row["user"] == orig["user"], f"record {row['id']} ({edit}): user changed")
                if edit == "user":
                    check(row["user"] != orig["user"], f"record {row['id']}: same user")
                if edit == "date":
                    check(when == owhen.replace(second=when.second) and row["time"] != orig["time"],
                          f"record {row['id']}: {row['time']} is not {orig['time']} written otherwise")
                else:
                    check(when > owhen, f"record {row['id']} ({edit}) is not later than its first")
                if edit == "chars":
                    check(body != obody and abs(len(body) - len(obody)) <= 3,
                          f"record {row['id']}: not a small character edit")
                if edit in ("added", "removed"):
                    ours = SENTENCE_RE.findall(body.strip())
                    theirs = SENTENCE_RE.findall(obody.strip())
                    check(len(ours) == len(theirs) + (1 if edit == "added" else -1),
                          f"record {row['id']} ({edit}): {len(theirs)} sentences became {len(ours)}")
            check(seen_edits == {"exact", "chars", "added", "removed", "user", "date"},
                  f"edits seen: {sorted(seen_edits)}")

        def collage():
            # Every clause of the output comes from the input.
            clauses = set()
            for _, _, body in FICTIONAL:
                clauses.update(c for c in re.split(r"[，。！？；、：]", body) if c)
            # (a body's last sentence may lack its mark; one is added)
            r = run(script, env, "200", "--repeats", "0")
            check(r.returncode == 0, r.stderr)
            for row in csv.DictReader(io.StringIO(r.stdout)):
                for c in re.split(r"[，。！？；、：]", row["body"].strip()):
                    check(c == "" or c in clauses, f"clause “{c}” is not from the input")

        def distinct():
            # A family takes at most a fifth of any message's pieces (two
            # of ten here), each piece at most 30 characters of one message;
            # with --families shared, the base's clauses come whole (four
            # of ten on average), as before.
            many = os.path.join(tmp, "many")
            clauses = write_many(many)
            env_many = dict(os.environ, PR_SHARED_DATA=many)
            long_text = "长信开头说了很多很多很多很多很多很多很多很多中间又说了很多很多很多很多很多很多很多很多很多很多很多很多很多很多很多很多最后"
            for families, most in (("distinct", 2), ("shared", 10)):
                r = run(script, env_many, "300", "--repeats", "0", "--families", families)
                check(r.returncode == 0, r.stderr)
                largest = 0
                for row in csv.DictReader(io.StringIO(r.stdout)):
                    pieces = [c for c in re.split(r"[，。！？；、：]", row["body"].strip()) if c]
                    per_message = {}
                    for c in pieces:
                        if c in clauses:
                            message = c.split("封")[0]
                            per_message[message] = per_message.get(message, 0) + 1
                        else:
                            check("".join(c.split()) in long_text, f"piece “{c}” is not from the input")
                            check(families == "shared" or len(c) <= 30, f"piece “{c}” is over 30 characters")
                    largest = max([largest] + list(per_message.values()))
                check(largest <= most, f"{families}: a family holds {largest} clauses of one message")
                if families == "shared":
                    check(largest > 2, f"shared: at most {largest} clauses of one message, not the base's")

        def same_seed():
            a = run(script, env, "500", "--seed", "3")
            b = run(script, env, "500", "--seed", "3")
            c = run(script, env, "500", "--seed", "4")
            check(a.returncode == 0 and a.stdout == b.stdout, "the same seed gave other records")
            check(a.stdout != c.stdout, "another seed gave the same records")

        def sql():
            r = run(script, env, "1200", "--format", "sql", "--table", "a`b")
            check(r.returncode == 0, r.stderr)
            check("CREATE TABLE IF NOT EXISTS `a``b`" in r.stdout, "table name not quoted")
            check(r.stdout.count("INSERT INTO `a``b` VALUES") == 3, "not 500 rows an INSERT")

        def inside_tree():
            r = run(script, env, "10", "--output", os.path.join(sys.argv[1], "records-test.csv"))
            check(r.returncode == 1, "wrote into the source tree")
            check(not os.path.exists(os.path.join(sys.argv[1], "records-test.csv")), "file left in the tree")

        def score():
            # build-aux/score-generated against clusters made by hand from the
            # ground truth: every family whole, then only the exact copies,
            # then one cluster of everything.
            r = run(script, env, "600", "--repeats", "0.5", "--seed", "3")
            check(r.returncode == 0, r.stderr)
            truth = os.path.join(tmp, "truth.csv")
            with open(truth, "w", encoding="utf-8") as f:
                f.write(r.stdout)
            rows = list(csv.DictReader(io.StringIO(r.stdout)))
            families = {row["family"] for row in rows}
            original = {row["family"]: row["id"] for row in rows if row["edit"] == "original"}
            scorer = os.path.join(sys.argv[1], "build-aux", "score-generated")

            def scored(pick):
                clusters = os.path.join(tmp, "clusters.csv")
                with open(clusters, "w", encoding="utf-8", newline="") as f:
                    w = csv.writer(f)
                    w.writerow(["cluster", "id", "primary", "distance", "same_petitioner"])
                    for row in rows:
                        cluster = pick(row)
                        if cluster is not None:
                            w.writerow([cluster, row["id"], original[row["family"]], 0, ""])
                out = subprocess.run([sys.executable, scorer, clusters, truth], capture_output=True, text=True)
                check(out.returncode == 0, out.stderr)
                shares = {line.split()[0]: line.split()[2] for line in out.stdout.splitlines()[1:-1]}
                return shares, out.stdout.splitlines()[-1]

            shares, last = scored(lambda row: row["family"])
            check(set(shares.values()) == {"1.000"}, f"whole families: {shares}")
            check(last.startswith(f"{len(families)} clusters") and " 0 join" in last, last)
            largest = max(sum(1 for row in rows if row["family"] == f) for f in families)
            check(largest > 1 and last.endswith(f"the largest family has {largest} records")
                  and f"the largest of {largest} records;" in last, last)
            shares, _ = scored(lambda row: row["family"] if row["edit"] in ("original", "exact") else None)
            check(shares["exact"] == "1.000" and shares["chars"] == "0.000", f"exact copies only: {shares}")
            shares, last = scored(lambda row: "all")
            check(set(shares.values()) == {"1.000"} and last.startswith("1 clusters")
                  and "; 1 join records of two families or more;" in last, last)

        def identities():
            # The same records with three more columns; each petitioner one
            # person (a name, a valid ID card, a mobile) however written.
            plain = run(script, env, "800", "--repeats", "0.5", "--seed", "5")
            r = run(script, env, "800", "--repeats", "0.5", "--seed", "5", "--identities")
            check(r.returncode == 0, r.stderr)
            rows = list(csv.DictReader(io.StringIO(r.stdout)))
            base = list(csv.DictReader(io.StringIO(plain.stdout)))
            check(list(rows[0].keys())[-3:] == ["name", "id_card", "phone"], f"columns {list(rows[0].keys())}")
            check([{k: v for k, v in row.items() if k not in ("name", "id_card", "phone")} for row in rows] == base,
                  "the other columns changed")
            weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
            person = {}
            for row in rows:
                card = row["id_card"].replace(" ", "")
                if card and "*" not in card:
                    check(len(card) == 18 and "10X98765432"[sum(int(c) * w for c, w in zip(card, weights)) % 11]
                          == card[17], f"ID card {card} has a wrong check character")
                mobile = re.sub(r"^\+86", "", row["phone"]).replace("-", "").replace(" ", "")
                name = row["name"].replace(" ", "")
                seen = person.setdefault(row["user"], {})
                for key, value in (("name", name), ("id_card", card), ("phone", mobile)):
                    if value and "*" not in value and "某" not in value:
                        check(seen.setdefault(key, value) == value,
                              f"user {row['user']}: {key} {value} and {seen[key]}")
            users = {row["user"] for row in rows}
            check(len({p.get("id_card") for p in person.values()} - {None}) > len(users) // 2,
                  "too few people have an ID card written")

        test("absent shared data: exit 1 and a message", absent)
        test("identity columns: one person per petitioner, valid forms", identities)
        test("score-generated against clusters made from the truth", score)
        test("each repeat differs from its first record by its edit only", edits)
        test("the collage is made of the input's clauses", collage)
        test("distinct families share at most a fifth of a message, in short pieces", distinct)
        test("the seed reproduces the output", same_seed)
        test("sql output", sql)
        test("no output into the source tree", inside_tree)

    print(f"{n_tests - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
