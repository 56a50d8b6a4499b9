"""Reading an imported archive (newcomer19 H5, M4): one result per turn, and a present question gets the newer
statement on the same thing first; a question about the past keeps the older one first (en + zh).

The transcripts are made up here: several sessions months apart, with a change of city, job and tool."""

from __future__ import annotations

import pytest

from langmem_nodes import MemoryContext, create_read_graph
from langmem_nodes.conversation import conversation_records, import_conversation
from langmem_nodes.read.turn_views import collapse_views, distinct, is_view, newer_mentions
from langmem_nodes.records import Scope
from langmem_nodes.state import ScoredMemory


def _turns(sessions: list[tuple[str, str, list[tuple[str, str]]]]) -> list[dict[str, str]]:
    return [{"speaker": who, "text": text, "session": name, "at": at}
            for name, at, lines in sessions for who, text in lines]


EN = _turns([
    ("feb", "2026-02-03T08:00:00Z", [
        ("Noor", "Morning! I finally unpacked everything, I live in Ghent now."),
        ("Assistant", "Welcome to Ghent! How is the new place?"),
        ("Noor", "Small but bright. I work at Brightwave as a QA tester."),
        ("Assistant", "Sounds like a good start."),
        ("Noor", "For notes I use Evernote, it syncs everywhere."),
        ("Assistant", "Handy."),
        ("Noor", "My cat Biscuit sleeps on the radiator all day."),
        ("Assistant", "Cats know where the warmth is."),
    ]),
    ("may", "2026-05-11T19:00:00Z", [
        ("Noor", "Spring is lovely here. I started running along the canal."),
        ("Assistant", "Nice, how far do you go?"),
        ("Noor", "About five kilometres, three times a week."),
        ("Assistant", "That's a solid routine."),
    ]),
    ("sep", "2026-09-20T10:00:00Z", [
        ("Noor", "Big change: we left Ghent and settled in Antwerp last month."),
        ("Assistant", "Congrats on the move! Is the flat bigger?"),
        ("Noor", "Much bigger. And I quit Brightwave, now I'm a developer at Tidepool."),
        ("Assistant", "A new city and a new job at once!"),
        ("Noor", "I also dropped Evernote, Obsidian works better for me."),
        ("Assistant", "Obsidian is great for linking notes."),
    ]),
])

ZH = _turns([
    ("z1", "2026-01-15T09:00:00Z", [
        ("阿杰", "我现在住在苏州，每天骑车上班。"),
        ("助手", "苏州很适合骑车。"),
        ("阿杰", "我在一家游戏公司做美术，用 Photoshop 画图。"),
        ("助手", "听起来很有意思。"),
        ("阿杰", "我养了一只柯基，叫豆豆。"),
        ("助手", "柯基很可爱。"),
    ]),
    ("z2", "2026-04-02T21:00:00Z", [
        ("阿杰", "最近在学吉他，手指好疼。"),
        ("助手", "坚持下去就好了。"),
        ("阿杰", "周末带豆豆去公园玩了。"),
        ("助手", "真开心。"),
    ]),
    ("z3", "2026-08-30T20:00:00Z", [
        ("阿杰", "告诉你个消息，我们从苏州搬到杭州了。"),
        ("助手", "恭喜搬家！"),
        ("阿杰", "画图现在改用 Procreate 了，Photoshop 太贵。"),
        ("助手", "Procreate 很好用。"),
    ]),
])


def _hits(records, scores):
    return [ScoredMemory(record=r, score=s, breakdown={"sim": s}) for r, s in zip(records, scores, strict=True)]


def _records(turns):
    return conversation_records(turns, scope=Scope(user_id="u"), conversation="c")


def _own(hit):
    return hit.record.metadata.get("embed_text", hit.record.text)


def test_a_reply_that_rises_only_by_its_neighbour_collapses_into_that_turn():
    recs = _records(EN)
    # "Where does Noor work?": the reply after the Brightwave line ranks first only by its window
    hits = _hits([recs[3], recs[2], recs[1], recs[6]], [0.9, 0.8, 0.7, 0.2])
    out = collapse_views(hits, "Which company do I work at?")
    assert out[0].record.id == recs[2].id and out[0].score == 0.9  # the turn takes its best view's place
    views = [h for h in out if is_view(h)]
    assert {h.record.id for h in views} == {recs[3].id, recs[1].id}  # marked, and behind it
    assert all(h.breakdown["view_of"] == recs[2].id for h in views)
    assert [h.record.id for h in distinct(out)] == [recs[2].id, recs[6].id]  # what a selector chooses from


def test_collapse_zh_and_a_turn_with_its_own_match_is_kept():
    recs = _records(ZH)
    hits = _hits([recs[1], recs[0], recs[13]], [0.9, 0.85, 0.5])  # each line matches words of its own: two turns
    out = collapse_views(hits, "苏州适合做什么？")
    assert [h.record.id for h in out] == [recs[1].id, recs[0].id, recs[13].id]
    hits = _hits([recs[3], recs[2], recs[5]], [0.9, 0.6, 0.3])  # 「听起来很有意思」 rises by the 游戏公司 line
    out = collapse_views(hits, "我在什么公司工作？")
    assert [h.record.id for h in distinct(out)] == [recs[2].id, recs[5].id]
    assert out[0].record.id == recs[2].id and out[1].breakdown.get("view_of") == recs[2].id


def test_no_content_words_no_collapse():
    recs = _records(EN)
    hits = _hits([recs[3], recs[2]], [0.9, 0.8])
    assert [h.record.id for h in collapse_views(hits, "?")] == [recs[3].id, recs[2].id]


