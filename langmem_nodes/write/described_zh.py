"""A Chinese value after "我们是…" / "X 是…" that describes the holder instead of naming a thing it uses: "我们是
toB 的系统", "我们是个五人小团队在做独立游戏", "功能开关是自己写的". Such a clause stores no `uses` record
("a clause that does not parse stores nothing"); "我们后端是 Go", "我们是 Jenkins 的老用户" still name a tool, and
a schedule ("on-call 是一周一轮") stays the team's fact.

    >>> [describes(v) for v in ("toB 的系统", "个五人小团队在做独立游戏", "自己", "Go", "飞书群", "阿里云 ECS", "一周一轮")]
    [True, True, True, False, False, False, False]
"""

from __future__ import annotations

import re

_DESCRIBES = re.compile(
    r"^(?:一?(?:个|家|款|套|支|群|帮|种)|[一二两三四五六七八九十几\d]+(?:人|个人|名))"  # "个五人小团队…", "一家…公司"
    r"|^(?:自己|自研|自建|手写|手搓|内部自研|我们自己|纯手写)(?:的)?$"  # "是自己写的": made in-house, no tool named
    r"|的\s*(?:系统|项目|产品|团队|公司|小公司|服务|应用|平台|业务|网站|app|App|APP)$"  # "toB 的系统": what it is
    r"|在(?:做|搞|写|开发)"  # "…在做独立游戏": what the team does
)


def describes(value: str) -> bool:
    """The value describes its holder (what it is, who made it) rather than naming a thing used."""
    return bool(_DESCRIBES.search(value.strip()))


__all__ = ["describes"]
