# SPDX-License-Identifier: GPL-3.0-or-later
"""Fictional identities for the sample petitions (build-aux/make-sample.py).

Each record gets a person: the members of a planted repeat group are one
person (but the family members of `exact` groups and the petitioners of
`hot-issue` groups, who are others), every other record its own person, and
some people file several unrelated matters.  Each record then writes that
person's identity as offices do: a full name (common names collide), an ID
card number of valid form (the check character right; the region codes
3599xx exist nowhere), phones in mixed forms, some values masked or
mistyped; and the record's receiving unit, status and acceptance date.

A random generator of its own, so that the records' other columns stay as
make-sample.py draws them.
"""

import datetime as dt
import random

WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]

GIVEN_1 = list("伟芳娜敏静丽强磊军洋勇艳杰涛明超霞平刚桂英华玲秀兰红梅鹏飞斌宇浩凯辉琳婷雪琴建国")
GIVEN_2 = ["秀英", "桂英", "建国", "建华", "国强", "志强", "海燕", "玉兰", "春梅", "丽娟", "晓东", "文杰",
           "子涵", "雨轩", "浩然", "俊杰", "明辉", "志伟", "淑珍", "凤英", "德华", "永红", "金凤", "红梅",
           "晓燕", "立新", "振华", "玉梅", "建军", "小红", "春生", "宏伟", "家豪", "嘉怡", "思远", "佳琪"]
# The commonest names: people who share one are many.
COMMON = {"张": ["伟", "敏", "静", "丽", "强", "磊"], "王": ["伟", "芳", "静", "磊", "秀英"],
          "李": ["伟", "娜", "静", "强", "秀英"], "刘": ["伟", "洋", "芳", "杰"], "陈": ["静", "杰", "刚"],
          "杨": ["勇", "洋", "静"], "赵": ["静", "丽"], "黄": ["伟", "勇"]}

CITY_CODE = {"东川市": ("3599", "0593"), "西岚市": ("3598", "0594"), "南屏市": ("3597", "0596"),
             "北泽市": ("3596", "0597")}
UNITS = ["信访局", "人民政府", "12345政务服务便民热线", "住房和城乡建设局", "生态环境局", "人力资源和社会保障局",
         "市场监督管理局", "公安局", "教育局", "卫生健康委员会"]
STATUS_OPEN = ["受理", "已受理", "受理"]
STATUS_HANDLING = ["办理中", "办理中", "正在办理"]
STATUS_DONE = ["办结", "已办结", "办结"]
END = dt.date(2025, 12, 31)


def check_character(first17):
    return "10X98765432"[sum(int(c) * w for c, w in zip(first17, WEIGHTS)) % 11]


def fullwidth(text):
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


class Person:
    __slots__ = ("number", "name", "surname", "id_card", "mobile", "landline", "city", "desk", "recs")


def city_of(rec):
    for city in CITY_CODE:
        if rec.address.startswith(city):
            return city
    return "东川市"


