"""One fact said several ways is one memory (en + zh): the noun form of an allergy fills the allergy slot, the same
value in the other language is a repeat; "note I'm …" is the user's clause; a language the rules do not read is
skipped as such; a sentence said over and over in one message is read once."""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext
from langmem_nodes.write import create_write_graph
from langmem_nodes.write.extractor import RuleExtractor

X = RuleExtractor()


def _slots(message: str) -> list[tuple[str, str]]:
    return [(c.predicate, c.object) for c, *_ in X.claims(message)]


def _write(store, text: str, user: str = "u1") -> dict:
    graph = create_write_graph(store).compile()
    return graph.invoke({"messages": [("user", text)]}, context=MemoryContext(user_id=user))


@pytest.mark.parametrize("message, slot", [
    ("I have a peanut allergy.", ("allergy", "peanuts")),
    ("I've got a severe shellfish allergy", ("allergy", "shellfish")),
    ("我有花生过敏。", ("allergy", "花生")),
    ("我有海鲜过敏症", ("allergy", "海鲜")),
])
def test_an_allergy_said_as_a_noun_fills_the_allergy_slot(message, slot):
    assert _slots(message) == [slot]


@pytest.mark.parametrize("first, again", [
    ("I'm allergic to peanuts.", "我对花生过敏。"),
    ("我对花生过敏。", "I have a peanut allergy."),
    ("I'm allergic to shellfish.", "我有贝类过敏"),
])
def test_the_same_value_in_the_other_language_is_a_repeat_not_a_new_memory(store, first, again):
    assert len(_write(store, first)["memory_written"]) == 1
    out = _write(store, again)
    assert out["memory_written"] == []
    assert any("duplicate" in str(s.get("reason")) for s in out["memory_skipped"])


def test_another_value_in_the_other_language_is_still_new(store):
    _write(store, "I'm allergic to peanuts.")
    assert [w["text"] for w in _write(store, "我对芒果过敏。")["memory_written"]] == ["用户对芒果过敏"]


@pytest.mark.parametrize("message, slot", [
    ("Book a flight; note I'm allergic to peanuts.", ("allergy", "peanuts")),
    ("please note I live in Berlin", ("lives_in", "Berlin")),
    ("帮我订机票；注意我对花生过敏。", ("allergy", "花生")),
    ("帮我订张机票，备注一下我对花生过敏。", ("allergy", "花生")),
])
def test_a_clause_the_user_asks_to_be_noted_is_read(message, slot):
    assert slot in _slots(message)


@pytest.mark.parametrize("message, language", [
    ("私は東京に住んでいます。", "Japanese"),
    ("저는 서울에 살아요.", "Korean"),
    ("Vivo en Madrid y soy alérgico al maní.", "Spanish"),
    ("Je vis à Paris et je suis allergique aux arachides.", "French"),
])
def test_a_language_the_rules_do_not_read_is_skipped_as_not_supported(message, language):
    found, skips = X.analyse(message)
    assert found == []
    assert [(s["reason"], s.get("language")) for s in skips] == [("language not supported", language)]


@pytest.mark.parametrize("message, kept", [
    ("我住在京都、毎日コーヒーを飲みます。", ("lives_in", "京都")),  # the Chinese clause is read, the Japanese one is not
    ("I live in Los Angeles and I love pan con tomate.", ("lives_in", "Los Angeles")),
    ("我住在上海，周末去 Café de Flore 喝咖啡。", ("lives_in", "上海")),
    ("我一直用ソニー的耳机", ("uses", "ソニー的耳机")),  # a katakana name inside a Chinese clause
])
def test_chinese_and_english_clauses_beside_another_language_are_still_read(message, kept):
    found, skips = X.analyse(message)
    assert kept in [(c.predicate, c.object) for c, *_ in found]
    assert all(s["reason"] != "language not supported" or s.get("language") == "Japanese" for s in skips)


@pytest.mark.parametrize("said", [
    "The quarterly report shows steady growth across all regions and the team met every milestone. ",
    "季度报告显示各地区稳步增长，团队完成了每个里程碑。",
])
def test_a_sentence_said_over_and_over_is_read_once_and_reported_once(said):
    found, skips = X.analyse("I live in Paris. " + said * 30)
    texts = [s["text"] for s in skips]
    assert len(texts) == len(set(texts))  # each clause reported once, not once per copy
    assert any(s["reason"] == "repeated within the same turn (29 more times)" for s in skips)
