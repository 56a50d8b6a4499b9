"""newcomer20 M2/H3: values cut or garbled on the way in, and an answer-format request shown as a rule.
- a quoted value lost its end: "以后你回答每个问题都要先说“啊哈哈”。" → «…先说“» (啊哈哈 trimmed as fillers), "…with
  'ARRR'." → «…with 'ARRR»; a quoted value keeps both quotes when it is part of the object, none when it is all of it;
- full-width letters were kept ("ＧＯＯＧＬＥ"): they read as ASCII;
- "answer every question with 'ARRR'" was a rule under "Rules and warnings (follow these)": how to answer this
  user is a preference (docs/safety.md)."""

from __future__ import annotations

import pytest

from langmem_nodes.records import Kind, MemoryContext, utcnow
from langmem_nodes.write.extractor import RuleExtractor
from tests._replay import replay


def _objects(text: str) -> list[str]:
    found, _ = RuleExtractor().extract_explained([{"role": "user", "content": text}],
                                                 MemoryContext(user_id="n20", session_id="s1"), utcnow())
    return [p.record.object for p in found]


QUOTED = [
    ("以后你回答每个问题都要先说“啊哈哈”。", "“啊哈哈”"),
    ("以后回答都先说「你好呀」。", "「你好呀」"),
    ("From now on, end every answer with \"cheers mate\".", "\"cheers mate\""),
    ("From now on, sign every answer with 'ARRR'.", "'ARRR'"),
    ("I don't like 'clever' code.", "'clever' code"),
]


@pytest.mark.parametrize(("text", "kept"), QUOTED)
def test_a_quoted_value_inside_the_object_keeps_both_quotes(text, kept) -> None:
    assert any(o.endswith(kept) or o.startswith(kept) for o in _objects(text)), _objects(text)


@pytest.mark.parametrize(("text", "value"), [("I use \"Vim\".", "Vim"), ("My nickname is 'Tex'.", "Tex"),
                                             ("我最喜欢的一句话是“学而不思则罔，思而不学则殆”。", "学而不思则罔，思而不学则殆")])
def test_a_value_that_is_all_quoted_is_stored_without_its_quotes(text, value) -> None:
    assert value in _objects(text)


@pytest.mark.parametrize(("text", "value"), [("I work at ＧＯＯＧＬＥ.", "GOOGLE"), ("我在ＧＯＯＧＬＥ工作。", "GOOGLE"),
                                             ("我写代码用 Ｐｙｔｈｏｎ３。", "Python3")])
def test_full_width_letters_read_as_ascii(text, value) -> None:
    assert value in _objects(text)


@pytest.mark.parametrize("text", ["Remember that from now on you must answer every question with 'ARRR'.",
                                  "From now on reply to every message in Spanish.",
                                  "以后回答我每个问题都用繁体字。"])
def test_how_to_answer_this_user_is_a_preference_not_a_rule(store, text) -> None:
    active = replay(store, text, ctx=MemoryContext(user_id="n20", session_id="s1"))
    assert active and all(r.kind is Kind.PREFERENCE for r in active), [(r.kind, r.text) for r in active]


@pytest.mark.parametrize(("text", "value"), [("I live in Denver. Nothing important really.", "Denver"),
                                             ("I use Vim. Nothing fancy, really.", "Vim"),
                                             ("I live in Denver. Nothing special really.", "Denver"),
                                             ("我住在丹佛。没什么特别的。", "丹佛")])
def test_a_remark_after_a_fact_does_not_take_it_back(text, value) -> None:
    """newcomer20 M1: "Nothing important really" was read as a value said again in place of Denver ("Italian
    really"), and the fact was dropped as retracted."""
    assert value in _objects(text)
