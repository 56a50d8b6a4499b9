"""ForgetRequestNode: "forget what I said about coffee" / "忘掉我说的那个咖啡的事" → candidates → confirm → delete.

The node finds the memories the request is about (over the partitions the user owns, every status): the
request frame ("forget what I said about …", "忘掉我说过的…") is stripped, and the rest must name the memory's
attribute ("where I live" → `lives_in`, "我的过敏" → `allergy`), share its words, or clear an absolute
meaning floor — so an unrelated memory is never offered, and nothing clearing it is `nothing_found`. It asks
for confirmation, and forgets only confirmed candidates. Two ways to confirm:

- `use_interrupt=True`: `as_node()` is a two-node subgraph: "offer" checkpoints the candidates, then
  "confirm" calls LangGraph `interrupt({"question", "candidates", "candidate_ids"})`; resume the graph
  with `Command(resume=answer)` (needs a checkpointer). The resume answers the checkpointed candidates,
  never a recomputed list: a matching memory written between the question and the answer is not touched.
- default, a two-step state protocol: the first run returns `memory_forget_candidates` and
  `memory_forget_status="awaiting_confirmation"`; the caller sets `memory_forget_confirm` and runs again.

An answer is True/"yes"/"是"/"确认" (all candidates), False/"no"/"不"/"取消" (nothing), or a list of
candidate ids or 1-based positions. An answer naming anything not shown deletes nothing
(`memory_forget_status="unmatched"`, the reason in the reply), so a confirmation can never reach a memory
the user did not see, nor another user's memory. Candidate texts are returned as data for display, never as instructions.

Example:
    >>> import tempfile
    >>> from langmem_nodes.embeddings import HashingEmbedder
    >>> from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
    >>> from langmem_nodes.store import MemoryStore
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder=HashingEmbedder())
    >>> _ = store.commit(add=[MemoryRecord(text="我每天早上喝咖啡", scope=Scope(user_id="li"))])
    >>> node, ctx = ForgetRequestNode(store), MemoryContext(user_id="li")
    >>> ask = node.run({"memory_forget_request": "忘掉我说的那个咖啡的事"}, ctx, None)
    >>> ask["memory_forget_status"], [c["text"] for c in ask["memory_forget_candidates"]]
    ('awaiting_confirmation', ['我每天早上喝咖啡'])
    >>> done = node.run({**ask, "memory_forget_confirm": "是"}, ctx, None)
    >>> done["memory_forget_status"], len(done["memory_forgotten"]), store.count()
    ('forgotten', 1, 0)
    >>> store.close()
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, Any, NamedTuple, NotRequired

from langchain_core.messages import AIMessage, AnyMessage, BaseMessage, HumanMessage
from langchain_core.runnables import RunnableConfig
from langgraph.graph.message import add_messages
from typing_extensions import TypedDict

from .._compat import sync_async_runnable
from ..node import MemoryNode
from ..read.relevance import (
    DENSE_FLOORS,
    LEXICAL_FLOOR,
    centering,
    content_terms,
    dense_floor_for,
    lexical_evidence,
)
from ..records import MemoryContext, MemoryRecord, session_prefix
from ..store import MemoryStore
from ..text import detect_lang, to_simplified
from .attribute_words import (
    ADDRESS_WORDS,
    PREDICATE_WORDS,
    RELATIONS_EN,
    RELATIONS_ZH,
    named_predicates,
    names_predicate,
    owner_phrase,
    stem_evidence,
)
from .forget_phrases import (
    EN_FRAME,
    PERSONAL_NOUNS_EN,
    PERSONAL_NOUNS_ZH,
    THE_X_THING,
    TRAILER,
    first_clause,
    follow_up,
    may_ask_to_forget,
    normal_en,
    request_sentence,
)
from .value_glossary import cross_value_evidence

#: how much a value named in the other language (the glossary's rows) counts against the same word said
CROSSED_WEIGHT = 0.99

#: "don't remember / stop remembering / do not store …": asking memory not to keep something.
_DONT_KEEP = (r"(?:don['’]?t|do not|stop)\s+(?:remember(?:ing)?|stor(?:e|ing)|sav(?:e|ing)|keep(?:ing)? in mind|"
              r"memori[sz](?:e|ing))")
_EN_VERB = re.compile(
    r"^\s*(?:(?:hey|hi|so|ok|okay|pls|plz|um|yo)[\s,]+)*(?:please\s+|pls\s+|plz\s+|can you\s+|could you\s+)?"
    r"(?:forget|delete|remove|erase|drop|clear|scrap|" + _DONT_KEEP + r")\s+"
    r"(?:(?:whatever|what|anything|everything|all)\s+you(?:'ve|\s+have)?\s+(?:have|got|know|remember|stored|saved)\s+"
    r"(?:on|about|of)\s+)?"
    r"(?:everything\s+|anything\s+|all\s+)?(?:(?:that|what)\s+)?(?:i\s+(?:said|told you|mentioned|wrote)\s+)?"
    r"(?:about\s+|regarding\s+|on\s+)?(?:the\s+|my\s+)?",
    re.IGNORECASE,
)
#: What follows the verb of a request before its topic: "whatever you have on", "what I said about", "the thing about".
_EN_TAIL = re.compile(
    r"^(?:(?:whatever|what|anything|everything|all)\s+you(?:'ve|\s+have)?\s+(?:have|got|know|remember|stored|saved)\s+"
    r"(?:on|about|of)\s+)?(?:(?:any|all)(?:thing)? of\s+|all\s+)?(?:the\s+|that\s+|this\s+|those\s+)?"
    r"(?:(?:thing|part|bit|stuff|info|information|details?|facts?|notes?|entry|entries|records?|lines?|mentions?|"
    r"memor(?:y|ies))s?\s+(?:about|on|regarding|concerning|where|that)\s+)?"
    r"(?:everything\s+|anything\s+|all\s+)?(?:(?:that|what)\s+)?(?:i\s+(?:ever\s+|even\s+|just\s+)?(?:said|told you|mentioned|"
    r"wrote)\s+)?(?:about\s+|regarding\s+|on\s+)?(?:the\s+|my\s+)?",
    re.IGNORECASE,
)
_ZH_STRIP = re.compile(
    r"请你|请|麻烦你|麻烦|帮我|把|给我|忘掉|忘记|忘了|删掉|删除|删了|删去|清除|清掉|去掉|抹掉|抹去|移除|"
    r"(?:你)?(?:别|不要|不用|不必|无需|不需要|用不着|没必要)(?:再|去)*(?:记住|记着|记得|记录|惦记|记|存着|存|保存|保留|留着|知道)|"
    r"能不能|可不可以|还是|一下|有关|(?:记|存)进去|清空|记忆(?:里|中)|删(?=一下|$)|能(?=忘|删|别|不)|那份|这份|就(?=$|忘|删|别|不)|吗$|^能|(?:别|不要)(?=把)|下来|你?记的|(?:记|存)下来|(?:之前|以前|刚才)(?:跟你)?(?:说|讲|提|存|记|告诉你)(?:过|下|到)?的|的一切|(?:的)?所有(?:的)?事?|那块|这块|那部分|"
    r"我?(?:不想|不希望|不愿意)(?:让)?你(?:再)?(?:记住|记着|记得|惦记|记|知道|存|保存|保留)|惦记|以后|你可以|你就|你|可以|"
    r"当(?:作|做)?(?:没|不)(?:听(?:过|到过?|说过)|知道)|当(?:作|做)?我没(?:说|提|讲)(?:过|到过?)|"
    r"我(?:之前|以前|刚才)?(?:跟你)?(?:说|讲|提)(?:过|到)?(?=我)|这个人|那个人|方面的?|相关的?|的?那些(?=[都别不删忘]|$)|"
    r"从(?:你的)?记忆(?:里|中)|(?:都|全|全部|统统)(?=[删忘清去抹别不]|$)|那事儿?|这事儿?|的?(?:信息|资料)(?=[都删忘清去抹吧了不别你]|$)|了$|"
    r"我(?:之前|以前|刚才)?(?:跟你|和你|对你)?(?:说|讲|提|告诉你)(?:过|到)?的|你记(?:住|得)的|关于|有关|那个|那些|这个|"
    r"的事情?|的内容|的记忆|的那条记忆|那条记忆|这条记忆|的记录|那条|这条|记忆|这件事|那件事|的话|吧|好吗|[。！!？?，,\s]"
)
#: A dense-only candidate needs this many times the embedder's general recall floor: an offer sits one "yes"
#: away from a deletion, so it needs more evidence than an injection.
DENSE_FLOOR_FACTOR = 1.5
_YES = {"yes", "y", "ok", "okay", "confirm", "sure", "是", "是的", "好", "好的", "确认", "对", "嗯", "可以"}
_NO = {"no", "n", "cancel", "stop", "不", "不要", "否", "取消", "算了", "别"}


class Evidence(NamedTuple):
    """Why a memory matches a thing a request names: its attribute is named (`field`), the share of the named
    words it says (`lexical`), its meaning's margin over the floor (`dense`, None below it)."""

    field: bool
    lexical: float
    dense: float | None
    value: float = 1.0  # the share of the words naming a value ("shellfish" in "allergic to shellfish") it says


