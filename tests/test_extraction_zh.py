"""The Chinese side of the compositional extractor (issue 16): one group per failure kind, phrasings written for
these tests (not taken from the labelled sets). Fast: the extractor and the gate only, except the cross-turn
corrections, which run the real write graph."""

from __future__ import annotations

import pytest

from tests.test_extraction_compositional import CTX, _accepted, _check, _converse

P, N = "positive", "negative"
CASES = {
    # the verb class gives the polarity, whatever sits between the holder and the verb
    "attitude verb classes": [
        ("我不太爱喝奶茶。", [("user", "奶茶", N)]),
        ("我周末喜欢去钓鱼。", [("user", "钓鱼", P)]),
        ("我写后端早就不碰 PHP 了", [("user", "PHP", N)]),
        ("我喝茶只喝乌龙", [("user", "乌龙", P)]),
        ("Tailwind 我真的用不惯", [("user", "Tailwind", N)]),
        ("我写脚本一直用 Lua", [("user", "Lua", P)]),
    ],
    # a topic first, no holder: still the project's stack
    "project facts": [
        ("网关层用的是 Envoy。", [("project", "Envoy", P)]),
        ("单测框架我们统一用 vitest", [("project", "vitest", P)]),
        ("我们组上个月全面转 Kotlin 了", [("project", "Kotlin", P)]),
        ("我们团队把监控从 Zabbix 迁到了 Prometheus", [("project", "Prometheus", P)]),
        ("我们项目前后端分离的，前端 Svelte，后端 Django", [("project", "Svelte", P), ("project", "Django", P)]),
        ("这个 repo 里禁止提交 .env 文件", [("project", ".env", N)]),
        ("服务里没有用 Redis 哈", [("project", "Redis", N)]),
        ("我们这边用企业微信，不用 Slack", [("project", "企业微信", P), ("project", "Slack", N)]),
    ],
    "plain personal facts": [
        ("我在一家券商做量化", [("user", "量化", P)]),
        ("我去年从武汉搬到了长沙", [("user", "长沙", P)]),
        ("我开的是一辆 Golf", [("user", "Golf", P)]),
        ("我有哮喘", [("user", "哮喘", P)]),
        ("家里有台 PS5，想找个双人游戏", [("user", "PS5", P)]),
        ("最近在啃 Rust 的那本书", [("user", "Rust", P)]),
        ("我刚开始学尤克里里", [("user", "尤克里里", P)]),
        ("本人乳糖不耐受", [("user", "乳糖不耐", P)]),
        ("话说我现在住厦门", [("user", "厦门", P)]),
        ("我现在用的终端是 Kitty", [("user", "Kitty", P)]),
        ("家里养了只柴犬，叫旺财", [("user", "旺财", P)]),  # one record "旺财（柴犬）" (pet_named)
        ("我对芒果过敏", [("user", "芒果", P)]),  # an allergy is a positive fact (the spec's dev set)
        ("我笔记本是 Framework 13", [("user", "Framework 13", P)]),
        ("对了我已经戒酒半年了", [("user", "酒", N)]),
        ("我养了三只鸡，一只叫小黑一只叫小白", [("user", "鸡", P), ("user", "小黑", P), ("user", "小白", P)]),
        ("我最近在备考教资", [("user", "教资", P)]),
    ],
    "compound sentences": [
        ("我们用的是 Vite 配 Vitest，本地跑得挺快", [("project", "Vite", P), ("project", "Vitest", P)]),
        ("我不用 Windows 了，全换成 Linux", [("user", "Windows", N), ("user", "Linux", P)]),
        ("以前我用 Sublime，现在用 Zed 了", [("user", "Zed", P)]),
        ("唉 最近加班好多 我们后端全是 Elixir 写的", [("project", "Elixir", P)]),
        ("他们组都用 Windows，我是 Mac 党", [("user", "Mac", P)]),
    ],
    # an in-turn retraction keeps only the value said last
    "in-turn corrections": [
        ("我不吃香菇…啊不是，我是不吃木耳", [("user", "木耳", N)]),
        ("我每天喝可乐，哦不对，是喝雪碧", [("user", "雪碧", P)]),
        ("我们用 MySQL…哦不对不对，这个服务是 SQLite", [("project", "SQLite", P)]),
    ],
    # negation scope: a degree word inside the negation, the object before the holder, 没 + a question word
    "negation scope": [
        ("我不是特别喜欢吃香菜", [("user", "香菜", N)]),
        ("我一点也不喜欢用 Eclipse", [("user", "Eclipse", N)]),
        ("我对 PHP 没啥兴趣", [("user", "PHP", N)]),
        ("我对围棋挺感兴趣的", [("user", "围棋", P)]),
        ("韭菜我是真的吃不惯", [("user", "韭菜", N)]),
        ("冰的我不太能喝", [("user", "冰", N)]),
        ("我什么都吃", []),  # 什么都 is not a question, and not a value either
    ],
    "traits and possessions": [
        ("我有点恐高", [("user", "恐高", P)]),
        ("我是一个挺内向的人", [("user", "内向", P)]),
        ("我散光两百度", [("user", "散光", P)]),
        ("我刚入手了一台 Steam Deck", [("user", "Steam Deck", P)]),
    ],
    "places and duty": [
        ("前年刚搬来青岛", [("user", "青岛", P)]),
        ("昆山是我上班的地方", [("user", "昆山", P)]),
        ("这周的 on call 是我", [("user", "on call", P)]),
    ],
    "chat turns": [
        ("我喝茶只喝绿茶，奶茶那种甜的实在喝不下去", [("user", "绿茶", P), ("user", "甜", N)]),
        ("我终端用的 iTerm2，字体管理用 Nerd Fonts，帮我配下主题", [("user", "iTerm2", P), ("user", "Nerd Fonts", P)]),
        ("奶茶我早就戒了", [("user", "奶茶", N)]),
        ("我以前用过好几年 Eclipse", [("user", "Eclipse", N)]),
        ("我不想用 Java", [("user", "Java", N)]),  # a negated wish is never read as the topic-role rule's positive
        ("公司的笔记本是 ThinkPad", [("user", "ThinkPad", P)]),  # the work laptop is the user's, not a project tool
        ("我们项目是 Angular 15 的", [("project", "Angular 15", P)]),
    ],
    "facts inside requests": [
        ("帮我做个三天的旅行计划，我们住在厦门思明区", [("user", "厦门", P)]),  # 计划 as a noun is not a plan
        ("经理让我做个报表，我们组 BI 用的是 Superset，数据在 ClickHouse 里，怎么开始", [("project", "Superset", P), ("project", "ClickHouse", P)]),
        ("帮我润色下简历，我是做游戏策划的，客户大多是海外的", [("user", "游戏策划", P)]),
        ("我在写开题报告，参考文献格式老是对不齐", [("user", "开题报告", P)]),  # "老是" is not "是"
        ("这个仓库的 Java 版本是 17", [("project", "Java 17", P)]),
        ("我一直喝乌龙茶", [("user", "乌龙茶", P)]),
    ],
    "personal beside project": [
        ("我自己用 Emacs，但我们组统一用 IntelliJ", [("user", "Emacs", P), ("project", "IntelliJ", P)]),
        ("监控早就迁到 Datadog 了", [("project", "Datadog", P)]),
    ],
    # requests, complaints and third parties store nothing
    "junk and third parties": [
        ("你帮我记一下，注意一下哈", []),
        ("回答的时候听着亲切点", []),
        ("你给的 Go 代码都是 tab 缩进", []),
        ("我同事一直用 Emacs，他说很好用", []),
        ("别给我推那些", []),
        ("我们公司是做在线教育的", []),  # what the company does is not a tool it uses
    ],
}


