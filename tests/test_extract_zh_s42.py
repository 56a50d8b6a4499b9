"""Chinese casual chat (stop 42, issue #16): one preference said twice, as what to do and then as a request
not to do its opposite, is one memory.

Cause read in the tune halves (casual8 c8-zh-071, casual9 c9-zh-024, casual18 c18-zh-007 / 073, own_chat
oc-zh-32): "我用的是 Vim，别给我讲 VS Code 的快捷键了" stored Vim and a second, negative preference for the foil;
"以后…都用小写下划线哈，别给我驼峰" stored only the foil (the instruction ended in 哈 and read as no rule).
Every phrasing here was written for these tests, not taken from a labelled set (`write/foil_zh.py`).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_nodes import MemoryContext
from langmem_nodes.write.extractor import RuleExtractor

P, N = "positive", "negative"
_CTX = MemoryContext(user_id="u", project_id="p", session_id="s")


def _stored(*turns: str) -> list[tuple[str, str, str]]:
    msgs = [{"role": "user" if i % 2 == 0 else "assistant", "content": t} for i, t in enumerate(turns)]
    out, _ = RuleExtractor().extract_explained(msgs, _CTX, datetime(2026, 1, 1, tzinfo=UTC))
    return [(p.record.subject, p.record.object, str(getattr(p.record.polarity, "value", p.record.polarity))) for p in out]


# --- "X，别给我 Y": the request not to do the opposite is the same preference --------------------------------
@pytest.mark.parametrize(("text", "kept", "foil"), [
    ("我用的是 Neovim，别给我讲 VS Code 的插件了", "Neovim", "VS Code"),
    ("我用 Emacs 的哈，别给我推荐 Vim 配置", "Emacs", "Vim"),
    ("我平时用 zsh，别给我 bash 的写法", "zsh", "bash"),
    ("我用的是 pnpm 嘛，别给我 npm 的命令", "pnpm", "npm"),
    ("我喜欢用 Tailwind，别给我写一堆 CSS module 了", "Tailwind", "CSS module"),
    ("我习惯用 tab 缩进，别给我空格", "tab", "空格"),
    ("我用 Windows 的，别给我 mac 的快捷键哈", "Windows", "mac"),
    ("我喜欢喝美式，别给我推荐拿铁啦", "美式", "拿铁"),
    ("以后回答尽量短一点哈，别长篇大论", "短一点", "长篇大论"),
    ("以后回答直接给代码，别啰嗦", "直接给代码", "啰嗦"),
    ("以后回答我用中文哈，别给我英文", "中文", "英文"),
    ("以后代码注释写英文，别写中文注释", "英文", "中文注释"),
    ("以后 SQL 关键字都大写，别给我小写", "大写", "小写"),
    ("以后例子都用 TypeScript 写吧，别用 JavaScript 了", "TypeScript", "JavaScript"),
    ("以后给我 shell 命令都用 fish 的语法哈，别给我 bash 的", "fish", "bash"),
    ("以后变量名都用驼峰哈，别给我下划线", "驼峰", "下划线"),
    ("以后给我命令的时候默认是 Ubuntu 哈，别给我 CentOS 的", "Ubuntu", "CentOS"),
    ("以后日期格式都用 YYYY-MM-DD 呀，别给我斜杠的", "YYYY-MM-DD", "斜杠"),
    ("我用的是 Arch Linux，千万别给我 apt 的命令", "Arch Linux", "apt"),
    ("我喜欢用 Poetry 管依赖，别再给我 pip install 了", "Poetry", "pip install"),
    ("我用 JetBrains 全家桶的，不要给我讲 VS Code 的设置", "JetBrains", "VS Code"),
    ("以后写测试都用 pytest 哈，别给我 unittest", "pytest", "unittest"),
    # the request scoped to a task of the assistant's ("你写代码…别…") is still the other side
    ("我们 Node 统一用 18，你写代码别用 20 的新特性哈", "18", "20 的新特性"),
    ("我用的是 Python 3.8，你写代码的时候别用 walrus 以外的新语法", "Python 3.8", "walrus"),
    ("我用 Vue 2 的，你回答的时候别给我 Vue 3 的写法", "Vue 2", "Vue 3"),
])
def test_a_foil_after_a_preference_is_the_same_preference(text: str, kept: str, foil: str) -> None:
    stored = _stored(text)
    assert any(kept.casefold() in o.casefold() and pol == P for _, o, pol in stored), stored
    assert not any(foil.casefold() in o.casefold() and kept.casefold() not in o.casefold() for _, o, _ in stored), stored


# --- "所以别…": a request that follows from the fact before it is no second memory ---------------------------
@pytest.mark.parametrize(("text", "kept", "foil"), [
    ("记住我最近上夜班，所以上午别给我约会议", "夜班", "约会议"),
    ("我最近在学日语，所以周末别给我排活动哈", "日语", "排活动"),
    ("记一下我用的是 Linux，所以别给我 PowerShell 的写法", "Linux", "PowerShell"),
    ("我喜欢早睡，所以晚上九点以后别给我安排事", "早睡", "安排事"),
])
def test_a_request_that_follows_from_a_fact_is_no_second_memory(text: str, kept: str, foil: str) -> None:
    stored = _stored(text)
    assert any(kept in o and pol == P for _, o, pol in stored), stored
    assert not any(foil in o for _, o, _ in stored), stored


# --- a request not following a preference of its own still stands ---------------------------------------
@pytest.mark.parametrize(("text", "neg"), [
    ("千万别给我推荐 jQuery 啊", "jQuery"),
    ("别给我推荐 Java 的方案，我用 Go", "Java"),  # said first: no preference before it
    ("我在东八区。以后别再用 UTC 给我时间了", "UTC"),  # another sentence, and a place, not a preference
    ("我住在成都，别给我推荐火锅了", "火锅"),  # a home is no preference it could be the other side of
    ("以后别给我写注释。", "注释"),
])
def test_a_request_of_its_own_stays(text: str, neg: str) -> None:
    stored = _stored(text)
    assert any(neg in o and pol == N for _, o, pol in stored), stored


# --- the instruction itself is read when it ends in a 语气词 -----------------------------------------------
@pytest.mark.parametrize(("text", "kept"), [
    ("以后表名都用小写下划线哈", "下划线"),
    ("以后默认给我 mac 上的命令哈", "mac"),
    ("麻烦以后代码都用 2 空格缩进", "2 空格"),
    ("请以后都用 JUnit 5 写单测", "JUnit 5"),
    ("以后回答都加个总结啊", "总结"),
    ("以后例子都用 Kotlin 写呀", "Kotlin"),
])
def test_an_instruction_ending_in_a_particle_is_read(text: str, kept: str) -> None:
    stored = _stored(text)
    assert any(kept in o and pol == P for _, o, pol in stored), stored


@pytest.mark.parametrize("text", ["好的哈", "以后再说哈", "以后有空聊啊", "谢谢啦，以后再问你哈", "以后都不去那家店了哈",
                                  "以后一定好好学习啊"])
def test_small_talk_ending_in_a_particle_stays_unread(text: str) -> None:
    assert _stored(text) == []


# --- a firm rule whose topic is a thing of the work is the project's --------------------------------------
# Cause read in the tune halves (devlike14 d14-zh-003 / 021, devlike15 d15-zh-005 / 033, devlike16 d16-zh-005 /
# 027 / 037, casual18 c18-zh-059 / 077): "数据库里的时间统一存 UTC" named no holder and no listed convention topic,
# so it stored nothing (`write/work_rule_zh.py`).
@pytest.mark.parametrize(("text", "value", "polarity"), [
    ("日志里的时间统一用 ISO 8601 格式", "ISO 8601", P),
    ("数据库表名一律用单数", "单数", P),
    ("数据库里金额统一存分，不存元", "存分", P),
    ("接口返回的时间戳统一用毫秒", "毫秒", P),
    ("接口文档统一写在 Apifox 上", "Apifox", P),
    ("文档统一放飞书知识库", "飞书知识库", P),
    ("配置文件一律用 YAML 哈", "YAML", P),
    ("上线前必须跑一遍 e2e 测试", "e2e", P),
    ("合并到 main 之前必须过 CI", "过 CI", P),
    ("依赖升级必须走 Renovate 的 PR", "Renovate", P),
    ("数据库迁移必须可回滚", "可回滚", P),
    ("测试数据统一用 factory_boy 造", "factory_boy", P),
    ("生产环境禁止用 root 账号登录", "root", N),
    ("代码里禁止用 any", "any", N),
    ("代码里不许写 console.log 哈", "console.log", N),
    ("线上禁止直接改配置", "直接改配置", N),
    ("分支上严禁 force push", "force push", N),
    ("生产库不允许手动跑 SQL", "手动跑 SQL", N),
    ("我们这个服务规定不用 ORM", "ORM", N),
    ("我们项目规定不用 lodash 了", "lodash", N),
])
def test_a_firm_rule_about_the_work_is_the_projects(text: str, value: str, polarity: str) -> None:
    stored = _stored(text)
    assert any(s == "project" and value.casefold() in o.casefold() and pol == polarity for s, o, pol in stored), stored


@pytest.mark.parametrize("text", [
    "代码必须今晚改完",  # a task with a deadline, no standing rule
    "数据库必须重启一下吗",
    "测试环境今天必须修好",
    "日志太多了必须清一清",
    "数据库是不是必须加索引啊",
    "文档必须尽快写完",
    "我们组的文档必须明天交",
    "如果代码里禁止用 any，那泛型怎么写",
])
def test_a_task_or_a_question_about_the_work_is_no_rule(text: str) -> None:
    assert [s for s in _stored(text) if s[0] == "project"] == []


def test_a_rule_pointing_back_at_its_value_stores_no_pointer() -> None:
    assert not any("这个" in o for _, o, _ in _stored("对外文档一律用这个写法哈"))
