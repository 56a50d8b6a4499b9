"""Code-switched clauses (中英夹杂, newcomer14 M4): a clause mixing the two scripts stored nothing ("no parse")
when its function words were in one language and its content in the other. They are read in one language's
frame now (write/codeswitch.py); a mixed clause no frame reads, or one about someone else, still stores nothing."""

from __future__ import annotations

import pytest

from langmem_nodes.write import codeswitch
from langmem_nodes.write.extractor import RuleExtractor

CASES = [  # (text, predicate, value)
    # a Chinese frame word with English content
    ("My dog 叫 Biscuit", "attr:dog_name", "Biscuit"),
    ("我的 manager 叫 Tom", "attr:manager_name", "Tom"),
    ("我是 backend engineer", "role", "backend engineer"),
    ("我 currently 住在 Toronto", "lives_in", "Toronto"),
    # an English frame word with Chinese content, or English frame words around a Chinese holder
    ("我 live in Berlin", "lives_in", "Berlin"),
    ("我现在 based in Berlin", "lives_in", "Berlin"),
    ("我的 dog's name is Biscuit", "attr:dog_name", "Biscuit"),
    ("My 猫 is called Tofu", "attr:猫名字", "Tofu"),
    ("最近 switch 到 Arch Linux 了", "uses", "Arch Linux"),
]


@pytest.mark.parametrize("text, predicate, value", CASES)
def test_a_code_switched_fact_is_stored(text, predicate, value):
    found, skips = RuleExtractor().analyse(text)
    assert [(c.subject, c.predicate, c.object, c.polarity) for c, *_ in found] == [("user", predicate, value, "positive")], (found, skips)


@pytest.mark.parametrize("text", [
    "My friend 住在 Paris",          # someone else's fact
    "他的 dog 叫 Max",
    "Tom 是 a backend engineer",
    "今天 I ate 饺子 for lunch",     # a one-off
    "我刚刚 had a latte",
])
def test_a_mixed_clause_about_others_or_once_stores_nothing(text):
    found, _ = RuleExtractor().analyse(text)
    assert found == [], found


def test_frames_keep_the_content_words_as_said():
    assert codeswitch.frames("My dog 叫 Biscuit")[0] == "My dog is called Biscuit"
    assert "我的猫叫Tofu" in codeswitch.frames("My 猫 is called Tofu")
    assert codeswitch.in_english("他的 dog 叫 Max") == []  # a Chinese run with content: no English frame
    assert codeswitch.frames("I live in Berlin") == [] and codeswitch.frames("我住在北京") == []
    assert not codeswitch.said_in("is called", "My dog 叫 Biscuit")
