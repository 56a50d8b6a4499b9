"""A LoCoMo-like set, generated: multi-session conversations (zh + en) with evidence turns months apart.

Made because this machine has no copy of LoCoMo. Two speakers talk over 10 sessions spread across about
a year; each session holds a few event turns (a speaker's own news: "I adopted a puppy named Max"),
replies that echo the topic, follow-ups in later sessions, and small talk. Questions come after the last
session, are worded differently from the turns (synonyms, another person's view) and name the speaker;
their evidence is the event turn (single-hop, temporal "when did …") or the event and its follow-up
(multi-hop). Output is LoCoMo's own JSON shape, so `evals.locomo.load_locomo` reads it, and `to_jsonl`
writes the files `python -m evals retrieval` reads (ids `conv-en-0/D3:4`, reported back as given).
Conversations alternate en / zh, so the loader's dev half (first) and test half (second) hold both.

Usage:
    python -m evals._locomo_like --out DIR [--conversations 8] [--seed 7]
"""

from __future__ import annotations

import argparse
import json
import random
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

# (statement, follow-up in a later session, single-hop question, temporal question, multi-hop question)
# {o}: the object picked for this event; questions use other words than the statement where they can.
EVENTS_EN: list[tuple[str, str, str, str, str]] = [
    ("I adopted a puppy last weekend, we named him {o}!", "{o} finally learned to sit on command, I'm so proud.",
     "What is the name of {s}'s dog?", "When did {s} get a new pet?", "What trick did {s}'s puppy learn?"),
    ("I signed up for a pottery class at the community center, my first piece was a {o}.",
     "My pottery teacher says my glazing has improved a lot since the first class.",
     "What did {s} make first in ceramics lessons?", "When did {s} start learning pottery?",
     "What has {s}'s ceramics teacher praised?"),
    ("We finally booked our vacation, we're flying to {o} in the spring.",
     "The trip was amazing, the food there was the best I've ever had.",
     "Where is {s} travelling for the holiday?", "When did {s} book a holiday?",
     "What did {s} enjoy most about the trip abroad?"),
    ("I started a new job as a {o} at a hospital downtown.", "Work at the hospital is intense but my team is really supportive.",
     "What is {s}'s new occupation?", "When did {s} change jobs?", "How does {s} describe colleagues at work?"),
    ("I ran my first {o} yesterday, my legs are still sore.", "I'm already training for the next race, six mornings a week.",
     "What running event did {s} complete?", "When did {s} finish a race?", "How often does {s} train now?"),
    ("My grandmother gave me her old {o}, I've been practicing every evening.",
     "I played a whole piece for my family at dinner, nobody laughed!",
     "Which instrument did {s} inherit?", "When did {s} receive an instrument from a relative?",
     "Who did {s} perform music for?"),
    ("I've been volunteering at the {o} on Saturdays.", "At the shelter we found homes for twelve animals this month.",
     "Where does {s} volunteer?", "When did {s} begin volunteering?", "How many animals were rehomed where {s} helps?"),
    ("I just finished reading {o}, it made me cry at the end.", "I lent that novel to my neighbour, she loved it too.",
     "What book did {s} recently finish?", "When did {s} finish the emotional novel?",
     "Who borrowed a novel from {s}?"),
    ("We moved into a new apartment in {o} last month.", "I painted the living room walls a soft green colour.",
     "Which neighbourhood did {s} move to?", "When did {s} relocate?", "What colour is {s}'s living room?"),
    ("I planted {o} in the backyard garden this week.", "The garden gave us so many vegetables we gave some away.",
     "What did {s} grow in the yard?", "When did {s} plant the garden?",
     "What did {s} do with the extra harvest?"),
    ("I bought a used {o} so I can commute without the bus.", "The car broke down on the highway, I had to call a tow truck.",
     "What vehicle did {s} purchase?", "When did {s} buy a car?", "What happened to {s}'s vehicle on the road?"),
    ("My sister had a baby girl, they named her {o}.", "I babysat my niece for the first time, she giggled all afternoon.",
     "What is the name of {s}'s niece?", "When was {s}'s niece born?", "How did babysitting go for {s}?"),
    ("I joined a {o} club that meets on Thursday nights.", "Our club won the regional tournament, I still can't believe it.",
     "Which club did {s} join?", "When did {s} join a club?", "What did {s}'s club win?"),
    ("I took a photography workshop and bought a {o} camera.", "One of my photos of the harbour got printed in the local paper.",
     "What kind of camera does {s} own?", "When did {s} attend a photography workshop?",
     "Where was {s}'s harbour photo published?"),
]
OBJECTS_EN = [["Max", "Biscuit", "Rocket", "Pepper"], ["mug", "vase", "bowl", "plate"],
              ["Portugal", "Japan", "Mexico", "Iceland"], ["nurse", "pharmacist", "radiologist", "paramedic"],
              ["half marathon", "10k", "trail race", "marathon"], ["violin", "piano", "cello", "flute"],
              ["animal shelter", "dog rescue", "cat sanctuary", "wildlife center"],
              ["The Kite Runner", "Little Women", "The Book Thief", "Beloved"],
              ["Greenwood", "Riverside", "Old Town", "Maple Heights"], ["tomatoes", "zucchini", "peppers", "beans"],
              ["Honda Civic", "Toyota Corolla", "Mazda 3", "Ford Focus"], ["Lily", "Emma", "Sofia", "Nora"],
              ["chess", "board game", "trivia", "bowling"], ["mirrorless", "film", "DSLR", "instant"]]
