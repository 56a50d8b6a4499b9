""""Forget everything about me" in chat reaches every partition of that user in the same org (M8): their user
level and their sessions in every project, never another user's, another org's, nor shared project / org facts.
The notice says how many were deleted in all. English and Chinese."""

from __future__ import annotations

import re

import pytest

from langmem_nodes.governance.forget_in_chat import carry_out, forget_notice
from langmem_nodes.records import Level, MemoryContext, MemoryRecord, Scope

CASES = [
    ("en", "Forget everything about me.", ["User lives in Quito", "User drives a Tesla", "User plays chess",
                                            "User is allergic to latex"], "Project uses Bazel"),
    ("zh", "把我的记忆都删了。", ["用户住在成都", "用户开比亚迪", "用户下围棋", "用户对乳胶过敏"], "项目使用 Bazel"),
]


def _put(store, text, **scope):
    rec = MemoryRecord(text=text, object=text[-2:], scope=Scope(**scope))
    store.commit(add=[rec])
    return rec.id


@pytest.mark.parametrize(("lang", "request_text", "texts", "shared"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("where", [{}, {"project_id": "p2", "session_id": "s9"}], ids=["no-project", "in-p2"])
def test_forget_all_in_chat_reaches_every_partition_of_the_user(store, lang, request_text, texts, shared, where):
    user = "kim@example.com"
    mine = [_put(store, texts[0], user_id=user),
            _put(store, texts[1], user_id=user, project_id="p1", session_id="s1", level=Level.SESSION),
            _put(store, texts[2], user_id=user, session_id="s0", level=Level.SESSION)]
    kept = [_put(store, shared, user_id=user, project_id="p2", level=Level.PROJECT),  # a shared project fact
            _put(store, texts[3], user_id=user, org_id="acme"),  # another org
            _put(store, texts[0], user_id="lee"),  # another user
            _put(store, texts[1], user_id="lee", project_id="p1", session_id="s1", level=Level.SESSION)]
    out = carry_out(store, request_text, MemoryContext(user_id=user, **where))
    assert [store.get(i) for i in mine] == [None, None, None]
    assert all(store.get(i) is not None for i in kept)
    notice = forget_notice(out)
    assert re.search(r"\b3\b", notice), notice  # the count of everything deleted
    assert texts[1] not in notice or not where  # another project's memory is counted, never quoted


def test_forget_all_notice_when_nothing_is_visible_here(store):
    """Everything of the user sits in another project's session: the notice still says it was deleted."""
    i = _put(store, "User drives a Tesla", user_id="ann", project_id="p1", session_id="s1", level=Level.SESSION)
    for text in ("Forget everything about me.", "把我的记忆都删了。"):
        out = carry_out(store, text, MemoryContext(user_id="ann", project_id="p2"))
        notice = forget_notice(out)
        if text.startswith("Forget"):
            assert store.get(i) is None and "1" in notice and "nothing was deleted" not in notice, notice
        else:
            assert "0" in notice or "没有" in notice, notice
