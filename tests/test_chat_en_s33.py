"""English natural chat (issue #16), kinds found on the tune halves (casual9/8/7, chat5, own5/7 tune), each with its
Chinese counterpart. The sentences are written for this file, not copied from the sets.

- a clause whose first-person subject chat dropped after a first-person clause ("I'm a designer, based in Lyon";
  the zh form "我是设计师，住在里昂" already reads);
- a language kept up for a while ("I've been doing Korean on Duolingo for a few months"; "我学韩语学了几个月了" —
  the verb said twice is not part of the object);
- a role said with "the" ("I'm the on-call lead this month"; "这个月我是值班负责人").
"""

from __future__ import annotations

import pytest

from langmem_nodes.write import RuleExtractor


def _claims(text):
    found, _ = RuleExtractor().analyse(text)
    return [(c.subject, c.predicate, c.object, c.polarity) for c, *_ in found]


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm a designer, based in Lyon, and I love long walks.", ("user", "lives_in", "Lyon")),
    ("I'm a nurse, originally from Manila.", ("user", "from", "Manila")),
    ("I'm a data engineer, been doing Spanish on Duolingo for about 6 months.", ("user", "learning", "Spanish")),
    ("我是设计师，住在里昂。", ("user", "lives_in", "里昂")),  # already read: guarded
])
def test_a_dropped_subject_after_a_first_person_clause_is_the_user(text, expected):
    assert expected + ("positive",) in _claims(text), _claims(text)


@pytest.mark.parametrize(("text", "expected"), [
    ("I've been doing Japanese on Duolingo for a few months.", ("user", "learning", "Japanese")),
    ("I have been doing French for two years.", ("user", "learning", "French")),
    ("我学日语学了两年了。", ("user", "learning", "日语")),
    ("我练吉他练了三年。", ("user", "learning", "吉他")),
    ("我写 Kotlin 写了四年了。", ("user", "uses", "Kotlin")),
])
def test_something_kept_up_for_a_while(text, expected):
    assert _claims(text) == [expected + ("positive",)]


@pytest.mark.parametrize("text", [
    "I've been doing this for years.",          # a pronoun is no value
    "I've been doing laundry for two hours.",   # an errand, not a standing activity
    "I've been doing it on Duolingo for a few months.",
    "I've been doing Elixir for two years.",    # a tool: on a scored chat set this reading cost a wrong record
])
def test_kept_up_needs_a_value(text):
    assert not [c for c in _claims(text) if c[1] in ("uses", "learning")]


@pytest.mark.parametrize(("text", "role"), [
    ("I'm the on-call lead this month.", "on-call lead"),
    ("I'm the tech lead on the payments team.", "tech lead"),
    ("I'm the release manager.", "release manager"),
    ("这个月我是值班负责人。", "值班负责人"),
    ("我是组长。", "组长"),
])
def test_a_role_said_with_the(text, role):
    assert ("user", "role", role, "positive") in _claims(text), _claims(text)


@pytest.mark.parametrize("text", [
    "I'm the worst developer ever lol",
    "I'm the only one on my team who knows Gradle.",
    "I'm the mom in this story.",
    "我不是负责人。",
])
def test_not_a_role(text):
    assert not [c for c in _claims(text) if c[1] == "role"], _claims(text)


def _project_tools(text):
    return [c[2] for c in _claims(text) if c[0] == "project" and c[1] in ("uses", "package_manager") and c[3] == "positive"]


@pytest.mark.parametrize(("text", "tools"), [
    ("we deploy with gitlab ci to aws lambda.", ["gitlab ci", "aws lambda"]),
    ("We ship with GitHub Actions to Fly.io.", ["GitHub Actions", "Fly.io"]),
    ("我们用 GitLab CI 部署到 Lambda。", ["GitLab CI", "Lambda"]),
])
def test_the_pipeline_and_where_it_deploys_to(text, tools):
    assert _project_tools(text) == tools, _claims(text)


@pytest.mark.parametrize(("text", "tool"), [
    ("I mostly write Ruby, but at work it's all Java unfortunately.", "Java"),
    ("at work we use c# for everything", "c#"),
    ("in this repo, it's all Kotlin.", "Kotlin"),
    ("我平时写 Ruby，但公司里全是 Java。", "Java"),  # already read: guarded
])
def test_at_work_names_the_project(text, tool):
    assert ("project", "uses", tool, "positive") in _claims(text), _claims(text)


@pytest.mark.parametrize("text", ["at work it's all meetings lol", "at work we're all remote"])
def test_at_work_without_a_tool(text):
    assert not [c for c in _claims(text) if c[0] == "project"], _claims(text)


@pytest.mark.parametrize(("text", "tool", "width"), [
    ("in this repo we format with black at line length 100, so stick to that.", "black", "100"),
    ("we use prettier with a line width of 120", "prettier", "120"),
])
def test_a_tool_and_its_line_length(text, tool, width):
    got = _claims(text)
    assert ("project", "uses", tool, "positive") in got and ("project", "attr:line_length", width, "positive") in got, got


def test_a_line_length_said_apart_is_not_read_in_chinese():
    # "(这个仓库用 black 格式化，)行宽 100" is a true project setting, but chat2_tune labels it as no record: left
    # alone until the labels agree (the English "black at line length 100" is labelled as one in chat5_tune)
    assert not [c for c in _claims("我喜欢 Vim，行宽 80。") if c[1] == "attr:line_length"]


@pytest.mark.parametrize(("text", "practice"), [
    ("we do trunk-based development, and main is protected.", "trunk-based development"),
    ("Our team practices TDD.", "TDD"),
    ("我们团队走主干开发。", "主干开发"),
    ("我们一直采用结对编程。", "结对编程"),  # already read: guarded
])
def test_a_way_of_working_the_team_follows(text, practice):
    assert ("project", "uses", practice, "positive") in _claims(text), _claims(text)


@pytest.mark.parametrize("text", ["we do stuff", "we do our best", "我们做饭。"])
def test_doing_no_practice(text):
    assert not [c for c in _claims(text) if c[0] == "project"], _claims(text)


@pytest.mark.parametrize(("earlier", "text", "kept"), [
    ("fyi im allergic to shellfish so no shrimp stuff", "oh wait i mixed that up, sorry, its tree nuts im allergic to. so shrimp is back on "
     "the table", "tree nuts"),
    ("I'm allergic to peanuts, so no satay.", "Sorry, my bad, it's cashews I'm allergic to. Satay is back on the menu.", "cashews"),
    ("我对虾过敏，别放虾。", "哦不对我记错了，我是对坚果过敏，虾又可以吃了。", "坚果"),  # already read: guarded
])
def test_an_idiom_in_a_correction_is_no_value(earlier, text, kept):
    turns = [{"role": "user", "content": earlier}, {"role": "assistant", "content": "Got it."}]
    found, _ = RuleExtractor().analyse(text, earlier=turns)
    assert [c.object for c, *_ in found] == [kept], found
