"""Conflict resolution: the four strategies on the same fixtures, and supersede semantics in the store."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.write import STRATEGIES, ResolutionStrategy, ResolverNode, create_write_graph
from langmem_nodes.write.resolve import conflicts_with, get_strategy

T0 = datetime(2026, 1, 1, tzinfo=UTC)
S = Scope(user_id="u1")


def st(obj: str, source: str = "inferred", conf: float = 0.6, day: int = 0, rec: int = 1, pol: str = "positive") -> MemoryRecord:
    return MemoryRecord(text=f"User uses {obj}", predicate="uses", object=obj, scope=S, source=source,
                        confidence=conf, created_at=T0 + timedelta(days=day), recurrence=rec, polarity=pol)


# Each fixture: statements in arrival order, and the winner's object per strategy.
FIXTURES = {
    "correction_then_stale_restatement": (
        [st("TS", day=0), st("Python", "explicit_correction", 0.95, day=1), st("TS", day=2)],
        {"explicit_correction_first": "Python", "confidence_weighted": "Python", "last_write_wins": "TS", "majority": "TS"},
    ),
    "majority_outvotes_a_single_correction": (
        [st("Go", day=0), st("Go", day=1), st("Rust", "explicit_correction", 0.95, day=2), st("Go", day=3)],
        {"explicit_correction_first": "Rust", "confidence_weighted": "Rust", "last_write_wins": "Go", "majority": "Go"},
    ),
    "confident_inference_vs_later_explicit": (
        [st("Java", "inferred", 0.92, day=0), st("Kotlin", "explicit", 0.9, day=1)],
        {"explicit_correction_first": "Kotlin", "confidence_weighted": "Java", "last_write_wins": "Kotlin", "majority": "Kotlin"},
    ),
    "recurrence_counts_as_votes": (
        [st("vim", rec=3, day=0), st("emacs", day=1)],
        {"explicit_correction_first": "emacs", "confidence_weighted": "emacs", "last_write_wins": "emacs", "majority": "vim"},
    ),
}


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
@pytest.mark.parametrize("fixture", sorted(FIXTURES))
def test_four_strategies_on_the_same_fixtures(strategy: str, fixture: str) -> None:
    statements, winners = FIXTURES[fixture]
    assert STRATEGIES[strategy].choose(statements).object == winners[strategy]


def test_strategy_registry_and_protocol() -> None:
    assert set(STRATEGIES) == {"explicit_correction_first", "confidence_weighted", "last_write_wins", "majority"}
    for name, s in STRATEGIES.items():
        assert isinstance(s, ResolutionStrategy) and s.name == name
        with pytest.raises(ValueError, match="empty"):
            s.choose([])
    with pytest.raises(ValueError, match="unknown resolution strategy"):
        get_strategy("newest")
    with pytest.raises(TypeError):
        get_strategy(42)  # type: ignore[arg-type]

    class Oldest:
        name = "oldest"

        def choose(self, statements):
            return statements[0]

    assert ResolverNode(None, strategy=Oldest()).strategy.name == "oldest"


def test_conflict_detection_rules() -> None:
    name_a = MemoryRecord(text="n", predicate="name", object="Ann", scope=S)
    name_b = MemoryRecord(text="n", predicate="name", object="Anna", scope=S)
    assert conflicts_with(name_b, name_a)  # exclusive predicate
    assert not conflicts_with(st("tea"), st("coffee"))  # preferences can hold many values
    assert conflicts_with(st("tea", pol="negative"), st("tea"))  # polarity flip
    fix = st("pnpm", "explicit_correction")
    assert conflicts_with(fix, st("npm"), replaces=["npm"]) and not conflicts_with(fix, st("yarn"), replaces=["npm"])
    assert not conflicts_with(fix, st("npm"))


CTX = MemoryContext(user_id="u1", project_id="p1", session_id="s1")


def converse(graph, *turns: str, ctx: MemoryContext = CTX) -> dict:
    """Replay user turns one at a time (an assistant turn between them), as an agent would."""
    msgs: list = []
    out: dict = {}
    for t in turns:
        msgs.append(HumanMessage(content=t))
        out = graph.invoke({"messages": list(msgs)}, context=ctx)
        msgs.append(AIMessage(content="OK."))
    return out


@pytest.mark.parametrize(("first", "fix", "old_obj", "new_obj"), [
    ("I mainly write TypeScript.", "No wait, change that: I mainly write Python now.", "TypeScript", "Python"),
    ("部署用 npm run deploy。", "不对,部署改到 bash deploy.sh 了。", "npm run deploy", "bash deploy.sh"),
])
def test_correction_supersedes_with_pointers_both_ways_and_a_reason(store, first, fix, old_obj, new_obj) -> None:
    g = create_write_graph(store).compile()
    out = converse(g, first, fix)
    (new,) = out["memory_written"]
    (old_id,) = out["memory_superseded"]
    old = store.get(old_id)
    assert old.object == old_obj and old.status.value == "superseded" and old.superseded_by == new["id"]
    assert new["object"] == new_obj and new["supersedes"] == [old_id] and new["source"] == "explicit_correction"
    sup = [e for e in store.history(old_id) if e.op.value == "supersede"]
    assert sup and new["id"] in sup[0].reason and "explicit_correction_first" in sup[0].reason
    assert len(store.find(None, statuses=None)) == 2  # nothing physically deleted


def test_polarity_flip_supersedes_in_both_languages(store) -> None:
    g = create_write_graph(store).compile()
    converse(g, "I like Java.")
    out = converse(g, "I don't like Java anymore.")
    assert len(out["memory_superseded"]) == 1
    converse(g, "我喜欢 Go。")
    out = converse(g, "我不再喜欢 Go 了。")
    assert len(out["memory_superseded"]) == 1
    assert {(r.object, r.polarity.value) for r in store.find(None)} == {("Java", "negative"), ("Go", "negative")}


def test_read_only_memory_is_never_superseded_automatically(store) -> None:
    locked = MemoryRecord(text="User's name is Ann", predicate="name", object="Ann", scope=CTX.scope("user"),
                          read_only=True, kind="identity")
    store.commit(add=[locked])
    out = converse(create_write_graph(store).compile(), "Actually, my name is Anna.")
    assert out["memory_superseded"] == []
    assert store.get(locked.id).status.value == "active"
    (w,) = out["memory_written"]
    assert w["status"] == "candidate" and "read-only" in store.history(w["id"])[0].reason


@pytest.mark.parametrize(("strategy", "survivor"), [("explicit_correction_first", "./ship.sh"),
                                                   ("last_write_wins", "make ship")])
def test_stale_restatement_after_a_correction(tmp_path, fake_embedder, strategy, survivor) -> None:
    # the article's failure case: LWW lets a stale inference overwrite the user's correction
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path / strategy, embedder=fake_embedder) as store:
        g = create_write_graph(store, strategy=strategy).compile()
        converse(g, "The deploy command is make ship.", "That's wrong, the deploy command is ./ship.sh.",
                 "The deploy command is make ship.")
        assert [r.object for r in store.find(None)] == [survivor]
        history = {r.object: r.status.value for r in store.find(None, statuses=None) if r.object != survivor}
        assert set(history.values()) == {"superseded"}
