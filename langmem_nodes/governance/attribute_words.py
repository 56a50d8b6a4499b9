"""Words that name a memory's attribute (its predicate), in English and Chinese: "where I live" / "我住在哪"
name `lives_in`, "my allergy" / "我的过敏" name `allergy`, whatever the stored value is.

Used to match a request *about* an attribute to the memories holding it (`ForgetRequestNode`). English words
match by stem (equal, or sharing a long prefix: "allergies" ~ "allergic"); phrases and Chinese words match as
substrings. An `attr:<name>` predicate is named by its own words.

Example:
    >>> sorted(named_predicates("where I live")), sorted(named_predicates("忘掉我的过敏"))
    (['lives_in'], ['allergy'])
    >>> names_predicate("my car", "attr:car"), names_predicate("my car", "lives_in")
    (True, False)

A relation's attribute is not the user's: "my wife's name" / "我老婆的名字" name `attr:wife_name`, never `name`.

    >>> names_predicate("my wife's name", "name"), names_predicate("我老婆的名字", "name"), names_predicate("my name", "name")
    (False, False, True)
"""

from __future__ import annotations

import re

from ..equivalents import related_predicates

_WORK = ("work", "works", "working", "job", "employer", "company", "office", "工作", "上班", "公司", "单位", "就职")
#: predicate → (English words / phrases, Chinese words). Words name the attribute, never a value.
PREDICATE_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "name": (("name", "called"), ("名字", "叫什么", "名叫", "我叫", "姓名")),
    "role": (("job", "role", "profession", "occupation", "title"), ("职业", "做什么工作", "职位", "干什么的")),
    "lives_in": (("live", "lives", "living", "based", "home", "city", "address", "reside", "residence", "located",
                  "moved", "street"), ("住在", "住哪", "住的", "我住", "住址", "地址", "家在", "家住", "门牌", "城市", "搬到")),
    "works_in": (_WORK, _WORK[6:]),
    "works_at": (_WORK, _WORK[6:]),
    "from": (("hometown", "origin", "born", "where i'm from", "where i am from", "come from", "grew up"),
             ("来自", "老家", "家乡", "哪里人", "哪儿人", "出生")),
    "allergy": (("allergy", "allergic", "allergies"), ("过敏",)),
    "age": (("age", "years old", "how old"), ("年龄", "岁", "多大")),
    "religion": (("religion", "religious", "faith"), ("宗教", "信仰", "信佛", "信教", "信基督", "佛教", "基督教", "伊斯兰")),
    "diet": (("diet", "vegetarian", "vegan", "eat", "eating", "food"), ("饮食", "吃素", "不吃", "忌口", "素食")),
    "prefers": (("like", "likes", "prefer", "preference", "preferences", "favourite", "favorite"),
                ("喜欢", "偏好", "爱好", "最爱")),
    "uses": (("use", "uses", "using", "tool", "tools", "editor"), ("使用", "用什么", "工具", "编辑器")),
    "working_on": (("working on", "project"), ("在做", "正在做", "项目")),
    "learning": (("learning", "learn", "studying"), ("在学", "学习")),
    "package_manager": (("package manager",), ("包管理",)),
    "deploy_command": (("deploy", "deployment"), ("部署",)),
    "build_command": (("build",), ("构建", "编译")),
    "test_command": (("test", "tests"), ("测试",)),
    "run_command": (("run",), ("运行",)),
    "release_command": (("release",), ("发布",)),
    "rule": (("rule", "rules"), ("规则",)),
}
#: Words that ask for the street address, not the city: "my street address", "具体门牌地址".
ADDRESS_WORDS = re.compile(r"\b(?:address|street)\b|地址|住址|门牌", re.IGNORECASE)
#: People and animals of the user's whose attributes ("my wife's name", "我老婆的名字") are not the user's own.
RELATIONS_EN = tuple(
    "wife husband spouse partner girlfriend boyfriend fiance fiancee fiancé fiancée ex kid kids child children son "
    "daughter baby mom mum mother dad father parents sister brother sibling grandma grandmother grandpa grandfather "
    "pet dog cat boss manager colleague coworker friend neighbour neighbor doctor therapist".split())
RELATIONS_ZH = ("老婆", "老公", "妻子", "丈夫", "爱人", "媳妇", "太太", "孩子", "儿子", "女儿", "宝宝", "妈妈", "母亲", "爸爸",
                "父亲", "父母", "姐姐", "妹妹", "哥哥", "弟弟", "宠物", "狗", "猫", "女朋友", "男朋友", "对象", "老板", "同事", "朋友",
                "哥", "姐", "弟", "妹", "妈", "爸")
