"""Chinese chat the rule extractor misread, by the part that went wrong (groups from the zh failures of the
*_tune sets, casual16_tune and devlike14_tune first). Every sentence here was written for these tests:

- object span: a tool followed by an adverb and what it does ("用 X 自动生成") kept the verb phrase;
- holder: an English topic noun before 用 ("feature toggle 用 Unleash 管") lost the project holder of the clause
  before it, and "放 / 存" + a tool was no project verb;
- relation: a convention "按 X 来写" without 规范; a timezone said with 是 / 在; a device's system ("装的是");
  a tool chosen for a task said topic first ("画图我一般用 X");
- degree: "超级 / 巨" before a trait;
- precision: questions, requests, another holder and a generic English noun store nothing.
"""

from __future__ import annotations

import pytest

from tests.test_extraction_compositional import _accepted, _check

P, N = "positive", "negative"


# object span: what the tool does, after an adverb, is not part of its name
@pytest.mark.parametrize(("text", "expected"), [
    ("我们的 API 文档用 Redoc 自动渲染", [("project", "Redoc", P)]),
    ("依赖更新我们用 Dependabot 自动提 PR", [("project", "Dependabot", P)]),
    ("我们项目拿 Sentry 统一收集报错", [("project", "Sentry", P)]),
    ("这个仓库用 Bazel 构建，版本号用 semantic-release 自动打", [("project", "Bazel", P), ("project", "semantic-release", P)]),
])
def test_a_tool_keeps_its_name_not_what_it_does(text, expected) -> None:
    records = _accepted(text)
    _check(records, expected)
    assert {r.object for r in records} == {t for _, t, _ in expected}


# the project holder goes on into a clause whose topic is an English noun, or whose verb is 放 / 存
@pytest.mark.parametrize(("text", "expected"), [
    ("我们组前端是 React，feature toggle 用 Unleash 管", [("project", "React", P), ("project", "Unleash", P)]),
    ("我们项目网关是 Kong，rate limit 用 Redis 做", [("project", "Kong", P), ("project", "Redis", P)]),
    ("这个仓库用 Bazel 构建，lint 用 golangci-lint 跑", [("project", "Bazel", P), ("project", "golangci-lint", P)]),
    ("我们组的服务都跑在 Nomad 上，日志放 Loki", [("project", "Nomad", P), ("project", "Loki", P)]),
    ("我们后端是 Django，静态文件存 MinIO", [("project", "Django", P), ("project", "MinIO", P)]),
])
def test_the_project_holds_the_next_clause(text, expected) -> None:
    _check(_accepted(text), expected)


# no project clause before, a question, or another team: the English topic stores nothing
@pytest.mark.parametrize("text", [
    "feature toggle 用什么管比较好？",
    "隔壁组 dashboard 用 Grafana 做的，挺好看",
    "我老婆说 rate limit 用 Redis 做就行",
    "日志放哪里比较好？",
])
def test_no_project_fact_without_a_project_holder(text) -> None:
    assert [r for r in _accepted(text) if r.subject == "project"] == []


# a convention said as "按 X 来写" with no 规范 after it
@pytest.mark.parametrize(("text", "expected"), [
    ("我们组 commit message 都按 gitmoji 来写", [("project", "gitmoji", P)]),
    ("这个项目的注释统一按 JSDoc 来写", [("project", "JSDoc", P)]),
    ("我们的命名都按 PEP 8 来", [("project", "PEP 8", P)]),
])
def test_a_convention_without_its_noun(text, expected) -> None:
    _check(_accepted(text), expected)


@pytest.mark.parametrize("text", ["你按 Google 风格帮我写个 docstring", "要是按 Airbnb 来写会不会太严？"])
def test_no_convention_from_a_request_or_a_question(text) -> None:
    assert _accepted(text) == []


# a timezone is the user's timezone, said with 是 or 在 (never where the user lives)
@pytest.mark.parametrize(("text", "value"), [
    ("我这边是东九区，跟你说一声", "东九区"),
    ("我是 UTC+8 的", "UTC+8"),
    ("我人在西五区", "西五区"),
    ("我在东八区哈", "东八区"),
])
def test_a_timezone_is_the_users_timezone(text, value) -> None:
    records = _accepted(text)
    assert [(r.subject, r.predicate, r.object) for r in records] == [("user", "attr:时区", value)]


@pytest.mark.parametrize("text", ["东八区现在几点？", "我同事在西八区", "如果我在东九区，会议几点开？"])
def test_no_timezone_from_a_question_another_person_or_a_hypothetical(text) -> None:
    assert _accepted(text) == []


