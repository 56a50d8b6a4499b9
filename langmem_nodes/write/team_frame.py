"""A team's rule said as such binds the project, never the user.

"Team rule from now on: never commit to main", "Project rule: use conventional commits", "In this repo we
never force-push", "团队规定：统一用 pnpm", "我们组的规范是提交前跑测试": `as_project_rule` rewrites the frame into
the project frame and standing cue the clause grammar already reads ("In this project, from now on, …"), so
the rules of that sentence get subject "project" and stay in the project. Stored as a user rule, it would
follow the user into every other project and never reach the teammates it is about.

Example:
    >>> as_project_rule("Team rule from now on: never commit directly to main.")
    'In this project, from now on, never commit directly to main.'
    >>> as_project_rule("团队规定：提交前必须跑测试。")
    '以后在这个项目里提交前必须跑测试。'
    >>> as_project_rule("We always go hiking on Sundays.")  # no project named: a family's "we"
    'We always go hiking on Sundays.'
"""

from __future__ import annotations

import re

from .lexicon import PROJECT

# a short aside before the colon: "team policy for this repo:", "our conventions are pretty strict:"
_ASIDE = (r"(?:(?:for|in)\s+(?:this|the|our)\s+(?:repo|repository|project|team|codebase)|"
          r"(?:is|are)\s+(?:kinda\s+|kind of\s+|pretty\s+|quite\s+|very\s+|super\s+|fairly\s+|really\s+)?"
          r"(?:strict|simple|easy|basic|short|straightforward)(?:\s+(?:lol|tbh|honestly))?)")
_EN_FRAME = re.compile(
    r"^\s*(?:(?:our|the|a|new)\s+)?(?:team|project|repo|repository|codebase|house|engineering)(?:'s)?\s+"
    r"(?:rule|policy|convention|guideline|standard|norm|style guide|coding standard|code style)s?"
    rf"(?:\s+(?:from now on|going forward))?(?:\s+{_ASIDE}\s*[:：]\s*|\s*[:：\-–—]\s*|\s+(?:is|are)\s+(?:that|to)\s+|\s+(?:requires|says|mandates)\s+(?:that\s+)?)",
    re.I,
)
_ZH_FRAME = re.compile(
    r"^\s*(?:我们|咱们)?(?:的)?(?:团队|项目|仓库|组里|组内|组|部门|代码库)(?:的|里的)?"
    r"(?:规定|规范|规则|约定|要求|惯例|铁律)(?:\s*[:：]\s*|是)"
)
_ZH_RULE_NOUN = re.compile(r"^\s*(?:我们|咱们)?(?:的)?(?:团队|项目|仓库|组里|组内|组|部门|代码库)(?:的|里的)?(?:规定|规范|规则|约定|要求|铁律)")
# "In this repo we never force-push": a "we" rule counts only when the sentence names the project
_WE_RULE = re.compile(r"\b[Ww]e\s+(?:all\s+)?(?=(?:never|always)\b)")


def as_project_rule(sentence: str) -> str:
    """`sentence` with a team's rule frame rewritten to the project frame (unchanged without one)."""
    if m := _EN_FRAME.match(sentence):
        rest = sentence[m.end():]
        rest = PROJECT.sub("", rest, count=1).lstrip(" ,") if PROJECT.match(rest) else rest
        return f"In this project, from now on, {rest}" if rest.strip() else sentence
    if m := _ZH_FRAME.match(sentence):
        rest = sentence[m.end():]
        return f"以后在这个项目里{rest}" if rest.strip() else sentence
    if PROJECT.search(sentence) and (we := _WE_RULE.search(sentence)):
        rest = PROJECT.sub("", sentence[:we.start()] + sentence[we.end():]).strip(" ,")
        return f"In this project, from now on, {rest}"
    return sentence


def names_rule(sentence: str) -> bool:
    """Whether `sentence` opens by calling what follows a rule of the team ("团队规定：代码必须 review", "Team rule:
    no deploys on Friday"): what it says is then a rule even where its clause alone reads as a note ("周五不发版")."""
    return bool(_EN_FRAME.match(sentence) or _ZH_RULE_NOUN.match(sentence) and _ZH_FRAME.match(sentence))


_BULLET = re.compile(r"^\s*(?:[-*•·]|\d{1,2}[.)、])\s*(?=\S)")


def framed_list(message: str) -> str:
    """A rule header alone on its line ("我们项目的约定：", "Team conventions:") frames each bullet under it: every
    bullet line is said with the header before it ("我们项目的约定：提交信息用英文"), so `as_project_rule` reads it."""
    lines = message.split("\n")
    header = ""
    for i, line in enumerate(lines):
        bullet = _BULLET.match(line)
        if header and bullet:
            lines[i] = header + line[bullet.end():]
            continue
        header = ""
        m = _EN_FRAME.match(line) or _ZH_FRAME.match(line)
        if m and not line[m.end():].strip() and re.search(r"[:：]\s*$", line):
            header = line.strip()
    return "\n".join(lines)
