"""Does the request depend on the user only through its own topic? Its form, zh + en, without a model.

Two kinds of request speak of the user yet need nothing of the user's but what concerns their topic:

- a **how-to of the user's own** ("how do I reset my router?", "how can I get better at chess?", "我怎么才能早点睡着？",
  "我该怎么跟房东谈降租？"): the steps depend on the thing done — the router's model, the user's late nights — not on the
  user's other facts;
- a request for a **recommendation** ("recommend a podcast about history", "推荐个好看的综艺"): the pick depends on a taste
  for that kind of thing, not on a taste for another («用户最爱吃韩国料理» says nothing of variety shows).

`query_need` calls them personal, and the low personal floor lets in whichever memory the embedder puts nearest. So a
memory counts for them by meaning only when it is about the topic: its centred cosine clears `TOPIC_FLOORS` (between the
personal and the general floor), or it shares a content word with the request («User's home router is …» for "reset my
router"); a standing condition (`standing.py`: the stack for a code task, a diet for a meal) still counts as before.

`TOPIC_FLOORS` are per embedder, query language and form, chosen on the abstain sets' tune users: at or below every
relevant tune request of the form whose memory counted by meaning alone (e5, Chinese: 0.041, "租房选哪个片区通勤方便"; the
one below, "口语部分我该怎么练？" → «用户在备考雅思» at 0.036, stands out from the other memories: `STANDOUT`; MiniLM,
English recommendations: 0.305, "Recommend me a good thriller to read" → «User prefers printed large-print books»). English how-tos show no gap with MiniLM (relevant ones on the user's stack at 0.222, unrelated
memories up to 0.33), so they keep the personal floor.

Example:
    >>> asks_within_topic("how do I reset my router?"), asks_within_topic("推荐个好看的综艺")
    (True, True)
    >>> asks_within_topic("what should I cook tonight?"), asks_within_topic("帮我写个登录页")
    (False, False)
"""

from __future__ import annotations

import re
from collections.abc import Mapping

# "how do I …", "how can we …", after at most a greeting or a connective
_HOW_EN = re.compile(r"^\W*(?:(?:so|ok(?:ay)?|and|also|hey|hi|right)\W+)*how (?:do|can|could) (?:i|we)\b", re.I)
# "recommend a …", "suggest …", "which watch should I buy?", "what should I read next?"
_RECOMMEND_EN = re.compile(r"^\W*(?:(?:can|could|would) you\s+|please\s+)?(?:recommend|suggest)\b"
                           r"|\b(?:what|which) (?:[\w-]+ ){0,3}(?:should|could|do) (?:i|we) (?:buy|get|watch|read|listen to|play)\b",
                           re.I)
# 我怎么…, 我该怎么…, 咱们如何…, 怎么才能…
_HOW_ZH = re.compile(r"(?:我|咱)们?(?:该|要|应该|得)?(?:怎么|怎样|如何)|(?:怎么|如何)才能")
# 推荐个 / 推荐一本 / 推荐几首 / 推荐一下, 买什么 / 挑哪款 / 看点啥: a pick of some kind of thing; not one for someone
# else («给她买点什么补品»: it depends on her) nor "看看哪…" (look at where …)
_RECOMMEND_ZH = re.compile(r"推荐(?:个|一个|一部|一本|一款|一首|一张|几|点|一下|些)|(?<!给.)(?<!给..)(?:买|挑|选)(?:点|些)?(?:什么|啥|哪)"
                           r"|(?:看|听|读|玩)(?:点|些)?(?:什么|啥)")

#: The dense evidence a memory needs for such a request, per embedder name, query language and form (module docstring).
TOPIC_FLOORS: dict[str, dict[str, dict[str, float]]] = {
    "minilm+e5": {"en": {"recommend": 0.30}, "zh": {"how": 0.04, "recommend": 0.04}}}
#: A memory whose dense evidence is at least this multiple of every other candidate's stands out: it is about the topic
#: whatever the floor («用户在备考雅思» at 0.036 for "口语部分我该怎么练？", the next memory at 0.012).
STANDOUT = 2.0


def topic_form(text: str) -> str | None:
    """"recommend" for a request for a recommendation, "how" for a how-to of the user's own, else None."""
    if _RECOMMEND_EN.search(text) or _RECOMMEND_ZH.search(text):
        return "recommend"
    if _HOW_EN.search(text) or _HOW_ZH.search(text):
        return "how"
    return None


def asks_within_topic(text: str) -> bool:
    """Whether `text` is a how-to of the user's own or a request for a recommendation (module docstring)."""
    return topic_form(text) is not None


def topic_floor(text: str, embedder: str, lang: str,
                floors: Mapping[str, Mapping[str, Mapping[str, float]]] = TOPIC_FLOORS) -> float | None:
    """The floor a memory needs for `text` (in `lang`, embedded by `embedder`); None where the request has neither
    form or none was calibrated.

    >>> topic_floor("推荐个播客", "minilm+e5", "zh"), topic_floor("how do I reset my router?", "minilm+e5", "en")
    (0.04, None)
    """
    form = topic_form(text)
    return floors.get(embedder, {}).get(lang, {}).get(form) if form is not None else None


def about_topic(dense: Mapping[str, float], lexical: Mapping[str, float], ids: set[str], floor: float,
                standout: float = STANDOUT) -> set[str]:
    """The `ids` that are about the request's topic: dense evidence ≥ `floor` or `standout` × every other candidate's,
    a shared content word (lexical evidence > 0), or no dense evidence measured (chosen by words alone).

    >>> sorted(about_topic({"a": 0.05, "b": 0.02, "c": 0.02}, {"c": 0.2}, {"a", "b", "c"}, 0.04))
    ['a', 'c']
    >>> sorted(about_topic({"a": 0.036, "b": 0.012, "c": 0.01}, {}, {"a", "b"}, 0.04))
    ['a']
    """
    ranked = sorted(dense.values(), reverse=True)
    top = ranked[0] if ranked else 0.0
    stands_out = len(ranked) > 1 and top > 0 and top >= standout * max(ranked[1], 0.0)

    def about(i: str) -> bool:
        return dense[i] >= floor or (stands_out and dense[i] == top)

    return {i for i in ids if i not in dense or about(i) or lexical.get(i, 0.0) > 0}


__all__ = ["STANDOUT", "TOPIC_FLOORS", "about_topic", "asks_within_topic", "topic_floor", "topic_form"]
