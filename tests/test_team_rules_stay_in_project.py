"""A team's rule said as such stays in its project (newcomer9 H3), en + zh.

"Team rule from now on: never commit directly to main" in project billing was stored as a USER rule: the user's
other project got it under "Rules and warnings", and billing's other members never saw it. The sentences are
written for this file.
"""

from __future__ import annotations

import pytest

from langmem_nodes.read import create_read_graph
from langmem_nodes.records import MemoryContext
from langmem_nodes.store import MemoryStore
from langmem_nodes.write import RuleExtractor, create_write_graph

TEAM_RULES = [
    ("Team rule from now on: never commit directly to main, always open a PR.", "commit directly to main"),
    ("Project rule: use conventional commits.", "conventional commits"),
    ("Team convention - snake_case for every Python module.", "snake_case"),
    ("In this repo we never force-push to shared branches.", "force-push"),
    ("团队规定：禁止直接提交到 main 分支。", "main 分支"),
    ("项目规范：提交前必须跑测试。", "跑测试"),
    ("我们组的规范是代码注释用中文。", "代码注释用中文"),
]


@pytest.mark.parametrize(("text", "term"), TEAM_RULES)
def test_a_team_rule_is_the_projects(text, term):
    claims, _ = RuleExtractor().analyse(text)
    assert claims, text
    assert all(c.subject == "project" for c, *_ in claims), [(c.subject, c.object) for c, *_ in claims]
    assert any(term.casefold() in c.object.casefold() for c, *_ in claims), [c.object for c, *_ in claims]


@pytest.mark.parametrize("text", ["The team rule is stupid.", "Project rules are confusing.", "团队规定太多了，好烦。",
                                  "What's the team rule for naming branches?", "项目规范在哪里看？"])
def test_talk_about_rules_is_no_rule(text):
    claims, _ = RuleExtractor().analyse(text)
    assert not [c for c, *_ in claims if c.predicate == "rule"], [(c.subject, c.object) for c, *_ in claims]


@pytest.mark.parametrize(("said", "asked"), [
    ("Team rule from now on: never commit directly to main.", "Can I commit straight to main?"),
    ("团队规定：禁止直接提交到 main 分支。", "我可以直接提交到 main 分支吗？"),
])
def test_the_rule_reaches_teammates_and_not_the_users_other_project(tmp_path, said, asked):
    with MemoryStore(tmp_path / "home", embedder="hashing") as store:
        write = create_write_graph(store).compile()
        out = write.invoke({"messages": [("user", said)]},
                           context=MemoryContext(user_id="alice", project_id="billing", session_id="s1"))
        written = out["memory_written"]
        assert written and all(w["scope"]["level"] == "project" for w in written), written
        read = create_read_graph(store).compile()

        def injected(ctx: MemoryContext) -> list[str]:
            return [h.record.id for h in read.invoke({"messages": [("user", asked)]}, context=ctx)["memory_selected"]]

        assert injected(MemoryContext(user_id="alice", project_id="mobile", session_id="s2")) == []
        assert {w["id"] for w in written} & set(injected(MemoryContext(user_id="bob", project_id="billing")))


@pytest.mark.parametrize(("text", "note"), [
    ("记住：这个项目的 PR 需要两个人审核。", "PR 需要两个人审核"),
    ("记住：这个仓库的分支命名规则是 feat/xxx。", "分支命名规则是 feat/xxx"),
    ("Remember: in this project the PR template is mandatory.", "the PR template is mandatory"),  # already right
])
def test_a_project_note_keeps_no_dangling_particle(text, note):
    """«项目备注：的 PR 需要两个人审核» (newcomer9 M1): the frame's 的 stayed behind when the frame was cut."""
    claims, _ = RuleExtractor().analyse(text)
    assert [(c.subject, c.object) for c, *_ in claims] == [("project", note)]
