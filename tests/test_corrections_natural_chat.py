"""Corrections in natural chat land, en + zh, in-turn and across turns (an assistant reply between).

Each case is a chat message a person might write: the correction is buried in a longer message that goes on to
ask for something. The new value is stored as an `explicit_correction`, the old one is no longer silently active
(superseded, or flagged `needs_confirmation`), and the correction stores one record for the new value, not a
second copy of the sentence it came from.
"""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext
from tests._replay import landed, replay

CTX = MemoryContext(user_id="nat", project_id="app", session_id="s1")


def _say(store, *turns: str) -> list:
    return replay(store, *turns, ctx=CTX, reply="Got it, here's a plan for that.")


def _silently_active(active: list, old: str) -> list:
    return [r for r in active if old.casefold() in r.object.casefold() and not r.metadata.get("needs_confirmation")]


def _shown(active: list) -> list:
    return [(r.subject, r.predicate, r.object, r.source.value, bool(r.metadata.get("needs_confirmation"))) for r in active]


CASES_EN = [
    (("So our builds deploy via Jenkins — no wait, it's CircleCI now, Jenkins got retired last year. "
      "How do I cache pip between runs?",), "CircleCI", "Jenkins"),
    (("We log with log4j — scratch that, we moved to Logback a while ago. How do I add a trace id to each line?",),
     "Logback", "log4j"),
    (("Team convention is 2 spaces, er, no, I mean tabs — 2 spaces was my old place. Should that live in .editorconfig?",),
     "tabs", "2 spaces"),
    (("For scheduling stuff, my timezone is EST.",
      "Actually scratch that, I'm on Mountain time now, I moved last month. Can you redo the meeting times?"), "Mountain", "EST"),
    (("My daughter's recital is on March 14th — I misspoke, it's March 21st. Can you help me plan the week around it?",),
     "March 21", "March 14"),
    (("Our API runs on Node 18.", "wait no, it's Node 20, we upgraded in the spring. Does fetch work natively then?"),
     "Node 20", "Node 18"),
    (("The project's database is MySQL — I mean Postgres, MySQL was the old monolith. How should I index a jsonb column?",),
     "Postgres", "MySQL"),
    (("My manager is called Dave, sorry, Dan — Dave is on the other team. How do I ask him for a raise?",), "Dan", "Dave"),
    (("I'm 31 and trying to get into running.",
      "Correction, I'm 33, not 31, birthdays blur together. Anyway what's a good 5k plan?"), "33", "31"),
    (("My standup is at 9:30 — I mean 10:00, they moved it. Can you block focus time before it?",), "10:00", "9:30"),
    (("I use IntelliJ for everything.", "Not IntelliJ but VS Code, I switched ages ago and forgot. Which extensions for Java?"),
     "VS Code", "IntelliJ"),
    (("Our team uses Jira for tickets. Oh wait, scratch that, we're on Linear since January. How do I set up cycles?",),
     "Linear", "Jira"),
    (("Our repo's default branch is master.", "I misspoke earlier — the default branch is trunk. How do I protect it?"),
     "trunk", "master"),
    (("Long story but I just got back from a trip and finally have time to sort my tooling. I edit in Sublime — actually no, "
      "it's Zed these days, I keep forgetting. What plugins do people use?",), "Zed", "Sublime"),
    (("Our service runs on AWS — I mean GCP, sorry, AWS was my last job. How do I set up Cloud Run?",), "GCP", "AWS"),
    (("My grocery budget is $400 a month — typo, $600. Can you plan meals around that?",), "600", "400"),
    (("I live in Denver.", "Sorry, I misspoke — I live in Boulder, Denver is where I work. What's a good weekend hike?"),
     "Boulder", "Denver"),
    (("We deploy on Tuesdays, wait no, Thursdays. Any tips for writing release notes?",), "Thursday", "Tuesday"),
]

CASES_ZH = [
    (("我们项目 Node 版本是 16，哦不对是 18，上个月刚升的。那 fetch 能直接用吗？",), "18", "16"),
    (("我们组后端用的是 PHP——啊不是，今年已经全转 Java 了，PHP 只剩几个老系统。想问下 Spring 里配置中心用哪个好？",), "Java", "PHP"),
    (("我住在海淀，帮我找个周末去的地方。", "更正一下，我住在朝阳，海淀是公司。周末去哪玩好？"), "朝阳", "海淀"),
    (("我女儿今年五岁，说错了，是六岁，刚过完生日。推荐点绘本？",), "六岁", "五岁"),
    (("我的车是丰田卡罗拉，搞错了，是本田思域，卡罗拉是我爸的。保养周期一般多久？",), "思域", "卡罗拉"),
    (("我们用 Jenkins 做 CI。", "不是 Jenkins，是 GitLab CI，去年就换了。缓存怎么配？"), "GitLab CI", "Jenkins"),
    (("我们每周三下午开周会，应该是周四，我记错了。帮我排一下这周的日程？",), "周四", "周三"),
    (("我领导叫张伟。", "说错了，我领导叫张薇，不是张伟。她人挺好的，怎么跟她提加薪？"), "张薇", "张伟"),
    (("我在上海工作——哦不，是杭州，上海是我老家。杭州有什么好吃的？",), "杭州", "上海"),
    (("我每天早上七点起床，不是七点，是六点半。帮我规划一下晨练？",), "六点半", "七点"),
    (("我对芒果过敏。", "更正：不是芒果，是菠萝过敏，芒果没事。有什么水果推荐？"), "菠萝", "芒果"),
    (("我们项目用 Vue 2，不对，是 React，Vue 是另一个项目的。状态管理用什么好？",), "React", "Vue"),
    (("我的手机是华为 P40——搞错了，是 Mate 40。电池怎么保养？",), "Mate 40", "P40"),
    (("我下个月15号搬家。", "应该是20号，我看错日历了。帮我列个搬家清单？"), "20号", "15号"),
    (("我家在5楼，说错了，是6楼，没电梯。买什么样的推车方便？",), "6楼", "5楼"),
    (("我们每周二发版，不对，是每周四发版。发版说明怎么写比较好？",), "周四", "周二"),
    (("我们的测试环境用的是 MySQL 5.7，改成 8.0 了，上周刚升。有啥要注意的？",), "8.0", "5.7"),
    (("我用的编辑器是 Vim——我说错了，是 Emacs，Vim 是以前用的。有什么好用的插件？",), "Emacs", "Vim"),
]


