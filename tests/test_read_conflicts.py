"""Conflicts: exclusive pairs (same subject + predicate, different value) are never injected together."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from langmem_nodes.read import create_read_graph
from langmem_nodes.read.conflicts import NEEDS_CONFIRMATION, attribute_key, resolve_conflicts, value_key
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
from langmem_nodes.state import ScoredMemory

S = Scope(user_id="ada")


def sm(obj, score, pred="prefers_drink", polarity="positive", text=None, **kw):
    rec = MemoryRecord(text=text or f"likes {obj}", predicate=pred, object=obj, polarity=polarity, scope=S, **kw)
    return ScoredMemory(record=rec, score=score)


def test_clear_winner_kept_loser_dropped():
    # the higher source authority wins whatever the scores (facts.winner, as on the write side)
    out = resolve_conflicts([sm("tea", 0.5, source="explicit"), sm("coffee", 0.9, source="inferred")])
    assert [h.record.object for h in out] == ["tea"]
    assert NEEDS_CONFIRMATION not in out[0].flags and any(f.startswith("beat:") for f in out[0].flags)
    # at equal authority the newer wins: clear when it also leads on score, else flagged
    out = resolve_conflicts([sm("tea", 0.5), sm("coffee", 0.9)])
    assert [h.record.object for h in out] == ["coffee"] and NEEDS_CONFIRMATION not in out[0].flags
    out = resolve_conflicts([sm("tea", 0.9), sm("coffee", 0.5)])
    assert [h.record.object for h in out] == ["coffee"] and NEEDS_CONFIRMATION in out[0].flags


def test_close_call_keeps_one_flagged_needs_confirmation_zh():
    out = resolve_conflicts([sm("绿茶", 0.80, text="用户喜欢绿茶"), sm("咖啡", 0.78, text="用户喜欢咖啡")])
    assert len(out) == 1 and NEEDS_CONFIRMATION in out[0].flags


def test_polarity_conflict_and_explicit_correction_wins():
    out = resolve_conflicts([sm("tea", 0.80), sm("tea", 0.79, polarity="negative", source="explicit_correction")])
    assert len(out) == 1 and out[0].record.polarity.value == "negative"  # an explicit correction wins
    out = resolve_conflicts([sm("tea", 0.80, source="explicit_correction"), sm("tea", 0.79, polarity="negative")])
    assert len(out) == 1 and NEEDS_CONFIRMATION not in out[0].flags


def test_parallel_attributes_and_free_text_all_stay():
    hits = [sm("tea", 0.9), sm("Berlin", 0.8, pred="lives_in"), sm("", 0.7, pred="states", text="用户养了一只猫"),
            sm("", 0.6, pred="states", text="user has a dog"), sm("tea", 0.5)]
    assert len(resolve_conflicts(hits)) == 5
    assert attribute_key(hits[2].record) is None


def test_confirm_policy_flags_every_contested_winner():
    out = resolve_conflicts([sm("tea", 0.9), sm("coffee", 0.1)], policy="confirm")
    assert NEEDS_CONFIRMATION in out[0].flags


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["tea", "coffee", "茶", "water"]), st.sampled_from(["positive", "negative"]),
                          st.floats(0, 1), st.sampled_from(["prefers_drink", "lives_in"])), min_size=1, max_size=12))
def test_property_no_exclusive_pair_survives(items):
    out = resolve_conflicts([sm(o, s, pred=p, polarity=pol) for o, pol, s, p in items])
    for i, a in enumerate(out):
        for b in out[i + 1 :]:
            if attribute_key(a.record) == attribute_key(b.record):
                assert value_key(a.record) == value_key(b.record)


def test_exclusive_pair_never_injected_together_end_to_end(store):
    common = dict(predicate="prefers_drink", kind="preference", source="explicit", confidence=0.9, scope=S)
    store.commit(add=[MemoryRecord(text="User prefers tea to drink", object="tea", **common),
                      MemoryRecord(text="User prefers coffee to drink", object="coffee", **common),
                      MemoryRecord(text="用户喜欢喝茶", object="茶", **common),
                      MemoryRecord(text="User lives in Berlin", predicate="lives_in", object="Berlin", scope=S)])
    graph = create_read_graph(store).compile()
    for q in ("what do I prefer to drink, tea or coffee?", "我喜欢喝什么？tea coffee"):
        out = graph.invoke({"messages": [("user", q)]}, context=MemoryContext(user_id="ada"))
        drinks = [m for m in out["memory_selected"] if m.record.predicate == "prefers_drink"]
        assert len(drinks) <= 1
        injected = out["memory_injection"]
        assert sum(t in injected for t in ("prefers tea", "prefers coffee", "喜欢喝茶")) <= 1


def test_parallel_predicate_keeps_every_object_but_a_polarity_flip_conflicts():
    """A user uses Vim and Python at once (en) / 用 Go 也用 Docker (zh): no value hides another; only
    "likes X" against "dislikes X" contradicts."""
    en = [sm("Vim", 0.9, pred="uses", text="User uses Vim"), sm("Python", 0.8, pred="uses", text="User uses Python"),
          sm("Berlin", 0.7, pred="lives_in"), sm("tabs", 0.6, pred="prefers")]
    assert len(resolve_conflicts(en)) == 4
    zh = [sm("Go", 0.9, pred="uses", text="用户使用Go"), sm("Docker", 0.85, pred="uses", text="用户使用Docker"),
          sm("咖啡", 0.8, pred="diet", polarity="negative", text="用户不喝咖啡")]
    assert len(resolve_conflicts(zh)) == 3
    flip = resolve_conflicts([sm("tabs", 0.9, pred="prefers"), sm("Tabs", 0.5, pred="prefers", polarity="negative")])
    assert len(flip) == 1 and flip[0].record.polarity.value == "negative"  # the newer statement
    moved = resolve_conflicts([sm("Berlin", 0.9, pred="lives_in"), sm("Paris", 0.5, pred="lives_in")])
    assert [h.record.object for h in moved] == ["Paris"]  # an exclusive attribute keeps one value: the newer
