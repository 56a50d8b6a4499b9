"""A project's attribute named by its noun, in Chinese: "(我们)项目/仓库/服务的 X 是 Y" is the project's X, one value
at a time, as "our project's X is Y" is `attr:x` — never the multi-valued `uses` («项目使用3月3日», «项目使用王磊»).

Example:
    >>> [(c.predicate, c.object) for c in read("我们项目的上线日期是3月3日")]
    [('attr:上线日期', '3月3日')]
    >>> [(c.predicate, c.object) for c in read("这个仓库的 CI 是 GitHub Actions")]
    [('attr:ci', 'GitHub Actions')]
    >>> read("这个项目的后端是用 Rust 写的"), read("我们项目的数据库是MySQL和Redis"), read("这个项目的约定是先写测试")
    ([], [], [])
    >>> read("这个仓库的包管理用的是 yarn")
    []
"""

from __future__ import annotations

import re

from .rules import Claim, clean_object

_HOLDER = (r"(?:(?:我们|咱们)的?\s*(?:这个)?|(?:这个|本|该|此)\s*)?"
           r"(?:项目|仓库|代码库|工程|服务|系统|应用|repo|monorepo|app)")
#: a noun: no verb, particle or adverb inside ("包管理用的是 yarn" says what it uses, the stack reading's)
_ATTRIBUTE = r"(?:[A-Za-z][A-Za-z/ -]{0,14}?|(?:[A-Za-z]{2,10}\s*)?(?:(?![的用是在都也还要会把被给跑写叫])[\u4e00-\u9fff]){2,6}?)"
PATTERN = re.compile(rf"^{_HOLDER}\s*的\s*(?P<a>{_ATTRIBUTE})\s*(?:现在|目前|其实|就)?\s*是\s*(?P<o>[^，,；;]{{1,30}}?)"
                   r"\s*(?:了|哈|啦|呢|吧|啊)*$")
#: the nouns of a rule, a reason or a description: their "是" says a clause, not one value
_NOT_ONE_VALUE = re.compile(r"(?:约定|规定|规范|要求|规则|原则|惯例|流程|习惯|问题|原因|背景|情况|特点|目标|想法|意思|重点|难点|"
                            r"技术栈|架构|方案|思路|做法|风格|名字|名称)$")
#: a value that is how the project is built, or two values, or a clause: the stack reading's, not an attribute's
_NOT_A_VALUE = re.compile(r"^(?:用|拿|在|由|基于|跑在|部署在|托管在|不|没)|的$|[和与及跟、/+]|"
                          r"(?:要|必须|一律|应该|需要|不能|不要|禁止|得先|都)")


def build(m: re.Match[str]) -> list[Claim]:
    """The project attribute a `PATTERN` match states, or nothing."""
    if _NOT_ONE_VALUE.search(m.group("a")) or _NOT_A_VALUE.search(m.group("o").strip()):
        return []
    attr = m.group("a").strip()
    attr = re.sub(r"[^a-z0-9]+", "_", attr.casefold()).strip("_") if attr.isascii() else re.sub(r"\s+", "", attr)
    value = clean_object(m.group("o"))
    return [Claim("project", f"attr:{attr}", value, "positive", "reference")] if attr and value else []


def read(clause: str) -> list[Claim]:
    """The project attribute `clause` states, or nothing."""
    m = PATTERN.match(clause.strip())
    return build(m) if m else []


__all__ = ["PATTERN", "build", "read"]
