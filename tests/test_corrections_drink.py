"""What the user drinks, and a correction of it (issue #16): "I drink almond milk", "I take my coffee with cream"
are read as preferences, so "oat milk, I should say, almond gives me a rash" and "Actually no, I take it with soy
milk" replace them ("I should say" marks a correction with more said after it, too). "I drink a lot of water"
and "I had coffee with Sam" are no preference."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write import create_write_graph
from langmem_nodes.write.extractor import RuleExtractor

CASES = {
    "should-say-then-reason": ("I drink almond milk.", "oat milk, I should say, almond gives me a rash.", "almond milk", "oat milk"),
    "take-it-with": ("I take my coffee with cream.", "Actually no, I take it with soy milk.", "cream", "soy milk"),
    "take-it-black": ("I drink my coffee with oat milk", "no, I take it black these days", "oat milk", "black"),
    "usually-drink": ("I usually drink green tea.", "sorry, I meant I usually drink jasmine tea.", "green tea", "jasmine tea"),
}


@pytest.mark.parametrize("case", CASES)
def test_a_drink_correction_lands(store, case) -> None:
    first, fix, old_word, new_word = CASES[case]
    g, ctx = create_write_graph(store).compile(), MemoryContext(user_id="dr", session_id="s1")
    g.invoke({"messages": [HumanMessage(first)]}, context=ctx)
    g.invoke({"messages": [HumanMessage(first), AIMessage("OK"), HumanMessage(fix)]}, context=ctx)
    active = {r.object: r for r in store.find(None, statuses=(Status.ACTIVE,))}
    assert old_word not in active and active[new_word].source.value == "explicit_correction"


@pytest.mark.parametrize("sentence", ["I drink a lot of water.", "I had coffee with Sam.", "I have a meeting with the tea team."])
def test_no_drink_preference(sentence) -> None:
    assert [c.predicate for c, *_ in RuleExtractor().claims(sentence)] != ["prefers"]
