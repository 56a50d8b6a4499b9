"""Traditional Chinese read by the Simplified rules, its values kept as the user wrote them.

The zh rules are written in Simplified characters, so "我對花生過敏" parsed nothing. A message is read in
Simplified (`text.to_simplified`, one character for one, so positions agree) and every span a claim took
from it — object, condition, verb, replaced values, a skip's clause — is given back in the user's own
characters: «用户对臺北…» is stored as «…臺北», the predicate («attr:手机») stays Simplified so both
scripts name one slot.

Example:
    >>> from langmem_nodes.write.rules import Claim
    >>> found = [(Claim("user", "allergy", "花生过敏"), "我对花生过敏", "inferred", False)]
    >>> [(c.object, q) for c, q, _, _ in as_written(found, "我对花生过敏", "我對花生過敏")]
    [('花生過敏', '我對花生過敏')]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..text import to_simplified


def span_as_written(span: str, simplified: str, written: str) -> str:
    """`span` as `written` spells it when it is a piece of `simplified` (its Simplified reading), else itself."""
    if not span or simplified is written:
        return span
    at = simplified.find(span)
    if at >= 0:
        return written[at:at + len(span)]
    # a span the rules put together ("回答的时候请加…" from "回答的時候請不要加…"): each character as this message wrote it
    as_said = {ord(s): w for s, w in zip(simplified, written, strict=False) if s != w}
    return span.translate(as_said) if as_said else span


def as_written(found: Sequence[tuple[Any, str, Any, bool]], simplified: str, written: str) -> list[tuple[Any, str, Any, bool]]:
    """Claims read from `simplified`, their spans given back in `written`'s characters."""
    if simplified == written:
        return list(found)

    def back(span: str) -> str:
        return span_as_written(span, simplified, written)

    return [(replace(c, object=back(c.object), condition=back(c.condition), verb=back(c.verb),
                     replaces=[back(r) for r in c.replaces]), back(q), s, h) for c, q, s, h in found]


def skips_as_written(skips: Sequence[dict[str, str]], simplified: str, written: str) -> list[dict[str, str]]:
    """Skip reports read from `simplified`, their clause texts in `written`'s characters."""
    if simplified == written:
        return list(skips)
    return [{**k, "text": span_as_written(k.get("text", ""), simplified, written)} for k in skips]


# Taiwan and Hong Kong words the zh rules know by their mainland form, each pair of equal length (positions agree)
_REGIONAL_WORDS = {
    "程式码": "源代码", "原始码": "源代码", "注解": "注释", "资料库": "数据库", "资料夹": "文件夹", "伺服器": "服务器", "印表机": "打印机", "专案": "项目", "程式": "程序",
    "软体": "软件", "硬体": "硬件", "韧体": "固件", "网路": "网络", "档案": "文件", "讯息": "消息", "预设": "默认",
    "介面": "界面", "硬碟": "硬盘", "物件": "对象", "变数": "变量", "函式": "函数", "数位": "数字", "影片": "视频",
    "视讯": "视频", "品质": "质量", "滑鼠": "鼠标", "萤幕": "屏幕", "晶片": "芯片", "登入": "登录", "帐号": "账号",
    "简讯": "短信", "捷运": "地铁", "公车": "公交", "港铁": "地铁", "返工": "上班",
}
_REGIONAL = re.compile("|".join(sorted(_REGIONAL_WORDS, key=len, reverse=True)))


def as_read(text: str) -> str:
    """`text` as the zh rules read it: Simplified characters and, for a message written in Traditional, the
    mainland form of Taiwan / Hong Kong words ("專案的資料庫" → "项目的数据库"); one character for one."""
    simplified = to_simplified(text)
    return simplified if simplified == text else _REGIONAL.sub(lambda m: _REGIONAL_WORDS[m.group(0)], simplified)


def simplified_turns(turns: Sequence[Any]) -> list[Any]:
    """`turns` with every string content as the zh rules read it (`as_read`)."""
    return [{**t, "content": as_read(t["content"])} if isinstance(t.get("content"), str) else t for t in turns]