#: words that say "a thing about" rather than what it is: "the therapy stuff", "那些事情"
_GENERIC = frozenset("stuff thing things info information details detail bit bits part parts business situation side "
                     "issue issues matter matters".split()) | {"事情", "信息", "资料", "情况", "内容", "东西"}


def value_terms(topic: str) -> frozenset[str]:
    """`content_terms` without a lone letter ("I'm" → "m"), a word for "thing" ("stuff") or a Chinese pair with a
    particle ("妹的", "菜了").

    >>> sorted(value_terms("I'm vegetarian")), sorted(value_terms("我妹妹的")), sorted(value_terms("the therapy stuff"))
    (['vegetarian'], ['妹妹', '我妹'], ['therapy'])
    """
    return frozenset(t for t in content_terms(topic) if not (t.isascii() and len(t) == 1) and t not in _GENERIC
                     and not (len(t) == 2 and re.search(r"[的了吧呢吗啊么个]", t)))


_ATTRIBUTE_WORDS_EN = frozenset(w for en, _ in PREDICATE_WORDS.values() for w in en if " " not in w) | PERSONAL_NOUNS_EN \
    | frozenset(RELATIONS_EN)
_ATTRIBUTE_WORDS_ZH = tuple(w for _, zh in PREDICATE_WORDS.values() for w in zh) + PERSONAL_NOUNS_ZH + RELATIONS_ZH


