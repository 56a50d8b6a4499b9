"""English chat, stop 38: clause shapes the reader did not read at all, found in cases written from imagination
for this round (/work/tmp/s38/extract-en/own_en*.jsonl) and confirmed by the tune halves (casual13_tune,
casual14_tune): a fact inside a frame ("pretty sure …", "as someone who's …", "since I moved to X I've been …"),
list items under a header naming whose setup it is, a short answer that lists values, "we don't use X on this team", "our tests are in vitest". With the Chinese counterpart where
the structure exists in Chinese. Phrasings written for these tests, not taken from the labelled sets."""

from __future__ import annotations

import pytest

from langmem_nodes.write import RuleExtractor, VerifyNode
from langmem_nodes.write.frames import framed_setup, given_cut, unframed
from tests.test_extraction_compositional import CTX, NOW, _check

P, N = "positive", "negative"


def _accepted(*turns: str | tuple[str, str]) -> list:
    """The written records of a conversation: plain strings are user turns, (role, text) pairs any turn."""
    messages = [{"role": t[0], "content": t[1]} if isinstance(t, tuple) else {"role": "user", "content": t} for t in turns]
    pending = RuleExtractor().extract(messages, CTX, NOW)
    out = VerifyNode(None).run({"memory_pending": pending}, CTX, NOW)["memory_pending"]
    return [p.record for p in out if p.action == "write"]


# ---- a sure-footed lead frames the clause after it (own chat-005; was: no parse) -------------------------------
@pytest.mark.parametrize("text, expected", [
    ("pretty sure we're on node 22, I'd have to check. anyway how do I read a file with fetch?", [("project", "node 22", P)]),
    ("iirc our CI is Buildkite, why would the cache miss every time?", [("project", "Buildkite", P)]),
    ("I'm fairly sure that our db is MariaDB 10.11", [("project", "MariaDB 10.11", P)]),
    ("我很确定我们用的是 Bun 1.1，不过回头再看看", [("project", "Bun 1.1", P)]),  # was: the user's, not the project's
])
def test_a_sure_lead_frames_the_statement(text, expected) -> None:
    _check(_accepted(text), expected)


def test_a_real_hedge_is_still_no_plain_fact() -> None:
    assert unframed("I think we're on node 22") == "I think we're on node 22"
    assert _accepted("I think our db is MariaDB 10.11 but not sure") == []


# ---- who the user is, as "as someone who's …" (own2-011; was: no parse) -----------------------------------------
def test_as_someone_who_is_the_users_trait() -> None:
    assert unframed("as someone with dyslexia") == "I have dyslexia"
    _check(_accepted("As someone who's colorblind, which chart colours should I avoid?"), [("user", "colorblind", P)])


# ---- a reason clause run into the main one (own chat-009; was: lives_in «Denver I've been getting …») -------------
def test_a_given_clause_ends_where_the_next_holder_starts() -> None:
    assert given_cut("I moved to Tucson I keep getting headaches") == "I moved to Tucson"
    _check(_accepted("since I moved to Tucson I've had awful allergies lol. is that the dust?"), [("user", "Tucson", P)])


def test_a_given_clause_alone_is_unchanged() -> None:
    assert given_cut("we deploy to render") == "we deploy to render"


# ---- items under a header naming whose setup it is (own chat-010, casual13_tune; was: no parse) -------------------
def test_items_under_my_setup_are_what_the_user_uses() -> None:
    text = "ok so my setup:\n- helix\n- zellij\n- fish\nhow do I get zellij to use helix's theme?"
    assert framed_setup(text).split("\n")[1] == "I use helix"
    _check(_accepted(text), [("user", "helix", P), ("user", "zellij", P), ("user", "fish", P)])


def test_items_under_a_bug_context_are_the_projects() -> None:
    text = "context for this bug:\n- node 18\n- tests are in jest\n\nit only fails in CI. where do I start?"
    _check(_accepted(text), [("project", "node 18", P), ("project", "jest", P)])


