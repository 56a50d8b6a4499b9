"""A correction said whole in one sentence: the old value in a negated clause, the new one after it (zh + en).

    "Actually, I don't live in Boston but in Chicago."      → lives_in Chicago (replaces Boston)
    "Our API isn't built on Express, it's actually Fastify." → uses Fastify (replaces Express)
    "Actually, not VS Code but IntelliJ is my main editor."  → uses IntelliJ (replaces VS Code)
    "其实我不是在广州，是在佛山。"                              → lives_in 佛山 (replaces 广州)
    "其实我家狗不叫旺财，叫来福。"                              → 狗名字 来福 (replaces 旺财)

Read by parts, so it needs nothing earlier in the conversation: the negated clause said outright ("I live in
Boston", "我在广州") is read by the grammar, and its object is the old value; the new value, said after
"but" / "it's" / "是" / "叫", takes the old value's place in that clause ("I live in Chicago") and the grammar
reads it again. Only an attribute that holds one value (a home, a name, a tool in use, …) is read so: "I don't
like tea but coffee" states two tastes, it corrects nothing.

Example:
    >>> from langmem_nodes.write import grammar
    >>> [(c.predicate, c.object, c.replaces) for c in read("Actually, I don't live in Boston but in Chicago.", grammar.parse)]
    [('lives_in', 'Chicago', ['Boston'])]
    >>> [(c.predicate, c.object, c.replaces) for c in read("其实我不是在广州，是在佛山。", grammar.parse)]
    [('lives_in', '佛山', ['广州'])]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..facts import is_exclusive
from ..records import normalize_text
from .rules import Claim

_I = re.IGNORECASE
Parse = Callable[[str], Sequence[Claim]]

#: what a one-sentence correction may replace: one value at a time, or the tool / allergen the user names
_REPLACEABLE = frozenset({"uses", "allergy"})
#: the sentence says it corrects something ("actually", "其实") even without a correction marker at its start
MARKED = re.compile(r"\bactually\b|\bin fact\b|其实|实际上", _I)

_LEAD = re.compile(r"^(?:(?:actually|no|nope|sorry|oh|ah|wait|well|correction|just to correct|to be clear|"
                   r"其实|实际上|不对|哦|噢|啊|呃|更正(?:一下)?|纠正(?:一下)?)(?![A-Za-z])[\s,，:：!！-]*)+", _I)
_TRAIL = re.compile(r"[\s.!?。！？~～…]+$")

# "I don't live in Boston but in Chicago", "Our API isn't built on Express, it's actually Fastify"
_EN = re.compile(r"^(?P<s>.*?)(?P<neg>\b(?:don'?t|doesn'?t|do not|does not|isn'?t|is not|aren'?t|are not|wasn'?t|was not)|"
                 r"'m not|\bam not)\s+(?P<rest>(?!(?:really|very|that|so|too|sure)\b)\S.*?)"
                 r"(?:\s*[,;—–]\s*|\s+)(?:but|it'?s|it is|they'?re|they are|rather|i'?m|i am|we'?re|we are)\s+"
                 r"(?:(?:actually|really|rather|just|now)\s+)*(?P<new>\S.*)$", _I)
_EN_AFFIRM = {"don't": "", "dont": "", "do not": "", "doesn't": "", "doesnt": "", "does not": "",
              "isn't": " is", "isnt": " is", "is not": " is", "aren't": " are", "arent": " are", "are not": " are",
              "wasn't": " was", "wasnt": " was", "was not": " was", "'m not": "'m", "am not": " am"}
# "Actually, not VS Code but IntelliJ is my main editor"
_EN_NOT_BUT = re.compile(r"^not\s+(?P<old>\S.*?)\s*,?\s+but\s+(?P<new>\S.*)$", _I)

# "我不是在广州，是在佛山", "我家狗不叫旺财，叫来福", "我们后端不用 Java，而是用 Go"
_ZH = re.compile(r"^(?P<s>[^，,。；;]*?)(?P<neg>不是|不)(?P<rest>[^，,。；;不]+?)\s*[，,；;—]+\s*"
                 r"(?:而|但|但是|其实|实际上|应该)*(?P<new>[^，,。；;]+)$")


def read(sentence: str, parse: Parse) -> list[Claim]:
    """The claims of a sentence that corrects a value by negating it and naming the new one; [] otherwise."""
    text = _TRAIL.sub("", _LEAD.sub("", sentence.strip()))
    if m := _EN_NOT_BUT.match(text):
        return _not_but(m.group("old"), m.group("new"), parse)
    if m := _EN.match(text):
        neg = m.group("neg").lower().replace("’", "'")
        s, rest = m.group("s"), m.group("rest")
        said = [f"{s}{_EN_AFFIRM[neg]} {rest}"]
        if neg.startswith("do"):  # "our API doesn't use Express" → "our API uses Express"
            said.append(f"{s} {_third_person(rest)}")
        return _substituted(said, m.group("new"), parse)
    if m := _ZH.match(text):
        s, rest = m.group("s"), m.group("rest")
        said = [f"{s}{rest}", f"{s}是{rest}"] if m.group("neg") == "不是" else [f"{s}{rest}"]
        return _substituted(said, re.sub(r"^是(?=\S)", "", m.group("new").strip()), parse)
    return []


def _substituted(said: list[str], new: str, parse: Parse) -> list[Claim]:
    """The negated clause's claim with the new value in the old value's place."""
    new = new.strip()
    for text in said:
        text = re.sub(r"\s+", " ", text).strip()
        old = next((c for c in parse(text) if _replaceable(c) and c.polarity == "positive"
                    and normalize_text(c.object) and normalize_text(c.object) in normalize_text(text)), None)
        if old is None:
            continue
        at = text.casefold().rfind(old.object.casefold())
        if at < 0:
            continue
        prefix, suffix = text[:at], text[at + len(old.object):]
        value = _without_overlap(prefix, new)
        if not value or normalize_text(value) == normalize_text(old.object):
            return []
        # "I'm a paramedic" said whole, else the new value in the old one's place ("我在天津上班", "I live in Chicago")
        for again_text in (value, f"{prefix}{value}{suffix}", f"{prefix}{value}"):
            again = [c for c in parse(again_text.strip())
                     if (c.subject, c.predicate, c.polarity) == (old.subject, old.predicate, old.polarity)
                     and normalize_text(c.object) != normalize_text(old.object)]
            if again:
                again[0].replaces.append(old.object)
                return again[:1]
        return []
    return []


def _not_but(old: str, new: str, parse: Parse) -> list[Claim]:
    """"not VS Code but IntelliJ is my main editor": the clause after "but" holds the new value."""
    claims = [c for c in parse(new.strip()) if _replaceable(c) and c.polarity == "positive"
              and normalize_text(c.object) != normalize_text(old)]
    if not claims or not normalize_text(new).startswith(normalize_text(claims[0].object)[:3]):
        return []
    claims[0].replaces.append(old.strip())
    return claims[:1]


def _replaceable(c: Claim) -> bool:
    return c.predicate in _REPLACEABLE or (is_exclusive(c.predicate) and c.predicate not in ("rule", "states"))


_TOKEN = re.compile(r"[A-Za-z0-9'+#.-]+|[\u4e00-\u9fff]")


def _without_overlap(prefix: str, new: str) -> str:
    """`new` without the words it repeats from the end of `prefix` ("I live in " + "in Chicago" → "Chicago",
    "我在" + "在佛山" → "佛山", "我家狗叫" + "叫来福" → "来福")."""
    head, tail = _TOKEN.findall(prefix.casefold()), list(_TOKEN.finditer(new))
    for k in range(min(3, len(head), len(tail) - 1), 0, -1):
        if [t.group(0).casefold() for t in tail[:k]] == head[-k:]:
            return new[tail[k].start():].strip()
    return new.strip()


def _third_person(rest: str) -> str:
    verb, _, after = rest.partition(" ")
    if re.search(r"(?:s|sh|ch|x|z|o)$", verb, _I):
        verb += "es"
    elif re.search(r"[^aeiou]y$", verb, _I):
        verb = verb[:-1] + "ies"
    else:
        verb += "s"
    return f"{verb} {after}".strip()


__all__ = ["MARKED", "read"]
