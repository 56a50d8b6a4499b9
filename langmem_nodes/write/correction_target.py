"""Which earlier claim a corrected value replaces, by the kind of value it is (zh + en).

A correction often gives only the new value ("哦不对，是四岁", "typo, it's 王蕾", "I've switched to the iPhone
already"). Of the claims the conversation made before, it replaces, in order: the one whose value the
sentence names ("Porto, not Lisbon"); one holding a value of the same kind (an age replaces an age, never a
name); one spelled nearly the same (a typo: 王磊 → 王蕾, Sara → Sarah); a place for a place; else the latest.

Example:
    >>> from langmem_nodes.write.rules import Claim
    >>> said = [Claim("user", "role", "运营"), Claim("user", "name", "王磊")]  # latest first
    >>> pick(said, "王蕾", []).predicate, pick([Claim("user", "has", "狗"), Claim("user", "attr:狗年龄", "三岁")], "四岁", []).object
    ('name', '三岁')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from difflib import SequenceMatcher

from ..categories import holds_category, value_categories
from ..records import normalize_text
from . import correction_slot, kin_age
from . import lexicon as lx
from .places import is_place
from .rules import Claim, clean_object

_PLACE_PREDICATES = frozenset({"lives_in", "works_in", "from"})
# what is left of a slip word once its marker is read ("老有人写错" → 错): no value
_SLIP = re.compile(r"^(?:错|错了|错字|写错|打错|说错|记错|口误|typo|typos|mistake|wrong)$", re.I)
# "我已经换 iPhone 了", "跳槽去字节了", "已经升到 3.2 了", "I've switched to Helix already", "we upgraded to 3.12":
# the value switched to, said alone
_SWITCHED_TO = re.compile(
    r"^(?:我们?|咱们)?(?:组|团队|公司|项目|这边)?(?:其实|早就|已经|现在|最近|后来|上个?月|去年)*(?:从\s*[^，,。\s]{1,20}?\s*)?"
    r"(?:(?:换|改|切|转)(?:成|到|用)?|跳槽(?:去|到)|搬(?:去|到)|(?:升|降)级?(?:到|成)|迁(?:移)?(?:到|去))了?\s*(?P<z>[A-Za-z][\w.+#-]*(?:\s+[\w.+#-]+){0,2}?|"
    r"[\u4e00-\u9fff]{2,6}?)\s*(?:了|啦)?$|"
    r"^(?:i|we)(?:'ve| have)?\s+(?:already\s+|actually\s+|since\s+)*(?:switched|moved|changed|migrated|upgraded|bumped|downgraded|updated)\s+(?:(?:it|over)\s+)?to\s+"
    r"(?P<e>[\w.+#-]+(?:\s+[\w.+#-]+){0,2}?)(?:\s+(?:already|now|a while ago|since))?$", re.I)


_COUNT = re.compile(r"[1-9]\d?|[一二两三四五六七八九十]{1,3}|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|"
                    r"two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen", re.I)
_NUMERAL = re.compile(r"\d|[一二两三四五六七八九十]")


def bare_count(part: str) -> bool:
    """The part is a count alone ("thirty", "三十了", "41"): with an apology, an age said again."""
    return bool(_COUNT.fullmatch(re.sub(r"(?:了|啦)$", "", part.strip(" \t.,;:!?。，；：！？"))))


def aged(old: str, value: str) -> str:
    """A bare count said for an age in years keeps the unit ("三十" for "二十九岁" → "三十岁"); `value` otherwise."""
    return f"{value}岁" if _COUNT.fullmatch(value.strip()) and re.search(r"[\d一二两三四五六七八九十]岁$", old.strip()) and not value.isascii() else value


def slip(obj: str) -> bool:
    """An object that is only the slip word the correction said ("错"), not a value."""
    return bool(_SLIP.match(obj.strip()))


def switched_to(clause: str) -> str:
    """The value of "我已经换 iPhone 了" / "we've already moved to fly.io"; "" when the clause is no switch."""
    m = _SWITCHED_TO.match(clause.strip(" \t.,;:!?。，；：！？"))
    return clean_object(m.group("z") or m.group("e")) if m else ""


# a slip of the tongue or pen, not a change over time: "说错了", "I meant", "typo"
_ERROR = re.compile(r"不对|说错|记错|搞错|写错|打错|口误|错了|应该是|\bi meant\b|\btypo\b|\bwrong\b|\bmistake\b|\bmisspoke\b", re.I)


def is_switch(clause: str, sentence: str = "") -> bool:
    """A change over time ("最近改用 VS Code 了", "I switched to Helix"), not a slip the user fixes ("不对，是 Helix")."""
    return bool(switched_to(clause) or lx.CURRENT.search(clause)) and not _ERROR.search(sentence or clause)


def same_kind(claim: Claim, kinds: set[str]) -> bool:
    """Whether `claim` holds a value of one of `kinds` (`categories.CATEGORIES`: editor, database, …)."""
    return any(holds_category(k, claim.predicate, claim.object, claim.object) for k in kinds)


def other_kind(claim: Claim, last: Claim, clause: str) -> bool:
    """Whether `claim`, a value of a known kind ("VS Code": an editor), cannot replace `last`: `last` holds another
    known kind ("Postgres" for "Helix"), or none while the clause is a switch ("最近改用 VS Code 了" after "I drink coffee")."""
    kinds = value_categories(claim.object)
    if not kinds or same_kind(last, kinds):
        return False
    return bool(value_categories(last.object)) or is_switch(clause)


def kind_switched(claim: Claim, clause: str, sentence: str = "") -> bool:
    """A switch to a value of a known kind ("最近改用 VS Code 了"): it names its own attribute, so it puts in doubt
    no value of another one."""
    return bool(value_categories(claim.object)) and is_switch(clause, sentence)


def kind_switch(value: str, read: Callable[[str], list[Claim]]) -> list[Claim]:
    """A switch to a value of a known kind that corrects no earlier claim ("最近改用 VS Code 了" after "I drink
    coffee", or said first): the plain statement of its use, read by `read` ("我用 VS Code", "I use Helix")."""
    value = clean_object(value)
    if not value_categories(value) or len(value) > 40:
        return []
    said = read(("我用" if re.search(r"[\u4e00-\u9fff]", value) or not value.isascii() else "I use ") + value)
    return [c for c in said if c.predicate == "uses" and normalize_text(c.object) == normalize_text(value)][:1]


def _similar(a: str, b: str) -> float:
    a, b = normalize_text(a), normalize_text(b)
    if not a or not b or a == b or len(a) > 24 or len(b) > 24:
        return 0.0
    return SequenceMatcher(None, a, b).ratio()


def pick(candidates: Sequence[Claim], value: str, named: Sequence[str], *, age: bool = False,
         switch: bool = False) -> Claim | None:
    """The claim `value` corrects; `candidates` latest first, `named` the old values the sentence names, `age`:
    the value was said as an age ("他六岁了", "she's 5", "四岁"), `switch`: the clause is a switch (`is_switch`),
    which replaces only a value of the same kind (`same_kind`)."""
    if not candidates:
        return None
    if hit := next((c for c in candidates if any(n and n in normalize_text(c.object) for n in named)), None):
        return hit
    if switch and (kinds := value_categories(value)):
        return next((c for c in candidates if same_kind(c, kinds)), None)
    value = clean_object(value)
    aged = [c for c in candidates if kin_age.holds_age(c.predicate)]
    # a bare count ("三十", "thirty") is an age when an age is the only number said before
    counted = bool(_COUNT.fullmatch(value)) and bool(aged) and not any(
        _NUMERAL.search(c.object) for c in candidates if c not in aged)
    if age or counted or kin_age.is_age(value):
        # an age replaces an age, never a name or a tool ("叫团子，三岁" … "我家的叫糯米，五岁了")
        return aged[0] if aged else None
    else:  # a name or a tool never replaces an age
        candidates = [c for c in candidates if c not in aged]
        if not candidates:
            return None
    near = max(candidates, key=lambda c: _similar(value, c.object))
    if _similar(value, near.object) >= 0.5:
        return near
    place = is_place(value)
    return (next((c for c in candidates if place and c.predicate in _PLACE_PREDICATES), None)
            or next((c for c in candidates if not place and c.predicate not in _PLACE_PREDICATES), None)
            or candidates[0])


_FIRST_PERSON = re.compile(r"^(?:i\b|i'|my\b|we\b|our\b|我)", re.I)
_CLAUSES = re.compile(r"[,，.。!！?？;；]\s*")


def resaid(new: str, olds: Sequence[str], earlier: Sequence[str],
           read: Callable[[str], list[Claim]]) -> list[Claim]:
    """A correction that names the old value of a sentence nothing was read from ("我每周跑步三次" … "说错了，是
    游泳，不是跑步"): that sentence said again with the new value. Its claims that hold the new value, else the
    re-said first-person clause as a statement; each replaces the old value. `earlier`: user turns, latest first."""
    new = clean_object(new)
    for text in earlier:
        for clause in _CLAUSES.split(text):
            clause = clause.strip()
            old = next((o for o in olds if o and len(o) >= 2 and o.lower() in clause.lower()), "")
            if not old or not _FIRST_PERSON.match(clause) or len(clause) > 60 or not new:
                continue
            put = correction_slot.in_place(new, new, [clause], old)  # "at 10" for "9:30": the time, not "at at 10"
            again = put[0] if put else re.sub(re.escape(old), lambda _m: new, clause, flags=re.I)
            claims = [c for c in read(again) if normalize_text(new) in normalize_text(c.object)]
            if not claims:
                subject = "project" if re.match(r"^(?:we\b|we'|our\b|我们|咱们)", clause, re.I) else "user"
                claims = [Claim(subject, "states", clean_object(again), "positive", "fact")]
            for c in claims:
                c.replaces.append(old)
            return claims
    return []
