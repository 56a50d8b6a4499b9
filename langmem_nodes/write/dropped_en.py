"""English: a tool the team gave up ("we ditched Jenkins", "our team moved off MongoDB", "we got rid of Heroku").

Read by parts: the verb says the tool was given up (never "stopped the deploy" or "dropped the ball": the object
must be a tool's name), the object is a tool and not a version ("we dropped 3.10" narrows what is supported).
When the clause names what replaced it ("… for Vite", "… everything is on Render now") only the replacement is
a fact; a replacement in a later clause of the sentence replaces the negative there (`NO_LONGER`).

Example:
    >>> [(c.subject, c.object, c.polarity) for c in given_up("ditched Jenkins last quarter")]
    [('project', 'Jenkins', 'negative')]
    >>> [(c.object, c.polarity, c.replaces) for c in given_up("ditched Webpack for Vite")]
    [('Vite', 'positive', ['Webpack'])]
    >>> given_up("dropped the ball"), given_up("dropped Python 3.8")
    ([], [])
"""

from __future__ import annotations

import re

from .rules import Claim

_I = re.IGNORECASE

# the verbs that always mean a tool was given up ("stopped" alone may be a task, "left" a company)
_GAVE_UP = re.compile(r"^(?:stopped\s+using|quit\s+using|ditched|dropped|abandoned|moved\s+(?:off(?:\s+of)?|away\s+from)|"
                      r"migrated\s+(?:off(?:\s+of)?|away\s+from)|switched\s+away\s+from|got\s+rid\s+of|phased\s+out|"
                      r"have\s+(?:stopped\s+using|ditched|dropped|abandoned|moved\s+off|got(?:ten)?\s+rid\s+of|phased\s+out))\s+", _I)
#: the verbs of `_GAVE_UP` in a clause: a negative there is a past value that a later clause's value replaces
NO_LONGER = re.compile(r"\b(?:ditched|dropped|abandoned|moved\s+(?:off|away\s+from)|migrated\s+(?:off|away\s+from)|"
                       r"switched\s+away\s+from|got\s+rid\s+of|phased\s+out|stopped\s+using|quit\s+using)\b", _I)
# the same in either language, for a later sentence's replacement ("我们已经弃用 Heroku 了。现在我们用 Render。")
_GAVE_UP_ANY = re.compile(NO_LONGER.pattern + r"|弃用|停用|淘汰|不再用|不再使用|放弃(?:了|使用)", _I)
# a version, not a tool: "3.10", "Python 3.8", "node 16", "v2"
_VERSION = re.compile(r"^(?:[\w.+#-]+\s+)?v?\d+(?:\.\d+)*(?:\.x)?$", _I)
# when or why, after the tool: "MongoDB earlier this year", "Heroku after the free tier went away"
_WHEN = re.compile(r"\s+(?:earlier|after|before|once|around|back|during|ages|years?|months?|weeks?|since|due|thanks)\b.*$", _I)
# what it was given up for, in the same clause: "for Vite", "in favour of pnpm"
_FOR = re.compile(r"^\s*,?\s+(?:for|in\s+favou?r\s+of)\s+(?P<o>.+)$", _I)


def given_up(rest: str) -> list[Claim]:
    """The project's claims of `rest` (the clause after its team holder) when it says a tool was given up, else []."""
    from .clause_en import is_tool_name, object_span  # clause_en calls this module

    m = _GAVE_UP.match(rest)
    if not m:
        return []
    text = rest[m.end():]
    obj = _WHEN.sub("", re.sub(r"^(?:the|our|all|all\s+our|all\s+the)\s+", "", object_span(text), flags=_I))
    if not obj or len(obj.split()) > 3 or _VERSION.match(obj) or not _names_a_tool(obj, is_tool_name):
        return []
    after = text[text.lower().find(obj.lower()) + len(obj):] if obj.lower() in text.lower() else ""
    if (swap := _FOR.match(after)) and (new := object_span(swap.group("o"))) and _names_a_tool(new, is_tool_name):
        claim = Claim("project", "uses", new, "positive", "fact")
        claim.replaces.append(obj)
        return [claim]
    return [Claim("project", "uses", obj, "negative", "fact")]


def _names_a_tool(obj: str, is_tool_name) -> bool:  # noqa: ANN001
    """A known tool or one by shape ("k3s"), or a capitalised name ("Travis CI"), not an acronym alone ("PR")."""
    return bool(is_tool_name(obj) or re.match(r"^(?-i:[A-Z][a-z][\w.+#-]*)(?:\s+[\w.+#-]+){0,2}$", obj))


def replaced_later(found: list[tuple]) -> None:
    """"We dropped Heroku. Everything runs on Render now.": a tool the team gave up, then the one it is on now (a
    later sentence of the message, said as current, i.e. marked explicit): only the new tool is a fact, and it replaces the old one.
    `found` holds (claim, quote, …) in message order; changed in place."""
    from .lexicon import CURRENT

    for i in range(len(found) - 1, -1, -1):
        old, quote = found[i][0], found[i][1]
        if old.subject != "project" or old.polarity != "negative" or old.predicate != "uses" or not _GAVE_UP_ANY.search(quote):
            continue
        new = next((c for c, q, source, *_ in found[i + 1:] if c.subject == "project" and c.polarity == "positive"
                    and c.predicate in ("uses", "package_manager")
                    and (CURRENT.search(q) or getattr(source, "value", source) in ("explicit", "explicit_correction"))), None)
        if new is not None:
            new.replaces.append(old.object)
            del found[i]
