"""Chinese casual chat the rule extractor misread in the tune halves (casual19 c19-zh-007, casual21 c21-zh-029 /
c21-zh-041 / c21-zh-065, casual18 c18-zh-059, trad1 t1-zh-031 / t1-zh-047), by cause: a complaint read as a habit,
a conversion step read as a tool, a value corrected mid-sentence spliced into the old one, a bare "是X" after a
slip read with the wrong holder, "我们…搬到 X" read as a home move after a hosting fact, "忘了说" hiding the clause.
Phrasings written for these tests (Simplified and Traditional), not taken from the labelled sets."""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext, utcnow
from langmem_nodes.write.extractor import RuleExtractor

P, N = "positive", "negative"


def _claims(*turns: str) -> list[tuple[str, str, str, str]]:
    """(subject, predicate, object, polarity) of what the last user turn says; earlier turns alternate user / assistant."""
    said = [{"role": "user" if i % 2 == 0 else "assistant", "content": t} for i, t in enumerate(turns)]
    pending, _skipped = RuleExtractor().extract_explained(said, MemoryContext(user_id="u", session_id="s"), utcnow())
    return [(p.record.subject, p.record.predicate, p.record.object, getattr(p.record.polarity, "value", p.record.polarity)) for p in pending]


# a routine whose clause ends in what it does to the user ("都累得要死", "都被晒黑了") is a complaint, not a habit
@pytest.mark.parametrize("text", [
    "我在成都读书，每天走路都累得要死",
    "每天骑车上班都被晒黑了",
    "每天跑步都跑得膝盖疼",
    "每天騎車都快被曬昏了",
    "每周去健身房都练得浑身酸痛",
    "每天坐地鐵都擠得要命",
])
def test_a_complaint_about_a_routine_is_no_habit(text) -> None:
    assert not [c for c in _claims(text) if c[1] == "trait"], _claims(text)


@pytest.mark.parametrize(("text", "term"), [
    ("我每天骑车上班", "骑车上班"),
    ("我每周去三次健身房", "健身房"),
    ("我每天早上都去游泳", "游泳"),
    ("我每天騎車上班", "騎車上班"),
])
def test_a_plain_routine_is_still_a_habit(text, term) -> None:
    assert any(p == "trait" and term in o for _s, p, o, _pol in _claims(text)), _claims(text)


# "…，前端再转成北京时间显示": a later step converts the value; what it converts to is no tool of the project
@pytest.mark.parametrize(("text", "kept", "not_kept"), [
    ("数据库里时间统一存 UTC，前端再转东八区显示", "UTC", "东八区"),
    ("接口统一用 RESTful，前端再转成 GraphQL 调用", "RESTful", "GraphQL"),
    ("數據庫裡時間統一存 UTC，前端再轉成台北時間顯示", "UTC", "台北"),
])
def test_a_conversion_step_names_no_tool(text, kept, not_kept) -> None:
    got = _claims(text)
    assert any(kept in o for _s, _p, o, _pol in got), got
    assert not any(not_kept in o for _s, _p, o, _pol in got), got


@pytest.mark.parametrize(("text", "term"), [
    ("我们后端今年转 Go 了", "Go"),
    ("我们的服务都转到 k8s 上了", "k8s"),
])
def test_a_switch_is_still_a_tool(text, term) -> None:
    assert any(s == "project" and term in o for s, _p, o, _pol in _claims(text)), _claims(text)


# "X 是 A，哦不对，是 B，A 是…": the new value takes the old one's place, whole; the old value's own clause says nothing
@pytest.mark.parametrize(("text", "value", "old"), [
    ("我的生日是 3 月 5 号，哦不对，是 3 月 6 号，305 是我的工号", "3 月 6 号", "305"),
    ("我们的纪念日是 6 月 1 号，哦不对，是 6 月 2 号，601 是我们第一次见面的日子", "6 月 2 号", "601"),
    ("我們的紀念日是 9 月 9 號，啊不對，是 9 月 10 號，909 是我們認識那天", "9 月 10 號", "909"),
])
def test_a_date_corrected_mid_sentence_is_one_clean_value(text, value, old) -> None:
    got = _claims(text)
    assert len(got) == 1, got
    subject, predicate, obj, polarity = got[0]
    assert subject == "user" and polarity == P and value in obj and old not in obj and obj.count("月") == 1, got


def test_a_version_corrected_mid_sentence_keeps_the_name() -> None:
    got = _claims("测试环境的 Redis 是 6.2 吧——哦不对，去年已经升到 Redis 7 了")
    assert any(s == "project" and "redis7" in o.replace(" ", "").lower() for s, _p, o, _pol in got), got