def test_a_present_question_gets_the_newer_statement_on_the_same_thing_first():
    recs = _records(EN)
    old, new, other = recs[0], recs[12], recs[8]  # "I live in Ghent" / "we left Ghent and settled in Antwerp"
    chosen = _hits([old], [0.8])
    pool = _hits([old, other, new], [0.8, 0.3, 0.2])
    out = newer_mentions(chosen, pool, "Where do I live?")
    assert [h.record.id for h in out] == [new.id, old.id]
    # a question about the past keeps the older one first, and adds nothing
    assert [h.record.id for h in newer_mentions(chosen, pool, "Where did I live before?")] == [old.id]


def test_newer_statement_zh_and_not_from_another_speaker_or_an_earlier_turn():
    recs = _records(ZH)
    old, new = recs[2], recs[12]  # Photoshop → Procreate
    reply = recs[13]  # 助手「Procreate 很好用」: the assistant's, not the speaker's
    out = newer_mentions(_hits([old], [0.8]), _hits([old, reply, new], [0.8, 0.4, 0.3]), "我现在用什么软件画图？")
    assert [h.record.id for h in out] == [new.id, old.id]
    # the newer one chosen: an older mention is never pulled in front of it
    out = newer_mentions(_hits([new], [0.8]), _hits([new, old], [0.8, 0.5]), "我现在用什么软件画图？")
    assert [h.record.id for h in out] == [new.id]


def test_newer_mentions_need_a_shared_word_beyond_the_question_and_filler():
    recs = _records(EN)
    # "I live in Ghent now" and "… now I'm a developer at Tidepool" share only "now": not the same thing
    old, job, move = recs[0], recs[14], recs[12]
    out = newer_mentions(_hits([old], [0.8]), _hits([old, move, job], [0.8, 0.3, 0.2]), "Where do I live?")
    assert [h.record.id for h in out] == [move.id, old.id]
    out = newer_mentions(_hits([old], [0.8]), _hits([old, job], [0.8, 0.2]), "Where do I live?")
    assert [h.record.id for h in out] == [old.id]
    old, unrelated = recs[4], recs[14]  # Evernote line vs "I quit Brightwave …": nothing of the notes line shared
    out = newer_mentions(_hits([old], [0.8]), _hits([old, unrelated], [0.8, 0.4]), "What do I use for notes?")
    assert [h.record.id for h in out] == [old.id]


@pytest.mark.integration
def test_an_imported_archive_answers_with_distinct_turns_and_the_newer_value(tmp_path):
    from langmem_nodes.store import MemoryStore

    store = MemoryStore(tmp_path / "home")
    try:
        ids = import_conversation(store, EN, user_id="u", conversation="en")
        zids = import_conversation(store, ZH, user_id="u", conversation="zh")
        graph = create_read_graph(store).compile()

        def ask(q):
            out = graph.invoke({"messages": [("user", q)], "memory_k": 5}, context=MemoryContext(user_id="u"))
            return [h.record.id for h in out["memory_selected"]], out["memory_selected"]

        for q, old, new in (("Where do I live?", ids[0], ids[12]), ("我现在住在哪里？", zids[0], zids[10])):
            got, sel = ask(q)
            assert new in got and (old not in got or got.index(new) < got.index(old)), q
            texts = [h.record.metadata.get("embed_text", h.record.text) for h in sel]
            assert len(set(texts)) == len(texts)
        got, sel = ask("Where did I live before?")
        assert ids[0] in got
        # one result per turn: "Assistant: Handy." rises only by the cat line in its window, and is not selected
        got, sel = ask("What is my cat called?")
        assert ids[6] in got and ids[5] not in got
    finally:
        store.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_turn_imported_today_is_still_marked_as_what_was_said_never_a_preference(lang):
    """newcomer19 M4: an assistant's line ("Rust is a good fit …") is no standing preference of the user's, even
    on the day it was imported (turns without times are dated at the import)."""
    from langmem_nodes.read.freshness import freshness_note
    from langmem_nodes.records import utcnow

    recs = conversation_records([{"speaker": "Noor", "text": "I'm thinking about learning Rust."},
                                 {"speaker": "Assistant", "text": "Rust is a good fit for data pipelines."},
                                 {"speaker": "阿杰", "text": "我更喜欢 Python。"}],
                                scope=Scope(user_id="u"), conversation="c")
    for rec in recs:
        note = freshness_note(rec, utcnow(), lang)
        assert note is not None
        assert ("what its speaker said" if lang == "en" else "说话人当时所说") in note
        assert "preference; use it directly" not in note and "可直接使用" not in note


def test_the_newer_statement_keeps_the_selectors_cap():
    from langmem_nodes.read.select import RuleSelector, SelectNode

    recs = _records(EN)
    old, new = recs[0], recs[12]
    hits = [ScoredMemory(record=r, score=s, breakdown={"sim": s, "relevant": rel})
            for r, s, rel in ((old, 0.8, 1.0), (recs[2], 0.7, 1.0), (new, 0.2, 0.0))]
    state = {"memory_hits": hits, "memory_query": None}
    out = SelectNode(RuleSelector(cap=2)).run(state, None, None)["memory_selected"]
    assert [h.record.id for h in out] == [old.id, recs[2].id]  # no query text: nothing to order by
    from langmem_nodes.state import MemoryQuery
    state["memory_query"] = MemoryQuery(text="Where do I live?", lexical="Where do I live?", dense="Where do I live?")
    out = SelectNode(RuleSelector(cap=2)).run(state, None, None)["memory_selected"]
    assert [h.record.id for h in out] == [new.id, old.id]
