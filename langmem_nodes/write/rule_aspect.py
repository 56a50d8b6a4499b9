"""The aspect of the work a standing rule sets, read by its parts: a value of one closed family (indentation: tabs /
N spaces, 缩进 / 制表符; quotes; a naming case; a test framework of one ecosystem; a line length; the language of
answers, comments, commit messages or docs; a package manager of one ecosystem), the thing it is about (variables
vs tables, answers vs comments) and any qualifier naming a part of the code (YAML files, the frontend). Two rules
with one aspect key and another value contradict: "use 2-space indentation" and later "we always use tabs" — the
resolver keeps the newer explicit one and supersedes the older. A rule naming two values of its aspect ("tabs
and 4 spaces"), or none, has no aspect and contradicts nothing. What a rule sets aside ("tabs, not spaces",
"用 tab，不要用空格") is no value of it.

>>> aspect("use tabs, not spaces"), aspect("缩进都用四个空格"), aspect("回答我都用英文")
((('indentation', None, ()), 'tab'), (('indentation', None, ()), '4'), (('language', 'answer', ()), 'en'))
>>> contradicts("2-space indentation", "tabs"), contradicts("回答我都用英文", "代码注释都用中文写")
(True, False)
"""

from __future__ import annotations

import re

from .traditional import as_read

_I = re.IGNORECASE
_NUM = {"one": 1, "two": 2, "three": 3, "four": 4, "eight": 8, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "八": 8}
_N = r"(?:\d|one|two|three|four|eight|[一二两三四八])"

#: what a rule may set aside: "…, not spaces", "… instead of double quotes", "…，不要用空格", "而不是驼峰"
_SET_ASIDE = re.compile(r"(?:[,;]?\s*\b(?:not|never|instead of|rather than|over|no)\b|[，,；;]?\s*(?:而不是|而非|不要|不用|别用|不是|禁止))"
                        r"[^,;，；。]*", _I)

#: (family, regex, value) — a value is read only where its regex matches
_VALUES: list[tuple[str, re.Pattern[str], str]] = [
    ("indentation", re.compile(r"\btabs?\b|制表符|tab\s*(?:缩进|键)?", _I), "tab"),
    ("indentation", re.compile(rf"\b{_N}[- ]?spaces?\b|{_N}\s*(?:个)?\s*空格|{_N}格缩进", _I), "#"),
    ("quotes", re.compile(r"\bsingle[- ]quotes?\b|单引号", _I), "single"),
    ("quotes", re.compile(r"\bdouble[- ]quotes?\b|双引号", _I), "double"),
    ("naming", re.compile(r"\bcamel\s*case\b|小驼峰|(?<!大)驼峰", _I), "camel"),
    ("naming", re.compile(r"\bpascal\s*case\b|大驼峰", _I), "pascal"),
    ("naming", re.compile(r"\bsnake[_ ]case\b|下划线|蛇形", _I), "snake"),
    ("naming", re.compile(r"\bkebab[- ]case\b|短横线|中划线", _I), "kebab"),
    ("line_length", re.compile(r"(?P<len>\d{2,3})\s*(?:characters|chars|columns|cols|个字符|字符|列)", _I), "#len"),
    ("language", re.compile(r"\benglish\b|英文|英语", _I), "en"),
    ("language", re.compile(r"\bchinese\b|\bmandarin\b|中文|汉语|简体", _I), "zh"),
    ("language", re.compile(r"\bjapanese\b|日文|日语", _I), "ja"),
    ("language", re.compile(r"\bgerman\b|德文|德语", _I), "de"),
    ("language", re.compile(r"\bfrench\b|法文|法语", _I), "fr"),
    ("language", re.compile(r"\bspanish\b|西班牙语", _I), "es"),
    ("language", re.compile(r"\bkorean\b|韩文|韩语", _I), "ko"),
]
#: a test framework or package manager holds one value per ecosystem ("pytest" vs "jest" is no contradiction)
_TOOLS = {
    ("test_framework", "python"): ("pytest", "unittest", "nose2", "nose"),
    ("test_framework", "js"): ("jest", "vitest", "mocha", "jasmine", "ava"),
    ("test_framework", "ruby"): ("rspec", "minitest"),
    ("test_framework", "java"): ("junit", "testng"),
    ("package_manager", "js"): ("npm", "pnpm", "yarn", "bun"),
    ("package_manager", "python"): ("pip", "poetry", "uv", "pipenv", "conda", "pdm"),
}
#: what a naming or language rule is about: the thing named, or the text written in that language
_ABOUT = {
    "naming": {"variable": r"variables?|变量", "function": r"functions?|methods?|函数|方法", "class": r"class(?:es)?|类名",
               "file": r"files?|filenames?|文件名?", "table": r"tables?|表名?", "column": r"columns?|fields?|字段|列名",
               "constant": r"constants?|常量", "branch": r"branch(?:es)?|分支", "component": r"components?|组件"},
    "language": {"answer": r"answers?|repl(?:y|ies)|respon(?:d|ses?)|talk to me|回答|回复|答复|跟我说|和我说|交流",
                 "comment": r"comments?|注释|注解", "commit": r"commits?|commit messages?|提交信息|提交说明|提交记录",
                 "docs": r"docs|documentation|readme|文档", "identifier": r"identifiers?|变量名|命名"},
}
#: a part of the code a rule may be limited to ("in YAML files", "前端"): rules of other parts stand together
_QUALIFIERS = re.compile(r"\b(?:ya?ml|json|makefiles?|go|python|javascript|js|typescript|ts|html|css|markdown|md|sql|shell|"
                         r"bash|java|rust|frontend|front-end|backend|back-end|tests?|tables?|database)\b|前端|后端|测试|数据库",
                         _I)