# "我们的后端部署在 Heroku" … "更正一下，我们上个月搬到 Render 了": the project's host moved, not the user's home
@pytest.mark.parametrize("turns", [
    ("我们的后端部署在 Heroku。", "好的，Heroku 上可以…", "更正一下，我们上个月已经搬到 Render 了。"),
    ("我们的网站托管在 Vercel 上", "好的", "不对，我们上周搬到 Netlify 了"),
    ("我們的後端部署在 Heroku。", "好的", "更正一下，我們上個月已經搬到 Fly.io 了。"),
])
def test_a_project_host_moved_in_a_correction(turns) -> None:
    got = _claims(*turns)
    new = turns[-1].split("搬到 ")[1].split(" ")[0]
    assert any(s == "project" and new in o for s, _p, o, _pol in got), got
    assert not any(p == "lives_in" for _s, p, _o, _pol in got), got


@pytest.mark.parametrize(("turns", "place"), [
    (("我住在杭州", "好的", "更正一下，我们上个月已经搬到苏州了"), "苏州"),
    (("我家在北京", "好的", "不对，我們去年搬到台中了"), "台中"),
])
def test_a_home_move_after_a_home_stays_the_users(turns, place) -> None:
    assert any(s == "user" and p == "lives_in" and place in o for s, p, o, _pol in _claims(*turns)), _claims(*turns)


# "忘了说，…" / "忘了跟你说…" is a lead like "对了": the clause after it is read
@pytest.mark.parametrize(("turns", "place"), [
    (("我住在北京", "好的", "啊不好意思，忘了说我上个月搬到上海了"), "上海"),
    (("我住在台北", "好的", "忘了跟你說，我上個月搬到高雄了"), "高雄"),
])
def test_forgot_to_say_opens_the_clause(turns, place) -> None:
    assert any(s == "user" and place in o for s, _p, o, _pol in _claims(*turns)), _claims(*turns)


@pytest.mark.parametrize("text", ["我忘了带钥匙", "我老是忘了吃早饭"])
def test_forgetting_something_is_no_lead(text) -> None:
    assert not any(o in ("带钥匙", "吃早饭") for _s, _p, o, _pol in _claims(text)), _claims(text)


# the user's boss or supervisor by name, as "my manager is called Sarah" is stored; "叫我…" after them is a request
@pytest.mark.parametrize(("text", "name"), [("我老板叫王磊", "王磊"), ("我的直属领导叫陈静", "陈静"), ("我導師叫陳明", "陳明")])
def test_the_users_boss_by_name(text, name) -> None:
    assert any(s == "user" and o == name for s, _p, o, _pol in _claims(text)), _claims(text)


@pytest.mark.parametrize("text", ["我老板叫我周末加班", "我领导叫我去开会"])
def test_a_boss_telling_the_user_names_no_one(text) -> None:
    assert _claims(text) == []


# what to call the user, said as a name; "还是…吧" here decides, it asks nothing ("用 A 还是 B 好" asks)
@pytest.mark.parametrize(("turns", "name"), [
    (("你叫我小王就行",), "小王"),
    (("你叫我小王就行，帮我准备下周的述职", "好的小王", "算了还是叫我 Kevin 吧，公司里都用英文名"), "Kevin"),
    (("你叫我老陳就好",), "老陳"),
])
def test_what_to_call_the_user_is_their_name(turns, name) -> None:
    assert any(s == "user" and p == "name" and o == name for s, p, o, _pol in _claims(*turns)), _claims(*turns)


@pytest.mark.parametrize("text", ["叫我早点睡", "妈妈叫我小宝", "后端用 Python 还是 Go 好"])
def test_no_name_and_no_fact_from_a_request_or_a_question(text) -> None:
    assert _claims(text) == []


# short dev-like statements (devlike16–19 tune): a routine said by count per week, an environment's
# host, a pet the user does not keep, how the user commutes
@pytest.mark.parametrize(("text", "subject", "term", "polarity"), [
    ("我一周去三次健身房", "user", "健身房", P),
    ("我一个星期去两次游泳馆", "user", "游泳馆", P),
    ("测试环境在华为云上", "project", "华为云", P),
    ("我們的線上環境跑在 GCP 上", "project", "GCP", P),
    ("我没养宠物", "user", "宠物", N),
    ("我家沒養狗", "user", "狗", N),
    ("我上班都坐公交", "user", "公交", P),
])
def test_a_short_statement_is_read(text, subject, term, polarity) -> None:
    got = _claims(text)
    assert any(s == subject and term in o and pol == polarity for s, _p, o, pol in got), got


@pytest.mark.parametrize("text", [
    "这周六早上我去打羽毛球",  # one weekend, no routine
    "想开始练半马，一周跑几次合适",  # a question, no routine
    "一个月去几次健身房比较好",  # the same
    "测试环境在重启",  # what the environment is doing, no host
    "我想养宠物",  # a wish
    "我今天坐地铁去公司",  # one day
])
def test_a_short_look_alike_is_not_stored(text) -> None:
    assert _claims(text) == [], _claims(text)
