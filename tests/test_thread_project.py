"""One project per thread (newcomer19 M7): a thread that ran in project "shop" then ran in "blog" handed the blog
model the shop turns' injected memory ("From memory: «Project uses pnpm»"), silently. The thread is bound to the
project of its first run; a run in another project is refused, its message is never stored, the thread's own
project goes on, and a new thread serves the other project."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver

from graphs.memory_agent import create_memory_agent
from langmem_nodes import MemoryContext, MemoryStore, ScopeConflictError
from langmem_nodes.refused import REASONS
from langmem_nodes.thread_owner import ThreadOwnerError, ThreadProjectError, check_thread_owner

SAID = {"en": ("We use pnpm in this repo.", "We deploy the blog on Netlify.", "Netlify"),
        "zh": ("这个仓库我们用 pnpm。", "我们的博客部署在 Netlify 上。", "Netlify")}


def _ctx(project):
    return MemoryContext(user_id="ann", project_id=project)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_run_in_another_project_is_refused_and_not_stored(tmp_path, lang):
    shop_fact, blog_fact, blog_word = SAID[lang]
    with MemoryStore(tmp_path, embedder="hashing") as store:
        app, cfg = create_memory_agent(store).compile(checkpointer=InMemorySaver()), {"configurable": {"thread_id": "t"}}
        app.invoke({"messages": [HumanMessage(shop_fact)]}, cfg, context=_ctx("shop"))
        with pytest.raises(ThreadProjectError, match="another project"):
            app.invoke({"messages": [HumanMessage(blog_fact)]}, cfg, context=_ctx("blog"))
        app.invoke({"messages": [HumanMessage("ok")]}, cfg, context=_ctx("shop"))  # the thread's project goes on
        assert not [r for r in store.find(None) if blog_word in r.object]  # the refused message is stored nowhere
        app.invoke({"messages": [HumanMessage(blog_fact)]}, {"configurable": {"thread_id": "t-blog"}},
                   context=_ctx("blog"))
        stored = [r for r in store.find(None) if blog_word in r.object]
        assert stored and all(r.scope.project_id in ("blog", None) for r in stored)


def test_the_refusal_is_a_scope_conflict_with_its_own_reason(tmp_path):
    assert issubclass(ThreadProjectError, ScopeConflictError) and not issubclass(ThreadProjectError, ThreadOwnerError)
    assert "another project" in REASONS["project"]
    with MemoryStore(tmp_path, embedder="hashing") as store:
        check_thread_owner(store, "t", _ctx(None))  # no project is a binding too
        with pytest.raises(ThreadProjectError):
            check_thread_owner(store, "t", _ctx("shop"))
        with pytest.raises(ThreadOwnerError):  # another user is still refused as such, before any project check
            check_thread_owner(store, "t", MemoryContext(user_id="bob", project_id="shop"))
        check_thread_owner(store, "t2", MemoryContext(user_id="ann", org_id="acme"))
        with pytest.raises(ThreadProjectError):  # another org is another place too
            check_thread_owner(store, "t2", MemoryContext(user_id="ann", org_id="globex"))


def test_the_binding_is_known_to_another_process_and_holds_no_name(tmp_path):
    with MemoryStore(tmp_path, embedder="hashing") as a:
        check_thread_owner(a, "t", _ctx("secret-codename-zeta"))
    with MemoryStore(tmp_path, embedder="hashing") as b:
        with pytest.raises(ThreadProjectError):
            check_thread_owner(b, "t", _ctx("blog"))
        assert "zeta" not in (b.meta("thread-project:t") or "zeta")


def test_a_thread_recorded_before_projects_were_bound_takes_its_next_project(tmp_path):
    with MemoryStore(tmp_path, embedder="hashing") as store:
        check_thread_owner(store, "old", _ctx("shop"), project=False)  # what an older release (and own_threads) records
        assert store.meta("thread-project:old") is None
        check_thread_owner(store, "old", _ctx("shop"))
        with pytest.raises(ThreadProjectError):
            check_thread_owner(store, "old", _ctx("blog"))