def test_items_under_a_chinese_header() -> None:
    _check(_accepted("我的开发环境：\n- helix\n- zellij\n怎么让两个配色一致？"), [("user", "helix", P), ("user", "zellij", P)])
    _check(_accepted("这个 bug 的背景：\n- node 18\n只在 CI 上挂，怎么查？"), [("project", "node 18", P)])


def test_a_list_without_a_setup_header_frames_nothing() -> None:
    assert _accepted("shopping list:\n- eggs\n- milk") == []
    assert _accepted("购物清单：\n- 鸡蛋\n- 牛奶") == []


# ---- a short answer that lists values (own chat-004) ----------------------------------------------------------
def test_a_listed_answer_gives_each_value() -> None:
    _check(_accepted("help me add an endpoint", ("assistant", "Sure! What language and framework is the service written in?"),
                     "scala, play framework"), [("project", "scala", P), ("project", "play framework", P)])


def test_a_version_stays_with_its_name() -> None:
    _check(_accepted("help me tune this", ("assistant", "Which database are you using?"), "mysql, 8.0"), [("project", "mysql 8.0", P)])


# ---- the team's own "we don't use X" (own chat-022; was: no parse) ------------------------------------------------
def test_we_dont_use_on_this_team_is_the_projects() -> None:
    _check(_accepted("we don't use mocks on this team, how do I test the payment client then?"), [("project", "mocks", N)])
    _check(_accepted("我们组不用 mock，那支付客户端怎么测？"), [("project", "mock", N)])  # the Chinese was already read


def test_a_household_we_stays_unread() -> None:
    assert _accepted("we don't use plastic bags at home") == []


# ---- "our tests are in vitest", "our repo is a monorepo with pnpm workspaces" (casual13_tune) ---------------------
def test_the_tool_after_is_in_or_a_kind_with() -> None:
    _check(_accepted("our e2e tests are in playwright"), [("project", "playwright", P)])
    _check(_accepted("our repo is a monorepo with turborepo"), [("project", "turborepo", P)])
    assert _accepted("our team is in Lisbon") == []
    assert _accepted("the cron scheduler is in UTC") == []  # a time zone, no tool (own4_en_tune)


# ---- a state as the subject of a complaint; a business the user runs (casual15_tune, own2-020; was: no parse) -----
def test_being_x_makes_is_the_users_state() -> None:
    assert unframed("being gluten intolerant makes travel a pain") == "I'm gluten intolerant"
    _check(_accepted("ugh, being vegan makes travelling so hard. any snack ideas for a long flight?"), [("user", "vegan", P)])
    _check(_accepted("我乳糖不耐，出去吃饭有什么推荐"), [("user", "乳糖不耐", P)])  # the Chinese path unchanged


def test_a_business_the_user_runs_is_the_owners_role() -> None:
    _check(_accepted("I run a little flower shop and do all the ordering myself, how do I track waste?"), [("user", "flower shop", P)])
    _check(_accepted("I own a cafe."), [("user", "cafe", P)])  # was: a car «cafe»


def test_a_question_about_a_shop_is_no_business() -> None:
    assert unframed("I have a shop question") == "I have a shop question"
    assert unframed("I run a test") == "I run a test"


# ---- the tool that runs another (casual15_tune, own2-010; was: no parse) -------------------------------------------
def test_the_tool_that_runs_another_is_the_projects() -> None:
    _check(_accepted("fyi our warehouse is BigQuery and the nightly jobs get kicked off from Jenkins"),
           [("project", "BigQuery", P), ("project", "Jenkins", P)])
    assert unframed("the build is run by me") == "the build is run by me"


# ---- an emoji before "since …" ends the sentence before it (casual15_tune; was: no parse) ---------------------------
def test_an_emoji_then_since_starts_a_new_sentence() -> None:
    _check(_accepted("missed my train again 🙃 since I moved to Leiden my commute has been chaos. bike or bus?"),
           [("user", "Leiden", P)])
    assert given_cut("I switched to nights last month my sleep is bad") == "I switched to nights last month"
