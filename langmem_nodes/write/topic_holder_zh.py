"""A Chinese clause that opens on a tool's name and names no holder keeps the holder of the clause before it.

Chat drops the holder and puts the thing first: after "我们前端用 pinia" (or "pinia 呗" answering "你们项目
用的是哪个？"), "vuex 早就不用了" is the team's old tool, not the user's. The topic-first rules of the grammar
read such a clause as the user's by default; when the claim before it in the sentence is the project's, the
same clause is the project's (`uses` only: a taste, a diet or a trait is never a project's). A clause with a
holder of its own ("我 vuex 早就不用了", "他…") keeps it.

    >>> from langmem_nodes.write.rules import Claim
    >>> before = Claim("project", "uses", "pinia", "positive", "fact")
    >>> [(c.subject, c.object, c.polarity) for c in held_by_project(
    ...     "vuex 早就不用了", before, [Claim("user", "uses", "vuex", "negative", "preference")])]
    [('project', 'vuex', 'negative')]
    >>> held_by_project("我 vuex 早就不用了", before, [Claim("user", "uses", "vuex", "negative")])[0].subject
    'user'
"""

from __future__ import annotations

import re
from dataclasses import replace

from .rules import Claim

_CJK = re.compile(r"[\u4e00-\u9fff]")
# the clause opens on a tool's name (Latin letters, maybe a version), no holder word before it
_TOOL_TOPIC = re.compile(r"^(?:那|至于|而)?\s*[A-Za-z][\w.+#-]*(?:\s*[A-Za-z0-9][\w.+#-]*)?\s*(?:的话|呢|嘛|啊|呀)?\s*[，,]?\s*"
                         r"(?![A-Za-z0-9])(?!我|他|她|它|你|咱)")


def held_by_project(clause: str, prev: Claim | None, claims: list[Claim]) -> list[Claim]:
    """`claims` with the project as holder of a tool-first clause after a project claim; else unchanged."""
    if prev is None or prev.subject != "project" or not claims or not _CJK.search(clause) or not _TOOL_TOPIC.match(clause.strip()):
        return claims
    if not all(c.subject == "user" and c.predicate == "uses" for c in claims):
        return claims
    return [replace(c, subject="project", kind="fact", replaces=list(c.replaces)) for c in claims]