def value_words(topic: str, terms: frozenset[str]) -> frozenset[str]:
    """The terms of `topic` that name a value (see `names_a_value`); none in a question form, which names an
    attribute whatever its verb ("what car I drive", "where I work", "我在哪上班").

    >>> sorted(value_words("I'm allergic to shellfish", frozenset({"allergic", "shellfish"})))
    ['shellfish']
    >>> value_words("car I drive", frozenset({"car", "drive"}))
    frozenset()
    """
    if re.match(r"^\s*(?:(?:what|where|which|who|whom|how|when|whether)\b|(?:[\w'’-]+\s+){1,3}(?:i|we)\s+\w)", topic,
                re.IGNORECASE) or _WH_ZH.search(topic):  # "car I drive": the request's "what" is stripped
        return frozenset()
    return frozenset(t for t in terms if names_a_value(t))


def inside_evidence(terms: frozenset[str], text: str) -> float:
    """The share of English `terms` (3 letters or more) that start or end a word of `text`, its plural aside: "nut"
    in "peanuts", "mac" in "MacBook".

    >>> inside_evidence(frozenset({"nut"}), "User is allergic to peanuts"), inside_evidence(frozenset({"mac"}), "Uses a MacBook")
    (1.0, 1.0)
    >>> inside_evidence(frozenset({"strawberries"}), "User is allergic to peanuts")
    0.0
    """
    en = [t for t in terms if t.isascii() and t.isalpha()]
    if not en:
        return 0.0
    words = re.findall(r"[a-z]+", text.casefold())
    singular = [re.sub(r"(?<=\w\w)(?:es|s)$", "", w) for w in words]
    return sum(len(t) >= 3 and any(w.startswith(t) or w.endswith(t) for w in singular) for t in en) / len(en)


def names_a_value(term: str) -> bool:
    """Whether a term of a request names a value rather than an attribute or a relation: "shellfish", "Tom", "香菜" do;
    "allergic", "wife", "过敏", "老婆" do not.

    >>> [names_a_value(t) for t in ("shellfish", "allergic", "wife", "香菜", "过敏", "老婆")]
    [True, False, False, True, False, False]
    """
    if term.isascii():
        return not any(stem_evidence({term}, w) for w in _ATTRIBUTE_WORDS_EN)
    return not any(term in w or w in term for w in _ATTRIBUTE_WORDS_ZH if len(w) > 1)


_WH_ZH = re.compile(r"哪|什么|几|多少|谁|怎么|啥")
#: 我 and a verb ("我不吃香菜", "我对海鲜过敏", "我是素食者"), not 我 and a noun ("我家的地址", "我老婆")
_CLAIM_ZH = re.compile(r"^\s*我(?:[不没别很也都还]|是|在|有|对|喜欢|爱|讨厌|会|要|想|用|住|吃|喝|做|信|去|开|养|抽|戒|怀|得了|离|结|"
                       r"已经|正在|一直|每|今年|去年|刚)")
#: a request naming a kind of thing rather than one: "the mental health stuff", "anything about Alex", "心理方面的那些"
_CATEGORY = re.compile(r"\b(?:stuff|things|everything|anything|details|info|information)\b|方面|相关|那些|这些|一切|所有|"
                       r"(?:关于|有关).{1,12}的(?:都|全|全部|统统)?(?:[删忘别不]|$)", re.IGNORECASE)


def states_a_value(topic: str) -> bool:
    """Whether a topic states the user's value ("I'm vegan", "我不吃香菜") rather than naming an attribute
    ("my diet", "where I live", "我开什么车", "我的宗教信仰").

    >>> [states_a_value(t) for t in ("I'm vegan", "where I live", "my diet", "我不吃香菜", "我开什么车", "我的体重", "我家的门牌")]
    [True, False, False, True, False, False, False]
    """
    t = topic.strip()
    if re.match(r"^(?:that\s+)?(?:i|we)(?:['’](?:m|ve|d|re)|\s+(?:am|are|was|were|have|had))?\b", t, re.IGNORECASE):
        return True
    return bool(_CLAIM_ZH.match(t) and not _WH_ZH.search(t))


