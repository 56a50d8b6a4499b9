"""Usage eval (read-side article §11 and §8): the five retrieval measures, live, for several read configurations.

Scripted multi-session conversations (two English and two Chinese users, four sessions over 20 days: state
facts, ask questions that need one of them or none, change where they live, ask again) run through the
product path — `add_memory(cite=True)` around an agent whose fake chat model (`MemoryCitingChatModel`) cites
the injected memories its question needs and ignores the others, once naming an id it was never given. The
simulated user restates a fact whenever the reply did not cite the memory it needed. Each configuration gets
a fresh store; `MemoryAdmin.metrics` (what `langmem-nodes stats --json` prints) is read per user and the
counts behind it are summed.

Configurations: `default` (the product's `RuleSelector`), `cap 1` (`RuleSelector(cap=1)`), `no abstention`
(`RuleSelector(require_evidence=False)`), `inject top-5` (every recalled hit up to the cap of 5) and `no
memory` (nothing selected, no stable index). Beside the live figures the script's own truth: how many
restatements the simulated user made, and the share of questions that needed a memory whose memory was cited.

The product's default embedder (MiniLM) and the multilingual e5 are both run (the default first).

Run: `python -m evals usage [--embedders default,e5] [--users en_ada,zh_li] [--stale-days 30] [--json] [--plot PNG]`.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from langgraph.checkpoint.memory import MemorySaver
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, add_memory, memory_messages
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.read.render import RenderNode
from langmem_nodes.read.select import RuleSelector
from langmem_nodes.store import MemoryStore
from langmem_nodes.testing import MemoryCitingChatModel
from langmem_nodes.turn import RecallTurn
from langmem_nodes.usage import usage_log

from ._report import (
    EvalState,
    build_eval_graph,
    figure,
    finish,
    md_table,
    parser,
    positive,
    run_eval_graph,
    save_figure,
)

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
FORGED = "mem_0000forged0000"


@dataclass(frozen=True)
class Ask:
    """A user turn. `need`: a regex a memory's text must match to answer it (None: needs no memory);
    `restate`: what the user says when the reply did not use that memory."""

    text: str
    need: str | None = None
    restate: str = ""
    forge: bool = False


def _user(lang: str, facts: dict[str, tuple[str, str, str]], off: list[str], move: tuple[str, str, str]) -> list:
    """Four sessions (day, turns): state the facts; ask each (with two off-topic turns); move home and ask
    where; ask again. `facts`: key -> (statement, need regex, question); one key is "home"."""
    ask = {k: Ask(q, need, stmt) for k, (stmt, need, q) in facts.items()}
    a, b, c = (ask[k] for k in facts if k != "home")
    moved_stmt, moved_need, moved_q = move
    moved = Ask(moved_q, moved_need, moved_stmt)
    s1 = [Ask(stmt) for stmt, _, _ in facts.values()]
    s2 = [a, Ask(off[0], forge=True), ask["home"], b, Ask(off[1]), c]
    s3 = [Ask(moved_stmt), moved, a, Ask(off[2])]
    s4 = [b, c, moved, a, Ask(off[0])]
    return [(lang, [(0, s1), (3, s2), (10, s3), (20, s4)])]


SCRIPTS: dict[str, list] = {
    "en_ada": _user("en", {
        "tea": ("Remember that I prefer green tea.", r"green tea", "Which tea should I buy for the office?"),
        "home": ("I live in Lyon.", r"Lyon", "What is the weather like where I live?"),
        "allergy": ("I am allergic to peanuts.", r"peanut", "Suggest a snack for my hike, keeping my allergies in mind."),
        "dog": ("My dog is called Rex.", r"Rex", "What should I engrave on my dog's collar tag?"),
    }, ["How do I reverse a list in Python?", "What is the capital of Peru?", "Write a haiku about autumn."],
        ("I now live in Berlin.", r"Berlin", "Find me a good bakery near where I live.")),
    "en_bo": _user("en", {
        "job": ("I work as a nurse.", r"nurse", "Which shoes suit the long shifts at my job?"),
        "lang": ("I use Python for work.", r"Python", "Which library should I learn next for my work scripts?"),
        "sport": ("My favourite sport is tennis.", r"tennis", "Which sport should I watch this weekend?"),
        "home": ("I live in Madrid.", r"Madrid", "Recommend a day trip from my city."),
    }, ["How many ounces are in a pound?", "Explain what a mutex is.", "Tell me a joke about penguins."],
        ("I now live in Seville.", r"Seville", "Which museum near me is worth a visit?")),
    "zh_li": _user("zh", {
        "tea": ("记住我喜欢喝绿茶。", r"绿茶", "帮我推荐一款办公室喝的茶叶。"),
        "home": ("我住在上海。", r"上海", "我住的城市明天天气怎么样？"),
        "allergy": ("我对花生过敏。", r"花生", "推荐点爬山带的零食，注意我的过敏。"),
        "cat": ("我家猫叫咪咪。", r"咪咪", "给我家猫的项圈刻什么名字好？"),
    }, ["Python 里怎么反转列表？", "秘鲁的首都是哪里？", "写一首关于秋天的诗。"],
        ("我搬到北京了。", r"北京", "我家附近有什么好吃的面包店？")),
    "zh_wang": _user("zh", {
        "lang": ("我用Python工作。", r"Python", "工作脚本下一步该学哪个库？"),
        "sport": ("我最喜欢的运动是网球。", r"网球", "这周末看什么体育比赛好？"),
        "home": ("我住在成都。", r"成都", "从我住的城市出发，推荐一个一日游的地方。"),
        "allergy": ("我对海鲜过敏。", r"海鲜", "晚饭吃什么好？记得我的过敏。"),
    }, ["一磅等于多少盎司？", "解释一下什么是互斥锁。", "讲个关于企鹅的笑话。"],
        ("我搬到杭州了。", r"杭州", "我家附近有什么值得去的博物馆？")),
}


def _pick_all(hits: list, query_text: str) -> list:
    return list(hits)


def _pick_none(hits: list, query_text: str) -> list:
    return []


CONFIGS: dict[str, dict[str, Any]] = {
    "default": {},
    "cap 1": {"selector": RuleSelector(cap=1)},
    "no abstention": {"selector": RuleSelector(require_evidence=False)},
    "inject top-5": {"selector": _pick_all},
    "no memory": {"selector": _pick_none, "render": RenderNode(stable=None)},
}


class Conversation:
    """One user's script through `add_memory(cite=True)` on a simulated clock."""

    def __init__(self, store: MemoryStore, read_options: dict[str, Any]) -> None:
        self.store, self.now = store, T0
        self.model = MemoryCitingChatModel(reply="OK.")

        def agent(state: MemoryState) -> dict[str, Any]:
            return {"messages": [self.model.invoke(memory_messages(state, system="You are helpful.", cite=True))]}

        builder = StateGraph(MemoryState, context_schema=MemoryContext)
        builder.add_node("agent", agent).add_edge(START, "agent").add_edge("agent", END)
        recall = RecallTurn(store, clock=lambda: self.now, **read_options)
        self.graph = add_memory(builder, store, agent="agent", clock=lambda: self.now, read_graph=recall,
                                cite=True).compile(checkpointer=MemorySaver())

    def say(self, ctx: MemoryContext, thread: str, turn: Ask, seconds: int) -> bool:
        """One turn; True when the reply cited a memory its question needed (or it needed none)."""
        self.now += timedelta(seconds=seconds)
        need = re.compile(turn.need) if turn.need else None
        self.model.needs = (lambda q, text: bool(need.search(text))) if need else (lambda q, text: False)
        self.model.forge = [FORGED] if turn.forge else []
        out = self.graph.invoke({"messages": [("user", turn.text)]}, {"configurable": {"thread_id": thread}},
                                context=ctx)
        if need is None:
            return True
        turn_id = out.get("memory_recall_id")
        used = {e["memory_id"] for e in usage_log(self.store).events(ctx) if e["op"] == "used" and e["turn"] == turn_id}
        texts = {i: r.text for i, r in self.store.get_many(list(used)).items()}
        return any(need.search(t) for t in texts.values())


