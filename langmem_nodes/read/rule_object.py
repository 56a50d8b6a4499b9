"""Does a rule the user gave govern this request? By the thing the rule is about, zh + en, without a model.

A rule («Stories for the kids must never include monsters», «给用户写邮件时要用正式的语气», «用户要求 SQL 里不准用
SELECT *») governs every request about its object, however the request is worded: "make up a bedtime story about a
fox", "帮我写封邮件约客户开会", "写个 SQL 查上个月的订单". Its meaning is mostly the rule's manner (never, formal, 不准),
which a request does not share, so its dense evidence is low; the object is a word the two share. So a rule counts
relevant for a request that names one of its content words other than the rule's own vocabulary (never, must,
always, user, 用户, 要求, 必须, …: "I always forget my keys" names no object of «Always give prices in dollars»).

A rule is a memory of kind `rule`, or one stated as one (must, never, always, only, avoid; 必须, 不要, 禁止, 只, 统一, "…时要…").

Example:
    >>> from langmem_nodes.records import MemoryRecord, Scope
    >>> from langmem_nodes.read.relevance import content_terms
    >>> rule = MemoryRecord(text="Song suggestions must always include the release year", scope=Scope(user_id="a"))
    >>> governs(rule, content_terms("suggest some songs for a road trip")), governs(rule, content_terms("I always lose my keys"))
    (True, False)
"""

from __future__ import annotations

import re
from collections.abc import Collection

from ..english_stem import suffix_stem
from ..records import Kind, MemoryRecord
from ..text import tokenize

_STATED_AS_RULE = re.compile(r"\b(?:must|never|always|only|avoid|don'?t|do not|no more than|at most)\b"
                             r"|必须|不要|不准|不能用|禁止|只用|只推荐|只推|统一|一律|要求|别用|时(?:要|得|请|都|一律)", re.I)
# the rule's own vocabulary: how it binds, whom it binds, not what it is about (tokens as `tokenize` gives them
# with the stemmer of `relevance.content_terms`, which the request's terms come from)
_RULE_WORDS = frozenset(tokenize(
    "must never always only avoid don't do not no more than at most want wants wanted user user's users prefer "
    "prefers use uses using include includes give gives make makes keep keeps write writes should need needs new "
    "please ask asking first all every any when whenever suggest suggestion suggestions recommend recommends answer "
    "answers reply replies this that these those them their it its for with without in on of to from by the a an "
    # when, not what: "currently working through Le Guin" does not make a rule about the current supplier
    "current currently now recently still usually often sometimes today later",
    stemmer=suffix_stem))
_RULE_WORDS_ZH = re.compile(r"户|要求|必须|不要|不准|禁止|只用|统一|一律|所有|时候|别用|推荐|尽量|希望")
# a bigram holding a function character spans two words ("用正式" gives «用正»): a match by chance
_FUNCTION_ZH = re.compile(r"[的了吗呢吧啊呀嘛在不是有和与时要用先里准须所求给]")


def is_rule(rec: MemoryRecord) -> bool:
    """A memory of kind `rule` or one stated as a rule (module docstring)."""
    return rec.kind is Kind.RULE or bool(_STATED_AS_RULE.search(rec.text))


def _object_terms(text: str) -> set[str]:
    """The rule's content terms: its words and Chinese bigrams, without the rule's own vocabulary."""
    out = set()
    for t in tokenize(text, stemmer=suffix_stem):
        cjk = "\u3400" <= t[0] <= "\u9fff"
        if (cjk and (len(t) < 2 or _RULE_WORDS_ZH.search(t) or _FUNCTION_ZH.search(t))) or (not cjk and (t in _RULE_WORDS or len(t) < 3)):
            continue
        out.add(t)
    return out


def governs(rec: MemoryRecord, query_terms: Collection[str]) -> bool:
    """Whether the rule `rec` is about something the request (its `relevance.content_terms`) names."""
    return is_rule(rec) and bool(_object_terms(rec.text) & set(query_terms))


__all__ = ["governs", "is_rule"]
