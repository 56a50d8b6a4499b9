"""newcomer22's leftovers: a joiner inside a word, a look-alike letter inside a Latin word, a team's rule said in
Chinese without a modal, and `read_graph.invoke({"query": …})`. The sentences are written for this file.
"""

from __future__ import annotations

import pytest

from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.read import create_read_graph
from langmem_nodes.records import MemoryContext
from langmem_nodes.safety.inert import clean_turn_text
from langmem_nodes.safety.lookalike import latin_in_mixed_words
from langmem_nodes.store import MemoryStore
from langmem_nodes.text import strip_controls
from langmem_nodes.write import RuleExtractor, create_write_graph


@pytest.mark.parametrize(("raw", "kept"), [
    ("allergic to sesa\u200dme", "allergic to sesame"),
    ("我对芒\u200d果过敏", "我对芒果过敏"),
    ("I use Py\u200cCharm", "I use PyCharm"),
    ("family 👨\u200d👩\u200d👧 photo", "family 👨\u200d👩\u200d👧 photo"),  # an emoji sequence keeps its joiners
    ("می\u200cخواهم", "می\u200cخواهم"),  # Persian needs its non-joiner
])
def test_a_joiner_inside_a_word_joins_it(raw, kept):
    assert strip_controls(raw) == kept


@pytest.mark.parametrize(("raw", "kept"), [
    ("I moved to \u0412erlin", "I moved to Berlin"),  # Cyrillic В
    ("my editor is \u0421ursor", "my editor is Cursor"),
    ("Мы живём в Москве", "Мы живём в Москве"),  # Russian stays Russian
    ("а ты?", "а ты?"),
])
def test_a_look_alike_letter_in_a_latin_word_reads_latin(raw, kept):
    assert latin_in_mixed_words(raw) == kept


def test_the_turn_cleaner_says_what_it_changed():
    text, notes = clean_turn_text("I live in \u0422oronto and I'm allergic to shell\u200dfish")
    assert text == "I live in Toronto and I'm allergic to shellfish"
    assert any("look-alike" in n for n in notes) and any("control" in n for n in notes)


@pytest.mark.parametrize("text", ["团队规定：周五下午不发版", "团队约定：接口文档写在 Wiki 上", "我们项目的规范：日志一律用英文"])
def test_a_team_rule_said_in_chinese_is_a_rule_not_a_note(text):
    claims, _ = RuleExtractor().analyse(text)
    assert claims and all((c.subject, c.predicate) == ("project", "rule") for c, *_ in claims), \
        [(c.subject, c.predicate, c.object) for c, *_ in claims]


@pytest.mark.parametrize("text", ["我们团队在深圳", "团队规定太多了，好烦。"])
def test_talk_of_the_team_is_no_rule(text):
    claims, _ = RuleExtractor().analyse(text)
    assert not [c for c, *_ in claims if c.predicate == "rule"]


def test_the_read_graph_takes_a_query_without_a_conversation(tmp_path):
    store = MemoryStore(tmp_path / "home", embedder=HashingEmbedder())
    ctx = MemoryContext(user_id="kim")
    create_write_graph(store).compile().invoke({"messages": [("user", "I'm allergic to kiwi fruit.")]}, context=ctx)
    read = create_read_graph(store).compile()
    asked = read.invoke({"query": "what am I allergic to?"}, context=ctx)
    chat = read.invoke({"messages": [("user", "what am I allergic to?")]}, context=ctx)
    assert "kiwi" in asked["memory_injection"]
    assert asked["memory_injected_ids"] == chat["memory_injected_ids"]
    with pytest.raises(ValueError, match="query must be a string"):
        read.invoke({"query": 42}, context=ctx)
    store.close()


@pytest.mark.parametrize(("asked", "wanted"), [
    ("我住在哪，对什么过敏？", ["大连", "芒果"]),
    ("Where do I live, and what am I allergic to?", ["Leeds", "kiwi"]),
])
def test_two_questions_joined_by_a_comma_each_get_their_memory(tmp_path, asked, wanted):
    # newcomer23 L3: "我住在哪，对什么过敏？" got only the home; the comma opened a second question (the default
    # embedder: relevance floors are calibrated on it)
    store = MemoryStore(tmp_path / "home")
    ctx = MemoryContext(user_id="zoe")
    write = create_write_graph(store).compile()
    for said in (["我住在大连。", "我对芒果过敏。"] if "大连" in wanted else ["I live in Leeds.", "I'm allergic to kiwi."]):
        write.invoke({"messages": [("user", said)]}, context=ctx)
    out = create_read_graph(store).compile().invoke({"query": asked}, context=ctx)
    assert all(w in out["memory_injection"] for w in wanted), out["memory_injection"]
    store.close()
