"""A correction that says an earlier sentence again in the same frame with one stretch changed (zh + en).

"我早饭一般吃包子" … "刚才说错了，我早饭一般吃煎饼"; "I drink green tea in the afternoon" … "hmm no, I drink oolong
in the afternoon"; "I bike to work" … "actually no, I take the bus to work". Neither sentence has a shape the grammar
reads, and the two changed stretches need not share a shape (`correction_slot.said_over` asks for one): the words
around them do. Only used after a correction marker, against a first-person clause of the turn just before that
made no claim: the correcting clause is then the user's statement, said as a correction. A request, wish, plan or
opinion in either clause ("I need …", "I'd like …", "我想…", "帮我…") is no statement of fact: nothing is read.

The frame is what both clauses share before and after the change (words in English, characters in Chinese). It
must hold more than the pronoun: a content word in English, two characters besides 我 / 我们 in Chinese; the
changed stretches are short (≤ 5 words, ≤ 10 characters) and neither is a bare negation ("I do like it" / "I don't
like it" is a change of mind `negated_again` reads, not a new value).

Example:
    >>> changed("我早饭一般吃煎饼", "我早饭一般吃包子"), changed("I take the bus to work", "I bike to work")
    (('煎饼', '包子'), ('take the bus', 'bike'))
    >>> changed("I really like it", "I like it"), changed("我也是", "我是"), changed("I need a list", "I need a summary")
    (None, None, None)
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence

_I = re.IGNORECASE
_CJK = re.compile(r"[\u4e00-\u9fff]")
_FIRST = re.compile(r"^(?:(?:oh|so|and|well|actually|really|no|nope)[,\s]+)*(?:i\b|i'|my\b|we\b|we'|our\b)|^(?:其实|实际上)?(?:我|咱)", _I)
_CLAUSES = re.compile(r"(?:[,，!！?？;；—–]|[.:](?!\d))+|[。：]+|\s+-\s+")
_WORD = re.compile(r"[\w'.:+#-]+")
_STOP_EN = frozenset("i i'm i've we we're our my me the a an and or but so to of in on at is am are was it its this that "
                     "with for from by as do does did have has just also really actually usually always".split())
_PRONOUN_ZH = re.compile(r"我们|咱们|我|咱|其实|实际上|一般|平时|每天|都|也|是|的|了")
_NEGATION = re.compile(r"^(?:not|never|don't|do not|doesn't|didn't|no longer|不|没|没有|别|不再)$", _I)
_STRIP = " .,;:!?。，；：！？~～…"
# a request, a wish or a plan is no statement of fact, whatever it changes ("I need a summary" … "no, I need a list")
_NOT_FACT = re.compile(r"\b(?:want|wanna|need|needed|'d like|would like|wish|hope|wonder|wondering|looking for|trying|try|going to|gonna|"
                       r"plan|planning|asked|ask|help|can|could|should|will|'ll|would|might|may|must|meant|mean|think|thought|guess)\b|"
                       r"想|要|需要|希望|打算|准备|帮|请|能不能|可以|会|应该|觉得|以为|是说|意思", _I)


def _tokens(text: str) -> list[str]:
    return list(text) if _CJK.search(text) else _WORD.findall(text)


def _join(tokens: Sequence[str], zh: bool) -> str:
    return ("" if zh else " ").join(tokens).strip()


def changed(clause: str, old_clause: str) -> tuple[str, str] | None:
    """(new stretch, old stretch) when `clause` says `old_clause` again with one stretch changed; else None."""
    clause, old_clause = clause.strip(_STRIP), old_clause.strip(_STRIP)
    zh = bool(_CJK.search(clause))
    if zh != bool(_CJK.search(old_clause)) or not (_FIRST.match(clause) and _FIRST.match(old_clause)):
        return None
    if _NOT_FACT.search(clause) or _NOT_FACT.search(old_clause):
        return None
    new_t, old_t = _tokens(clause), _tokens(old_clause)
    fold_new, fold_old = [t.casefold() for t in new_t], [t.casefold() for t in old_t]
    p = len(os.path.commonprefix([fold_new, fold_old]))
    s = len(os.path.commonprefix([fold_new[p:][::-1], fold_old[p:][::-1]]))
    new, old = new_t[p:len(new_t) - s], old_t[p:len(old_t) - s]
    if not new or not old:
        return None  # one says the other with words added: no value changed
    frame = new_t[:p] + new_t[len(new_t) - s:]
    if zh:
        if len(_PRONOUN_ZH.sub("", "".join(frame))) < 2 or len(new) > 10 or len(old) > 10:
            return None
    elif not any(t.casefold() not in _STOP_EN for t in frame) or len(new) > 5 or len(old) > 5:
        return None
    if _NEGATION.match(_join(new, zh)) or _NEGATION.match(_join(old, zh)):
        return None  # "I do like it" / "I don't like it": a change of mind, no new value
    return _join(new, zh), _join(old, zh)


def restates(clause: str, before: Sequence[str], unread: Callable[[str], bool]) -> str:
    """The old stretch when `clause` says a first-person clause of `before` (the turn just before) again with one
    stretch changed, and that clause made no claim (`unread`); else ""."""
    if len(clause) > 80:
        return ""
    for text in before:
        for old_clause in _CLAUSES.split(text):
            if (got := changed(clause, old_clause)) and unread(old_clause.strip()):
                return got[1]
    return ""


__all__ = ["changed", "restates"]
