"""Two corrections a newcomer made that did not take (newcomer9 H4), en + zh, through the default write graph.

"I work as a data engineer at Spotify" was one role «works as data engineer at Spotify», so "Oops, I meant I
work at Shopify, not Spotify" left it active beside «works at Shopify»; "我是在腾讯工作，不是阿里巴巴" (the emphasis
是…的) did not parse, so 阿里巴巴 stayed. The sentences are the newcomer's and variants written for this file.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from langmem_nodes import MemoryContext, MemoryStore, create_write_graph
from langmem_nodes.write import RuleExtractor


def _active_after(tmp_path, turns: list[str]) -> list[str]:
    with MemoryStore(tmp_path / "home", embedder="hashing") as store:
        write = create_write_graph(store).compile()
        ctx, messages = MemoryContext(user_id="ada"), []
        for turn in turns:
            messages = [*messages, HumanMessage(turn)]
            write.invoke({"messages": messages}, context=ctx)
            messages = [*messages, AIMessage("Noted.")]
        return sorted(r.object for r in store.find(ctx.visible_partitions()))


@pytest.mark.parametrize(("turns", "active"), [
    (["I work as a data engineer at Spotify.", "Oops, I meant I work at Shopify, not Spotify."],
     ["Shopify", "data engineer"]),
    (["I'm a designer for Acme Corp.", "Sorry, it's Globex, not Acme Corp."], ["Globex", "designer"]),
    (["我在阿里巴巴工作。", "哦不对，我说错了，我是在腾讯工作，不是阿里巴巴。"], ["腾讯"]),
    (["我住在苏州。", "不对，我其实是住在杭州的。"], ["杭州"]),
])
def test_the_corrected_value_is_the_only_active_one(tmp_path, turns, active):
    assert _active_after(tmp_path, turns) == active


@pytest.mark.parametrize(("text", "claims"), [
    ("I work as a data engineer at Spotify.", [("role", "data engineer"), ("works_at", "Spotify")]),
    ("I'm a teacher at a local school.", [("role", "teacher at a local school")]),  # no employer's name
    ("我是在腾讯上班的。", [("works_at", "腾讯")]),
    ("我是住在杭州。", [("lives_in", "杭州")]),
    ("我是在开玩笑。", []),
])
def test_role_and_employer_and_the_emphasis_of_shi_de(text, claims):
    got, _ = RuleExtractor().analyse(text)
    assert [(c.predicate, c.object) for c, *_ in got] == claims