REPLIES_EN = ["Wow, that's wonderful news! Tell me more.", "That sounds like a lot of fun, I'm happy for you.",
              "No way! How did that come about?", "That's so exciting, you deserve it.",
              "I love hearing that. How are you feeling about it?", "Amazing, you always surprise me."]
SMALL_TALK_EN = ["Hey! How has your week been?", "Pretty busy, work has been hectic lately.",
                 "I've been sleeping badly, too much coffee probably.", "It rained all week here, so gloomy.",
                 "Did you watch the game on Sunday?", "I'm thinking about redecorating my room.",
                 "My phone battery keeps dying, I need a new one.", "We should catch up more often!",
                 "I made pancakes this morning, they turned out great.", "Honestly I just need a long nap.",
                 "Traffic was terrible today.", "I've been trying to drink more water.",
                 "Any plans for the weekend?", "Not really, maybe a movie night at home.",
                 "Talk to you soon, take care!", "Good to hear from you, bye for now!"]

EVENTS_ZH: list[tuple[str, str, str, str, str]] = [
    ("上周末我领养了一只小狗，给它取名叫{o}！", "{o}终于学会听口令坐下了，我太骄傲了。",
     "{s}的狗叫什么名字？", "{s}什么时候养了新宠物？", "{s}的小狗学会了什么本领？"),
    ("我在社区中心报了陶艺课，第一件作品是一个{o}。", "陶艺老师说我上釉的手艺比第一节课进步了很多。",
     "{s}在陶瓷课上第一次做了什么？", "{s}什么时候开始学做陶瓷的？", "{s}的陶瓷老师夸了什么？"),
    ("我们终于订好了假期行程，春天要飞去{o}。", "这次旅行太棒了，那边的美食是我吃过最好吃的。",
     "{s}假期去哪里旅游？", "{s}什么时候订的假期旅行？", "{s}出国旅行最喜欢什么？"),
    ("我在市中心一家医院找到了新工作，当{o}。", "医院的工作很辛苦，但团队特别支持我。",
     "{s}现在的职业是什么？", "{s}什么时候换的工作？", "{s}怎么评价工作中的同事？"),
    ("我昨天跑完了人生第一个{o}，腿现在还酸。", "我已经在为下一场比赛训练了，一周练六个早上。",
     "{s}完成了什么跑步比赛？", "{s}什么时候跑完比赛的？", "{s}现在多久训练一次？"),
    ("奶奶把她的旧{o}送给了我，我每天晚上都在练。", "我在家庭晚饭时给大家演奏了一整首曲子，没人笑我！",
     "{s}从亲人那里继承了什么乐器？", "{s}什么时候收到亲人送的乐器？", "{s}给谁演奏过音乐？"),
    ("我每周六去{o}做志愿者。", "这个月我们救助站给十二只动物找到了新家。",
     "{s}在哪里做义工？", "{s}什么时候开始做义工的？", "{s}帮忙的地方这个月有多少动物被领养？"),
    ("我刚读完《{o}》，结尾让我哭了。", "我把那本小说借给了邻居，她也很喜欢。",
     "{s}最近读完了哪本书？", "{s}什么时候读完那本感人的小说？", "谁向{s}借了小说？"),
    ("我们上个月搬进了{o}的新公寓。", "我把客厅的墙刷成了淡绿色。",
     "{s}搬到了哪个小区？", "{s}什么时候搬家的？", "{s}家客厅是什么颜色？"),
    ("我这周在后院种了{o}。", "菜园收成太多了，我们送了一些给邻居。",
     "{s}在院子里种了什么？", "{s}什么时候种的菜？", "{s}怎么处理多出来的收成？"),
    ("我买了一辆二手{o}，以后上班不用挤公交了。", "车在高速上抛锚了，我只好叫了拖车。",
     "{s}买了什么车？", "{s}什么时候买的车？", "{s}的车在路上出了什么事？"),
    ("我姐姐生了个女儿，取名叫{o}。", "我第一次帮忙带外甥女，她笑了一下午。",
     "{s}的外甥女叫什么名字？", "{s}的外甥女什么时候出生的？", "{s}带孩子的经历怎么样？"),
    ("我加入了一个{o}俱乐部，每周四晚上活动。", "我们俱乐部拿了地区比赛冠军，我到现在还不敢相信。",
     "{s}加入了什么俱乐部？", "{s}什么时候加入俱乐部的？", "{s}的俱乐部赢了什么？"),
    ("我参加了一个摄影工作坊，还买了一台{o}相机。", "我拍的一张港口照片登上了本地报纸。",
     "{s}用的是什么相机？", "{s}什么时候参加的摄影工作坊？", "{s}拍的港口照片登在了哪里？"),
]
OBJECTS_ZH = [["豆豆", "旺财", "可乐", "布丁"], ["杯子", "花瓶", "碗", "盘子"], ["葡萄牙", "日本", "墨西哥", "冰岛"],
              ["护士", "药剂师", "放射科医生", "急救员"], ["半程马拉松", "十公里赛", "越野跑", "全程马拉松"],
              ["小提琴", "钢琴", "大提琴", "长笛"], ["流浪动物救助站", "狗狗救助中心", "猫咪庇护所", "野生动物中心"],
              ["追风筝的人", "小妇人", "偷书贼", "活着"], ["绿城", "滨江花园", "老城区", "枫林苑"],
              ["番茄", "西葫芦", "辣椒", "豆角"], ["本田思域", "丰田卡罗拉", "马自达3", "福特福克斯"],
              ["乐乐", "朵朵", "悠悠", "甜甜"], ["国际象棋", "桌游", "知识竞赛", "保龄球"], ["微单", "胶片", "单反", "拍立得"]]