@pytest.mark.parametrize(("text", "expected"), [c for cs in CASES.values() for c in cs],
                         ids=[f"{k}: {c[0][:24]}" for k, cs in CASES.items() for c in cs])
def test_zh_failure_kinds(text: str, expected: list[tuple[str, str, str]]) -> None:
    _check(_accepted(text), expected)


@pytest.mark.parametrize("text", ["这个 repo 里禁止提交 .env 文件", "我写后端早就不碰 PHP 了"])
def test_a_negated_verb_is_never_read_as_a_positive_fact(text: str) -> None:
    assert all(r.polarity.value == "negative" for r in _accepted(text))


CROSS_TURN = [
    (["我们的监控用的是 Zabbix。", "更正一下，上个月已经整体换成 Prometheus 了。"], [("project", "Prometheus", P)]),
    (["我儿子叫小虎。", "哎呀打错字了，是小武"], [("user", "小武", P)]),
    (["我的包管理用的是 yarn", "不是 yarn，是 bun"], [("user", "bun", P)]),
    (["我们用 Postgres", "其实不是 Postgres 是 CockroachDB"], [("project", "CockroachDB", P)]),
    (["我们的 ORM 用的是 SQLAlchemy", "哦不，是 Tortoise"], [("project", "Tortoise", P)]),
    (["我们数据库用的 Oracle", "我记错了，是 DB2，Oracle 是上个项目的"], [("project", "DB2", P)]),
    (["我们项目是 Spring Boot 2 的，帮我看个报错", "我刚看了下 pom，其实是 Spring Boot 3，不是 2"], [("project", "Spring Boot 3", P)]),
    (["我在家用 Linux 写代码", "哦不对我说反了，家里是 Linux，公司电脑是 Windows，我平时在公司写，用的是 Windows"],
     [("user", "Windows", P)]),
    (["我喜欢喝冰美式", "说反了，我不喜欢冰美式，喜欢热拿铁"], [("user", "热拿铁", P)]),
    (["我在腾讯上班", "更正：我已经跳槽了，现在在京东"], [("user", "京东", P)]),
    (["帮我写个脚本，我用 PowerShell", "哦我忘了，我的终端早就换成 nushell 了，按它写"], [("user", "nushell", P)]),
    (["我们的 Go 版本是 1.19", "刚确认了下，其实是 Go 1.22"], [("project", "Go 1.22", P)]),
    (["帮我找找周末去哪，我住在无锡", "啊等下 我刚说错了 我早就不在无锡了，去年就搬去常州了哈哈"], [("user", "常州", P)]),
]


