"""Corrections buried in natural chat land, en + zh, in-turn and across turns (an assistant reply between).

Kinds not covered elsewhere: a correction mid-message that goes on to ask for something; a number, date,
name, place, version or grade corrected; "not X, Y", "X, or rather Y", "make that Y", "改一下，是Y", "口误",
"我刚说错了", "准确地说是"; a project fact corrected; and a correction that only withdraws the old value (or
whose new value does not parse), which leaves the old value flagged `needs_confirmation`, never silently active.
"""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext
from tests._replay import landed, replay

CTX = MemoryContext(user_id="bur", project_id="app", session_id="s1")


def _say(store, *turns: str) -> list:
    return replay(store, *turns, ctx=CTX, reply="Sure, here are a few ideas.")


def _silently_active(active: list, old: str) -> list:
    return [r for r in active if old.casefold() in r.object.casefold() and not r.metadata.get("needs_confirmation")]


def _shown(active: list) -> list:
    return [(r.subject, r.predicate, r.object, r.source.value, bool(r.metadata.get("needs_confirmation"))) for r in active]


CASES_EN = [
    (("We're on Node 18, make that 20, we upgraded in May. Is fetch stable?",), "20", "18"),
    (("My cat Mochi is 3 — make that 4, she had a birthday last week.",), "4", "3"),
    (("I work at Shopify as a data analyst.",
      "Ah, I gave you the wrong company, it's Stripe, not Shopify. Anyway, how should I prep for a SQL interview?"), "Stripe", "Shopify"),
    (("we're on python 3.9 for this service, sorry, 3.11, i always forget we bumped it. can i use typing.Self?",), "3.11", "3.9"),
    (("I'm based in Austin, or rather Round Rock, it's just north of it. Any good BBQ nearby?",), "Round Rock", "Austin"),
    (("My partner's name is Jamie.", "Oh, tiny correction: her name's Jenny, not Jamie, autocorrect hates me. Ideas for her birthday?"),
     "Jenny", "Jamie"),
    (("The project uses MongoDB for storage.",
      "Let me correct myself: the project uses DynamoDB, Mongo was the prototype. How do I model one-to-many?"), "DynamoDB", "MongoDB"),
    (("Our frontend is built with Angular, Svelte I mean, Angular is the admin panel. What's the best way to handle forms?",),
     "Svelte", "Angular"),
    (("I teach 5th grade math.", "Make that 6th grade, I switched this fall. Any good warm-up activities?"), "6th", "5th"),
    (("I run with a Garmin Forerunner 245.", "Not the 245, the 255. Does it support HRV status?"), "255", "245"),
    (("We host everything on DigitalOcean.",
      "Sorry, I need to correct that, we moved to Hetzner last year. How do I set up a firewall there?"), "Hetzner", "DigitalOcean"),
    (("I'm a nurse in the ER.", "Let me rephrase: I'm a paramedic, not a nurse. Anyway, good shoes for 12-hour shifts?"),
     "paramedic", "nurse"),
    (("I'm allergic to peanuts.", "Actually it's tree nuts, not peanuts, peanuts are fine for me. Can you suggest a hiking snack?"),
     "tree nuts", "peanuts"),
    (("I'm learning French, well, Italian really, French was last year. What's a good beginner podcast?",), "Italian", "French"),
    (("We use Slack at work.", "Sorry, that's outdated, we're on Microsoft Teams now. How do I set up a status schedule?"),
     "Teams", "Slack"),
    (("I live in Portland, not Portland, Seattle, sorry, I just moved. Where's good coffee?",), "Seattle", "Portland"),
    (("Our CI runs on Travis.", "Travis? No, what am I saying, it's Buildkite. How do I retry flaky steps?"), "Buildkite", "Travis"),
    (("My commute is by bus.", "Hold on, I said bus but I meant train. Any tips for reading on a moving train?"), "train", "bus"),
    (("My rent is $1200 a month.", "Eh, more like $1350, they raised it. Can you redo my budget?"), "1350", "1200"),
]