CASES_MORE = [
    (("Hey! Quick one before my meeting. We're running Postgres 13 in prod — I mean 15, we upgraded in March. "
      "Is logical replication any different between them?",), "15", "13"),
    (("The project targets Java 11.", "I misspoke — it's Java 17 now. Can I use records?"), "Java 17", "Java 11"),
    (("My son is in 3rd grade.", "Oops, 4th grade, he just moved up. What math games are good for him?"), "4th grade", "3rd"),
    (("I'm learning Spanish on Duolingo, well, not Spanish but Portuguese. Any podcast tips?",), "Portuguese", "Spanish"),
    (("I drive a Honda Civic, love that thing, scratch that, a Mazda 3.",), "Mazda 3", "Civic"),
    (("My dog is a beagle — actually, no, he's a basset hound.",), "basset hound", "beagle"),
    (("我们的 App 最低支持 iOS 14，说错了，是 iOS 15，去年调的。SwiftUI 哪些 API 能放心用？",), "iOS 15", "iOS 14"),
    (("我们接口文档用的是 Swagger，嗯不是，现在用 Apifox 了。怎么导入 OpenAPI 文件？",), "Apifox", "Swagger"),
    (("我住在成都", "我说错了，我住在重庆，成都是出差常去的地方。周末附近有什么好玩的？"), "重庆", "成都"),
    (("站会每天 9 点半，不对，10 点开。",), "10 点", "9 点"),
]


@pytest.mark.parametrize("turns, new, old", CASES_EN + CASES_ZH + CASES_MORE, ids=[t[0][:24] for t, *_ in CASES_EN + CASES_ZH + CASES_MORE])
def test_correction_lands(store, turns, new, old) -> None:
    active = _say(store, *turns)
    assert landed(active, new), _shown(active)
    assert not _silently_active(active, old), _shown(active)
    assert len([r for r in active if new.casefold() in r.object.casefold()]) == 1, _shown(active)  # one record, no copy


@pytest.mark.parametrize("turns, old", [
    (("I work at Stripe.", "Hmm no, that's wrong, I said that wrong. Anyway, what's a good book on negotiation?"), "Stripe"),
    (("我在字节上班。", "啊刚才那个说得不对。对了，推荐本书？"), "字节"),
    (("Our CI runs on Travis.", "wait no, scratch that — ugh, I'll check and get back to you. How do I cache deps?"), "Travis"),
    (("我们项目用 Python 3.8。", "哦不对，我说错了，回头确认一下版本再说。match 语句能用吗？"), "3.8"),
])
def test_unparsed_new_value_flags_the_old(store, turns, old) -> None:
    active = _say(store, *turns)
    assert not _silently_active(active, old), _shown(active)


@pytest.mark.parametrize("turns, kept, new, gone", [
    # a slip after a clause that said a value withdraws that clause, not a claim read before it
    (("我们用 MySQL 8，每周二发版，不对，是周三发版。",), "MySQL 8", "周三", "周二"),
    (("我们的服务跑在 K8s 上，有 12 个 pod，说错了，是 16 个。",), "K8s", "16 个 pod", "12"),
    # a bare value before the slip is what the slip withdraws, never a corrected value
    (("我们周三封板，周四发版，哦不对，是周五发版。",), "", "周五", "周四"),
    # the old value said to be something else is no new value and no attribute of its own
    (("我们每周三发版", "更正：每周四发版，周三是封板日。"), "", "周四", "周三"),
    (("我一般晚上十一点睡", "搞错了，是十二点睡，十一点是上床玩手机的时间。怎么改善睡眠？"), "", "十二点", "十一点"),
])
def test_a_swap_stores_no_extra_record(store, turns, kept, new, gone) -> None:
    active = _say(store, *turns)
    assert landed(active, new) and not _silently_active(active, gone), _shown(active)
    assert len(active) == 1 + bool(kept) and (not kept or any(kept in r.object for r in active)), _shown(active)
