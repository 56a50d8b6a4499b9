"""How something is to be written, said for the future, is a rule — not a tool: "以后这个仓库的提交信息都用英文写"
stored «项目使用英文写» (what is written in English was lost) and "以后 commit message 都用英文写" a bare statement
(newcomer21 M4). A clause "(以后)(这个仓库的) X 都/统一/一律 用 Y 写/命名/回复" read as `uses` or `states` becomes
the rule "X 都用 Y 写" — the project's when the clause names the repository, project or team, else the user's.

Example:
    >>> from langmem_nodes.write.rules import Claim
    >>> [(c.subject, c.predicate, c.object) for c in as_rule(Claim("project", "uses", "英文写"), "以后这个仓库的提交信息都用英文写")]
    [('project', 'rule', '提交信息都用英文写')]
    >>> as_rule(Claim("project", "uses", "Go"), "我们的后端用 Go 写的")
    []
"""

from __future__ import annotations

import re

from .rules import Claim

_MANNER = re.compile(r"^(?:(?P<future>以后|今后|从现在起|从今以后|往后)\s*)?(?:(?P<project>这个(?:仓库|项目|repo|代码库)|本(?:仓库|项目)|我们(?:的)?"
                     r"(?:项目|仓库|团队)?)的?\s*)?(?P<rule>\S.{0,30}?(?:都|统一|一律|全部|全都)\s*用\s*\S.{0,20}?"
                     r"(?:来写|写成|写|命名|回复|回答|表示|描述))$", re.I)


def as_rule(claim: Claim, clause: str) -> list[Claim]:
    """The rule a `uses`/`states` claim's clause sets for how a thing is written, or [] when it sets none."""
    if claim.predicate not in ("uses", "states"):
        return []
    m = _MANNER.match(clause.strip().rstrip("。.!！"))
    if m is None:
        return []
    subject = "project" if m.group("project") or claim.subject == "project" else "user"
    return [Claim(subject, "rule", m.group("rule").strip(), claim.polarity, "rule")]