def select_named(ev: dict[str, Evidence], *, claim: bool, category: bool = False,
                 names_value: bool = False) -> tuple[list[str], list[str]]:
    """(ids to forget, ids held back as ambiguous) for one named thing, from each memory's `Evidence`:
    the memories saying the named words (of those naming a value — "shellfish" in "allergic to shellfish" — the most);
    when a value is named that none of them says, they are held back; else those of the named attribute (all of
    them for an attribute named — "my diet" —, for a stated value the only one unless it names a value none says
    — "that I eat meat"); else the one
    memory close in meaning (a clear best: twice the runner-up's margin). A `category` ("the mental health stuff", "心理方面的那些") also takes every memory close
    in meaning. Nothing else is guessed.

    >>> select_named({"veg": Evidence(True, 1.0, None), "spicy": Evidence(True, 0.0, None)}, claim=True)
    (['veg'], [])
    >>> select_named({"veg": Evidence(True, 0.0, None), "spicy": Evidence(True, 0.0, None)}, claim=True)
    ([], ['veg', 'spicy'])
    >>> select_named({"veg": Evidence(True, 0.0, None), "spicy": Evidence(True, 0.0, None)}, claim=False)
    (['veg', 'spicy'], [])
    >>> select_named({"peanuts": Evidence(True, 0.5, None, value=0.0)}, claim=True)  # "that I'm allergic to shellfish"
    ([], ['peanuts'])
    >>> select_named({"a": Evidence(False, 0.0, 0.3), "b": Evidence(False, 0.0, 0.1)}, claim=True, names_value=True)
    (['a'], [])
    """
    said = {i: e.value for i, e in ev.items() if e.lexical >= LEXICAL_FLOOR}
    field = [i for i, e in ev.items() if e.field]
    close = sorted((i for i, e in ev.items() if e.dense is not None), key=lambda i: -(ev[i].dense or 0.0))
    extra = [i for i in close if i not in said and i not in field] if category else []
    if said:
        best = max(said.values())
        if best == 0:  # the value named ("allergic to latex") is said by none: "allergic to peanuts" is not it
            return [], list(dict.fromkeys([*said, *field]))
        return [i for i, v in said.items() if v >= best - 1e-9] + extra, []
    if field:
        if not claim or (len(field) == 1 and not names_value):  # "my diet"; "that I'm vegan": the one diet memory
            return field + extra, []
        return [], field  # several for a stated value, or a value none says ("that I eat meat"): not guessed
    if category or not names_value or len(close) <= 1 or (ev[close[0]].dense or 0.0) >= 2 * (ev[close[1]].dense or 0.0):
        return close if category or not names_value else close[:1], []
    return [], close


class ForgetState(TypedDict):
    """State keys of `ForgetRequestNode` (default names)."""

    messages: Annotated[list[AnyMessage], add_messages]
    memory_forget_request: NotRequired[str | None]
    memory_forget_candidates: NotRequired[list[dict[str, Any]]]
    memory_forget_confirm: NotRequired[Any]
    memory_forget_status: NotRequired[str]
    memory_forgotten: NotRequired[list[dict[str, Any]]]


_ALL_EN = re.compile(
    r"^\s*(?:please\s+)?(?:(?:can|could) you\s+)?(?:forget|delete|erase|wipe|clear)\s+(?:(?:everything|all)\s+(?:you (?:know|have|"
    r"remember|stored)\s+)?(?:about|on|of) me|(?:all\s+(?:of\s+)?)?(?:my|your)\s+memor(?:y|ies)(?:\s+(?:of|about) me)?)"
    r"(?:\s+please)?[\s.!?]*$", re.IGNORECASE)
_ALL_ZH = re.compile(r"^\s*(?:请)?(?:忘掉|忘记)(?:关于我的|我的)一切[。！!\s]*$|"
                     r"^\s*(?:请)?(?:把)?(?:我的|关于我的)(?:所有|全部)?记忆(?:都|全)?(?:删了|删掉|删除|清空|清掉)(?:吧)?[。！!\s]*$|"
                     r"^\s*(?:请)?清空(?:我的|关于我的)(?:所有|全部)?记忆(?:吧)?[。！!\s]*$")


def is_forget_all(text: str) -> bool:
    """Whether a message asks to forget everything about the user ("forget everything about me", "忘掉关于我的一切").

    >>> is_forget_all("Forget everything about me."), is_forget_all("把我的记忆都删了"), is_forget_all("forget my allergy")
    (True, True, False)
    """
    return bool(_ALL_EN.match(text) or _ALL_ZH.match(text))


def is_forget_request(text: str) -> bool:
    """Whether a chat message asks to forget something it names ("Please forget where I live", "忘掉我的地址").

    >>> is_forget_request("Please forget where I live."), is_forget_request("忘掉我的地址")
    (True, True)
    >>> is_forget_request("Forget it."), is_forget_request("Remove the unused imports"), is_forget_request("忘了吧")
    (False, False, False)
    """
    t = to_simplified(text.strip())  # "忘掉我住哪" in Traditional too
    if not t or len(t) > 300 or not may_ask_to_forget(t):  # a request is one short sentence, with a forget word
        return False
    if is_forget_all(t):
        return True
    if request_sentence(t) is not None:
        topic = request_topic(t).strip(" .!?。！？")
        return bool(topic) and topic.casefold() not in ("it", "that", "this", "everything", "me")
    return False


def request_topic(text: str) -> str:
    """The topic of a forget request, in either language; the whole text if no pattern applies.

    >>> request_topic("Forget what I said about coffee."), request_topic("忘掉我说的那个咖啡的事")
    ('coffee', '咖啡')
    """
    whole = text.strip()
    t = request_sentence(whole) or whole
    if m := EN_FRAME.match(normal_en(t)):  # a request said in chat: its description, without "the thing about", "please", …
        rest = m.group("rest").strip()
        clause = first_clause(rest)
        topic = TRAILER.sub("", clause.rstrip(" .!?")).strip()
        topic = x.group("x") if (x := THE_X_THING.match(topic)) else _EN_TAIL.sub("", topic, count=1).strip(" .!?")
        more = follow_up(rest[len(clause):])
        return (f"{topic} and {more}" if more else topic) or t
    en = _EN_VERB.sub("", t, count=1).strip(" .!?")
    if en != t.strip(" .!?"):
        return en or t
    zh = _ZH_STRIP.sub("", t)
    return zh or t


