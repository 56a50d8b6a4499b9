"""Deterministic benchmark data: short zh/en memories spread over users, and labelled recall queries.

Memory `i` depends only on `(i, seed)`, so the corpus of size 10k is the first 10k memories of the 100k
corpus and every system sees exactly the same rows. Every memory is an *anchor* fact (topic, value) for its
user; a labelled query paraphrases one anchor without copying it ("what coffee does the user drink?" for
"I drink flat white every morning"), so recall needs more than string equality.

Example:
    >>> rows = make_corpus(20, n_users=5)
    >>> rows[0].user_id, rows[0].lang in ("en", "zh"), len({r.user_id for r in rows})
    ('u0000', True, 5)
    >>> make_corpus(20, n_users=5) == rows
    True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

# topic: (English statements, English question, Chinese statements, Chinese question, values en, values zh)
_TOPICS: dict[str, tuple[list[str], str, list[str], str, list[str], list[str]]] = {
    "coffee": (["I drink a {v} every morning", "My usual coffee order is a {v}"],
               "what coffee does the user usually order?",
               ["我每天早上喝一杯{v}", "我平时点的咖啡是{v}"], "用户平时喝什么咖啡？",
               ["flat white", "double espresso", "oat latte", "cold brew", "cappuccino", "americano"],
               ["拿铁", "美式咖啡", "卡布奇诺", "燕麦拿铁", "冷萃咖啡", "澳白"]),
    "editor": (["I write code in {v}", "My editor of choice is {v}"],
               "which code editor does the user prefer?",
               ["我用{v}写代码", "我最常用的编辑器是{v}"], "用户喜欢用哪个代码编辑器？",
               ["Neovim", "VS Code", "Emacs", "IntelliJ IDEA", "Sublime Text", "Helix"],
               ["Neovim", "VS Code", "Emacs", "IntelliJ IDEA", "Sublime Text", "Helix"]),
    "city": (["I live in {v}", "I moved to {v} last year"],
             "where is the user based?",
             ["我住在{v}", "我去年搬到了{v}"], "用户现在住在哪个城市？",
             ["Berlin", "Lisbon", "Toronto", "Osaka", "Nairobi", "Melbourne"],
             ["上海", "深圳", "杭州", "成都", "北京", "南京"]),
    "pet": (["I have a {v} at home", "My pet is a {v} named Momo"],
            "does the user have an animal at home?",
            ["我家里养了一只{v}", "我的宠物是一只叫毛毛的{v}"], "用户家里养了什么宠物？",
            ["golden retriever", "tabby cat", "parrot", "rabbit", "corgi", "hamster"],
            ["金毛", "橘猫", "鹦鹉", "兔子", "柯基", "仓鼠"]),
    "deploy": (["We deploy with {v}", "Our release pipeline runs on {v}"],
               "how does the team ship releases to production?",
               ["我们用{v}部署", "我们的发布流水线跑在{v}上"], "团队用什么工具发布上线？",
               ["GitHub Actions", "ArgoCD", "Jenkins", "GitLab CI", "Buildkite", "Spinnaker"],
               ["GitHub Actions", "ArgoCD", "Jenkins", "GitLab CI", "Buildkite", "Spinnaker"]),
    "diet": (["I am {v}, please keep that in mind for restaurants", "I eat {v} food only"],
             "what dietary restrictions should restaurant suggestions respect?",
             ["我吃{v}，推荐餐厅时请注意", "我只吃{v}的食物"], "推荐餐厅时要注意用户的什么饮食习惯？",
             ["vegetarian", "vegan", "gluten-free", "pescatarian", "halal", "lactose-free"],
             ["素食", "纯素", "无麸质", "清真", "低糖", "无乳糖"]),
    "language": (["I am learning {v} in my spare time", "I practise {v} every evening"],
                 "which foreign language is the user studying?",
                 ["我业余时间在学{v}", "我每天晚上练习{v}"], "用户在学哪门外语？",
                 ["Japanese", "Spanish", "German", "Korean", "French", "Portuguese"],
                 ["日语", "西班牙语", "德语", "韩语", "法语", "葡萄牙语"]),
    "sport": (["I play {v} on weekends", "My favourite sport is {v}"],
              "what does the user do for exercise?",
              ["我周末去打{v}", "我最喜欢的运动是{v}"], "用户平时做什么运动？",
              ["badminton", "tennis", "basketball", "football", "table tennis", "volleyball"],
              ["羽毛球", "网球", "篮球", "足球", "乒乓球", "排球"]),
    "test": (["Run the tests with {v} before every commit", "Our test runner is {v}"],
             "which command runs the project's test suite?",
             ["每次提交前用{v}跑测试", "我们的测试工具是{v}"], "项目用什么命令跑测试？",
             ["pytest -x", "make test", "npm test", "cargo test", "go test ./...", "tox -e py311"],
             ["pytest -x", "make test", "npm test", "cargo test", "go test ./...", "tox -e py311"]),
    "meeting": (["I prefer meetings after {v}", "Do not book calls before {v}"],
                "when is the user available for calls?",
                ["我希望会议安排在{v}之后", "{v}之前不要约我开会"], "什么时间适合约用户开会？",
                ["10am", "11am", "2pm", "3pm", "9:30am", "1pm"],
                ["上午十点", "上午十一点", "下午两点", "下午三点", "九点半", "下午一点"]),
}
TOPICS = sorted(_TOPICS)
_FILLERS_EN = ["", " at work", " these days", " since 2021", " most of the time", " when travelling"]
_FILLERS_ZH = ["", "，工作日也一样", "，最近一直这样", "，从2021年开始", "，大部分时候", "，出差时也是"]


@dataclass(frozen=True)
class BenchMemory:
    idx: int
    user_id: str
    lang: str
    topic: str
    text: str


@dataclass(frozen=True)
class BenchQuery:
    user_id: str
    lang: str
    text: str
    gold_idx: int  # index of the memory that answers it


def user_of(i: int, n_users: int) -> str:
    return f"u{i % n_users:04d}"


def memory_at(i: int, *, n_users: int = 1000, seed: int = 0) -> BenchMemory:
    """Memory number `i`: user `i % n_users`, topic, language and wording drawn from `(seed, i)`."""
    rng = random.Random(seed * 1_000_003 + i)
    topic = TOPICS[(i // n_users) % len(TOPICS)]  # a user's first 10 memories cover 10 distinct topics
    en_tpl, _, zh_tpl, _, en_vals, zh_vals = _TOPICS[topic]
    lang = "zh" if rng.random() < 0.4 else "en"
    if lang == "en":
        text = rng.choice(en_tpl).format(v=rng.choice(en_vals)) + rng.choice(_FILLERS_EN)
    else:
        text = rng.choice(zh_tpl).format(v=rng.choice(zh_vals)) + rng.choice(_FILLERS_ZH)
    # rounds beyond the first ten repeat topics: tag them so texts stay distinct and realistic
    round_ = i // (n_users * len(TOPICS))
    if round_:
        text += f" (note {round_})" if lang == "en" else f"（备注{round_}）"
    return BenchMemory(i, user_of(i, n_users), lang, topic, text)


def make_corpus(n: int, *, n_users: int = 1000, seed: int = 0) -> list[BenchMemory]:
    if n <= 0:
        raise ValueError(f"corpus size must be positive, got {n}")
    if n_users <= 0:
        raise ValueError(f"n_users must be positive, got {n_users}")
    return [memory_at(i, n_users=n_users, seed=seed) for i in range(n)]


def make_queries(corpus: list[BenchMemory], n: int, *, seed: int = 1) -> list[BenchQuery]:
    """`n` labelled queries, each asking about one memory of the first round (one per user and topic).

    The gold memory is the user's only memory on that topic in round 0; later rounds add same-topic notes,
    which are also correct answers (`gold_topic_ids` in the harness counts any same-user same-topic hit).
    """
    first_round = [m for m in corpus if "(note" not in m.text and "（备注" not in m.text]
    if not first_round:
        raise ValueError("corpus has no first-round memories to ask about")
    rng = random.Random(seed)
    picks = rng.sample(first_round, min(n, len(first_round)))
    out = []
    for m in picks:
        _, q_en, _, q_zh, _, _ = _TOPICS[m.topic]
        out.append(BenchQuery(m.user_id, m.lang, q_zh if m.lang == "zh" else q_en, m.idx))
    return out


def timing_queries(n_users: int, n: int, *, seed: int = 2) -> list[tuple[str, str]]:
    """(user_id, query) pairs for latency runs: every one distinct, so no embedding cache can answer it."""
    rng = random.Random(seed)
    out = []
    for j in range(n):
        topic = rng.choice(TOPICS)
        _, q_en, _, q_zh, _, _ = _TOPICS[topic]
        q = q_zh if rng.random() < 0.4 else q_en
        out.append((f"u{rng.randrange(n_users):04d}", f"{q} #{j}" if j else q))
    return out