def _values(text: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for family, rx, value in _VALUES:
        for m in rx.finditer(text):
            v = value
            if value == "#":
                number = re.search(_N, m.group(0), _I)
                if number is None:
                    continue
                n = number.group(0).casefold()
                v = str(_NUM.get(n, n))
            elif value == "#len":
                v = m.group("len")
            found.setdefault(family, set()).add(v)
    words = {w.casefold() for w in re.findall(r"[A-Za-z][\w-]*", text)}
    for (family, eco), tools in _TOOLS.items():
        for t in tools:
            if t in words:
                found.setdefault(f"{family}/{eco}", set()).add(t)
    return found


def aspect(obj: str) -> tuple[tuple[str, str | None, tuple[str, ...]], str] | None:
    """((family, what it is about, qualifiers), value) for a rule's object, else None (no aspect, or two)."""
    text = as_read(obj)
    kept = _SET_ASIDE.sub(" ", text)
    found = _values(kept)
    if len(found) != 1:
        return None
    family, values = next(iter(found.items()))
    if len(values) != 1:
        return None
    about = None
    if family in _ABOUT:
        hits = [k for k, rx in _ABOUT[family].items() if re.search(rf"(?<![a-z])(?:{rx})(?![a-z])", kept, _I)]
        if family == "language" and len(hits) != 1:
            return None  # "in English" of what? no aspect to hold one value of
        about = hits[0] if len(hits) == 1 else None if not hits else "+".join(sorted(hits))
    eco = None
    if "/" in family:
        family, eco = family.split("/", 1)
        about = eco
    qualifiers = tuple(sorted({q.casefold().rstrip("s") for q in _QUALIFIERS.findall(kept)} - {"test"}))
    return (family, about, qualifiers), next(iter(values))


def contradicts(new: str, old: str) -> bool:
    """Do two rules set one aspect to different values?"""
    a, b = aspect(new), aspect(old)
    return a is not None and b is not None and a[0] == b[0] and a[1] != b[1]


__all__ = ["aspect", "contradicts"]