#: Words naming several relations at once (English forms, Chinese words, the relations): "my kids' names" are the
#: son's and the daughter's, "我的宠物" the cat and the dog.
RELATION_GROUPS = (
    (("kid", "kids", "child", "children"), ("孩子", "小孩", "子女", "儿女"), ("son", "daughter", "baby", "child")),
    (("parent", "parents"), ("父母", "爸妈", "爹妈"), ("mother", "father")),
    (("sibling", "siblings"), ("兄弟姐妹",), ("brother", "sister")),
    (("grandparent", "grandparents"), ("祖父母", "爷爷奶奶", "外公外婆"), ("grandmother", "grandfather")),
    (("pet", "pets"), ("宠物",), ("cat", "dog")),
)
#: what a relation has that the user has too: "my wife's name" is not the user's name
_OWNED_EN = r"(?:names?|birthday|job|work|role|number|phone number|address|age|email|allergy|allergies|diet|details|info|car)\b"
_OWNED_ZH = r"(?:名字|生日|工作|职业|电话|手机号|地址|住址|年龄|公司|单位|过敏|饮食|事情|事|情况|信息|车)"
_RELATION_OWNS = re.compile(r"\b(" + "|".join(RELATIONS_EN) + r")(?:['’]s?\s+" + _OWNED_EN + r"|\s+(?:is|was|are|were)\s+"
                            r"(?:called|named)\b)|(" + "|".join(RELATIONS_ZH) + r")(?:的" + _OWNED_ZH + r"|叫(?:什么|啥)(?:名字)?)",
                            re.IGNORECASE)
#: the word a name predicate ends in ("attr:wife_name"): it says which attribute, not whose
_NAME_WORDS = frozenset({"name", "names"})
_EN_WORD = re.compile(r"[a-z][a-z0-9'’]*")
_STOP = frozenset(
    "i i'm me my mine myself the a an what where which who whom when how why that this those these about is am are "
    "was were be been do does did to of in on at for with and or it its everything anything all you your said told "
    "mentioned thing things stuff please again any some".split()
)


def _en_words(text: str) -> list[str]:
    words = (re.sub(r"'s?$", "", w) for w in _EN_WORD.findall(text.casefold().replace("’", "'")))  # "cat's" is "cat"
    return [w for w in words if w not in _STOP]


def _same_stem(a: str, b: str) -> bool:
    if a == b:
        return True
    if min(len(a), len(b)) < 4:
        return False
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n >= max(4, max(len(a), len(b)) - 3)


def _words_of(predicate: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if predicate.startswith("attr:"):  # its own words, and those of the same person's or pet's name in the other language
        en: list[str] = []
        zh: list[str] = []
        for same in related_predicates(predicate):
            name = same[5:].casefold()
            en += [w for w in re.split(r"[_\s-]+", name) if w and w.isascii() and not w.isdigit()]
            zh += [] if name.isascii() else [name]
        owner = [w for w in en if w not in _NAME_WORDS]  # "attr:cat_name" is named by "cat", never by "name" alone
        return tuple(dict.fromkeys(owner or en)), tuple(dict.fromkeys(zh))
    return PREDICATE_WORDS.get(predicate, ((), ()))


def owner_phrase(text: str) -> str:
    """`text` with a relation's attribute reduced to the relation: "my wife's name" → "my wife", "我老婆的名字" → "我老婆",
    "what my dog is called" → "what my dog", "我的狗叫什么" → "我的狗".

    >>> owner_phrase("my wife's name"), owner_phrase("我老婆的名字"), owner_phrase("my name")
    ('my wife', '我老婆', 'my name')
    >>> owner_phrase("what my dog is called"), owner_phrase("我的狗叫什么")
    ('what my dog', '我的狗')
    """
    return _RELATION_OWNS.sub(lambda m: m.group(1) or m.group(2), text)


def stem_evidence(terms: frozenset[str] | set[str], text: str) -> float:
    """The share of English `terms` with a word of the same stem in `text` ("weight" ~ "weighs", "therapy" ~
    "therapist"); 0.0 without English terms.

    >>> stem_evidence({"weight"}, "User weighs 90 kg"), stem_evidence({"weight", "goal"}, "User weighs 90 kg")
    (1.0, 0.5)
    """
    en = [t for t in terms if t.isascii() and t.isalpha()]
    if not en:
        return 0.0
    words = _en_words(text)
    return sum(any(_same_stem(t, w) for w in words) for t in en) / len(en)


def names_predicate(text: str, predicate: str) -> bool:
    """Whether `text` names the attribute `predicate` (see the module docstring)."""
    en, zh = _words_of(predicate)
    if predicate.startswith("attr:"):  # its own words: "wife_name", "老婆名字" (said "我老婆的名字" or "我老婆的事")
        bare = text.replace("的", "")
        if any(cue in bare or any(r in cue and r in text for r in RELATIONS_ZH) for cue in zh):
            return True
        if group_members(text) & set(en):  # "my kids' names" names the son's and the daughter's
            return True
        zh = ()
    else:  # "my wife's name" names the wife, not the user's `name`
        text = owner_phrase(text)
    low = " ".join(text.casefold().replace("’", "'").split())
    words = _en_words(low)
    for cue in en:
        if " " in cue or "'" in cue:
            if re.search(rf"\b{re.escape(cue)}\b", low):
                return True
        elif cue not in _STOP and any(_same_stem(w, cue) for w in words):
            return True
    return any(cue in text for cue in zh)


def group_members(text: str) -> set[str]:
    """The relations a group word of `text` takes in: "my kids" → son, daughter; "我父母" → mother, father.

    >>> sorted(group_members("my kids' names")), sorted(group_members("我父母的名字")), group_members("my wife")
    (['baby', 'child', 'daughter', 'son'], ['father', 'mother'], set())
    """
    words = set(_en_words(text))
    return {m for en, zh, members in RELATION_GROUPS if words & set(en) or any(w in text for w in zh) for m in members}


def named_predicates(text: str) -> set[str]:
    """The canonical predicates `text` names."""
    return {p for p in PREDICATE_WORDS if names_predicate(text, p)}
