"""A message that opens by naming the team's conventions ("Our convention: never commit directly to main, always
open a PR.", "Team rules — …", "我们的规范：…") holds the project's rules: the opening is no clause of its own (it
left "never commit directly to main" unparsed) and the rules after it are the project's, not the user's
(newcomer21 M4 kept only «User rule: open a PR»).

Example:
    >>> split("Our convention: never commit directly to main, always open a PR.")
    'never commit directly to main, always open a PR.'
    >>> split("我们的规范：提交前跑 lint。"), split("Our CI: GitHub Actions.")
    ('提交前跑 lint。', None)
"""

from __future__ import annotations

import re

_LEAD = re.compile(r"^\s*(?:(?:our|the|team|house|repo|project|this\s+repo'?s?|this\s+project'?s?)\s+)?(?:team\s+|coding\s+|code\s+|house\s+)?"
                   r"(?:conventions?|rules?|policy|policies|standards?|guidelines?|norms?)(?:\s+(?:here|is|are))?\s*[:：—–-]\s*(?=\S)|"
                   r"^\s*(?:我们|咱们|团队|项目|这个(?:项目|仓库))的?(?:代码)?(?:规范|规矩|约定|规则|惯例)(?:是)?\s*[:：—–-]\s*(?=\S)", re.I)


def split(message: str) -> str | None:
    """The rules after a conventions opening, or None when the message does not open so."""
    m = _LEAD.match(message)
    return message[m.end():] if m else None