def assign(recs, groups, seed):
    """Returns per record id a dict of the new columns, the person number
    of each record, and counts for SAMPLE.md."""
    rng = random.Random(seed * 31 + 19)
    people = []
    person_of = {}

    def new_person(rec):
        p = Person()
        p.number = len(people) + 1
        p.recs = []
        p.desk = None
        p.city = city_of(rec)
        people.append(p)
        return p

    def join(p, rec):
        person_of[rec.id] = p
        p.recs.append(rec)

    for kind, members in groups:
        if kind == "hot-issue":
            for m in members:
                join(new_person(m), m)
            continue
        main = new_person(members[0])
        for m in members:
            join(new_person(m) if m.family else main, m)
    for rec in recs:
        if rec.id not in person_of:
            join(new_person(rec), rec)

    # People who file several matters (老访户): single records joined, a
    # third of them on one category within 90 days (the same person, other
    # words), the others on anything. They write their masked name, phone
    # and address as their first record does.
    singles = [r for r in recs if r.role == "single" and len(person_of[r.id].recs) == 1]
    rng.shuffle(singles)
    used = set()
    n_multi = 0
    for s in singles:
        if n_multi == 60:
            break
        if s.id in used:
            continue
        want = rng.choice([1, 1, 1, 2, 2, 3])
        if n_multi % 3 == 0:
            mates = [r for r in singles if r.id not in used and r is not s and r.category == s.category
                     and abs((r.when - s.when).days) <= 90]
        else:
            mates = [r for r in singles if r.id not in used and r is not s]
        if len(mates) < want:
            continue
        chosen = rng.sample(mates, want)
        p = person_of[s.id]
        used.add(s.id)
        for r in chosen:
            used.add(r.id)
            people.remove(person_of[r.id])
            r.petitioner, r.phone, r.address = s.petitioner, s.phone, s.address
            join(p, r)
        n_multi += 1
    for i, p in enumerate(people, 1):
        p.number = i

    # Who each person is.
    taken_ids = set()
    common_names = 0
    for p in people:
        first = min(p.recs, key=lambda r: r.id)
        masked = first.petitioner
        p.surname = masked.rstrip("某")
        n_given = len(masked) - len(p.surname)
        common = [g for g in COMMON.get(p.surname, []) if len(g) == n_given]
        if common and rng.random() < 0.3:
            given = rng.choice(common)
            common_names += 1
        elif n_given == 1:
            given = rng.choice(GIVEN_1)
        else:
            given = rng.choice(GIVEN_2)
        p.name = p.surname + given
        region = CITY_CODE[p.city][0] + "%02d" % rng.randint(1, 9)
        while True:
            born = dt.date(1940, 1, 1) + dt.timedelta(days=rng.randrange(365 * 63))
            first17 = region + born.strftime("%Y%m%d") + "%03d" % rng.randint(0, 999)
            if first17 not in taken_ids:
                taken_ids.add(first17)
                break
        p.id_card = first17 + check_character(first17)
        if first.phone:
            p.mobile = first.phone[:3] + "%04d" % rng.randint(0, 9999) + first.phone[-4:]
        else:
            p.mobile = rng.choice(["138", "139", "150", "186"]) + "%08d" % rng.randint(0, 10 ** 8 - 1)
        p.landline = (CITY_CODE[p.city][1] + "-" + str(rng.randint(2, 8)) + "%07d" % rng.randint(0, 10 ** 7 - 1)
                      if rng.random() < 0.3 else None)

    # A family shares the home phone (a landline) with the person whose
    # petition they send again.
    for kind, members in groups:
        if kind == "hot-issue":
            continue
        main = person_of[members[0].id]
        for m in members:
            if m.family:
                if main.landline is None:
                    main.landline = CITY_CODE[main.city][1] + "-" + str(rng.randint(2, 8)) + "%07d" % rng.randint(0, 10 ** 7 - 1)
                person_of[m.id].landline = main.landline

    # Front desks: a village committee's phone, given by six villagers each.
    villagers = [p for p in people if "村" in p.recs[0].address and p.desk is None and len(p.recs) <= 2]
    rng.shuffle(villagers)
    desks = []
    for d in range(3):
        city = ["东川市", "南屏市", "北泽市"][d]
        phone = CITY_CODE[city][1] + "-" + str(rng.randint(2, 8)) + "%07d" % rng.randint(0, 10 ** 7 - 1)
        members = [p for p in villagers if p.city == city and p.desk is None][:6]
        for p in members:
            p.desk = phone
        desks.append((phone, members))

    counts = {"people": len(people), "multi": sum(1 for p in people if len(p.recs) > 1),
              "common_names": common_names, "desks": len(desks),
              "desk_people": sum(len(m) for _, m in desks)}
    for key in ("name_masked", "name_spaced", "name_empty", "id_empty", "id_masked",
                "id_invalid", "id_15", "id_lower_x", "id_fullwidth", "id_spaced", "phone_empty",
                "phone_masked", "phone_landline", "phone_two", "phone_desk", "phone_plus86", "phone_0086",
                "phone_dashes", "phone_spaces", "letter_to_several", "final_review", "not_accepted",
                "late_acceptance"):
        counts[key] = 0

    def write_name(p):
        r = rng.random()
        if r < 0.02:
            counts["name_empty"] += 1
            return ""
        if r < 0.06:
            counts["name_masked"] += 1
            return p.surname + rng.choice(["*", "**", "××", "某某", "*" * (len(p.name) - len(p.surname))])
        if r < 0.10:
            counts["name_spaced"] += 1
            return p.surname + rng.choice([" ", "\u3000"]) + p.name[len(p.surname):]
        return p.name

    def write_id(p):
        r = rng.random()
        if r < 0.30:
            counts["id_empty"] += 1
            return ""
        if r < 0.34:
            counts["id_masked"] += 1
            return p.id_card[:4] + "*" * 10 + p.id_card[-4:]
        if r < 0.36:
            # A typing error: one digit changed, so the check character no
            # longer fits (any change of one digit shows).
            counts["id_invalid"] += 1
            i = rng.randrange(14, 17)
            digit = str((int(p.id_card[i]) + rng.randint(1, 9)) % 10)
            return p.id_card[:i] + digit + p.id_card[i + 1:]
        if r < 0.40 and p.id_card[6:8] == "19":
            counts["id_15"] += 1
            return p.id_card[:6] + p.id_card[8:17]
        if r < 0.44:
            counts["id_fullwidth"] += 1
            return fullwidth(p.id_card)
        if r < 0.49:
            counts["id_spaced"] += 1
            return p.id_card[:6] + " " + p.id_card[6:14] + " " + p.id_card[14:]
        if p.id_card.endswith("X") and r < 0.8:
            counts["id_lower_x"] += 1
            return p.id_card[:-1] + "x"
        return p.id_card

    def write_mobile(m):
        r = rng.random()
        if r < 0.45:
            return m
        if r < 0.62:
            counts["phone_dashes"] += 1
            return "%s-%s-%s" % (m[:3], m[3:7], m[7:])
        if r < 0.74:
            counts["phone_spaces"] += 1
            return "%s %s %s" % (m[:3], m[3:7], m[7:])
        if r < 0.88:
            counts["phone_plus86"] += 1
            return rng.choice(["+86 ", "+86-", "+86"]) + m
        counts["phone_0086"] += 1
        return "0086" + m

    def write_phone(p, rec):
        if p.desk is not None:
            counts["phone_desk"] += 1
            return p.desk
        r = rng.random()
        if r < 0.03:
            counts["phone_empty"] += 1
            return ""
        if r < 0.07:
            counts["phone_masked"] += 1
            return p.mobile[:3] + "****" + p.mobile[-4:]
        if p.landline is not None and r < 0.3:
            counts["phone_landline"] += 1
            return p.landline
        if p.landline is not None and r < 0.45:
            counts["phone_two"] += 1
            return write_mobile(p.mobile) + rng.choice(["/", "，", "、"]) + p.landline
        return write_mobile(p.mobile)

    rows = {}
    for rec in recs:
        p = person_of[rec.id]
        rows[rec.id] = {"name": write_name(p), "id_card": write_id(p), "contact_phone": write_phone(p, rec)}

    # Receiving units, states and acceptance dates.
    def unit(rec, other=None):
        city = city_of(rec)
        district = rec.address[len(city):len(city) + 3]
        choices = [city + "信访局", city + "信访局", city + district + "信访局", city + "12345政务服务便民热线",
                   city + rng.choice(UNITS[3:])]
        choices = [c for c in choices if c != other]
        return rng.choice(choices)

    for rec in recs:
        rows[rec.id]["receiving_unit"] = unit(rec)
        when = rec.when.date()
        age = (END - when).days
        r = rng.random()
        if r < 0.04:
            counts["not_accepted"] += 1
            rows[rec.id]["status"] = "不予受理"
            rows[rec.id]["accepted_at"] = ""
            continue
        delay = rng.randint(0, 12) if rng.random() > 0.05 else rng.randint(16, 30)
        counts["late_acceptance"] += delay > 15
        accepted = when + dt.timedelta(days=delay)
        if accepted > END:
            accepted = END
        if age - delay < 20:
            status = rng.choice(STATUS_OPEN)
        elif age - delay < 60 or rng.random() < 0.15:
            status = rng.choice(STATUS_HANDLING)
        else:
            status = rng.choice(STATUS_DONE) if rng.random() < 0.85 else rng.choice(["复查", "复查中"])
        rows[rec.id]["status"] = status
        rows[rec.id]["accepted_at"] = accepted.isoformat() if rng.random() > 0.03 else ""

    # A matter closed by final review and raised again: the earliest of a
    # few groups by one person.
    for kind, members in groups:
        if kind in ("same-person", "added") and counts["final_review"] < 8:
            first = min(members, key=lambda r: r.id)
            if (END - first.when.date()).days > 200:
                rows[first.id]["status"] = rng.choice(["复核", "已复核"])
                counts["final_review"] += 1

    # One letter sent to several bodies at once (一信多投): exact copies a
    # few days apart (not a double submit within minutes) to other units.
    several = []
    for kind, members in groups:
        if kind != "exact" or any(m.family for m in members):
            continue
        first = min(members, key=lambda r: r.when)
        copies = [m for m in members if m is not first and 600 < (m.when - first.when).total_seconds() <= 5 * 86400]
        for m in copies:
            rows[m.id]["receiving_unit"] = unit(m, rows[first.id]["receiving_unit"])
        if copies:
            several.append(sorted(m.id for m in [first] + copies))
    counts["letter_to_several"] = len(several)

    people_of = {rec.id: person_of[rec.id].number for rec in recs}
    return rows, people_of, counts, several, [(phone, [p.number for p in m]) for phone, m in desks]