CASES_ZH = [
    (("帮我推荐个午饭地方，我在望京上班——口误，是在酒仙桥，望京是以前的公司。人均五十以内。",), "酒仙桥", "望京"),
    (("我家狗叫旺财，三岁。", "我刚说错了，它四岁了，不是三岁。换狗粮有什么讲究吗？"), "四岁", "三岁"),
    (("我们项目用的是 Django。", "改一下，是 FastAPI，Django 是老项目。怎么做依赖注入？"), "FastAPI", "Django"),
    (("我在读研一，准确地说是研二了，开学就研二。论文开题怎么准备？",), "研二", "研一"),
    (("我对青霉素过敏。", "口误口误，是头孢过敏，青霉素没事。感冒了能吃什么药？"), "头孢", "青霉素"),
    (("我们用的是 Redis 6，哦不，7.2，去年底升的。新的 function 功能好用吗？",), "7.2", "Redis 6"),
    (("我住在杭州滨江。", "我之前说错了，我住在萧山，滨江是公司那边。周末带娃去哪？"), "萧山", "滨江"),
    (("我用的是小米 13，说错了，是小米 14。怎么关掉广告？",), "14", "13"),
    (("我们公司用钉钉。", "不是钉钉，是飞书，钉钉是上家公司的。飞书怎么设置自动回复？"), "飞书", "钉钉"),
    (("我儿子读三年级。", "哦我刚说错了，是四年级，不是三年级。数学应用题怎么辅导？"), "四年级", "三年级"),
    (("我们后端是 Go 写的，更准确地说是 Rust，Go 只有网关那块。错误处理有什么最佳实践？",), "Rust", "Go"),
    (("我的猫叫咪咪。", "改一下，它叫豆豆，咪咪是邻居家的猫。猫砂怎么选？"), "豆豆", "咪咪"),
    (("我喜欢喝美式。", "我刚说错了，我喜欢喝拿铁，美式太苦了。推荐个咖啡豆？"), "拿铁", "美式"),
    (("我们项目用 yarn 管理依赖，口误，是 pnpm。monorepo 怎么配置？",), "pnpm", "yarn"),
    (("我生日是3月8号，不是3月8号，是3月18号。帮我想个派对主题？",), "3月18", "3月8号"),
    (("我们服务部署在阿里云。", "不对不对，是腾讯云，阿里云是测试环境。CLB 怎么配 HTTPS？"), "腾讯云", "阿里云"),
    (("我在深圳做产品经理。", "纠正一下，我是做运营的，不是产品经理。怎么写周报？"), "运营", "产品经理"),
    (("我喜欢喝燕麦奶。", "嗯…其实是杏仁奶，燕麦奶是我老婆喝的。推荐个牌子？"), "杏仁奶", "燕麦奶"),
]

