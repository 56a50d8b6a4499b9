"""A standing instruction softened by a particle or a polite lead is still an instruction (zh).

"以后表名都用小写下划线哈", "以后回答都加个总结啊": the 哈 / 啊 / 呀 / 嘛 / 吧 softens the tone, it does not
make the clause small talk. Only a clause that says how things go every time (都 / 默认 / 统一 / 一律 /
全部 / 尽量, then what to do: 用 / 写 / 加 / 给 / 按 / 是 …) is read without its particle; "以后有空聊啊", "以后都不去了哈",
"以后每次都这样吧" and "好的哈" stay unread.

"麻烦以后代码都用 4 空格缩进" / "请以后…": the polite lead and its 以后 are no part of the instruction.

Example:
    >>> without_polite_lead("麻烦以后代码都用 4 空格缩进"), without_polite_lead("麻烦你写代码时加注释")
    ('代码都用 4 空格缩进', '麻烦你写代码时加注释')
    >>> standing("表名都用小写下划线哈"), standing("默认是 mac 上的 zsh 哈"), standing("有空聊啊")
    ('表名都用小写下划线', '默认是 mac 上的 zsh', '')
"""

from __future__ import annotations

import re

_PARTICLES = re.compile(r"\s*[哈啊呀嘛吧啦哦]+[~～!！。.]*$")
_POLITE_LEAD = re.compile(r"^(?:麻烦(?:你|您)?|请(?:你|您)?)\s*(?:以后|今后)\s*")
# how it goes every time, then what to do: "都用 …", "默认是 …", "统一按 …", "都加上 …"
_EVERY_TIME = re.compile(r"(?:都|默认|统一|一律|全部|尽量|每次)[^，,]{0,4}?(?:用|写|加|给|按|是|带|放|存|改成|换成|标)")
# a resolution, a pointer back or a refusal is no instruction of this kind: "以后都不去了哈", "以后每次都这样吧"
_NOT_THIS = re.compile(r"不|没|别|这样|那样|这个|那个|交给你|了$")


def standing(clause: str) -> str:
    """`clause` without its closing particle when it says how things go every time; "" otherwise."""
    if not _PARTICLES.search(clause):
        return ""
    bare = _PARTICLES.sub("", clause)
    return bare if len(bare) >= 4 and _EVERY_TIME.search(bare) and not _NOT_THIS.search(bare) else ""


def without_polite_lead(clause: str) -> str:
    """`clause` without an opening "麻烦以后" / "请以后"."""
    return _POLITE_LEAD.sub("", clause) or clause
