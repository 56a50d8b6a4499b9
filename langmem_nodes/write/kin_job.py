"""A relative's job, said by the user: "我老婆是护士", "我老公是做设计的", "My wife is a nurse".

It is the user's own fact about their family (stored as `attr:老婆的职业` / `attr:wife's_job`), not reported
speech; only a job the lexicon knows counts ("我老婆是四川人", "my sister is a pain" are no job).

Example:
    >>> [(c.predicate, c.object) for c in read("我老婆是护士")]
    [('attr:老婆的职业', '护士')]
    >>> [(c.predicate, c.object) for c in read("my dad is a retired teacher")]
    [("attr:dad's_job", 'retired teacher')]
"""

from __future__ import annotations

import re

from .rules import _JOB, JOB_HEAD, Claim, clean_object

_KIN_ZH = (r"(?:老婆|老公|媳妇|妻子|丈夫|太太|爱人|对象|女朋友|男朋友|妈妈|妈|爸爸|爸|母亲|父亲|儿子|女儿|闺女|"
           r"哥哥|哥|姐姐|姐|弟弟|妹妹)")
_KIN_EN = r"(?:wife|husband|partner|fianc[eé]e?|girlfriend|boyfriend|mom|mum|mother|dad|father|son|daughter|brother|sister)"

_ZH = re.compile(rf"^我(?:的|家)?(?P<k>{_KIN_ZH})(?:现在|目前|也)?(?:是(?:一名|一位|一个|个)?(?P<o>[\u4e00-\u9fffA-Za-z ]{{0,6}}?(?:{_JOB}))"
                 rf"|是(?:做|搞|干)(?P<o2>[\u4e00-\u9fffA-Za-z ]{{1,8}}?)的)$")
_EN = re.compile(rf"^my\s+(?P<k>{_KIN_EN})(?:'s|\s+is|\s+works\s+as)\s+(?:now\s+)?(?:a|an)\s+"
                 rf"(?P<o>(?:[\w-]+\s+){{0,3}}?{JOB_HEAD.pattern})$", re.I)


def read(clause: str) -> list[Claim]:
    """The job of the relative the clause names, else []."""
    m = _ZH.match(clause)
    if m:
        obj, pred = clean_object(m.group("o") or m.group("o2")), f"attr:{m.group('k')}的职业"
    elif m := _EN.match(clause.strip()):
        obj, pred = clean_object(m.group("o")), f"attr:{m.group('k').lower()}'s_job"
    else:
        return []
    return [Claim("user", pred, obj, "positive", "fact")] if obj else []


def is_kin_job(claim: Claim) -> bool:
    """A relative's job: the clause after it that drops its subject is the relative's too ("我老婆是护士，在协和上班")."""
    return claim.predicate.endswith(("的职业", "'s_job"))


def said(clause: str) -> bool:
    """The clause gives a relative's job (the user's own fact, not hearsay)."""
    return bool(read(clause))
