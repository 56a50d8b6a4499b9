"""One thing under several words, in English and Chinese: whose name an attribute holds ("mom", "mother", "妈妈"), a few
open attributes ("car", "车")
and a few values said either way ("vegetarian", "素食者"). The resolver reads them, so "我妈妈叫李华" replaces
"My mom is called Ann" and "其实我不是素食者了" takes back "I'm vegetarian".

Example:
    >>> "attr:cat_name" in predicate_family("attr:猫名字"), family_name("attr:猫名字") == family_name("attr:kitten_name")
    (True, True)
    >>> same_value("vegetarian", "素食者"), same_value("vegan", "vegetarian"), same_value("Vim", "vim")
    (True, False, True)
"""

from __future__ import annotations

from functools import lru_cache

from .records import normalize_text

#: Whose name an `attr:<who>_name` / `attr:<who>名字` predicate holds; one person or pet per row. Siblings and
#: children in general are left out: "哥哥" and "弟弟" are two people that English calls "brother".
KIN = (
    ("mother", "mom", "mum", "mommy", "妈妈", "母亲", "老妈", "妈"),
    ("father", "dad", "daddy", "爸爸", "父亲", "老爸", "爸"),
    ("wife", "老婆", "妻子", "太太", "媳妇", "老婆大人"),
    ("husband", "老公", "丈夫"),
    ("girlfriend", "女朋友", "女友"),
    ("boyfriend", "男朋友", "男友"),
    ("son", "儿子"),
    ("daughter", "女儿", "闺女"),
    ("cat", "kitten", "kitty", "猫", "猫咪", "小猫"),
    ("dog", "puppy", "doggo", "狗", "狗狗", "小狗"),
)
#: One English word for several Chinese ones: "brother" is "哥哥" or "弟弟". Two people, so never one value (the resolver
#: keeps "我弟弟叫小明" beside "My brother is called Tim"), but a request about one reaches the other ("你就当我没说过我有个弟弟"
#: forgets «User's brother is called Tim»).
LOOSE_KIN = (
    ("brother", "哥哥", "弟弟", "哥", "弟", "兄弟"),
    ("sister", "姐姐", "妹妹", "姐", "妹", "姐妹"),
    ("grandmother", "grandma", "奶奶", "外婆", "姥姥"),
    ("grandfather", "grandpa", "爷爷", "外公", "姥爷"),
)
#: Open attributes (`attr:<name>`) the write side names in either language ("my car" → `attr:car`, "我的车" → `attr:车`).
#: One row is one attribute: the user's ("my blood type" / "我的血型") or a project's ("our project's database" /
#: "我们项目的数据库"), so a value said in one language replaces one said in the other.
ATTRIBUTES = (
    ("car", "车", "汽车"),
    ("phone", "手机"),
    ("laptop", "笔记本", "笔记本电脑"),
    ("computer", "电脑"),
    ("tablet", "平板", "平板电脑"),
    ("monitor", "显示器"),
    ("keyboard", "键盘"),
    ("mouse", "鼠标"),
    ("headphones", "earphones", "耳机"),
    ("input_method", "输入法"),
    ("os", "operating_system", "系统", "操作系统"),
    ("birthday", "生日"),
    ("timezone", "time_zone", "时区"),
    ("browser", "浏览器"),
    ("editor", "编辑器"),
    ("blood_type", "blood_group", "血型"),
    ("zodiac_sign", "star_sign", "星座"),
    ("height", "身高"),
    ("weight", "体重"),
    ("shoe_size", "鞋码", "鞋号"),
    ("major", "专业"),
    ("native_language", "mother_tongue", "first_language", "母语"),
    ("doctor", "family_doctor", "primary_doctor", "gp", "医生", "主治医生", "家庭医生"),
    ("dentist", "牙医", "牙科医生"),
    ("therapist", "psychologist", "心理医生", "心理咨询师"),
    ("landlord", "房东"),
    ("hairdresser", "barber", "理发师"),
    ("bank", "开户行", "开户银行"),
    ("desk", "workstation", "工位"),
    ("office", "办公室"),
    ("dorm", "dormitory", "宿舍"),
    ("lab", "laboratory", "实验室"),
    ("seat", "座位", "位子"),
    ("database", "db", "数据库"),
    ("hosting", "deploy_platform", "deployment_platform", "hosting_platform", "部署平台", "托管平台"),
    ("ci", "ci_cd", "持续集成"),
    ("frontend", "前端"),
    ("backend", "后端"),
    ("default_branch", "main_branch", "默认分支", "主分支"),
    ("port", "端口"),
    ("domain", "域名"),
    ("launch_date", "release_date", "go_live_date", "上线日期", "上线时间", "发布日期"),
    ("deadline", "due_date", "截止日期", "截止时间", "交付日期"),
    ("owner", "project_owner", "project_lead", "负责人", "项目负责人"),
    ("tech_lead", "技术负责人"),
    ("test_lead", "qa_lead", "测试负责人"),
    ("product_manager", "pm", "产品经理"),
    ("designer", "设计师"),
    ("budget", "预算"),
    ("code_name", "codename", "代号", "代号名"),
)
#: Values that are one value in either language (normalised forms).
VALUES = (
    ("vegetarian", "a vegetarian", "素食者", "素食", "素食主义者", "吃素", "吃素的"),
    ("vegan", "a vegan", "纯素", "全素", "纯素食者", "纯素食主义者", "吃纯素", "吃全素"),
)


