"""Scope isolation under random workloads (hypothesis): no memory is ever visible outside its scope.

Random orgs, projects (or none), users and sessions (ids repeat across projects on purpose) say English and
Chinese statements through the real write graph (user facts, project facts, explicit requests, corrections,
restatements in other sessions that drive promotion), forget memories by id and bulk-delete by project. Every
query runs the real read graph and also asks BM25, dense search (exact, and Chroma when mirrored) and
`MemoryAdmin.list` directly. Each memory that surfaces is judged by an oracle written from the rules, not
from partition keys: its scope must admit the asking context (level by level), and its scope must be one its
statements could earn (a session memory where it was said, a project fact only in a project where it was said
explicitly or in `project_sessions` sessions of one user). A forgotten memory surfacing anywhere is a leak too.

The default run is small (a few seconds). `make stress` (`pytest -m stress`) runs the same workload at
≥ 1,000 random operations and prints `leaks: N` (size: LANGMEM_STRESS_EXAMPLES × LANGMEM_STRESS_OPS).
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from langchain_core.messages import HumanMessage

from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.read.graph import create_read_graph
from langmem_nodes.records import Level, MemoryContext, MemoryRecord, Scope
from langmem_nodes.store import MemoryStore
from langmem_nodes.write import create_write_graph

ORGS = ("o1", "o2")
PROJECTS = (None, "pA", "pB")
USERS = ("u1", "u2")
SESSIONS = ("s1", "s2", "s3", None)
PROJECT_SESSIONS = 3  # PromoteNode's default evidence for a project fact
# (text template, explicit?, about the project?) — {w} is a marker word naming the statement in its memories
TEMPLATES = (
    ("I prefer {w}.", False, False),
    ("我喜欢用 {w}。", False, False),
    ("Remember that I prefer {w}.", True, False),
    ("This project uses {w}.", False, True),
    ("这个项目用 {w} 管理依赖。", False, True),
    ("Remember that this project uses {w}.", True, True),
    ("Actually, I prefer {w}.", True, False),
    ("不对，我喜欢用 {w}。", True, False),
)
MARKER = re.compile(r"zorb\d+x")
MEM_ID = re.compile(r"mem_[0-9a-f]{16}")

ctx_strategy = st.builds(
    lambda o, p, u, s: MemoryContext(org_id=o, project_id=p, user_id=u, session_id=s),
    st.sampled_from(ORGS), st.sampled_from(PROJECTS), st.sampled_from(USERS), st.sampled_from(SESSIONS),
)
op_strategy = st.one_of(
    st.tuples(st.just("say"), ctx_strategy, st.integers(0, len(TEMPLATES) - 1)),
    st.tuples(st.just("restate"), ctx_strategy, st.integers(0, 10_000)),  # an earlier statement, elsewhere
    st.tuples(st.just("query"), ctx_strategy, st.integers(0, 10_000)),
    st.tuples(st.just("forget"), ctx_strategy, st.integers(0, 10_000)),
    st.tuples(st.just("delete_project"), ctx_strategy, st.sampled_from(("pA", "pB"))),
)
workload = st.tuples(st.lists(op_strategy, min_size=4, max_size=24), st.sampled_from(("large", "all")))


def may_see(q: MemoryContext, s: Scope) -> bool:
    """The visibility rule, level by level (independent of partition keys)."""
    if s.org_id != q.org_id:
        return False
    if s.level is Level.ORG:
        return True
    if s.level is Level.PROJECT:
        return q.project_id is not None and s.project_id == q.project_id
    if s.level is Level.USER:
        return s.user_id == q.user_id
    return (s.user_id, s.project_id, s.session_id) == (q.user_id, q.project_id, q.session_id)


def may_mention(q: MemoryContext, s: Scope) -> bool:
    """What a write may name in its output: what it sees, and the user's other sessions in the same project."""
    return may_see(q, s) or (s.level is Level.SESSION and (s.org_id, s.user_id, s.project_id)
                             == (q.org_id, q.user_id, q.project_id))


