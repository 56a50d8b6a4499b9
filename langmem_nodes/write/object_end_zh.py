"""A named object ends where its clause's frame closes: "模型用 PyTorch 训的" stores PyTorch, "我用 Mac 的" Mac, "我的服务器
是 Hetzner 的" Hetzner — the verb and 的 after the name only close "用 X 训的" / "是 X 的". Only an object that opens
with a Latin name is cut; a Chinese one keeps its span ("小米的扫地机器人"), and so does a name followed by more
than the frame ("MySQL 5.7 不支持窗口函数" is kept whole: a tail may name the value, "Python 都是 3.11").

    >>> [tight(o) for o in ("PyTorch 训的", "Mac 的", "Hetzner 的", "Hue 的灯", "Next.js", "MySQL 5.7 不支持窗口函数")]
    ['PyTorch', 'Mac', 'Hetzner', 'Hue 的灯', 'Next.js', 'MySQL 5.7 不支持窗口函数']
"""

from __future__ import annotations

import re

_NAME = r"(?P<n>[A-Za-z][A-Za-z0-9.+#/-]*(?:\s+[A-Za-z0-9.+#/-]+)*?)"
# the frame closing: "(用 PyTorch) 训的", "(用 Mac) 的"
_FRAME_END = re.compile(_NAME + r"\s*(?:[训写搭做跑建配弄整]的?|的)$")


def tight(obj: str) -> str:
    """The object without the frame's verb and 的 after its Latin name."""
    m = _FRAME_END.fullmatch(obj.strip())
    return m.group("n").strip() if m and m.group("n").strip() else obj
