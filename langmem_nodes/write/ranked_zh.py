"""A ranking read for what it prefers: "比起 VS Code 我更喜欢用 Vim", "比起咖啡我更爱喝茶", "跟 React 比，我还是更喜欢
Vue" prefer the second thing; the first is only what it is set against (no dislike, no part of the object). The
clause is read as its second half ("我更喜欢用 Vim"). A ranking split over two clauses ("相比 React，我更喜欢 Vue")
already reads so.

    >>> preferred("比起 VS Code 我更喜欢用 Vim"), preferred("比起咖啡我更爱喝茶"), preferred("我更喜欢 Vim")
    ('我更喜欢用 Vim', '我更爱喝茶', None)
"""

from __future__ import annotations

import re

_RANKED = re.compile(r"^(?:比起|相比(?:于|起)?|和|跟|与)\s*(?P<x>[^，,。]{1,20}?)\s*(?:来说|而言|比(?:起来)?)?\s*[，,]?\s*"
                     r"(?P<said>我(?:还是|其实|个人)?(?:更|比较)(?:喜欢|爱|偏好|偏爱|倾向于?|习惯)\s*\S.*)$")


def preferred(clause: str) -> str | None:
    """The clause's own preference ("我更喜欢用 Vim") when it ranks one thing over another, else None."""
    m = _RANKED.match(clause.strip())
    return m.group("said") if m else None