# a degree word before a trait
@pytest.mark.parametrize(("text", "value"), [
    ("我是个超级夜猫子，早上的会别约我", "夜猫子"),
    ("我是个巨社恐的人", "社恐"),
    ("我超级怕冷的", "怕冷"),
])
def test_a_trait_after_a_degree_word(text, value) -> None:
    _check(_accepted(text), [("user", value, P)])


def test_no_trait_of_someone_else() -> None:
    assert _accepted("我老婆是个超级路痴") == []


# the system a device of the user's runs
@pytest.mark.parametrize(("text", "value"), [
    ("我笔记本装的是 Ubuntu 22.04", "Ubuntu 22.04"),
    ("我电脑装的是 Windows 11", "Windows 11"),
    ("我手机系统是 HarmonyOS", "HarmonyOS"),
])
def test_the_system_of_a_users_device(text, value) -> None:
    _check(_accepted(text), [("user", value, P)])


@pytest.mark.parametrize("text", ["我爸电脑装的是 Windows 7", "我电脑要装什么系统比较好？"])
def test_no_system_of_anothers_device_or_a_question(text) -> None:
    assert _accepted(text) == []


# the task first, then the user's tool or stance
@pytest.mark.parametrize(("text", "expected"), [
    ("画架构图我一般用 Excalidraw", [("user", "Excalidraw", P)]),
    ("记笔记我只用 Logseq", [("user", "Logseq", P)]),
    ("写脚本我还是喜欢用 Python", [("user", "Python", P)]),
    ("剪视频我不太爱用 Premiere", [("user", "Premiere", N)]),
])
def test_a_task_said_before_the_user(text, expected) -> None:
    _check(_accepted(text), expected)


@pytest.mark.parametrize("text", ["写测试我该用 pytest 还是 unittest？", "写测试的时候我老是忘了 mock", "画图我妈喜欢用彩铅"])
def test_no_tool_from_a_task_question_or_another_holder(text) -> None:
    assert _accepted(text) == []


def test_a_complement_after_use_is_no_tool() -> None:  # "剪刀老是用不顺手": how it goes, not a tool named 不顺手
    _check(_accepted("我是左撇子，剪刀老是用不顺手，有推荐吗"), [("user", "左撇子", P)])


# a focus word (就是) before a negated diet verb, with or without the holder; "不是不喜欢" corrects nothing
@pytest.mark.parametrize(("text", "expected"), [
    ("我就是吃不了辣", [("user", "辣", N)]),
    ("不是不爱吃，就是吃不惯香菜", [("user", "香菜", N)]),
])
def test_a_focus_word_before_a_negated_diet(text, expected) -> None:
    records = _accepted(text)
    _check(records, expected)
    assert all(r.source.value != "explicit_correction" for r in records)


def test_a_focus_word_before_a_job_stays() -> None:
    assert [(r.predicate, r.object) for r in _accepted("我就是程序员")] == [("role", "程序员")]


# a rule the team forbids, about the work; a company's dress code is no rule of the code
@pytest.mark.parametrize(("text", "term"), [
    ("我们团队规定不能直接往 main 推代码", "main"),
    ("我们组要求不许跳过 CI 直接合并", "CI"),
])
def test_a_team_prohibition_is_a_negative_project_rule(text, term) -> None:
    _check(_accepted(text), [("project", term, N)])


def test_no_project_rule_from_a_dress_code() -> None:
    assert _accepted("我们公司规定不能穿拖鞋") == []


# the oldest platform a project supports, and a versioned tool alone after a project clause
@pytest.mark.parametrize(("text", "expected"), [
    ("小程序最低兼容 iOS 12", [("project", "iOS 12", P)]),
    ("我们这个 app 是 Flutter 写的，最低支持 Android 8", [("project", "Flutter", P), ("project", "Android 8", P)]),
    ("我们服务是 Quarkus 3，Java 21，打包的时候报错", [("project", "Quarkus 3", P), ("project", "Java 21", P)]),
])
def test_a_target_platform_or_a_versioned_tool(text, expected) -> None:
    _check(_accepted(text), expected)


@pytest.mark.parametrize("text", ["最低支持 iOS 15 吗？", "我手机最低支持 Android 9", "我用 Vim，Python 3"])
def test_no_target_platform_without_a_project(text) -> None:
    assert [r for r in _accepted(text) if r.subject == "project"] == []


