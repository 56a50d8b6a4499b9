"""A value the user stated earlier in the thread, now said with "not", and another value beside it: a correction
(zh + en).

"I like running" … "honestly I don't like running, I like cycling", "我喜欢吃辣" … "其实我不太能吃辣，我喜欢吃甜的":
the message takes the earlier value back and gives the one that holds instead. The positive claim of the same
attribute in the message is an `explicit_correction` replacing the earlier value, and so is the negation. A
negation alone ("I don't like running anymore") is left as it is: it already contradicts the earlier value.

    >>> from .rules import Claim
    >>> before = [Claim("user", "prefers", "running", "positive", "preference")]
    >>> found = [(Claim("user", "prefers", "running", "negative", "preference"), "I don't like running", Source.INFERRED, False),
    ...          (Claim("user", "prefers", "cycling", "positive", "preference"), "I like cycling", Source.INFERRED, False)]
    >>> mark(found, before); [(c.object, c.replaces, s.value) for c, _, s, _ in found]
    [('running', [], 'explicit_correction'), ('cycling', ['running'], 'explicit_correction')]
    >>> other = [(Claim("user", "prefers", "tea", "negative", "preference"), "I don't like tea", Source.INFERRED, False),
    ...          (Claim("user", "prefers", "cycling", "positive", "preference"), "I like cycling", Source.INFERRED, False)]
    >>> mark(other, before); [s.value for _, _, s, _ in other]
    ['inferred', 'inferred']
"""

from __future__ import annotations

from collections.abc import Sequence

from ..records import Source, normalize_text
from .rules import Claim


def mark(found: list, before: Sequence[Claim]) -> None:
    """In place: see the module doc. `before`: the thread's earlier user claims, in order."""
    for i, (claim, clause, _source, hedged) in enumerate(found):
        if claim.polarity != "negative" or hedged:
            continue
        said = normalize_text(claim.object)
        old = next((o for o in reversed(before) if o.subject == claim.subject and o.polarity == "positive" and said
                    and (normalize_text(o.object) == said or said in normalize_text(o.object))), None)
        if old is None:
            continue
        new = [j for j, (c, _, _, h) in enumerate(found) if j != i and not h and c.polarity == "positive"
               and c.subject == old.subject and c.predicate == old.predicate and normalize_text(c.object) != said
               and said not in normalize_text(c.object)]
        if len(new) != 1:
            continue
        j = new[0]
        found[i] = (claim, clause, Source.EXPLICIT_CORRECTION, hedged)
        c, q, _, h = found[j]
        if old.object not in c.replaces:
            c.replaces.append(old.object)
        found[j] = (c, q, Source.EXPLICIT_CORRECTION, h)
        return


__all__ = ["mark"]
