"""Values said one way in English and another in Chinese ("peanuts" / "花生", "penicillin" / "青霉素"), for a forget
request that names a value the memory holds in the other language ("Forget that I'm allergic to peanuts." and
«用户对花生过敏»). Words share nothing across the two scripts, and the embedder's halves never meet, so without
this a stated value cannot be checked against a memory of the other language: the request is held back, not
guessed. The rows are common allergens, foods, drinks and drugs (the values of `allergy` and `diet`), large cities
and employers, "ex" and the values `equivalents.VALUES` knows; dedup and the resolver read them too, so "我住在北京"
repeats "I live in Beijing" and "Actually I prefer tea, not coffee" takes back «用户喜欢咖啡»; a value outside them stays unverifiable (see `cross_value_evidence`).

Example:
    >>> sorted(value_concepts("I'm allergic to peanuts")) == sorted(value_concepts("花生"))
    True
    >>> cross_value_evidence("I'm allergic to peanuts", "花生"), cross_value_evidence("allergic to peanuts", "芒果")
    (1.0, 0.0)
    >>> cross_value_evidence("我对猫毛过敏", "cat dander"), cross_value_evidence("I'm allergic to latex", "京东") is None
    (1.0, True)
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..equivalents import VALUES

#: (English words, each matched at a word start with its plural), (Chinese words, matched as substrings)
ROWS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("peanut",), ("花生",)),
    (("tree nut", "nut", "walnut", "cashew", "almond"), ("坚果", "核桃", "腰果", "杏仁")),
    (("shellfish",), ("贝类", "甲壳类", "贝壳类")),
    (("seafood",), ("海鲜",)),
    (("shrimp", "prawn"), ("虾",)),
    (("crab",), ("螃蟹", "蟹")),
    (("fish",), ("鱼",)),
    (("milk",), ("牛奶",)),
    (("dairy",), ("乳制品", "奶制品")),
    (("lactose",), ("乳糖",)),
    (("egg",), ("鸡蛋",)),
    (("wheat",), ("小麦",)),
    (("gluten",), ("麸质", "面筋")),
    (("soy", "soybean"), ("大豆", "黄豆", "豆制品")),
    (("sesame",), ("芝麻",)),
    (("penicillin",), ("青霉素",)),
    (("aspirin",), ("阿司匹林",)),
    (("ibuprofen",), ("布洛芬",)),
    (("sulfa",), ("磺胺",)),
    (("pollen", "hay fever"), ("花粉",)),
    (("dust mite", "dust"), ("尘螨", "灰尘")),
    (("cat hair", "cat dander", "cat"), ("猫毛", "猫")),
    (("dog hair", "dog dander", "dog"), ("狗毛", "狗")),
    (("latex",), ("乳胶",)),
    (("mango",), ("芒果",)),
    (("strawberry", "strawberries"), ("草莓",)),
    (("kiwi",), ("猕猴桃", "奇异果")),
    (("pineapple",), ("菠萝",)),
    (("alcohol",), ("酒精",)),
    (("bee", "wasp"), ("蜜蜂", "蜂蜇", "马蜂")),
    (("cilantro", "coriander"), ("香菜",)),
    (("spicy", "chili", "chilli"), ("辣",)),
    (("pork",), ("猪肉",)),
    (("beef",), ("牛肉",)),
    (("lamb", "mutton"), ("羊肉",)),
    (("chicken",), ("鸡肉",)),
    (("garlic",), ("大蒜", "蒜")),
    (("onion",), ("洋葱",)),
    (("mushroom",), ("蘑菇",)),
    (("caffeine",), ("咖啡因",)),
    (("coffee",), ("咖啡",)),
    (("msg",), ("味精",)),
    # drinks said either way ("I prefer tea, not coffee" after «用户喜欢咖啡»)
    (("tea",), ("茶",)),
    (("beer",), ("啤酒",)),
    (("red wine", "wine"), ("红酒", "葡萄酒")),
    # where one lives or works: a city or an employer named in the other language is the same place or company
    (("beijing",), ("北京",)),
    (("shanghai",), ("上海",)),
    (("shenzhen",), ("深圳",)),
    (("guangzhou",), ("广州",)),
    (("hangzhou",), ("杭州",)),
    (("chengdu",), ("成都",)),
    (("nanjing",), ("南京",)),
    (("wuhan",), ("武汉",)),
    (("hong kong",), ("香港",)),
    (("taipei",), ("台北",)),
    (("singapore",), ("新加坡",)),
    (("tokyo",), ("东京",)),
    (("london",), ("伦敦",)),
    (("paris",), ("巴黎",)),
    (("new york",), ("纽约",)),
    (("berlin",), ("柏林",)),
    (("sydney",), ("悉尼",)),
    (("san francisco",), ("旧金山",)),
    (("seattle",), ("西雅图",)),
    (("google",), ("谷歌",)),
    (("microsoft",), ("微软",)),
    (("tencent",), ("腾讯",)),
    (("alibaba",), ("阿里巴巴", "阿里")),
    (("bytedance",), ("字节跳动",)),
    (("huawei",), ("华为",)),
    (("baidu",), ("百度",)),
    (("amazon",), ("亚马逊",)),
    # people named by their relation: "my ex" is 前任 / 前男友 / 前女友
    (("ex", "ex-boyfriend", "ex-girlfriend", "ex-husband", "ex-wife"), ("前任", "前男友", "前女友", "前夫", "前妻")),
)


@lru_cache(maxsize=1)
def _rows() -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """`ROWS` and `equivalents.VALUES` (each of its rows split by script)."""
    known = [(tuple(w for w in row if w.isascii()), tuple(w for w in row if not w.isascii())) for row in VALUES]
    return ROWS + tuple((en, zh) for en, zh in known if en and zh)


@lru_cache(maxsize=1)
def _en_pattern() -> re.Pattern[str]:
    words = sorted({w for en, _ in _rows() for w in en}, key=len, reverse=True)
    return re.compile(r"\b(" + "|".join(re.escape(w) for w in words) + r")(?:e?s|ies)?\b", re.IGNORECASE)


def value_concepts(text: str) -> frozenset[int]:
    """The glossary rows `text` says, longest words first ("猫毛" before "猫", "tree nuts" before "nuts")."""
    found: set[int] = set()
    en_rows = {w.casefold(): i for i, (en, _) in enumerate(_rows()) for w in en}
    for m in _en_pattern().finditer(text):
        found.add(en_rows[m.group(1).casefold()])
    rest = text
    for word, i in sorted(((w, i) for i, (_, zh) in enumerate(_rows()) for w in zh), key=lambda x: -len(x[0])):
        if word in rest:
            found.add(i)
            rest = rest.replace(word, " ")
    return frozenset(found)


def cross_value_evidence(named: str, held: str) -> float | None:
    """The share of the glossary values `named` says that `held` says too; None when either says none (the
    value cannot be checked: not evidence either way)."""
    asked, has = value_concepts(named), value_concepts(held)
    if not asked or not has:
        return None
    return len(asked & has) / len(asked)


__all__ = ["ROWS", "cross_value_evidence", "value_concepts"]