def _generate(state: EvalState) -> dict[str, Any]:
    users = state["params"].get("users") or list(SCRIPTS)
    return {"data": {"scripts": {u: SCRIPTS[u] for u in users}, "configs": list(CONFIGS)}}


def _run(state: EvalState) -> dict[str, Any]:
    p = state["params"]
    out: dict[str, Any] = {}
    for embedder in p["embedders"]:
        for name in state["data"]["configs"]:
            with tempfile.TemporaryDirectory(prefix="usage-") as tmp:
                store = MemoryStore(Path(tmp) / "home", embedder=None if embedder == "default" else embedder)
                try:
                    # every configuration starts with the model loaded and no query vectors cached
                    store.embedder.embed(["warm-up", "预热"])
                    store.embedder.clear_cache()
                    out.setdefault(embedder, {"name": store.embedder.name, "configs": {}})
                    out[embedder]["configs"][name] = _run_config(store, CONFIGS[name], state["data"]["scripts"],
                                                                 p["stale_days"])
                finally:
                    store.close()
    return {"out": out}


def _run_config(store: MemoryStore, read_options: dict[str, Any], scripts: dict[str, list],
                stale_days: float) -> dict[str, Any]:
    per_user: dict[str, Any] = {}
    for user, [(lang, sessions)] in scripts.items():
        ctx = MemoryContext(user_id=user)
        conv = Conversation(store, read_options)
        needed = served = restated = 0
        for n, (day, turns) in enumerate(sessions):
            conv.now = T0 + timedelta(days=day)
            for turn in turns:
                ok = conv.say(ctx, f"{user}-s{n}", turn, seconds=60)
                if turn.need is None:
                    continue
                needed += 1
                served += ok
                if not ok:
                    restated += 1
                    conv.say(ctx, f"{user}-s{n}", Ask(turn.restate), seconds=30)
        conv.now = T0 + timedelta(days=40)
        metrics = MemoryAdmin(store).metrics(ctx, stale_days=stale_days)
        latencies = [e["latency_ms"] for e in usage_log(store).events(ctx) if e["op"] == "inject"]
        per_user[user] = {"lang": lang, "metrics": metrics, "latencies": latencies,
                          "script": {"needed": needed, "served": served, "restated": restated}}
    return per_user