# a Chinese-named tool before what people do over it; where the team's tickets live
@pytest.mark.parametrize(("text", "expected"), [
    ("团队平时用钉钉沟通，工单在 Jira 上管", [("project", "钉钉", P), ("project", "Jira", P)]),
    ("bug 都在 Linear 里跟踪", [("project", "Linear", P)]),
])
def test_a_chat_tool_and_a_ticket_tracker(text, expected) -> None:
    records = _accepted(text)
    _check(records, expected)
    assert "沟通" not in "".join(r.object for r in records)


# an unnamed employer told by its trade, and the job there
def test_an_employer_by_its_trade_and_the_job() -> None:
    _check(_accepted("我在一家做 SaaS 的创业公司当产品经理"), [("user", "SaaS", P), ("user", "产品经理", P)])


def test_no_employer_of_someone_else() -> None:
    assert _accepted("我老婆在一家做游戏的公司当策划") == []


# an instrument the user plays, in both languages
@pytest.mark.parametrize(("text", "value"), [
    ("周末在一个小乐队弹贝斯，排练完手指好疼", "贝斯"),
    ("我会拉二胡", "二胡"),
    ("我弹了十年钢琴", "钢琴"),
    ("I play bass in a small band on weekends", "bass"),
    ("I've been playing the piano for years", "piano"),
])
def test_an_instrument_the_user_plays(text, value) -> None:
    _check(_accepted(text), [("user", value, P)])


@pytest.mark.parametrize("text", ["我儿子在学钢琴", "想学吉他，从哪开始", "弹钢琴有什么技巧", "你会弹吉他吗", "我老婆在乐队弹贝斯",
                                  "I play games", "my son plays the drums"])
def test_no_instrument_of_someone_else_a_wish_or_a_question(text) -> None:
    assert _accepted(text) == []


# an answer style said for every answer (回答的时候 …) is a standing rule; "这个回答" is one answer
def test_an_answer_style_for_every_answer() -> None:
    _check(_accepted("回答的时候先说结论再展开"), [("user", "先说结论", P)])


def test_no_rule_from_one_answer() -> None:
    assert _accepted("这个回答先给结论") == []


# a slip said as "哦不对是 X" with no comma after 不对 is a correction within the message
def test_a_slip_without_a_comma_corrects_the_value_before_it() -> None:
    records = _accepted("我住在无锡，哦不对是常州，刚搬的")
    assert [(r.object, r.source.value) for r in records] == [("常州", "explicit_correction")]


def test_not_right_inside_a_clause_is_no_slip() -> None:
    assert _accepted("这样写不对是吧") == []


# a directive that goes on with a standing rule of the user's
def test_a_directive_goes_on_with_the_users_rule() -> None:
    _check(_accepted("以后回复别太啰嗦，直接说重点就行"), [("user", "啰嗦", N), ("user", "直接说重点", P)])


def test_no_rule_from_a_directive_after_a_preference() -> None:
    _check(_accepted("我喜欢 Rust，直接说重点就行"), [("user", "Rust", P)])


# 以后 after an event or a time is "after", no cue to remember ("天黑以后自动开" is no standing statement)
def test_after_an_event_is_no_cue() -> None:
    assert _accepted("想让车库灯下班以后自动开") == []


def test_from_now_on_still_cues() -> None:
    _check(_accepted("以后回答用繁体中文"), [("user", "繁体中文", P)])


# what a machine at home runs, and a tool the user keeps a kind of thing in
@pytest.mark.parametrize(("text", "expected"), [
    ("家里有台 NAS 装着 TrueNAS", [("user", "NAS", P), ("user", "TrueNAS", P)]),
    ("我的笔记都用 Obsidian 记", [("user", "Obsidian", P)]),
    ("我的照片都用 Immich 备份", [("user", "Immich", P)]),
])
def test_a_home_machine_and_a_tool_for_the_users_things(text, expected) -> None:
    _check(_accepted(text), expected)


# tense: what the team used before is a past value; the clause after it says what it uses now
@pytest.mark.parametrize(("text", "expected"), [
    ("我们以前用 Jenkins", []),
    ("我们组以前后端用 PHP，后来全转 Go 了", [("project", "Go", P)]),
    ("我们过去两年一直用 MySQL", [("project", "MySQL", P)]),
])
def test_a_teams_past_tool_is_not_its_stack(text, expected) -> None:
    _check(_accepted(text), expected)


# "X 也用 Y 的规则代替": Y replaces X; the tool is Y, not "Y 的规则代替"
def test_a_tool_said_as_a_replacement_keeps_its_name() -> None:
    records = _accepted("我们项目 lint 用 ruff，格式化也用 ruff 的规则代替")
    assert {r.object for r in records} == {"ruff"}, [r.object for r in records]
