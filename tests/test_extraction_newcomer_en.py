"""A newcomer's findings on the English rule extractor (with the Chinese counterpart where the Chinese side
already reads the phrasing): a switch said in a session replaces a user-level value where that value was
seen; a habit given up is a negative fact; a preference about answers, a count, a dated one-off event; a
past value said with the current one; and casual chat (an age, a relative named in passing, a stay that is
no home, an amount that is no tool, a switch after "but")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes.records import MemoryContext, Status, Tier
from langmem_nodes.write import create_write_graph
from langmem_nodes.write.extractor import RuleExtractor

N, P = "negative", "positive"


def _found(text: str) -> list:
    out = RuleExtractor().extract([{"role": "user", "content": text}], MemoryContext(user_id="ada", session_id="s1"),
                                  datetime.now(UTC))
    return out


def _facts(text: str) -> set[tuple[str, str, str]]:
    return {(p.record.subject, p.record.object, p.record.polarity.value) for p in _found(text)}


def _say(store, text: str, session: str | None) -> None:
    create_write_graph(store).compile().invoke({"messages": [HumanMessage(text)]},
                                               context=MemoryContext(user_id="ada", session_id=session))


def _active_uses(store, session: str) -> list[tuple[str, str]]:
    ctx = MemoryContext(user_id="ada", session_id=session)
    return sorted((r.object, r.polarity.value) for r in store.find(ctx.visible_partitions(), statuses=(Status.ACTIVE,))
                  if r.predicate == "uses")


@pytest.mark.parametrize("first,later,new", [
    ("I use Vim.", "I switched from Vim to VS Code.", ("VS Code", P)),
    ("I use Vim.", "I moved from Vim to VS Code.", ("VS Code", P)),
    ("I use Vim.", "I went from Vim to VS Code.", ("VS Code", P)),
    ("I use Vim.", "I replaced Vim with VS Code.", ("VS Code", P)),
    ("I use Vim.", "I'm no longer on Vim, now it's VS Code.", ("VS Code", P)),
    ("I use Vim.", "I no longer use Vim.", ("Vim", N)),
    ("我用 Vim。", "我不再用 Vim 了", ("Vim", N)),
    ("我用 Vim。", "我从 Vim 换成 VS Code 了", ("VS Code", P)),
])
def test_a_value_replacing_a_user_level_value_is_seen_in_every_session(store, first, later, new) -> None:
    _say(store, first, None)  # no session: stored at the user level
    _say(store, later, "s2")
    for session in ("s2", "s3"):  # another session sees the new value, not the old one
        assert _active_uses(store, session) == [new]


def test_a_plain_value_in_a_session_still_stays_there(store) -> None:
    _say(store, "I use Vim.", None)
    _say(store, "I like tea.", "s2")  # contradicts nothing: no reason to leave the session
    ctx = MemoryContext(user_id="ada", session_id="s3")
    assert [r.object for r in store.find(ctx.visible_partitions(), statuses=(Status.ACTIVE,))] == ["Vim"]


@pytest.mark.parametrize("text,fact", [
    ("I no longer eat meat", ("user", "meat", N)),
    ("I quit coffee last month and honestly feel better.", ("user", "coffee", N)),
    ("I stopped drinking coffee", ("user", "coffee", N)),
    ("I've stopped eating sugar", ("user", "sugar", N)),
    ("I gave up sugar", ("user", "sugar", N)),
    ("I don't own a car, I bike everywhere.", ("user", "car", N)),
    ("I don't have any kids", ("user", "kids", N)),
    ("我戒了咖啡", ("user", "咖啡", N)),
])
def test_a_habit_given_up_or_a_thing_not_owned_is_a_negative_fact(text, fact) -> None:
    assert fact in _facts(text)


def test_a_count_or_a_job_is_not_read_as_a_negation() -> None:
    assert _facts("I quit my job") == set()
    assert _facts("I don't have time") == set()
    assert ("user", "Twitter", N) in _facts("I quit Twitter")


@pytest.mark.parametrize("text,fact", [
    ("I'd prefer short answers, please.", ("user", "short answers", P)),
    ("I have two cats", ("user", "two cats", P)),
    ("I have a cat and two dogs", ("user", "two dogs", P)),
    ("我更喜欢简短的回答", ("user", "简短的回答", P)),
])
def test_a_preference_about_answers_and_a_count_are_kept(text, fact) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", ["Don't forget that I have a meeting at 3pm", "Remember I have a dentist appointment tomorrow",
                                  "别忘了我下午三点有个会", "记住我明天要去看牙医"])
def test_a_dated_one_off_event_is_short_lived(text) -> None:
    found = _found(text)
    assert found and all(p.record.tier is Tier.VOLATILE for p in found)


@pytest.mark.parametrize("text", ["Remember that I have standup every Monday at 9am", "记住我每周一上午九点开站会"])
def test_a_recurring_event_is_not_short_lived(text) -> None:
    found = _found(text)
    assert found and all(p.record.tier is not Tier.VOLATILE for p in found)


@pytest.mark.parametrize("text,new,old", [
    ("I used to live in London but these days I'm in Madrid", "Madrid", "London"),
    ("Used to live in London, now Madrid", "Madrid", "London"),
    ("I used to work at Google, now I work at Stripe", "Stripe", "Google"),
    ("I used to be a teacher but now I'm a nurse", "nurse", "teacher"),
    ("I've been using zsh for years but just moved to fish last week", "fish", "zsh"),
    ("I stopped drinking coffee last year, switched to green tea.", "green tea", "coffee"),
    ("我以前住在伦敦，现在住在马德里", "马德里", "伦敦"),
])
def test_a_past_value_said_with_the_current_one_is_what_it_replaces(text, new, old) -> None:
    found = _found(text)
    assert [p.record.object for p in found] == [new]
    assert found[0].replaces == [old]


@pytest.mark.parametrize("text,fact", [
    ("just turned 40 last week, feeling ancient lol", ("user", "attr:age", "40")),
    ("I'm 34 and thinking about going back to school for a master's.", ("user", "attr:age", "34")),
    ("I've been vegetarian for about ten years now.", ("user", "diet", "vegetarian")),
    ("Our son Leo starts kindergarten in September and I'm more nervous than he is.", ("user", "attr:son_name", "Leo")),
    ("The project targets Node 20 and uses TypeScript strict mode.", ("project", "uses", "Node 20")),
    ("The project targets Node 20 and uses TypeScript strict mode.", ("project", "uses", "TypeScript strict mode")),
])
def test_casual_facts_are_read(text, fact) -> None:
    assert fact in {(p.record.subject, p.record.predicate, p.record.object) for p in _found(text)}


@pytest.mark.parametrize("text", [
    "i'm in Lisbon this week for a conference, any dinner spots near the river?",  # a stay, not a home
    "I'm 34 weeks pregnant",  # not an age
])
def test_casual_chat_that_is_no_durable_fact(text) -> None:
    assert _found(text) == []


def test_an_amount_per_week_is_a_routine_not_a_tool() -> None:
    found = {(p.record.predicate, p.record.object) for p in _found("I run about 30km a week right now.")}
    assert found == {("attr:weekly_distance", "30km a week")}


def test_a_rule_pointing_back_at_the_claim_before_is_not_a_second_memory() -> None:
    found = _found("Also, general thing going forward: I really hate nested ternaries, please never hand me those.")
    assert [(p.record.predicate, p.record.object, p.record.polarity.value) for p in found] == [("prefers", "nested ternaries", N)]


def test_an_interjection_is_no_corrected_value() -> None:
    turns = [{"role": "user", "content": "I use emacs btw"}, {"role": "assistant", "content": "Noted."},
             {"role": "user", "content": "ha, I wish. it's actually vs code with the emacs keymap extension"}]
    out = RuleExtractor().extract(turns, MemoryContext(user_id="ada"), datetime.now(UTC))
    assert [p.record.object for p in out] == ["vs code"]


@pytest.mark.parametrize("text", [
    "I love this song",  # a thing pointed at in the chat, not a standing taste
    "I love my kids but they drive me crazy",  # a bond, not a preference
    "I have a headache",  # a passing state, not a possession
    "I'm on vacation in Bali",  # not a tool the user is on
    "Ugh my landlord is raising the rent again",  # what someone is doing, not a value
    "I work from home mostly",  # not a place to live in
    "我头疼",
    "我在巴厘岛度假",
])
def test_casual_remarks_that_are_no_facts(text) -> None:
    assert _found(text) == []


@pytest.mark.parametrize("text,fact", [
    ("I like it when you use bullet points", ("user", "prefers", "bullet points")),
    ("I got a new job at Google", ("user", "works_at", "Google")),
    ("I just bought a house in Austin", ("user", "has", "house in Austin")),
    ("I'm from Chicago originally but live in Denver now", ("user", "from", "Chicago")),
    ("我喜欢简短的回答", ("user", "prefers", "简短的回答")),
])
def test_casual_facts_keep_their_own_predicate_and_object(text, fact) -> None:
    assert fact in {(p.record.subject, p.record.predicate, p.record.object) for p in _found(text)}


@pytest.mark.parametrize("text,fact", [
    ("I speak Spanish and Portuguese, my French is pretty rusty tho.", ("user", "trait", "speaks Portuguese")),
    ("i work at a hospital in Leeds, doing IT support.", ("user", "role", "IT support")),
    ("I'm a beginner and the short versions lose me.", ("user", "role", "beginner")),
    ("I'm a backend dev, mostly writing Go, but lately I've been forced into TypeScript.", ("user", "uses", "Go")),
    ("We use GitHub Actions for CI but deploy to Fly.io.", ("project", "uses", "Fly.io")),
    ("Please stop using emojis in your replies, it looks unprofessional.", ("user", "rule", "emojis in your replies")),
    ("I stopped using Windows entirely, everything's on Fedora now.", ("user", "uses", "Fedora")),
])
def test_casual_chat_facts_by_their_parts(text, fact) -> None:
    assert fact in {(p.record.subject, p.record.predicate, p.record.object) for p in _found(text)}


@pytest.mark.parametrize("text", [
    "I switched from Vim to Neovim last year and honestly never looking back.",  # a feeling, not a rule
    "I'm from Nigeria originally but I've lived in Toronto for 10 years now and I still can't handle the winters.",
    "i work at a hospital in Leeds. the printers there are cursed I swear.",  # a thing in the situation, not a taste
])
def test_nothing_beyond_the_facts_said(text) -> None:
    objects = [p.record.object for p in _found(text)]
    assert not any(o in ("looking back", "the winters", "the printers there") for o in objects), objects


@pytest.mark.parametrize("turns,new,old", [
    (["I'm vegan, what should I cook tonight?", "ah sorry i'm not actually vegan, i'm pescatarian — i eat fish"], "pescatarian", "vegan"),
    (["My wife Anna and I are planning our anniversary trip", "Sorry, typo — her name is Hanna, with an H."], "Hanna", "Anna"),
])
def test_a_self_correction_in_a_later_turn_replaces_the_earlier_value(turns, new, old) -> None:
    convo = [{"role": "user", "content": turns[0]}, {"role": "assistant", "content": "Okay."}, {"role": "user", "content": turns[1]}]
    out = RuleExtractor().extract(convo, MemoryContext(user_id="ada"), datetime.now(UTC))
    assert [(p.record.object, p.replaces, p.record.source.value) for p in out] == [(new, [old], "explicit_correction")]
