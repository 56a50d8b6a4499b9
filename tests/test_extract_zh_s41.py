"""Chinese casual chat (stop 41, issue #16): what the extractor stored that is no fact of its own, grouped by cause.

Causes read in the tune halves (casual17 c17-zh-001, casual18 c18-zh-023); every phrasing here was written for
these tests, not taken from a labelled set:
- a routine with no subject right after the user's activity is how that activity goes, not a second memory
  (`write/habit_detail_zh.py`);
- a clause that opens on a tool's name keeps the project as holder after a project claim
  (`write/topic_holder_zh.py`).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from langmem_nodes import MemoryContext
from langmem_nodes.write.extractor import RuleExtractor

P, N = "positive", "negative"
_CTX = MemoryContext(user_id="u", project_id="p", session_id="s")


def _stored(*turns: str) -> list[tuple[str, str, str]]:
    """(subject, object, polarity) the extractor would write for the last user turn; earlier turns alternate
    user / assistant."""
    msgs = [{"role": "user" if i % 2 == 0 else "assistant", "content": t} for i, t in enumerate(turns)]
    out, _ = RuleExtractor().extract_explained(msgs, _CTX, datetime(2026, 1, 1, tzinfo=UTC))
    return [(p.record.subject, p.record.object, str(getattr(p.record.polarity, "value", p.record.polarity))) for p in out]


def _objects(*turns: str) -> list[str]:
    return [o for _, o, _ in _stored(*turns)]


# --- a routine right after the activity it serves is how the activity goes -------------------------------
@pytest.mark.parametrize(("text", "kept"), [
    ("我最近在学韩语，每天早上背二十个单词哈", "韩语"),
    ("我在学吉他，每周练三次，手指头都磨破了", "吉他"),
    ("最近在学 Rust 嘛，每天晚上刷一道 LeetCode", "Rust"),
    ("我在学日语呢，每天通勤路上听 podcast", "日语"),
    ("我在学游泳，每周去两次", "游泳"),
    ("我养了只柯基，每天早上遛它半小时", "柯基"),
    ("我养了只布偶猫，每天晚上陪它玩一会儿", "布偶猫"),
    ("我在学钢琴，每天练一个小时，手都酸了", "钢琴"),
    ("我在学西班牙语，每天背五十个单词", "西班牙语"),
    ("我在学画画，每周末都去画室", "画画"),
    ("我在学 Python 啊，每天写半小时代码", "Python"),
    ("我在学法语，每晚背三十个单词，有点难", "法语"),
    ("我最近在学书法，每天写两页字帖", "书法"),
    ("我在学吉他嘛，每个周末都弹两首", "吉他"),
    ("我在学 Go，每天看一章 The Go Programming Language", "Go"),
])
def test_a_routine_after_an_activity_is_how_it_goes(text: str, kept: str) -> None:
    objects = _objects(text)
    assert any(kept in o for o in objects), objects
    assert all(kept in o for o in objects), objects  # nothing but the activity itself


@pytest.mark.parametrize(("text", "habit"), [
    ("我每周去三次健身房", "每周去三次健身房"),
    ("我住在杭州，每周去三次健身房", "每周去三次健身房"),
    ("我住在深圳，每个周末都去爬山", "每个周末去爬山"),
    ("我今年 30 岁，每天都走一万步", "每天走一万步"),
    ("我在杭州工作，每周五晚上打球", "每周五打球"),
    ("我住在广州，每天早上都去跑步", "去跑步"),
    ("我老家是东北的，每周去三次健身房哈", "每周去三次健身房"),
    ("我住在成都，每个周末都去打羽毛球", "打羽毛球"),
    ("我今年 28 岁，每周去两次游泳馆", "每周去两次游泳馆"),
    ("我在上海工作，每个周末都去徒步", "徒步"),
    ("我每天早上跑步", "跑步"),
    ("我平时每天喝绿茶", "绿茶"),
    ("我不喜欢 Java，每天都写 Python", "Python"),
    ("我学过日语，我每周去三次健身房", "每周去三次健身房"),
    ("我住在南京，每周三晚上去打球", "打球"),
])
def test_a_routine_of_its_own_is_still_stored(text: str, habit: str) -> None:
    objects = [o.replace(" ", "") for o in _objects(text)]
    assert any(habit.replace(" ", "") in o for o in objects), objects


@pytest.mark.parametrize(("text", "tool"), [
    ("我在学西班牙语，每天用 Duolingo 打卡", "Duolingo"),
    ("我在学日语，每天用 Anki 刷卡", "Anki"),
    ("我在学英语，每天晚上用 Quizlet 背单词哈", "Quizlet"),
])
def test_the_tool_an_activity_goes_through_is_kept(text: str, tool: str) -> None:
    assert any(tool in o for o in _objects(text)), _objects(text)


# --- a tool-first clause keeps the project as holder after a project claim ----------------------------------
@pytest.mark.parametrize(("turns", "expected"), [
    (("我们前端用 pinia，vuex 早就不用了",), ("project", "vuex", N)),
    (("我们后端是 Go，Java 早就不用了",), ("project", "Java", N)),
    (("我们现在用 pnpm 哈，yarn 早就不用了",), ("project", "yarn", N)),
    (("我们测试用 vitest，jest 早就不用了",), ("project", "jest", N)),
    (("我们构建用 Vite，webpack 早就不用了",), ("project", "webpack", N)),
    (("我们 ORM 用的是 Prisma，TypeORM 早就不用了",), ("project", "TypeORM", N)),
    (("我们部署用 ArgoCD，Jenkins 早就不用了",), ("project", "Jenkins", N)),
    (("我们前端用 Tailwind，Bootstrap 早就不用了",), ("project", "Bootstrap", N)),
    (("我们项目用 Redis 做缓存，Memcached 早就不用了",), ("project", "Memcached", N)),
    (("我们组监控用 Grafana，Zabbix 早就不用了",), ("project", "Zabbix", N)),
    (("你们前端用什么状态管理？", "你们项目现在用的是哪个？", "pinia 呗，vuex 早就不用了"), ("project", "vuex", N)),
    (("你们用什么包管理器？", "你们项目现在用的是哪个？", "pnpm 呀，npm 早就不用了"), ("project", "npm", N)),
    (("你们后端用什么语言？", "你们项目主要用哪个语言？", "Go 吧，PHP 早就不用了"), ("project", "PHP", N)),
    (("我们的 CI 是 GitHub Actions，Travis 早就不用了",), ("project", "Travis", N)),
    (("我们这个服务用 gRPC，Thrift 早就不用了",), ("project", "Thrift", N)),
])
def test_a_tool_first_clause_after_a_project_claim_is_the_projects(turns: tuple[str, ...], expected: tuple[str, str, str]) -> None:
    stored = _stored(*turns)
    assert expected in stored, stored
    assert ("user", expected[1], expected[2]) not in stored, stored


@pytest.mark.parametrize(("text", "expected"), [
    ("我用 Neovim，VS Code 早就不用了", ("user", "VS Code", N)),
    ("我用 iTerm2 哈，Terminal 早就不用了", ("user", "Terminal", N)),
    ("我自己用 Arc 浏览器，Chrome 早就不用了", ("user", "Chrome", N)),
    ("我写笔记用 Obsidian，Notion 早就不用了", ("user", "Notion", N)),
    ("我平时用 zsh，bash 早就不用了", ("user", "bash", N)),
    ("我用 Mac 呢，Windows 早就不用了", ("user", "Windows", N)),
    ("我现在用 Helix，Vim 早就不用了", ("user", "Vim", N)),
    ("我听歌用 Spotify，Apple Music 早就不用了", ("user", "Apple Music", N)),
    ("我画图用 Excalidraw，Visio 早就不用了", ("user", "Visio", N)),
    ("我记账用 Excel，Money Pro 早就不用了", ("user", "Money Pro", N)),
])
def test_a_tool_first_clause_after_the_users_claim_stays_the_users(text: str, expected: tuple[str, str, str]) -> None:
    stored = _stored(text)
    assert expected in stored, stored
    assert ("project", expected[1], expected[2]) not in stored, stored


# --- a household member's allergy, tool or trait is theirs, whichever rule reads the verb ---------------------
@pytest.mark.parametrize("text", [
    "我家孩子对花生过敏，幼儿园的餐要注意啥",
    "我家娃对牛奶过敏哈",
    "我家宝宝对鸡蛋过敏，辅食咋安排",
    "我家老人对青霉素过敏",
    "我家狗对鸡肉过敏，狗粮怎么选",
    "我家那位对海鲜过敏，纪念日吃啥好",
    "我孩子乳糖不耐受，有啥奶粉推荐",
    "我家闺女用的是 iPad，怎么设置屏幕时间",
    "我家小朋友对芒果过敏呢",
    "我家猫对鱼过敏，猫粮怎么挑",
    "我老公对花粉过敏，春天出门要带啥",
    "我老婆对酒精过敏",
    "我媳妇对虾过敏，年夜饭要避开",
    "我儿子对坚果过敏，零食怎么选",
    "我闺女对猫毛过敏，还能养猫吗",
    "我妈对海鲜过敏，带她吃饭要注意啥",
    "我家老大对花生过敏，老二没事",
    "我家俩孩子都对芒果过敏",
    "我婆婆对青霉素过敏",
    "我对象对酒精过敏哈哈",
    "我家那位用的是 Android 手机",
    "我室友对猫毛过敏，所以我们没养猫",
])
def test_a_household_members_fact_is_not_the_users(text: str) -> None:
    # an allergy of theirs is kept as the user's `family` fact naming them («用户的老婆对酒精过敏»), never as the user's own
    msgs = [{"role": "user", "content": text}]
    out, _ = RuleExtractor().extract_explained(msgs, _CTX, datetime(2026, 1, 1, tzinfo=UTC))
    own = [(p.record.predicate, p.record.object) for p in out if p.record.subject == "user" and p.record.predicate != "family"
           and not p.record.object.startswith(("孩子", "猫", "狗"))]
    assert own == [], own
    assert all(re.search("过敏|不耐受", p.record.object) for p in out if p.record.predicate == "family")


@pytest.mark.parametrize(("text", "expected"), [
    ("我自己对芒果过敏", ("user", "芒果", P)),
    ("我也对花生过敏，吃一点就起疹子", ("user", "花生", P)),
    ("我对对虾过敏", ("user", "对虾", P)),
    ("我从小对海鲜过敏", ("user", "海鲜", P)),
    ("我家孩子对花生过敏，我自己对芒果过敏", ("user", "芒果", P)),
    ("我女儿叫朵朵，今年五岁", ("user", "朵朵", P)),
    ("我家猫叫咪咪", ("user", "咪咪", P)),
    ("我养了只柯基，叫豆豆", ("user", "豆豆（柯基）", P)),  # one record, the pet and its name (pet_named)
])
def test_the_users_own_allergy_and_a_household_members_name_stay(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in _stored(text), _stored(text)


# --- a step told with 后来 before the value of now is past ---------------------------------------------------
@pytest.mark.parametrize(("text", "now", "step"), [
    ("我之前住在北京，后来去了深圳，现在又回北京了", "北京", "深圳"),
    ("我以前在阿里上班，后来去了字节，现在在腾讯", "腾讯", "字节"),
    ("我之前住成都，后来去了重庆，现在在西安", "西安", "重庆"),
    ("我以前住在上海，后来搬到了苏州，现在在杭州", "杭州", "苏州"),
    ("我以前在百度上班，后来去了美团，目前在快手", "快手", "美团"),
    ("我原来住在广州哈，后来搬到了佛山，现在又搬回广州了", "广州", "佛山"),
    ("我以前在 Google 上班，后来去了 Meta，现在在 OpenAI", "OpenAI", "Meta"),
    ("我以前住在南京，后来去了合肥，如今在武汉", "武汉", "合肥"),
    ("我以前在华为上班，后来去了小米，现在在 OPPO 了", "OPPO", "小米"),
    ("我之前住在天津，后来到了青岛，现在在大连", "大连", "青岛"),
    ("我以前在网易上班，后来去了拼多多，现在在京东", "京东", "拼多多"),
    ("我以前住在长沙，后来去了厦门，不过现在回到长沙了", "长沙", "厦门"),
])
def test_a_then_step_before_now_is_past(text: str, now: str, step: str) -> None:
    objects = _objects(text)
    assert any(now in o for o in objects), objects
    assert not any(step in o for o in objects), objects


@pytest.mark.parametrize(("text", "now"), [
    ("我以前住在上海，后来搬到了杭州", "杭州"),
    ("我以前在腾讯上班，现在在华为", "华为"),
    ("我以前在阿里上班，后来去了字节", "字节"),
])
def test_a_then_step_with_nothing_after_it_is_the_value_of_now(text: str, now: str) -> None:
    assert any(now in o for o in _objects(text)), _objects(text)
