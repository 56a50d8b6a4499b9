"""Chinese chat, stop 46: a change said without a correction word, and pastimes and businesses said in passing.

- a change with its holder dropped and dated ("上周换成小鹏 P7 了", "現在改用 Arc 了", "今年三月跳槽到字节了") or
  with its thing as the topic ("笔记本换成 ThinkPad X1 了") is the user's; a request to the assistant ("换成英文吧")
  or a question is not read, and a migrated system ("后端迁到 Go 了", "上个月刚迁到 GitLab CI 了") stays the project's;
- a switch naming no attribute replaces the one thing the thread's earlier user turns hold, as an explicit correction
  under that thing's attribute ("我开的是卡罗拉" … "上周换成小鹏 P7 了": the car), and the project's when it is the
  project's one thing ("我们 CI 是 Jenkins 跑的" … "上个月换成 GitLab CI 了"); with two things held it replaces none;
- "我在成都开了家小面馆" is the user's business and where they work; "我收集黑胶唱片" / "我最近在玩塞尔达" a pastime.
Every message here was written for this change, not taken from an eval set.
"""

from __future__ import annotations

import pytest

from langmem_nodes.embeddings import HashingEmbedder
from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.store import MemoryStore
from langmem_nodes.write import RuleExtractor, create_write_graph

EX = RuleExtractor()


def _turns(*users: str) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    for u in users:
        out += [{"role": "user", "content": u}, {"role": "assistant", "content": "好的。"}]
    return out[:-1]


def _claims(*users: str):
    return EX.claims(users[-1], earlier=_turns(*users)[:-1])


@pytest.mark.parametrize(("message", "value"), [
    ("上周换成小鹏 P7 了，充电桩怎么装比较好？", "小鹏 P7"),
    ("现在换成微信输入法了，怎么导入词库？", "微信输入法"),
    ("現在改用 Arc 了，書籤要怎麼匯入？", "Arc"),
    ("前两天换了一台小米 14", "小米 14"),
    ("今年三月跳槽到字节了，帮我看看周报", "字节"),
    ("笔记本换成 ThinkPad X1 了，装 Linux 要注意什么？", "ThinkPad X1"),
    ("笔记已经全部迁到 Notion 了", "Notion"),
])
def test_a_change_with_its_holder_dropped_is_the_users(message: str, value: str) -> None:
    found = [(c.subject, c.object) for c, *_ in EX.claims(message)]
    assert ("user", value) in found


@pytest.mark.parametrize("message", ["换成英文吧", "换成英文了吗", "代码换成 Python 吧", "帮我把字体换成宋体",
                                     "字体换成宋体了吗"])
def test_a_change_asked_of_the_assistant_is_not_the_users(message: str) -> None:
    assert EX.claims(message) == []


@pytest.mark.parametrize("message", ["后端迁到 Go 了", "上个月刚迁到 GitLab CI 了"])
def test_a_migrated_system_is_never_the_users(message: str) -> None:
    assert all(c.subject != "user" for c, *_ in _claims("我们 CI 是 Jenkins 跑的", message))


def test_a_switch_replaces_the_one_thing_the_thread_holds_under_its_attribute() -> None:
    [(claim, _, source, _)] = _claims("我开的是卡罗拉，油耗还行", "上周换成小鹏 P7 了，充电桩怎么装？")
    assert (claim.predicate, claim.object, claim.replaces, source.value) == ("attr:车", "小鹏 P7", ["卡罗拉"],
                                                                            "explicit_correction")
    [(claim, _, source, _)] = _claims("我用的手机是 iPhone 13", "前两天换了一台华为 Mate 60")
    assert (claim.object, claim.replaces, source.value) == ("华为 Mate 60", ["iPhone 13"], "explicit_correction")


def test_a_switch_with_two_things_held_replaces_neither() -> None:
    [(claim, _, source, _)] = _claims("我用 iPhone 13，电脑是 MacBook Air", "前两天换了一台小米 14")
    assert claim.replaces == [] and source.value != "explicit_correction"


def test_a_dropped_holder_switching_the_projects_one_thing_is_the_project() -> None:
    [(claim, _, source, _)] = _claims("我们 CI 是 Jenkins 跑的", "上个月换成 GitLab CI 了")
    assert (claim.subject, claim.object, claim.replaces, source.value) == ("project", "GitLab CI", ["Jenkins"],
                                                                          "explicit_correction")


def test_the_old_value_is_no_longer_active_after_the_write_graph(tmp_path) -> None:
    ctx = MemoryContext(user_id="u1", project_id="p1", session_id="s1")
    store = MemoryStore(tmp_path, embedder=HashingEmbedder(dim=128))
    try:
        graph = create_write_graph(store, extractor=EX).compile()
        messages = [("user", "我開的是卡羅拉")]
        graph.invoke({"messages": list(messages)}, context=ctx)
        messages += [("ai", "好的。"), ("user", "上週換成小鵬 P7 了")]
        graph.invoke({"messages": list(messages)}, context=ctx)
        active = [(r.predicate, r.object, r.source.value) for r in store.find(ctx.visible_partitions(), statuses=(Status.ACTIVE,))]
    finally:
        store.close()
    assert len(active) == 1 and active[0][0] == "attr:车" and "P7" in active[0][1] and active[0][2] == "explicit_correction"


@pytest.mark.parametrize(("message", "found"), [
    ("我在成都开了家小面馆", {("has", "小面馆"), ("works_in", "成都")}),
    ("我自己开了个小木工作坊", {("has", "小木工作坊")}),
    ("我开的是卡罗拉", {("attr:车", "卡罗拉")}),
    ("我收集黑胶唱片好几年了", {("prefers", "收集黑胶唱片")}),
    ("我最近在玩塞尔达，卡关了", {("prefers", "玩塞尔达")}),
    ("我在玩手机", set()),
    ("我收集了一些资料", set()),
    ("我儿子在玩塞尔达", set()),
    ("如果我在成都开了家面馆", set()),
])
def test_businesses_and_pastimes_said_in_passing(message: str, found: set[tuple[str, str]]) -> None:
    assert {(c.predicate, c.object) for c, *_ in EX.claims(message)} == found


@pytest.mark.parametrize(("message", "found"), [
    ("我有甲减，每天早上得吃药", ("trait", "甲减")),
    ("我有偏頭痛，螢幕別太亮", ("trait", "偏頭痛")),  # read through the simplified form, kept as said
    ("我是一型糖尿病，早餐怎么吃", ("trait", "一型糖尿病")),
    ("我现在租房住在杭州西湖区", ("lives_in", "杭州西湖区")),
    ("先说一下我吃素哈，帮我排个菜单", ("diet", "吃素")),
])
def test_conditions_homes_and_leads_said_in_passing(message: str, found: tuple[str, str]) -> None:
    assert found in {(c.predicate, c.object) for c, *_ in EX.claims(message)}


@pytest.mark.parametrize("message", ["我是病人家属，想问问探视时间", "我朋友有偏头痛", "如果我有痛风能吃海鲜吗？"])
def test_a_condition_not_the_users_is_not_stored(message: str) -> None:
    assert all(c.predicate != "trait" for c, *_ in EX.claims(message))