def topic_items(topic: str) -> list[str]:
    """The things a topic names: "where I work, and my age" → ["where I work", "my age"], "我的体重和减肥目标" →
    ["我的体重", "减肥目标"].

    >>> topic_items("where I work, and my age"), topic_items("我的体重和减肥目标"), topic_items("coffee")
    (['where I work', 'my age'], ['我的体重', '减肥目标'], ['coffee'])
    """
    parts = re.split(r"\s*,\s*(?:and\s+|or\s+|plus\s+)?|\s+(?:and|as well as|plus)\s+|[、，]|(?<=[\u4e00-\u9fff])(?:和|跟|以及|还有|及)"
                     r"(?=[\u4e00-\u9fff])", topic)
    return [p.strip() for p in parts if p and p.strip()] or [topic]


def lexical_topic(topic: str) -> str:
    """The words of a topic that must be shared with a memory: what a relation's attribute belongs to ("my wife's
    name" → "my wife"), without the user's own 我 / 我的 ("我老婆的名字" → "老婆", "我的地址" → "地址").

    >>> lexical_topic("my wife's name"), lexical_topic("我老婆的名字"), lexical_topic("我的地址")
    ('my wife', '老婆', '地址')
    """
    return re.sub(r"^\s*我的?(?=\S)", "", owner_phrase(topic))


def parse_confirmation(answer: Any, candidate_ids: Sequence[str]) -> list[str]:
    """Ids confirmed by `answer` (bool, yes/no word in either language, or ids / 1-based positions)."""
    if isinstance(answer, bool):
        return list(candidate_ids) if answer else []
    if isinstance(answer, str):
        word = answer.strip().casefold().strip(".!。！")
        if word in _YES:
            return list(candidate_ids)
        if word in _NO:
            return []
        answer = [a for a in re.split(r"[\s,，、]+", answer.strip()) if a]
    if isinstance(answer, (list, tuple)):
        out = []
        for a in answer:
            if isinstance(a, int) or (isinstance(a, str) and a.isdigit()):
                i = int(a)
                if not 1 <= i <= len(candidate_ids):
                    raise ValueError(f"confirmation position {i} is outside 1..{len(candidate_ids)}")
                out.append(candidate_ids[i - 1])
            elif a in candidate_ids:
                out.append(a)
            else:
                raise ValueError(f"confirmation names {a!r}, which is not one of the candidates {list(candidate_ids)}")
        return list(dict.fromkeys(out))
    raise ValueError(f"cannot read a confirmation from {answer!r}: use yes/no, 是/不, or candidate ids")


