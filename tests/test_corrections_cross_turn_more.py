"""Cross-turn corrections in varied phrasing (issue #16): an earlier user turn of the thread states a value,
a later one corrects it — with a retraction word ("oh wait", "sorry I meant", "scratch that", "说错了",
"更正"), a "不是X是Y" frame, or a bare new value ("Actually, Helix."). The new value is active as an
`explicit_correction`, the old one superseded; en + zh."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write import create_write_graph

CASES = {  # (earlier user turn, assistant reply, correction, old value, new value)
    "en-oh-wait": ("I use Vim for everything.", "Nice, Vim is great.", "oh wait, I meant Neovim.", "Vim", "Neovim"),
    "en-sorry-i-meant": ("I live in Denver.", "Denver is lovely.", "Sorry, I meant Boulder.", "Denver", "Boulder"),
    "en-scratch-that": ("We deploy with Jenkins.", "OK.", "scratch that, GitHub Actions.", "Jenkins", "GitHub Actions"),
    "en-bare-actually": ("I code in Vim mostly.", "Got it.", "Actually, Helix.", "Vim", "Helix"),
    "en-correction-colon": ("Our database is MySQL.", "Noted.", "Correction: our database is Postgres.", "MySQL", "Postgres"),
    "en-not-x-y": ("I like tea.", "Sounds cozy.", "not tea, coffee.", "tea", "coffee"),
    "en-in-request": ("I'm vegetarian, can you suggest a dinner?", "Try a lentil curry.",
                      "oops, I'm actually vegan, sorry.", "vegetarian", "vegan"),
    "en-my-bad": ("My dog is called Rex.", "Cute name!", "my bad, his name is Max.", "Rex", "Max"),
    "zh-shuo-cuo-le": ("我住在南京。", "南京不错。", "说错了，我住在无锡。", "南京", "无锡"),
    "zh-bu-shi-x-shi-y": ("我用 PyCharm 写代码。", "好的。", "不是 PyCharm，是 VS Code。", "PyCharm", "VS Code"),
    "zh-geng-zheng": ("我们项目用 MySQL。", "明白。", "更正一下，我们项目用 PostgreSQL。", "MySQL", "PostgreSQL"),
    "zh-bare-qishi": ("我平时用 Vim。", "了解。", "其实是 Helix。", "Vim", "Helix"),
    "zh-bu-dui-bare": ("我喜欢喝绿茶。", "绿茶很健康。", "不对，是红茶。", "绿茶", "红茶"),
    "zh-in-request": ("我是做前端的，帮我推荐几本书吧？", "可以看看《JavaScript 高级程序设计》。",
                      "哦不对，我是做后端的。", "前端", "后端"),
    "zh-ji-cuo-le": ("我家猫叫咪咪。", "好可爱。", "记错了，它叫豆豆。", "咪咪", "豆豆"),
    # a pronoun that stands for the pet or person named before: "它叫X" / "she's called X" is its new name
    "zh-pet-pronoun-name": ("我养了只猫，它叫咪咪。", "好可爱。", "不对，她叫豆豆。", "咪咪", "豆豆"),
    "en-pet-pronoun-name": ("My cat is called Tom.", "Cute!", "sorry, typo, she is called Tam.", "Tom", "Tam"),
    "en-her-name": ("My wife Anna and I are planning a trip.", "Fun!", "Sorry, typo — her name is Hanna.", "Anna", "Hanna"),
    # an apology or "actually" with another value of a one-value attribute: a correction without a retraction word
    "en-sorry-actually": ("I'm a nurse, any tips for night shifts?", "Sleep in a dark room.",
                          "sorry, I'm actually a paramedic.", "nurse", "paramedic"),
    "zh-buhaoyisi-qishi": ("我是护士，夜班有什么建议？", "注意补觉。", "不好意思，我其实是医生。", "护士", "医生"),
    # the corrected value said as a statement without its subject: its object, not the phrase
    "en-meant-statement": ("I work in Boston.", "OK.", "scratch that, I meant working in Chicago.", "Boston", "Chicago"),
    "zh-shi-statement": ("我在上海工作，通勤怎么办？", "可以坐地铁。", "说错了，是在北京工作。", "上海", "北京"),
    "en-meant-allergy": ("I'm allergic to peanuts.", "Noted.", "oh wait, I meant allergic to mangoes.", "peanuts", "mangoes"),
    "zh-geng-zheng-allergy": ("我对花生过敏。", "记住了。", "更正：是对芒果过敏。", "花生", "芒果"),
    # an apology and the name said again: "sorry, his name is Rex", "不好意思，它叫来福"
    "en-sorry-name-again": ("I have a golden retriever named Max, any food tips?", "Try a large-breed kibble.",
                            "sorry, his name is Rex.", "Max", "Rex"),
    "zh-buhaoyisi-name-again": ("我家狗叫旺财，吃什么狗粮好？", "可以选大型犬粮。", "不好意思，它叫来福。", "旺财", "来福"),
    "zh-three-turns": ("我住在成都。", "成都很好。", "不好意思说错了，是重庆。", "成都", "重庆"),
}


def _graph(store):
    return create_write_graph(store).compile()


def _active(store, user: str) -> list:
    return [r for r in store.find(None, statuses=(Status.ACTIVE,)) if r.scope.user_id == user]


@pytest.mark.parametrize("case", CASES)
def test_a_cross_turn_correction_lands(store, case) -> None:
    first, reply, fix, old_word, new_word = CASES[case]
    g, ctx = _graph(store), MemoryContext(user_id="cx", session_id="s1")
    g.invoke({"messages": [HumanMessage(first)]}, context=ctx)
    (old,) = [r for r in _active(store, "cx") if old_word.casefold() in r.object.casefold()]
    g.invoke({"messages": [HumanMessage(first), AIMessage(reply), HumanMessage(fix)]}, context=ctx)
    (new,) = [r for r in _active(store, "cx") if r.object.casefold() == new_word.casefold()]
    assert new.source.value == "explicit_correction" and new.id != old.id
    assert store.get(old.id).status is Status.SUPERSEDED


UNPARSED = {  # a pronoun's name after no name was said: nothing invented, the old value needs confirmation
    "zh": ("我用 Vim。", "说错了，她叫小美。", "Vim", "小美"),
    "en": ("I use Vim.", "sorry my bad, she's called Amy.", "Vim", "Amy"),
}


@pytest.mark.parametrize("case", UNPARSED)
def test_a_name_for_nothing_named_is_not_stored_and_the_old_value_needs_confirmation(store, case) -> None:
    first, fix, old_word, new_word = UNPARSED[case]
    g, ctx = _graph(store), MemoryContext(user_id="cz", session_id="s1")
    g.invoke({"messages": [HumanMessage(first)]}, context=ctx)
    g.invoke({"messages": [HumanMessage(first), AIMessage("OK"), HumanMessage(fix)]}, context=ctx)
    active = _active(store, "cz")
    assert not [r for r in active if new_word.casefold() in r.object.casefold()]
    (old,) = [r for r in active if r.object == old_word]
    assert old.metadata.get("needs_confirmation")


NAMED_IN_PASSING = {  # a name given in passing in a request, corrected in the next turn (nothing stored to supersede)
    "zh-spouse": ("我和老婆小丽准备去旅行，有推荐吗？", "打错了，是小莉。", "小丽", "小莉"),
    "zh-daughter": ("我女儿朵朵下周生日，送什么礼物好？", "说错了，是多多。", "朵朵", "多多"),
    "en-son": ("My son Leo turns five next week, gift ideas?", "oops, I meant Theo.", "Leo", "Theo"),
}


@pytest.mark.parametrize("case", NAMED_IN_PASSING)
def test_a_name_said_in_passing_is_what_a_bare_correction_corrects(store, case) -> None:
    first, fix, old_word, new_word = NAMED_IN_PASSING[case]
    g, ctx = _graph(store), MemoryContext(user_id="cw", session_id="s1")
    g.invoke({"messages": [HumanMessage(first), AIMessage("OK"), HumanMessage(fix)]}, context=ctx)
    (new,) = [r for r in _active(store, "cw") if r.object == new_word]
    assert new.source.value == "explicit_correction"
    assert new.predicate.endswith(("名字", "_name"))


MOVED_THERE = {  # a bare value, then "moved there": the corrected value is where the user lives
    "en": ("any good running routes near where i live?", "oh wait sorry, i meant Lund. i moved there in march.", "Lund"),
    "zh": ("我住的地方附近有什么好吃的？", "说错了，是昆山，去年搬过来的。", "昆山"),
}


@pytest.mark.parametrize("case", MOVED_THERE)
def test_a_bare_value_the_user_moved_to_is_where_they_live(store, case) -> None:
    first, fix, new_word = MOVED_THERE[case]
    g, ctx = _graph(store), MemoryContext(user_id="cv", session_id="s1")
    g.invoke({"messages": [HumanMessage(first), AIMessage("OK"), HumanMessage(fix)]}, context=ctx)
    (new,) = [r for r in _active(store, "cv") if r.object == new_word]
    assert new.source.value == "explicit_correction" and new.predicate == "lives_in"


SOFT_CONTROLS = {  # an apology next to a value of an attribute that holds many, or someone else's pet: no correction
    "en": ("I like tea.", "sorry for the late reply, I also like coffee.", "tea"),
    "zh": ("我喜欢喝茶。", "不好意思回复晚了，我也喜欢咖啡。", "茶"),
    "en-other-pet": ("My dog is called Max.", "sorry, my brother's dog is called Rex.", "Max"),
    "zh-other-pet": ("我家狗叫旺财。", "不好意思，我哥的狗叫来福。", "旺财"),
}


@pytest.mark.parametrize("case", SOFT_CONTROLS)
def test_an_apology_alone_corrects_nothing(store, case) -> None:
    first, later, old_word = SOFT_CONTROLS[case]
    g, ctx = _graph(store), MemoryContext(user_id="cu", session_id="s1")
    g.invoke({"messages": [HumanMessage(first)]}, context=ctx)
    out = g.invoke({"messages": [HumanMessage(first), AIMessage("OK"), HumanMessage(later)]}, context=ctx)
    assert all(w["source"] != "explicit_correction" for w in out["memory_written"])
    assert [r for r in _active(store, "cu") if old_word in r.object]
