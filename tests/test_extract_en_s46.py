"""English chat, stop 46: false positives and stale values left by corrections, found by grouping the English errors
of the natural-chat tune halves by cause. Every sentence here was written for these tests; each group has
look-alikes that must keep what they keep."""

from __future__ import annotations

import re

import pytest

from evals.extraction import run_case
from langmem_nodes.records import Source
from langmem_nodes.write import named_takeback_en
from langmem_nodes.write.extractor import RuleExtractor
from langmem_nodes.write.rules import Claim


def _active(*turns: str) -> list[tuple[str, str, str, str]]:
    roles = ["user", "assistant"]
    case = {"id": "t", "turns": [{"role": roles[i % 2], "content": t} for i, t in enumerate(turns)]}
    records, _ = run_case(case, RuleExtractor())
    return sorted((r["subject"], r["predicate"], r["object"], r["source"]) for r in records)


def _objects(*turns: str) -> list[str]:
    return sorted(o.casefold() for _, _, o, _ in _active(*turns))


# ---- a switch said in a later turn replaces the thread's one value (was: both kept) --------------------------
@pytest.mark.parametrize("turns, kept, gone", [
    (("Our CI runs on Jenkins.", "ok", "oh sorry, we migrated to Buildkite last spring."), "buildkite", "jenkins"),
    (("We host the docs on GitBook.", "noted", "ah my bad, we ported everything to Docusaurus in March"), "docusaurus", "gitbook"),
    (("My budgeting app is YNAB.", "ok", "oops, I went over to Actual Budget a while ago"), "actual budget", "ynab"),
])
def test_a_later_switch_replaces_the_earlier_value(turns, kept, gone) -> None:
    objects = _objects(*turns)
    assert any(kept in o for o in objects) and not any(gone in o for o in objects), objects


def test_a_switch_said_with_also_replaces_nothing() -> None:
    objects = _objects("Our CI runs on Jenkins.", "ok", "we also migrated our wiki to Confluence last year")
    assert any("jenkins" in o for o in objects), objects


# ---- a value the user takes back by name, then replaces (was: both kept) ------------------------------------
@pytest.mark.parametrize("turns, kept, gone", [
    (("I write my drafts in Scrivener", "nice", "forget what I said about Scrivener, I write my drafts in Ulysses"), "ulysses", "scrivener"),
    (("I use Strava to track my runs", "ok", "ignore the Strava thing, I use Garmin Connect to track my runs"), "garmin connect", "strava"),
    (("Our API is hosted on Render.", "ok", "we shut down the Render service in May, the API runs on Railway now"), "railway", "render"),
])
def test_a_value_taken_back_by_name_is_replaced(turns, kept, gone) -> None:
    objects = _objects(*turns)
    assert any(kept in o for o in objects) and not any(gone in o for o in objects), objects


@pytest.mark.parametrize("turns, kept", [
    (("I use Strava to track my runs", "ok", "forget the reminder, I use Komoot to plan my rides"), "strava"),
])
def test_a_take_back_of_something_else_keeps_the_value(turns, kept) -> None:
    objects = _objects(*turns)
    assert any(kept in o for o in objects), objects


@pytest.mark.parametrize("message", [
    "ignore what I said about the weather, I use Logseq now",
    "don't forget Obsidian, I use Logseq now",
    "we killed the old wiki in May, I use Logseq now",
])
def test_a_take_back_naming_no_earlier_value_marks_nothing(message) -> None:
    new = Claim("user", "uses", "Logseq", "positive", "fact")
    found = [(new, "I use Logseq now", Source.INFERRED, False)]
    named_takeback_en.mark(found, [Claim("user", "uses", "Obsidian", "positive", "fact")], message)
    assert (new.replaces, found[0][2]) == ([], Source.INFERRED)


