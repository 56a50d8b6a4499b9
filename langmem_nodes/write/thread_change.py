"""A value the user said earlier in the thread, said again changed: a correction (zh + en).

"i live in austin" … "well, i did. we moved to san antonio last month", "我在深圳" … "哦我搬到广州了", "we're on
postgres 15 right?" … "hm actually just checked, we're still on 14 in prod": the later claim holds the attribute
the earlier one did, with another value, in a clause that says it changed or was otherwise (moved, now, still,
actually, 搬, 换, 现在, 其实). It corrects what the thread holds, so it is an `explicit_correction` replacing the
earlier value instead of a second value beside it.

An attribute holding one value at a time (`is_exclusive`: lives_in, role, `attr:` keys) takes any other value; one
holding many ("uses") only a number or version of the same thing ("postgres 15" → "14", "Node 18" → "Node 20"), or
the one value the thread gave it said switched ("We use Jira" … "we moved to Linear a while back"), or a value of a
kind held one at a time (editor, shell, browser, distro, phone: "I run Ubuntu" … "I'm on Fedora now"), so "I use Vim"
… "I use tmux now too" corrects nothing.

    >>> from .rules import Claim
    >>> from ..records import Source
    >>> new = Claim("user", "lives_in", "san antonio", "positive", "identity")
    >>> found = [(new, "we moved to san antonio last month", Source.EXPLICIT, False)]
    >>> mark(found, [Claim("user", "lives_in", "austin", "positive", "identity")])
    >>> found[0][2].value, new.replaces
    ('explicit_correction', ['austin'])
    >>> tool = [(Claim("user", "uses", "tmux", "positive", "fact"), "I use tmux now too", Source.INFERRED, False)]
    >>> mark(tool, [Claim("user", "uses", "Vim", "positive", "fact")]); tool[0][2].value
    'inferred'
    >>> shell = [(Claim("user", "uses", "fish", "positive", "fact"), "I use fish now", Source.EXPLICIT, False)]
    >>> mark(shell, [Claim("user", "attr:daily_driver_shell", "bash", "positive", "fact")])
    >>> shell[0][0].predicate, shell[0][0].replaces, shell[0][2].value
    ('attr:daily_driver_shell', ['bash'], 'explicit_correction')
    >>> phone = [(Claim("user", "attr:手机", "iPhone 14", "positive", "fact"), "我手机是 iPhone 14", Source.INFERRED, False),
    ...          (Claim("user", "uses", "iPhone 16", "positive", "fact"), "哦现在换成 iPhone 16 了", Source.EXPLICIT, False)]
    >>> mark_within(phone); [(c.predicate, c.object, c.replaces, s.value) for c, _, s, _ in phone]
    [('attr:手机', 'iPhone 16', ['iPhone 14'], 'explicit_correction')]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..categories import value_categories
from ..facts import is_exclusive
from ..records import Source, normalize_text
from .rules import Claim

# the clause says the value changed, or is not what was said: moved, now, still, actually, 搬, 换, 现在, 其实
_CHANGED = re.compile(r"\b(?:moved|relocated|switched|changed|bumped|upgraded|downgraded|migrated|ported|transitioned|went over|now|anymore|still|actually|"
                      r"these days|nowadays|turns out|just checked|as of|just turned|turned|left|joined|started|went|ditched|got rid of|no more|traded)\b|"
                      r"搬|换|改|升|降|迁|跳槽|跳到|转到|现在|目前|其实|实际上|已经|还是|刚满", re.I)
# a message opened by the speaker stopping themselves ("wait I'm 30", "hold on, …", "等等，我住在天津")
_STOPPED = re.compile(r"^\W*(?:(?:oh|ah|um+|uh+|hmm+)[\s,]+)?(?:wait|hold on|hang on|oops|whoops)\b|^\W*(?:哦|啊)?(?:等等|等一下|等下)", re.I)


def stopped(message: str) -> bool:
    """The message opens with the speaker stopping themselves ("wait I'm 30", "等等，…")."""
    return bool(_STOPPED.match(message))
_ALSO = re.compile(r"\b(?:too|also|as well)\b|也|还有|另外", re.I)
_NUMBER = re.compile(r"\d+(?:\.\d+)*")
# switched to within one message ("我手机是 iPhone 14，哦现在换成 iPhone 16 了", "we're on Node 18, just upgraded to Node 20")
_SWITCHED = re.compile(r"换成|换到|换了(?:一?[台部辆个块])|改成|改用|升到|升级到|升级成|升成|迁到|迁移到|跳槽到|跳到|\b(?:switched|upgraded|bumped|moved|migrated|ported|transitioned|went)\s+(?:\w+\s+)?to\b", re.I)


def _one_thing(new: str, old: str) -> bool:
    """`new` is a number or version of the thing `old` names ("14" / "postgres 15", "Node 20" / "Node 18")."""
    if not (_NUMBER.search(new) and _NUMBER.search(old)):
        return False
    head_new, head_old = (normalize_text(_NUMBER.sub(" ", x)).strip() for x in (new, old))
    return not head_new or bool(head_old) and (head_new in head_old or head_old in head_new)


def mark(found: list, before: Sequence[Claim], stopped: bool = False) -> None:
    """Mark, in place, each (claim, clause, source, hedged) of `found` that says a value of `before` (the thread's
    earlier user claims, in order) again, changed, as an `explicit_correction` replacing it. `stopped`: the message
    opened with the speaker stopping themselves, which says the change for an attribute of one value."""
    for i, (claim, clause, source, hedged) in enumerate(found):
        if (claim.subject == "user" and not claim.replaces and claim.predicate in _THING and "我" not in clause
                and _SWITCHED.search(clause) and _held_thing(claim, before) is None
                and (theirs := _held_thing(Claim("project", claim.predicate, claim.object), before)) is not None):
            # "我们 CI 是 Jenkins" … "上个月换成 GitLab CI 了": the dropped holder is the one whose thing was switched
            claim.subject = "project"
            claim.replaces.append(theirs.object)
            found[i] = (claim, clause, Source.EXPLICIT_CORRECTION, hedged)
            continue
        if (claim.predicate in _THING and claim.polarity == "positive" and not hedged and _SWITCHED.search(clause)
                and not claim.replaces and not any(o.subject == claim.subject and o.predicate == claim.predicate for o in before)
                and (held := _held_thing(claim, before)) is not None):
            # "我开的是卡罗拉" … "(哦不对，)上周换成小鹏 P7 了": the switch names no attribute; the one thing held is replaced
            claim.predicate = held.predicate if held.predicate.startswith("attr:") else claim.predicate
            claim.replaces.append(held.object)
            found[i] = (claim, clause, Source.EXPLICIT_CORRECTION, hedged)
            continue
        if stopped and claim.replaces and is_exclusive(claim.predicate) and not hedged and source is not Source.EXPLICIT_CORRECTION:
            found[i] = (claim, clause, Source.EXPLICIT_CORRECTION, hedged)  # "wait I'm 30": replaced already, said as a fix
            continue
        if (source is not Source.EXPLICIT_CORRECTION and not hedged and claim.polarity == "positive" and claim.replaces
                and any(o.subject == claim.subject and o.polarity == "positive" and normalize_text(o.object) in
                        {normalize_text(r) for r in claim.replaces} for o in before)):
            found[i] = (claim, clause, Source.EXPLICIT_CORRECTION, hedged)  # "got rid of Firefox, I'm on Arc now": the thread's value
            continue
        if (source is Source.EXPLICIT_CORRECTION or hedged or claim.replaces or claim.polarity != "positive"
                or not (_CHANGED.search(clause) or stopped and is_exclusive(claim.predicate)) or _ALSO.search(clause)):
            continue
        same = [o for o in before if o.subject == claim.subject and o.predicate == claim.predicate and o.polarity == "positive"]
        old = next((o for o in reversed(same) if normalize_text(o.object) != normalize_text(claim.object)
                    and normalize_text(claim.object) not in normalize_text(o.object)
                    and (is_exclusive(claim.predicate) or _one_thing(claim.object, o.object)
                         or len(same) == 1 and _SWITCHED.search(clause))), None)  # "We use Jira" … "we moved to Linear"
        if old is None:  # "my daily driver shell is bash" … "these days I use fish": one value of a kind at a time
            old = next((o for o in reversed(before) if o.subject == claim.subject and o.polarity == "positive"
                        and same_kind(claim.object, o.object) and normalize_text(o.object) != normalize_text(claim.object)), None)
            if old is not None:
                claim.predicate = old.predicate if old.predicate != "uses" and claim.predicate == "uses" else claim.predicate
        if old is not None:
            claim.replaces.append(old.object)
            found[i] = (claim, clause, Source.EXPLICIT_CORRECTION, hedged)


def same_kind(new: str, old: str) -> bool:
    """`new` and `old` are two values of a kind held one at a time (editor, shell, browser, phone: `resolve.ONE_AT_A_TIME`)."""
    from .resolve import _one_at_a_time  # resolve imports extract, which imports this module

    return bool(_one_at_a_time(new) & _one_at_a_time(old))


# what a switch without its attribute ("换成小鹏 P7 了", "换了一台小米 14") can have replaced: a thing held or used
_THING = ("uses", "has")
_NOT_A_THING = re.compile(r"名字|_name|年龄|age|时间|time", re.I)


def _held_thing(claim: Claim, before: Sequence[Claim]) -> Claim | None:
    """The one thing the thread's earlier claims say the user holds (a tool, a device, a car) that a switch naming
    no attribute replaces; None when there is none or more than one (the switch does not say which)."""
    held = [o for o in before if o.subject == claim.subject and o.polarity == "positive"
            and (o.predicate in _THING or o.predicate.startswith("attr:") and not _NOT_A_THING.search(o.predicate))
            and normalize_text(o.object) != normalize_text(claim.object)]
    kinds = {normalize_text(o.object) for o in held}
    if len(kinds) != 1:
        return None
    old, new = value_categories(held[-1].object), value_categories(claim.object)
    return held[-1] if old & new or not old and not new else None  # "我用 Vim" … "换了一台 MacBook": not an editor


def mark_within(found: list) -> None:
    """In place: a claim of `found` said with a switch ("换成", "upgraded to") giving another number or version of the
    thing a claim before it in the same message names replaces that claim, under its attribute."""
    for i in range(len(found) - 1, 0, -1):
        claim, clause, source, hedged = found[i]
        if claim.polarity != "positive" or claim.replaces or hedged or not _SWITCHED.search(clause):
            continue
        j = next((k for k in range(i - 1, -1, -1) if found[k][0].subject == claim.subject and found[k][0].polarity == "positive"
                  and found[k][1] != clause and normalize_text(found[k][0].object) != normalize_text(claim.object)
                  and (_one_thing(claim.object, found[k][0].object) or same_kind(claim.object, found[k][0].object))), None)
        if j is None:
            continue
        old = found.pop(j)[0]
        claim.predicate, claim.replaces = old.predicate, [old.object]
        found[i - 1] = (claim, clause, Source.EXPLICIT_CORRECTION, hedged)
