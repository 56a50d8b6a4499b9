"""A named object ends where a Chinese predicate about it begins: "我们用的是 MySQL 5.7 不支持窗口函数" stores
MySQL 5.7, "模型用 PyTorch 训的" PyTorch, "我用 Mac 的" Mac — the rest says something of the thing (or only
closes the frame), it is no part of its name. Only an object that opens with a Latin name is cut; a Chinese one
keeps its span ("小米的扫地机器人").

    >>> [tight(o) for o in ("MySQL 5.7 不支持窗口函数", "PyTorch 训的", "Mac 的", "Hue 的灯", "Next.js")]
    ['MySQL 5.7', 'PyTorch', 'Mac', 'Hue 的灯', 'Next.js']
"""

from __future__ import annotations

import re

_NAME = r"(?P<n>[A-Za-z][\w.+#/-]*(?:\s+[\w.+#/-]+)*?)"
# a predicate about the thing: negation, an adverb or a verb of ability, then Chinese to the end
_SAYS = re.compile(_NAME + r"\s*(?:不|没|也|还|就|都|很|太|挺|老是|总是|一直|会|能|可以|支持|有点)[\u4e00-\u9fff].*$")
# the frame closing: "(用 PyTorch) 训的", "(用 Mac) 的"
_FRAME_END = re.compile(_NAME + r"\s*(?:[训写搭做跑建配弄整]的?|的)$")


def tight(obj: str) -> str:
    """The object without a Chinese predicate or frame end after its Latin name."""
    text = obj.strip()
    m = _SAYS.fullmatch(text) or _FRAME_END.fullmatch(text)
    return m.group("n").strip() if m and m.group("n").strip() else obj
