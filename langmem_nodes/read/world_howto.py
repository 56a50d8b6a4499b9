"""Is a how-to of the user's own about the world, or about the user's life and stack? By meaning, zh + en.

"How do I fix a squeaky door hinge?", "how do I get a stain out of my jumper?", "我怎么才能把字写得好看？": the user asks
how to do a thing, so `query_need` calls it personal, and the low personal floor lets in whichever memory the embedder
puts nearest («User has a cocker spaniel» for the hinge). The steps are the same whoever asks. "How do I deploy our
app to staging?", "how can I sleep better around my night shifts?" are the user's own: the answer depends on their
stack or their life, and a memory about it helps even when it shares no word with the request.

The query is compared, with the vector the recall already has, to example how-tos about the world and to example
how-tos about a user's own setup, work, people and routine (zh + en, below, none taken from an eval set); it is about
the world when its nearest world examples are closer by a margin (`knowledge.example_margin`, mean cosine of the 3
nearest), calibrated per embedder and query language (`WORLD_MARGINS`). Such a how-to is read as a self-contained
task (`generic_task.py`): only a memory about its topic helps, a standing condition and a shared word still count. An
embedder without a margin (one not calibrated, the test-only HashingEmbedder) never decides it.
"""

from __future__ import annotations

import numpy as np

from ..embeddings import Embedder
from .knowledge import example_margin
from .topic_request import topic_form

WORLD_HOWTOS = (
    "How do I patch a small hole in drywall?", "How do I get grass stains out of jeans?",
    "How do I iron a shirt without leaving creases?", "How do I bleed a radiator?", "How do I fold a fitted sheet?",
    "How do I polish leather shoes?", "How do I change a flat tyre?", "How do I whistle with my fingers?",
    "How do I get rid of fruit flies?", "How do I keep cut flowers fresh for longer?", "How do I defrost a freezer?",
    "How do I replace a bike inner tube?", "How do I clean a cast iron pan?", "How do I braid my own hair?",
    "How can I get better at drawing faces?", "How do I take a screenshot on a Mac?",
    "How do I cancel a subscription on my phone?", "How do I get a splinter out?", "How do I unshrink a wool jumper?",
    "How do I make my houseplants grow bushier?", "How can I memorise a speech quickly?",
    "How do I fix a wobbly table leg?", "How do I get stickers off glass?", "How do I hard boil an egg so it peels easily?",
    "How can I stop my shoes from smelling?", "How do I write a good cover letter?",
    "墙上的小洞怎么补？", "牛仔裤上的草渍怎么洗掉？", "衬衫怎么熨才不起褶？", "暖气片怎么放气？", "床笠怎么叠？", "皮鞋怎么擦才亮？",
    "车胎扎了怎么换备胎？", "我怎么才能学会吹口哨？", "家里的果蝇怎么除掉？", "鲜花怎么养才能开得久？", "冰箱结冰了怎么除霜？",
    "自行车内胎怎么换？", "铸铁锅怎么保养？", "我怎么给自己编辫子？", "我该怎么练才能画好人脸？", "苹果电脑怎么截图？",
    "手机上的自动续费怎么取消？", "手上扎了刺怎么弄出来？", "毛衣缩水了怎么恢复？", "我怎么才能快点背下一篇演讲稿？",
    "桌子腿晃怎么修？", "玻璃上的贴纸怎么撕干净？", "鞋子有味道怎么办？", "我怎么才能学会游泳换气？",
    "How do I politely turn down a wedding invitation?", "How do I start a conversation with a stranger at a party?",
    "怎么礼貌地拒绝别人的婚礼邀请？", "聚会上怎么跟陌生人搭话？",
)
OWN_HOWTOS = (
    "How do I deploy our app to staging?", "How do I add a column to our users table?",
    "How do I run the project's test suite locally?", "How do I add a new endpoint to our API?",
    "How do I set up my editor for the language I use?", "How do I add a dependency to our repo?",
    "How should I structure my training this week?", "How can I sleep better around my shifts?",
    "How do I keep my dog busy while I'm at work?", "How can I help my son with his homework?",
    "How do I fit studying around my job?", "How do I cook meals that suit my diet?",
    "How do I make our pipeline cache its build?", "How should I prepare for my exam next month?",
    "How can I plan my week around the kids' school runs?", "How do I budget for our renovation?",
    "怎么把我们的服务部署到测试环境？", "我们的用户表怎么加一列？", "项目的测试怎么在本地跑？", "我们的接口怎么加一个新路由？",
    "我怎么配置编辑器写我常用的语言？", "仓库里怎么加一个依赖？", "这周的训练我该怎么安排？", "倒班的话我怎么才能睡好？",
    "我上班的时候狗狗在家怎么打发时间？", "我该怎么辅导儿子写作业？", "我怎么在工作之余挤时间复习？", "我怎么做饭才符合我的饮食要求？",
    "下个月的考试我该怎么准备？", "我怎么安排接送孩子的时间？", "我们装修的预算怎么规划？",
)
#: How much closer the world examples must be than the user's own, per embedder name and query language. Tune users'
#: relevant how-tos reach at most 0.125 (MiniLM, English: "how do i present a sheet that only takes up half the
#: screen" → the iOS stack) and 0.005 (e5, Chinese: "口语部分我该怎么练？" → «用户在备考雅思»); the cuts sit above them.
WORLD_MARGINS: dict[str, dict[str, float]] = {"minilm+e5": {"en": 0.135, "zh": 0.015}}


def world_margin(embedder: Embedder, qvec: np.ndarray, lang: str = "en") -> float:
    """How much nearer the world how-tos are than the user's own (`knowledge.example_margin`)."""
    return example_margin(embedder, qvec, lang, WORLD_HOWTOS, OWN_HOWTOS)


def asks_world_howto(text: str, embedder: Embedder, lang: str, qvec: np.ndarray | None) -> bool:
    """Whether `text` is a how-to of the user's own (`topic_request.topic_form`) that, by its recall vector `qvec`
    in `lang`, is about the world for a calibrated embedder."""
    margin = WORLD_MARGINS.get(embedder.name, {}).get(lang)
    return margin is not None and qvec is not None and topic_form(text) == "how" and (
        world_margin(embedder, qvec, lang) >= margin)


__all__ = ["OWN_HOWTOS", "WORLD_HOWTOS", "WORLD_MARGINS", "asks_world_howto", "world_margin"]