# longer chat turns: the correction sits among other talk, sometimes turns after the value it corrects
CASES_LONG = [
    (("trying to figure out a stretching routine. i sit at a desk all day and i'm 42, no hold on, 43 since last week. "
      "what should i focus on?",), "43", "42"),
    (("Our API is written in Flask.", "Something else: what's a good logging format?",
      "Oh and I misspoke about the API earlier, it's FastAPI, Flask is the old admin tool. Does that change the middleware?"),
     "FastAPI", "Flask"),
    (("I've been running my homelab on Proxmox for a couple of years, honestly love it. Wait, that's not right, I switched "
      "to TrueNAS Scale in the spring. How do I set up a VM there?",), "TrueNAS", "Proxmox"),
    (("I'm vegan, so recipes without animal stuff please.",
      "Sorry, I'm not vegan anymore, I'm vegetarian now, I eat eggs and cheese again. Something with feta?"), "vegetarian", "vegan"),
    (("I bike to work, it's about 8 km each way. Hmm, closer to 12 km actually, I measured it. Is that a lot on a hybrid?",),
     "12 km", "8 km"),
    (("Quick context: our monorepo uses Lerna. Well, not anymore, we moved to Turborepo in January. How do I set up remote caching?",),
     "Turborepo", "Lerna"),
    (("I use Firefox as my main browser.", "Er, I gave you the wrong one, it's Brave. How do I sync bookmarks?"), "Brave", "Firefox"),
    (("The database is Postgres 14.", "Wrong version, sorry: Postgres 16. Can I use MERGE?"), "16", "14"),
    (("我们前端用的是 Webpack，打包太慢了，有什么优化思路？",
      "哦对了我记错了，我们去年就换成 Vite 了，Webpack 是老项目。那 Vite 打包慢一般是啥原因"), "Vite", "Webpack"),
    (("我今年28岁，想开始存养老钱，准确地说是29了，上个月刚过生日。定投什么比较稳？",), "29", "28"),
    (("我在广州天河上班。", "顺便问下，广州哪里好吃？", "对了我前面说错了，我是在番禺上班，天河是以前的公司。番禺附近有什么好吃的？"),
     "番禺", "天河"),
    (("我的显示器是27寸的，口误，32寸，帮我看看桌子要多深合适？",), "32寸", "27寸"),
    (("我们接口用 REST 风格。", "不好意思，我们现在用的是 GraphQL，REST 是老接口。分页怎么做？"), "GraphQL", "REST"),
    (("我的猫是英短，哦不，美短，帮我看看该喂多少猫粮？",), "美短", "英短"),
    (("我平时用 Chrome 浏览器。", "其实不是 Chrome，我用的是 Edge，Chrome 是公司电脑上的。Edge 怎么同步收藏夹？"), "Edge", "Chrome"),
    (("我住在成都高新区，准确地说是天府新区，离公司近。周末去哪儿玩？",), "天府新区", "高新区"),
    (("我们的 K8s 集群是 1.24 版本的。", "版本我说错了，是 1.27。那 PodSecurityPolicy 还能用吗？"), "1.27", "1.24"),
    (("我是做Java后端的。", "改一下，我现在主要写 Go 了，Java 很少写了。Go 有什么好的 ORM？"), "Go", "Java"),
    (("Our main DB is MySQL — well, actually, MariaDB, same thing to most people. How do I check the version?",), "MariaDB", "MySQL"),
    (("我女儿今年4岁，哦不对，5岁了。给她推荐几本绘本？",), "5岁", "4岁"),
    (("I'm a teacher.", "Let me be clearer: I'm a teaching assistant. Any tips for grading faster?"), "teaching assistant", "teacher"),
    (("We deploy to us-east-1.", "Small fix: it's eu-west-1, not us-east-1. Does latency change?"), "eu-west-1", "us-east-1"),
    (("Our linter is ESLint.", "Correcting myself: the linter is Biome now. How do I ignore a file?"), "Biome", "ESLint"),
    (("我是程序员。", "我得说清楚点，我是测试工程师，不写业务代码。有什么自动化测试的书推荐？"), "测试工程师", "程序员"),
]


@pytest.mark.parametrize("turns, new, old", CASES_EN + CASES_ZH + CASES_LONG, ids=[t[-1][:24] for t, *_ in CASES_EN + CASES_ZH + CASES_LONG])
def test_correction_lands(store, turns, new, old) -> None:
    active = _say(store, *turns)
    assert landed(active, new), _shown(active)
    assert not _silently_active(active, old), _shown(active)


@pytest.mark.parametrize("turns, old", [
    (("I use Arch Linux on my laptop.", "Wait, no, not Arch. Anyway, how do I set up a VPN?"), "Arch"),
    (("I work at Deloitte.", "Hmm, that's not quite right, long story. Can you help me write a cover letter?"), "Deloitte"),
    (("My dog is a husky.", "Ugh, I got the breed wrong earlier. Anyway, how often should I brush him?"), "husky"),
    (("我用 Windows 电脑。", "其实不是 Windows。算了，帮我推荐个笔记软件？"), "Windows"),
    (("我在美团上班。", "刚才说的不准确，回头再说。先帮我写个周报模板？"), "美团"),
    (("我们项目用 MySQL。", "我刚说错了，数据库不是 MySQL，具体是啥我得问问同事。先说说索引怎么优化？"), "MySQL"),
    (("I run 20 km a week.", "Thirty km, I mean, I added a long run. Is that too much?"), "20 km"),
])
def test_withdrawn_or_unparsed_flags_the_old(store, turns, old) -> None:
    active = _say(store, *turns)
    assert not _silently_active(active, old), _shown(active)


@pytest.mark.parametrize("turns, kept", [
    (("I live in Paris, well, actually, Lyon is nicer.",), "Paris"),  # a remark after "actually", no value said again
    (("I use Vim, or rather I try to, the keybindings are hard.",), "Vim"),
    (("我们用 Go 写服务，其实挺顺手的。",), "Go"),
])
def test_a_remark_after_a_soft_word_withdraws_nothing(store, turns, kept) -> None:
    active = _say(store, *turns)
    assert any(kept in r.object and not r.metadata.get("needs_confirmation") for r in active), _shown(active)
