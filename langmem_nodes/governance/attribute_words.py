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
"""

from __future__ import annotations

import re

_WORK = ("work", "works", "working", "job", "employer", "company", "office", "工作", "上班", "公司", "单位", "就职")
#: predicate → (English words / phrases, Chinese words). Words name the attribute, never a value.
PREDICATE_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "name": (("name", "called"), ("名字", "叫什么", "名叫", "我叫", "姓名")),
    "role": (("job", "role", "profession", "occupation", "title"), ("职业", "做什么工作", "职位", "干什么的")),
    "lives_in": (("live", "lives", "living", "based", "home", "city", "address", "reside", "residence", "located",
                  "moved"), ("住在", "住哪", "住的", "我住", "住址", "地址", "家在", "城市", "搬到")),
    "works_in": (_WORK, _WORK[6:]),
    "works_at": (_WORK, _WORK[6:]),
    "from": (("hometown", "origin", "born", "where i'm from", "where i am from", "come from", "grew up"),
             ("来自", "老家", "家乡", "哪里人", "哪儿人", "出生")),
    "allergy": (("allergy", "allergic", "allergies"), ("过敏",)),
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
_EN_WORD = re.compile(r"[a-z][a-z0-9'’]*")
_STOP = frozenset(
    "i i'm me my mine myself the a an what where which who whom when how why that this those these about is am are "
    "was were be been do does did to of in on at for with and or it its everything anything all you your said told "
    "mentioned thing things stuff please again any some".split()
)


def _en_words(text: str) -> list[str]:
    return [w for w in _EN_WORD.findall(text.casefold().replace("’", "'")) if w not in _STOP]


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
    if predicate.startswith("attr:"):
        name = predicate[5:].casefold()
        return tuple(w for w in re.split(r"[_\s-]+", name) if w and w.isascii()), (name,) if not name.isascii() else ()
    return PREDICATE_WORDS.get(predicate, ((), ()))


def names_predicate(text: str, predicate: str) -> bool:
    """Whether `text` names the attribute `predicate` (see the module docstring)."""
    en, zh = _words_of(predicate)
    low = " ".join(text.casefold().replace("’", "'").split())
    words = _en_words(low)
    for cue in en:
        if " " in cue or "'" in cue:
            if re.search(rf"\b{re.escape(cue)}\b", low):
                return True
        elif cue not in _STOP and any(_same_stem(w, cue) for w in words):
            return True
    return any(cue in text for cue in zh)


def named_predicates(text: str) -> set[str]:
    """The canonical predicates `text` names."""
    return {p for p in PREDICATE_WORDS if names_predicate(text, p)}