# ---- what a thing is for is not its value (was: "attr:emacs = just for org-mode") ---------------------------
@pytest.mark.parametrize("turns", [
    ("I use Emacs", "ok", "actually no, I moved to Zed last month, Emacs is just for org-mode"),
    ("I drink black tea at night", "ok", "no wait, I drink chamomile at night, black tea is the breakfast one"),
    ("my old laptop is only for gaming. which SSD should I get for it?",),
    ("my tablet is mostly for reading comics",),
    ("our docs are on Confluence", "ok", "wait, I mixed that up, the docs are on Notion. Confluence is only where the old specs live"),
])
def test_a_use_or_a_pick_is_no_attribute(turns) -> None:
    said = [(p, o) for _, p, o, _ in _active(*turns) if p.startswith("attr:") or re.search(r"\b(?:for|where|one|than)\b", o)]
    assert said == [], said


@pytest.mark.parametrize("text, obj", [
    ("my laptop is a ThinkPad X1 Carbon", "ThinkPad X1 Carbon"),
    ("my home gym is a squat rack in the garage", "a squat rack in the garage"),
])
def test_a_value_is_still_an_attribute(text, obj) -> None:
    assert any(p.startswith("attr:") and obj in o for _, p, o, _ in _active(text)), _active(text)


@pytest.mark.parametrize("turns", [
    ("I'm on EST, so book the call for 10am my time", "ok", "oh no wait, I forgot to say I moved — I'm in Chicago now, so it's one hour behind EST."),
    ("I'm on EST, so book the call for 10am my time", "ok", "hold on, I forgot I moved — I'm in Denver now, so it's two hours later than EST"),
])
def test_a_value_said_against_another_is_no_value(turns) -> None:
    said = [o for _, _, o, _ in _active(*turns) if re.search(r"\b(?:than|behind|ahead)\b", o)]
    assert said == [], said


# ---- a time zone is one attribute however it is said (was: "uses Central time" beside "attr:timezone PST") ----
@pytest.mark.parametrize("turns, kept, gone", [
    (("My timezone is EST, fyi.", "ok", "oh wait, I'm on Mountain time now, I moved"), "mountain time", "est"),
    (("For reminders, my time zone is CET.", "noted", "sorry, scratch that, I'm on Eastern European time these days"), "eastern european time", "cet"),
])
def test_a_later_time_zone_replaces_the_earlier(turns, kept, gone) -> None:
    objects = _objects(*turns)
    assert kept in objects and gone not in objects, objects


@pytest.mark.parametrize("text, predicate", [
    ("I'm on Pacific time, so plan calls after 9am", "attr:timezone"),
    ("I'm on Rails 7 at work", "uses"),
])
def test_a_zone_is_keyed_and_a_tool_is_not(text, predicate) -> None:
    assert predicate in [p for _, p, _, _ in _active(text)], _active(text)


# ---- a height said alone corrects the height (was: "5'11" read as "11", "6'2\" actually" read as "2") ----------
@pytest.mark.parametrize("turns, kept, gone", [
    (("I'm 5'8", "ok", "wait no, 5'9"), "5'9", "5'8"),
    (("I'm 6'0\"", "noted", "sorry, 6'1\" actually"), "6'1", "6'0"),
])
def test_a_height_said_alone_corrects_the_height(turns, kept, gone) -> None:
    objects = _objects(*turns)
    assert any(o.startswith(kept) for o in objects) and not any(gone in o for o in objects), objects


# ---- "did I say X?" doubts the value just given; the next clause gives it again (was: the old value kept) ------
@pytest.mark.parametrize("text, kept, gone", [
    ("my son is 9 and loves chess, did I say 9? he's 10", "10", "9"),
    ("my niece is 3 — wait did I say 3? she's 4 now", "4", "3"),
])
def test_did_i_say_doubts_the_value(text, kept, gone) -> None:
    objects = _objects(text)
    assert kept in objects and gone not in objects, objects


@pytest.mark.parametrize("text, obj", [
    ("I'm 34, did I say that already?", "34"),
    ("I live in Leeds, did I say Leeds before?", "leeds"),
])
def test_asking_whether_it_was_said_doubts_nothing(text, obj) -> None:
    assert [(o, s) for _, _, o, s in _active(text)] == [(obj if obj.isdigit() else "Leeds", "inferred")], _active(text)
