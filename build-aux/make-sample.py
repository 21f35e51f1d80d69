#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generate the bundled demo data set for Petition Review.

Writes, relative to the source tree root:

  data/sample-petitions.csv        ~3,000 fictional petition messages
  data/sample-petitions-truth.csv  every pair inside each planted repeat group
  data/SAMPLE.md                   description of both files and the counts

Everything here is invented: the cities, districts, streets, companies,
people and phone numbers do not refer to real ones, and no real petition
text was used.  The output depends only on SEED (Python standard library
only, no hash-order dependence), so running the script again reproduces
the files byte for byte.

Why this generator, beside the other two: the sample ships with the
program, so it must be invented (build-aux/generate-records copies real
petitions, which may not ship), and it is the data set the tests and
`eval` check the method against, so its repeats are planted by hand, one
group for each kind of repeat the method must find, with distractors that
must not match, edge rows and every true pair written down
(pr_bench_sample_generate_csv draws random sentences and has no truth; it
takes them from this script's output).  Run it only to change the sample;
the tests read the committed files.

Usage: build-aux/make-sample.py [--outdir DIR]
"""

import argparse
import csv
import datetime as dt
import io
import os
import re
import random
import sys
import unicodedata

import sample_identities

SEED = 20240917
N_TOTAL = 3000

# ---------------------------------------------------------------------------
# Fictional world
# ---------------------------------------------------------------------------

# City -> districts / counties.  None of these city names is a real
# prefecture-level city.
GEO = {
    "东川市": ["青山区", "明湖区", "柳岸区", "高新区", "石桥县"],
    "西岚市": ["云溪区", "金沙区", "桃源区", "白鹭县"],
    "南屏市": ["凤鸣区", "临江区", "新港区", "梅岭县"],
    "北泽市": ["雁回区", "古渡区", "望川区", "清泉县"],
}
CITIES = list(GEO)

STREETS = [
    "幸福路", "人民路", "建设路", "和平街", "长青路", "翠柳街", "兴业大道",
    "滨河路", "文昌路", "朝阳路", "光明街", "丰收路", "学府路", "新华街",
    "环城东路", "枫林路", "望江路", "工业一路", "纺织路", "槐荫巷",
    "解放路", "育才路", "迎宾大道", "南湖路", "东风路", "桂花街", "振兴路",
    "青年路", "康宁街", "柳湖路",
]
COMMUNITIES = [
    "幸福家园", "锦绣华庭", "阳光花园", "翠湖小区", "金色港湾", "丽景苑",
    "御景湾", "书香名邸", "和谐新村", "铁路新村", "纺织厂宿舍", "滨江一号",
    "紫荆花园", "碧水云天", "春华苑", "明珠花园", "桂园小区", "水岸名都",
    "康居小区", "建材局家属院", "兴业嘉园", "枫林雅居", "南湖春晓", "望江府",
    "柳岸人家", "学府嘉苑", "东方新城", "盛世华府", "清风苑",
]
TOWNS = ["石桥镇", "柳林镇", "白沙镇", "马坊镇", "龙泉乡", "河口镇", "双庙镇",
         "杏花乡", "黄土岭镇", "新集镇"]
VILLAGES = ["王家庄村", "后沟村", "李家湾村", "三里铺村", "河西村", "大营村",
            "前进村", "红星村", "小周庄村", "杨树沟村", "东坡村", "张湾村"]
RIVERS = ["白马河", "沙河", "柳溪河", "金带河", "小清河", "青龙沟", "石门河"]
JIEDAO = ["青石街道", "南门街道", "东关街道", "城北街道", "新华街道", "长宁街道",
          "西湖街道", "月塘街道"]
BRANDS = ["宏达", "鑫源", "恒昌", "瑞丰", "金盛", "华泰", "永利", "天成", "嘉禾",
          "众鑫", "博远", "汇通", "锦程", "盛世", "通达", "德润", "康泰", "兴隆",
          "明辉", "佳和", "顺鑫", "广源", "泰和", "新纪元"]
SURNAMES = (["王"] * 8 + ["李"] * 8 + ["张"] * 8 + ["刘"] * 6 + ["陈"] * 6
            + ["杨"] * 4 + ["赵"] * 4 + ["黄"] * 3 + ["周"] * 3 + ["吴"] * 3
            + ["徐", "孙", "胡", "朱", "高", "林", "何", "郭", "马", "罗",
               "梁", "宋", "郑", "谢", "韩", "唐", "冯", "于", "董", "萧",
               "程", "曹", "袁", "邓", "许", "傅", "沈", "曾", "彭", "吕",
               "苏", "卢", "蒋", "蔡", "贾", "丁", "魏", "薛", "叶", "阎",
               "余", "潘", "杜", "戴", "夏", "钟", "汪", "田", "任", "姜",
               "范", "方", "石", "姚", "谭", "廖", "邹", "熊", "金", "陆",
               "欧阳", "上官", "司马"])
PHONE_PREFIX = ["130", "131", "132", "133", "135", "136", "137", "138", "139",
                "150", "151", "152", "155", "156", "157", "158", "159", "166",
                "177", "180", "181", "182", "185", "186", "187", "188", "189",
                "191", "199"]

CATEGORY_OFFICES = {
    "城乡建设": ["社区", "街道办", "城管部门", "住建局"],
    "环境保护": ["生态环境局", "环保部门", "街道办"],
    "劳动和社会保障": ["劳动监察大队", "人社局", "街道劳动保障所"],
    "交通运输": ["交通运输局", "交警大队", "运管所"],
    "教育文体": ["教育局", "社区", "街道办"],
    "卫生计生": ["卫健委", "医院医务科", "医保局"],
    "商贸旅游": ["文旅局", "商务局", "消费者协会"],
    "市场监管": ["市场监管局", "市场监管所", "消费者协会"],
    "公安政法": ["派出所", "公安分局", "司法所", "社区"],
    "住房保障": ["住建局", "房管局", "社区居委会", "街道办"],
    "农业农村": ["镇政府", "村委会", "农业农村局"],
}

CN_NUM = "零一二三四五六七八九十"


def cn_small(n):
    """1..99 in Chinese numerals."""
    if n <= 10:
        return CN_NUM[n]
    if n < 20:
        return "十" + CN_NUM[n - 10]
    t, u = divmod(n, 10)
    return CN_NUM[t] + "十" + (CN_NUM[u] if u else "")


# ---------------------------------------------------------------------------
# Slots: lazily generated, cached per record, so a slot used twice in one
# message reads the same both times.
# ---------------------------------------------------------------------------

def _company(s, kinds, suffix="有限公司"):
    pfx = s.rng.choice([s["city"][:-1], s["city"][:-1], ""])
    return pfx + s.rng.choice(BRANDS) + s.rng.choice(kinds) + suffix


def _date(s, i):
    ref = s.ref
    if "_dates" not in s.cache:
        span = s.rng.randint(40, 420)
        days = sorted(s.rng.sample(range(3, span), 4), reverse=True)
        s.cache["_dates"] = [ref - dt.timedelta(days=d) for d in days]
    return s.cache["_dates"][i]


def _fmt_date(d):
    return "%d年%d月%d日" % (d.year, d.month, d.day)


def _fmt_md(d):
    return "%d月%d日" % (d.month, d.day)


def _amount(s, lo, hi, step):
    return str(s.rng.randrange(lo, hi, step))


GEN = {
    "community": lambda s: s.rng.choice(COMMUNITIES),
    "community2": lambda s: s.rng.choice([c for c in COMMUNITIES if c != s["community"]]),
    "street": lambda s: s.rng.choice(STREETS),
    "street2": lambda s: s.rng.choice([x for x in STREETS if x != s["street"]]),
    "num": lambda s: str(s.rng.randint(1, 388)),
    "bldg": lambda s: str(s.rng.randint(1, 32)),
    "room": lambda s: "%d0%d" % (s.rng.randint(2, 28), s.rng.randint(1, 4)),
    "town": lambda s: s.rng.choice(TOWNS),
    "village": lambda s: s.rng.choice(VILLAGES),
    "river": lambda s: s.rng.choice(RIVERS),
    "jiedao": lambda s: s.rng.choice(JIEDAO),
    "sur": lambda s: s.rng.choice(SURNAMES[:-3]),
    "landmark": lambda s: s.rng.choice([
        "菜市场", s["district"][:-1] + "第二小学", "公交总站", "加油站",
        "人民医院后门", "火车站广场", "体育馆", "老汽车站", "万家福超市",
        "区政府西门", "文化公园"]),
    "othercity": lambda s: s.rng.choice([c for c in CITIES if c != s["city"]]),
    "builder": lambda s: _company(s, ["建筑工程", "建设工程", "建工集团"]),
    "developer": lambda s: _company(s, ["置业", "房地产开发", "地产"]),
    "factory": lambda s: _company(s, ["化工", "塑胶制品", "橡胶", "饲料", "铸造",
                                      "印染", "涂料", "皮革"]),
    "employer": lambda s: _company(s, ["电子科技", "物流", "食品", "服装",
                                       "机械制造", "商贸", "包装材料", "家具"]),
    "decor": lambda s: _company(s, ["装饰工程", "家居装饰", "装饰设计"]),
    "property_co": lambda s: _company(s, ["物业服务", "物业管理"]),
    "agri_co": lambda s: _company(s, ["农业科技", "生态农业", "苗木"]),
    "invest": lambda s: _company(s, ["投资咨询", "财富管理", "健康养老"]),
    "training": lambda s: s.rng.choice(BRANDS) + s.rng.choice(
        ["教育", "学堂", "英语", "少儿编程", "艺术培训"]) + "机构",
    "gym": lambda s: s.rng.choice(BRANDS) + s.rng.choice(["健身会所", "健身俱乐部", "游泳健身馆"]),
    "shop": lambda s: s.rng.choice(BRANDS) + s.rng.choice(["超市", "便利店", "生活超市"]),
    "ebshop": lambda s: s.rng.choice(BRANDS) + "电动车行",
    "market": lambda s: s.rng.choice(["城东", "城南", "西关", "新街口", "北门"]) + "农贸市场",
    "hospital": lambda s: s["city"] + s.rng.choice(["第一人民医院", "第三人民医院", "中医院",
                                                    "妇幼保健院"])
    if s.rng.random() < 0.5 else s["district"] + "人民医院",
    "school": lambda s: s["district"][:-1] + s.rng.choice(
        ["实验小学", "第三小学", "第五中学", "育英学校", "第二中学", "外国语学校"]),
    "school2": lambda s: s["district"][:-1] + s.rng.choice(
        ["第七小学", "城北小学", "第九中学", "光明学校"]),
    "kg": lambda s: s.rng.choice(["小太阳", "贝贝佳", "童心", "金苹果", "小天使", "启明星"]),
    "travel": lambda s: s.rng.choice(BRANDS) + "国际旅行社",
    "scenic": lambda s: s.rng.choice(["云顶山", "落霞湖", "青龙峡", "九曲溪", "古城墙", "桃花岛"])
    + "景区",
    "plant": lambda s: s.rng.choice(["混凝土搅拌站", "石料加工厂", "沥青搅拌站", "砖厂"]),
    "project": lambda s: s.rng.choice([
        s["street"] + "道路改造", s["community2"] + "二期", "城市综合体", "安置房",
        "地铁站配套", "商业广场", "学校新建"]) + "项目",
    "project_res": lambda s: s.rng.choice(BRANDS) + "·" + s.rng.choice(
        ["御景华府", "江山樾", "翡翠城", "云栖台", "书香苑", "公园里", "天悦府", "星河湾"]),
    "dur": lambda s: s.rng.choice(["两个多月", "三个多月", "半年多", "快一年", "一年多",
                                   "四个多月", "大半年", "一个多月"]),
    "dur2": lambda s: s.rng.choice(["一个多月", "两个月", "好几个月", "半年", "二十多天"]),
    "years": lambda s: cn_small(s.rng.randint(2, 12)),
    "days": lambda s: str(s.rng.randint(5, 28)),
    "year": lambda s: str(s.rng.randint(2008, 2019)),
    "amount": lambda s: _amount(s, 18000, 460000, 100),
    "amount_small": lambda s: _amount(s, 3200, 38000, 100),
    "fee": lambda s: _amount(s, 1200, 26000, 100),
    "price": lambda s: _amount(s, 2600, 9800, 50),
    "price_small": lambda s: _amount(s, 500, 1300, 50),
    "area": lambda s: str(s.rng.randint(58, 196)),
    "n_workers": lambda s: str(s.rng.randint(6, 70)),
    "bus": lambda s: s.rng.choice([str(s.rng.randint(2, 89)), str(s.rng.randint(101, 399)),
                                   "K" + str(s.rng.randint(1, 30))]),
    "plate": lambda s: "东%s·%s%d%s" % (s.rng.choice("ABCDF"), s.rng.choice("DTKLNX"),
                                       s.rng.randint(1, 9), "***"),
    "ticket": lambda s: "GD%010d" % s.rng.randint(10 ** 8, 10 ** 10 - 1),
    "stallno": lambda s: str(s.rng.randint(3, 128)),
    "n_households": lambda s: cn_small(s.rng.randint(12, 99)),
    "n_photo": lambda s: str(s.rng.randint(3, 40)),
    "n_video": lambda s: str(s.rng.randint(1, 9)),
    "date1": lambda s: _fmt_date(_date(s, 0)),
    "date2": lambda s: _fmt_date(_date(s, 1)),
    "date3": lambda s: _fmt_date(_date(s, 2)),
    "md1": lambda s: _fmt_md(_date(s, 0)),
    "md2": lambda s: _fmt_md(_date(s, 1)),
    "md3": lambda s: _fmt_md(_date(s, 3)),
    "office": lambda s: s.rng.choice(CATEGORY_OFFICES[s["cat"]]),
    "office2": lambda s: s.rng.choice([o for o in CATEGORY_OFFICES[s["cat"]] if o != s["office"]]),
}


class Slots:
    def __init__(self, rng, ref, base):
        self.rng = rng
        self.ref = ref          # date the message is written; body dates lie before it
        self.cache = dict(base)

    def __getitem__(self, k):
        if k not in self.cache:
            if k not in GEN:
                raise KeyError("unknown slot {%s}" % k)
            self.cache[k] = GEN[k](self)
        return self.cache[k]

    def copy(self, rng):
        c = Slots(rng, self.ref, self.cache)
        if "_dates" in c.cache:
            c.cache["_dates"] = list(c.cache["_dates"])
        return c


# ---------------------------------------------------------------------------
# Message templates.
#
# "[a|b|c]" picks one alternative, "{slot}" inserts a slot value.  Every
# choice goes through Renderer.pick(), so a message can be re-rendered with
# the same choices (a distractor: same wording, different matter) or with a
# share of them changed (the same person writing about the same matter
# again).
# ---------------------------------------------------------------------------

T = []


def tpl(key, cat, subj, core, asks, extras=(), intro=(), attempts=(), hot=False):
    T.append(dict(key=key, cat=cat, subj=list(subj), core=core, asks=list(asks),
                  extras=list(extras), intro=list(intro), attempts=list(attempts), hot=hot))


# --- 城乡建设 ---------------------------------------------------------------
tpl("construction-noise", "城乡建设",
    ["{community}附近工地夜间施工噪音扰民", "关于{street}工地深夜施工扰民的投诉",
     "反映{project}夜间违规施工问题"],
    "我家住在{community}，小区[南侧|东边|正对面]是{builder}承建的{project}工地。从{dur}前开始，"
    "工地[几乎每天|经常]施工到[晚上十一点|半夜十二点|凌晨一两点]，[打桩机|混凝土泵车|渣土车和电锯]的声音特别大，"
    "[窗户关上也听得清清楚楚|家里老人孩子根本睡不着觉]。",
    ["请相关部门核实该工地是否办理了夜间施工许可，对违规夜间施工依法处罚。",
     "希望严格限制施工时间，晚上十点以后禁止高噪音作业，还居民一个安静的休息环境。"],
    ["我家孩子今年要参加中考，每天晚上复习都受影响，白天上课也没精神。",
     "我母亲心脏不好，被吵得整夜睡不着，已经去医院看过两次。",
     "工地门口的渣土车进出也不冲洗，[路面全是泥|一下雨满地泥浆]，晴天一刮风就尘土飞扬。",
     "据了解，夜间施工需要办理审批并提前公示，但我们从来没有看到过任何公示。"])

tpl("road-damage", "城乡建设",
    ["{street}路面破损严重长期无人维修", "反映{district}{street}道路坑洼问题",
     "{street}靠近{landmark}一段路急需维修"],
    "{district}{street}[从{street2}路口到{landmark}|靠近{landmark}的]这一段路，路面[破损非常严重|坑坑洼洼]，"
    "[大大小小的坑有十几个|有好几个大坑]，最深的地方有[十几|二十多]厘米。"
    "[下雨天坑里积满了水，根本看不出深浅|晚上光线差，骑车经过很容易摔倒]。",
    ["请尽快安排维修，先把大坑填平，消除安全隐患。",
     "希望有关部门尽早修复路面，不要等出了大事故再来处理。"],
    ["上个月有一位老人骑电动车经过时摔倒，腿部骨折住院。",
     "这条路是附近[两所学校|几个小区]居民出行的必经之路，每天早晚高峰车辆很多。",
     "听说这条路要纳入明年的改造计划，但眼下这个状况实在没法等。"],
    attempts=["我们向城管和住建部门都反映过，有人来量过尺寸，说要报计划，可是{dur2}过去了一直没人来修。"])

tpl("old-community-renovation", "城乡建设",
    ["{community}老旧小区改造进度慢质量差", "关于{community}改造工程质量问题的反映"],
    "我们{community}是上世纪九十年代建成的老小区，今年被列入老旧小区改造项目，由{builder}负责施工。"
    "[从{date1}开工到现在|开工已经{dur}了]，[外墙保温|雨污分流|屋面防水]工程进展很慢，"
    "[路面挖开后一直没有回填|楼道里堆满了建筑垃圾]，居民出行非常不便。更让人担心的是施工质量，"
    "[新刷的外墙已经开始起皮脱落|新铺的地砖踩上去就松动|刚换的雨水管接口处就漏水]。",
    ["希望住建部门加强监管，督促施工单位加快进度、保证质量，并公开改造方案和资金使用情况。"],
    ["施工队的人[换来换去|经常不见人影]，有时候一连好几天工地上一个人都没有。",
     "我们几户居民自发去找施工方，项目经理{sur}经理说材料款没到位，让我们等。",
     "改造前社区说会征求居民意见，但实际上改造方案我们谁都没见过。"])

tpl("illegal-building", "城乡建设",
    ["{community}{bldg}栋楼顶违章搭建问题", "举报{community}顶楼住户私搭乱建"],
    "{community}{bldg}栋顶楼住户[在楼顶私自加盖了一间彩钢房|把楼顶平台圈起来搭了一个阳光房]，"
    "面积有[二三十|四十多]平方米，[还在上面种菜养鸡|里面堆放了大量杂物]。自从搭建以后，"
    "[下面几层经常漏水|我家天花板一到下雨就渗水]，而且[彩钢房挡住了通往楼顶的消防通道|整栋楼的太阳能热水器都没法安装]。",
    ["请城管执法部门依法拆除违章建筑，恢复楼顶原状。"],
    ["我们和这家住户沟通过好几次，对方态度很蛮横，说“这是买房时就送的”。",
     "物业说他们没有执法权，只能劝说，劝了几次也没有用。"],
    attempts=["向社区和城管反映过，城管来拍了照片，下过一次整改通知，但对方根本不理会，违建到现在还在。"])

tpl("streetlight", "城乡建设",
    ["{street}路灯损坏{dur}无人修", "{district}{street}夜间无照明存在安全隐患"],
    "{district}{street}[{landmark}附近|靠近{community}的一段]的路灯已经坏了{dur}，[整整一条街|大约三百米]晚上漆黑一片。"
    "这一带[晚上散步的老人和下晚自习的学生很多|有不少上夜班的工人要经过]，"
    "[上周就有人在这里被电动车撞倒|前段时间还发生过抢包的事情]，大家晚上出门都提心吊胆。",
    ["希望路灯管理部门尽快派人检修，恢复照明。", "请尽快修复路灯，保障群众夜间出行安全。"])

tpl("waterlogging", "城乡建设",
    ["{community}门口一下雨就积水", "反映{street}雨水管网堵塞积水问题"],
    "每到下雨天，{community}[大门口|北门到{street}这一段]就积水，[最深的时候能没过膝盖|水有半尺多深]，"
    "[地下车库也进了水|一楼住户家里进了水]，车辆熄火、居民出行困难。原因是[小区外面的雨水管网长期堵塞|市政排水管道太细，排不过来]，"
    "[今年已经淹了三次|{date1}那场大雨损失尤其严重]。",
    ["请市政部门尽快对管网进行疏通改造，从根本上解决积水问题。"],
    ["我家停在地下车库的车被泡过一次，保险公司只赔了一部分。",
     "物业说小区里面的管子他们已经疏通过了，问题出在外面的市政管网。"])

tpl("demolition-compensation", "城乡建设",
    ["关于{project}征收补偿标准过低的问题", "房屋征收补偿不合理请求复核"],
    "我家[在{town}{village}|位于{district}{street}]，{date1}因{project}被列入征收范围。征收方给出的补偿标准"
    "[是每平方米{price}元|远低于周边房价]，我家{area}平方米的房子[按这个标准根本买不起一套同样大小的房子|还不算院子和附属用房]，"
    "[而且安置房要等三年才能交付|过渡费也只给了半年]。[同一片区的邻居补偿标准还不一样|评估报告我们到现在都没有看到]。",
    ["希望征收部门公开补偿标准和评估报告，依法依规给予合理补偿。",
     "请上级部门对补偿方案进行复核，不要让老百姓吃亏。"],
    ["我们家三代人住在这里，老人年纪大了，实在不愿意折腾。",
     "征收工作人员还说，不签字就按最低标准处理，让我们很不安。"])

tpl("water-outage", "城乡建设",
    ["{community}频繁停水问题", "反映{community}停水且水质发黄"],
    "{community}[最近{dur}|从{date1}开始]频繁停水，[几乎每隔两三天就停一次|每次一停就是大半天]，"
    "[停水前没有任何通知|物业只是在业主群里说一声]。[高层住户就算来水了水压也上不去|来水后水是黄的，根本不敢喝]，"
    "[家里老人孩子洗澡做饭都成问题|我们只能到楼下提水]。",
    ["请供水部门查明原因，尽快解决停水和水质问题，停水前要提前通知。"],
    ["我家住在{bldg}栋十七楼，家里有一位瘫痪在床的老人，停水对我们影响特别大。",
     "问过物业，物业说是二次供水泵房的设备坏了，要等配件。"],
    hot=True)

tpl("heating", "城乡建设",
    ["{community}暖气不热室温不达标", "关于{community}供暖温度不达标的投诉"],
    "{community}[今年供暖季|入冬以来]暖气[一直不热|时好时坏]，室内温度[只有十二三度|白天也不到十五度]，"
    "[家里老人孩子都冻感冒了|我们只能开空调、电暖器取暖]。[热力公司来测过温|我们向热力公司报修了好几次]，"
    "[说是管网老化|说是小区二次管网的问题，应该找物业]，物业又说是热力公司的问题，互相推诿。",
    ["请供热主管部门督促热力公司和物业查明原因，保证供暖温度达标，并按规定退还部分采暖费。"],
    ["采暖费我们每年都是按时足额交的，一平方米二十多块钱，不便宜。"],
    hot=True)

# --- 环境保护 ---------------------------------------------------------------
tpl("factory-odour", "环境保护",
    ["{factory}夜间排放刺鼻气体", "{town}附近工厂偷排废气扰民", "强烈要求查处{factory}违法排污"],
    "{district}{town}[工业园|附近]的{factory}，[最近{dur}|长期以来]经常在[晚上十点以后|夜里和清晨]偷偷排放废气，"
    "气味[刺鼻|像烂鸡蛋一样|又酸又臭]，[周边好几个小区都能闻到|方圆两三公里都能闻到]。"
    "[我们晚上不敢开窗|闻久了头晕、恶心、嗓子疼]，[家里有老人和小孩，身体都受不了|有的邻居已经出现咳嗽、过敏的症状]。",
    ["强烈要求环保部门在夜间进行突击检查，查清排放物成分，对违法排污行为依法严肃处理。",
     "请相关部门公开监测数据，给周边居民一个说法。"],
    ["白天来检查的时候一切正常，一到晚上就开始排，明显是在躲避检查。",
     "厂区的烟囱晚上还冒着黄色的烟，我们拍了视频。",
     "听说这家厂之前就因为环保问题被处罚过，但没过多久又恢复原样。"],
    hot=True)

tpl("restaurant-fumes", "环境保护",
    ["{street}{num}号楼下餐馆油烟扰民", "反映楼下饭店油烟噪音问题"],
    "我家住在{street}{num}号{bldg}栋，楼下一层开了一家[烧烤店|火锅店|川菜馆]，油烟管道[直接排到我们楼后面|就从我家窗户下面经过]，"
    "没有安装油烟净化设备。每天[中午和晚上|从下午四点到凌晨两点]，油烟[直往屋里灌|呛得人喘不过气]，"
    "[窗户和晾的衣服上都是一层油|家里的白墙都熏黄了]，[晚上食客喝酒划拳的声音也很大|门口还摆满了桌子占道经营]。",
    ["请执法部门督促该店安装合格的油烟净化设施并规范排放，不能整改的依法处理。"],
    ["我们找店老板说过，老板说他们有营业执照，合法经营，谁也管不着。"])

tpl("river-pollution", "环境保护",
    ["{village}附近{river}被污染", "举报{river}上游偷排污水"],
    "{town}{village}旁边的{river}，[近一年来|最近{dur}]水质越来越差，[河水发黑发臭|水面上漂着一层白沫]，"
    "[河里的鱼大片死亡|岸边的庄稼浇了水也长不好]。我们沿河查看发现，[上游{factory}有一根暗管直接往河里排污水|有养殖场把粪污直接排进河里]，"
    "[晚上排得最多|下雨天趁机偷排]。",
    ["请生态环境部门尽快调查取证，封堵排污口，追究排污单位的责任，并对河道进行治理。"],
    ["这条河以前水很清，村里人夏天还在里面洗衣服，现在走近都能闻到臭味。",
     "村里有几户人家用的是井水，现在都不敢喝了，只能买桶装水。"])

tpl("garbage-station", "环境保护",
    ["{community}旁垃圾中转站臭气扰民", "建议搬迁{community}附近垃圾站"],
    "{community}[西门|后面]不到五十米的地方设了一个垃圾中转站，[每天早上五点多就有垃圾车进出|垃圾经常堆到外面来]，"
    "[夏天臭味特别大|苍蝇蚊子成群]，[渗滤液流得满地都是|压缩垃圾的声音从早响到晚]。附近住着好几百户人家，还有一所幼儿园。",
    ["希望有关部门加强对中转站的管理，做好除臭和清洗，条件允许的话迁到远离居民区的地方。"],
    ["一到夏天我们家窗户都不敢开，晾在阳台的衣服都有味道。"],
    hot=True)

tpl("dust-plant", "环境保护",
    ["{village}村口{plant}粉尘噪音污染", "反映{town}{plant}扰民问题"],
    "{town}{village}村口有一家{plant}，[去年|{dur}前]建成投产，[每天大货车进进出出上百趟|生产时粉尘飞扬]，"
    "[村里的房顶、院子里全是一层灰|地里种的菜叶子上都是灰，根本没法吃]。[机器从早上六点一直响到半夜|晚上噪音吵得人睡不着]，"
    "村里[好几个老人患上了呼吸道疾病|孩子们经常咳嗽]。",
    ["请环保部门查一下这家企业的环评手续是否齐全，督促其落实防尘降噪措施。"],
    ["村干部说这是镇上招商引进来的项目，让我们多理解。"])

# --- 劳动和社会保障 ---------------------------------------------------------
tpl("construction-wages", "劳动和社会保障",
    ["{project}拖欠农民工工资", "请求帮助追讨{builder}工地欠薪", "农民工工资被拖欠{dur}"],
    "我们是在{builder}承建的{project}上干活的[农民工|木工班组|钢筋工]，[从{date1}进场一直干到{date2}|前后干了{dur}]，"
    "[包工头{sur}某|项目上]一共拖欠我们[{n_workers}个人|整个班组]工资{amount}元，其中我个人被欠{amount_small}元。"
    "[我们找了项目部很多次|包工头一直说等总包方拨款]，对方[一直推脱|一会儿说没钱，一会儿说等验收]，现在[干脆不接电话了|人都找不到了]。",
    ["恳请劳动监察部门督促总包单位履行责任，帮我们追回血汗钱。",
     "请政府帮帮我们这些农民工，尽快把工资结清。"],
    ["马上就要过年了，家里老人看病、孩子上学都等着这笔钱。",
     "我们手里有考勤记录和包工头签字的欠条。",
     "我们都是外地来的，在这里租房子住，没有工资连吃饭都成问题。"],
    attempts=["我们到劳动监察大队投诉过，登记了材料，但到现在还没有结果。"],
    hot=True)

tpl("no-contract", "劳动和社会保障",
    ["{employer}不签劳动合同不缴社保", "反映单位未缴纳社会保险问题"],
    "我在{employer}工作了{years}年，[岗位是[操作工|仓库管理员|质检员|货车司机]|一直在车间做普工]，公司[一直没有和我签订劳动合同|只签了一份一年的合同，到期后就没有续签]，"
    "也[从来没有给我缴纳社会保险|只按最低标准缴了几个月社保就停了]。[{date1}公司以经营困难为由让我回家|最近公司突然通知我不用来上班了]，"
    "[没有任何经济补偿|只多给了一个月工资]。",
    ["请劳动部门依法处理，要求公司补缴社保，并支付未签劳动合同的双倍工资和经济补偿金。"],
    ["公司里跟我情况一样的还有十几个人。"])

tpl("boss-missing", "劳动和社会保障",
    ["{employer}老板失联拖欠员工工资", "关于{employer}拖欠工资的求助"],
    "{employer}从{date1}开始就没有按时发工资，[老板说资金周转困难，让大家再等等|每个月只发一点生活费]。到{date2}，"
    "[老板突然失联|公司大门一锁，人就找不到了]，我们[{n_workers}名员工|整个车间的工人]被拖欠了[三|四|五]个月的工资，总计大约{amount}元。",
    ["希望政府有关部门介入，查封公司财产，优先支付员工工资。"],
    ["我们已经向劳动仲裁委申请了仲裁，但公司没人出面，仲裁也开不了庭。",
     "厂房是租的，里面的设备据说也已经抵押出去了。"])

tpl("pension-transfer", "劳动和社会保障",
    ["养老保险关系转移办理困难", "申请办理养老保险转移接续"],
    "我[以前在{othercity}工作|早年在外地打工]，缴纳了{years}年养老保险，[{date1}|去年]回到{city}工作后申请把养老保险关系转过来。"
    "[材料交上去已经{dur}|前后跑了四五趟]，[窗口一会儿说缺证明，一会儿说系统对接有问题|每次都让我回去等通知]，到现在还没有转过来。"
    "[我明年就到退休年龄了|我今年已经五十八岁了]，如果转不过来，会影响退休待遇的办理。",
    ["请社保部门查明原因，一次性告知需要的材料，尽快帮我办理转移接续。"])

tpl("work-injury", "劳动和社会保障",
    ["申请工伤认定单位不配合", "{employer}拒不配合工伤认定"],
    "我在{employer}上班，{date1}在[车间操作设备时|搬运货物时|厂区装卸时]不慎受伤，[右手两根手指被压断|左腿骨折|腰椎受伤]，"
    "住院[二十多天|一个多月]。出院后我向单位提出申请工伤认定，单位[一直拖着不给提供材料|说我是自己操作不当，不算工伤]，"
    "[医药费也只垫付了一部分|后来干脆不让我回去上班了]。",
    ["请人社部门依法为我进行工伤认定，督促单位承担相应责任。"],
    ["我是家里的顶梁柱，受伤以后一家人的生活都没了着落。"])

tpl("unemployment-benefit", "劳动和社会保障",
    ["申领失业保险金遇到困难", "失业金申请一直提示不符合条件"],
    "我原来在{employer}工作，[{date1}公司裁员|合同到期后公司不再续签]，现在失业在家。按规定我可以领取失业保险金，但在"
    "[手机App上|网上]申请时系统一直提示[“参保信息异常”|“不符合申领条件”]，到{office}窗口咨询，工作人员说是"
    "[原单位断缴了几个月|单位没有办理减员手续]，让我找原单位。原单位[已经搬走了|说这不是他们的事]，我现在两头跑，[一分钱都没领到|已经{dur}了]。",
    ["请帮忙协调解决，让我能按规定领取失业保险金。"])

# --- 交通运输 ---------------------------------------------------------------
tpl("bus-route", "交通运输",
    ["{bus}路公交线路调整给居民出行带来不便", "建议恢复{bus}路公交{community}站"],
    "{bus}路公交车[从{date1}起|最近]调整了线路，[取消了{community}、{landmark}等几个站点|不再经过{street}]，"
    "[我们这一片好几个小区|附近几千名居民]出行受到很大影响。[现在走到最近的站点要二十多分钟|老人去医院看病要倒两趟车]，"
    "[早上上班、送孩子上学非常不方便|晚上末班车也提前到了七点半]。",
    ["希望公交公司听取群众意见，恢复原来的站点，或者增开一条社区微循环线路。"],
    ["线路调整前没有征求过沿线居民的意见，也没有提前公示。"],
    hot=True)

tpl("taxi", "交通运输",
    ["出租车{plate}拒载宰客", "投诉出租车司机绕路多收费"],
    "{date1}晚上[九点多|十点左右]，我在{landmark}打车，一辆车牌号为{plate}的出租车"
    "[司机问我去哪儿后直接拒载|不打表，开口就要价八十元]。[我说按计价器走，他就骂骂咧咧地把我赶下了车|上车后司机故意绕路，平时二十多块钱的路程收了我六十多元]。",
    ["请交通运输部门核实处理，规范出租车经营秩序。"],
    ["我保留了支付记录和车辆照片，可以提供。"])

tpl("no-traffic-light", "交通运输",
    ["{street}与{street2}交叉口急需设置红绿灯", "学校门口路口无信号灯很危险"],
    "{district}{street}与{street2}交叉口[没有红绿灯|红绿灯坏了很久]，也没有斑马线。路口旁边就是{school}，"
    "每天[上下学时间|早晚高峰]车流量很大，[学生过马路非常危险|家长只能拉着孩子在车缝里穿行]。"
    "[今年已经发生了好几起剐蹭事故|{date1}还有一个学生被车刮倒]。",
    ["建议交警部门尽快在该路口设置信号灯和斑马线，上下学时段安排交警或协管员值守。"])

tpl("overloaded-trucks", "交通运输",
    ["{town}村道被超载货车压坏", "反映重型货车超载损坏{village}道路"],
    "{town}通往{village}的村道[是{year}年新修的水泥路|前几年刚硬化]，[最近一年多|{dur}来]附近{plant}的重型货车天天从这里过，"
    "[严重超载|一车装好几十吨]，路面已经被压得[坑坑洼洼|到处开裂、下沉]，[有几段路基都塌了|下雨天泥水四溅]。",
    ["请交通和公安部门加强治超，限制重型车辆通行，并督促企业出资修复道路。"],
    ["村里的孩子每天走这条路去上学，大车开得飞快，家长都很担心。"])

# --- 教育文体 ---------------------------------------------------------------
tpl("school-fees", "教育文体",
    ["{school}违规收费问题", "反映{school}变相组织有偿补课"],
    "{school}[这学期|{date1}开学后]向学生收取[资料费|校服费和“自愿”辅导费]，每人{fee}元，[没有开收据|说是班主任统一收的]。"
    "[学校还组织放学后补课|周末让学生到老师家里补课]，[说是自愿，实际上不参加的孩子会被区别对待|每节课收费一百元]。"
    "[家长们敢怒不敢言|大家都怕孩子被穿小鞋]。",
    ["请教育部门调查核实，规范学校收费行为，清退违规收费。"])

tpl("school-zoning", "教育文体",
    ["{community}入学划片调整不合理", "关于{community}学区划分问题的诉求"],
    "我们是{community}的业主，购房时开发商宣传小区对口{school}，[我们很多人就是冲着学校买的房|售楼处的宣传材料上写得清清楚楚]。"
    "但今年教育局公布的划片方案中，我们小区[被划到了{school2}|不在{school}的招生范围内]，"
    "[新学校离小区有四公里多|孩子上学要穿过两条主干道]。",
    ["希望教育部门说明划片调整的依据，充分考虑居民实际情况，重新研究划片方案。"],
    ["而离我们更远的几个小区反而划进了{school}，大家都想不通。"],
    hot=True)

tpl("kindergarten-closure", "教育文体",
    ["{kg}幼儿园突然停办不退费", "幼儿园停办后拒不退还保教费"],
    "{kg}幼儿园[在{date1}|开学前一周]突然通知家长[停止办学|因场地问题停办]，[我们刚交了一学期的保教费|我家孩子刚交了{fee}元]，"
    "幼儿园[说会退费但一直没退|只退了一部分]。现在孩子没有地方上学，[附近的公办园都已经满员|我们只能临时请老人来带]。",
    ["请教育部门督促幼儿园尽快退还费用，并帮助协调孩子入园。"])

tpl("training-runaway", "教育文体",
    ["{training}突然关门预付学费无法退还", "培训机构跑路请求帮助追回学费"],
    "我在{training}为孩子报了[英语|数学|编程|美术]课程，[一次性交了{fee}元|办了两年的课时卡]，[还剩下六十多节课没上|才上了不到三分之一]。"
    "{date1}机构突然[关门|贴出停业通知]，负责人[联系不上|说要搬到新校区，但一直没有下文]，"
    "[老师们也说被拖欠了工资|前台的电话已经成了空号]。据了解受影响的家长有[两百多|三百多]户。",
    ["请有关部门介入调查，冻结机构账户，帮助家长追回预付的学费。"],
    ["关门前一个月机构还在搞续费优惠活动，很多家长又交了钱，明显是有预谋的。"],
    hot=True)

tpl("square-dance", "教育文体",
    ["{community}广场舞音响噪音扰民", "广场舞音量过大影响休息"],
    "{community}[中心广场|楼下的空地]每天晚上[七点到十点|六点半开始]有人跳广场舞，音响开得非常大，"
    "[隔着双层玻璃都能听到|低音震得窗户嗡嗡响]。[我家孩子上高三|我是上夜班的，白天要休息，早上也有人在练]，已经被吵了{dur}。"
    "[跟领舞的阿姨说过好几次|请物业去协调过]，对方[当面答应调小，第二天又照旧|说“我们锻炼身体碍着谁了”]。",
    ["希望相关部门规定跳舞的时间和音量，兼顾大家的休息。"])

# --- 卫生计生 ---------------------------------------------------------------
tpl("hospital-fees", "卫生计生",
    ["{hospital}住院费用收费不合理", "反映{hospital}重复收费问题"],
    "{date1}我[父亲|母亲|爱人]因[肺部感染|心脏不舒服|胆结石]到{hospital}住院治疗，住了{days}天，总费用{amount}元。"
    "出院后我们仔细核对费用清单，发现[有些检查项目重复收费|有好几项药品根本没有用过|护理费的天数比实际住院天数多]，"
    "[还有一项CT检查在没有告知的情况下做了两次|有些项目的收费明显高于规定标准]。",
    ["请卫健部门和医保部门调查核实，对多收的费用予以退还。"],
    ["我们去医院收费处问，对方让我们找科室，科室又让我们找收费处。"])

tpl("unlicensed-clinic", "卫生计生",
    ["{street}一诊所涉嫌无证行医", "举报{street}非法行医"],
    "{street}[菜市场旁边|{num}号门面]有一家[“{sur}氏诊所”|没有挂牌的小诊所]，[据我了解没有医疗机构执业许可证|坐诊的人没有医师资格]，"
    "却长期给人[输液|拔牙|开处方药]。[上个月邻居家孩子在那里输液后出现过敏反应|我母亲在那里打针后胳膊肿了好几天]，"
    "[诊所的人说不关他们的事|再找过去对方就关门了]。",
    ["请卫生监督部门依法查处，保障群众就医安全。"])

tpl("medical-insurance", "卫生计生",
    ["异地就医费用报销遇到困难", "反映医保报销手续繁琐"],
    "我[在{othercity}住院|因病在外地就医]，[花了{amount}元|医疗费用比较高]，按照规定[已经办理了异地就医备案|出院前在医院办理了转诊手续]，"
    "但回来报销时医保经办窗口说[备案信息没有同步|手续不全]，[只能降低比例报销|不能报销]。我跑了[三四趟|好几趟]，"
    "[每次窗口人员的说法都不一样|让我回原医院开证明]。",
    ["请医保部门核实我的情况，按政策给予报销，也希望简化异地报销手续。"])

tpl("vaccine", "卫生计生",
    ["{jiedao}社区卫生服务中心接种排队时间长", "建议增加疫苗接种门诊预约号源"],
    "{district}{jiedao}社区卫生服务中心[接种门诊|儿童保健门诊]人手不足，[每次打疫苗都要排两三个小时|网上预约号一放出来几秒钟就没了]，"
    "[预约电话一直打不通|现场取号要早上六点去排队]。[我家宝宝的疫苗已经推迟了半个多月|老人带着孩子排队实在吃不消]。",
    ["建议增加接种时段和工作人员，完善预约系统。"])

# --- 商贸旅游 ---------------------------------------------------------------
tpl("forced-shopping", "商贸旅游",
    ["{travel}低价团强制购物", "投诉{scenic}旅游团强制消费"],
    "{date1}我们一家[跟团|通过{travel}报名]到{scenic}旅游，[团费每人{fee}元|报的是“纯玩团”]。"
    "[结果导游带我们进了四个购物店|行程中被带到玉器店、茶叶店]，每个店[至少待一个小时|不买东西就不让走]，"
    "[导游说话也很难听|还强制收取了两百元“景区小交通费”]。[原定的几个景点都只是路过拍照|实际行程和合同上写的完全不一样]。",
    ["请文旅部门调查处理，要求旅行社退还相关费用。"])

tpl("gym-prepaid", "商贸旅游",
    ["{gym}关门会员预付款无法退还", "健身房停业卷款请求帮助"],
    "我在{gym}办了[一张年卡|私教课]，[花了{fee}元|充值了{fee}元]，[{date1}开始店里以“装修”为由停止营业|上个月健身房突然关门]，"
    "[门上贴了一张告示说另寻新址|老板和教练都联系不上]。我们会员在群里统计了一下，[涉及四百多人|被卷走的钱有几十万]。",
    ["请有关部门督促经营者退还预付款，也希望加强对预付卡的监管。"],
    ["关门前几天前台还在推销三年卡，说充得越多优惠越大。"],
    hot=True)

# --- 市场监管 ---------------------------------------------------------------
tpl("short-weight", "市场监管",
    ["{market}摊贩缺斤短两", "反映{market}计量不准问题"],
    "我在{market}[{stallno}号摊位|一家卖猪肉的摊位]买了[两斤排骨|三斤虾]，回家用自家的秤一称，[只有一斤六两|少了将近半斤]。"
    "回去找摊主，摊主[不承认|说我家的秤不准]，[市场管理处说他们管不了|市场的公平秤也是坏的]。"
    "[听其他买菜的人说这个摊位经常缺斤短两|这已经不是第一次了]。",
    ["请市场监管部门对该市场的计量器具进行检查，处理缺斤短两的商户。"])

tpl("expired-food", "市场监管",
    ["{shop}销售过期食品", "投诉{shop}售卖过期商品拒绝赔偿"],
    "{date1}我在{shop}买了[一箱牛奶|几袋面包|一盒月饼]，回家后发现[已经过期五天了|生产日期被重新贴过标签]。"
    "[孩子已经喝了一瓶，晚上肚子疼|拆开后发现有霉点]。我拿着小票去找超市，[店员说最多给退货|店长态度很差，说不是在他们家买的]，"
    "[不同意按规定赔偿|只同意退货]。",
    ["请市场监管部门依法处理，维护消费者合法权益。"])

tpl("decoration", "市场监管",
    ["{decor}装修拖延工期质量差", "装修公司收款后停工"],
    "我家{date1}和{decor}签了装修合同，合同总价{amount}元，[已经交了百分之七十|首付了{amount_small}元]。"
    "合同约定[九十天完工|{date2}交房]，结果[工期已经拖了两个多月|施工到一半工人就撤了]，"
    "[已经完成的部分问题也很多|卫生间做完闭水试验就漏水]，公司[一直推脱|要求我们再加钱才肯继续施工]。",
    ["请相关部门督促装修公司履行合同，或者退还未施工部分的款项。"])

tpl("ebike-quality", "市场监管",
    ["{ebshop}出售的电动车质量问题", "新买电动车故障商家拒绝退换"],
    "我{date1}在{street}的{ebshop}买了一辆电动自行车，价格{fee}元。[骑了不到一个月|刚买两周]就"
    "[电池鼓包|刹车失灵|充电时电机冒烟]，[去店里要求退换，老板说是人为损坏|老板只同意维修，修了两次还是一样]。"
    "[车子的合格证和发票也一直没给我|后来发现这款车根本不在目录里]。",
    ["请市场监管部门查一下这家店销售的车辆是否合格，并督促商家退换。"])

tpl("elevator", "市场监管",
    ["{community}{bldg}号楼电梯频繁故障", "电梯多次困人请求检查"],
    "{community}{bldg}号楼的电梯[用了十几年|是{year}年装的]，[最近{dur}|今年以来]频繁出故障，[三天两头停运|经常运行中突然急停]。"
    "[{date1}还困了一位老人在里面四十多分钟|上个月有一次电梯门开着就往下走]，[楼里老人多，腿脚不好|我们住十八楼]，电梯一停只能爬楼。"
    "物业说[维保单位已经来看过|配件要等]，[但一直没有彻底修好|维修基金申请太慢]。",
    ["请特种设备监管部门检查电梯安全状况，督促物业和维保单位尽快修复或更换。"],
    hot=True)

# --- 公安政法 ---------------------------------------------------------------
tpl("neighbour-assault", "公安政法",
    ["被邻居殴打报警后迟迟未处理", "关于邻里纠纷被打一案的反映"],
    "{date1}下午，我因为[门口堆放杂物|车位|楼上漏水]的事情和[隔壁|楼上]住户{sur}某发生口角，对方[动手打了我|推了我一把，我摔倒在地]，"
    "造成[头部受伤|左手腕骨裂]。我当时报了警，{jiedao}派出所出了警，[说要等伤情鉴定结果|做了笔录]，但[到现在已经{dur}|过去一个多月了]，"
    "[对方既没有道歉也没有赔偿|案子一直没有处理结果]。",
    ["希望公安机关依法及时处理，给我一个公道。"])

tpl("telecom-fraud", "公安政法",
    ["被电信诈骗{amount}元请求追赃", "电信诈骗报案后无进展"],
    "{date1}我接到一个自称是[“银行客服”|“快递理赔”|“公安局”]的电话，对方[说我的账户涉嫌洗钱|说要给我退款]，让我[下载一个App|开启屏幕共享]，"
    "我按照对方的要求操作，先后转账[三次|五次]，共被骗{amount}元。当天我就到{jiedao}派出所报案，[警方已经立案|拿到了受案回执]，"
    "但[至今没有任何进展|被骗的钱一分都没有追回来]。",
    ["恳请公安机关加大侦办力度，帮我追回被骗款项。"],
    ["这些钱是我和老伴攒了大半辈子的养老钱。"])

tpl("ebike-charging", "公安政法",
    ["{community}电动车楼道充电存在消防隐患", "反映{community}飞线充电问题"],
    "{community}[不少住户|有些租户]把电动车推进楼道、[电梯里|家里]充电，[还有人从楼上窗户拉电线下来“飞线”充电|楼道里停满了电动车，堵住了消防通道]。"
    "[我们楼里住的大多是老人|这栋楼只有一个楼梯]，万一发生火灾后果不堪设想。"
    "[小区里原来规划的充电棚一直没有建|充电桩只有二十几个，根本不够用]。",
    ["请消防和社区部门加强检查，督促物业规范管理，增设集中充电设施。"])

tpl("illegal-fundraising", "公安政法",
    ["{invest}非法集资请求立案", "投资“理财产品”无法兑付"],
    "{date1}前后，我经人介绍在{invest}[购买了“理财产品”|投资了一个“养老项目”]，对方承诺[年化收益百分之十二|每个月返息]，"
    "[先后投入了{amount}元|投入了自己全部的积蓄]。[前几个月还能按时返息|一开始还送米送油]，从{date2}开始[就不再返息|公司人去楼空]，"
    "[我们这些投资人大多是老年人|很多老人的养老钱都投进去了]。",
    ["恳请公安机关尽快立案侦查，追缴涉案资金，挽回我们的损失。"],
    ["公司的业务员经常组织老人听讲座、去外地旅游，一步步让大家把钱投进去。"],
    hot=True)

# --- 住房保障 ---------------------------------------------------------------
tpl("delayed-delivery", "住房保障",
    ["{project_res}项目逾期交房", "{developer}开发项目停工业主诉求", "关于{project_res}停工烂尾的问题"],
    "我们是{project_res}项目的购房业主，开发商为{developer}。购房合同约定{date1}交房，但[现在已经逾期{dur}|到现在工地基本处于停工状态]，"
    "[现场只有零星几个工人|塔吊都已经拆了，楼还没封顶]。[我们大部分业主都是贷款买房，每个月还要还房贷|很多人一边还房贷一边在外面租房住]，"
    "压力非常大。开发商[一直没有给出明确的复工时间|只说资金链紧张，正在想办法]。",
    ["恳请政府相关部门督促开发商尽快复工，按期交房，并依法支付逾期违约金。",
     "请住建部门加强对预售资金的监管，保障业主的合法权益。"],
    ["我们家是用两代人的积蓄付的首付，房子交不了，孩子结婚都没有地方住。"],
    hot=True)

tpl("property-cert", "住房保障",
    ["{project_res}业主多年办不了房产证", "请求协调办理不动产权证"],
    "我在{project_res}买的房子已经[入住{years}年|交房好几年]了，房产证一直办不下来。开发商说[土地出让金还没有交清|项目规划验收还没通过]，"
    "[让我们再等等|说在跟政府部门协调]。[没有房产证，孩子上学登记、落户都受影响|想把房子卖了给老人看病也卖不了]。"
    "[小区里七百多户都是这个情况|整个小区都没有办下来]。",
    ["请不动产登记和住建部门协调解决，尽快为业主办理不动产权证。"],
    hot=True)

tpl("public-rental", "住房保障",
    ["公租房申请长期未审核", "询问公租房申请审核进度"],
    "我家[一家三口|四口人]一直在外面租房，[家庭收入符合公租房申请条件|我和爱人都是低收入人员]，{date1}向{jiedao}提交了公租房申请，"
    "[材料齐全|所有证明都按要求补交了]。但到现在已经{dur}，[审核一直没有结果|系统里显示“待审核”]，"
    "[问街道说已经报到区里|问区住建局说要等房源]。[我们现在的房租每月一千多|房东要求我们月底前搬走]，实在负担不起。",
    ["请住房保障部门核实我的申请进度，尽快给予答复。"])

tpl("property-fees", "住房保障",
    ["{property_co}擅自上调物业费", "{community}物业服务差还涨价"],
    "{community}的物业公司{property_co}[今年|从{date1}起]把物业费从每平方米[一块二涨到了一块八|1.2元涨到了1.8元]，"
    "[没有召开业主大会|也没有征求业主意见]。但物业服务质量越来越差：[小区绿化没人管|垃圾经常两三天不清运]，"
    "[门禁坏了几个月没人修|楼道灯坏了也不换]，[车位费也乱涨价|还把公共区域出租收钱]。",
    ["请住建部门和价格主管部门核查物业费调整是否合法，督促物业公司公开账目、改进服务。"],
    ["业主们想成立业主委员会，社区一直说条件不成熟。"],
    hot=True)

tpl("leak-repair", "住房保障",
    ["{community}新房漏水开发商不维修", "保修期内房屋渗水维修难"],
    "我家住在{community}{bldg}栋{room}室，[收房不到两年|房子还在保修期内]，[外墙|卫生间|阳台]渗水非常严重，"
    "[墙面发霉、墙皮大片脱落|木地板都泡坏了]。[我多次找开发商和物业|找了{developer}售后部]，对方[来看过两次，做了简单的修补|一直推诿，说是我装修造成的]，"
    "[下了雨照样漏|根本不解决问题]。",
    ["请住建部门督促开发商履行保修义务，彻底维修。"])

# --- 农业农村 ---------------------------------------------------------------
tpl("land-rent", "农业农村",
    ["{agri_co}拖欠{village}土地流转租金", "土地流转费拖欠{dur}无人管"],
    "{date1}，我们{village}[一组|二组]的[五十多户|全组]村民把[承包地|三百多亩耕地]流转给{agri_co}，合同约定每亩每年租金{price_small}元，"
    "[每年年底付清|一年一付]。但从去年开始，公司[以经营亏损为由拒付租金|老板就联系不上了]，[地里种的苗木也没人管了|地也荒着]，"
    "[我们想把地要回来也要不回来|村委会说合同是公司跟村民签的，他们管不了]。",
    ["请农业农村部门和镇政府协调，督促公司支付拖欠的租金，或者解除合同把地还给村民。"])

tpl("rural-water", "农业农村",
    ["{village}饮水工程建成后一直不通水", "反映{village}自来水问题"],
    "{town}{village}的自来水管网[是{year}年铺设的|前年就铺好了]，[可是一直没有正式通水|通水以后三天两头停]，"
    "村里[四百多口人|一百多户人家]还是[靠挑水|用自家打的井水]，[井水碱大，烧开了壶底一层白垢|夏天井水还有股怪味]。",
    ["请水利部门和镇政府尽快解决{village}的通水问题，保障群众饮水安全。"],
    ["村里年轻人都出去打工了，留下的多是老人，挑水实在太吃力。"])


# ---------------------------------------------------------------------------
# Generic pieces shared by all templates
# ---------------------------------------------------------------------------

# Generic material is kept short and varied on purpose: real messages are
# mostly about their own matter, so every generic sentence has several
# wordings ("[a|b]"), most of them name the matter ({topic}, taken from the
# subject, or the template's own slots), and a message uses only a few.
INTROS = [
    "您好！", "尊敬的领导：您好！", "领导您好，", "你好，", "市长您好！", "各位领导：",
    "领导好，", "打扰了，", "[我是|本人是]{city}{district}的[一名普通市民|居民]。",
    "我是住在{addr}的居民。", "本人{pname}，家住{addr}。",
    "[我想|想]反映[一个|个]问题。", "我要反映一个困扰[我们|我家]很久的问题：",
]
ATTEMPTS = [
    "[为|就]{topic}[这件事|的事]，[我们|我][打过|拨打过|反映过][好几次|两三次|多次][12345|市民热线|便民热线]，"
    "[{office}的人来看过|{office}也派人来过|{office}回过电话]，[但|可][一直没解决|至今没有结果|问题还在|还是原样]。",
    "[之前|上个月|前段时间|{md2}][为|因为]{topic}[找过|去过|联系过]{office}，[对方|他们|工作人员]说[会协调|研究一下|尽快处理]，"
    "[可是|但是|结果]{dur2}过去了[还是老样子|没有任何动静|连个电话都没有]。",
    "{topic}[的事|这个问题|这件事][已经|][反映过|说过|投诉过][很多次|不止一次|三四次]，[每次都说在处理|回复总是在办理中|次次都说马上解决]，"
    "[但始终没有下文|可就是没人落实|最后都不了了之]。",
    "[我们|我|我和家人][也|][就{topic}|为这事|为此]向{office}[递交过|送过|寄过][书面材料|情况说明|一份材料]，"
    "[至今|到现在|等了{dur2}]没有[任何|一个|半点]答复。",
    "{md2}[我|我们][就{topic}|为此|为这个事][打过|拨打了][12345|热线电话|市长热线]，[工单号{ticket}|编号是{ticket}|留了工单{ticket}]，"
    "[后来|没几天就|不久]收到[短信|回访电话]说[已经办结|已处理完毕|办好了]，[但实际上什么都没有改变|可问题根本没解决|其实{topic}一点没变]。",
]
ASKS = [
    "[希望|恳请]领导重视，尽快[给予解决|解决{topic}的问题]。",
    "请[相关部门|{office}]依法[依规|]处理，并给予[书面|]答复。",
    "[希望|盼望]政府能为我们做主。",
    "请尽快派人[核实|到现场核实]处理。",
]
CLOSINGS = ["谢谢！", "望早日答复。", "盼复！", "万分感谢！", "恳请领导重视！", "以上情况属实，请领导明察。",
            "麻烦了。", "谢谢领导！", "期待回复。", "辛苦了！"]

# The contact history of a "long" message: a few dated steps, each naming
# the matter or the offices of its category.
HISTORY_HEADS = ["事情的经过是这样的：", "说一下前后经过：", "前后经过如下：", "简单说下经过：", ""]
STEPS = [
    "{d}我第一次[打|拨打]12345[反映|说]{topic}[的事|这件事]，工单号{ticket}[，说转给了{office}|]。",
    "{d}{office}[来人看过|派人到现场看了看]，[拍了照|拍了几张照片]，说[回去研究|要报上去]。",
    "{d}[我|我们]再打电话问[进展|{topic}的进展]，[对方|接电话的人]说[正在协调|还在走流程]。",
    "{d}[我们|我和邻居们]{n_households}户[联名写信|写了联名信]交到{office2}。",
    "{d}[收到短信说|查到工单显示]“已办结”，[其实|可是]{topic}[根本没解决|一点没变]。",
    "{d}我到{office2}当面[反映|说明情况]，[对方答应|接待的人承诺]两周内答复，[结果没有下文|到现在也没消息]。",
    "{d}[社区|{office}][组织|开]了协调会，[答应|说]一个月内拿方案，[方案至今没见到|后来不了了之]。",
]
REFLECTIONS = [
    "[这件事|{topic}的事]前前后后拖了{dur}，实在[影响生活|让人着急]。",
    "[我们|我]反映问题都是走正常渠道，[需要什么材料随时可以提供|愿意配合调查]。",
    "[家里老人|一家人]为这事[睡不好觉|心里一直不踏实]。",
    "希望各部门不要[互相推诿|踢皮球]，[拿出实际办法|给个准话]。",
    "[周围邻居|身边不少人]也[是这个情况|有同样的遭遇]，只是觉得反映了也没用。",
]
EVIDENCE = [
    "[附|我这里有]现场照片{n_photo}张[、视频{n_video}段|]。",
    "[照片|录音]和聊天记录[都在|我都留着]，需要[可以|随时]提供。",
]
DEMAND_HEADS = ["为此，我的诉求是：", "我的请求：", "具体请求如下：", "诉求："]
DEMANDS_TAIL = [
    "[请|]书面答复[我本人|我]。",
    "[请|]在{dur2}内给个明确说法。",
    "[彻底|]解决之前先采取临时措施。",
]

FOLLOWUPS = [
    "至今未解决，再次反映。",
    "此问题我在{md3}已经反映过，到现在还没有人联系我，特此再次反映，希望尽快处理。",
    "补充一点：最近情况更严重了，希望尽快处理。",
    "上次反映后有工作人员打过电话，但问题并没有解决，请不要简单地把工单办结。",
    "我已经反映了三次，每次都说在处理，请给一个明确的解决时间。",
    "再次反映！！！问题还是没有解决！",
    "前几天又去看了一次，还是老样子，没有任何变化。",
    "另外，我反映的情况周边很多群众都知道，可以随时调查核实。",
]
FOLLOWUP_PREFIXES = ["（再次反映）", "此前已反映过，现再次反映：", "第二次反映：", "【重复反映】"]

# ---------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------

ALT_RE = re.compile(r"\[([^\[\]]*)\]")
SLOT_RE = re.compile(r"\{(\w+)\}")


class Renderer:
    """Makes every random choice of a message through pick(), so it can be replayed."""

    def __init__(self, rng, slots, replay=None, perturb=0.0):
        self.rng = rng
        self.slots = slots
        self.replay = replay
        self.perturb = perturb
        self.choices = []

    def pick(self, n):
        i = len(self.choices)
        if (self.replay is not None and i < len(self.replay)
                and self.rng.random() >= self.perturb):
            c = self.replay[i] % n
        else:
            c = self.rng.randrange(n)
        self.choices.append(c)
        return c

    def choice(self, seq):
        return seq[self.pick(len(seq))]

    def chance(self, p):
        return self.pick(1000) < p * 1000

    def render(self, text):
        return self.render_gen(text)[0]

    def render_gen(self, text):
        """Render text; also return how many characters are not slot values
        (for generic sentences: the boilerplate part)."""
        def alt(m):
            opts = m.group(1).split("|")
            return opts[self.pick(len(opts))]
        while True:
            new = ALT_RE.sub(alt, text)
            if new == text:
                break
            text = new
        spec = [0]

        def slot(m):
            v = self.slots[m.group(1)]
            spec[0] += len(v)
            return v
        out = SLOT_RE.sub(slot, text)
        return out, len(out) - spec[0]


_TOPIC_HEAD = re.compile(r"^(再次反映|关于|反映|举报|投诉|请求|咨询)+")
_TOPIC_TAIL = re.compile(r"(的问题反映|的问题|问题|的投诉|的反映|的情况|情况|请求复核|请求处理|请求解决|"
                         r"急需解决|的请求|请求)$")


def subject_topic(subject):
    """The matter in a few words, from the subject: what generic sentences name
    ("我就{topic}的事打过12345")."""
    t = _TOPIC_TAIL.sub("", _TOPIC_HEAD.sub("", subject))
    return t if len(t) >= 4 else subject


def fit_subject(R, t):
    """Choose a subject between 10 and 30 characters; its matter becomes {topic}."""
    order = list(range(len(t["subj"])))
    first = R.pick(len(order))
    order = order[first:] + order[:first]
    for i in order:
        s = R.render(t["subj"][i])
        if 10 <= len(s) <= 30:
            break
    else:
        s = R.render(t["subj"][order[0]])
        s = s[:30] if len(s) > 30 else s + "的问题反映"
    R.slots.cache["topic"] = subject_topic(s)
    return s


MAX_GENERIC_SHARE = 0.36    # generic characters of one message, at most


def build_segments(R, t, mode=None):
    """Return (segments, generic lengths, separator) of a message body made
    from template t.  The generic lengths count, per segment, the characters
    of generic material (greetings, contact history, feelings, generic
    requests, closings) that are not slot values."""
    if mode is None:
        mode = R.choice(["short"] * 220 + ["normal"] * 600 + ["rich"] * 140 + ["long"] * 30
                        + ["xlong"] * 10)
    segs, gens, fixed = [], [], []

    def add(text, gen, keep=False):
        segs.append(text)
        gens.append(gen)
        fixed.append(keep)

    intro, ig = "", 0
    if mode in ("long", "xlong") or R.chance(0.55):
        intros = INTROS
        if "{community}" in t["core"] or "我家" in t["core"] or "{town}" in t["core"]:
            intros = [i for i in INTROS if "{addr}" not in i]
        intro, ig = R.render_gen(R.choice(intros))
    core = R.render(t["core"])
    if intro.endswith("，") or intro.endswith("："):
        add(intro + core, ig, True)
    else:
        if intro:
            add(intro, ig)
        add(core, 0, True)

    extras = list(t["extras"])
    n_extra = {"short": 0, "normal": 1 if R.chance(0.6) else 0,
               "rich": 1 + R.pick(3), "long": len(extras), "xlong": len(extras)}[mode]
    for _ in range(min(n_extra, len(extras))):
        add(R.render(extras.pop(R.pick(len(extras)))), 0, True)
    sep = ""

    if mode in ("long", "xlong"):
        if t["attempts"]:
            add(R.render(R.choice(t["attempts"])), 0, True)
        k = 4 + R.pick(3) if mode == "xlong" else 2 + R.pick(3)
        steps = sorted(R.rng.sample(range(len(STEPS)), k))
        days = sorted(R.rng.sample(range(3, 240), k), reverse=True)
        head = R.choice(HISTORY_HEADS)
        text, gen = head, len(head)
        for i, (si, d) in enumerate(zip(steps, days)):
            when = R.slots.ref - dt.timedelta(days=d)
            prev = R.slots.ref - dt.timedelta(days=days[i - 1]) if i else None
            ds = _fmt_date(when) if i == 0 or when.year != prev.year else _fmt_md(when)
            line, lg = R.render_gen(STEPS[si].replace("{d}", ds + "，"))
            text += line
            gen += lg
        add(text, gen)
        refl = list(REFLECTIONS)
        for _ in range(1 + R.pick(2) if mode == "xlong" else R.pick(2)):
            add(*R.render_gen(refl.pop(R.pick(len(refl)))))
        asks = [R.render(a).rstrip("。！") for a in t["asks"]]
        if len(asks) > 1 and R.chance(0.5):
            del asks[R.pick(len(asks))]
        demands, dgen = list(asks), 0
        if R.chance(0.4):
            d, dg = R.render_gen(R.choice(DEMANDS_TAIL))
            demands.append(d.rstrip("。"))
            dgen += dg
        head = R.choice(DEMAND_HEADS)
        if len(demands) == 1:
            add(head + demands[0] + "。", dgen + len(head), True)
        else:
            add(head + "；".join("%s、%s" % (CN_NUM[i + 1], d) for i, d in enumerate(demands))
                + "。", dgen + len(head) + 2 * len(demands), True)
        if mode == "xlong" or R.chance(0.5):
            add(*R.render_gen(R.choice(EVIDENCE)))
        if R.chance(0.7):
            c = R.choice(CLOSINGS)
            add(c, len(c))
        sep = "\n"
    else:
        if mode in ("normal", "rich") and R.chance(0.35 if mode == "normal" else 0.6):
            if t["attempts"] and R.chance(0.6):
                add(R.render(R.choice(t["attempts"])), 0)
            else:
                add(*R.render_gen(R.choice(ATTEMPTS)))
        if R.chance(0.85):
            add(R.render(R.choice(t["asks"])), 0, True)
        else:
            add(*R.render_gen(R.choice(ASKS)), keep=True)
        if mode != "short" and R.chance(0.3):
            c = R.choice(CLOSINGS)
            add(c, len(c))
        if (mode == "rich" and R.chance(0.5)) or R.chance(0.08):
            sep = "\n"
    # never let the generic part dominate: drop optional generic pieces,
    # the most generic first
    while sum(gens) > MAX_GENERIC_SHARE * len(sep.join(segs)):
        cands = [i for i in range(len(segs)) if not fixed[i] and gens[i] > 0]
        if not cands:
            break
        i = max(cands, key=lambda j: (gens[j], -j))
        del segs[i], gens[i], fixed[i]
    return segs, gens, sep


# ---------------------------------------------------------------------------
# People, dates, records
# ---------------------------------------------------------------------------

def new_person(rng, city=None, district=None):
    city = city or rng.choice(CITIES)
    district = district or rng.choice(GEO[city])
    sur = rng.choice(SURNAMES)
    pname = sur + ("某" if rng.random() < 0.4 else "某某")
    phone = rng.choice(PHONE_PREFIX) + "****" + "%04d" % rng.randint(0, 9999)
    base = {"city": city, "district": district}
    r = rng.random()
    if r < 0.38:
        base["street"] = rng.choice(STREETS)
        addr = "%s%s%s%d号" % (city, district, base["street"], rng.randint(1, 388))
    elif r < 0.46:
        base["street"] = rng.choice(STREETS)
        addr = "%s%s%s**号" % (city, district, base["street"])
    elif r < 0.85:
        base["community"] = rng.choice(COMMUNITIES)
        base["bldg"] = str(rng.randint(1, 32))
        addr = "%s%s%s%s栋%d单元" % (city, district, base["community"], base["bldg"], rng.randint(1, 4))
    else:
        base["town"] = rng.choice(TOWNS)
        base["village"] = rng.choice(VILLAGES)
        addr = "%s%s%s%s" % (city, district, base["town"], base["village"])
    base["addr"] = addr
    base["pname"] = pname
    return {"petitioner": pname, "phone": phone, "address": addr, "base": base}


START = dt.datetime(2024, 1, 1)
END = dt.datetime(2025, 12, 31, 23, 59, 59)


def random_dt(rng, lo=START, hi=dt.datetime(2025, 11, 30)):
    day = lo + dt.timedelta(days=rng.randrange((hi - lo).days))
    hour = rng.choice([7, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 12, 13, 14, 14, 15, 15, 16, 16,
                       17, 18, 19, 20, 20, 21, 21, 22, 22, 23, 0, 1, 6])
    return day.replace(hour=hour, minute=rng.randrange(60), second=rng.randrange(60))


def later_dt(rng, t, lo_s=3600, hi_s=60 * 86400):
    n = t + dt.timedelta(seconds=rng.randint(lo_s, hi_s))
    return min(n, END - dt.timedelta(seconds=rng.randint(0, 86400 * 3)))


class Rec:
    __slots__ = ("petitioner", "phone", "address", "category", "subject", "segs", "gens", "sep",
                 "when", "tkey", "group", "kind", "role", "id", "datestyle", "family")

    def __init__(self, **kw):
        self.group = None
        self.kind = None
        self.role = "single"
        self.datestyle = "std"
        self.family = False
        self.gens = None
        for k, v in kw.items():
            setattr(self, k, v)

    @property
    def body(self):
        return self.sep.join(self.segs)

    def clone(self, **kw):
        c = Rec(**{k: getattr(self, k) for k in self.__slots__ if k != "id" and hasattr(self, k)})
        c.segs = list(self.segs)
        c.gens = list(self.gens)
        for k, v in kw.items():
            setattr(c, k, v)
        if len(c.gens) != len(c.segs):         # body rewritten as one piece
            c.gens = [sum(self.gens)]
        return c

    @property
    def generic(self):
        """Characters of generic material (approximate after edits)."""
        return min(sum(self.gens), len(self.body))


def compose(rng, t, person, when, slots=None, replay=None, perturb=0.0, mode=None):
    """Render one message.  Returns (Rec, Renderer)."""
    if slots is None:
        base = dict(person["base"])
        base["cat"] = t["cat"]
        slots = Slots(random.Random(rng.random()), when, base)
    R = Renderer(random.Random(rng.random()), slots, replay, perturb)
    subject = fit_subject(R, t)
    segs, gens, sep = build_segments(R, t, mode)
    rec = Rec(petitioner=person["petitioner"], phone=person["phone"], address=person["address"],
              category=t["cat"], subject=subject, segs=segs, gens=gens, sep=sep, when=when,
              tkey=t["key"])
    return rec, R


# ---------------------------------------------------------------------------
# Text transforms used for the planted repeats
# ---------------------------------------------------------------------------

# Simplified -> Traditional, hand-written for the vocabulary of the templates
# above (Taiwan-style forms).  Phrases are replaced before single characters
# where one simplified character has several traditional ones.
TRAD_PHRASES = [
    ("头发", "頭髮"), ("理发", "理髮"), ("干净", "乾淨"), ("干脆", "乾脆"), ("答复", "答覆"),
    ("回复", "回覆"), ("盼复", "盼覆"), ("反复", "反覆"), ("复杂", "複雜"), ("重复", "重複"),
    ("复印", "複印"), ("复核", "複核"), ("面条", "麵條"), ("只有", "只有"), ("只是", "只是"),
    ("只能", "只能"), ("只同意", "只同意"), ("一只", "一隻"), ("几只", "幾隻"), ("里面", "裡面"),
    ("公里", "公里"), ("制度", "制度"), ("制造", "製造"), ("制品", "製品"), ("控制", "控制"),
    ("出租", "出租"), ("台风", "颱風"), ("平台", "平臺"), ("阳台", "陽臺"), ("前台", "前臺"),
    ("松动", "鬆動"), ("放松", "放鬆"), ("旅游", "旅遊"), ("邻里", "鄰里"), ("冲洗", "沖洗"), ("冲着", "衝著"), ("几乎", "幾乎"),
    ("茶几", "茶几"), ("余额", "餘額"), ("其余", "其餘"), ("钟头", "鐘頭"), ("系统", "系統"),
    ("联系", "聯繫"), ("关系", "關係"), ("历史", "歷史"), ("日历", "日曆"), ("准备", "準備"),
    ("标准", "標準"), ("批准", "批准"), ("发霉", "發霉"), ("尽快", "儘快"), ("尽早", "儘早"),
    ("尽量", "儘量"), ("周边", "周邊"), ("周围", "周圍"), ("一周", "一週"), ("两周", "兩週"),
    ("上周", "上週"), ("下周", "下週"), ("吃不消", "吃不消"), ("皮革", "皮革"), ("着落", "著落"),
    ("饮水", "飲水"), ("卷走", "捲走"), ("卷款", "捲款"), ("开采", "開採"), ("采暖", "採暖"),
    ("采取", "採取"), ("彩钢", "彩鋼"), ("划拳", "划拳"), ("划片", "劃片"), ("规划", "規劃"),
    ("计划", "計劃"), ("划分", "劃分"), ("划进", "劃進"), ("划到", "劃到"), ("刮倒", "刮倒"),
    ("刮风", "颳風"), ("了解", "了解"), ("合同", "合同"), ("里程", "里程"), ("千里", "千里"),
    ("一百", "一百"), ("表示", "表示"), ("不打表", "不打錶"), ("须要", "須要"), ("必须", "必須"),
    ("范围", "範圍"), ("规范", "規範"), ("防范", "防範"), ("药品", "藥品"), ("症状", "症狀"),
    ("吨", "噸"), ("哪儿", "哪兒"), ("当面", "當面"), ("方面", "方面"), ("地面", "地面"),
    ("表面", "表面"), ("墙面", "牆面"), ("路面", "路面"), ("见面", "見面"), ("后面", "後面"),
    ("外面", "外面"), ("下面", "下面"), ("上面", "上面"), ("对面", "對面"), ("全面", "全面"),
    ("面积", "面積"), ("面包", "麵包"), ("出面", "出面"), ("水面", "水面"), ("书面", "書面"),
]
_TRAD_CHARS = (
    "爱愛 碍礙 袄襖 坝壩 摆擺 办辦 帮幫 宝寶 报報 贝貝 备備 笔筆 毕畢 边邊 变變 标標 别別 宾賓 补補 "
    "财財 采採 参參 惨慘 蚕蠶 仓倉 层層 产產 长長 尝嘗 场場 厂廠 车車 彻徹 尘塵 陈陳 衬襯 称稱 惩懲 "
    "迟遲 齿齒 冲衝 虫蟲 丑醜 筹籌 处處 触觸 传傳 疮瘡 闯闖 创創 锤錘 纯純 词詞 辞辭 从從 聪聰 丛叢 "
    "错錯 达達 带帶 贷貸 单單 担擔 胆膽 当當 挡擋 党黨 档檔 导導 岛島 灯燈 邓鄧 敌敵 递遞 点點 电電 "
    "垫墊 淀澱 钓釣 调調 迭疊 叠疊 顶頂 订訂 东東 动動 冻凍 栋棟 斗鬥 独獨 读讀 队隊 对對 吨噸 顿頓 "
    "夺奪 堕墮 额額 恶惡 儿兒 尔爾 发發 罚罰 阀閥 饭飯 访訪 纺紡 飞飛 废廢 费費 坟墳 纷紛 奋奮 "
    "粪糞 丰豐 风風 疯瘋 冯馮 凤鳳 肤膚 妇婦 复復 负負 赴赴 该該 盖蓋 干幹 赶趕 刚剛 钢鋼 纲綱 岗崗 "
    "个個 给給 巩鞏 贡貢 沟溝 构構 购購 够夠 谷谷 顾顧 关關 观觀 馆館 惯慣 贯貫 广廣 规規 归歸 轨軌 "
    "贵貴 柜櫃 滚滾 锅鍋 国國 过過 还還 汉漢 号號 合合 轰轟 后後 护護 沪滬 华華 划劃 话話 怀懷 坏壞 "
    "欢歡 环環 换換 唤喚 黄黃 挥揮 辉輝 回回 汇匯 会會 毁毀 汇匯 伙夥 获獲 货貨 祸禍 击擊 机機 积積 "
    "饥飢 鸡雞 极極 级級 挤擠 际際 剂劑 济濟 计計 记記 纪紀 继繼 绩績 家家 夹夾 价價 驾駕 坚堅 间間 "
    "艰艱 监監 检檢 减減 拣揀 简簡 见見 件件 荐薦 建建 鉴鑑 键鍵 将將 奖獎 讲講 酱醬 胶膠 浇澆 骄驕 "
    "娇嬌 搅攪 脚腳 饺餃 较較 阶階 节節 洁潔 结結 届屆 紧緊 仅僅 进進 尽盡 劲勁 惊驚 经經 竞競 静靜 "
    "镜鏡 纠糾 旧舊 举舉 剧劇 据據 惧懼 卷捲 觉覺 决決 绝絕 军軍 开開 凯凱 壳殼 课課 垦墾 恳懇 库庫 "
    "块塊 宽寬 矿礦 亏虧 况況 扩擴 阔闊 腊臘 来來 赖賴 兰蘭 拦攔 栏欄 烂爛 捞撈 劳勞 涝澇 乐樂 垒壘 "
    "类類 累累 冷冷 离離 礼禮 里裡 理理 历歷 厉厲 励勵 丽麗 俩倆 联聯 连連 帘簾 怜憐 脸臉 练練 炼煉 "
    "恋戀 凉涼 粮糧 两兩 辆輛 谅諒 疗療 辽遼 猎獵 临臨 邻鄰 灵靈 岭嶺 领領 刘劉 浏瀏 龙龍 楼樓 漏漏 "
    "炉爐 卢盧 芦蘆 陆陸 录錄 虑慮 滤濾 乱亂 论論 罗羅 逻邏 骆駱 妈媽 马馬 吗嗎 买買 卖賣 麦麥 满滿 "
    "猫貓 贸貿 么麼 没沒 门門 们們 梦夢 弥彌 绵綿 庙廟 灭滅 悯憫 闽閩 鸣鳴 亩畝 纳納 难難 脑腦 恼惱 "
    "闹鬧 内內 腻膩 鸟鳥 拧擰 宁寧 农農 浓濃 脓膿 欧歐 盘盤 赔賠 喷噴 鹏鵬 骗騙 飘飄 贫貧 频頻 评評 "
    "凭憑 苹蘋 泼潑 扑撲 铺鋪 朴樸 谱譜 齐齊 骑騎 岂豈 启啟 气氣 弃棄 讫訖 牵牽 铅鉛 谦謙 签簽 钱錢 "
    "浅淺 遣遣 枪槍 墙牆 抢搶 桥橋 乔喬 侨僑 窍竅 亲親 寝寢 轻輕 氢氫 倾傾 顷頃 请請 庆慶 穷窮 区區 "
    "躯軀 驱驅 趋趨 权權 劝勸 确確 让讓 扰擾 热熱 认認 荣榮 软軟 锐銳 闰閏 润潤 洒灑 赛賽 伞傘 丧喪 "
    "扫掃 涩澀 杀殺 纱紗 晒曬 闪閃 伤傷 赏賞 烧燒 绍紹 赊賒 设設 摄攝 绅紳 审審 婶嬸 肾腎 渗滲 声聲 "
    "胜勝 绳繩 圣聖 师師 诗詩 时時 识識 实實 势勢 适適 试試 视視 饰飾 释釋 寿壽 兽獸 书書 术術 树樹 "
    "帅帥 双雙 谁誰 税稅 顺順 说說 硕碩 丝絲 饲飼 颂頌 诉訴 肃肅 虽雖 随隨 岁歲 孙孫 损損 笋筍 "
    "锁鎖 它它 态態 坛壇 谈談 叹嘆 汤湯 烫燙 涛濤 讨討 腾騰 誊謄 题題 体體 条條 贴貼 铁鐵 厅廳 听聽 "
    "烃烴 铜銅 统統 头頭 图圖 涂塗 团團 颓頹 腿腿 脱脫 驮馱 袜襪 弯彎 湾灣 万萬 网網 为為 违違 围圍 "
    "伟偉 纬緯 卫衛 稳穩 问問 无無 芜蕪 务務 误誤 雾霧 牺犧 习習 系係 戏戲 细細 虾蝦 吓嚇 厦廈 鲜鮮 "
    "闲閒 显顯 险險 现現 县縣 宪憲 线線 乡鄉 详詳 响響 项項 协協 胁脅 写寫 泻瀉 谢謝 衅釁 兴興 须須 "
    "许許 叙敘 绪緒 续續 悬懸 选選 旋旋 学學 寻尋 训訓 讯訊 压壓 鸭鴨 亚亞 严嚴 盐鹽 颜顏 验驗 厌厭 "
    "扬揚 杨楊 阳陽 养養 样樣 钥鑰 药藥 爷爺 页頁 业業 叶葉 医醫 仪儀 遗遺 亿億 忆憶 义義 艺藝 议議 "
    "异異 谊誼 译譯 阴陰 银銀 饮飲 隐隱 应應 营營 蝇蠅 赢贏 拥擁 痈癰 踊踴 优優 忧憂 邮郵 犹猶 "
    "鱼魚 渔漁 与與 语語 狱獄 预預 园園 员員 圆圓 缘緣 远遠 愿願 约約 跃躍 钥鑰 岳嶽 阅閱 云雲 "
    "运運 酝醞 韵韻 杂雜 灾災 载載 攒攢 暂暫 赞贊 脏髒 凿鑿 枣棗 灶竈 责責 择擇 则則 泽澤 贼賊 赠贈 "
    "扎紮 闸閘 诈詐 斋齋 债債 毡氈 盏盞 斩斬 展展 战戰 张張 涨漲 帐帳 账賬 胀脹 赵趙 这這 针針 侦偵 "
    "诊診 镇鎮 阵陣 争爭 挣掙 睁睜 证證 郑鄭 帜幟 职職 执執 纸紙 志志 制制 质質 钟鐘 种種 众眾 肿腫 "
    "周周 轴軸 皱皺 昼晝 猪豬 诸諸 烛燭 嘱囑 贮貯 铸鑄 筑築 专專 砖磚 转轉 赚賺 庄莊 装裝 妆妝 壮壯 "
    "状狀 准準 资資 总總 综綜 纵縱 邹鄒 组組 钻鑽 坐坐 做做 际際 询詢 额額 备備 询詢 遥遙 检檢 "
    "岁歲 启啟 绿綠 亚亞 苏蘇 兰蘭 贾賈 叶葉 冯馮 谭譚 阎閻 钱錢 萧蕭 彭彭 饮飲 涨漲 确確 于於 "
    "侧側 偿償 兑兌 净淨 几幾 刹剎 剐剮 却卻 吕呂 吴吳 呛嗆 囱囪 壶壺 属屬 岚嵐 峡峽 并並 强強 征徵 恒恆 悦悅 户戶 拨撥 挂掛 摊攤 数數 断斷 晓曉 晕暈 枫楓 栖棲 桩樁 横橫 殴毆 沥瀝 洼窪 浆漿 测測 温溫 溅濺 滨濱 烟煙 琐瑣 痪瘓 瘫癱 着著 碱鹼 红紅 织織 终終 绕繞 绣繡 维維 编編 缝縫 缩縮 缴繳 苍蒼 荆荊 荫蔭 蛮蠻 诺諾 诿諉 谋謀 谐諧 贩販 赃贓 辅輔 辈輩 输輸 迁遷 链鏈 销銷 锦錦 锯鋸 锻鍛 闭閉 闻聞 韩韓 饼餅 骂罵 鹭鷺 龄齡 "
)
TRAD_CHARS = {}
for _p in _TRAD_CHARS.split():
    TRAD_CHARS[_p[0]] = _p[1]


def to_traditional(text):
    marks = []
    for i, (s, t) in enumerate(TRAD_PHRASES):
        if s in text:
            text = text.replace(s, "\x00%d\x01" % i)
            marks.append(i)
    text = "".join(TRAD_CHARS.get(c, c) for c in text)
    for i in marks:
        text = text.replace("\x00%d\x01" % i, TRAD_PHRASES[i][1])
    return text


def to_fullwidth(text):
    """ASCII digits and Latin letters (and a few signs) to their full-width forms."""
    return "".join(chr(ord(c) + 0xFEE0) if (c.isascii() and (c.isalnum() or c in "*.%-/"))
                   else c for c in text)


HALF_PUNCT = {"，": ",", "。": ".", "：": ":", "；": ";", "！": "!", "？": "?", "（": "(", "）": ")",
              "“": "\"", "”": "\""}
SYNONYMS = [
    ("非常", "十分"), ("特别", "非常"), ("一直", "始终"), ("尽快", "尽早"), ("希望", "恳请"),
    ("多次", "好几次"), ("现在", "目前"), ("很多", "不少"), ("马上", "立刻"), ("经常", "常常"),
    ("但是", "可是"), ("相关部门", "有关部门"), ("居民", "住户"), ("附近", "周边"), ("立即", "马上"),
    ("根本", "完全"), ("严重", "厉害"), ("已经", "早已"), ("反映", "投诉"), ("到现在", "至今"),
]
TYPOS = [("已经", "以经"), ("在", "再"), ("的", "得"), ("做", "作"), ("以后", "已后"),
         ("反映", "反应"), ("按时", "安时")]



def with_prefix(segs, gens, prefix):
    """Put a "再次反映" style prefix in front, replacing a short greeting if there is one."""
    if len(segs) > 1 and len(segs[0]) < 20:
        segs, gens = segs[1:], gens[1:]
    return [prefix + segs[0]] + list(segs[1:]), [len(prefix) + gens[0]] + list(gens[1:])


def _replace_nth(text, old, new, rng):
    idx = [m.start() for m in re.finditer(re.escape(old), text)]
    if not idx:
        return None
    i = rng.choice(idx)
    return text[:i] + new + text[i + len(old):]


def edit_synonym(text, rng):
    pairs = [p for p in SYNONYMS if p[0] in text]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    return _replace_nth(text, a, b, rng)


def edit_typo(text, rng):
    pairs = [p for p in TYPOS if p[0] in text]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    return _replace_nth(text, a, b, rng)


def edit_punct(text, rng):
    """Half-width punctuation, as typed with the IME in English mode."""
    keys = [k for k in HALF_PUNCT if k in text]
    if not keys:
        return None
    if rng.random() < 0.5:           # everything
        return "".join(HALF_PUNCT.get(c, c) for c in text)
    k = rng.choice(keys)             # just one kind, e.g. only the commas
    return text.replace(k, HALF_PUNCT[k])


def edit_number(text, rng):
    runs = list(re.finditer(r"[0-9]+", text))
    if not runs:
        return None
    m = rng.choice(runs)
    n = int(m.group())
    if text[m.end():m.end() + 1] == "年":        # years: at most one off
        new = str(n + (1 if n < 2025 else -1))
    elif len(m.group()) >= 4 and n >= 1000:       # amounts: change a middle digit
        s = list(m.group())
        j = rng.randrange(1, len(s) - 1)
        s[j] = str((int(s[j]) + rng.randint(1, 8)) % 10)
        new = "".join(s)
    else:                                       # days, months, counts
        new = str(max(1, n + rng.choice([-2, -1, 1, 1, 2])))
        if "月" == text[m.end():m.end() + 1]:
            new = str(min(12, max(1, int(new))))
        if "日" == text[m.end():m.end() + 1]:
            new = str(min(28, max(1, int(new))))
    if new == m.group() or text[m.start() - 1:m.start()] in ("K", "*"):
        return None
    return text[:m.start()] + new + text[m.end():]


SENT_RE = re.compile(r"[^。！？!?\n]*[。！？!?]+|[^。！？!?\n]+")


def edit_reorder(text, rng):
    """Swap two neighbouring sentences (not the first one)."""
    sents = SENT_RE.findall(text)
    if len(sents) < 4 or "\n" in text:
        return None
    i = rng.randrange(1, len(sents) - 2)
    sents[i], sents[i + 1] = sents[i + 1], sents[i]
    return "".join(sents)


def edit_drop_char(text, rng):
    for ch in ("了", "的", "都", "也"):
        if ch in text and rng.random() < 0.5:
            return _replace_nth(text, ch, "", rng)
    return None


EDIT_OPS = [edit_synonym, edit_synonym, edit_punct, edit_number, edit_number, edit_reorder,
            edit_typo, edit_drop_char]


def small_edits(text, rng, n):
    done = 0
    tries = 0
    while done < n and tries < 40:
        tries += 1
        new = rng.choice(EDIT_OPS)(text, rng)
        if new and new != text:
            text = new
            done += 1
    return text


# ---------------------------------------------------------------------------
# Building the data set
# ---------------------------------------------------------------------------

def tpl_by_key(key):
    for t in T:
        if t["key"] == key:
            return t
    raise KeyError(key)


def pick_size(rng, weights):
    """weights: {size: weight}"""
    sizes = sorted(weights)
    return rng.choices(sizes, [weights[s] for s in sizes])[0]


GROUP_PLAN = [
    # kind, number of groups, {size: weight}
    ("exact", 32, {2: 60, 3: 25, 4: 10, 5: 5}),
    ("edit", 40, {2: 50, 3: 30, 4: 12, 5: 8}),
    ("added", 28, {2: 60, 3: 30, 4: 10}),
    ("removed", 22, {2: 70, 3: 30}),
    ("same-person", 28, {2: 50, 3: 30, 4: 15, 5: 5}),
    ("hot-issue", 14, {3: 10, 4: 20, 5: 20, 6: 20, 7: 15, 8: 15}),
    ("traditional", 12, {2: 80, 3: 20}),
    ("fullwidth", 12, {2: 80, 3: 20}),
]
N_DISTRACTOR_SETS = 40


MAX_UNRELATED_SIMILARITY = 0.5     # Jaccard of character trigrams, any two unrelated records
_SPACE = re.compile(r"\s+")
_NOT_TEXT = re.compile(r"[\W_]+")


def shingles(text):
    """Character trigrams of a body with white space removed."""
    t = _SPACE.sub("", text)
    return frozenset(t[i:i + 3] for i in range(len(t) - 2))


def shingles_norm(text):
    """The same after NFKC and with punctuation removed as well (a second,
    stricter-to-satisfy reading of "similar"; the generator obeys both)."""
    t = _NOT_TEXT.sub("", unicodedata.normalize("NFKC", text))
    return frozenset(t[i:i + 3] for i in range(len(t) - 2))


def jaccard(a, b):
    return len(a & b) / len(a | b) if a or b else 0.0


class SimIndex:
    """Inverted index of trigram sets.  To find the records sharing more than
    a fraction t of their trigrams with a set A, it is enough to look up the
    |A| - floor(t|A|) rarest trigrams of A: a record missing all of them
    shares at most t|A| trigrams with A, so its Jaccard is at most t."""

    def __init__(self):
        self.sets = []
        self.post = {}

    def add(self, sh):
        i = len(self.sets)
        self.sets.append(sh)
        for g in sh:
            self.post.setdefault(g, []).append(i)
        return i

    def candidates(self, sh, t):
        n = len(sh)
        if not n:
            return set()
        probe = sorted(sh, key=lambda g: (len(self.post.get(g, ())), g))[:n - int(t * n)]
        cand = set()
        for g in probe:
            cand.update(self.post.get(g, ()))
        return cand

    def too_close(self, sh, t=MAX_UNRELATED_SIMILARITY):
        return any(jaccard(sh, self.sets[i]) > t for i in self.candidates(sh, t))


class Builder:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.recs = []
        self.groups = []         # (kind, [Rec])
        self.distractors = []    # [[Rec]]
        self.edge = []
        self.index = SimIndex()  # trigram sets of all records so far
        self.index_norm = SimIndex()

    # -- helpers --------------------------------------------------------
    def base(self, t=None, person=None, when=None, mode=None, need=None):
        """A new message about a new matter, not too close to any earlier one."""
        rng = self.rng
        for tries in range(2000):
            tt = t or rng.choice(T)
            p = person or new_person(rng)
            w = when or random_dt(rng)
            rec, R = compose(rng, tt, p, w, mode=mode)
            if (need is None or need(rec)) and self.novel(rec):
                return rec, R, p
        raise RuntimeError("could not satisfy constraint")

    def novel(self, rec, others=()):
        """False if rec shares more than MAX_UNRELATED_SIMILARITY of its
        trigrams with any earlier record (of any template and category) or
        with one of others.  Distractor sets obey this too, so they differ in
        more than a name or a number."""
        for index, fn in ((self.index, shingles), (self.index_norm, shingles_norm)):
            sh = fn(rec.body)
            if index.too_close(sh):
                return False
            if any(jaccard(sh, fn(o.body)) > MAX_UNRELATED_SIMILARITY for o in others):
                return False
        return True

    def remember(self, recs):
        for r in recs:
            self.index.add(shingles(r.body))
            self.index_norm.add(shingles_norm(r.body))

    def add_group(self, kind, members):
        for m in members:
            m.kind = kind
            m.group = len(self.groups) + 1
            m.role = "repeat"
        self.groups.append((kind, members))
        self.recs.extend(members)
        self.remember(members)

    # -- repeat kinds ----------------------------------------------------
    def g_exact(self, size):
        rng = self.rng
        orig, _, p = self.base()
        out = [orig]
        for _ in range(size - 1):
            prev = out[-1]
            if rng.random() < 0.2:      # double click on "submit"
                w = prev.when + dt.timedelta(seconds=rng.randint(2, 90))
            else:
                w = later_dt(rng, prev.when, 3600, 45 * 86400)
            c = prev.clone(when=w)
            if rng.random() < 0.1:      # a family member sends it again
                q = new_person(rng, p["base"]["city"], p["base"]["district"])
                c.petitioner, c.phone = q["petitioner"], q["phone"]
                c.family = True
            out.append(c)
        return out

    def g_edit(self, size):
        rng = self.rng
        orig, _, _ = self.base()
        out = [orig]
        for _ in range(size - 1):
            src = out[-1] if rng.random() < 0.6 else orig
            body = small_edits(src.body, rng, rng.choice([1, 1, 2, 2, 3]))
            c = src.clone(when=later_dt(rng, out[-1].when), segs=[body], sep="")
            if rng.random() < 0.25:
                c.subject = (edit_synonym(c.subject, rng) or edit_punct(c.subject, rng)
                             or c.subject)
            out.append(c)
        return out

    def g_added(self, size):
        rng = self.rng
        orig, _, p = self.base()
        out = [orig]
        for k in range(size - 1):
            prev = out[-1]
            s = Slots(random.Random(rng.random()), prev.when, dict(p["base"], cat=prev.category))
            fu = SLOT_RE.sub(lambda m: s[m.group(1)], rng.choice(FOLLOWUPS))
            segs, gens = list(prev.segs), list(prev.gens)
            r = rng.random()
            if sum(gens) + len(fu) > 0.36 * (len(prev.body) + len(fu)):
                r = 0.9                 # too generic already: add a detail instead
            if r < 0.55:
                segs.append(fu)
                gens.append(len(fu))
            elif r < 0.8:
                segs, gens = with_prefix(segs, gens, rng.choice(FOLLOWUP_PREFIXES))
            else:
                t = tpl_by_key(prev.tkey)
                extra = [e for e in t["extras"] if e.split("[")[0][:6] not in prev.body]
                add = extra[0] if extra else FOLLOWUPS[0]
                add = SLOT_RE.sub(lambda m: s[m.group(1)], re.sub(
                    r"\[([^\[\]]*)\]", lambda m: m.group(1).split("|")[0], add))
                at = min(len(segs) - 1, 1 + rng.randrange(max(1, len(segs) - 1)))
                segs.insert(at, add)
                gens.insert(at, 0 if extra else len(add))
            c = prev.clone(when=later_dt(rng, prev.when, 86400, 50 * 86400), segs=segs, gens=gens)
            if k == 0 and rng.random() < 0.4 and len(prev.subject) <= 25:
                c.subject = "再次反映" + re.sub(r"^(反映|关于|举报|投诉)", "", prev.subject)
            out.append(c)
        return out

    def g_removed(self, size):
        rng = self.rng
        orig, _, _ = self.base(mode="rich", need=lambda r: len(r.segs) >= size + 2)
        out = [orig]
        for _ in range(size - 1):
            prev = out[-1]
            segs, gens = list(prev.segs), list(prev.gens)
            # never drop the core description; drop an intro, detail, attempt or closing
            core = max(range(min(2, len(segs))), key=lambda i: len(segs[i]))
            cands = [i for i in range(len(segs)) if i != core]
            cands = [i for i in cands if len(segs[i]) < 0.5 * len(prev.body)]
            if not cands:
                break
            i = rng.choice(cands)
            del segs[i], gens[i]
            out.append(prev.clone(when=later_dt(rng, prev.when), segs=segs, gens=gens))
        return out

    def g_same_person(self, size):
        rng = self.rng
        mode = rng.choice(["normal", "rich"])
        orig, R0, p = self.base(mode=mode)
        t = tpl_by_key(orig.tkey)
        out = [orig]
        for _ in range(size - 1):
            w = later_dt(rng, out[-1].when, 2 * 86400, 60 * 86400)
            slots = R0.slots.copy(random.Random(rng.random()))
            R = Renderer(random.Random(rng.random()), slots, R0.choices, perturb=0.3)
            subject = fit_subject(R, t)
            segs, gens, sep = build_segments(R, t, mode=mode if rng.random() < 0.7 else None)
            if rng.random() < 0.5:
                segs, gens = with_prefix(segs, gens, rng.choice(FOLLOWUP_PREFIXES))
            out.append(Rec(petitioner=p["petitioner"], phone=p["phone"], address=p["address"],
                           category=t["cat"], subject=subject, segs=segs, gens=gens, sep=sep,
                           when=w,
                           tkey=t["key"]))
        return out

    def g_hot(self, size, t):
        rng = self.rng
        seed_rec, R0, p0 = self.base(t=t, mode="normal",
                                     when=random_dt(rng, hi=dt.datetime(2025, 10, 1)))
        city, district = p0["base"]["city"], p0["base"]["district"]
        shared = dict(R0.slots.cache)
        core = R0.render(t["core"])
        # subjects are re-rendered from the shared slots, so they match
        out = []
        w = seed_rec.when
        for i in range(size):
            q = p0 if i == 0 else new_person(rng, city, district)
            base = dict(q["base"])
            for k in list(shared):
                if k not in ("addr", "pname", "bldg"):
                    base[k] = shared[k]
            s = Slots(random.Random(rng.random()), w, base)
            R = Renderer(random.Random(rng.random()), s)
            subject = fit_subject(R, t)
            segs = []
            intros = ["您好！", "领导您好，", "本人{pname}，", "我也要反映这个问题：", "", ""]
            if t["cat"] in ("环境保护", "城乡建设", "交通运输", "教育文体"):
                intros += ["我是附近的居民，", "我是{addr}的住户。"]
            elif "{community}" in t["core"]:
                intros += ["我是{community}的业主，", "我也是{community}的住户。"]
            else:
                intros += ["我也是受害者之一。", "我和很多人遇到了同样的情况。"]
            intro, ig = R.render_gen(R.choice(intros))
            mycore = core if rng.random() < 0.6 else small_edits(core, rng, rng.randint(1, 2))
            segs.append(intro + mycore if intro.endswith(("，", "：")) or not intro else intro)
            gens = [ig]
            if not (intro.endswith(("，", "：")) or not intro):
                segs.append(mycore)
                gens.append(0)
            if t["extras"] and rng.random() < 0.6:
                segs.append(R.render(R.choice(t["extras"])))
                gens.append(0)
            if rng.random() < 0.5:
                if t["attempts"]:
                    segs.append(R.render(R.choice(t["attempts"])))
                    gens.append(0)
                else:
                    a, ag = R.render_gen(R.choice(ATTEMPTS))
                    segs.append(a)
                    gens.append(ag)
            if rng.random() < 0.75:
                segs.append(R.render(R.choice(t["asks"])))
                gens.append(0)
            else:
                a, ag = R.render_gen(R.choice(ASKS))
                segs.append(a)
                gens.append(ag)
            if rng.random() < 0.3:
                segs.append(R.choice(CLOSINGS))
                gens.append(len(segs[-1]))
            out.append(Rec(petitioner=q["petitioner"], phone=q["phone"], address=q["address"],
                           category=t["cat"], subject=subject, segs=segs, gens=gens, sep="",
                           when=w, tkey=t["key"]))
            w = later_dt(rng, w, 1800, 12 * 86400)
        return out

    def g_traditional(self, size):
        rng = self.rng
        orig, _, _ = self.base()
        out = [orig]
        for k in range(size - 1):
            body = to_traditional(orig.body)
            if k == 1:
                body = small_edits(body, rng, 1)
            out.append(orig.clone(when=later_dt(rng, out[-1].when), segs=[body], sep="",
                                  subject=to_traditional(orig.subject)))
        return out

    def g_fullwidth(self, size):
        rng = self.rng
        orig, _, _ = self.base(need=lambda r: len(re.findall(r"[0-9A-Za-z]", r.body)) >= 6)
        out = [orig]
        for k in range(size - 1):
            body = to_fullwidth(orig.body)
            if k == 1:
                body = small_edits(body, rng, 1)
            out.append(orig.clone(when=later_dt(rng, out[-1].when), segs=[body], sep="",
                                  subject=to_fullwidth(orig.subject)))
        return out

    # -- distractors ------------------------------------------------------
    def distractor_set(self, size):
        """Same template and the same wording choices, but a different matter."""
        rng = self.rng
        for _ in range(200):
            first, R0, p0 = self.base(mode=rng.choice(["short", "normal"]))
            t = tpl_by_key(first.tkey)
            out = [first]
            for tries in range(40):
                if len(out) == size:
                    break
                p = new_person(rng)
                w = later_dt(rng, first.when, 3600, 90 * 86400)
                rec, R = compose(rng, t, p, w, replay=R0.choices, perturb=0.0)
                if self.novel(rec, out):
                    out.append(rec)
            if len(out) == size:
                break
        else:
            raise RuntimeError("no distractor set")
        for m in out:
            m.role = "distractor"
        self.distractors.append(out)
        self.recs.extend(out)
        self.remember(out)

    # -- edge rows --------------------------------------------------------
    def edge_rows(self):
        rng = self.rng

        def mk(subject, body, phone=None, cat="城乡建设"):
            p = new_person(rng)
            r = Rec(petitioner=p["petitioner"], phone=p["phone"] if phone is None else phone,
                    address=p["address"], category=cat, subject=subject, segs=[body], gens=[0],
                    sep="",
                    when=random_dt(rng), tkey="edge")
            r.role = "edge"
            self.edge.append(r)
            self.recs.append(r)
            self.remember([r])
            return r

        mk("关于小区地下车库停车难的问题", "")
        mk("请尽快处理我上次反映的问题", "。。。。。。？？？！！！", cat="住房保障")
        mk("再次反映小区楼道堆放杂物问题", "同上", cat="公安政法")
        mk("关于小区东门临时停车场收费的问题",
           "我要反映三件事,请逐一答复:\n"
           "1. 小区东门的\"临时\"停车场,晚上收费20元/次,没有任何公示;\n"
           "2. 物业说这是\"业委会决定的\",但业委会说根本没有开过会;\n"
           "3. 打了物业的投诉电话,对方说\"正在处理中\",然后就没有然后了.\n"
           "以上三点,望回复,谢谢!", cat="住房保障")
        r, _, _ = self.base(t=tpl_by_key("streetlight"))
        r.phone = ""
        r.role = "edge"
        self.edge.append(r)
        self.recs.append(r)
        self.remember([r])
        mk("咨询老旧小区加装电梯补贴政策", "请问老旧小区加装电梯有没有补贴？需要哪些手续？", cat="住房保障")

    # -- everything -------------------------------------------------------
    def build(self):
        rng = self.rng
        hot_tpls = [t for t in T if t["hot"]]
        for kind, n, sizes in GROUP_PLAN:
            for i in range(n):
                size = pick_size(rng, sizes)
                for _ in range(100):
                    g = self.make_group(kind, size, i, hot_tpls)
                    # every member, not only the first, keeps its distance
                    # from the records outside the group
                    if all(self.novel(m) for m in g):
                        break
                else:
                    raise RuntimeError("no %s group" % kind)
                self.add_group(kind, g)
        for _ in range(N_DISTRACTOR_SETS):
            self.distractor_set(rng.choice([2, 2, 2, 3]))
        self.edge_rows()
        # a few more rows without a phone number
        while len(self.recs) < N_TOTAL:
            r, _, _ = self.base()
            if rng.random() < 0.004:
                r.phone = ""
            self.recs.append(r)
            self.remember([r])
        self.assign_ids()

    def make_group(self, kind, size, i, hot_tpls):
        if kind == "exact":
            g = self.g_exact(size)
        elif kind == "edit":
            g = self.g_edit(size)
        elif kind == "added":
            g = self.g_added(size)
        elif kind == "removed":
            g = self.g_removed(size)
        elif kind == "same-person":
            g = self.g_same_person(size)
        elif kind == "hot-issue":
            g = self.g_hot(size, hot_tpls[i % len(hot_tpls)])
        elif kind == "traditional":
            g = self.g_traditional(size)
        else:
            g = self.g_fullwidth(size)
        return g

    def assign_ids(self):
        rng = self.rng
        self.recs.sort(key=lambda r: r.when)
        for i, r in enumerate(self.recs, 1):
            r.id = i
        # display formats: most standard, a few in other common shapes, a few empty
        styles = (["slash"] * 12 + ["nosec"] * 8 + ["slashpad"] * 6 + ["cn"] * 6 + ["iso"] * 5
                  + ["dateonly"] * 5 + ["empty"] * 12)
        for r, s in zip(rng.sample(self.recs, len(styles)), styles):
            r.datestyle = s


def fmt_when(r):
    w = r.when
    s = r.datestyle
    if s == "std":
        return w.strftime("%Y-%m-%d %H:%M:%S")
    if s == "slash":
        return "%d/%d/%d %d:%02d" % (w.year, w.month, w.day, w.hour, w.minute)
    if s == "nosec":
        return w.strftime("%Y-%m-%d %H:%M")
    if s == "slashpad":
        return w.strftime("%Y/%m/%d %H:%M:%S")
    if s == "cn":
        return "%d年%d月%d日 %02d:%02d" % (w.year, w.month, w.day, w.hour, w.minute)
    if s == "iso":
        return w.strftime("%Y-%m-%dT%H:%M:%S")
    if s == "dateonly":
        return w.strftime("%Y-%m-%d")
    return ""


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------

KINDS = ["exact", "edit", "added", "removed", "same-person", "hot-issue", "traditional",
         "fullwidth"]
COLUMNS = ["id", "petitioner", "phone", "address", "category", "subject", "body", "submitted_at",
           "name", "id_card", "contact_phone", "receiving_unit", "status", "accepted_at"]
IDENTITY_COLUMNS = COLUMNS[8:]


def write_csv(path, header, rows):
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
    w.writerow(header)
    w.writerows(rows)
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(buf.getvalue())


def truth_pairs(b):
    pairs = []
    for kind, members in b.groups:
        ids = sorted(m.id for m in members)
        for i in range(len(ids)):
            for j in range(i + 1, len(ids)):
                pairs.append((ids[i], ids[j], kind))
    pairs.sort()
    return pairs


def stats(b, pairs):
    st = {k: [0, 0, 0, 0] for k in KINDS}      # groups, records, pairs, largest
    for kind, members in b.groups:
        st[kind][0] += 1
        st[kind][1] += len(members)
        st[kind][3] = max(st[kind][3], len(members))
    for _, _, kind in pairs:
        st[kind][2] += 1
    return st


IDENTITIES_MD = """
## Identities: `sample-petitions-people.csv`

Columns `id,person`: the person who sent each record, so that every two
records of one person are the same petitioner (同人) and no others are.
{people} people; {multi} of them sent more than one record ({n_in_multi}
records, {n_pairs} same-person pairs).  The members of a planted repeat
group are one person, except the family members of `exact` groups and the
petitioners of `hot-issue` groups; some people file several unrelated
matters (老访户), a third of them on one category within 90 days (the same
person in other words).  Such a person writes the masked `petitioner`,
`phone` and `address` of their first record on every record.

The columns after `submitted_at`, all fictional:

| column | content |
|---|---|
| `name` | the full name; {common_names} people have one of the commonest names (张伟, 王芳, 李娜…), shared with strangers; masked (`张*`, `李××`, `王某某`) in {name_masked} rows, with a space or an ideographic space in {name_spaced}, empty in {name_empty} |
| `id_card` | 居民身份证号 of valid form (the check character right; the region codes 3599xx exist nowhere); empty in {id_empty} rows, masked (`3599**********1234`) in {id_masked}, mistyped (one digit changed, so the check character fails) in {id_invalid}, old 15-digit form in {id_15}, full-width in {id_fullwidth}, with spaces in {id_spaced}, a lower-case x in {id_lower_x} |
| `contact_phone` | phones in mixed forms: dashes ({phone_dashes}), spaces ({phone_spaces}), `+86` ({phone_plus86}), `0086` ({phone_0086}), a landline with its area code (`0593-…`, {phone_landline}), a mobile and a landline in one cell ({phone_two}); masked in {phone_masked}, empty in {phone_empty}; a family shares its landline |
| `receiving_unit` | the body the petition went to (`东川市信访局`, `西岚市12345政务服务便民热线`…) |
| `status` | 受理 / 已受理, 办理中 / 正在办理, 办结 / 已办结, 复查 / 复查中, 复核 / 已复核, 不予受理 ({not_accepted} rows); the earliest record of {final_review} repeat groups is closed by final review (复核) |
| `accepted_at` | `YYYY-MM-DD`, 0–12 days after submission, later than 15 days in {late_acceptance} rows; empty when not accepted and in a few other rows |

Front desks: {desks}: each the phone of a village committee, given by six
villagers ({desk_people} people), so a phone shared by many names.

One letter sent to several bodies at once (一信多投): in the `exact` groups
{several}, copies a few minutes to five days after the first went each to
another receiving unit.  They are in the truth file as `exact` repeats of one text.
"""

SAMPLE_MD = """\
# Sample petitions (fictional demo data)

`sample-petitions.csv` is the demo data set bundled with Petition Review:
{n} petition messages (信访留言) in the shape of a typical export from a
petition office's web/hotline intake system.  **Every record is fictional.**
The cities (东川市, 西岚市, 南屏市, 北泽市), districts, streets, residential
compounds, companies, schools, people and phone numbers were invented for
this sample; no real petition text was read or reused.  The columns
`petitioner` and `phone` hold names and phone numbers in the masked form an
office would export (张某某, 138****1234); the columns after
`submitted_at` hold the same people's fictional identities as an office
writes them (see "Identities" below).

This file, `sample-petitions.csv`, `sample-petitions-truth.csv` and
`sample-petitions-people.csv` are written by `build-aux/make-sample.py`
with `build-aux/sample_identities.py` (Python 3 standard library only,
fixed seed {seed}); running the script again reproduces all four byte
for byte.  Do not edit them by hand.

## `sample-petitions.csv`

UTF-8 without BOM, RFC 4180 (fields with commas, double quotes or line
breaks are quoted, quotes doubled), LF line ends, one header row.  Rows are
in `id` order, which is also (hidden) submission order.

| column | content |
|---|---|
| `id` | integer 1..{n}, unique |
| `petitioner` | masked name: surname + 某 or 某某 (a few compound surnames) |
| `phone` | masked mobile number such as `138****1234`; empty in {n_nophone} rows |
| `address` | fictional address: city + district/county + street and number, compound + building, or township + village |
| `category` | one of {n_cat} categories: {cats} |
| `subject` | 留言主题, 10–30 characters |
| `body` | 留言详情, the message text; {body_med} characters median, {body_p5}–{body_p95} for 90% of rows, longest {body_max}; {n_multiline} bodies contain line breaks |
| `submitted_at` | `YYYY-MM-DD HH:MM:SS` within 2024–2025 for most rows; {n_otherfmt} rows use other common shapes (`2024/3/5 9:07`, `2024-03-05 09:07`, `2024/03/05 09:07:33`, `2024年3月5日 09:07`, `2024-03-05T09:07:33`, `2024-03-05`) and {n_empty} are empty |

Bodies are built from {n_tpl} hand-written base templates (problem, place
and duration, what was already tried, a request) with slots for places,
companies, dates, amounts, durations and names, plus optional intros,
details, follow-up attempts and closings, so unrelated records differ
substantially.  Most of a message is about its own matter: generic material
(greetings, earlier contacts, feelings, generic requests, closings) has
several wordings per sentence, usually names the matter ("我就……的事打过
12345"), and makes up {gen_mean:.0f}% of a body's characters on average
({gen_p95:.0f}% at the 95th percentile, at most {gen_max:.0f}%, as counted by the
generator: generic text without its slot values).  A dated history of
contacts (12345, visits, "已办结" text messages) appears in about
{pct_hist:.0f}% of the bodies ({n_hist}).

## Planted repeats: `sample-petitions-truth.csv`

Columns `id_a,id_b,kind`: every pair inside every planted repeat group, with
`id_a < id_b`.  {n_rep} records ({pct:.1f}%) belong to {n_groups} groups of
2–8 records; a record belongs to at most one group, and every group has a
single kind:

| kind | groups | records | pairs | what differs between members |
|---|---:|---:|---:|---|
{table}
| **total** | **{n_groups}** | **{n_rep}** | **{n_pairs}** | |

Kinds:

* `exact`: identical subject and body, later `submitted_at` (some within
  seconds, a double submit).  Almost always the same petitioner and phone;
  {n_family} copies were sent by a family member with another name and phone.
* `edit`: 1–3 small edits per re-submission: a synonym, half-width
  punctuation (`,` `.` `:` typed with the IME in English mode), a changed
  number or date, two sentences swapped, a typo, a dropped particle.
* `added`: a later message adds a sentence or paragraph ("至今未解决，再次反映",
  a new detail, a "（再次反映）" prefix); each re-submission keeps what was added before.
* `removed`: a later message leaves out an intro, detail, attempt or closing
  sentence.
* `same-person`: same petitioner, phone and matter, but the message is
  written again: about a third of the wording choices differ, the optional
  parts differ, sometimes a "再次反映" prefix.
* `hot-issue`: different petitioners (same city and district) about one event
  (a factory's odour at night, a stalled housing project, unpaid wages at a
  construction site, a closed gym or training school, ...): a shared core
  paragraph, sometimes lightly edited, with each person's own intro, details
  and request.
* `traditional`: the same message converted to Traditional characters (a
  small phrase and character table in the script); in groups of three the
  third also has a small edit.
* `fullwidth`: digits and Latin letters in full-width form (`１２３４５`,
  `ＧＤ２０２４…`); in groups of three the third also has a small edit.

Not repeats (they are **not** in the truth file):

* {n_dist} records in {n_dist_sets} distractor sets: records from the same
  template, in the same category and with exactly the same wording choices,
  but about a different matter (other place, company, people, dates,
  amounts).  A detector should keep these apart.
* Many other records share a template with different wording.  No two
  records that are not a pair of the truth file (distractors included, across
  all templates and categories) share more than {limit} of their character
  trigrams: the generator regenerates a message, group or distractor that
  would come closer to an earlier record.  The highest such Jaccard in this
  file is {max_ws:.3f} (trigrams of the body with white space removed; ids
  {max_ws_pair}), and {max_norm:.3f} after NFKC and removing punctuation as
  well.  The masked petitioner names also repeat by chance (there are only
  so many 张某某).
* Edge rows: an empty body, a body of punctuation only, "同上", a body with
  ASCII commas, double quotes and line breaks, a very short question, and a
  row with an empty phone.
"""


def max_unrelated_similarity(b, pairs, fn=shingles, floor=0.3):
    """Highest trigram Jaccard between any two records that are not a pair of
    the truth file (all templates and categories; distractors included).
    Only pairs sharing enough trigrams are compared (see SimIndex); the
    answer is exact as long as it is above floor."""
    truth = set((a, c) for a, c, _ in pairs)
    index = SimIndex()
    best, arg = 0.0, None
    for r in b.recs:                       # in id order
        sh = fn(r.body)
        for j in sorted(index.candidates(sh, floor)):
            o = b.recs[j]
            if (o.id, r.id) not in truth:
                v = jaccard(sh, index.sets[j])
                if v > best:
                    best, arg = v, (o.id, r.id)
        index.add(sh)
    return best, arg


def identities_md(b, people, c, several, desks):
    groups = {}
    for r in b.recs:
        groups.setdefault(people[r.id], []).append(r.id)
    n_pairs = sum(len(g) * (len(g) - 1) // 2 for g in groups.values())
    c = dict(c, n_pairs=n_pairs, n_in_multi=sum(len(g) for g in groups.values() if len(g) > 1),
             several=", ".join("/".join(str(i) for i in g) for g in several),
             desks="; ".join("`%s` (people %s)" % (phone, ", ".join(map(str, ps))) for phone, ps in desks))
    return IDENTITIES_MD.format(**c)


def write_sample_md(path, b, pairs, st, identities):
    bodies = sorted(len(r.body) for r in b.recs)
    n = len(b.recs)
    shares = sorted(r.generic / len(r.body) for r in b.recs if r.role != "edge" and r.body)
    n_hist = sum(1 for r in b.recs if "工单号" in r.body and "12345" in r.body
                 and len(re.findall(r"\d+月\d+日，", r.body)) >= 2)
    ws = max_unrelated_similarity(b, pairs)
    norm = max_unrelated_similarity(b, pairs, shingles_norm)
    n_rep = sum(v[1] for v in st.values())
    desc = {
        "exact": "nothing but the time",
        "edit": "a few characters, punctuation, a number",
        "added": "a sentence or paragraph added",
        "removed": "a sentence left out",
        "same-person": "rewritten by the same person",
        "hot-issue": "different people, shared core text",
        "traditional": "Traditional characters",
        "fullwidth": "full-width digits and letters",
    }
    table = "\n".join("| `%s` | %d | %d | %d | %s |" % (k, st[k][0], st[k][1], st[k][2], desc[k])
                      for k in KINDS)
    cats = []
    for r in b.recs:
        if r.category not in cats:
            cats.append(r.category)
    cats = sorted(cats, key=lambda c: list(CATEGORY_OFFICES).index(c))
    text = SAMPLE_MD.format(
        n=n, seed=SEED, n_nophone=sum(1 for r in b.recs if not r.phone),
        n_cat=len(cats), cats="、".join(cats),
        body_med=bodies[n // 2], body_p5=bodies[n // 20], body_p95=bodies[n - n // 20 - 1],
        body_max=bodies[-1], n_multiline=sum(1 for r in b.recs if "\n" in r.body),
        n_otherfmt=sum(1 for r in b.recs if r.datestyle not in ("std", "empty")),
        n_empty=sum(1 for r in b.recs if r.datestyle == "empty"),
        n_tpl=len(T), n_rep=n_rep, pct=100.0 * n_rep / n, n_groups=len(b.groups),
        table=table, n_pairs=len(pairs),
        n_dist=sum(len(d) for d in b.distractors), n_dist_sets=len(b.distractors),
        max_ws=ws[0], max_ws_pair="%d and %d" % ws[1], max_norm=norm[0],
        limit=MAX_UNRELATED_SIMILARITY,
        n_family=sum(1 for r in b.recs if r.family),
        gen_mean=100 * sum(shares) / len(shares), gen_p95=100 * shares[len(shares) * 95 // 100],
        gen_max=100 * shares[-1], n_hist=n_hist, pct_hist=100.0 * n_hist / n)
    text += identities
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--outdir", default=os.path.join(here, os.pardir, "data"))
    args = ap.parse_args()
    os.makedirs(args.outdir, exist_ok=True)

    b = Builder(SEED)
    b.build()
    extra, people, id_counts, several, desks = sample_identities.assign(b.recs, b.groups, SEED)
    rows = [[r.id, r.petitioner, r.phone, r.address, r.category, r.subject, r.body, fmt_when(r)]
            + [extra[r.id][c] for c in IDENTITY_COLUMNS]
            for r in b.recs]
    write_csv(os.path.join(args.outdir, "sample-petitions.csv"), COLUMNS, rows)
    write_csv(os.path.join(args.outdir, "sample-petitions-people.csv"), ["id", "person"],
              [[r.id, people[r.id]] for r in b.recs])
    pairs = truth_pairs(b)
    write_csv(os.path.join(args.outdir, "sample-petitions-truth.csv"), ["id_a", "id_b", "kind"],
              pairs)
    st = stats(b, pairs)
    write_sample_md(os.path.join(args.outdir, "SAMPLE.md"), b, pairs, st,
                    identities_md(b, people, id_counts, several, desks))

    print("records: %d" % len(b.recs))
    print("%-12s %6s %7s %6s %7s" % ("kind", "groups", "records", "pairs", "largest"))
    for k in KINDS:
        print("%-12s %6d %7d %6d %7d" % (k, *st[k]))
    print("distractor sets: %d (%d records); edge rows: %d"
          % (len(b.distractors), sum(len(d) for d in b.distractors), len(b.edge)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