def _ratio(num: float, den: float) -> float | None:
    return round(num / den, 4) if den else None


def _rank(values: list[float], q: float) -> float | None:
    import math

    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[max(0, math.ceil(q * len(ordered)) - 1)], 2)


def summarise(users: list[dict[str, Any]]) -> dict[str, Any]:
    """The five measures over several users: their counts summed, then the article's ratios."""
    c = [u["metrics"]["counts"] for u in users]
    rest = sum(u["metrics"]["restatements"]["total"] for u in users)
    inj_items = sum(x["injected_with_citations"]["items"] for x in c)
    inj_bytes = sum(x["injected_with_citations"]["bytes"] for x in c)
    cited_items = sum(x["cited"]["items"] for x in c)
    cited_bytes = sum(x["cited"]["bytes"] for x in c)
    lat = [t for u in users for t in u["latencies"]]
    s = {k: sum(u["script"][k] for u in users) for k in ("needed", "served", "restated")}
    return {
        "restatements": rest,
        "restatements_missed": sum(u["metrics"]["restatements"]["missed"] for u in users),
        "hit_rate": _ratio(sum(x["hits"] for x in c), sum(x["needed"] for x in c)),
        "unused_items": _ratio(inj_items - cited_items, inj_items),
        "unused_bytes": _ratio(inj_bytes - cited_bytes, inj_bytes),
        "latency_p50_ms": _rank(lat, 0.5), "latency_p95_ms": _rank(lat, 0.95),
        "stale_citation_rate": _ratio(sum(x["stale_citations"] for x in c), sum(x["cited"]["events"] for x in c)),
        "turns": sum(x["turns"] for x in c),
        "injected_items": sum(x["injected"]["items"] for x in c),
        "injected_bytes": sum(x["injected"]["bytes"] for x in c),
        "cited_items": cited_items, "ignored_citations": sum(x["ignored_citations"] for x in c),
        "script_restatements": s["restated"],
        "script_hit_rate": _ratio(s["served"], s["needed"]), "script_needed": s["needed"],
    }


def _measure(state: EvalState) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for embedder, run in state["out"].items():
        rows = {}
        for name, per_user in run["configs"].items():
            users = list(per_user.values())
            rows[name] = {"all": summarise(users),
                          **{lang: summarise([u for u in users if u["lang"] == lang]) for lang in ("en", "zh")}}
        result[embedder] = {"embedder": run["name"], "configs": rows}
    return {"result": {"params": state["params"], "embedders": result}}


def create_usage_graph() -> Any:
    """The uncompiled generate → run → measure graph (params: embedders, users, stale_days)."""
    return build_eval_graph(_generate, _run, _measure)


def _pct(v: float | None) -> str:
    return "n/a" if v is None else f"{100 * v:.1f}%"


def table(r: dict[str, Any]) -> str:
    rows = []
    for run in r["embedders"].values():
        for name, by_lang in run["configs"].items():
            m, en, zh = by_lang["all"], by_lang["en"], by_lang["zh"]
            rows.append((
                run["embedder"], name, m["turns"], m["injected_items"], f"{m['injected_bytes'] / 1000:.1f}",
                f"{m['restatements']} (en {en['restatements']} / zh {zh['restatements']}; script {m['script_restatements']})",
                f"{_pct(m['hit_rate'])} (script {_pct(m['script_hit_rate'])}: en {_pct(en['script_hit_rate'])} / "
                f"zh {_pct(zh['script_hit_rate'])})",
                _pct(m["unused_items"]), _pct(m["unused_bytes"]), f"{m['latency_p50_ms']} / {m['latency_p95_ms']}",
                _pct(m["stale_citation_rate"]), m["ignored_citations"]))
    return md_table(["embedder", "config", "turns", "injected items", "injected KB", "restatements",
                     "hit rate", "unused items", "unused bytes", "injection latency p50 / p95 ms",
                     "stale citations", "forged ids ignored"], rows)


