"""The compositional extractor on every failure kind of issue 16, in both languages (fast: no store except
for the cross-turn corrections, which run the real write graph)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write import RuleExtractor, VerifyNode

CTX = MemoryContext(user_id="u1", project_id="p1", session_id="s1")
NOW = datetime(2026, 3, 1, tzinfo=UTC)


def _norm(s: str) -> str:
    return "".join(s.split()).casefold()


def _accepted(text: str) -> list:
    pending = RuleExtractor().extract([{"role": "user", "content": text}], CTX, NOW)
    out = VerifyNode(None).run({"memory_pending": pending}, CTX, NOW)["memory_pending"]
    return [p.record for p in out if p.action == "write"]


def _check(records: list, expected: list[tuple[str, str, str]]) -> None:
    got = [(r.subject, r.object, r.polarity.value) for r in records]
    assert len(records) == len(expected), got
    for subject, term, polarity in expected:
        assert any(r.subject == subject and r.polarity.value == polarity and _norm(term) in _norm(r.object)
                   for r in records), (term, got)


CASES = {
    "project facts": [
        ("Our CI runs on GitHub Actions.", [("project", "GitHub Actions", "positive")]),
        ("We deploy on Kubernetes.", [("project", "Kubernetes", "positive")]),
        ("Our backend is written in Rust.", [("project", "Rust", "positive")]),
        ("我们 CI 用的是 Jenkins。", [("project", "Jenkins", "positive")]),
        ("这个仓库的前端是 Vue 3 写的。", [("project", "Vue 3", "positive")]),
        ("我们公司内网要连 VPN 才能访问。", [("project", "VPN", "positive")]),
    ],
    "personal facts": [
        ("I'm left-handed.", [("user", "left-handed", "positive")]),
        ("I'm a VS Code person.", [("user", "VS Code", "positive")]),
        ("I moved to Paris last month.", [("user", "Paris", "positive")]),
        ("I used to live in London but now I live in Madrid.", [("user", "Madrid", "positive")]),
        ("My wife's name is Sarah.", [("user", "Sarah", "positive")]),
        ("I have two cats.", [("user", "cats", "positive")]),
        ("I'm learning Japanese.", [("user", "Japanese", "positive")]),
        ("我是左撇子。", [("user", "左撇子", "positive")]),
        ("我以前住在北京，现在住在深圳。", [("user", "深圳", "positive")]),
        ("我老婆叫李娜。", [("user", "李娜", "positive")]),
        ("我养了两只猫。", [("user", "猫", "positive")]),
        ("这周轮到我值班。", [("user", "值班", "positive")]),
    ],
    "compound sentences": [
        ("The repo uses Bazel for builds, and personally I like the --keep_going flag.",
         [("project", "Bazel", "positive"), ("user", "keep_going", "positive")]),
        ("我在上海工作，时区是东八区。", [("user", "上海", "positive"), ("user", "东八区", "positive")]),
        ("我写代码一直用 Go，别给我推荐 Java 的方案。", [("user", "Go", "positive"), ("user", "Java", "negative")]),
        ("Btw, don't bother giving me Windows instructions, I haven't touched Windows in years. I'm on Linux full time.",
         [("user", "Windows", "negative"), ("user", "Linux", "positive")]),
    ],
    "long chat turns": [
        ("my coworker swears by Arch but I'm sticking with Ubuntu, I just want things to work. how do I upgrade?",
         [("user", "Ubuntu", "positive")]),
        ("我同事天天安利 Arch，不过我还是用 Ubuntu，省心。升级到 24.04 最稳的办法是啥？", [("user", "Ubuntu", "positive")]),
        ("so I switched from VS Code to Cursor last week and honestly the AI autocomplete is kind of addictive.",
         [("user", "Cursor", "positive")]),
        ("我上周从 VS Code 换到 Cursor 了，说实话 AI 补全有点上瘾。", [("user", "Cursor", "positive")]),
        ("heads up, the app is a Next.js frontend talking to a Go backend, and we deploy everything with Docker Compose.",
         [("project", "Next.js", "positive"), ("project", "Go", "positive"), ("project", "Docker Compose", "positive")]),
        ("先说明一下，应用前端是 Next.js，后端是 Go，全部用 Docker Compose 部署。",
         [("project", "Next.js", "positive"), ("project", "Go", "positive"), ("project", "Docker Compose", "positive")]),
        ("here's the thing, I'd pick Django if we were starting over. what's the cleanest way to add auth to our Flask app?",
         [("project", "Flask", "positive")]),
        ("我们的 Flask 应用加登录怎么做最干净？", [("project", "Flask", "positive")]),
    ],
    "junk and inverted rules": [
        ("你帮我记一下，我下周三要交报告，注意一下哈，语气听着亲切点。", []),
        ("你给的 Python 代码都是两个空格缩进。", []),
        ("the code you gave me uses two-space indentation everywhere, please fix it", []),
        ("太辣的我吃不了。", [("user", "辣", "negative")]),
        ("I can't handle spicy food.", [("user", "spicy", "negative")]),
        ("I finally ditched my old MacBook and got a ThinkPad running Fedora, and honestly I love it so far.",
         [("user", "Fedora", "positive")]),
    ],
    "not the user's statement": [
        ("My colleague loves Emacs.", []),
        ("我同事特别喜欢 Emacs。", []),
        ("If we ever migrate, I'd probably pick Go.", []),
        ("要是以后换语言，我大概会选 Go。", []),
    ],
}


@pytest.mark.parametrize(("text", "expected"), [c for cs in CASES.values() for c in cs],
                         ids=[c[0][:40] for cs in CASES.values() for c in cs])
def test_failure_kinds(text: str, expected: list[tuple[str, str, str]]) -> None:
    _check(_accepted(text), expected)


def test_every_failure_kind_has_both_languages() -> None:
    for kind, cases in CASES.items():
        langs = {"zh" if any("\u4e00" <= ch <= "\u9fff" for ch in t) else "en" for t, _ in cases}
        assert langs == {"en", "zh"}, kind


@pytest.mark.parametrize("text", ["Remember that I think tabs are better than spaces.", "记住，我觉得 tab 比空格好。"])
def test_remember_that_is_never_downgraded(text: str) -> None:
    pending = RuleExtractor().extract([{"role": "user", "content": text}], CTX, NOW)
    out = VerifyNode(None).run({"memory_pending": pending}, CTX, NOW)["memory_pending"]
    assert out and all(p.action == "write" and p.record.source.value == "explicit" for p in out)


@pytest.mark.parametrize(("text", "reason"), [
    ("Should I use Poetry or uv?", "question"), ("我该用 Poetry 还是 uv？", "question"),
    ("If I have time I'll learn Rust.", "hypothetical"), ("如果有空我就学 Rust。", "hypothetical"),
    ("My friend says Rust is great.", "reported speech"), ("我朋友说 Rust 很好。", "reported speech"),
    ("For this reply only, use bullets.", "one-off"), ("这次回答用表格就行。", "one-off"),
    ("Just for today, answer in French.", "one-off"), ("今天先用英文回答我。", "one-off"),
    ("Cool, thanks!", "small talk"), ("谢谢！", "small talk"),
    ("The weather is odd today.", "no parse"), ("天气有点怪。", "no parse"),
    ("blah " * 300, "too long (1499 characters in one clause)"), ("天气" * 400, "too long (800 characters in one clause)"),
    ("Hmm.", "small talk"), ("啊啊啊啊啊啊。", "small talk"),
])
def test_every_skipped_clause_has_a_reason(text: str, reason: str) -> None:
    claims, skips = RuleExtractor().analyse(text)
    assert not claims
    assert skips and {s["reason"] for s in skips} == {reason}, skips


# (user turns, expected ACTIVE memories afterwards: (subject, object term, polarity, source))
CROSS_TURN = [
    (["I use Vim for everything.", "Actually, correction: I moved to Helix last month, not Vim anymore."],
     [("user", "Helix", "positive", "explicit_correction")]),
    (["我一直用 Vim。", "哦不对，我记错了，我上个月换成 Helix 了。"], [("user", "Helix", "positive", "explicit_correction")]),
    (["I prefer dark mode.", "Scratch that, I actually prefer light mode."],
     [("user", "light mode", "positive", "explicit_correction")]),
    (["我喜欢深色主题。", "算了，刚才说的不算，我其实更喜欢浅色主题。"], [("user", "浅色主题", "positive", "explicit_correction")]),
    (["Our database is MySQL.", "Wait, no, it's Postgres, not MySQL."],
     [("project", "Postgres", "positive", "explicit_correction")]),
    (["我们的数据库是 MySQL。", "说错了，是 PostgreSQL，不是 MySQL。"], [("project", "PostgreSQL", "positive", "explicit_correction")]),
    (["I mostly write Go.", "hmm no that's not right, I mostly write Rust these days, Go was my old job"],
     [("user", "Rust", "positive", "explicit_correction")]),
    (["我主要写 Go。", "嗯不对，我现在主要写 Rust，Go 是上一份工作的事了"], [("user", "Rust", "positive", "explicit_correction")]),
    (["Sorry, my bad — I actually work in Berlin, not Munich."], [("user", "Berlin", "positive", "explicit_correction")]),
    (["We're on MySQL for the main db.", "wait sorry, I mixed that up, it's MariaDB actually. similar but not the same"],
     [("project", "MariaDB", "positive", "explicit_correction")]),
    (["我们主库用的是 MySQL。", "等等，我搞混了，其实是 MariaDB，差不多但不一样"], [("project", "MariaDB", "positive", "explicit_correction")]),
    (["其实不是上海，我在杭州工作。"], [("user", "杭州", "positive", "explicit_correction")]),
    (["No, it's the other way round: I prefer spaces over tabs."], [("user", "spaces", "positive", "explicit_correction")]),
    (["不是这样的，反过来：我更喜欢空格缩进，不喜欢 tab。"], [("user", "空格", "positive", "explicit_correction")]),
]


def _converse(store, turns: list[str], ctx: MemoryContext = CTX) -> list:
    """The user's turns through the real write graph, one turn at a time (earlier turns as context, an
    assistant reply between them); the active memories afterwards."""
    from langchain_core.messages import AIMessage, HumanMessage

    from langmem_nodes.write import create_write_graph

    g = create_write_graph(store).compile()
    msgs: list = []
    for t in turns:
        msgs.append(HumanMessage(content=t))
        g.invoke({"messages": list(msgs)}, context=ctx)
        msgs.append(AIMessage(content="OK"))
    return store.find(ctx.visible_partitions(), statuses=(Status.ACTIVE,))


@pytest.mark.parametrize(("turns", "expected"), CROSS_TURN, ids=[" / ".join(c[0])[:50] for c in CROSS_TURN])
def test_corrections_land(store, turns, expected) -> None:
    active = _converse(store, turns)
    _check(active, [e[:3] for e in expected])
    for subject, term, _, source in expected:
        hit = [r for r in active if r.subject == subject and _norm(term) in _norm(r.object)]
        assert hit[0].source.value == source


def _replay(store, turns: list[str]) -> dict:
    from langchain_core.messages import AIMessage, HumanMessage

    from langmem_nodes.write import create_write_graph

    g = create_write_graph(store).compile()
    msgs: list = []
    out: dict = {}
    for t in turns:
        msgs.append(HumanMessage(content=t))
        out = g.invoke({"messages": list(msgs)}, context=CTX)
        msgs.append(AIMessage(content="OK"))
    return out


@pytest.mark.parametrize("turns", [
    ["I use Vim.", "No wait, that's wrong — ugh, forget the editor thing, it's complicated."],
    ["我一直用 Vim。", "不对不对，我记错了，这个以后再说。"],
])
def test_unparsed_correction_marks_the_old_value_needs_confirmation(store, turns) -> None:
    from langmem_nodes.read.render import render_item
    from langmem_nodes.state import ScoredMemory

    out = _replay(store, turns)
    assert "correction not understood" in {s["reason"] for s in out["memory_skipped"]}
    active = store.find(CTX.visible_partitions(), statuses=(Status.ACTIVE,))
    assert [r.object for r in active] == ["Vim"]  # nothing invented from the unparsed correction
    assert active[0].metadata.get("needs_confirmation")
    assert "confirm with the user" in render_item(ScoredMemory(record=active[0], score=1.0), 400)


@pytest.mark.parametrize(("text", "reasons"), [
    ("Should I use uv? My friend says Rust is great. The wifi password at the cabin is Tr0ub4dor&3x. I like tea.",
     {"question", "reported speech"}),
    ("我该用 uv 吗？我朋友说 Rust 很好。小屋的 wifi 密码是 Tr0ub4dor&3x。我喜欢喝茶。", {"question", "reported speech"}),
])
def test_memory_skipped_gives_a_reason_per_clause_and_never_the_secret(store, text, reasons) -> None:
    out = _replay(store, [text])
    skipped = out["memory_skipped"]
    assert reasons <= {s["reason"] for s in skipped}
    assert any(s["reason"].startswith("secret") for s in skipped)
    assert "Tr0ub4dor" not in repr(skipped)
    assert len(out["memory_written"]) == 1  # tea


def test_cli_remember_json_lists_the_skip_reasons(tmp_path) -> None:
    import json
    import subprocess
    import sys

    res = subprocess.run([sys.executable, "-m", "langmem_nodes.cli", "--home", str(tmp_path), "--embedder", "hashing",
                          "remember", "--user", "u1", "--json", "如果有空我就学 Rust。For this reply only, use bullets."],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    skipped = json.loads(res.stdout.strip().splitlines()[-1])["skipped"]
    assert {s["reason"] for s in skipped} == {"hypothetical", "one-off"}


@pytest.mark.parametrize("turns", [
    ["Remember that my dog is called Rex.", "Remember that my cat is called Tom.", "My wife's name is Sarah."],
    ["记住：我的狗叫旺财。", "记住：我家猫叫咪咪。", "我老婆叫李娜。"],
])
def test_names_of_different_family_members_and_pets_never_supersede_each_other(store, turns) -> None:
    for t in turns:
        _replay(store, [t])
    active = store.find(CTX.visible_partitions(), statuses=(Status.ACTIVE,))
    assert len(active) == 3, [r.text for r in active]
    assert len({r.predicate for r in active}) == 3
    texts = " ".join(r.text for r in active)
    assert ("User's dog is called Rex" in texts) or ("用户的狗叫旺财" in texts)


def test_a_new_name_for_the_same_family_member_replaces_the_old_one(store) -> None:
    _replay(store, ["My dog is called Rex."])
    _replay(store, ["Sorry, my dog is called Max, not Rex."])
    active = store.find(CTX.visible_partitions(), statuses=(Status.ACTIVE,))
    assert [r.object for r in active if r.predicate == "attr:dog_name"] == ["Max"]
