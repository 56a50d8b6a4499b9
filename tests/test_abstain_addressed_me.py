"""The user only as the one addressed (newcomer finding F7, issue 15), zh + en.

"给我讲个笑话" named the user ("给我") and so met the low personal floor: a user with memories of employer and city
got both injected into a joke. "给我" / "跟我" / "告诉我" / "教我" and "write me" address the user as "tell me" does;
"给我的猫…", "给我们组…" still speak of the user, and a request ("给我推荐…") stays personal.
The sentences are written for this file (not taken from the abstain data sets).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from langmem_nodes.read import create_read_graph
from langmem_nodes.read.query_need import query_need
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope

NOW = datetime(2026, 6, 1, tzinfo=UTC)
CTX = MemoryContext(user_id="ada")


@pytest.mark.parametrize("text", ["给我讲个笑话", "跟我说个笑话吧", "给我写一首诗", "告诉我什么是闭包", "write me a poem",
                                  "write me a haiku about autumn"])
def test_the_user_only_as_the_one_addressed_is_impersonal(text):
    assert query_need(text) == "impersonal"


@pytest.mark.parametrize("text", ["给我推荐一家餐厅", "给我的猫起个名字", "给我们组推荐个工具", "write me a cover letter",
                                  "what should I cook tonight?"])
def test_requests_and_the_users_own_things_stay_personal(text):
    assert query_need(text) == "personal"


@pytest.mark.integration
def test_default_home_a_joke_gets_no_employer_or_city_en_and_zh(tmp_path):
    from langmem_nodes.store import MemoryStore

    texts = ["用户在字节跳动工作", "用户住在成都", "User works at Stripe", "User lives in Lisbon"]
    with MemoryStore(tmp_path / "default") as store:
        store.commit(add=[MemoryRecord(id=f"m{i}", text=t, scope=Scope(user_id="ada"), source="explicit",
                                       confidence=0.9, created_at=NOW - timedelta(days=10 * i))
                          for i, t in enumerate(texts)])
        graph = create_read_graph(store, clock=lambda: NOW).compile()
        for text in ("给我讲个笑话", "write me a poem"):
            assert graph.invoke({"messages": [("user", text)]}, context=CTX)["memory_selected"] == [], text
