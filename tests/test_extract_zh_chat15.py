"""Chinese chat the rule extractor misread, by the part that went wrong: a softened negation (不太能, 很少, 基本不), a
team or project part refusing a thing, a reaction scoped by a contrast after an indifferent clause, a holder said after
a time word (以前我们…，现在…), a project part named by a noun (app, 组件库), a subordinator before the clause (因为),
and a holderless clause read as the user's attribute (那边…, 最好是…). The kinds come from the helper's own cases
(/work/tmp/s37/extract-zh/own_zh.jsonl) and were confirmed in the tune halves (casual13 c13-zh-011, c13-zh-014,
c13-zh-019, c13-zh-021; casual12 c12-zh-009, c12-zh-011, c12-zh-034; devlike11 d11-zh-009, d11-zh-015). Phrasings
written for these tests, with the English counterpart where the structure exists in English."""

from __future__ import annotations

import pytest

from tests.test_extract_zh_chat14 import _accepted_turns
from tests.test_extraction_compositional import _accepted, _check

P, N = "positive", "negative"


# a softener or a modal between the negation and the verb: still the user's negative (was no parse)
@pytest.mark.parametrize(("text", "term"), [
    ("我也不太能吃辣，帮我推荐几个清淡点的菜", "辣"),
    ("我很少喝奶茶", "奶茶"),
    ("我平时几乎不用 Windows", "Windows"),
    ("我不坐红眼航班的，太折腾了", "红眼航班"),
    ("我不怎么看综艺", "综艺"),
    ("I don't really eat spicy food", "spicy"),
])
def test_a_softened_negation_is_the_users_negative(text, term) -> None:
    _check(_accepted(text), [("user", term, N)])


# the past tense or a complement after the verb: no current stance
@pytest.mark.parametrize("text", ["我以前不太吃辣", "我不看好这个方案", "我不用担心这个", "I never really worried about it"])
def test_no_stance_from_a_past_negation_or_a_complement(text) -> None:
    assert _accepted(text) == []


# the team or a part of the project refusing a thing: the project's negative (was no parse)
@pytest.mark.parametrize(("text", "term"), [
    ("我们组不搞微服务", "微服务"),
    ("Docker 镜像基本不用 alpine，依赖在 musl 上有坑", "alpine"),
    ("Our team doesn't do microservices.", "microservices"),
])
def test_the_team_refusing_a_thing_is_the_projects_negative(text, term) -> None:
    _check(_accepted(text), [("project", term, N)])


@pytest.mark.parametrize("text", ["我们不用改这个文件", "我们不考虑这个", "We don't do gifts for birthdays."])
def test_no_need_and_a_pointer_are_no_refusal(text) -> None:
    assert _accepted(text) == []


# indifference to one thing scopes the reaction to the other (was no parse for both halves)
@pytest.mark.parametrize(("text", "term"), [
    ("tab 无所谓，但是行尾空格受不了", "行尾空格"),
    ("分号我无所谓，不过双引号真的看着难受", "双引号"),
    ("Tabs I don't care about, but trailing whitespace drives me nuts.", "trailing whitespace"),
])
def test_a_reaction_after_an_indifferent_clause_is_a_negative(text, term) -> None:
    _check(_accepted(text), [("user", term, N)])


def test_a_reaction_without_the_contrast_is_no_preference() -> None:
    assert _accepted("这个报错真的受不了") == []


# a time word before the team ("以前我们用 Travis"): the team still holds the clause after it (was no parse)
@pytest.mark.parametrize(("text", "term"), [
    ("以前我们用 Travis，现在全迁到 GitHub Actions 了", "GitHub Actions"),
    ("We used to be on Travis, now we're all on GitHub Actions.", "GitHub Actions"),
])
def test_the_team_holds_a_move_after_a_past_clause(text, term) -> None:
    assert any(r.subject == "project" and r.polarity.value == P and term in r.object for r in _accepted(text)), \
        [(r.subject, r.object) for r in _accepted(text)]


def test_a_move_after_a_dropped_tool_is_the_teams() -> None:
    _check(_accepted("我们已经不用 Jenkins 了，全切到 GitLab CI 了"), [("project", "Jenkins", N), ("project", "GitLab CI", P)])


def test_a_move_in_progress_is_the_new_value() -> None:
    _check(_accepted("我最近在把前端从 Vue 2 迁到 Vue 3"), [("user", "Vue 3", P)])


# a project part named by a noun (app, 组件库) holds the stack (was no parse: "app是用" was read as a tool name)
@pytest.mark.parametrize(("text", "term"), [
    ("我们的app是用Flutter写的", "Flutter"),
    ("我们这个小程序是 Taro 写的", "Taro"),
    ("组件库是 Element Plus", "Element Plus"),
    ("Our app is written in Flutter.", "Flutter"),
])
def test_a_project_part_named_by_a_noun_holds_the_stack(text, term) -> None:
    _check(_accepted(text), [("project", term, P)])