def headline(r: dict[str, Any]) -> str:
    parts = []
    for run in r["embedders"].values():
        c = run["configs"]
        d, none, top = c["default"]["all"], c["no memory"]["all"], c["inject top-5"]["all"]
        parts.append(
            f"{run['embedder']}: default {d['restatements']} restatements (no memory {none['restatements']}), "
            f"hit rate {_pct(d['hit_rate'])} (script {_pct(d['script_hit_rate'])}), unused {_pct(d['unused_items'])} "
            f"of items (inject top-5 {_pct(top['unused_items'])}), p50 {d['latency_p50_ms']} ms")
    return "; ".join(parts)


def explain(r: dict[str, Any]) -> str:
    n = r["embedders"][next(iter(r["embedders"]))]["configs"]["default"]["all"]["script_needed"]
    return (
        f"{n} questions need a memory ({len(r['params']['users'])} users, four sessions each). Live figures are "
        "`MemoryAdmin.metrics` over each user's usage events (counts summed over users); 'script' is the "
        "simulation's truth: restatements the simulated user made, and the share of questions needing a memory "
        "whose memory the reply cited. The live hit rate can only count a turn as needing memory when something "
        "was cited or a held fact was restated without being injected, so it reads higher than the script's: a "
        "miss the user repairs by restating is usually injected on the restating turn itself, whose query is the "
        "fact. A memory shown earlier in a session is not selected again in that session (the selector's rule) "
        "and its block is not kept in the history, so a later question there that needs it sees it only in the "
        "stable index, which is routing, not evidence (the fake model, like the article's Codex, cites only "
        f"per-turn items). Stale citations: cited memories superseded within {r['params']['stale_days']:g} days "
        "of the citation (every user moves on day 10). Latency: the recall's wall time (query → rendered block) "
        "on this machine, each configuration starting with no cached query vectors."
    )


def plot(r: dict[str, Any], path: Path) -> Path:
    fig = figure(10.0, 4.0)
    left, right = fig.add_subplot(1, 2, 1), fig.add_subplot(1, 2, 2)
    for marker, run in zip("os^D", r["embedders"].values(), strict=False):
        for name, by_lang in run["configs"].items():
            m = by_lang["all"]
            x, label = m["injected_bytes"] / 1000, f"{name} ({run['embedder']})"
            left.scatter([x], [m["restatements"]], marker=marker, s=36)
            left.annotate(label, (x, m["restatements"]), fontsize=7, xytext=(3, 3), textcoords="offset points")
            if m["unused_items"] is not None:
                right.scatter([x], [100 * m["unused_items"]], marker=marker, s=36)
                right.annotate(label, (x, 100 * m["unused_items"]), fontsize=7, xytext=(3, 3),
                               textcoords="offset points")
    for ax, ylabel, title in ((left, "restatements", "Restatements vs injection volume"),
                              (right, "% of injected items never cited", "Unused share vs injection volume")):
        ax.set_xlabel("KB of memories injected (all users)")
        ax.set_ylabel(ylabel)
        ax.set_title(title, fontsize=10)
    return save_figure(fig, path)


def main(argv: list[str] | None = None) -> int:
    ap = parser("usage", __doc__.splitlines()[0])
    ap.add_argument("--embedders", default="default,e5",
                    help="comma-separated store embedders to run ('default' = the product's; default: default,e5)")
    ap.add_argument("--stale-days", type=positive(float), default=30.0, help="stale-citation window (default 30)")
    ap.add_argument("--users", default=",".join(SCRIPTS), help=f"comma-separated scripted users (default {','.join(SCRIPTS)})")
    a = ap.parse_args(argv)
    embedders = [e.strip() for e in a.embedders.split(",") if e.strip()]
    users = [u.strip() for u in a.users.split(",") if u.strip()]
    if not embedders:
        ap.error("--embedders: name at least one embedder")
    unknown = [u for u in users if u not in SCRIPTS]
    if unknown or not users:
        ap.error(f"--users: unknown {unknown or 'none given'}; known: {', '.join(SCRIPTS)}")
    params = {"embedders": embedders, "users": users, "stale_days": a.stale_days, "seed": a.seed}
    result = run_eval_graph(create_usage_graph(), params)
    if a.plot:
        plot(result, a.plot)
    return finish(result, table(result) + "\n\n" + headline(result), a.json)
