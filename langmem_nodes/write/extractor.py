"""Extraction: the latest user turn(s) → structured candidate memories (`PendingWrite`s).

`Extractor` is the interface (one method); `RuleExtractor` is the deterministic, offline zh/en default;
`LLMExtractor` (in `llm_extractor.py`) wraps any chat model. `ExtractNode` (in `extract.py`) is the graph node.

What is NOT stored: reported speech (他说 / my friend says), hypotheticals, plans and questions
(如果 / if / should I), one-off instructions (这次 / just for this answer), past one-off episodes
(上个月在北京出差), small talk, and bare imperatives without a standing cue (always / 以后 / in this repo).

Example:
    >>> from datetime import UTC, datetime
    >>> from langmem_nodes.records import MemoryContext
    >>> turns = [{"role": "user", "content": "This project uses pnpm, and I personally like its workspaces."}]
    >>> out = RuleExtractor().extract(turns, MemoryContext(user_id="u1", project_id="shop"), datetime.now(UTC))
    >>> [(p.record.subject, p.record.predicate, p.record.object) for p in out]
    [('project', 'package_manager', 'pnpm'), ('user', 'prefers', "pnpm's workspaces")]
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from ..facts import is_exclusive
from ..records import Drift, Kind, Level, MemoryContext, MemoryRecord, Source, Tier, normalize_text
from ..safety import MAX_CLAUSES_PER_TURN, find_injection, instruction_target
from ..state import PendingWrite
from ..text import detect_lang, fold_width
from . import (
    allergy_noun,
    answer_condition_en,
    answer_scope,
    answered,
    approx_value,
    assistant_value,
    attr_shape_en,
    casual_en,
    change_value,
    chat12_en,
    chat14_en,
    chat15_en,
    chat16_zh,
    chat_en,
    chat_zh,
    checking_question,
    clause_en,
    cleft_en,
    code_spans,
    codeswitch,
    contrast,
    convention_lead,
    correction_cue,
    correction_ref,
    correction_slot,
    correction_swap,
    correction_target,
    correction_topic,
    correction_value,
    cue_after,
    dropped_en,
    edit_request,
    elided,
    example_en,
    family_facts,
    figurative_en,
    frames,
    grammar,
    grammar_zh,
    habit_any,
    habit_detail_zh,
    handed_material,
    household,
    household_zh,
    it_names,
    job_place,
    kin_age,
    kin_correction,
    kin_holder_zh,
    label_value_en,
    left_job,
    life_event,
    manner_en,
    manner_rule_zh,
    means_after,
    moved_host_zh,
    musical_instrument,
    named_aside,
    named_takeback_en,
    named_thing,
    narrowed_zh,
    negated_again,
    negated_frame,
    negated_wish_en,
    never_mind,
    no_longer,
    noted,
    one_rule,
    other_language,
    own_after_other_en,
    particle_zh,
    passing_en,
    pet_named,
    pronouns,
    quoted,
    ranked_zh,
    relative_en,
    remember_asked,
    reminder_zh,
    resay,
    restated_frame,
    routine,
    rule_holder_en,
    rule_release,
    slip,
    softened,
    stack_parts_en,
    standing_request_en,
    stated_end,
    stated_time,
    switch_kind,
    symptom,
    team_frame,
    third_party_note,
    thread_change,
    topic_holder_zh,
    traditional,
    transcript,
    unsaid_change,
    verb_conjunct,
    withdrawal,
)
from . import lexicon as lx
from .rules import Claim, clean_object

Turn = Mapping[str, Any]

CONFIDENCE = {Source.EXPLICIT_CORRECTION: 0.95, Source.EXPLICIT: 0.9, Source.INFERRED: 0.75}
HEDGED_CONFIDENCE = 0.45
MAX_CLAUSE_CHARS = 600
_REPLACES = re.compile(r"^(?:(?:not|rather than|instead of|but not)\b(?!\s+(?:any ?more|really|quite|exactly|yet|now)\b)|而不是|不是|不用|不叫|不姓|不住在)\s*(?P<o>.+)$", re.I)
_HEDGE_LEAD = re.compile(r"^(?:i think|i guess|i believe|i suppose|probably|我觉得|我感觉|我猜)\s*[,，]?\s*(?=\S)", re.I)
_BARE_VALUE = re.compile(
    r"^(?:(?:我家的?|我的)(?:那|这)(?:只|条|个|位)(?:猫|狗)?(?:叫|名叫)|(?:它|她|他)?(?:其实|实际上)?(?:叫|名叫|的名字是)(?![我你他她它们])|i meant|i mean|(?:it|she|he|they)(?:'s| is| are|'re)?\s+(?:actually\s+)?(?:called|named)|(?:her|his|their|its) name(?:'s| is)|it'?s|it is|it should be|should be|make (?:it|that)|(?:change (?:it|that) )?to|use|but rather|rather|"
    r"我(?:是说|的意思是)(?:用|是)?|(?:(?:上个?月|上周|上星期|去年|前几天|最近|已经|整体|全部|都|全|现在|早就|后来)+就?)?(?:应该是|而是|还是|是|改成了?|改为|换成了?|换到了?|迁到了?|切到了?|改用了?|用|(?P<at>在)))\s*(?:(?:actually|really)\s+)?(?P<o>[^,，]{1,60})$", re.I)
_MOVED_THERE = re.compile(r"^(?:i(?:'ve| have)?\s+(?:just\s+|only\s+)?(?:moved|relocated)\s+(?:over\s+)?there|i(?:'ve)?\s+(?:live|lived|been living)\s+there)\b|"
                          r"^我?(?:是)?(?:去年|今年|前年|上个?月|这个月|刚刚?|最近|前不久|才)*(?:搬|搬家)(?:过来|过去|到那边?|到这边?|来)(?:的|了)?", re.I)
_IT_ACTUALLY = re.compile(r"^\s*(?:(?:oh|ah|well)[,\s]+)?(?:it'?s|it is|they'?re|they are)\s+actually\s+(?:an?\s+|the\s+)?(?-i:[A-Z0-9])", re.I)
_FIX_LEAD = re.compile(r"^\s*(?:(?:哦|噢|啊|呃)\s*)?应该是|^\s*(?:(?:oh|sorry|wait)[,\s]+)?(?:it\s+)?should(?:'ve| have)? been?\b", re.I)  # "应该是20号"
_FIXING = re.compile(r"^\s*(?:(?:其实|实际上)?是|改成|换成|应该是|应该在|我(?:是说|的意思是)|i meant?\b|(?:it\s+)?should(?:'ve| have)? been?\b)", re.I)
_SOFT_LEAD = re.compile(r"^\s*(?:actually|in fact|其实|实际上)[,，]?\s*", re.I)


def _soft_only(message: str) -> bool:
    """`message` is marked as a correction only by a soft leading "actually" / "其实", which as often opens a new
    fact ("Actually my editor is Helix") as it withdraws one ("that's wrong", "改一下", "说的不对")."""
    rest = _SOFT_LEAD.sub("", message)
    return rest != message and not (lx.CORRECTION.match(rest) or lx.CORRECTION_ANYWHERE.search(rest))


_APOLOGY = re.compile(r"(?:sorry|sorry about that|my bad|oops|whoops|抱歉|不好意思|对不起|sorry啊)", re.I)
_SOFT_RETRACT = re.compile(r"\b(?:actually|sorry|oops|whoops|my bad)\b|其实|实际上|不好意思|抱歉", re.I)
_NAME_AGAIN = re.compile(r"(?:^|[,，;；—–-]\s*)(?:它|她|他)(?:其实|实际上)?(?:叫|名叫|的名字是)|\b(?:it|she|he|they)(?:'s| is| are|'re)?\s+"
                         r"(?:actually\s+)?(?:called|named)\b|\b(?:her|his|their|its) name\b", re.I)
_THIRD_NAMED = re.compile(r"^(?:它|她|他)(?:其实|实际上)?(?:叫|名叫|的名字是)|^(?:it|she|he|they)(?:'s| is| are|'re)?\s+(?:actually\s+)?(?:called|named)\b|^(?:her|his|their|its) name\b", re.I)
_NAMED_OLD = re.compile(r"(?:\bnot|\brather than|\binstead of|而不是|不是)\s*(?!(?:any ?more|really|quite|exactly|sure|yet|now|just|only|always|that|so|too|very)\b)(?P<o>[A-Za-z][\w.+#-]*(?:\s+[A-Z][\w.+#-]*)?|[\u4e00-\u9fff]{2,6})", re.I)
_RETRACT = re.compile(r"^(?:(?:nah,?\s+)?(?:actually,?\s+)?scratch that|(?:actually|no|sorry|wait|oops),?\s+make (?:that|it)|no wait|wait,? no|sorry,? (?:i meant|no)|actually,? no|i meant|i mean|"
                      r"(?:hmm+,?\s+)?no,?\s+correction|correction|其实不是|(?:不对)+|不是不是|"
                      r"哦不|噢不|啊不|说错了|记错了|不是(?=\s*$)|不+(?=\s*$))\b|"
                      r"^(?:更)?(?:准确|确切|严格)(?:地|来|点)?(?:说|讲)|^(?:more precisely|to be (?:precise|exact)|strictly speaking)\b", re.I)
# an apology or a slip that withdraws what was just said, when a new value follows it in the sentence
# ("I use IntelliJ — sorry, my bad, it's Eclipse"); at the sentence's end it only apologises ("…15 now, my bad")
_LONE_RETRACT = re.compile(r"(?:(?:no|nope|oh|ah|wait|hmm+)[,!.]?\s+)*(?:sorry|oops|whoops|wait|hold on|hang on|hmm+|nope|no|(?:(?:sorry|oops|whoops),?\s+)?(?:my bad|my mistake|i misspoke|"
                           r"typo|that'?s wrong|that was wrong|wrong one))|(?:well,?\s+)?(?:not any ?more|no longer)", re.I)  # "uses Lerna. Well, not anymore, …"
_BARE_NP = re.compile(r"^(?!(?:i|it|my|we|you|he|she|they|that|this)\b)(?![我你他她它这那])(?P<o>[A-Za-z0-9.+#-]+(?:\s+[A-Za-z0-9.+#-]+){0,2}|"
                      r"(?:(?![在是了的过着吧不没很刚但都也还就])[\u4e00-\u9fff]){2,5}|"
                      r"(?:(?![在是了的过着吧不没很刚但都也还就])[\u4e00-\u9fff]){1,4}\s?[A-Za-z0-9][A-Za-z0-9.+-]{0,8}|"  # "小米14"
                      r"[$¥€£]?\d[\d,.:]*\s?(?:[\u4e00-\u9fff]{1,3}|[A-Za-z%]{1,5})?|\d['’′]\s?\d{1,2}(?:\"|''|″)?)$", re.I)  # "29岁", "8pm", "$450", "5'11\"
def _is_marker_clause(clause: str) -> bool:
    return bool(slip.is_slip(clause) or correction_swap.is_marker(clause) or correction_swap.interrupts(clause)
                or lx.CORRECTION.match(clause.strip()))


def _before_marker(text: str) -> str:
    """`text` (a message up to its correcting clause) up to its last marker clause: what the marker withdraws. A
    message that opens with its marker ("that's wrong, paper is october, online is january") withdraws nothing of
    its own; one with no marker clause ("… 40 minutes by bus, or rather 50") is all said before."""
    parts = [p for p in _SWAP_CLAUSES.split(text) if p.strip()]
    marked = [i for i, p in enumerate(parts) if _is_marker_clause(p)]
    if not marked:
        return text
    return "，".join(parts[: marked[-1]]) if marked[-1] > 0 else ""


def _opens_after_marker(message: str, clause: str) -> bool:
    """`clause` is the first thing `message` says after the marker it opens with ("scratch that, I drink …")."""
    at = message.find(clause)
    return at > 0 and not _before_marker(message[:at]).strip(" ,，.。!！;；:：—–-…") and any(
        _is_marker_clause(p) for p in _SWAP_CLAUSES.split(message[:at]) if p.strip())


def _asked_in(clause: str, text: str) -> bool:
    """`clause` (a piece of `text`) is a question: a question word leads it or "?" ends it in `text`."""
    at = text.find(clause)
    return bool(lx.QUESTION.search(clause) or _ASKING.match(clause) or _REQUEST.match(clause)
                or (at >= 0 and text[at + len(clause):].lstrip()[:1] in ("?", "？")))


_REQUEST = re.compile(r"^(?:please|pls|can you|could you|help me|let me know|tell me)\b|^(?:请|帮我|麻烦|给我|你帮|能不能|可以帮)", re.I)


_ASKING = re.compile(r"^(?:will|would|can|could|do|does|did|should|shall|is|are|what|how|why|which|when|where|who)\b", re.I)
_LEAD_SOFT = re.compile(r"^(?:其实|实际上|不过|但是?|哦|啊|嗯)+")
_THIRD_PERSON = re.compile(r"^(?:she|he|they|her|his|their)\b|^(?:他|她|它)(?!们)", re.I)
_SWAP_CLAUSES = re.compile(r"(?:[,，!！?？;；—–…]|[.:](?!\d))+|[。：]+|\s+-\s+")
_POLITE = re.compile(r"\s*(?:please|pls|plz|instead|then|thanks|thx|actually|吧|呗|就行|就好|谢谢)\s*$", re.I)
_TOPIC_VALUE = re.compile(r"^(?:the\s+|our\s+)?(?P<t>[\w -]{2,30}?)\s+(?:is|are|uses|runs on|=)\s+(?:actually\s+)?(?:(?:on|at)\s+(?=(?-i:[A-Z])))?(?P<o>[^,，]{1,40})$|"
                          r"^(?P<t2>[\u4e00-\u9fffA-Za-z ]{2,12}?)(?:其实|实际上)?(?:是|用的是|用|=)\s*(?P<o2>[^,，]{1,40})$", re.I)
_PURPOSE = re.compile(r"^(?:to\s+\w+[^,，]*|要\S*?)[,，]\s*(?:just\s+)?(?:run|use|call|execute|type|用|跑|执行|运行)\b", re.I)
# Not the user's rule: a request to the assistant ("你帮我记", "注意一下哈"), a complaint about its output
# ("你给的 Python 代码都是两个空格缩进"), a softener ("听着亲切点").
_NOT_A_RULE = re.compile(r"^(?:你|您|you\b|your\b)|你给的|你写的|你的代码|you gave|you wrote|一下[哈啊吧呀]?$|[哈啊呀嘛]$|点$|"
                         r"再说|再聊|回头|\blater\b|"
                         r"^(?:注意|记|帮我|听着)", re.I)
# "it's complicated", "应该是这样": a judgement, not the corrected value
_NOT_A_VALUE = re.compile(r"^(?:my|our|his|her|their|your|complicated|fine|ok(?:ay)?|wrong|right|true|false|weird|hard|easy|different|nothing|"
                          r"typo|oops|sorry|where|when|what|how|why|who|earlier|before|above|just now|last time|yesterday|"
                          r"ha|hah|haha|heh|lol|hmm+|ugh|oh|ah|wow|yeah|yep|nah|"
                          # what the user just did to check, no value: "(hang on,) just checked pyproject"
                          r"(?:just\s+|i\s+)?(?:checked|looked|double[- ]checked|confirmed|verified|googled|noticed|reali[sz]ed)|"
                          # a request to the assistant, no value: "(never mind,) forget the reminder", "cancel that"
                          r"(?:please\s+|just\s+)?(?:forget|cancel|skip|ignore|drop|scrap|delete|remove|undo)\s+(?:the|that|this|it|my|about)\b|"
                          r"it|that|this|so|too|not|the other way.*|(?:back\s+|now\s+|still\s+)?(?:on|off|out of)\s+the\s+\w+.*|(?:the )?other(?: one)?$|这样|那样|这个|那个|对的|错的|不对|没事|复杂|另(?:外|一)(?:那|这)?(?:一)?(?:个|款|种)?)\b", re.I)
# the user takes back what they said of themselves: "(sorry) i'm not actually vegan(, i'm pescatarian)"
_NOT_ACTUALLY = re.compile(r"^(?:(?:ah|oh|sorry|wait|oops)[,!]?\s+)*(?:i'?m|i am)\s+not\s+actually\s+(?:an?\s+)?(?P<o>[\w .+#-]{1,30})$", re.I)
_NEVER_ING = re.compile(r"^(?:(?:and|but|so|honestly|tbh|just)\s+)*never\s+\w+ing\b", re.I)
_SWITCHED = re.compile(r"\b(?:switched|moved|migrated|changed|jumped|went|converted|ported)\s+(?:(?:back|over|right)\s+)*to\b", re.I)
_USED_TO = re.compile(r"^(?:i\s+)?used\s+to\s+(?P<v>.{2,80})$|^我(?:以前|之前|过去|曾经)(?P<z>.{2,40})$|"
                      r"^(?:我们|咱们)(?:组|团队|公司|项目|这边)?(?:以前|之前|过去|曾经|原来|本来)(?P<we>.{2,40})$", re.I)
# "I no longer use Vim, (now it's VS Code)": a value given up, which the next clause's value replaces
_NO_LONGER = re.compile(r"\b(?:no longer|no more|any ?more|quit|stopped|gave up|given up)\b", re.I)
# "(I hate nested ternaries,) please never hand me those": the rule's object is the claim before it, already stored
_POINTS_BACK = re.compile(r"\b(?:those|these|them|it|that|one|ones)(?:\s+(?:please|pls|again|ever|anymore))?$", re.I)
_WE = re.compile(r"^(?:we\b|we'|our\b|我们|咱们)", re.I)
_HOLDER = re.compile(r"^(?:i\b|i'|my\b|we\b|we'|our\b|you\b|he\b|she\b|they\b|it\b|the\b|this\b|[我你他她它])", re.I)
_NOT_X_BUT_Y = re.compile(r"((?:^|[，,。！？\s])(?:其实|哦|啊)?)不是\s*(?!不)([^，,。\s是]{1,20})\s*(?:而)?是(?=\s*\S)")  # not "不是不是"
# the name of what the clause before said the user has: "(I got a dog,) his name is Rex", "(…) she's called Mochi"
_EN_NAMED = re.compile(r"^(?:(?:and\s+)?(?:his|her|its|their)\s+name(?:'s|\s+is)|(?:and\s+)?(?:he|she|it)(?:'s|\s+is)\s+(?:called|named)|"
                       r"(?:and\s+)?(?:(?:we|i)\s+)?(?:named|called)\s+(?:him|her|it|them)|(?:called|named))\s+(?P<o>(?-i:[A-Z])[\w-]*)$", re.I)
# "它的名字叫咪咪", "取名叫旺财", "我们给它起名叫豆豆": the name of what the clause before said the user has
_ZH_NAMED = re.compile(r"^(?:(?:它|她|他)(?:的)?|(?:我们?)?给(?:它|她|他)(?:取|起)(?:了个?)?)?(?:(?:名字|小名|大名)(?:叫做|叫|是)|叫做|叫|名叫|"
                       r"(?:取|起)(?:了个?)?(?:名字?)?(?:叫|为))\s*(?P<o>[\u4e00-\u9fffA-Za-z]{1,6})$|^(?:一|大的|小的)(?:只|个|条)叫")
_ZH_EACH_NAMED = re.compile(r"叫\s*([\u4e00-\u9fffA-Za-z]{1,6}?)(?=一只|一个|一条|另一只|另一个|小的|[，,、]|$)")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_ARTICLE = re.compile(r"^(?:a|an|the)\s+", re.I)  # "not a Mazda" names "Mazda"
_AT_NOW = re.compile(r"^我(?=(?:现在|目前|已经|后来|其实)+在\s*\S)")

#: The skip reason for a clause about another person that reports no one's words ("she's a nurse", "My sister just
#: moved to Toronto"): their facts are not the user's; "reported speech" is kept for what someone said or thinks.
ABOUT_OTHERS = "about someone else"
_SPEECH = re.compile(r"\b(?:says?|said|thinks?|thought|tells?|told|claims?|mentioned|reckons?|insists?|according to|"
                     r"heard|rumou?r|apparently)\b|说|据说|听说|觉得|认为|告诉|表示", re.I)


def _hearsay_or_other(clause: str) -> str:
    return "reported speech" if _SPEECH.search(clause) else ABOUT_OTHERS


_SLIP_BETWEEN = re.compile(r"\S\s*[,，—–-]+\s*(?:no+pe|no,?\s+wait|wait,?\s+no|no,?\s+sorry|oops|whoops|哦不|啊不|不对)\s*[,，—–-]+\s*\S", re.I)
_ROUTINE_SPLIT = re.compile(r"[,，.。!！?？;；]+|\s+(?:and|so|but)\s+", re.I)
_ONLY = re.compile(r"^(?:but\s+)?(?:only|just|purely|exclusively)\s+(?P<o>(?-i:[A-Z])[\w.+#-]*(?:\s+[\w.+#-]+)?|[\w.+#-]+)$|"
                   r"^(?:只|只用|只喜欢)\s*(?P<z>[A-Za-z][\w.+#-]*)$", re.I)
_FIRST_PERSON = re.compile(r"^(?:i\b|i'|my\b|我(?!们))", re.I)
_SELF_REPORT = re.compile(r"^\s*(?:i told you|i said|i mentioned)(?:\s+(?:yesterday|before|earlier|last time))?(?:\s+that)?\s+|"
                          r"^\s*我(?:昨天|之前|刚才|上次)?(?:是不是|好像)?(?:说|提到|讲)(?:过)?(?:了)?", re.I)
_RANKS = re.compile(r"更(?:喜欢|爱|偏好|习惯|倾向)|宁[愿可]|\b(?:prefer|rather)\b", re.I)  # a comparative preference
# "我用 Go 而不是 Java" names the old value; "我不是很喜欢 Java" is a degree inside a negation, not one
_INLINE_REPLACES = re.compile(r"\s*[,，]?\s*(?:而不是|不是(?!(?:很|特别|太|那么|非常|十分|多|真的)?(?:喜欢|爱|想|习惯|能|会|吃|喝|用))|rather than|instead of|不叫)"
                              r"\s*(?P<o>[^,，]+)$", re.I)


class Extractor(ABC):
    """Turns a conversation into candidate memories about its latest user turn(s).

    `fallback` is what `ExtractNode` runs when `extract` raises (None: nothing is stored from that turn).
    """

    name: str = "extractor"
    fallback: Extractor | None = None
    uses_model: bool = False  # True: a failure is reported as the model's (`degrade.ModelFailure`)

    @abstractmethod
    def extract(self, turns: Sequence[Turn], ctx: MemoryContext, now: datetime) -> list[PendingWrite]:
        """`turns`: dicts with `role`, `content` and optional `id`, oldest first."""

    async def aextract(self, turns: Sequence[Turn], ctx: MemoryContext, now: datetime) -> list[PendingWrite]:
        """The async twin; by default `extract` in a worker thread. Extractors that await a model override it."""
        return await asyncio.to_thread(self.extract, turns, ctx, now)

    def extract_explained(self, turns: Sequence[Turn], ctx: MemoryContext, now: datetime
                          ) -> tuple[list[PendingWrite], list[dict[str, str]]]:
        """(`extract`'s writes, one `{"text", "reason"}` per clause that stored nothing). By default no reasons."""
        return self.extract(turns, ctx, now), []

    async def aextract_explained(self, turns: Sequence[Turn], ctx: MemoryContext, now: datetime
                                 ) -> tuple[list[PendingWrite], list[dict[str, str]]]:
        return await self.aextract(turns, ctx, now), []


def latest_user_turns(turns: Sequence[Turn]) -> tuple[list[Turn], list[Turn]]:
    """(the last run of consecutive user turns, everything before it). Trailing assistant/tool turns are
    ignored, so the write graph may run before or after the agent's reply."""
    end = len(turns)
    while end > 0 and turns[end - 1].get("role") not in ("user", "human"):
        end -= 1
    start = end
    while start > 0 and turns[start - 1].get("role") in ("user", "human"):
        start -= 1
    return list(turns[start:end]), list(turns[:start])


def turn_id(turn: Turn, index: int) -> str:
    """The id a memory cites for its turn: the message's own id, unless that holds a credential (a client's id is
    stored as `source_turn_ids`), then a digest of it."""
    raw = turn.get("id")
    return _screened_id(str(raw)) if raw else f"turn-{index}"


@functools.lru_cache(maxsize=1024)
def _screened_id(raw: str) -> str:
    from ..safety.fields import field_secret

    return "turn-" + hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()[:16] if field_secret(raw) else raw


# ---- rendering: the stored text is a neutral third-person statement, never an instruction --------
_EN = {
    "name": "User's name is {o}", "role": "User works as {o}", "lives_in": "User lives in {o}",
    "works_in": "User works in {o}", "works_at": "User works at {o}", "from": "User is from {o}",
    "allergy": "User is allergic to {o}", "diet": "User's diet: {o}", "prefers": "User likes {o}",
    "uses": "User uses {o}", "working_on": "User is working on {o}", "package_manager": "Project uses {o}",
    "rule": "{s} rule: {o}", "states": "User stated: {o}", "learning": "User is learning {o}", "has": "User has {o}",
    "trait": "User's trait: {o}", "family": "User's {o}",
}
_EN_NEG = {"prefers": "User does not like {o}", "uses": "User no longer uses {o}", "diet": "User does not eat or drink {o}",
           "rule": "{s} rule: never {o}", "states": "User stated (negative): {o}"}
_ZH = {
    "name": "用户名叫{o}", "role": "用户的职业：{o}", "lives_in": "用户住在{o}", "works_in": "用户在{o}工作",
    "works_at": "用户就职于{o}", "from": "用户来自{o}", "allergy": "用户对{o}过敏", "diet": "用户饮食：{o}",
    "prefers": "用户喜欢{o}", "uses": "用户使用{o}", "working_on": "用户正在做{o}", "package_manager": "项目使用{o}",
    "rule": "{s}规则：{o}", "states": "用户陈述：{o}", "learning": "用户在学{o}", "has": "用户有{o}", "trait": "用户的特征：{o}",
    "family": "用户的{o}",
}
_ZH_NEG = {"prefers": "用户不喜欢{o}", "uses": "用户不再使用{o}", "diet": "用户不吃{o}", "rule": "{s}规则：不要{o}",
           "states": "用户陈述（否定）：{o}", "has": "用户没有{o}"}


def _kin_of(predicate: str) -> str:
    """The family member or pet a name predicate is about: 'attr:wife_name' -> 'wife', 'attr:老婆名字' -> '老婆'."""
    attr = re.sub(r"(_name|名字)_\d+$", r"\1", predicate)  # "attr:cat_name_2": the second cat, rendered as the first
    if attr.startswith("attr:") and (attr.endswith("_name") or attr.endswith("名字")):
        return attr[5:].removesuffix("_name").removesuffix("名字").replace("_", " ")
    return ""


def render(claim: Claim, lang: str) -> str:
    pred = claim.predicate
    neg = claim.polarity == "negative"
    if lang == "zh":
        table, s = (_ZH_NEG if neg and pred in _ZH_NEG else _ZH), ("项目" if claim.subject == "project" else "用户")
    else:
        table, s = (_EN_NEG if neg and pred in _EN_NEG else _EN), claim.subject.capitalize()
    if pred.endswith("_command"):
        label = pred.removesuffix("_command")
        tpl = f"项目{label}命令：{{o}}" if lang == "zh" else f"Project {label} command: {{o}}"
    elif claim.subject == "user" and (kin := _kin_of(pred)):
        tpl = f"用户的{kin}叫{{o}}" if lang == "zh" else f"User's {kin} is called {{o}}"
    elif claim.subject == "user" and pred.startswith(("attr:favourite_", "attr:最喜欢的")):
        thing = pred[5:].removeprefix("favourite_").replace("_", " ")
        tpl = f"用户{pred[5:]}是{{o}}" if lang == "zh" else f"User's favourite {thing} is {{o}}"
    elif pred.startswith("attr:"):
        who = ("项目" if lang == "zh" else "Project") if claim.subject == "project" else ("用户" if lang == "zh" else "User")
        tpl = f"{who}的{pred[5:]}：{{o}}" if lang == "zh" else f"{who}'s {pred[5:].replace('_', ' ')}: {{o}}"
    else:
        tpl = table.get(pred, "{s}: {o}")
        if pred == "uses" and claim.subject == "project":
            tpl = "项目使用{o}" if lang == "zh" else "Project uses {o}"
        if pred == "working_on" and lang != "zh" and re.match(r"on[\s-]", claim.object, re.I):
            tpl = "{s} is {o}"  # a duty ("on call", "on duty"), not a task: "User is on call", never "working on on call"
        if pred == "working_on" and lang == "zh" and re.search(r"(?:值班|轮值)$", claim.object):
            tpl = "{s}{o}"  # "用户值班", not "用户正在做值班"
    if pred == "states" and claim.subject == "project":
        tpl = "项目备注：{o}" if lang == "zh" else "Project note: {o}"
    if neg and pred not in (_ZH_NEG if lang == "zh" else _EN_NEG):
        tpl = ("（否定）" if lang == "zh" else "NOT: ") + tpl
    if claim.verb and not pred.startswith("attr:") and (lang == "zh") == bool(_CJK.search(claim.verb)):
        # "用户不再吃肉", "用户已戒烟", "User is no longer vegan": the verb the user said, not the predicate's
        tpl = f"{s}{claim.verb}{{o}}" if lang == "zh" else f"{s} {claim.verb} {{o}}"
    if claim.condition and pred == "rule":  # "User rule: when answering me, never …"
        tpl = (tpl.replace("：", f"：{claim.condition}，", 1) if lang == "zh"
               else tpl.replace(": ", f": {claim.condition}, ", 1))
    said = claim.object.removesuffix(f"（{kin}）").removesuffix(f" ({kin})") if claim.subject == "user" and (kin := _kin_of(pred)) else claim.object
    return tpl.format(o=said, s=s)  # "用户的柯基叫豆豆", not "…豆豆（柯基）" (pet_named)


# a one-off dated event ("a meeting at 3pm", "我明天要去看牙医"): short-lived, unless it recurs ("every Monday at 9")
_DATED = re.compile(r"\b(?:\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d\d|tomorrow|tonight|this (?:morning|afternoon|evening)|"
                    r"(?:on|this|next|coming) (?:mon|tues|wednes|thurs|fri|satur|sun)day|next (?:week|month)|"
                    r"on (?:the )?\d{1,2}(?:st|nd|rd|th))\b|明天|后天|今晚|明早|明晚|(?:上午|下午|晚上|早上|中午)?[零一二两三四五六七八九十\d]{1,3}点(?:半|钟)?|"
                    r"(?:下|这)(?:周|星期|礼拜)[一二三四五六日天]|\d{1,2}月\d{1,2}[日号]", re.I)
_RECURRING = re.compile(r"\b(?:every|each|daily|weekly|monthly|usually|always|(?:mon|tues|wednes|thurs|fri|satur|sun)days)\b|每", re.I)


def classify(claim: Claim, clause: str) -> tuple[Tier, Drift, Kind]:
    """Tier (→ TTL), drift kind (what makes it stale) and kind of a claim."""
    kind = Kind(claim.kind) if claim.kind in Kind._value2member_map_ else Kind.FACT
    dated = claim.predicate in ("states", "has", "rule") and _DATED.search(clause) and not _RECURRING.search(clause)
    if claim.predicate == "working_on" or lx.TODAY.search(clause) or dated:
        return Tier.VOLATILE, Drift.EXTERNAL, (Kind.TASK_STATE if claim.predicate == "working_on" else kind)
    if claim.subject == "project":
        drift = Drift.CONFIG if claim.predicate.endswith("_command") or claim.predicate == "package_manager" else Drift.CODE
        return Tier.SEMI, drift, kind
    if kind is Kind.IDENTITY:
        return Tier.STABLE, Drift.EXTERNAL, kind
    if claim.predicate == "uses":
        return Tier.SEMI, Drift.PREFERENCE, Kind.PREFERENCE
    return Tier.STABLE, Drift.PREFERENCE, kind


_CONDITION_ZH = re.compile(r"(?:的时候|之时|的话)[\s，,]*$")


def _conditions_joined(raws: list[str]) -> list[str]:
    """A Chinese condition clause ("回答我的时候", "写代码的话") is no memory alone: it joins the clause it
    conditions ("回答我的时候，总是用公制单位" stays one rule)."""
    out: list[str] = []
    for raw in raws:
        if out and _CONDITION_ZH.search(out[-1]):
            out[-1] = f"{out[-1].rstrip(' ，,')}，{raw.lstrip()}"
        else:
            out.append(raw)
    return out


_LONE_NAME = re.compile(r"^\s*(?-i:[A-Z])[a-z][\w-]*\s*$")


def _names_joined(raws: list[str]) -> list[str]:
    """"Ana, Luis and Marta": a list of names split at its commas is one clause again (the names of what the
    clause before it named); so is a project frame and its clause ("At work, it's all C#")."""
    out: list[str] = []
    for raw in raws:
        if out and len(out[-1]) < 40 and grammar.framed_clause(f"{out[-1].strip()}, {raw.strip()}") and not grammar.parse(out[-1]):
            out[-1] = f"{out[-1].strip()}, {raw.strip()}"  # "At work, it's all C#": the frame and its clause
        elif out and _LONE_NAME.match(out[-1]) and grammar.NAMES_EN.match(f"{out[-1].strip()}, {raw.strip()}"):
            out[-1] = f"{out[-1].strip()}, {raw.strip()}"
        else:
            out.append(raw)
    return out


# the old value a later sentence names at its end ("… Helix, not Vim."); not `_NAMED_OLD`, which it must not shadow
_NAMED_OLD_AT_END = re.compile(r"(?:,|，)?\s*(?:\bnot\b|\bno longer\b|不是|而不是)\s*(?P<o>[^,，.。!！?？;；]{1,40}?)\s*[.。!！]?$", re.I)


def _correction_parts(content: str) -> list[str]:
    """`content` cut before a later sentence that corrects a value an earlier sentence of it gave, by name ("I use
    Vim. Actually Helix, not Vim.", "我用 Vim。其实是 Helix，不是 Vim。"): each part then reads as its own message,
    so the correction finds the value it names as it would a message later; else `[content]`."""
    sentences = [s for s in lx.SENTENCE_SPLIT.split(content) if s and s.strip()]
    for i in range(1, len(sentences)):
        s = sentences[i].strip()
        if lx.CORRECTION.match(lx.LEAD_FILLER.sub("", s)) and (m := _NAMED_OLD_AT_END.search(s)) \
                and normalize_text(m.group("o")) and normalize_text(m.group("o")) in normalize_text(" ".join(sentences[:i])):
            head = content[: content.find(sentences[i])] if sentences[i] in content else ""
            if head.strip():
                return [head.strip(), content[len(head):].strip()]
    return [content]


def _corrected_in_run(out: list[PendingWrite], read_from: list[tuple[int, int]], skipped: list[dict[str, str]]
                      ) -> tuple[list[PendingWrite], list[dict[str, str]]]:
    """Two user messages sent in one run ("I use Vim." + "Actually Helix, not Vim."): a correction in the later
    message replaces the value an earlier one gave in the same slot, as it would have a turn later (the resolver
    only supersedes what is already stored). The replaced value is not stored, and the skip says why."""
    gone: set[int] = set()
    for k, fix in enumerate(out):
        if fix.record.source is not Source.EXPLICIT_CORRECTION:
            continue
        named = {normalize_text(v) for v in fix.replaces}
        slot = [i for i in range(k) if read_from[i] < read_from[k] and out[i].record.subject == fix.record.subject
                and out[i].record.predicate == fix.record.predicate
                and normalize_text(out[i].record.object) != normalize_text(fix.record.object)]
        # the values it names ("Helix, not Vim"), else the last one said in its slot ("Actually, Helix.")
        for i in [i for i in slot if normalize_text(out[i].record.object) in named] if named else slot[-1:]:
            gone.add(i)
            skipped.append({"text": out[i].record.object,
                            "reason": f"corrected in a later message of this turn ({fix.record.object})"})
    return [p for i, p in enumerate(out) if i not in gone], skipped


class RuleExtractor(Extractor):
    """Deterministic zh/en extractor built on cue words and first-person clause patterns.

    Args:
        allow_generic_explicit: store an explicit request ("remember …", "以后…") that no pattern parses
            as a generic `states`/`rule` memory (default True).
    """

    name = "rule"

    def __init__(self, *, allow_generic_explicit: bool = True) -> None:
        self.allow_generic_explicit = allow_generic_explicit

    def extract(self, turns: Sequence[Turn], ctx: MemoryContext, now: datetime) -> list[PendingWrite]:
        return self.extract_explained(turns, ctx, now)[0]

    def extract_explained(self, turns: Sequence[Turn], ctx: MemoryContext, now: datetime
                          ) -> tuple[list[PendingWrite], list[dict[str, str]]]:
        written_latest, earlier = latest_user_turns(turns)
        # "我對花生過敏": read in Simplified, one character for one; the values are given back as written
        latest, earlier = traditional.simplified_turns(written_latest), traditional.simplified_turns(earlier)
        offset = len(earlier)
        out: list[PendingWrite] = []
        read_from: list[tuple[int, int]] = []  # (latest message, part of it) each pending write was read from
        skipped: list[dict[str, str]] = []
        for j, turn in enumerate(latest):
            content = turn.get("content")
            if not isinstance(content, str) or not content.strip():
                continue
            written = str(written_latest[j].get("content"))
            simplified = content
            tid = turn_id(turn, offset + j)
            smuggled = find_injection(content)  # one injected sentence taints the whole message
            content, others = transcript.own_lines(content)  # a pasted chat: other speakers' lines are not the user's
            skipped += [{"text": line[:60], "reason": "reported speech"} for line in others]
            if not content.strip():
                continue
            if j == 0 and earlier and earlier[-1].get("role") in ("assistant", "ai"):  # "Which DB?" — "postgres"
                content = chat14_en.answered(str(earlier[-1].get("content", "")), content) or content
            found, skips = [], []
            parts = _correction_parts(content)
            for n, part in enumerate(parts):  # "I use Vim. Actually Helix, not Vim.": the correction read a part later
                prior = [{"role": "user", "content": q} for q in parts[:n]]
                part_found, part_skips = _habits_read(part, *self.analyse(part, earlier=[*earlier, *latest[:j], *prior]))
                found += [(*f, n) for f in part_found]
                skips += part_skips
            skipped += traditional.skips_as_written(skips, simplified, written)
            found = [(*traditional.as_written([f[:4]], simplified, written)[0], f[4]) for f in found]
            for claim, clause, source, hedged, n in found:
                p = self._pending(claim, clause, source, hedged, ctx, now, tid, said_in=content)
                if (began := stated_time.since(clause, now)) is not None:  # "I moved to Denver last month"
                    p.record.metadata.update(since=began[0].isoformat(), since_said=began[1])
                if (ends := stated_end.until(clause, now, message=content)) is not None:  # "I'm in Tokyo until Friday"
                    p.record.metadata.update(until=ends[0].isoformat(), until_said=ends[1])
                if smuggled:
                    p.flags = ["injection"]
                if switch_kind.marked_switch(clause, content):  # "We're on Postgres now": a switch, for the resolver
                    p.flags = [*p.flags, switch_kind.SWITCH_FLAG]
                out.append(p)
                read_from.append((j, n))
        return _corrected_in_run(out, read_from, skipped)

    async def aextract_explained(self, turns: Sequence[Turn], ctx: MemoryContext, now: datetime
                                 ) -> tuple[list[PendingWrite], list[dict[str, str]]]:
        return await asyncio.to_thread(self.extract_explained, turns, ctx, now)

    def claims(self, message: str, *, earlier: Sequence[Turn] = ()) -> list[tuple[Claim, str, Source, bool]]:
        """Every claim in one user message with its clause, source and whether it was hedged.

        `earlier` turns are context only: a bare corrected value ("I meant Go", "应该是 Go") takes its
        attribute from the last claim the user made before it, and a correction naming the old value
        ("Helix, not Vim") takes the attribute that value was stored under.
        """
        return self.analyse(message, earlier=earlier)[0]

    def analyse(self, message: str, *, earlier: Sequence[Turn] = ()
                ) -> tuple[list[tuple[Claim, str, Source, bool]], list[dict[str, str]]]:
        """(claims as in `claims`, skips): each skip is `{"text": clause, "reason": ...}` with reason one of
        question, hypothetical, reported speech, about someone else, one-off, small talk, past episode, no parse.
        A quoted phrase is read as one piece (`quoted`)."""
        written, message = message, traditional.as_read(message)  # a direct call with Traditional text (see extract_explained)
        if message != written:
            read, unread = self.analyse(message, earlier=traditional.simplified_turns(earlier))
            return traditional.as_written(read, message, written), traditional.skips_as_written(unread, message, written)
        led = None
        if (rules := convention_lead.split(message)) is not None:  # "Our convention: never …, always …": the project's
            read, unread = self.analyse(rules, earlier=earlier)
            led = [(replace(c, subject="project") if c.predicate == "rule" else c, q, s, h) for c, q, s, h in read], unread
        message, code = code_spans.split(fold_width(message))  # "```python\n# I live in Tokyo …```": pasted code, not the user's clauses
        found, skips = quoted.restored(*self._analyse(quoted.protect(message), earlier=earlier))
        found = [(allergy_noun.as_allergy(c) or c, q, s, h) for c, q, s, h in found]  # "I have a peanut allergy"
        found = stack_parts_en.expand(found)  # "Postgres 15 on RDS", "CircleCI and tests must pass": its parts
        found = [(rule_holder_en.held(c, q), q, s, h) for c, q, s, h in found]  # "Never use `any` in our code": the project's
        found, skips = negated_wish_en.reread(found, skips)  # "I'd rather you didn't use X": X, negative
        found, skips = standing_request_en.reread(found, skips)  # "don't suggest X, ever"; one fact, one record
        found, skips = family_facts.reread(found, skips, message, about_others=ABOUT_OTHERS)  # "Remember that my wife is allergic to …"
        symptoms = [symptom.is_symptom(c, q) for c, q, _, _ in found]  # "fails with exit code 137": one run's report
        skips += [{"text": f[1], "reason": "one-off"} for f, sym in zip(found, symptoms, strict=True) if sym]
        found = [f for f, sym in zip(found, symptoms, strict=True) if not sym]
        found = [(next(iter(manner_rule_zh.as_rule(c, q)), c), q, s, h) for c, q, s, h in found]  # "以后提交信息都用英文写"
        found = pet_named.fold(found)  # "我养了一只柯基，叫豆豆": the pet and its name, one record
        found = narrowed_zh.fold(found)  # "我喜欢喝奶茶，尤其是芋泥波波": one liking
        skips = unsaid_change.settled(found, skips)  # "I switched jobs again, I work at Anthropic now": not in doubt
        if led is not None and led[0] and len(led[0]) >= len(found):  # the opening read apart found as much as the message whole
            return led
        return found, [*code, *skips]

    def _analyse(self, message: str, *, earlier: Sequence[Turn] = ()
                 ) -> tuple[list[tuple[Claim, str, Source, bool]], list[dict[str, str]]]:
        message = casual_en.respelt(casual_en.restore_apostrophes(message.replace("’", "'").replace("‘", "'")))  # "dont", "alergic"
        message = slip.precision_first(message)  # "vegetarian, well, pescatarian to be accurate"
        message = cue_after.fronted(message, bool(earlier))  # "it's Leo actually", "Evan*", "改喝拿铁": the cue first
        correction = bool(lx.CORRECTION.search(message) or lx.CORRECTION.match(lx.LEAD_FILLER.sub("", message))  # "嗯…其实是…"
                          or lx.CORRECTION_ANYWHERE.search(edit_request.without(message))
                          or chat_en.is_correction(message) or slip.marks(message) or contrast.marks_correction(message)
                          or correction_swap.marks(message, _user_texts(earlier))
                          or re.search(r"\b(?:i'?m|i am)\s+not\s+actually\b", message, re.I)
                          or bool(earlier) and (resay.opens(message) or approx_value.opens(message))
                          or correction_cue.marks(message, _assistant_text(earlier))
                          or correction_cue.disowns(message, _user_texts(earlier))) and not chat_en.declines(message) \
            and not correction_cue.dismay(message)
        referred = False  # the correction names an earlier value as withdrawn
        if not correction and earlier and correction_ref.cued(message):
            # "Eastern, sorry, not Pacific", "豆豆是以前那只": names a value the user stated before as withdrawn
            correction = referred = correction_ref.refers_back(message, _user_texts(earlier), [c.object for c in self._last_claims(earlier)])
        if not correction and earlier and _SOFT_RETRACT.search(message) and _NAME_AGAIN.search(message) and any(
                c.predicate.endswith(("名字", "_name")) for c in self._last_claims(earlier)):
            correction = True  # "…a golden retriever named Max" … "sorry, his name is Rex": a name said again
        if not correction and earlier and _SOFT_RETRACT.search(message) and any(
                kin_age.again(part) or correction_target.bare_count(part) for part in re.split(r"[,，.。!！;；—]", message)) and any(
                kin_age.holds_age(c.predicate) for c in self._last_claims(earlier)):
            correction = True  # "my daughter is 7" … "sorry, she's 8": an age said again
        slipped = bool(_SLIP_BETWEEN.search(message))  # "I'm 5'9 — nope, 5'11": a slip between two values
        withdrawn_claims: list[Claim] = []  # values withdrawn in this message, what a new value may replace
        marked_unread: list[str] = []  # clauses right after a marker with no bare value read
        after_marker = False  # a marker clause was read: a bare noun phrase after it is the new value ("…——不好意思，四个")
        unread_last = False  # the last clause read no claim but said a value: a marker after it withdraws that clause, not a claim
        routine_made: list[int] = []  # the claims read as routines: stored only as what replaces a value
        found: list[tuple[Claim, str, Source, bool]] = []
        skips: list[dict[str, Any]] = []
        carried: list[str] = []  # "其实不是上海，我在杭州工作": the old value named before the new one
        unresolved: list[tuple[str, str]] = []  # (clause, bare corrected value) with nothing earlier to correct
        left_unread: list[str] = []  # old values the message says were left, which no earlier claim holds
        handed = handed_material.without_material(message)  # "帮我翻译一下：…", "Summarise this README:\n…"
        if len(handed) < len(message):  # the material is not the user's words; its text is not repeated here
            skips.append({"text": "", "reason": f"material handed over ({len(message) - len(handed)} characters not read)"})
        message = handed
        message = life_event.said_as_names(message)  # "We adopted a cat named Miso": the name it gives
        message = household.as_mine(message)  # "我们的猫叫咪咪", "Our cat is called Mochi": the user's pet
        message = it_names.resolved(message)  # "…on my phone? it's a Pixel 7": my phone is a Pixel 7
        message = team_frame.framed_list(message)  # "我们项目的约定：\n- 提交信息用英文": the header frames each bullet
        message = chat16_zh.listed(message)  # "我们这个 app 大概情况：\n- Flutter 写的": the header's holder for each bullet
        message = frames.run_by_split(frames.framed_setup(message))  # "my setup:\n- neovim", "我的开发环境：\n- …"
        message = third_party_note.without_id_aside(message)  # "Bob (user id bob42) is vegetarian": one clause
        message = named_aside.inline(message)  # "a split keyboard (a ZSA Moonlander)": the bracket names the thing
        message = label_value_en.inline(message)  # "Our CI: GitHub Actions.", "my phone? it's a Pixel 7"
        message = _NOT_X_BUT_Y.sub(r"\1不是\2，是", message)  # "其实不是 MySQL 是 MariaDB": two clauses
        message = correction_ref.not_but(message, _user_texts(earlier))  # "actually, not GCP but Azure": the same two
        restated_here: list[str] = []  # "其实我每天不是走一万步，是八千步" said as "其实我每天走八千步，不是一万步"
        if correction:
            message, restated_here = correction_swap.not_then_is(message)
        kin = ""  # the family member the message named last ("my sister …"), for "her name is …" after it
        asks_for_help = functools.cache(lambda: kin_age.incidental(message))  # once per message, not per clause
        # A message reads each distinct sentence once: one pasted or said over and over adds nothing new, and the
        # skip reports it once with its count ("repeated within the same turn (N more times)").
        said_again: dict[str, int] = {}
        asked_before = answered.questions(earlier)  # the assistant's questions this message answers, if any
        read = unread = 0  # unread: sentences after the message made more claims than a turn keeps
        for sentence in lx.SENTENCE_SPLIT.split(message):
            if unread or len({_fact_key(c) for c, *_ in found}) > MAX_CLAUSES_PER_TURN:
                unread += bool(sentence and sentence.strip())
                continue
            sentence = lx.drop_emoji(answer_scope.untagged(sentence)).strip()
            team_rule = team_frame.names_rule(sentence)  # "团队规定：周五不发版": what follows is a rule, not a note
            sentence = team_frame.as_project_rule(sentence)  # "Team rule: …" binds the project
            sentence = chat14_en.bullet_setting(sentence) or sentence  # "* db: MySQL 8" in a list about the stack
            sentence = remember_asked.statement(sentence) or sentence  # "Could you remember that I'm vegetarian?"
            sentence = stated_time.unlead(sentence)  # "Last month I moved to Denver": the time after the change
            sentence = change_value.restated(sentence) or sentence  # "我换工作了，现在在腾讯": the change and its value
            sentence = job_place.restated(sentence) or sentence  # "My new job is at ByteDance": where the user works
            if not sentence:
                continue
            if sentence in said_again:
                said_again[sentence] += 1
                continue
            said_again.setdefault(sentence, 0)
            read += 1
            if (change_only := unsaid_change.read(sentence)) is not None:  # "I moved.", "我换工作了": no new value
                skips.append(change_only)
                continue
            if (release := rule_release.read(sentence)) is not None:  # "You don't need to use pytest anymore"
                skips.append(release)  # the commit supersedes the rule it names (`rule_release.carry_out`); read on,
                # for a sentence that names no rule held is read as usual ("我们项目不需要再支持 IE 了")
            if (change_first := change_value.leading_change(sentence)) is not None:  # "I moved, now in a bigger flat"
                skips.append(change_first)
            if ((correction or negated_frame.MARKED.search(sentence)) and not lx.QUESTION.search(sentence)
                    and (whole := negated_frame.read(sentence, grammar.parse))):
                # "Actually, I don't live in Boston but in Chicago": the old value and the new one, said in one sentence
                found += [(c, sentence.strip(), Source.EXPLICIT_CORRECTION, False) for c in whole]
                continue
            purpose = _PURPOSE.match(lx.LEAD.sub("", sentence.strip()))  # "To run the tests, use pytest -q"
            raws = [sentence] if purpose else [d for r in lx.CLAUSE_SPLIT.split(sentence) for b in chat_en.split(r)
                                             for c in verb_conjunct.team_clauses(b) for a in grammar_zh.split_also(c) for d in chat_zh.split_only(a)]
            raws = _names_joined(_conditions_joined([part for r in raws for part in slip.split_lead(r)]))
            asked = bool(lx.QUESTION.search(sentence.strip()))
            if (standing := chat12_en.standing_request(sentence)):
                sentence, raws, asked = standing, [standing], False  # a rule for every answer, asked politely
                explicit_ask = True
            else:
                explicit_ask = False
            if asked and len(raws) == 1:
                for claim in grammar.mentions(sentence):  # "our Flask app" names the project's stack
                    found.append((claim, sentence.strip(), Source.INFERRED, False))
                found += self._given(sentence)
                skips.append({"text": sentence.strip(), "reason": "question"})
                continue
            explicit = bool(lx.EXPLICIT.search(sentence)) or explicit_ask
            source = Source.EXPLICIT_CORRECTION if correction else Source.EXPLICIT if explicit else Source.INFERRED
            prev: Claim | None = None
            retracted: Claim | None = None  # a value withdrawn in this sentence, waiting for its replacement
            fixed: Claim | None = None  # the value that replaced a withdrawn one in the clause just read
            past: tuple[Claim, str, Source, bool] | None = None  # "I used to X" waiting for its current value
            holder_user = False  # the sentence's last clause had a first-person holder ("我以前住在北京，现在…")
            holder_we = False  # … or the team / project as holder
            holder_other = False  # … or a relative, friend or pet of the user's ("我家猫不喜欢吃猫粮，喜欢吃罐头")
            cue_open = False  # a bare cue clause ("From now on,") opens the next one
            reported = False  # inside a third party's frame (zh), until a first-person clause
            project_frame = False  # "In this repo, never commit to main": the frame names the subject
            pet = ""  # the user's pet this sentence named, for a pronoun that stands for it
            condition = ""  # a condition clause waiting for the clause it conditions
            for n, raw in enumerate(raws):
                if checking_question.checks(raws, n, asked=asked):  # "we're on node 20, right?": asked, not said
                    skips.append({"text": raw.strip(), "reason": "question"})
                    continue
                if asked and (n == len(raws) - 1 or lx.QUESTION.search(raw.strip())):
                    # "我一直用 tab 缩进，你能不能别用空格？": the statement before the question still counts
                    for claim in grammar.mentions(raw):
                        found.append((claim, raw.strip(), Source.INFERRED, False))
                    found += self._given(raw)
                    skips.append({"text": raw.strip(), "reason": "question"})
                    continue
                cued = bool(lx.EXPLICIT.search(raw)) or cue_open or explicit_ask
                bare = frames.unframed(noted.unframe(never_mind.unlead(lx.LEAD.sub("", raw.strip()))))  # "pretty sure we're on node 20"
                given = chat12_en.unsubordinate(bare)
                given = frames.given_cut(given) if given != bare else given  # "since I moved to X I've been …"
                clause = cleft_en.uncleft(lx.TRAIL_FILLER.sub("", lx.LEAD_TIME.sub("", given)))
                cue_open = bool(lx.EXPLICIT.search(raw)) and not clause.strip(" .,;:!?。，；：！？—–-")
                hedged = bool(lx.HEDGE.search(clause)) and source is Source.INFERRED
                clause = _HEDGE_LEAD.sub("", clause).strip(" .,;:!?。，；：！？—–-")
                clause, pet = pronouns.resolve(clause, pet), pronouns.mentioned(clause) or pet  # "my dog, she's a …"
                if not pet and not (prev is not None and prev.predicate == "has"):  # a pet's name is the pet's
                    clause = pronouns.resolve_name(clause, kin)  # "my sister's getting married … her name is Priya"
                kin = pronouns.kin_mentioned(clause) or kin
                lone = _LONE_RETRACT.fullmatch(lx.LEAD_FILLER.sub("", raw.strip(" .,;:!?—–-"))) and n < len(raws) - 1 \
                    and not correction_cue.excuse(raws[n + 1])  # "… camelCase. sorry, long day.": an apology, no slip
                marker = slip.is_slip(raw) or correction_swap.is_marker(raw) or (n > 0 or len(raws) > 1) and slip.is_heading(raw)
                lone = lone or (marker and n < len(raws) - 1)  # "I live in Berlin, strike that, Hamburg"
                if lone and fixed is not None and found and found[-1][0] is fixed and _APOLOGY.fullmatch(raw.strip(" .,;:!?。，！—–-")):
                    lone = False  # "runs on AWS — I mean GCP, sorry, …": the apology is for the slip, not a new one
                if lone and found and _REPLACES.match(raws[n + 1].strip(" .,;:!?。，；：！？—–-")) and (
                        old := correction_ref.named_old(raws[n + 1], _user_texts(earlier))) and (
                        normalize_text(old) not in normalize_text(found[-1][0].object)):
                    lone = False  # "Eastern, sorry, not Pacific": the apology sits between the new value and an old one said before
                # "it's python 3.12 now. sorry, forget the 3.9 thing": the slip names another (older) value to withdraw
                older = bool(found and n + 1 < len(raws) and (old := slip.named(raws[n + 1].strip()))
                             and normalize_text(old) not in normalize_text(found[-1][0].object))
                lone = lone or bool(found and (resay.replaces(raw, found[-1][0].object) or n + 1 < len(raws)  # "Austin, or rather Round Rock"
                                               and resay.softly_before(raw, raws[n + 1], found[-1][0].object)))  # "vegan — well, actually, vegetarian"
                if (_RETRACT.match(lx.LEAD_FILLER.sub("", raw.strip())) or lone) and found and retracted is None and not older and not unread_last:
                    # "I drive a Honda Civic — scratch that, … a Mazda": the value just said is withdrawn
                    withdrawn_item = found.pop()
                    retracted = withdrawn_item[0]
                    withdrawn_claims.append(retracted)
                    skips.append({"text": retracted.object, "reason": "retracted"})
                    prev = None
                if marker or (correction and slip.is_opener(raw)):  # "strike that", "口误", "hold on": no value
                    skips.append({"text": raw.strip(), "reason": "correction marker"})
                    after_marker = True
                    if old_named := slip.named(raw):  # "scrap the vegetarian thing": the old value, named
                        carried.append(old_named)
                    continue
                just_marked, after_marker = after_marker, False  # only the clause right after a marker
                clause = resay.unmarked(clause)  # "or rather Round Rock", "Svelte I mean": the value said again
                if correction and clause and correction_cue.excuse(clause):  # "…, autocorrect strikes again": no value
                    skips.append({"text": clause, "reason": "small talk"})
                    continue
                if not clause:
                    if not cue_open and not correction and raw.strip(" .,;:!?。，；：！？—–-~～…"):  # "嗯。": filler alone
                        skips.append({"text": raw.strip()[:60], "reason": "small talk"})
                    continue
                if len(clause) > MAX_CLAUSE_CHARS:  # a run-on "clause" is not a memory
                    skips.append({"text": clause[:60] + "…", "reason": f"too long ({len(clause)} characters in one clause)"})
                    continue
                if (language := other_language.name(clause)):  # "私は東京に住んでいます", "Vivo en Madrid": not read, and said so
                    skips.append({"text": clause, "reason": "language not supported", "language": language})
                    continue
                if reported and not ((_FIRST_PERSON.match(clause) or _WE.match(clause)) and not lx.REPORTED.search(clause)):
                    skips.append({"text": clause, "reason": _hearsay_or_other(clause)})
                    continue
                reported = False
                if lx.FILLER.match(clause):
                    skips.append({"text": clause, "reason": "small talk"})
                    continue
                if n > 0 and example_en.gives_example(clause):  # "(…with semver,) like v2.3.1": an example, no fact
                    skips.append({"text": clause, "reason": example_en.REASON})
                    continue
                if n < len(raws) - 1 and (lx.CONDITION.match(clause) or answer_scope.frames_next(clause)) and not grammar.parse(clause, standing=True):
                    condition = clause  # "when answering me, never …": it belongs to the next clause
                    cue_open = cue_open or (cued and answer_scope.frames_next(clause))  # "以后给我写代码，注释都用中文"
                    continue
                conditioned, condition = condition, ""
                if correction:
                    clause = chat_en.frame(correction_ref.new_side(correction_cue.restated(clause)))  # "mine's a Yaris", "I should say Kotlin"
                    clause = correction_swap.rather(clause) or correction_swap.not_but(clause)  # "or rather 50", "we're not on X but Y"
                named_again = correction and _BARE_VALUE.match(clause) is not None  # "typo — she's called Emily"
                if prev is not None and prev.predicate == "has" and prev.subject == "user" and (
                        _EN_NAMED.match(clause) or _ZH_NAMED.match(clause)):
                    named_again = True  # "I got a dog, she's called Rex", "我养了只兔子，它叫雪球": its name, not hearsay
                # "she's turning 7, not 6": the age of the family member the user gave one for before
                age_again = kin_age.corrected_age(clause, kin_age.ages_said(
                    [str(t.get("content", "")) for t in earlier if t.get("role") in ("user", "human")][-3:])) if correction and earlier else []
                if not age_again and correction and kin:  # "it's for my daughter, she's six — wait no, she turned seven"
                    age_again = kin_age.pronoun_age(clause, kin)
                frame = ("reported speech" if lx.REPORTED.search(clause) and not grammar.own_fact(clause)
                         and not named_again and not age_again
                         and not ((correction or retracted is not None) and (kin_age.said(clause) or kin_age.said_again(clause))) else
                         "hypothetical" if lx.HYPOTHETICAL.search(clause) else
                         "figurative" if figurative_en.says(raw) else  # "I'm basically a professional bug generator at this point lol"
                         "one-off" if lx.ONE_OFF.search(clause) or lx.REMINDER.match(raw) or reminder_zh.asks(raw) or edit_request.is_edit(raw) else None)
                if frame == "reported speech" and correction and earlier and (pet_value := kin_correction.pet_value(clause)) and (
                        again := [c for c in self._bare_correction(("是" if _CJK.search(pet_value) else "it's ") + pet_value, earlier, sentence=sentence)
                                  if (c.predicate == "has" or c.predicate.startswith("attr:")) and kin_correction.is_pet(c.replaces[0] if c.replaces else "")]):
                    found += [(c, clause, Source.EXPLICIT_CORRECTION, False) for c in again]  # "I have a golden retriever" … "he's a labrador"
                    prev = again[-1]
                    continue
                if frame == "reported speech" and correction and (kin_value := kin_correction.value(clause, [message, *_user_texts(earlier)])):
                    unresolved.append((clause, kin_value))  # "she's a pharmacist, not a nurse": of the user's wife, said before
                if frame:
                    skips.append({"text": clause, "reason": _hearsay_or_other(clause) if frame == "reported speech" else frame})
                    if frame == "figurative" or (frame == "one-off" and reminder_zh.asks(raw)):
                        continue  # a joke about oneself, a reminder asked for: only its own clause
                    if frame == "reported speech" and _CJK.search(clause):
                        reported = True  # "他们都用 Windows，我是 Mac 党": the frame ends where the user speaks again
                        continue
                    if correction and frame == "reported speech" and any(
                            slip.is_slip(r) or correction_swap.is_marker(r) or correction_swap.interrupts(r) for r in raws[n + 1:]):
                        continue  # "They pay me hourly, my rate's $60/hr — actually hang on, …": the user speaks again
                    if frame == "reported speech" and not _SPEECH.search(clause) and own_after_other_en.speaks_again(raws[n + 1:]):
                        continue  # "My son is allergic to peanuts and I am vegetarian": the user's own clause next
                    break  # the rest of the sentence belongs to the same frame
                if relative_en.opens(clause):  # "(my cat,) who is 12": said of the noun before it
                    skips.append({"text": clause, "reason": "relative clause (about the noun before it)"})
                    continue
                if correction and n < len(raws) - 1 and (old_said := correction_ref.said_old(raw)):
                    carried.append(old_said)  # "I said Toyota earlier — the car's a Honda": the old value, named
                    skips.append({"text": raw.strip(), "reason": "past value"})
                    continue
                if correction and n < len(raws) - 1 and (before_said := correction_ref.said_before(clause)) and (
                        olds := [c.object for c in grammar.parse(before_said)]):
                    carried += olds  # "我之前说我对花生过敏，那是说错了，…": the old value, said again
                    skips.append({"text": clause, "reason": "past value"})
                    holder_user = True  # the user holds the clause that gives the new value ("其实是对芒果过敏")
                    continue
                if correction and (unsaid := _NOT_ACTUALLY.match(clause)) and n < len(raws) - 1:
                    carried.append(clean_object(unsaid.group("o")))  # "i'm not actually vegan, i'm pescatarian"
                    skips.append({"text": clause, "reason": "past value"})
                    continue
                rep = _REPLACES.match(clause)
                if rep and prev is not None and prev.predicate and retracted is None and (
                        normalize_text(_ARTICLE.sub("", clean_object(rep.group("o")))) == normalize_text(_ARTICLE.sub("", prev.object))
                        or correction and _holds_word(prev.object, clean_object(rep.group("o")))):  # "Spanish on Duolingo, well, not Spanish"
                    # "我最爱喝美式——其实不是美式，而是拿铁": the clause withdraws the value before it
                    found[:] = [f for f in found if f[0] is not prev]
                    retracted, prev = prev, None
                    skips.append({"text": clause, "reason": "retracted"})
                    continue
                if rep and prev is not None:
                    prev.replaces.append(clean_object(rep.group("o")))
                    if clause.startswith("不用") and prev.predicate == "uses" and not correction:
                        # "我们这边用企业微信，不用 Slack": also a stated fact — the holder does not use it
                        found.append((Claim(prev.subject, "uses", clean_object(rep.group("o")), "negative", prev.kind),
                                      clause, source, hedged))
                    continue
                if rep and correction:
                    carried.append(clean_object(rep.group("o")))
                    after_marker = True  # "not the 56, the 54cm": the bare value after it is the new one
                    continue
                if correction and (gone := correction_value.left(clause)):  # "we moved off heroku last month"
                    if any(normalize_text(gone) in normalize_text(c.object) for c in self._last_claims(earlier)):
                        (prev.replaces if prev is not None and prev.predicate else carried).append(gone)
                    else:  # "we moved off Opsgenie" said of a sentence nothing was read from: that sentence is the old one
                        left_unread.append(gone)
                    skips.append({"text": clause, "reason": "past value"})  # else the latest claim is what it corrects
                    continue
                former = grammar.FORMER.match(clause)
                disowned = chat_en.disowned(clause) if correction and not former else ""
                if former or disowned:  # "Go was my old job", "Mango is my mom's cat": the old value of a claim
                    old = clean_object(disowned or next(g for g in former.groups() if g))  # type: ignore[union-attr]
                    (prev.replaces if prev is not None and prev.predicate else carried).append(old)
                    skips.append({"text": clause, "reason": "past value"})
                    continue
                if (lx.PAST_EPISODE.search(clause) and not explicit and not correction and retracted is None
                        and not lx.CHANGE.search(clause) and not dropped_en.NO_LONGER.search(clause)):  # "I'm 34, no wait, I'm 35 as of last week": a replacement
                    skips.append({"text": clause, "reason": "past episode"})
                    continue
                if lx.SMALL_TALK.match(clause) and len(clause) < 12:
                    skips.append({"text": clause, "reason": "small talk"})
                    continue
                if lx.PROJECT.fullmatch(clause):
                    project_frame = True
                    continue
                # "我家狗是柯基，叫豆包(，不爱出门)": its name goes on, and so does the pet as holder
                continued = holder_other and chat16_zh.said_of_prev(clause, prev)
                if holder_other and not correction and _CJK.search(clause) and not _HOLDER.match(clause) and not continued:
                    skips.append({"text": clause, "reason": "another holder"})  # the subject dropped is theirs
                    continue
                holder_other = chat_zh.other_holder(clause) or continued
                if prev is None and holder_user:
                    prev = Claim("user", "", "")
                if prev is None and holder_we:
                    prev = Claim("project", "", "")  # "我们团队就 4 个人，任务管理都用飞书": the team holds the next clause
                holder_user, holder_we = bool(_FIRST_PERSON.match(clause)) and not chat_zh.other_holder(clause), bool(_WE.match(softened.untensed(clause)))  # "以前我们用 Travis，现在全迁到…": the team holds what follows
                manner = manner_en.standing(clause)  # "Please answer in British English": how every answer is made
                clause = manner_en.said(clause) if manner and not grammar.parse(clause, standing=True) else clause
                now_lead = bool(re.match(r"^\s*(?:but\s+)?(?:now|nowadays|these days)\b", raw, re.I) and _BARE_NP.match(clause))
                new = (elided.after_past(raw.strip(" .,;:!?。，；：！？"), past[0])  # "我以前在腾讯上班，现在在华为"
                       or grammar.current_of(past[0], f"now {clause}" if now_lead else clause) if past is not None else []) or (
                    chat_zh.current_stance(past[0], clause) if past is not None else []) or self._parse(
                    clause, prev, explicit or answer_scope.every_piece(conditioned) or answer_condition_en.habitual(conditioned)
                    or manner, generic=cued or answer_condition_en.habitual(conditioned) or manner,
                    changes=not correction)  # "when writing JS, don't use var", "when I ask for SQL, use CTEs"
                if new and past is not None and new[0].replaces and elided.passed_step(raw.strip(), raws[n + 1:]):
                    past = (new[-1], clause, source, hedged)  # "后来去了深圳，现在又回北京了": a step, not the value of now
                    skips.append({"text": clause, "reason": "past value"})
                    continue
                if new and not correction and kin_holder_zh.holds(clause) and not any(kin_holder_zh.users_own(c) for c in new):
                    skips.append({"text": clause, "reason": ABOUT_OTHERS})  # "我家孩子对花生过敏": the child's, not the user's
                    continue
                if new and not correction and not cued and all(passing_en.passing(c, clause, raw) for c in new):
                    skips.append({"text": clause, "reason": passing_en.REASON})  # "I'm in Seattle this week" ("remember …" keeps it)
                    continue
                if not new and (went_on := _rule_goes_on(prev, clause)):
                    new = [Claim(prev.subject, "rule", went_on, "positive", "rule")]  # type: ignore[union-attr]
                if not new and softened.indifferent(next((r for r in reversed(raws[:n]) if r and r.strip()), "")):
                    new = softened.reaction(clause)  # "tab 无所谓，但是行尾空格受不了": the reaction is scoped to the second thing
                if not new and (untimed := correction_value.untimed(clause)) != clause:
                    new = self._parse(untimed, prev, explicit, generic=cued)  # "I'm 35 as of last week": dated, the value stands
                if not new and (correction or slipped):
                    # "I run 20 km a week, actually make that 30", "说错了，我一般 6 点就起了": kept only if it replaces a value
                    new = routine.read(clause)
                    held = {c.predicate: c.object for c in (self._last_claims(earlier) if new and earlier else [])}
                    for c in new:
                        if normalize_text(held.get(c.predicate, c.object)) != normalize_text(c.object):
                            c.replaces.append(held[c.predicate])
                    routine_made += [id(c) for c in new]
                if correction:
                    # an age said in a correction is stored ("my son is 10, not 12"); "老有人写错" is no use of 错
                    new = (kin_age.replacing(kin_age.mentions(clause), earlier)
                           or [c for c in new if not correction_target.slip(c.object)])
                if prev is not None and prev.predicate and new and all(c.predicate == "rule" and _POINTS_BACK.search(c.object) for c in new):
                    new = []  # "I hate nested ternaries, please never hand me those": the claim before says it
                if new and all(c.predicate == "rule" for c in new) and _NEVER_ING.match(clause) and not re.search(r"\bplease\b", raw, re.I):
                    new = []  # "(and honestly) never looking back": how the user feels, no instruction
                withdrawn_here = False  # the clause replaces a value the sentence withdrew: a correction in itself
                if retracted is not None and new and (same := _same_attribute(found, new[0], retracted)) is not None:
                    # "我住在望京，在国贸上班，哦不对，我现在住回龙观了": the new value withdraws the one of its own
                    # attribute said before, not the last one said
                    found[found.index(same)] = withdrawn_item
                    skips[:] = [{"text": same[0].object, "reason": "retracted"} if k.get("reason") == "retracted" and k.get("text") == retracted.object
                                else k for k in skips]
                    retracted = same[0]
                if retracted is not None:
                    new = _instead(retracted, clause, new)
                    if new:
                        retracted, withdrawn_here = None, True
                if not new and correction and unresolved and _MOVED_THERE.match(clause):
                    # "i meant Lund. i moved there in march", "是苏州，去年搬过来的": the bare value is where the user lives
                    new = [Claim("user", "lives_in", clean_object(unresolved.pop()[1]), "positive", "identity")]
                if not new and age_again:
                    new = age_again
                if new and not age_again and not correction and not withdrawn_here and any(kin_age.is_kin_age(c) for c in new) and asks_for_help():
                    new = [c for c in new if not kin_age.is_kin_age(c)]
                if not new and correction and (onto := correction_value.moved_onto(clause)):
                    new = [Claim("project", "uses", clean_object(onto), "positive", "fact")]  # "the app is going on fly.io now"
                withdrawn_next = n + 1 < len(raws) and not _FIXING.match(clause) and bool(  # not "应该是周四，我记错了", "是周四，说错了"
                    slip.is_slip(raws[n + 1]) or _RETRACT.match(lx.LEAD_FILLER.sub("", raws[n + 1].strip())))
                if not new and correction and not withdrawn_next:  # "周四发版，哦不对，…": the slip withdraws it, no new value
                    new = self._bare_correction(clause, earlier, bare_np=not found, sentence=sentence, left=left_unread)
                    # "周三是封板日" after "我们每周三发版": the old value said again of something else, no new one
                    new = [c for c in new if not _bare_value(clause)[0] or normalize_text(c.object) not in {normalize_text(r) for r in c.replaces}]
                    if not new and earlier:  # "我每天跑步三十分钟" … "说错了，跑步要五十分钟": one value of a kind
                        new = [Claim(c.subject, c.predicate, put[0], c.polarity, c.kind, [c.object]) for c in self._last_claims(earlier)
                               if (put := correction_slot.swap_kind(c.object, clause))][:1]
                    if not new and (value := _bare_value(clause, bare_np=not found or just_marked)[1]):
                        unresolved.append((clause, value))  # no earlier turn to take its attribute from
                    elif not new and just_marked:
                        marked_unread.append(clause)  # "scratch that, it's 5 days now since i added a leg day"
                if (new and correction and prev is not None and new[0].polarity == "negative"
                        and prev.polarity == "positive" and new[0].subject == prev.subject
                        and new[0].predicate == prev.predicate):
                    # the old side of the flip; a fact of its own too ("不对，我其实喜欢咖啡，不喜欢绿茶"), unless it ranks
                    # ("我更喜欢空格，不喜欢 tab") or withdraws what the user said before (only the new value stands)
                    prev.replaces.append(new[0].object)
                    ranks = any(c is prev and _RANKS.search(q) for c, q, *_ in found)
                    stated = {normalize_text(c.object) for c in self._last_claims(earlier) if c.polarity == "positive"}
                    old = normalize_text(new[0].object)
                    if not ranks and not any(x and (x in old or old in x) for x in stated):
                        found += [(c, clause, source, hedged) for c in new]
                    continue
                if (new and correction and prev is not None and new[0].polarity == "positive"
                        and prev.polarity == "negative" and new[0].subject == prev.subject
                        and new[0].predicate == prev.predicate and prev.predicate in ("prefers", "uses")
                        and any(normalize_text(c.object) == normalize_text(prev.object) and c.polarity == "positive"
                                for c in self._last_claims(earlier))):
                    # "我喜欢吃甜的" … "说反了，我不喜欢甜的，喜欢咸的": the negative half withdraws the old value, the
                    # positive half is the new one
                    found[:] = [f for f in found if f[0] is not prev]
                    new[0].replaces.append(prev.object)
                if project_frame:
                    for c in new:
                        if c.predicate in ("rule", "states"):  # "In this repo, never …" / "…, variable names are camelCase"
                            c.subject = "project"
                if team_rule:
                    for c in new:
                        if (c.subject, c.predicate) == ("project", "states"):
                            c.predicate, c.kind = "rule", "rule"
                if not new and asked_before and read == 1 and not correction and (
                        said := answered.statement(clause, asked_before[min(n, len(asked_before) - 1)])):
                    # "你们项目用什么 CI？" "GitHub Actions。": the question frames it
                    new = self._parse(re.sub(r"^以后", "", said), None, explicit or bool(lx.EXPLICIT.search(said)))
                if not new:
                    skips.append({"text": clause, "reason": ABOUT_OTHERS if explicit and third_party_note.about_another(clause) else
                                  "past value" if lx.PAST_VALUE.search(clause) else "no parse"})
                    # "我们用 MySQL 8，每周二发版，不对，…": the slip is about 每周二发版 (in English an aside often says a number of its own: "been here since 2019")
                    unread_last = bool(_CJK.search(clause)) and correction_swap.holds_value(clause)
                    if (used := _USED_TO.match(clause)) and (was := grammar.parse(
                            f"我{used.group('z')}" if used.group("z") else f"我们{used.group('we')}" if used.group("we")
                            else "I " + re.sub(r"^be\s+", "am ", used.group("v"), flags=re.I))):
                        past = (was[-1], clause, source, hedged)  # "I used to live in London": what the next value replaces
                before = prev if prev is not None and prev.predicate else found[-1][0] if found else None
                if (new and before is not None and before.predicate == new[0].predicate and before.subject == new[0].subject
                        and before.polarity == new[0].polarity == "positive" and not new[0].replaces
                        and _SWITCHED.search(clause) and re.search(r"\bbut\b", message, re.I)):
                    # "I've been using zsh for years but just moved to fish": the switch replaces the value before it
                    found[:] = [f for f in found if f[0] is not before]
                    new[0].replaces.append(before.object)
                if new and past is not None and new[0].subject == past[0].subject and new[0].polarity == "positive":
                    # "I used to live in London but now I live in Madrid": the past value is what the new one replaces
                    if past in found:
                        found.remove(past)
                    new[0].replaces.append(past[0].object)
                    past = None
                is_past = bool(new) and bool(lx.PAST_VALUE.search(clause) or _NO_LONGER.search(clause)
                                             or dropped_en.NO_LONGER.search(clause)) and new[-1].polarity == "negative"
                for claim in new:
                    if carried:
                        claim.replaces.extend(carried)
                        carried = []
                    if conditioned and claim.predicate == "rule":
                        claim.condition = conditioned
                    said = Source.EXPLICIT_CORRECTION if withdrawn_here and not hedged else _marked_current(source, raw, hedged)
                    quote = f"{conditioned}{'，' if _CJK.search(conditioned) else ', '}{clause}" if conditioned else clause
                    found.append((claim, quote, said, hedged))
                    unread_last = False
                if is_past:
                    past = found[-1]
                fixed = new[-1] if new and withdrawn_here else None
                prev = new[-1] if new else (None if prev is not None and not prev.predicate else prev)
                if not new and (chat16_zh.REQUEST.match(clause) or _ADDRESSED.match(clause)):
                    prev = None  # "帮我写个配置，用 terraform 写": the clause after a request says how, for this answer
        skips += [{"text": s, "reason": f"repeated within the same turn ({n} more {'time' if n == 1 else 'times'})"}
                  for s, n in said_again.items() if n]
        if unread:
            skips.append({"text": "", "reason": f"not read: the message made more than {MAX_CLAUSES_PER_TURN} claims; "
                                                f"its last {unread} sentences were not read"})
        dropped_en.replaced_later(found)  # "we dropped Heroku. Everything runs on Render now."
        left_job.employer(found, lambda: [c for t in earlier if t.get("role") in ("user", "human")  # "I quit Spotify"
                                          for c, *_ in self.claims(_as_statement(str(t.get("content", ""))))])
        if not correction and found and earlier and _SOFT_RETRACT.search(message):
            self._soft_correction(found, earlier)
        found[:] = [f for f in found if id(f[0]) not in routine_made or f[0].replaces]  # a routine alone is context
        if correction:
            fresh = [c for c, *_ in found if c.polarity == "positive" and not c.replaces]
            if len(fresh) == 1 and (given_away := correction_cue.disowned(message, _user_texts(earlier))):
                fresh[0].replaces = given_away[:1]  # "…是 4 空格的，2 空格是另一个前端项目": the value given away is the old one
            self._inherit(found, earlier)
            replaced_values = {normalize_text(r) for c, *_ in found for r in c.replaces}
            # "是十二点睡，十一点是上床玩手机的时间": the old value said to be something else is no attribute of its own
            found[:] = [f for f in found if not (f[0].predicate.startswith("attr:") and any(r == (a := normalize_text(f[0].predicate[5:])) or len(a) > 1 and r.startswith(a) for r in replaced_values))]
            if not found and len(unresolved) == 1:
                olds = [*carried, *left_unread, *(clean_object(x) for x in _NAMED_OLD.findall(message))]
                # "我每周跑步三次" … "说错了，是游泳，不是跑步": the earlier sentence said again with the new value
                texts = [str(t.get("content", "")) for t in reversed(earlier) if t.get("role") in ("user", "human")][:3]
                found += [(c, unresolved[0][0], Source.EXPLICIT_CORRECTION, False)
                          for c in correction_target.resaid(unresolved[0][1], olds, texts, lambda s: [c for c, *_ in self.claims(s)])]
            self._swap_in_found(message, found, unresolved)  # "我用的是13寸的笔记本，不是13寸，是15寸的"
            if found and unresolved and not any(normalize_text(v) in normalize_text(f[0].object) for _, v in unresolved for f in found) and (
                    swapped_said := self._swapped(message, unresolved, earlier, self._unread_value)):
                # "i ride a 56cm frame — not the 56, the 54cm … my inseam is 81cm": the other claims correct nothing
                found += [(c, q, Source.EXPLICIT_CORRECTION, False) for c, q in self._statement_claims(swapped_said)]
            if not found and (referred or slip.marks(message) or lx.CORRECTION_ANYWHERE.search(message) or chat_en.is_correction(message)
                              or correction_swap.marks(message, _user_texts(earlier)) or _FIX_LEAD.match(message)
                              or earlier and lx.CORRECTION.match(lx.LEAD_FILLER.sub("", message))  # "啊其实是 36"
                              or earlier and unresolved and _IT_ACTUALLY.match(message)):  # "It's actually a Pi 5 now"
                # "我每周二去健身房" … "改成周四了", "I drink my coffee black" … "I take it with oat milk": the earlier
                # sentence made no claim; the correction is that sentence said again with the new value
                found += [(c, q, Source.EXPLICIT_CORRECTION, False) for c, q in self._said_again(message, unresolved, skips, earlier, marked_unread, carried)]
            if not any(f[2] is Source.EXPLICIT_CORRECTION for f in found) and (
                    reshaped := self._reshaped(message, found, skips, earlier, carried, withdrawn_claims)):
                # "我在杭州工作" … "之前说的是错的，上个月已经调到苏州了": the span of the old value's shape is the new value
                found[:] = [f for f in found if f[0].object not in reshaped[0][0].replaces] + reshaped
            elif withdrawn_claims and not any(f[0].replaces for f in found) and (
                    reshaped := self._reshaped(message, [], [k for k in skips if k.get("text") in correction_cue.after_first(
                        message, [c.object for c in withdrawn_claims], [k.get("text", "") for k in skips if k.get("reason") == "no parse"])], (), carried, withdrawn_claims)):
                # "我在杭州工作" … "之前说的是错的，上个月已经调到苏州了": the span of the old value's shape is the new value
                found[:] = [f for f in found if f[0].object not in reshaped[0][0].replaces] + reshaped
            if not found and restated_here:  # "其实我每天走八千步": the sentence said with the new value, read as a fact
                found += [(c, q, Source.EXPLICIT_CORRECTION, False)
                          for c, q in self._statement_claims([(_LEAD_SOFT.sub("", r), r) for r in restated_here])]
            for claim, *_ in found:  # "MacBook Air" … "换成 Pro 了": the model of the product named before
                if claim.replaces and (model := correction_cue.variant(claim.replaces[0], claim.object)):
                    claim.object = model
            if found and earlier and (noun := correction_cue.slot_noun(message)):  # "correction on the editor: it's Zed"
                found[:] = correction_cue.retarget(found, noun, [c for t in reversed(_user_texts(earlier)) for c in self._context_claims(t)])
            if correction_swap.household(message):  # "我们家是二楼…啊不是，是三楼": the user's home, not the project
                for claim, *_ in found:
                    if claim.subject == "project" and claim.predicate in ("uses", "states"):
                        claim.subject, claim.predicate = "user", "states"
            if found and earlier:  # "我们的后端部署在 Heroku" … "我们搬到 Render 了": the project's host moved, not the user
                moved = moved_host_zh.retarget([f[0] for f in found], message, self._last_claims(earlier), _user_texts(earlier))
                found[:] = [(m, *f[1:]) for m, f in zip(moved, found, strict=True)]
            if not found and _REVERSAL.search(message):  # "No, it's the other way round": the ranking flipped
                found += [(c, message.strip()[:200], Source.EXPLICIT_CORRECTION, False)
                          for c in _reversed(self._last_claims(earlier))]
            doubted = self._last_claims(earlier) if earlier else []
            # a value that parsed and corrects nothing puts in doubt only what the turn just before said, and not
            # after a soft "actually" alone: "Actually my editor is Helix" doubts nothing of "I live in Oslo"; "tell me a
            # joke" … "actually scratch that, i moved to rotterdam" withdraws the request, not a name said before it
            just_before = self._last_claims(earlier, back=1) if earlier else []
            if found and just_before and not _corrects(found, just_before) and not _soft_only(message) \
                    and not all(correction_target.kind_switched(c, q, message) for c, q, *_ in found):  # names its own kind
                # "wait that's wrong, I moved last month. btw I'm vegetarian": what parsed corrects nothing said
                # before, so the value the slip withdrew is no longer certain either
                skips.append({"text": message.strip()[:200], "reason": "correction not understood",
                              "confirm": [[c.subject, c.predicate, c.object] for c in just_before]})
            if not found:  # a correction whose new value did not parse: the old value is no longer certain
                if doubted:
                    skips.append({"text": message.strip()[:200], "reason": "correction not understood",
                                  "confirm": [[c.subject, c.predicate, c.object] for c in doubted]})
                elif unresolved or carried or _NAMED_OLD.search(message):
                    # nothing earlier in this conversation: the stored fact it names (or the memory shown this
                    # turn) is what it corrects — `stored_correction.land_stored_corrections` looks it up
                    named = [*carried, *(clean_object(x) for x in _NAMED_OLD.findall(message))]
                    skips.append({"text": message.strip()[:200], "reason": "correction: nothing earlier to correct",
                                  "stored_correction": {"values": [v for _, v in unresolved],
                                                        "clauses": [c for c, _ in unresolved],
                                                        "named": [n for n in dict.fromkeys(named) if n]}})
        if not found and (back := assistant_value.restated(message, earlier)):  # "Your project uses Python 3.10." "3.12 now"
            found += [(c, q, Source.EXPLICIT_CORRECTION, False) for c, q in self._statement_claims(back)]
        if earlier and (no_longer.only(message) or not found and no_longer.opens(message)):
            # "not anymore though", "刚才说的 Vim 不对，先别记", "现在不在了，跳槽去阿里了": no new value read
            doubt = no_longer.doubt(message, self._last_claims(earlier))
            found, skips = [], [k for k in skips if not (doubt[0]["confirm"] and k.get("confirm"))] + doubt
        thread_change.mark_within(found)  # "我手机是 iPhone 14，哦现在换成 iPhone 16 了"
        if earlier and found:  # "i live in austin" … "we moved to san antonio last month": the thread's value, changed
            said_before = [c for t in reversed(_user_texts(earlier)) for c in self._context_claims(t)]
            thread_change.mark(found, said_before, thread_change.stopped(message))
            negated_again.mark(found, said_before)  # "I like running" … "I don't like running, I like cycling"
            named_takeback_en.mark(found, said_before, message)  # "forget what I said about Notion, I use Obsidian"
        found = [f for f in one_rule.named_elided(found, message) if not one_rule.headless(f[0])]  # "吐毛球的是糯米": no attribute named "吐毛球的"
        found, restated = one_rule.without_restatements(one_rule.joined(found, message))  # one rule, one value
        skips += restated
        dropped: list[tuple[Claim, str, Source, bool]] = []
        kept = _distinct(found, dropped)
        skips += [{"text": quote, "reason": f"another value later in this turn stands ({later})"} for (_, quote, _, _), later in
                  ((d, next((k[0].object for k in kept if k[0].replaces and d[0].object in k[0].replaces), "")) for d in dropped)]
        return kept, skips

    def _said_again(self, message: str, unresolved: list[tuple[str, str]], skips: list[dict[str, Any]],
                    earlier: Sequence[Turn], marked: Sequence[str] = (), carried: Sequence[str] = ()) -> list[tuple[Claim, str]]:
        """The claims of a correction whose earlier sentence made none (`correction_slot`): that sentence (an earlier
        turn's, or the message's own before the slip) with the new value in the old one's place, else the correcting
        clause itself when it says a sentence of the same message again. `carried`: old values the message named as
        withdrawn or past ("2 spaces was my old place")."""
        texts = [message, *_user_texts(earlier)]
        old = correction_ref.named_old(message, texts[1:]) or next(
            (x for x in (clean_object(o) for o in _NAMED_OLD.findall(message)) if x and any(x in t for t in texts[1:])), "") or next(
            (x for x in carried if x and message.count(x) > 1), "")
        said: list[tuple[str, str]] = []  # (statement, the clause that said it)
        def unread(clause: str) -> bool:
            """An earlier sentence nothing was read from, though it is no question, plan, one-off or past episode."""
            made, why = self.analyse(clause)
            return not made and bool(why) and all(k.get("reason") in ("no parse", "reported speech", ABOUT_OTHERS) for k in why)

        for clause, value in unresolved:  # the first bare value that has a place in an earlier sentence
            if put := correction_slot.in_place(value, clause, texts, old, unread):
                said.append((put[0], clause))
                break
        if not said:  # "I wear a size 42 shoe, no wait, 43", "我姐姐住在广州" … "不对，是深圳": the span of the value's shape
            said = self._swapped(message, [*unresolved, *((c, correction_swap.name_in(c)) for c in marked)], earlier, self._unread_value)
        if not said and not unresolved and old and (value := correction_slot.of_kind(old, message)) and (
                put := correction_slot.in_place(value, message, texts[1:], old, unread)):
            said.append((put[0], message.strip()[:200]))  # "站会改到十点了，不是九点半"
        if not said and not unresolved:  # "我通勤大概四十分钟" … "说错了，通勤要一个小时左右": the one value of its kind
            said = [(put[0], k["text"]) for k in reversed(skips) if k.get("reason") == "no parse"
                    and (put := correction_slot.swapped(k["text"], texts[1:2], unread))][:1]
        if not said:  # "我领导叫张伟" … "说错了，我领导叫张薇，不是张伟": the sentence said over with one value changed
            said = [(k["text"], k["text"]) for k in skips if k.get("reason") == "no parse"
                    and correction_slot.said_over(k["text"], texts[1:2], unread)][:1]
        if not said:  # "我早饭一般吃包子" … "说错了，我早饭一般吃煎饼": the same frame, any changed stretch
            said = [(k["text"], k["text"]) for k in skips if k.get("reason") == "no parse" and _opens_after_marker(message, k["text"])
                    and restated_frame.restates(k["text"], texts[1:2], unread)][:1]
        if not said:  # the correcting clause says one said before it in the message again ("i'm doing keto — scratch
            # that, i'm doing paleo"); across turns a shared word is too weak a sign (chat5_heldout en went 0.818 -> 0.750)
            said = [(k["text"], k["text"]) for k in skips if k.get("reason") == "no parse" and correction_slot.restated(
                k["text"], [message[: max(0, message.find(k["text"]))]], unread)][-1:]
        return self._statement_claims(said)

    def _swapped(self, message: str, unresolved: list[tuple[str, str]], earlier: Sequence[Turn],
                 unread: Callable[..., bool]) -> list[tuple[str, str]]:
        """(statement, quote): an earlier sentence nothing was read from (the message's own before the correcting
        clause first, then earlier turns, latest first) with a bare corrected value in place of the span of its
        shape (`correction_swap.old_span`)."""
        said_before = " ".join(_user_texts(earlier)[:3]).casefold()
        for clause, value in unresolved:
            if value and value.strip().casefold() in said_before:
                continue  # "家里是 Windows" after "我平时用 Windows": a value said before is no new one
            at = message.find(clause)
            own = [_before_marker(message[:at])] if at > 0 else []
            for text in [*own, *_user_texts(earlier)[:3]]:
                nearest = True  # a kind said in both, or a copula, only for the clause just before
                for old_clause in reversed([c.strip() for c in _SWAP_CLAUSES.split(text) if c.strip()]):
                    if slip.is_slip(old_clause) or correction_swap.is_marker(old_clause) or slip.is_opener(old_clause):
                        continue  # "my bad": no clause said before
                    if _REPLACES.match(old_clause) or _asked_in(old_clause, text):
                        continue  # not "not the 56", not a question ("will the new API work for us?")
                    put = correction_swap.put(value, old_clause, clause if nearest else "")
                    nearest = False
                    if not put or not unread(old_clause, put[1]):
                        continue
                    said = correction_swap.trimmed(put[0])
                    return [(said, clause)] if said != old_clause else []
        return []

    def _unread_value(self, clause: str, old: str = "") -> bool:
        """No claim read from an earlier clause holds `old` (so no attribute is there to correct), and the clause is
        no hypothetical ("moving on June 28th 😩 can you make me a checklist": the date was not stored)."""
        made, why = self.analyse(clause)
        if any(k.get("reason") == "hypothetical" for k in why):
            return False
        return not any(normalize_text(old) in normalize_text(c.object) for c, *_ in made) if old else not made

    def _statement_claims(self, said: list[tuple[str, str]]) -> list[tuple[Claim, str]]:
        """The claims of statements said again with a corrected value, else each statement as a fact of its holder."""
        out: list[tuple[Claim, str]] = []
        for statement, quote in said:
            claims = [c for c, *_ in self.claims(statement)]
            subject = "project" if lx.PROJECT.match(statement) else correction_swap.holder(statement)
            for c in claims or [Claim(subject, "states", clean_object(statement), "positive", "fact")]:
                out.append((c, quote))
        return out

    @staticmethod
    def _swap_in_found(message: str, found: list[tuple[Claim, str, Source, bool]], unresolved: list[tuple[str, str]]) -> None:
        """A bare corrected value put in place of the span of its shape in a claim said before it in the same message
        ("我用的是13寸的笔记本，不是13寸，是15寸的" → "15寸的笔记本")."""
        for clause, value in list(unresolved):
            for i in range(len(found) - 1, -1, -1):
                claim, quote, _source, hedged = found[i]
                if claim.polarity != "positive" or not 0 <= message.find(quote) < message.find(clause) or (
                        _source is Source.EXPLICIT_CORRECTION  # "是周四，周三封板": landed already (not "13寸的笔记本" for "13寸")
                        and any(normalize_text(r) not in normalize_text(claim.object) for r in claim.replaces)):
                    continue  # only a claim said before the value ("our airflow is on 2.7, scratch that, … 2.9": not back)
                # the value's place in the claim, else in the clause it was read from ("我有三个孩子" read as has 孩子)
                value = correction_swap.widened(value, clause)
                held = claim.object if correction_swap.old_span(value, claim.object) else quote
                if not (swap := correction_swap.put(value, held)):
                    continue
                if held is claim.object:
                    put = Claim(claim.subject, claim.predicate, clean_object(swap[0]), claim.polarity, claim.kind, [claim.object])
                else:
                    said = swap[0]
                    new = value
                    put = next((c for c in grammar.parse(said) if normalize_text(new) in normalize_text(c.object)), None) or Claim(
                        correction_swap.holder(said), "states", clean_object(said), "positive", "fact")
                    put.replaces = [claim.object]
                found[i] = (put, clause, Source.EXPLICIT_CORRECTION, hedged)
                unresolved[:] = [u for u in unresolved if u[0] != clause]
                break

    def _reshaped(self, message: str, found: list[tuple[Claim, str, Source, bool]], skips: list[dict[str, Any]],
                  earlier: Sequence[Turn], named: Sequence[str], withdrawn: Sequence[Claim] = ()) -> list[tuple[Claim, str, Source, bool]]:
        """A correction whose new value is said in a clause of a shape nothing reads ("上个月已经调到苏州了", "quick
        fix to what I said: 3.12"): the span of that clause with the shape of a value said before (in this message
        or the last turns; a value the message names as withdrawn first) is the new value of its attribute."""
        clauses = [k["text"] for k in skips if k.get("reason") in ("no parse", "past episode") and k.get("text")]
        if not clauses:
            return []
        olds = [c for c, *_ in found if c.polarity == "positive"] + [c for c in withdrawn if c.polarity == "positive"]
        for text in _user_texts(earlier):
            olds += [c for c in reversed(self._context_claims(text)) if c.polarity == "positive"]
        wanted = [normalize_text(x) for x in named if x]
        olds.sort(key=lambda c: not any(w and w in normalize_text(c.object) for w in wanted))
        texts = [*_user_texts(earlier), message]
        for clause in reversed(clauses):
            if correction_value.described(re.sub(r"^(?:it'?s|it is|是|就是)\s*", "", clause, flags=re.I)) or _THIRD_PERSON.match(clause):
                continue  # "是我姐住的那个城市": described, not named; "she's called Amy": someone else's
            for c in olds:
                said = next((part for t in texts for part in _SWAP_CLAUSES.split(t)
                             if c.object in part and part.strip() != clause and not _NAMED_OLD.search(part)), "")
                if not (value := correction_swap.old_span(c.object, clause) or correction_swap.aligned(c.object, said, clause)):
                    continue
                inner = correction_swap.old_span(value, c.object)
                obj = c.object.replace(inner, value, 1) if inner and len(inner) < len(c.object) else value
                return [(Claim(c.subject, c.predicate, clean_object(obj), c.polarity, c.kind, [c.object]), clause,
                         Source.EXPLICIT_CORRECTION, False)]
        return []

    def _given(self, question: str) -> list[tuple[Claim, str, Source, bool]]:
        """The user's statement given as the reason of a question ("…, given that i live in denver?")."""
        said = chat12_en.asserted_in(question)
        if not said or lx.HYPOTHETICAL.search(said) or lx.REPORTED.search(said):
            return []
        return [(c, said, Source.INFERRED, False) for c in grammar.parse(said)]

    def _last_claims(self, earlier: Sequence[Turn], back: int = 3) -> list[Claim]:
        """The claims of the latest earlier user turn that made any, of the last `back`: what a correction is about."""
        for turn in reversed([t for t in earlier if t.get("role") in ("user", "human")][-back:]):
            before = self._context_claims(str(turn.get("content", "")))
            if before:
                return before
        return []

    def _context_claims(self, text: str) -> list[Claim]:
        """What an earlier user turn said, read as context: its claims, else the names it gave in passing."""
        said = [c for c, *_ in self.claims(_as_statement(text))] or grammar_zh.kin_mentions(text)
        # "我家狗三岁了", "I usually start work at 9": not stored alone, but what "哦不对，是四岁" / "I start at 8:30" corrects
        return said + kin_age.mentions(text) + [c for part in _ROUTINE_SPLIT.split(text) for c in routine.read(part)]

    def _soft_correction(self, found: list[tuple[Claim, str, Source, bool]], earlier: Sequence[Turn]) -> None:
        """"I'm a nurse" … "sorry, I'm actually a paramedic", "我是护士" … "不好意思，我其实是医生": an apology or
        "actually" with another value of an attribute that holds one value corrects the user's last statement."""
        last = self._last_claims(earlier)
        for i, (claim, quote, _source, hedged) in enumerate(found):
            old = next((o for o in last if o.subject == claim.subject and o.predicate == claim.predicate
                        and o.polarity == claim.polarity == "positive"
                        and normalize_text(o.object) != normalize_text(claim.object)), None)
            # of an attribute holding many values, only when the message names the old value as replaced
            # ("不好意思，我们现在用的是 GraphQL，REST 是老接口" after "我们接口用 REST 风格")
            if old is not None and not hedged and (is_exclusive(claim.predicate) or any(
                    normalize_text(r) and normalize_text(r) in normalize_text(old.object) for r in claim.replaces)):
                claim.replaces.append(old.object)
                found[i] = (claim, quote, Source.EXPLICIT_CORRECTION, hedged)

    def _inherit(self, found: list[tuple[Claim, str, Source, bool]], earlier: Sequence[Turn]) -> None:
        """A correction naming the old value ("Helix, not Vim") corrects the attribute that value had."""
        before = [c for t in earlier if t.get("role") in ("user", "human")
                  for c, *_ in self.claims(_as_statement(str(t.get("content", ""))))]
        misplaced = []
        for item in found:
            claim = item[0]
            claim.replaces = [_said_as(x, before) for x in claim.replaces  # "ThinkPad" → "ThinkPad X1", as stored
                              if not correction_cue.pointer(x)]  # "那是以前了": 那 points back, no old value
            olds = {normalize_text(x) for x in claim.replaces}
            for old in reversed(before):
                if olds and normalize_text(old.object) in olds:
                    if kin_age.is_age(claim.object) and not kin_age.holds_age(old.predicate):
                        misplaced.append(item)  # "叫团子" … "团子是我妈家的猫，…五岁了": an age is no name
                    claim.subject, claim.predicate = old.subject, old.predicate
                    break
        found[:] = [f for f in found if f not in misplaced]
        if len(found) == 1 and not found[0][0].replaces and before:
            # "我喜欢用摄氏度" … "不对，反过来了，用华氏度吧": a correction naming only the new value corrects the
            # user's last statement of the same kind
            claim, last = found[0][0], before[-1]
            kinds = {"prefers", "uses"}
            if claim.predicate == "uses" and last.predicate == "lives_in" and re.search(r"\b(?:moved|relocated)\b", found[0][1], re.I):
                claim.predicate, claim.kind = "lives_in", "identity"  # "I moved to queens" after "I'm in brooklyn"
            # "The staging database is Postgres 14" … "staging runs Postgres 16 now": the setting the clause names
            setting = (claim.subject == last.subject == "project" and last.predicate.startswith("attr:")
                       and claim.predicate in ("uses", "package_manager")
                       and any(len(w) > 2 and re.search(rf"\b{re.escape(w)}\b", found[0][1], re.I) for w in last.predicate[5:].split("_")))
            if claim.subject == last.subject and (claim.predicate == last.predicate or {claim.predicate, last.predicate} <= kinds
                                                  or setting) \
                    and claim.polarity == last.polarity and normalize_text(claim.object) != normalize_text(last.object) \
                    and not correction_target.other_kind(claim, last, found[0][1]):
                claim.predicate, claim.replaces = last.predicate, [last.object]
            elif found[0][2] is Source.EXPLICIT_CORRECTION and named_thing.names(claim, last):
                claim.replaces = [last.object]  # "不对，我手机是 iPhone" after "我用安卓手机": what the phone is

    def _bare_correction(self, clause: str, earlier: Sequence[Turn], *, bare_np: bool = True,
                         sentence: str = "", left: Sequence[str] = ()) -> list[Claim]:
        """A corrected value without its attribute: "I meant Go", "应该是 Go", or with a topic the earlier turn
        named ("事件存储是 Cassandra" after "我们事件存储用的是 MongoDB").

        It corrects the earlier claim whose value the sentence names ("it's Porto, not Lisbon"), else the latest
        one of the same kind (a place corrects where the user lives, not the project's stack), else the latest."""
        clause = _AT_NOW.sub("", clause)  # "我现在在腾讯": where the user is now, said as "现在在腾讯"
        term, value = _bare_value(clause, bare_np=bare_np)
        if not value or correction_cue.deferral(value):  # "说错了，回头再说": the new value put off, none given
            return []
        candidates: list[Claim] = []  # latest first
        for turn in reversed([t for t in earlier if t.get("role") in ("user", "human")][-3:]):
            text = str(turn.get("content", ""))
            said = list(reversed(self._context_claims(text)))
            if term and normalize_text(term) not in normalize_text(text):
                # "the car's a Honda" after "I drive a Toyota": the topic names the slot in other words
                said = [c for c in said if correction_topic.names_slot(term, c)]
            candidates += said
        if term and (slot := [c for c in candidates if correction_topic.names_slot(term, c)]):
            candidates = slot
        elif (noun := correction_cue.slot_noun(sentence or clause)) and (slot := [c for c in candidates if correction_topic.names_slot(noun, c)]):
            candidates = slot  # "上面公司说错了，是荣耀", "I got the city wrong, it's Valencia": the slip names the slot
        if _THIRD_NAMED.match(clause):  # "它叫豆豆", "she's called Tam": the name of a pet or a person, nothing else
            candidates = [c for c in candidates if c.predicate.endswith(("名字", "_name"))]
        switch = correction_target.is_switch(clause, sentence)  # "最近改用 VS Code 了": only a value of its kind
        if not candidates:
            return []
        if term and any(normalize_text(term) == normalize_text(c.object) for c in candidates):
            return []  # "成都是出差常去的地方" after "我住在成都": the old value said to be something else, no new value
        named = [normalize_text(x) for x in _NAMED_OLD.findall(sentence or clause)]
        if left and not any(normalize_text(x) in normalize_text(c.object) for x in left for c in candidates):
            return []  # the value left was said in a sentence no claim came from: that sentence is said again
        if re.match(r"^(?:现在|目前|已经|后来)*在\s*\S", clause):  # "现在在美团": a workplace or a home, not a tool
            candidates = [c for c in candidates if c.predicate in ("works_at", "works_in", "lives_in")] or []
            if not candidates:
                return []
        target = correction_target.pick(candidates, value, named, age=bool(kin_age.again(clause)), switch=switch)
        if target is None:
            return correction_target.kind_switch(value, grammar.parse) if switch else []
        # the value is itself a statement without its subject: "是对芒果过敏", "I meant allergic to mangoes"
        for lead in (["我"] if _CJK.search(value) else ["I'm ", "I "]):
            again = [c for c in grammar.parse(lead + value) if (c.subject, c.predicate) == (target.subject, target.predicate)]
            if again and normalize_text(again[0].object) != normalize_text(value):
                return [Claim(target.subject, target.predicate, again[0].object, target.polarity, target.kind, [target.object])]
        if time_again := routine.again(target.predicate, _without_old(clause)):  # "it's at 9:45, not 10": a time, whole
            value = time_again
        if not correction_slot.put_kind(target.object, value) and (said_with_day := next(
                (day_put for t in _user_texts(earlier) for part in re.split(r"[,，.。!！;；]", t)
                 if normalize_text(target.object) in normalize_text(part) and (day_put := correction_slot.put_kind(part.strip(), value))), "")):
            # "我每周三练琴" (read as 练琴) … "是周四": the day belongs to the sentence, said again with the new one
            return [Claim(target.subject, target.predicate, clean_object(_FIRST_PERSON.sub("", said_with_day).strip()), target.polarity,
                          target.kind, [target.object])]
        values = [value] if is_exclusive(target.predicate) else _conjuncts(clause, value)
        values = [correction_target.aged(target.object, correction_value.versioned(target.object, v)) for v in values]  # "Python 3.8" … "是 3.11"
        if target.predicate in ("rule", "states"):  # "以后回答我用英文" … "我是说用日文，不是英文": 回答我用日文
            values = [correction_value.substituted(target.object, v, [*_NAMED_OLD.findall(sentence or clause)]) for v in values]
        return [Claim(target.subject, target.predicate, clean_object(v), target.polarity, target.kind, [target.object])
                for v in values]

    def _parse(self, clause: str, prev: Claim | None, explicit: bool, *, generic: bool = True,
               reframe: bool = True, changes: bool = True) -> list[Claim]:
        if taken_back := withdrawal.read(clause, grammar.parse):  # before "不是" is read as "X, not Y"
            return taken_back
        clause = household_zh.as_users(clause) or clause  # "我们家用的是格力空调": the user's home, not the project
        clause = ranked_zh.preferred(clause) or clause  # "比起 VS Code 我更喜欢用 Vim": Vim
        replaces: list[str] = []
        inline = _INLINE_REPLACES.search(clause)
        if inline and inline.group(0).lstrip(" ,，").startswith("不叫") and "叫" not in clause[: inline.start()]:
            inline = None  # "我的猫叫 Luna 不叫 Lily" names the old name; a lone "不叫" is no old value
        if inline and inline.start() > 0:
            replaces.append(clean_object(inline.group("o")))
            clause = clause[: inline.start()]
        claims = topic_holder_zh.held_by_project(clause, prev, grammar.parse(clause, standing=explicit))  # "(我们用 pinia，)vuex 早就不用了"
        claims = household_zh.members_own(clause, claims)  # "我家老大用的是 iPad": the child's
        if not claims:  # "(我喜欢喝奶茶，)尤其是芋泥波波": the liking narrowed (folded into it by `narrowed_zh.fold`)
            claims = narrowed_zh.narrowing(prev, clause)
        if not claims:  # "(I'm learning Japanese,) mostly through Anki and WaniKani": the tools of the clause before
            claims = means_after.read(prev, clause)
        if not claims and (inner := lx.PROJECT_TAIL.search(clause)) and 0 < inner.start() and inner.end() < len(clause):
            # "our backend for this repo runs on Django 5": the project phrase inside the clause names the holder
            claims = grammar.parse(f"{clause[: inner.start()]} {clause[inner.end():]}".strip(), standing=explicit)
        if not claims and prev is not None and prev.subject == "project" and (
                grammar.STACK_PART.match(clause) or not (prev.predicate or _HOLDER.match(clause))):
            # "应用前端是 Next.js，后端是 Go": the project stays the holder of the next clause
            cjk = re.search(r"[\u4e00-\u9fff]", clause) is not None
            claims = [c for c in grammar.parse(("我们" if cjk else "we ") + clause, standing=explicit) if c.subject == "project"]
            if not claims and not cjk and _VERSIONED.fullmatch(clause):  # "(我们项目是 Spring Boot 3，)JDK 17": in either language
                claims = [c for c in grammar.parse("我们" + clause, standing=explicit) if c.subject == "project"]
        if not claims and prev is not None and prev.subject == "project" and prev.predicate == "rule" and grammar_zh.RULE_PART.match(clause):
            # "我们组规定提交信息要写中文，别写英文": the team's rules go on in the next clause
            claims = [c for c in grammar.parse("我们规定" + clause, standing=explicit) if c.subject == "project" and c.predicate == "rule"]
        named = _ZH_NAMED.match(clause) if prev is not None and (prev.predicate == "has" or chat16_zh.is_pet_kind(prev)) else None
        en_named = _EN_NAMED.match(clause) if prev is not None and prev.predicate == "has" and prev.subject == "user" else None
        if en_named and prev is not None:  # "I got a dog, his name is Rex": the dog's name, not the user's
            claims = [Claim("user", grammar.name_predicate(prev.object), clean_object(en_named.group("o")), "positive", "fact")]
        if not claims and named and prev is not None:  # "家里养了只布偶猫，叫年糕": the name of what the user has, not the user's
            names = [named.group("o")] if named.group("o") else _ZH_EACH_NAMED.findall(clause)
            kept = re.sub(r"^[两二三四五六七八九十几\d]+\s*(?:只|条|个|头|匹)", "", prev.object)  # "三只鸡": 鸡名字
            claims = [Claim("user", f"attr:{kept}名字" + (f"_{i + 1}" if i else ""), n, "positive", "fact")
                      for i, n in enumerate(names)]
        if not claims and prev is not None and prev.subject == "project" and not prev.predicate and (
                it_all := re.match(r"^it(?:'s| is)\s+(?:all|mostly|entirely|just|basically)\s+(?P<o>\S.*)$", clause, re.I)):
            # "our ci is a mess tbh, it's all buildkite pipelines": "it" is the project part the clause before named
            claims = [c for c in grammar.parse("we use " + clause_en.object_span(it_all.group("o")), standing=explicit)
                      if c.subject == "project"]
        if not claims and prev is not None and prev.polarity == "negative" and prev.predicate in ("uses", "prefers") and (
                only := _ONLY.match(clause)):
            # "I don't use Windows at all, only Linux": the value the user does hold
            claims = [Claim(prev.subject, prev.predicate, o, "positive", prev.kind)] if (o := clean_object(only.group("o") or only.group("z"))) else []
        if not claims and prev is not None and prev.subject == "user" and not kin_age.is_kin_age(prev):
            # (after "我女儿7岁了" the dropped subject is the daughter: "特别喜欢画画" is hers, not the user's)
            # subject dropped after a first-person clause: "I'm Marco, a data engineer" / "我叫王芳，做前端开发"
            cjk = re.search(r"[\u4e00-\u9fff]", clause) is not None
            retries = ([] if re.match(r"^我(?!们)", clause) or _TO_ASSISTANT.search(clause) else ["我", "我的"] if cjk else [] if re.match(r"^like\b", clause, re.I) else  # "like properly allergic": a filler
                       [] if chat15_en.appositive_of_object(prev, clause) else  # "(I live in Rotterdam,) a factor"
                       [_dropped_lead(clause), "my "])
            for retry in retries:  # "summers are my sanity": a value of the user's own says the clause has its subject
                claims = [c for c in grammar.parse(retry + clause, standing=explicit)
                          if not grammar_zh.is_habit(c) and not chat15_en.possessed_value(c)]
                if claims:
                    break
            if prev.predicate == "has" or _kin_of(prev.predicate) or prev.kind == "elided":  # "我女儿叫朵朵，今年五岁": her age, not the user's
                claims = [c for c in claims if c.predicate != "attr:年龄"]
        if not claims and (prev is None or prev.subject == "user") and (grammar.DROPPED_I.match(clause) or chat16_zh.DROPPED.match(clause)
                                                                      or musical_instrument.DROPPED.match(clause)
                                                                      or changes and grammar.CHANGE_DROPPED.match(clause)):
            # chat drops the subject of a first-person verb: "最近在学韩语", "been learning Korean lately"
            cjk = re.search(r"[\u4e00-\u9fff]", clause) is not None
            quit_ = re.match(r"^(?:quit|gave up|no longer|stopped|cut out|ditched|got rid of|switched away from|moved off|"
                              r"(?:just\s+)?(?:started at|joined|upgraded to|moved (?:over |back )?to|relocated to))\b", clause, re.I)  # "quit sugar last month"
            claims = grammar.parse(("我" if cjk else "I " if quit_ else "I'm " if clause[:1].lower() != "b" else "I've ") + clause,
                                   standing=explicit)
        if (not claims and (prev is None or prev.subject == "user") and grammar_zh.SWITCHED_THING.match(clause)
                and not grammar.STACK_PART.match(clause)):  # "后端迁到 Go 了" is the project's
            claims = grammar.parse("我的" + clause, standing=explicit)  # "笔记本换成 ThinkPad X1 了": the user's laptop
        if not claims and explicit and (bare := particle_zh.standing(clause)):
            clause = bare  # "以后表名都用小写下划线哈": the particle softens the instruction
        if not claims and explicit:
            clause = particle_zh.without_polite_lead(clause)  # "麻烦以后代码都用 4 空格缩进"
        if (not claims and explicit and generic and self.allow_generic_explicit and len(clause) >= 3 and not _NOT_A_RULE.search(clause)
                and not chat_zh.bare_degree(clause) and not answer_scope.bare_negation(clause)
                and not chat_en.bare_cue(lx.LEAD.sub("", clause)) and not third_party_note.about_another(clause)
                and not third_party_note.names_only(clause)):  # "Remember Bob": no rule
            first_person = re.match(r"^(?:i\b|i'|my\b|我)", clause, re.I) is not None
            subject = "project" if lx.PROJECT.search(clause) else "user"
            # "remember that the office closes at 6" states a fact; only an imperative is a rule
            pred, kind = ("states", "fact") if (first_person or not _imperative(clause)) and not reminder_zh.standing(clause) else ("rule", "rule")
            obj = clean_object(clause)
            claims = [Claim(subject, pred, obj, "positive", kind)] if obj else []
        if not claims and reframe:
            claims = self._reframed(clause, prev, explicit)
        for c in claims:
            c.replaces.extend(replaces)
        return claims

    def _reframed(self, clause: str, prev: Claim | None, explicit: bool) -> list[Claim]:
        """A code-switched clause ("My dog 叫 Biscuit") read in one language's frame; its values as said."""
        own = prev is None or (prev.subject == "user" and prev.predicate != "has" and not _kin_of(prev.predicate)
                               and not kin_age.is_kin_age(prev))  # a dropped subject is the user's own
        for alt in codeswitch.frames(clause, dropped_i=own):
            claims = self._parse(alt, prev, explicit, generic=False, reframe=False)
            if claims and all(c.subject in ("user", "project") and codeswitch.said_in(c.object, clause) for c in claims):
                return claims
        return []

    def _pending(
        self, claim: Claim, clause: str, source: Source, hedged: bool, ctx: MemoryContext, now: datetime, tid: str,
        said_in: str = "",
    ) -> PendingWrite:
        lang = detect_lang(clause)
        if lang == "en" and _CJK.search(clause) and said_in and detect_lang(said_in) == "zh":
            lang = "zh"  # "(我们前端用的 Vue，)Pinia 加 Vite": tool names in a Chinese clause of a Chinese message
        tier, drift, kind = classify(claim, clause)
        level = Level.SESSION if ctx.session_id else Level.USER
        record = MemoryRecord(
            text=render(claim, lang),
            subject=claim.subject,
            predicate=claim.predicate,
            object=claim.object,
            polarity=claim.polarity,  # type: ignore[arg-type]
            kind=kind,
            tier=tier,
            scope=ctx.scope(level),
            source=source,
            confidence=HEDGED_CONFIDENCE if hedged else CONFIDENCE[source],
            created_at=now,
            verified_at=now,
            source_turn_ids=[tid],
            sessions_seen=[ctx.session_id] if ctx.session_id else [],
            drift=drift,
            metadata={"quote": clause, "lang": lang, "extractor": self.name},
        )
        trig = {Source.EXPLICIT_CORRECTION: "explicit_correction", Source.EXPLICIT: "explicit_request"}
        return PendingWrite(record=record, trigger=trig.get(source, "extracted"), replaces=list(claim.replaces)).note(
            "extract", f"{self.name}: {claim.subject}.{claim.predicate}={claim.object!r} ({claim.polarity}, {source.value})"
        )


_CORRECTING = ("correction marker", "correction: nothing earlier to correct", "correction not understood")


def _habits_read(message: str, found: list[tuple[Claim, str, Source, bool]], skips: list[dict[str, Any]]
                 ) -> tuple[list[tuple[Claim, str, Source, bool]], list[dict[str, Any]]]:
    """Clauses left unparsed that state a habit or routine ("I drink tea every morning", "我一般晚上十一点睡",
    `habit_any`), read after the rest of the message: a message that corrects something keeps its unparsed
    clauses for the correction rules ("我每月通勤费300，哦等下，是450" stores 450 only)."""
    if any(k.get("reason") in _CORRECTING for k in skips) or any(src is Source.EXPLICIT_CORRECTION for _, _, src, _ in found):
        return found, skips
    found, details = habit_detail_zh.without_details(message, found)
    kept: list[dict[str, Any]] = [*details]
    for k in skips:
        said = habit_any.read(str(k.get("text") or "")) if k.get("reason") == "no parse" else []
        if said and habit_detail_zh.elaborates(message, str(k["text"]), [(c, q) for c, q, *_ in found]):
            kept.append({**k, "reason": habit_detail_zh.REASON})  # "我在学日语，每天背单词"
        elif said:
            source = Source.EXPLICIT if lx.EXPLICIT.search(message) else Source.INFERRED
            found = [*found, *((c, str(k["text"]), source, False) for c in said)]
        else:
            kept.append(k)
    return found, kept

# "Max not Rex", "GitLab CI不是Jenkins": a corrected value with the old one named after it
_NOT_OLD_AFTER = re.compile(r"^(?P<v>\S.*?)\s*,?\s+(?:not|instead of|rather than)\s+(?!(?:sure|really|yet|now|just|only|that|this|so|too|very|quite|much|"
                            r"many|a lot|always|anymore|any more|bad|great|good|the)\b)[\w.+#-]+(?:\s+[\w.+#-]+){0,2}?"
                            r"(?:\s+(?:for|on|in|at)\s+(?:the|my|our)\s+[\w.+#-]+)?$|"
                            r"^(?P<z>\S.*?)\s*[，,]?\s*(?:而)?不是(?!(?:很|特别|太|那么|非常|十分|多|真的)?(?:喜欢|爱|想|习惯|能|会|吃|喝|用))"
                            r"\s*[^，,。\s]{1,20}$", re.I)


def _without_old(clause: str) -> str:
    """The corrected value's clause without the old value named after it ("Max not Rex" → "Max")."""
    m = _NOT_OLD_AFTER.match(clause)
    return (m.group("v") or m.group("z")) if m else clause


def _assistant_text(earlier: Sequence[Turn]) -> str:
    """The assistant's turn just before the message, if the turn before it was the assistant's."""
    last = earlier[-1] if earlier else {}
    return str(last.get("content", "")) if last.get("role") in ("ai", "assistant") else ""


def _user_texts(earlier: Sequence[Turn], n: int = 3) -> list[str]:
    """The last `n` user turns of `earlier`, latest first."""
    return [str(t.get("content", "")) for t in reversed(earlier) if t.get("role") in ("user", "human")][:n]


def _dropped_lead(clause: str) -> str:
    """The subject chat dropped after a first-person clause: "(I'm) a nurse", "(I'm) based in Lyon", "(I've)
    been doing Scala for 6 years", else "(I) work at …"."""
    if re.match(r"^(?:a|an|based|living|located|originally)\s", clause, re.I):
        return "I'm "
    return "I've " if re.match(r"^been\s", clause, re.I) else "I "


def _bare_value(clause: str, *, bare_np: bool = True) -> tuple[str, str]:
    """(topic, value) of a corrected value said without its attribute ("I meant Go", "应该是 Go", "to Kakoune",
    "事件存储是 Cassandra"); ("", "") when the clause holds none."""
    clause = approx_value.plain(_without_old(_POLITE.sub("", clause)))  # "these days it's more like X": X
    clause = re.sub(r"(?<=[一二两三四五六七八九十\d])(?:了|啦)$", "", clause)  # "三十了": the count
    m, term = _BARE_VALUE.match(clause) or (_BARE_NP.match(clause) if bare_np else None), ""
    value = _value_span(correction_value.pointed(m.group("o"))) if m else correction_slot.of_kinds(clause)  # "周四下午三点"
    if not m and not value and (t := _TOPIC_VALUE.match(clause)):
        term, value = (t.group("t") or t.group("t2")).strip(), (t.group("o") or t.group("o2")).strip()
    if not m and not term and not value:  # "the car's a Honda actually", "车是本田的": a topic noun and its value
        term, value = correction_topic.topic_value(clause)
    if not value:  # "记错了，他六岁了", "哦说错了，我已经换 iPhone 了": an age or a switch said alone
        value = kin_age.again(clause) or correction_target.switched_to(clause)
    if (not clean_object(value) or _NOT_A_VALUE.match(value) or grammar.junk(clean_object(value)) or correction_value.described(value)
            or attr_shape_en.use_or_pick(value) or attr_shape_en.relative(value)):  # "Vim is just for servers": a use, not the corrected value
        return "", ""
    return term, value


_CONJ = re.compile(r"\s+(?:and|&)\s+|\s*(?:和|跟|以及|、)\s*", re.I)


def _conjuncts(clause: str, value: str) -> list[str]:
    """The values of a bare corrected value said as a conjunction ("it's 3.11 and 3.12 now", "现在是 3.10 和 3.11 了"):
    two or three short names, else `value` alone."""
    m = _BARE_VALUE.match(_POLITE.sub("", clause))
    parts = [_value_span(p) for p in _CONJ.split(m.group("o"))] if m else []
    if not 2 <= len(parts) <= 3 or any(not p or len(p.split()) > 3 or len(p) > 24 or _NOT_A_VALUE.match(p)
                                       or grammar.junk(p) for p in parts):
        return [value]
    return parts


_IMPERATIVE_LEAD = re.compile(
    r"^(?:(?:please|pls|kindly)\s+)?(?:always|never|don'?t|do\s+not|avoid|stop|to\s+\w+|make\s+sure|be|only|just|no)\b|"
    r"^(?:请|要|不要|别|必须|务必|总是|一律|永远|每次|先|用|记得|统一|禁止|不许|不能|千万|一定要|不准|严禁|尽量|回答|回复)", re.I)
_DECLARATIVE = re.compile(
    r"^(?:the|our|my|this|that|these|those|an?|his|her|their|its|we|he|she|they|it|there)\b|^[\w.-]+'s\b|"
    r"\b(?:is|are|was|were|has|have|had)\b|[\u4e00-\u9fff]", re.I)


# a clause addressed to the assistant ("画图的时候别用红绿对比", "你帮我…"): its dropped subject is "you", not the user
_TO_ASSISTANT = re.compile(r"别|不要|甭|你|您|帮我|给我|麻烦")
# a clause said to the assistant ("你以后给我写教程的时候别写 Ctrl+C"): the next one's dropped subject is the assistant
_ADDRESSED = re.compile(r"^(?:你|您)(?!们)")
# a tool and its version alone: "JDK 17", "Node v20"
_VERSIONED = re.compile(r"[A-Za-z][\w.+#-]*\s*[vV]?\d+(?:\.\d+)*")
# a directive that goes on with the user's standing rule: "(以后回答尽量简短，)直接给结论就行"
_GOES_ON = re.compile(r"^(?:直接|尽量|最好|只要|只用|先|多|少|至少|必须|务必|一定要)[^，,。？?]{1,20}?(?:就行|就好|就可以|即可)?$")


def _rule_goes_on(prev: Claim | None, clause: str) -> str:
    """The rule a directive clause adds after a rule of the user or the project ("直接给结论", "至少观察半小时"),
    or "" (`one_rule.joined` makes the two one rule)."""
    if prev is None or not (prev.predicate == "rule" or (prev.predicate, prev.subject) == ("states", "user")) or not _GOES_ON.match(clause):
        return ""
    return clean_object(re.sub(r"(?:就行|就好|就可以|即可)$", "", clause))


def _imperative(clause: str) -> bool:
    """An instruction ("use tabs", "always run the linter", "用 tab 缩进"), not a statement ("the office closes
    at 6", "公司年会在十二月")."""
    return (bool(_IMPERATIVE_LEAD.match(clause)) or not _DECLARATIVE.search(clause)
            or instruction_target(clause) == "experience")  # "以后叫我老王就行": how to talk to the user


def _marked_current(source: Source, clause: str, hedged: bool) -> Source:
    """An unhedged statement that marks its value as the current one ("I live in Hull now", "我搬到厦门了") is
    the user's explicit statement, not an inference (`lexicon.CURRENT`; its authority: `facts.AUTHORITY`)."""
    return Source.EXPLICIT if source is Source.INFERRED and not hedged and lx.CURRENT.search(clause) else source


def _as_statement(text: str) -> str:
    """An earlier turn read for context: "I told you I was on Postgres 14, right?" → "I was on Postgres 14"."""
    text = re.sub(r"(?:,?\s*right|对吧|吧|吗|嘛)?\s*[?？]+\s*$", "", text.strip())
    return _SELF_REPORT.sub("", text)


def _value_span(text: str) -> str:
    """A corrected value without its tail: "Eclipse at work" → "Eclipse", "postgres 15 a couple months ago" → "postgres 15"."""
    text = text.strip()
    if _CJK.search(text):
        return clean_object(text)
    return clause_en.object_span(text) or clean_object(text)


def _instead(retracted: Claim, clause: str, new: list[Claim]) -> list[Claim]:
    """What replaces a withdrawn value: the next claim of the same holder, or a bare value ("scratch that, lisbon")."""
    if new and new[0].predicate != retracted.predicate and re.fullmatch(r"(?:a|an|the)\s+\S+(?:\s+\S+)?|(?:应该|其实)?是\s*\S.{0,20}", clause.strip(), re.I):
        new = []  # "I drive a Mazda — not a Mazda but a Subaru": "a Subaru" is the car, not "I'm a Subaru"; "…，哦不对，是 6 月 2 号"
    if new:
        if new[0].subject == retracted.subject:
            new[0].replaces.append(retracted.object)
        return new
    if value := routine.again(retracted.predicate, _without_old(clause)):  # "I'm 5'9 — nope, 5'11"
        return [Claim(retracted.subject, retracted.predicate, value, retracted.polarity, retracted.kind, [retracted.object])]
    clause = correction_value.without_reason(_without_old(clause))  # "3.12 we bumped it last sprint"
    m = _BARE_VALUE.match(clause) or _BARE_NP.match(clause)
    value = correction_swap.widened(_value_span(m.group("o")), clause) if m else ""  # "make that Tuesday and Saturday"
    if not value and kin_age.holds_age(retracted.predicate):
        value = kin_age.said_again(clause)  # "my daughter is 6 — wait no, she's 7", "我女儿8岁，哦不，9岁了"
    if not value or _NOT_A_VALUE.match(value) or grammar.junk(value):
        return []
    value = correction_value.versioned(retracted.object, value)  # "python 3.10, wait no, 3.12": python 3.12
    if retracted.predicate in ("works_at", "lives_in"):  # "I work at Spotify, or technically at Accenture": Accenture
        value = re.sub(r"^(?:at|in|for|from)\s+(?=\S)", "", value, flags=re.I)
    if correction_slot._kind(value)[0] and (put := correction_swap.put(value, retracted.object)):
        value = put[0]  # "我有两只猫，不对，三只": 三只猫
    if retracted.predicate in ("rule", "states"):  # "以后回答我用繁体吧——啊不，还是简体": 回答我用简体
        value = correction_value.substituted(retracted.object, value)
    return [Claim(retracted.subject, retracted.predicate, value, retracted.polarity, retracted.kind, [retracted.object])]


def _holds_word(text: str, part: str) -> bool:
    """`part` is a word or words of `text` (a Chinese span anywhere in it), not all of it."""
    part = part.strip()
    if not part or normalize_text(part) == normalize_text(text):
        return False
    if _CJK.search(part):
        return part in text
    return re.search(rf"(?<![\w.+#-]){re.escape(part)}(?![\w+#-])", text, re.I) is not None


def _corrects(found: list[tuple[Claim, str, Source, bool]], said: list[Claim]) -> bool:
    """Some claim of `found` replaces a value or holds an attribute of the earlier claims `said`."""
    held = {(c.subject, c.predicate) for c in said}
    return any(c.replaces or (c.subject, c.predicate) in held for c, *_ in found)


def _fact_key(c: Claim) -> tuple[str, str, str, str]:
    return (c.subject, c.predicate, normalize_text(c.object), c.polarity)


_REVERSAL = re.compile(r"\bthe other way (?:round|around)\b|\b(?:got|had) (?:it|that|them) backwards\b|反过来|说反了|搞反了|弄反了|记反了|"
                       r"颠倒了", re.I)


def _reversed(said: list[Claim]) -> list[Claim]:
    """The user's last ranking the other way round: "I prefer tabs over spaces" → prefers spaces (replacing tabs);
    "我更喜欢空格，不喜欢 tab" → prefers tab (replacing 空格), not 空格. [] when the claims rank nothing."""
    pos = [c for c in said if c.polarity == "positive"]
    if len(pos) == 1 and len(pos[0].replaces) == 1:
        c = pos[0]
        return [Claim(c.subject, c.predicate, c.replaces[0], "positive", c.kind, [c.object])]
    neg = [c for c in said if c.polarity == "negative"]
    if len(pos) == 1 and len(neg) == 1 and (pos[0].subject, pos[0].predicate) == (neg[0].subject, neg[0].predicate):
        p, n = pos[0], neg[0]
        return [Claim(p.subject, p.predicate, n.object, "positive", p.kind, [p.object]),
                Claim(n.subject, n.predicate, p.object, "negative", n.kind, [n.object])]
    return []


_ARTICLE = re.compile(r"^(?:the|an?|my|our)\s+")


def _said_as(value: str, before: Sequence[Claim]) -> str:
    """An old value named short in a correction ("ThinkPad") as the user said it before ("ThinkPad X1"), else itself."""
    short = _ARTICLE.sub("", normalize_text(value))
    for o in reversed(before):
        said = _ARTICLE.sub("", normalize_text(o.object))
        if said != short and (said.startswith(short + " ") or (_CJK.match(short) and len(short) >= 2 and said.startswith(short))):
            return o.object
    return value


def _same_attribute(found: list[tuple[Claim, str, Source, bool]], new: Claim, retracted: Claim
                    ) -> tuple[Claim, str, Source, bool] | None:
    """The latest claim of `found` with `new`'s holder and attribute, when the value just withdrawn has another one."""
    if (new.subject, new.predicate) == (retracted.subject, retracted.predicate):
        return None
    return next((f for f in reversed(found) if (f[0].subject, f[0].predicate, f[0].polarity) == (new.subject, new.predicate, new.polarity)), None)


def _distinct(found: list[tuple[Claim, str, Source, bool]],
              dropped: list[tuple[Claim, str, Source, bool]] | None = None) -> list[tuple[Claim, str, Source, bool]]:
    """One claim per (subject, object, polarity) in a message: "don't give me Windows steps, I haven't touched
    Windows in years" is one fact. Of two values for one exclusive attribute ("I drive a Civic … I drive a
    Mazda now") the later one stands and replaces the earlier."""
    seen: dict[tuple[str, str, str], str] = {}
    out: list[tuple[Claim, str, Source, bool]] = []
    withdrawn = {normalize_text(r) for c, *_ in found for r in c.replaces}
    # "it's Neovim, not Emacs. I only use Emacs for org-mode": a value the message withdraws is not asserted too
    found = [f for f in found if not (f[0].polarity == "positive" and f[0].replaces == []
                                      and any(normalize_text(f[0].object).startswith(w) for w in withdrawn if w))]
    for item in found:  # a repeat under the same predicate is left to dedup (it reports it)
        c = item[0]
        c.replaces = [r for r in dict.fromkeys(c.replaces) if normalize_text(r) != normalize_text(c.object)]
        key = (c.subject, normalize_text(c.object), c.polarity)
        if seen.setdefault(key, c.predicate) != c.predicate:
            continue
        if is_exclusive(c.predicate):
            for old in [o for o in out if o[0].subject == c.subject and o[0].predicate == c.predicate
                        and normalize_text(o[0].object) != normalize_text(c.object)]:
                out.remove(old)
                c.replaces.append(old[0].object)
                if dropped is not None:  # reported: "I live in Berlin and I live in Paris" keeps Paris and says so
                    dropped.append(old)
        out.append(item)
    return out


def __getattr__(name: str) -> Any:
    if name in ("ExtractNode", "SKIPS_KEY"):  # moved to write/extract.py; the old path still imports
        from . import extract

        return getattr(extract, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
