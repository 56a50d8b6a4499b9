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
                   r"(?:conventions?|rules?|policy|policies|standards?|guidelines?|norms?)(?:\s+(?:here|is|are))?[ \t]*[:：—–-][ \t]*(?=\S)|"
                   r"^\s*(?:我们|咱们|团队|项目|这个(?:项目|仓库))的?(?:代码)?(?:规范|规矩|约定|规则|惯例)(?:是)?\s*[:：—–-]\s*(?=\S)", re.I)


def split(message: str) -> str | None:
    """The rules after a conventions opening, or None when the message does not open so."""
    m = _LEAD.match(message)
    if m is None or "\n" in message[m.start():m.end()]:
        return None  # "Team conventions:\n- …": a header over bullets, read by the bullet frames
    rest = message[m.end():]
    # one rule after "Project rule:" is read by `team_frame`; this opening matters for a list of rules
    return rest if re.search(r"[,;，；、]", rest.strip().rstrip(".。!！")) or re.search(r"[\u4e00-\u9fff]", m.group(0)) else None