def name_predicate(word: str) -> str:
    """The predicate the write side stores a name of `word`'s ("dog", "老婆") under."""
    return f"attr:{word}名字" if any("\u4e00" <= ch <= "\u9fff" for ch in word) else f"attr:{word}_name"


@lru_cache(maxsize=1)
def _families() -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for family in [tuple(name_predicate(word) for word in row) for row in KIN] + [
            tuple(f"attr:{word}" for word in row) for row in ATTRIBUTES]:
        for p in family:
            out[p] = family
    return out


@lru_cache(maxsize=1)
def _values() -> dict[str, str]:
    return {normalize_text(word): row[0] for row in VALUES for word in row}


def predicate_family(predicate: str) -> tuple[str, ...]:
    """Every predicate naming the same attribute as `predicate` (itself first); just itself when none is known."""
    family = _families().get(predicate.strip().casefold())
    if family is None:
        return (predicate,)
    return (predicate, *(p for p in family if p != predicate.strip().casefold()))


def related_predicates(predicate: str) -> tuple[str, ...]:
    """`predicate_family`, plus the name predicates of `LOOSE_KIN`'s other words: what a request about the attribute
    may mean ("attr:弟弟名字" → "attr:brother_name"; "attr:brother_name" → "attr:哥哥名字", "attr:弟弟名字", ...).

    >>> related_predicates("attr:弟弟名字")[:2], "attr:弟弟名字" in related_predicates("attr:brother_name")
    (('attr:弟弟名字', 'attr:brother_name'), True)
    """
    key = predicate.strip().casefold()
    loose = [name_predicate(w) for row in LOOSE_KIN if key in {name_predicate(x) for x in row}
             for w in ((row[0],) if key != name_predicate(row[0]) else row[1:])]
    return tuple(dict.fromkeys([*predicate_family(predicate), *loose]))


def family_name(predicate: str) -> str:
    """One name for `predicate`'s family ("attr:mom_name" and "attr:妈妈名字" → "attr:mother_name")."""
    family = _families().get(predicate.strip().casefold())
    return family[0] if family else predicate.strip().casefold()


def same_value(a: str, b: str) -> bool:
    """Do `a` and `b` name one value (equal once normalised, or one of `VALUES`' rows)?"""
    na, nb = normalize_text(a), normalize_text(b)
    if na == nb:
        return True
    known = _values()
    return na in known and known[na] == known.get(nb)


__all__ = ["ATTRIBUTES", "KIN", "LOOSE_KIN", "VALUES", "family_name", "name_predicate", "predicate_family",
           "related_predicates", "same_value"]