@pytest.mark.parametrize(("turns", "expected"), CROSS_TURN, ids=[" / ".join(c[0])[:40] for c in CROSS_TURN])
def test_zh_corrections_land_and_replace_the_old_value(store, turns, expected) -> None:
    active = _converse(store, turns)
    _check(active, expected)
    assert all(r.source.value == "explicit_correction" for r in active)


SECRETS = [  # (turn, the secret's bytes that must never reach the memory home)
    ("我的密码，是 Qw3rtyZ!2024", "Qw3rtyZ!2024"), ("记住我的验证码是 839201", "839201"),
    ("公司 wifi 的密码是 hunter2hunter", "hunter2hunter"), ("口令：Tiger#Lily77", "Tiger#Lily77"),
    ("我们服务的密钥是 sk-live-9f8e7d6c5b4a39281706", "sk-live-9f8e7d6c5b4a39281706"),
    ("这个是 token ghp_abcdefghijklmnopqrstuvwxyz0123", "ghp_abcdefghijklmnopqrstuvwxyz0123"),
    ("以后登录都用这个密码 Passw0rd!xyz", "Passw0rd!xyz"), ("我银行卡密码是 667788", "667788"),
    ("家里路由器密码 zxcv1234qwer", "zxcv1234qwer"), ("堡垒机的口令改成了 Abc@12345678 了", "Abc@12345678"),
    ("密码是 p4ss-word-77，帮我记一下", "p4ss-word-77"), ("我的 API key：AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"),
    ("支付宝支付密码我设的是 135790", "135790"), ("记住 数据库 root 密码 R00t_pw_2025", "R00t_pw_2025"),
    ("我的 PIN 码是 4321", "4321"), ("wifi 叫 MyHome，密码是 88888888", "88888888"),
    ("我们测试环境的账号 admin 密码 admin123456", "admin123456"),
    ("npm token 是 npm_abcdefghijklmnopqrstuvwxyz1234", "npm_abcdefghijklmnopqrstuvwxyz1234"),
    ("我住在杭州，顺便说下我邮箱密码是 Mail#Pass2026", "Mail#Pass2026"),
    ("我用 Vim，token：xoxb-1234567890-abcdefghij", "xoxb-1234567890-abcdefghij"),
]


def test_no_zh_secret_phrasing_reaches_the_memory_home(store, tmp_path) -> None:
    from langmem_nodes.write import create_write_graph
    from tests._said import holds

    g = create_write_graph(store).compile()
    for turn, _ in SECRETS:
        g.invoke({"messages": [("user", turn)]}, context=CTX)
    store.close()
    blob = b"".join(p.read_bytes() for p in (tmp_path / "home").rglob("*") if p.is_file())
    assert blob, "the memory home is empty: the byte search would prove nothing"
    assert [s for _, s in SECRETS if holds(blob, s)] == []  # a PIN inside a hex id is chance, not a trace