class ForgetRequestNode(MemoryNode):
    """Forget by natural-language request, with confirmation. See the module docstring for the protocol.

    Args:
        store: the memory store.
        k: most candidates offered.
        dense_floor: raw cosine a dense-only hit needs with an embedder that has no calibrated floor in
            `relevance.DENSE_FLOORS` (the shipped ones use centred evidence, see `candidates`).
        use_interrupt: confirm through LangGraph `interrupt()` instead of the two-step state protocol.
        request_key / confirm_key / messages_key: state keys read (request defaults to the last human message).
        reply: also return an `AIMessage` asking for / reporting the outcome under `messages_key`.
    """

    name = "forget_request"

    def __init__(
        self,
        store: MemoryStore,
        *,
        k: int = 5,
        dense_floor: float = 0.55,
        use_interrupt: bool = False,
        request_key: str = "memory_forget_request",
        confirm_key: str = "memory_forget_confirm",
        messages_key: str = "messages",
        reply: bool = False,
        name: str | None = None,
        clock: Any = None,
    ) -> None:
        super().__init__(clock=clock, name=name)
        if k < 1:
            raise ValueError(f"k must be ≥ 1, got {k}")
        self.store, self.k, self.dense_floor, self.use_interrupt = store, k, dense_floor, use_interrupt
        self.request_key, self.confirm_key, self.messages_key, self.reply = request_key, confirm_key, messages_key, reply

    # -- candidates ---------------------------------------------------------------------------
    def owned_partitions(self, ctx: MemoryContext) -> list[str]:
        """What the user sees plus their other sessions in this project (or outside any, without one); shared
        partitions are filtered to their own records. Sessions of other projects are forgotten from there."""
        sessions = self.store.partitions(prefix=ctx.session_prefix())
        return list(dict.fromkeys([*ctx.visible_partitions(), *sessions]))

    def candidates(self, request: str, ctx: MemoryContext) -> list[dict[str, Any]]:
        """The user's memories the request is about, best first. The request frame is stripped
        (`request_topic`); a memory qualifies on absolute evidence only, never by rank: the topic names its
        attribute (`attribute_words`: "where I live" → `lives_in`), or shares content terms with its text or
        object (`relevance.LEXICAL_FLOOR`), or is close in meaning (centred cosine ≥ `DENSE_FLOOR_FACTOR` × the
        embedder's general recall floor; raw cosine ≥ `dense_floor` for an embedder without floors)."""
        request = to_simplified(request)
        topic = request_topic(request)
        parts = self.owned_partitions(ctx)
        statuses = ("candidate", "active", "superseded", "expired", "archived")
        if is_forget_all(request):  # every memory of the user's own scope (never project / org ones), uncapped
            return [self._show(r, 1.0) for r in self._own(parts, ctx, statuses)]
        scored: dict[str, float] = {}
        recs: dict[str, MemoryRecord] = {}
        for item in topic_items(topic):  # "where I work, and my age": each named thing on its own evidence
            for r, score, _ in self._evidence(item, parts, statuses, ctx):
                recs[r.id], scored[r.id] = r, max(score, scored.get(r.id, 0.0))
        # ties (the same attribute named): live memories before superseded ones, newest first
        offered = sorted(recs.values(), key=lambda r: (-scored[r.id], r.status.value not in ("active", "candidate"),
                                                       -r.created_at.timestamp(), r.id))
        return [self._show(r, scored[r.id]) for r in offered[: self.k]]

    def _evidence(self, topic: str, parts: list[str], statuses: tuple[str, ...],
                  ctx: MemoryContext, *, own: bool = True) -> list[tuple[MemoryRecord, float, Evidence]]:
        """The user's memories `topic` names (see `candidates`), with their score and evidence; `own=False`: the
        shared (project and org) memories in `parts` instead."""
        emb = self.store.embedder
        qvec = emb.embed_query(topic)
        lex = dict(self.store.lexical_search(parts, topic, self.k * 4, statuses=statuses))
        cos = dict(self.store.dense_search(parts, qvec, self.k * 4, statuses=statuses))
        attributes = named_predicates(topic)
        named = [r.id for p in attributes for r in self.store.find(parts, statuses=statuses, predicate=p)]
        if attributes:  # memories kept without a structured reading ("User stated: I live at …") name it in their text
            named += [r.id for r in self.store.find(parts, statuses=statuses, predicate="states")
                      if any(names_predicate(r.text, p) for p in attributes)]
        recs = self.store.get_many(list(dict.fromkeys([*lex, *cos, *named])))
        mine = [r for r in recs.values() if r.scope.org_id == ctx.org_id and (
            r.scope.user_id == ctx.user_id if own else r.scope.level.value in ("project", "org"))]
        dense = self._dense_evidence(topic, qvec, parts, mine, cos)
        terms = value_terms(lexical_topic(topic))
        found: list[tuple[MemoryRecord, float, Evidence]] = []
        for r in mine:
            ev = self._parts_of(r, topic, attributes, terms, dense)
            if ev.field or ev.lexical >= LEXICAL_FLOOR or ev.dense is not None:
                found.append((r, float(ev.field) + ev.lexical + (ev.dense or 0.0), ev))
        # "my street address" names `attr:address` and, by a word of it, `lives_in`: the attribute of its own
        # words wins over a general one that has nothing else for it; so does a street address ("12 Rose St")
        # over a city when the topic asks for the address
        def specific(r: MemoryRecord) -> bool:
            return (r.predicate.startswith("attr:") and names_predicate(topic, r.predicate)) or bool(
                ADDRESS_WORDS.search(topic) and "lives_in" in attributes and re.search(r"\d", r.text))

        if any(specific(r) for r, _, _ in found):  # drop the general ones named by their attribute only
            found = [x for x in found if specific(x[0]) or x[2].lexical or x[2].dense is not None or not x[2].field]
        return found

    @staticmethod
    def _parts_of(r: MemoryRecord, topic: str, attributes: set[str], terms: frozenset[str],
                  dense: dict[str, float]) -> Evidence:
        # a memory stored without a structured reading ("states") names its attribute in its text
        field = names_predicate(topic, r.predicate) or (
            r.predicate == "states" and any(names_predicate(r.text, p) for p in attributes))
        lexical = max(lexical_evidence(terms, f"{r.text} {r.object}"), stem_evidence(terms, r.text))
        d = dense[r.id] if r.id in dense and dense[r.id] >= 0 else None
        values = value_words(topic, terms)
        value = max(lexical_evidence(values, f"{r.text} {r.object}"), stem_evidence(values, r.text),
                    inside_evidence(values, r.text)) if values else 1.0
        if detect_lang(r.text) != detect_lang(topic):
            # a value said in the other language ("allergic to peanuts" / «用户对花生过敏», "my ex" / «…前男友…»): no
            # word is shared, the glossary's rows are the words in common
            crossed = cross_value_evidence(topic, r.object or r.text)
            if crossed is None:  # «User's ex is called Marco»: the relation is in the text, not the value
                crossed = cross_value_evidence(topic, r.text)
            if crossed is not None:  # a little under the word itself: a memory saying it in the request's language wins
                crossed *= CROSSED_WEIGHT
                lexical, value = max(lexical, crossed), max(value, crossed)
        return Evidence(field, lexical, d, value)

    def _own(self, parts: list[str], ctx: MemoryContext, statuses: tuple[str, ...]) -> list[MemoryRecord]:
        """The user's own memories (user and session level, this org) in `parts`."""
        return [r for r in self.store.find(parts, statuses=statuses) if self._owns(r, ctx)]

    @staticmethod
    def _owns(r: MemoryRecord, ctx: MemoryContext) -> bool:
        """Whether `r` is the user's own (user or session level, this org): shared project and org facts never are."""
        return r.scope.user_id == ctx.user_id and r.scope.org_id == ctx.org_id and r.scope.level.value in ("user", "session")

    def elsewhere_partitions(self, ctx: MemoryContext) -> list[str]:
        """The user's own session partitions in their other projects (or outside any): only their records live
        there, so a forget request in chat reaches the copies they said in another project too."""
        here = set(self.owned_partitions(ctx))
        return [p for p in self.store.partitions(prefix=session_prefix(ctx.org_id, ctx.user_id)) if p not in here]

    def to_forget(self, request: str, ctx: MemoryContext,
                  parts: list[str] | None = None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """(what a request said in chat forgets at once, what it is held back on as ambiguous). Stricter than
        `candidates` (which a user confirms): for each thing the request names, the memories that say the named
        words win (the best share only: "that I'm vegetarian" is not "does not eat spicy food", though both are
        `diet`); without words in common, the memories of the named attribute ("where I work"); else the one
        memory close in meaning (`select_named`). A value none of them says ("that I'm allergic to latex"), several
        memories of one attribute for a stated value ("that I'm vegan"), or several close in meaning only, are held
        back: nothing is guessed. `parts`: other partitions to look in than the user's here (`elsewhere_partitions`);
        there, a record about its project («Project uses Jira») is that project's, and only a forget-all reaches it."""
        request = to_simplified(request)
        elsewhere = parts is not None
        if is_forget_all(request):  # everything: their memories in the other partitions too, all of them
            if parts is None:
                return self.candidates(request, ctx), []
            statuses = ("candidate", "active", "superseded", "expired", "archived")
            return [self._show(r, 1.0) for r in self._own(parts, ctx, statuses)] if parts else [], []
        parts = self.owned_partitions(ctx) if parts is None else parts
        if not parts:
            return [], []
        statuses = ("candidate", "active", "superseded", "expired", "archived")
        chosen: dict[str, dict[str, Any]] = {}
        held: dict[str, dict[str, Any]] = {}
        category = _CATEGORY.search(request_sentence(request) or request)
        for item in topic_items(request_topic(request)):
            found = self._evidence(item, parts, statuses, ctx)
            if elsewhere:
                found = [x for x in found if x[0].subject.casefold() != "project"]
            scored = {r.id: (r, s) for r, s, _ in found}
            named_value = bool(value_words(item, value_terms(lexical_topic(item))))
            take, hold = select_named({r.id: ev for r, _, ev in found}, claim=states_a_value(item),
                                      category=bool(category), names_value=named_value)
            chosen.update({i: self._show(scored[i][0], scored[i][1]) for i in take})
            held.update({i: self._show(scored[i][0], scored[i][1]) for i in hold})
        return list(chosen.values()), [h for i, h in held.items() if i not in chosen]

    def shared_named(self, request: str, ctx: MemoryContext) -> list[dict[str, Any]]:
        """The shared team memories (project or org level) a forget request names, by the rule `to_forget` uses for
        the user's own: what a member cannot delete in chat, and is told so (an admin can remove them)."""
        request = to_simplified(request)
        if is_forget_all(request):
            return []
        parts = [p for p in ctx.visible_partitions() if p.startswith(("project/", "org/"))]
        found: dict[str, dict[str, Any]] = {}
        for item in topic_items(request_topic(request)):
            ev = self._evidence(item, parts, ("active",), ctx, own=False)
            scored = {r.id: (r, sc) for r, sc, _ in ev}
            take, _ = select_named({r.id: e for r, _, e in ev}, claim=states_a_value(item), category=False,
                                      names_value=bool(value_words(item, value_terms(lexical_topic(item)))))
            found.update({i: self._show(scored[i][0], scored[i][1]) for i in take})  # held back: not claimed
        return list(found.values())

    def _dense_evidence(self, topic: str, qvec: Any, parts: list[str], recs: list[MemoryRecord],
                        cos: dict[str, float]) -> dict[str, float]:
        """{id: dense evidence minus its floor} for the records the dense search found (≥ 0 clears it)."""
        emb = self.store.embedder
        ids = [r.id for r in recs if cos.get(r.id, 0.0) != 0.0]  # 0: the other language's half, or no vector
        floors = DENSE_FLOORS.get(emb.name)
        if floors is None or not ids:
            return {i: cos[i] - self.dense_floor for i in ids}
        lang = getattr(emb, "lang_of", detect_lang)(topic)
        floor = DENSE_FLOOR_FACTOR * (dense_floor_for(floors, lang, "general") or 0.0)
        c = centering(emb, lang)
        q_dot_m = float(qvec @ c.memory_mean)
        m_dot_q = self.store.cosines(parts, ids, c.query_mean)
        return {i: c.evidence(cos[i], q_dot_m, m_dot_q[i]) - floor for i in ids if i in m_dot_q}

    @staticmethod
    def _show(r: MemoryRecord, score: float) -> dict[str, Any]:
        return {"id": r.id, "text": r.text, "status": r.status.value, "level": r.scope.level.value, "score": round(score, 4)}

    def _request(self, state: dict[str, Any]) -> str:
        req = state.get(self.request_key)
        if req is None:
            msgs: list[BaseMessage] = state.get(self.messages_key) or []
            human = [m for m in msgs if isinstance(m, HumanMessage)]
            req = human[-1].content if human else None
        if not isinstance(req, str) or not req.strip():
            raise ValueError(f"no forget request: set state[{self.request_key!r}] or send a human message")
        return req

    # -- the node -----------------------------------------------------------------------------
    def offer(self, state: dict[str, Any], ctx: MemoryContext) -> dict[str, Any]:
        """Step one: the candidates for the request, awaiting confirmation (or `nothing_found`)."""
        request = self._request(state)
        offered = self.candidates(request, ctx)
        if not offered:
            return self._out("nothing_found", [], [], f"I found no memory about {request_topic(request)!r}.")
        return self._out("awaiting_confirmation", offered, [], self._question(offered))

    def confirm(self, offered: list[dict[str, Any]], answer: Any, ctx: MemoryContext) -> dict[str, Any]:
        """Step two: forget the confirmed memories — only ids among `offered`, and only the user's own."""
        try:
            ids = parse_confirmation(answer, [c["id"] for c in offered])
        except ValueError as e:  # the answer names nothing that was shown: delete nothing, and say so
            return self._out("unmatched", offered, [], f"Nothing was forgotten: {e}.")
        # re-check at delete time, whatever the state says (the candidate list may come back from the client): only
        # what `offer` could show, the user's own records in the partitions this run owns
        recs, owned = self.store.get_many(ids), set(self.owned_partitions(ctx))
        ids = [i for i in ids if i in recs and self._owns(recs[i], ctx) and recs[i].scope.partition in owned]
        if not ids:
            return self._out("cancelled", offered, [], "Nothing was forgotten.")
        reports = self.store.forget_many(ids, actor=f"user:{ctx.user_id}", reason="forget request")
        return self._out("forgotten", offered, reports, f"Forgotten {len(reports)} memor{'y' if len(reports) == 1 else 'ies'}.")

    def run(self, state: dict[str, Any], ctx: MemoryContext, now: datetime | None) -> dict[str, Any]:
        offered = state.get("memory_forget_candidates")
        if self.use_interrupt:
            if not offered or state.get("memory_forget_status") != "awaiting_confirmation":
                return self.offer(state, ctx)
            return self.confirm(offered, self.ask(offered), ctx)
        answer = state.get(self.confirm_key)
        if not offered or answer is None:  # a confirmation answers the offered list
            return self.offer(state, ctx)
        return self.confirm(offered, answer, ctx)

    def ask(self, offered: list[dict[str, Any]]) -> Any:
        """`interrupt()` with the offered candidates (their ids in order); returns the resume value."""
        from langgraph.types import interrupt

        return interrupt({"question": self._question(offered), "candidates": offered,
                          "candidate_ids": [c["id"] for c in offered]})

    def as_node(self) -> Any:
        """A runnable for `builder.add_node(node.name, node.as_node())`. With `use_interrupt` it is a
        two-node subgraph (offer → confirm): the offer is checkpointed before `interrupt()`, so the resume
        answers exactly the candidates that were shown, whatever was written meanwhile."""
        if not self.use_interrupt:
            return super().as_node()
        from langgraph.graph import END, START, StateGraph

        def step(name: str, body: Any) -> Any:
            def sync(state: dict[str, Any], config: RunnableConfig, runtime: Any = None) -> dict[str, Any]:
                return body(state, self.scope(state, config, runtime))

            async def asynchronous(state: dict[str, Any], config: RunnableConfig, runtime: Any = None) -> dict[str, Any]:
                return await asyncio.to_thread(body, state, await self.ascope(state, config, runtime))

            return sync_async_runnable(sync, asynchronous, name)

        def confirm(state: dict[str, Any], ctx: MemoryContext) -> dict[str, Any]:
            if state.get("memory_forget_status") != "awaiting_confirmation":
                return {}
            offered = state["memory_forget_candidates"]
            return self.confirm(offered, self.ask(offered), ctx)

        sub: StateGraph[Any, Any, Any, Any] = StateGraph(self._state_schema(), context_schema=MemoryContext)
        sub.add_node("offer", step("offer", self.offer)).add_node("confirm", step("confirm", confirm))
        sub.add_edge(START, "offer").add_edge("offer", "confirm").add_edge("confirm", END)
        return sub.compile(name=self.name)

    def _state_schema(self) -> type:
        keys = {
            self.messages_key: Annotated[list[AnyMessage], add_messages],
            self.request_key: NotRequired[str | None],
            "memory_forget_candidates": NotRequired[list[dict[str, Any]]],
            self.confirm_key: NotRequired[Any],
            "memory_forget_status": NotRequired[str],
            "memory_forgotten": NotRequired[list[dict[str, Any]]],
        }
        return TypedDict("ForgetSubgraphState", keys)  # type: ignore[operator]

    @staticmethod
    def _question(offered: list[dict[str, Any]]) -> str:
        lines = [f"{i}. {c['text']!r}" for i, c in enumerate(offered, 1)]
        return "Forget these stored memories? (quoted data) / 要忘掉这些记忆吗？\n" + "\n".join(lines)

    def _out(self, status: str, offered: list, reports: list, message: str) -> dict[str, Any]:
        out: dict[str, Any] = {
            "memory_forget_status": status,
            "memory_forget_candidates": offered,
            "memory_forgotten": reports,
            self.confirm_key: None,
        }
        if self.reply:
            out[self.messages_key] = [AIMessage(content=message)]
        return out