REPLIES_ZH = ["哇，太好了！多跟我说说。", "听起来很有意思，真为你高兴。", "真的假的！怎么会这样？",
              "太让人激动了，你值得。", "听你这么说我很开心，你现在感觉怎么样？", "厉害，你总是给我惊喜。"]
SMALL_TALK_ZH = ["嘿！这周过得怎么样？", "挺忙的，最近工作特别多。", "我最近睡不好，可能咖啡喝多了。",
                 "这边下了一整周的雨，好压抑。", "周日的比赛你看了吗？", "我在考虑重新布置一下房间。",
                 "手机电池老是没电，得换个新的了。", "我们应该多聊聊！", "今天早上做了煎饼，味道不错。",
                 "说实话我只想好好睡一觉。", "今天路上堵死了。", "我最近在努力多喝水。",
                 "周末有什么安排？", "没什么，可能在家看个电影。", "回头再聊，保重！", "很高兴收到你的消息，先拜拜！"]

SPEAKERS = {"en": [("Caroline", "Melanie"), ("James", "Priya"), ("Tom", "Aiko"), ("Sara", "Diego"),
                   ("Nina", "Omar"), ("Leo", "Grace")],
            "zh": [("小雨", "阿杰"), ("王芳", "李强"), ("陈静", "刘洋"), ("赵敏", "周鹏"), ("林晓", "孙浩"), ("吴婷", "郑凯")]}