def may_list(q: MemoryContext, s: Scope) -> bool:
    """What `MemoryAdmin.list` shows a user named without a session: what they see, and their own sessions
    (in the project named, or in every project when none is)."""
    if q.session_id is not None or s.level is not Level.SESSION:
        return may_see(q, s)
    return (s.org_id, s.user_id) == (q.org_id, q.user_id) and (q.project_id is None or s.project_id == q.project_id)


@dataclass
class Run:
    """One random workload against one fresh memory home, and what the oracle found."""

    mirror: str
    statements: dict[str, list[tuple[MemoryContext, bool]]] = field(default_factory=dict)  # marker → (ctx, explicit)
    said: list[tuple[str, bool, bool]] = field(default_factory=list)  # (text, explicit, about the project)
    about_project: set[str] = field(default_factory=set)  # markers of project statements
    forgotten: set[str] = field(default_factory=set)
    leaks: list[str] = field(default_factory=list)
    ops: int = 0
    queries: int = 0
    checked: int = 0

    def earned(self, rec: MemoryRecord) -> bool:
        """Whether the statements made so far can put this memory at its scope."""
        m = MARKER.search(rec.text)
        if m is None:
            return False
        s, said = rec.scope, self.statements.get(m.group(0), [])
        here = [(c, e) for c, e in said if c.org_id == s.org_id]
        if s.level is Level.SESSION:
            return any((c.user_id, c.project_id, c.session_id) == (s.user_id, s.project_id, s.session_id) for c, _ in here)
        if s.level is Level.USER:  # a project fact never widens to the user level
            return m.group(0) not in self.about_project and any(c.user_id == s.user_id for c, _ in here)
        if s.level is Level.PROJECT:
            inp = [(c, e) for c, e in here if s.project_id is not None and c.project_id == s.project_id]
            if any(e or c.session_id is None for c, e in inp):
                return True
            return any(len({c.session_id for c, _ in inp if c.user_id == u}) >= PROJECT_SESSIONS for u in USERS)
        return False  # org promotion is not part of this workload

    def judge(self, q: MemoryContext, surface: str, ids: list[str], store: MemoryStore, *, writer: bool = False,
              listing: bool = False) -> None:
        recs = store.get_many(ids)
        for i in dict.fromkeys(ids):
            self.checked += 1
            rec = recs.get(i)
            if rec is None:
                self.leaks.append(f"{surface}: forgotten {i} surfaced for {q}" if i in self.forgotten
                                  else f"{surface}: unknown id {i} for {q}")
                continue
            allowed = may_mention(q, rec.scope) if writer else may_list(q, rec.scope) if listing else may_see(q, rec.scope)
            if not allowed:
                self.leaks.append(f"{surface}: {rec.scope.partition} «{rec.text}» shown to {q}")
            elif not self.earned(rec):
                self.leaks.append(f"{surface}: {rec.scope.partition} «{rec.text}» not earned by its statements")


