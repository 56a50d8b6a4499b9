"""The slot a correction names by its topic noun, in other words than the statement it corrects (zh + en).

"I drive a Toyota" … "no wait, the car's a Honda" and "我开丰田车" … "不对，我的车是本田" restate the slot with a
noun (car, 车) where the first statement used a verb; the slot is the earlier claim whose attribute that noun
names (`attr:car`, `attr:车`), or a claim of an attribute the noun stands for ("my job" for a role, "my city" for
where the user lives). Parts:

- `topic_value`: (topic, value) of "the car's a Honda Civic actually", "my car is a Honda", "我的车是本田", "车是本田的";
- `topic`: the bare noun of a topic phrase ("my car" → "car", "我的车" → "车");
- `names_slot`: whether the noun names a claim's attribute.

Example:
    >>> from langmem_nodes.write.rules import Claim
    >>> topic_value("the car's a Honda Civic actually"), topic_value("车是本田的")
    (('car', 'Honda Civic'), ('车', '本田'))
    >>> names_slot("my car", Claim("user", "attr:car", "Toyota")), names_slot("我的车", Claim("user", "attr:车", "丰田车"))
    (True, True)
    >>> names_slot("job", Claim("user", "role", "nurse")), names_slot("car", Claim("user", "lives_in", "Oslo"))
    (True, False)
"""

from __future__ import annotations

import re

from .rules import Claim

_I = re.IGNORECASE
_TOPIC_EN = re.compile(
    r"^(?:(?:the|my|our)\s+)(?P<t>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)(?:'s|\s+is|\s+was)\s+(?:actually\s+|really\s+|in fact\s+)?"
    r"(?:an?\s+|the\s+)?(?P<o>(?!not\b|also\b|too\b|very\b|so\b)[^,;]{1,40}?)(?:\s+(?:actually|really|lol|haha|tbh|now))*$", _I)
_TOPIC_ZH = re.compile(r"^(?:我的?|我们的?|咱们的?)?(?P<t>[\u4e00-\u9fff]{1,4}?)(?:其实|实际上)?(?:是|用的是)"
                       r"(?P<o>[A-Za-z0-9][\w .+#-]{0,20}?|[\u4e00-\u9fff]{1,8}?)(?:的)?(?:啦|了|呀)?$")
_LEAD = re.compile(r"^(?:(?:the|my|our)\s+)|^(?:我们的?|咱们的?|我的?)", _I)
# attributes a noun stands for, beside an `attr:NOUN` of its own
_STANDS_FOR = {
    "job": ("role",), "work": ("role", "works_at"), "title": ("role",), "position": ("role",), "role": ("role",),
    "company": ("works_at",), "employer": ("works_at",), "office": ("works_in",),
    "city": ("lives_in",), "town": ("lives_in",), "home": ("lives_in",), "place": ("lives_in",),
    "name": ("name",), "diet": ("diet",), "allergy": ("allergy",), "age": ("age", "attr:年龄"),
    "工作": ("role", "works_at"), "职业": ("role",), "公司": ("works_at",), "单位": ("works_at",),
    "城市": ("lives_in",), "家": ("lives_in",), "名字": ("name",), "年龄": ("age", "attr:年龄"),
}


def topic(term: str) -> str:
    """The bare noun of a topic phrase: "my car" → "car", "我的车" → "车"."""
    return _LEAD.sub("", term.strip()).strip()


def topic_value(clause: str) -> tuple[str, str]:
    """(topic noun, value) of a clause that gives a value for a named topic; ("", "") when it is none."""
    clause = clause.strip(" \t.,;:!?。，；：！？")
    m = _TOPIC_EN.match(clause) or _TOPIC_ZH.match(clause)
    if not m or m.group("t").casefold() in ("one", "other", "thing", "problem", "point", "plan", "idea"):
        return "", ""
    return topic(m.group("t")), m.group("o").strip()


def names_slot(term: str, claim: Claim) -> bool:
    """The topic noun names the claim's attribute (`attr:car` for "car", "车" for `attr:车`)."""
    noun = topic(term).casefold()
    if not noun:
        return False
    pred = claim.predicate.casefold()
    if pred.startswith("attr:"):
        words = re.split(r"[_\s]+", pred[5:])
        if noun in words or noun.replace(" ", "_") == pred[5:] or (re.search(r"[\u4e00-\u9fff]", noun) and noun in pred[5:]):
            return True
    return pred in _STANDS_FOR.get(noun, ())


__all__ = ["names_slot", "topic", "topic_value"]
