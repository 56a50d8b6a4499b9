"""What follows 写 / 用 / write / use but names no tool of the user's (zh + en).

"我一般晚上写代码", "I usually write code at night": the work itself, not a language or tool it is done in;
"(我写)的时候老蹭到墨": a time clause; "我写代码的几个习惯：": a heading about the work; "我写字很丑": how it
turns out; "I write a lot": how much.

Example:
    >>> from langmem_nodes.write.rules import Claim
    >>> [not_a_tool(Claim("user", "uses", o, "positive", "fact")) for o in ("代码", "时候老蹭到墨", "Python", "博客")]
    [True, True, False, False]
    >>> [not_a_tool(Claim("user", "uses", o, "positive", "fact")) for o in ("code at night", "a lot", "Vim")]
    [True, True, False]
"""

from __future__ import annotations

import re

from .rules import Claim

_ZH = re.compile(r"^(?:的)?时候|^(?:代码|程序|东西|字)(?:的[\u4e00-\u9fff]*)?$|"
                 r"^[\u4e00-\u9fff]{1,2}(?:很|太|挺|真|超|好|特别|有点儿?)(?!用|的|久)[\u4e00-\u9fff]{1,3}$")
_EN = re.compile(r"^(?:code|some code|stuff|things|a lot|a bit|a little|lots|loads)"
                 r"(?:\s+(?:at|in|on|during|every|most|all|late|early|after|before)\b.*)?$", re.I)


def not_a_tool(c: Claim) -> bool:
    """True for a user's "uses" claim whose object is the work, a time clause or an amount, not a tool."""
    return c.subject == "user" and c.predicate == "uses" and bool(_ZH.search(c.object.strip()) or _EN.match(c.object.strip()))
