"""What the user works on is not their job title: in "我在字节跳动上班，做抖音的推荐产品" the 做 + "X 的 Y" names the
product area (抖音's recommendation product), so it is no `role` and never replaces "产品经理"; "我是做前端的",
"我在字节做推荐算法" still say the job.

    >>> from langmem_nodes.write.rules import Claim
    >>> is_topic(Claim("user", "role", "抖音的推荐产品"), "我做抖音的推荐产品"), is_topic(Claim("user", "role", "推荐算法"), "我在字节做推荐算法")
    (True, False)
"""

from __future__ import annotations

import re

from .rules import Claim


def is_topic(claim: Claim, clause: str) -> bool:
    """A role said with 做/搞/负责 whose value is "X 的 Y": the area worked on, not a title."""
    if claim.predicate != "role" or not re.fullmatch(r"[^的]+的[^的]+", claim.object):
        return False
    return re.search(rf"(?:做|搞|负责|干|弄)\s*{re.escape(claim.object)}", clause) is not None


__all__ = ["is_topic"]