def run_workload(ops: list[tuple], mirror: str) -> Run:
    run = Run(mirror=mirror)
    home = tempfile.mkdtemp(prefix="scope-prop-")
    store = MemoryStore(home, embedder="hashing", chroma_mirror=mirror)
    try:
        write, read, admin = create_write_graph(store).compile(), create_read_graph(store).compile(), MemoryAdmin(store)
        for kind, ctx, arg in ops:
            run.ops += 1
            if kind in ("say", "restate"):
                if kind == "say" or not run.said:
                    template, explicit, project_fact = TEMPLATES[arg % len(TEMPLATES)]
                    text = template.format(w=f"zorb{len(run.said)}x")
                    run.said.append((text, explicit, project_fact))
                else:
                    text, explicit, project_fact = run.said[arg % len(run.said)]
                marker = MARKER.search(text).group(0)
                run.statements.setdefault(marker, []).append((ctx, explicit))
                if project_fact:
                    run.about_project.add(marker)
                out = write.invoke({"messages": [HumanMessage(content=text)]}, context=ctx)
                named = [w["id"] for w in out["memory_written"]]
                named += [i for s in out["memory_skipped"] for i in MEM_ID.findall(s["reason"])]
                run.judge(ctx, "write output", named, store, writer=True)
            elif kind == "query":
                run.queries += 1
                marker = f"zorb{arg % max(len(run.said), 1)}x"
                out = read.invoke({"messages": [("user", f"what about {marker}? 用什么 {marker}")]}, context=ctx)
                run.judge(ctx, "read graph selected", [m.record.id for m in out["memory_selected"]], store)
                run.judge(ctx, "read graph injected ids", list(out.get("memory_injected_ids") or []), store)
                run.judge(ctx, "injection block", MEM_ID.findall(out.get("memory_injection") or ""), store)
                run.judge(ctx, "stable block", MEM_ID.findall(out.get("memory_stable") or ""), store)
                parts = ctx.visible_partitions()
                vec = store.embedder.embed_query(marker)
                run.judge(ctx, "bm25", [i for i, _ in store.lexical_search(parts, marker, 20)], store)
                run.judge(ctx, "dense", [i for i, _ in store.dense_search(parts, vec, 20)], store)
                if mirror == "all":
                    run.judge(ctx, "chroma", [i for i, _ in store.chroma.search(parts, vec, 20)], store)
                run.judge(ctx, "admin list", [r["id"] for r in admin.list(ctx, all_statuses=True)], store,
                          listing=True)
            elif kind == "forget":
                live = store.find(None, statuses=None)
                if live:
                    victim = live[arg % len(live)].id
                    admin.forget(victim)
                    run.forgotten.add(victim)
            else:  # delete_project: only what the project narrows goes
                project = arg
                before = store.find(None, statuses=None)
                out = admin.delete_all(org_id=ctx.org_id, project_id=project, user_id="*", session_id="*")
                gone = set(out["ids"])
                run.forgotten |= gone
                for r in before:
                    narrowed = (r.scope.org_id == ctx.org_id and r.scope.project_id == project
                                and r.scope.level in (Level.PROJECT, Level.SESSION))
                    if narrowed != (r.id in gone):
                        run.leaks.append(f"delete_all(project_id={project!r}) {'missed' if narrowed else 'took'} "
                                         f"{r.scope.partition} «{r.text}»")
    finally:
        store.close()
    return run


@settings(max_examples=int(os.environ.get("LANGMEM_SCOPE_EXAMPLES", "6")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(workload)
def test_no_memory_is_visible_outside_its_scope(job):
    ops, mirror = job
    run = run_workload(ops, mirror)
    assert run.leaks == []


TOTALS = {"ops": 0, "queries": 0, "checked": 0, "leaks": 0}


@pytest.mark.stress
def test_stress_scope_isolation_over_a_thousand_random_ops():
    examples = int(os.environ.get("LANGMEM_STRESS_EXAMPLES", "40"))
    size = int(os.environ.get("LANGMEM_STRESS_OPS", "30"))
    leaks: list[str] = []

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.tuples(st.lists(op_strategy, min_size=size, max_size=size), st.sampled_from(("large", "all"))))
    def one(job):
        run = run_workload(*job)
        for k in ("ops", "queries", "checked"):
            TOTALS[k] += getattr(run, k)
        TOTALS["leaks"] += len(run.leaks)
        leaks.extend(run.leaks)

    one()
    print(f"\nscope isolation: leaks: {TOTALS['leaks']} over {TOTALS['ops']} random ops "
          f"({TOTALS['queries']} queries, {TOTALS['checked']} surfaced memories judged)")
    for line in leaks[:20]:
        print("  leak:", line)
    assert TOTALS["ops"] >= 1000 and TOTALS["checked"] > 0
    assert TOTALS["leaks"] == 0
