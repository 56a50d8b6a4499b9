"""English chat: a later turn of the thread gives a new value of something the user already holds, with no
correction word ("I use Firefox" … "got rid of Firefox, I'm on Arc now"; "I run Ubuntu" … "been running Fedora for a
month now"; "I work at Shopify" … "I left Shopify in June and joined Stripe"). The new value supersedes the old one
as an explicit correction; a value of another kind, or one said "too", leaves the old one standing. Hobbies said in
passing ("I collect old fountain pens", "been into bouldering lately") are stored."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from langmem_nodes import MemoryContext, MemoryStore
from langmem_nodes.categories import value_categories
from langmem_nodes.records import Source, Status
from langmem_nodes.write.extractor import RuleExtractor
from langmem_nodes.write.graph import create_write_graph

ADA = MemoryContext(user_id="ada")


@pytest.fixture
def store(tmp_path):
    s = MemoryStore(tmp_path, embedder="hashing")
    yield s
    s.close()


def _thread(store, *said: str) -> list[tuple[str, str]]:
    """Each user turn written as it comes, the thread so far as context (as a chat app runs the graph)."""
    graph, messages = create_write_graph(store).compile(), []
    for text in said:
        messages.append(HumanMessage(text))
        graph.invoke({"messages": list(messages)}, context=ADA)
        messages.append(AIMessage("Noted."))
    return sorted((r.object, r.source.value) for r in store.find(None) if r.status is Status.ACTIVE)


@pytest.mark.parametrize(("first", "then", "kept"), [
    ("I use Firefox as my main browser.", "got rid of Firefox, I'm on Arc now. any good keyboard shortcuts?", "Arc"),
    ("I run Ubuntu on my laptop.", "been running Fedora for about a month now and the battery life is better.", "Fedora"),
    ("I work at Shopify.", "I left Shopify in June and joined Stripe, so what's a good way to onboard into a big codebase?", "Stripe"),
    ("My editor is Sublime Text.", "switched to Zed a couple weeks ago, how do I set up format on save there?", "Zed"),
    ("my phone is an Android phone", "I'm on an iPhone now, how do I move my photos over?", "iPhone"),
])
def test_a_later_value_of_the_same_thing_supersedes_the_old(store, first, then, kept):
    active = _thread(store, first, then)
    assert [o for o, _ in active if kept.casefold() in o.casefold()], active
    assert len(active) == 1, active
    assert active[0][1] == Source.EXPLICIT_CORRECTION.value


@pytest.mark.parametrize(("first", "then"), [
    ("I use Vim.", "I use tmux now too."),
    ("I use Firefox.", "I'm learning Rust now."),
])
def test_another_kind_or_an_addition_leaves_the_old_value(store, first, then):
    assert len(_thread(store, first, then)) == 2


def test_one_turn_switch_keeps_only_the_new_editor():
    found = RuleExtractor().claims("I'm using PyCharm for this, well actually I switched to VS Code last week, any tips?")
    assert [(c.object, c.replaces, s) for c, _, s, _ in found] == [("VS Code", ["PyCharm"], Source.EXPLICIT_CORRECTION)]


@pytest.mark.parametrize(("said", "obj"), [
    ("I collect old fountain pens, is there a good way to clean dried ink out of one?", "fountain pens"),
    ("been into bouldering lately, any tips for a beginner?", "bouldering"),
    ("I've been collecting vinyl since college.", "vinyl"),
])
def test_hobbies_said_in_passing(said, obj):
    assert [(c.object, c.polarity) for c, *_ in RuleExtractor().claims(said)] == [(obj, "positive")]


@pytest.mark.parametrize("said", ["I collect the kids at 3.", "we collect feedback every sprint.", "I picked up a cold last week."])
def test_chores_and_episodes_are_no_hobby(said):
    assert RuleExtractor().claims(said) == []


def test_browser_distro_and_phone_are_kinds():
    assert value_categories("Firefox") == {"browser"} and value_categories("Fedora") == {"linux_distro"}
    assert value_categories("iPhone 15") == {"phone"} and value_categories("a bow and arrow") == set()


@pytest.mark.parametrize(("first", "then", "old"), [
    ("I drive a Corolla.", "we sold our car last month, so what's the cheapest way to get around town?", "Corolla"),
    ("My phone is a Pixel 6.", "I traded in my phone last week.", "Pixel 6"),
])
def test_the_old_thing_gone_puts_its_value_in_doubt(store, first, then, old):
    _thread(store, first, then)
    held = [r for r in store.find(None) if old.casefold() in r.object.casefold()]
    assert held and all(r.metadata.get("needs_confirmation") for r in held if r.status is Status.ACTIVE)
