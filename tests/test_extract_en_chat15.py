"""English chat, stop 37: claims whose parts do not hold up (holder, attitude, object span), found in cases
written from imagination for this round (/work/tmp/s37/extract-en/own_en*.jsonl) and in the tune halves, with the
Chinese counterpart where the structure exists in Chinese. Phrasings written for these tests, not taken from the
labelled sets."""

from __future__ import annotations

import pytest

from langmem_nodes.write import RuleExtractor, VerifyNode
from tests.test_extraction_compositional import CTX, NOW, _check

P, N = "positive", "negative"


def _accepted(*texts: str) -> list:
    messages = [{"role": "user", "content": t} for t in texts]
    pending = RuleExtractor().extract(messages, CTX, NOW)
    out = VerifyNode(None).run({"memory_pending": pending}, CTX, NOW)["memory_pending"]
    return [p.record for p in out if p.action == "write"]


# attitude: a reaction to what the assistant just did is no standing preference (own oq01; was: prefers «how you
# explained that»); the Chinese "你刚才…" was already read as this answer
@pytest.mark.parametrize("text", [
    "I like how you explained that, much easier than the docs",
    "I love what you did there with the loop",
    "I really like the way you laid out the steps",
    "我喜欢你刚才那样解释",
])
def test_a_reaction_to_the_answer_is_no_preference(text) -> None:
    assert _accepted(text) == []


# …while a standing wish about how answers are written still is one
def test_a_standing_wish_about_answers_stays() -> None:
    _check(_accepted("I like it when you use bullet points"), [("user", "bullet points", P)])


# attitude: a wish for the moment (own oq11; was: prefers «not talk about work»); Chinese already said nothing
@pytest.mark.parametrize("text", [
    "I'd rather not talk about my job right now",
    "I'd love to skip the small talk today",
    "我现在不想聊工作",
])
def test_a_wish_for_now_is_no_preference(text) -> None:
    assert _accepted(text) == []


def test_a_preference_without_a_moment_stays() -> None:
    _check(_accepted("I'd rather use Postgres than MySQL"), [("user", "Postgres", P)])


# object span: a rule needs something to do (casual13_tune / casual11_tune; was: rule «again», «locally», «forget
# i grew …»); Chinese "再也不" / "本地从来不挂" already made none
@pytest.mark.parametrize("text", [
    "I'm done with kale smoothies, never again",
    "the flaky test only breaks in staging, never locally",
    "always forget my keys lol",
    "西葫芦我再也不种了，再也不",
    "这个测试只在 CI 上挂，本地从来不挂",
])
def test_a_rule_with_nothing_to_do_is_none(text) -> None:
    assert not any(r.predicate == "rule" for r in _accepted(text))


def test_a_rule_with_an_action_stays() -> None:
    _check(_accepted("I always use tabs, never spaces"), [("user", "tabs", P), ("user", "spaces", N)])


# object span: a time is no tool (devlike10_tune; was: uses «at 01»)
@pytest.mark.parametrize("text", ["Our backups run at 02:15 UTC.", "The cron job runs every 6 hours.",
                                  "我们的备份每天凌晨 2 点跑"])
def test_a_time_is_no_tool(text) -> None:
    assert not any(r.predicate == "uses" for r in _accepted(text))


# holder: the value of the user's own says the clause has its own subject (own oq17; was: attr:summers «my
# sanity», attr:暑假 «我的救命稻草»)
@pytest.mark.parametrize(("text", "kept"), [
    ("I'm a nurse so weekends are my lifeline", "nurse"),
    ("I work nights, mornings are my bedtime", None),
    ("我是高中化学老师，暑假是我的救命稻草", "高中化学老师"),
])
def test_a_value_of_the_users_own_is_no_attribute(text, kept) -> None:
    records = _accepted(text)
    assert not any(r.predicate.startswith("attr:") for r in records)
    if kept:
        assert any(kept in r.object for r in records)


@pytest.mark.parametrize(("text", "term"), [("I'm Dana, favorite food is sushi", "sushi"),
                                            ("我叫王芳，最喜欢的水果是芒果", "芒果")])
def test_a_dropped_my_still_gives_an_attribute(text, term) -> None:
    _check(_accepted(text), [("user", "Dana" if term == "sushi" else "王芳", P), ("user", term, P)])


# holder: "a NP" after a place or an employer describes it, not the user (casual13_tune; was: role «factor»);
# in Chinese the appositive was already no role
@pytest.mark.parametrize(("text", "kept"), [
    ("I live in Bergen now so the rain is, honestly, a problem", "Bergen"),
    ("I work at Finlo, a startup", "Finlo"),
    ("I moved to Leeds, a student town", "Leeds"),
    ("我住在鹿特丹，一个港口城市", "鹿特丹"),
])
def test_an_appositive_describes_the_thing_before(text, kept) -> None:
    records = _accepted(text)
    assert not any(r.predicate == "role" for r in records)
    assert any(kept in r.object for r in records)


def test_an_appositive_after_a_name_is_still_the_role() -> None:
    _check(_accepted("I'm Priya, a data engineer"), [("user", "Priya", P), ("user", "data engineer", P)])


# a plain personal fact said with how long it has held (own oc02; was: nothing stored); the Chinese word order
# ("我做护士已经六年了") was already read
@pytest.mark.parametrize(("text", "term"), [
    ("I've been a paramedic for about nine years now", "paramedic"),
    ("I have been a librarian since 2012", "librarian"),
    ("I've been a vegetarian for 10 years", "vegetarian"),
    ("我做护士已经六年了", "护士"),
])
def test_a_fact_with_its_length_is_the_fact(text, term) -> None:
    _check(_accepted(text), [("user", term, P)])


@pytest.mark.parametrize("text", ["I've been a huge fan for years", "I've been a mess for weeks"])
def test_a_length_without_a_job_is_no_role(text) -> None:
    assert _accepted(text) == []


# a relative or pet named in passing, lowercase or after "our" (casual13_tune / casual12_tune; was: nothing, or
# "about someone else"); the Chinese apposition stays context only (its name has no visible end)
@pytest.mark.parametrize(("text", "term"), [
    ("our dog Pickles keeps stealing socks, how do I stop that?", "Pickles"),
    ("my daughter maya refuses to wear a coat lol", "Maya"),
    ("our kitten Nori always hides under the bed", "Nori"),
])
def test_a_name_said_in_passing_is_kept(text, term) -> None:
    _check(_accepted(text), [("user", term, P)])


@pytest.mark.parametrize("text", ["my son plays games all day", "my sister often forgets my birthday",
                                  "our dog just ate my sock", "my mom moved in with us", "我儿子乐乐不肯吃青菜"])
def test_no_name_no_claim(text) -> None:
    assert _accepted(text) == []


# an occasion had once is nothing the user owns (own oq12's kind, casual14_tune; was: has «long weekend»,
# «exam on Friday»); the Chinese "我明天有个面试" was already no possession
@pytest.mark.parametrize("text", ["I've got a long weekend, what should I bake?", "I have an exam on Friday",
                                  "I have a job interview next week", "I have two weeks off in May", "我明天有个面试"])
def test_an_occasion_is_no_possession(text) -> None:
    assert not any(r.predicate == "has" for r in _accepted(text))


@pytest.mark.parametrize(("text", "term"), [("I have a long commute", "long commute"), ("I have two kids", "two kids")])
def test_a_possession_stays(text, term) -> None:
    _check(_accepted(text), [("user", term, P)])