# a reason clause still states the fact (was no parse: 因为 stayed before the holder)
@pytest.mark.parametrize(("text", "term"), [
    ("因为我用的是 Windows，wsl 里怎么访问 D 盘", "Windows"),
    ("Because I'm on Windows, how do I reach the D drive from wsl?", "Windows"),
])
def test_a_reason_clause_states_the_fact(text, term) -> None:
    _check(_accepted(text), [("user", term, P)])


# a holderless clause after the user's is no attribute of the user's when its key points away (那边) or is a
# modal adverb (最好), or its value is a judgement (真热); was attr:那边夏天 «真热», attr:最好 «快手菜»
@pytest.mark.parametrize("text", [
    "我以前在杭州待过几年，那边夏天是真热",
    "I lived in Hangzhou for a few years, the summers there are brutal",
])
def test_a_place_trait_is_no_attribute_of_the_user(text) -> None:
    assert _accepted(text) == []


def test_a_wish_for_this_answer_is_no_attribute() -> None:
    _check(_accepted("我不吃香菜，换几个菜吧，最好是快手菜"), [("user", "香菜", N)])


def test_a_plain_attribute_still_stands() -> None:
    _check(_accepted("我不吃香菜，我的专业是计算机"), [("user", "香菜", N), ("user", "计算机", P)])


# a prohibition in a short answer is no bare value (was uses «别用 npm», positive)
def test_a_prohibition_in_an_answer_is_no_tool_used() -> None:
    got = _accepted_turns([("assistant", "你们用什么包管理器？"), ("user", "pnpm，别用 npm。")])
    assert not any(r.polarity.value == P and "npm" in r.object and "pnpm" not in r.object for r in got), \
        [(r.object, r.polarity.value) for r in got]
    assert any(r.object == "pnpm" for r in got)


# a step the project's work must take before another, or a minimum before it may go on: a project rule (was no parse)
@pytest.mark.parametrize(("text", "term"), [
    ("部署之前一定要先跑 make test", "make test"),
    ("我们组代码合并前必须过 code review，至少两个人 approve 才能合", "两个人 approve"),
    ("We need at least two approvals before merging.", "two approvals"),
])
def test_a_procedure_is_a_project_rule(text, term) -> None:
    assert any(r.subject == "project" and r.predicate == "rule" and term in r.object for r in _accepted(text)), \
        [(r.subject, r.predicate, r.object) for r in _accepted(text)]


@pytest.mark.parametrize("text", ["睡觉前一定要先刷牙", "至少睡八小时才能缓过来"])
def test_a_step_of_the_users_day_is_no_project_rule(text) -> None:
    assert not any(r.subject == "project" for r in _accepted(text))


# 学会 ("learned to") is a result, not something being learned (was learning «会 C», «G», «弦»)
@pytest.mark.parametrize("text", ["我最近在学吉他，刚学会 C 和 G 和弦", "I'm learning guitar, just learned the C and G chords"])
def test_a_skill_learned_is_no_new_subject_being_learned(text) -> None:
    got = _accepted(text)
    assert [r.object.lower() for r in got] in (["吉他"], ["guitar"]), [(r.predicate, r.object) for r in got]


# a rule header alone on its line frames the bullets under it: each is the project's (was no parse, and in English
# the user's rule «push directly to main»)
@pytest.mark.parametrize(("text", "terms"), [
    ("我们项目的约定：\n- 提交信息用英文\n- 禁止直接推 main", [("英文", P), ("main", N)]),
    ("Team conventions:\n- commit messages in English\n- never push directly to main", [("English", P), ("main", N)]),
])
def test_a_rule_header_frames_its_bullets(text, terms) -> None:
    _check(_accepted(text), [("project", term, pol) for term, pol in terms])


def test_a_plain_header_does_not_frame_its_bullets_as_rules() -> None:
    assert all(r.predicate != "rule" for r in _accepted("背景：\n- 这个仓库是 Vue 3\n- 状态管理用 Pinia"))


# a negated answer to a yes/no question on the user's habit takes the question's object (was no parse)
@pytest.mark.parametrize(("question", "answer", "term"), [
    ("你平时喝咖啡吗？", "不怎么喝，喝多了心慌。", "咖啡"),
    ("你吃辣吗？", "不太能吃", "辣"),
])
def test_a_negated_answer_to_a_yes_no_question(question, answer, term) -> None:
    _check(_accepted_turns([("assistant", question), ("user", answer)]), [("user", term, N)])


@pytest.mark.parametrize(("question", "answer"), [("你看过这部电影吗？", "没看过"), ("你吃了吗？", "还没吃")])
def test_no_stance_from_an_answer_about_once(question, answer) -> None:
    assert _accepted_turns([("assistant", question), ("user", answer)]) == []


# a pet named by its breed is the user's pet's name (was no parse: only 猫 / 狗 took a name)
@pytest.mark.parametrize(("text", "term"), [
    ("我家柯基叫可乐，最近掉毛特别厉害", "可乐"),
    ("我的布偶叫团子", "团子"),
    ("My corgi is called Cola, he's shedding like crazy", "Cola"),
])
def test_a_pet_named_by_its_breed(text, term) -> None:
    _check(_accepted(text), [("user", term, P)])


def test_a_pet_that_tells_is_no_name() -> None:
    assert _accepted("我家柯基叫我起床") == []
