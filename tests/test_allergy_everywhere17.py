"""An allergy said once holds in the user's next session (newcomer17 M3: with the quickstart's session_id, "I'm
allergic to shellfish" said in session 1 was not known in session 3, and "what did I say I was allergic to last
time?" got nothing). Other plain statements still wait for a second session (the articles' funnel)."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes import MemoryContext
from langmem_nodes.records import Level
from langmem_nodes.write.graph import create_write_graph


def _said(store, text: str, session: str) -> list[dict]:
    ctx = MemoryContext(user_id="ada", project_id="shop", session_id=session)
    return create_write_graph(store).compile().invoke({"messages": [HumanMessage(text)]}, context=ctx)["memory_written"]


@pytest.mark.parametrize("text", ["I'm allergic to shellfish.", "我对芒果过敏。", "I have a peanut allergy."])
def test_an_allergy_said_once_is_user_level(store, text) -> None:
    written = _said(store, text, "s1")
    assert [w["scope"]["level"] for w in written] == [Level.USER.value]
    entries = [e for e in store.ledger() if e.memory_id == written[0]["id"]]
    assert any(e.reason.endswith("safety") for e in entries)


@pytest.mark.parametrize("text", ["I use Vim.", "我住在成都。"])
def test_other_plain_statements_stay_in_their_session(store, text) -> None:
    assert [w["scope"]["level"] for w in _said(store, text, "s1")] == [Level.SESSION.value]