def _date(d: datetime) -> str:
    return d.strftime("%I:%M %p on %d %B, %Y").lstrip("0")


def conversation(lang: str, index: int, rng: random.Random, sessions: int = 10) -> dict[str, Any]:
    events, objects = (EVENTS_EN, OBJECTS_EN) if lang == "en" else (EVENTS_ZH, OBJECTS_ZH)
    replies, small = (REPLIES_EN, SMALL_TALK_EN) if lang == "en" else (REPLIES_ZH, SMALL_TALK_ZH)
    a, b = SPEAKERS[lang][index % len(SPEAKERS[lang])]
    plan = rng.sample(range(len(events)), len(events))  # each event once, assigned to a speaker and session
    when = datetime(2023, 1, 9, 13, 0) + timedelta(days=rng.randint(0, 60))
    conv: dict[str, Any] = {"speaker_a": a, "speaker_b": b}
    pending: list[tuple[int, str, str, str]] = []  # follow-ups due later: (session, speaker, text, event key)
    evidence: dict[str, dict[str, str]] = {}
    qa: list[dict[str, Any]] = []
    per_session = max(1, len(plan) // (sessions - 2))
    for s in range(1, sessions + 1):
        turns: list[dict[str, str]] = []

        def say(speaker: str, text: str, turns: list[dict[str, str]] = turns, s: int = s) -> str:
            dia = f"D{s}:{len(turns) + 1}"
            turns.append({"speaker": speaker, "dia_id": dia, "text": text})
            return dia

        say(a, rng.choice(small[:2]))
        say(b, rng.choice(small[1:4]))
        todays = plan[(s - 1) * per_session : s * per_session] if s <= sessions - 2 else []
        for ev in todays:
            speaker, other = (a, b) if rng.random() < 0.5 else (b, a)
            obj = rng.choice(objects[ev])
            stmt, follow, q1, q2, q3 = events[ev]
            key = f"{ev}"
            evidence[key] = {"event": say(speaker, stmt.format(o=obj)), "speaker": speaker, "obj": obj,
                             "date": _date(when), "q1": q1, "q2": q2, "q3": q3}
            say(other, rng.choice(replies))
            for _ in range(rng.randint(2, 4)):
                say(rng.choice((a, b)), rng.choice(small))
            pending.append((min(sessions, s + rng.randint(2, 5)), speaker, follow.format(o=obj), key))
        for _due, speaker, text, key in [p for p in pending if p[0] == s]:
            evidence[key]["follow"] = say(speaker, text)
            say(a if speaker == b else b, rng.choice(replies))
        pending = [p for p in pending if p[0] != s]
        for _ in range(rng.randint(8, 14)):
            say(rng.choice((a, b)), rng.choice(small))
        conv[f"session_{s}_date_time"] = _date(when)
        conv[f"session_{s}"] = turns
        when += timedelta(days=rng.randint(20, 50), minutes=rng.randint(0, 300))
    for ev in evidence.values():
        name = ev["speaker"]
        qa.append({"question": ev["q1"].format(s=name), "answer": ev["obj"], "evidence": [ev["event"]], "category": 4})
        qa.append({"question": ev["q2"].format(s=name), "answer": ev["date"], "evidence": [ev["event"]], "category": 2})
        if "follow" in ev:
            qa.append({"question": ev["q3"].format(s=name), "answer": "", "evidence": [ev["event"], ev["follow"]],
                       "category": 1})
    return {"sample_id": f"conv-{lang}-{index}", "conversation": conv, "qa": qa}


def generate(n: int = 8, seed: int = 7) -> list[dict[str, Any]]:
    """`n` conversations alternating en / zh (deterministic for a seed)."""
    rng = random.Random(seed)
    return [conversation("en" if i % 2 == 0 else "zh", i // 2, rng) for i in range(n)]


def to_jsonl(data: list[dict[str, Any]], out: Path, *, categories: tuple[int, ...] = (1, 2, 3, 4)) -> tuple[Path, Path]:
    """memories.jsonl (one turn per memory, dated by its session) and queries.jsonl (asked a day after the
    last session, gold = evidence ids) for `python -m evals retrieval`."""
    from evals.locomo import evidence_ids, parse_session_date

    mems, queries = [], []
    for conv in data:
        sid, c = conv["sample_id"], conv["conversation"]
        last = None
        for key in sorted((k for k in c if k.startswith("session_") and not k.endswith("date_time")),
                          key=lambda k: int(k.split("_")[1])):
            when = parse_session_date(c[f"{key}_date_time"])
            last = when
            for i, t in enumerate(c[key]):
                mems.append({"id": f"{sid}/{t['dia_id']}", "text": f"{t['speaker']}: {t['text']}",
                             "scope": {"user_id": sid}, "created_at": (when + timedelta(seconds=i)).isoformat()})
        assert last is not None
        known = {m["id"] for m in mems}
        for n, q in enumerate(conv["qa"]):
            # the public file's evidence holds ids like "D8:6; D9:17" and a few that name no turn: split, then drop
            gold = [g for e in evidence_ids(q.get("evidence", [])) if (g := f"{sid}/{e}") in known]
            if q["category"] in categories and gold:
                queries.append({"id": f"{sid}/q{n}", "text": q["question"], "scope": {"user_id": sid},
                                "now": (last + timedelta(days=1)).isoformat(), "gold": gold})
    out.mkdir(parents=True, exist_ok=True)
    paths = out / "memories.jsonl", out / "queries.jsonl"
    for path, rows in zip(paths, (mems, queries), strict=True):
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return paths


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals._locomo_like", description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, help="directory: locomo_like.json + memories.jsonl + queries.jsonl")
    ap.add_argument("--conversations", type=int, default=8)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--from-locomo", metavar="FILE", help="convert your copy of the public locomo10.json instead of "
                    "generating: OUT/all, OUT/dev (conversations 0-4) and OUT/test (5-9) for `python -m evals retrieval`")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.from_locomo:
        public = json.loads(Path(args.from_locomo).read_text(encoding="utf-8"))
        for name, convs in (("all", public), ("dev", public[:5]), ("test", public[5:])):
            to_jsonl(convs, out / name)
        print(f"{len(public)} conversations → {out}/all, dev, test")
        return 0
    data = generate(args.conversations, args.seed)
    (out / "locomo_like.json").write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    for half, convs in (("dev", data[: len(data) // 2]), ("test", data[len(data) // 2 :])):
        to_jsonl(convs, out / half)
    print(f"{len(data)} conversations, {sum(len(s) for c in data for k, s in c['conversation'].items() if k.startswith('session_') and isinstance(s, list))} turns, "
          f"{sum(len(c['qa']) for c in data)} questions → {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
