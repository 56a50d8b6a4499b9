"""More parts a correction is told by (zh + en), each general over the value it goes with.

- a slip noun: "brain fart", "senior moment", "slip of the tongue", "手滑了", "脑子短路了";
- a value said again in a restating frame: "I should say Kotlin", "Kotlin, I should say", "I should have said
  Porto", "我说的是 ThinkPad", "（现在）应该说是 Rust 了", "应该讲是…";
- what was said, put in the past: "that was true in college", "that was years ago", "那是以前了", "那都是老黄历了";
- an interjection and a "no" between two values: "I'm 34. ugh no, 35";
- a value the assistant read back wrong, set against the user's: "Korean, not Japanese" after "Japanese is fun!",
  "不是 MacBook，是 ThinkPad" after "你用 MacBook。".

`marks(message, assistant_before)` says the message is a correction; `restated(clause)` reads the frame away so the
value after it is read as a bare corrected value ("I should say Kotlin" → "Kotlin", "应该说是 Rust 了" → "是 Rust 了").

    >>> marks("sorry, brain fart, it's an iPhone 15 now"), marks("I should say Kotlin"), marks("现在应该说是 Rust 了")
    (True, True, True)
    >>> marks("that was true in college. these days it's Radiohead"), marks("I'm 34. ugh no, 35")
    (True, True)
    >>> marks("not anymore actually, we're on GitHub Actions since May"), marks("not anymore lol")
    (True, False)
    >>> marks("Korean, not Japanese 😅", "Great, Japanese is a fun language!"), marks("Korean, not Japanese", "Sure.")
    (True, False)
    >>> marks("I should say thanks for the help"), marks("oh no, my laptop died"), marks("那是以前的同事推荐的")
    (False, False, False)
    >>> slot_noun("correction on the editor: it's Zed"), slot_noun("oh and I got the city wrong earlier"), slot_noun("上面公司说错了，是荣耀")
    ('editor', 'city', '公司')
    >>> deferral("回头再说"), deferral("I'll check and get back to you"), deferral("荣耀"), deferral("Checkout.com")
    (True, True, False, False)
    >>> dismay("oh no, my laptop died"), dismay("oh no!! the build broke again"), dismay("oh no, I meant Lyon"), dismay("oh no wait, it's Lyon")
    (True, True, False, False)
    >>> variant("MacBook Air", "Pro"), variant("iPhone 15 Pro", "Max"), variant("Pixel", "Pro"), excuse("long day")
    ('MacBook Pro', 'iPhone 15 Max', '', True)
    >>> disowns("啊不好意思，我们这个 repo 是 4 空格的，2 空格是另一个前端项目", ["我们项目代码规范是 2 空格缩进"])
    True
    >>> marks("Hmm, I did, but honestly I've gone off it. I use Gruvbox these days."), marks("我早就不用了"), marks("pinia 呗，vuex 早就不用了")
    (True, True, False)
    >>> marks("traded it in, it's a Mazda 3 now"), marks("well, mid-level now, got promoted in spring"), marks("it's sunny now")
    (True, True, False)
    >>> restated("I should say Kotlin"), restated("Kotlin, I should say"), restated("我说的是 ThinkPad"), restated("现在应该说是 Rust 了")
    ('Kotlin', 'Kotlin', '是 ThinkPad', '是 Rust 了')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..records import Source
from .correction_topic import names_slot
from .rules import Claim

_I = re.IGNORECASE

_SLIP_NOUN = re.compile(r"\b(?:brain\s*fart|senior moment|slip of the (?:tongue|finger|keyboard)|fat[- ]fingered (?:it|that)|"
                        r"(?:my )?brain (?:is|'s) (?:fried|mush|not working))\b|手滑了?|脑子短路了?|脑子抽了|嘴瓢了?|秃噜嘴了?", _I)

# a pronoun or a word of thanks after the frame is no value ("I should say thanks", "I should say that I …")
_NOT_VALUE = r"(?!(?:thanks|thank|sorry|hi|hello|that|this|it|i|i'm|we|you|so|something|anything|no|yes|more)\b)"
_SHOULD_SAY_EN = re.compile(rf"^(?:(?:well|or|er+|um+|uh+|sorry|oops|ugh|ok(?:ay)?|no)[,\s]+)*i\s+(?:should|ought to|'d better|should've|"
                            rf"should have)\s+(?:say|said)\s+{_NOT_VALUE}(?P<v>\S.*)$", _I)
_SAY_AFTER_EN = re.compile(r"^(?P<v>[\w.+#-]+(?:\s+[\w.+#-]+){0,2}?)\s*,?\s+i\s+should(?:\s+have|'ve)?\s+(?:say|said)\s*[.!]?$", _I)
_SAID_ZH = re.compile(r"^(?:(?:哦|噢|啊|呃|额|嗯|不是)[，,\s…\.]*)*(?:现在|其实|准确地?|严格地?)?(?:我(?:刚才|刚刚|前面|本来)?说的(?=是)|应该(?:说|讲)(?=是)|应该(?:说|讲)成)"
                      r"\s*(?P<v>\S.*)$")
_FRAMES = (_SHOULD_SAY_EN, _SAY_AFTER_EN, _SAID_ZH)

# what was said, put in the past: "that was true in college", "that's from years ago", "那是以前了"
_LAPSE = re.compile(r"\bthat(?:'s| was| is)\s+(?:(?:only|just)\s+)?(?:true|the case|right|so|how it was|my old \w+)?\s*(?:back\s+)?"
                    r"(?:in (?:college|school|uni|university|high school|my twenties|the past|\d{4})|when i was\b|years ago|ages ago|"
                    r"a while (?:ago|back)|a long time ago|before (?:the|my|i|we)\b|last year)|"
                    r"^\s*(?:(?:well|actually|nah|no|hmm+|ah)[,\s]+)*(?:not any ?more|no longer)\b(?:\s+(?:actually|really|tbh))?\s*[,;.!—–]\s*\S|"
                    r"^\s*(?:(?:well|yeah|hmm+)[,\s]+)?(?:it|that) (?:was|used to be)\s*[.!]+\s*(?:it'?s|it is|now|these days|mine'?s)\b|"
                    r"(?:^|[，,。！!\s])那(?:是|都是|已经是)(?:(?:好)?(?:几|多)?年前|以前|之前|老黄历|过去式|上学的时候|大学的时候)(?:的事)?了", _I)

# the user no longer holds the value: "I've gone off it", "I'm over it", "早就不用了"
_GONE_OFF = re.compile(r"\bi(?:'ve| have)\s+(?:kind of\s+|totally\s+)?(?:gone off|moved on from|grown out of|outgrown|gotten over|got over)\s+(?:it|that|them|those)\b|"
                       r"\bi'?m\s+(?:so\s+)?(?:over|done with)\s+(?:it|that|them)\b|\bnot (?:into|a fan of) (?:it|that|them) any ?more\b|"
                       r"(?:^|[，,。！!…])\s*(?:(?:哦|啊|嗯|其实)[，,\s]*)?(?:我|那个|它)?(?:早就|已经|早)不(?:用|喜欢|喝|吃|玩)(?:它|那个)?了", _I)
# the old value given to another holder: "2 空格是另一个前端项目", "Vim 是之前那台电脑上的"
_ELSEWHERE_ZH = re.compile(r"(?:^|[，,。！\s])(?P<o>[^，,。！？\s][^，,。！？]{0,15}?)\s*(?:是|那是|是在|用在)(?:另一个|另外一个|别的|其他|以前的|之前的|之前那个|上一个|老)"
                           r"[\u4e00-\u9fff]{0,6}(?:项目|仓库|服务|团队|公司|电脑|手机|工作|组)")


def disowned(message: str, user_before: Sequence[str]) -> list[str]:
    """The values the user said before that the message gives to another holder ("2 空格是另一个前端项目" → ["2 空格"])."""
    said = " ".join(_norm(t) for t in user_before)
    return [m.group("o").strip() for m in _ELSEWHERE_ZH.finditer(message) if _norm(m.group("o")) and _norm(m.group("o")) in said]


def disowns(message: str, user_before: Sequence[str]) -> bool:
    """The message gives a value the user said before to another holder: a correction."""
    return bool(disowned(message, user_before))


# a value of now beside the event that changed it: "traded it in, it's a Mazda 3 now", "mid-level now, got promoted",
# "It's actually a Pi 5 now, upgraded over Christmas", "换了，现在是小米了"
_CHANGE_EVENT = re.compile(r"\b(?:traded (?:it|that|them) in|sold (?:it|that|them)|got promoted|was promoted|upgraded|downgraded|bumped|migrated|"
                           r"replaced (?:it|that|them)|switched|swapped (?:it|that|them)(?: out)?|changed (?:jobs|teams)|moved)\b|"
                           r"换了|升了|卖了|升职了|跳槽了|搬了|升级|迁移|迁到", _I)
_NOW_VALUE = re.compile(r"(?:^|[,;.!—–]\s*)(?:(?:well|oh|ah|actually|but)[,\s]+)*(?:it'?s|it is|mine'?s|i'?m)?\s*(?:actually\s+)?(?:an?\s+)?"
                        r"[\w.+#-]+(?:[\s-]+[\w.+#-]+){0,2}\s+now\b|(?:^|[，,。！\s])现在(?:是|用的是|用)\s*\S{1,20}?\s*了", _I)
_INTERJECTED_NO = re.compile(r"\w\s*[.!…]+\s*(?:ugh|argh|eh|er+|erm|um+|uh+|oops|whoops|hmm+|gah|dang|shoot)[,\s]+(?:no|nope|nah)\s*[,!—–]\s*\w", _I)

_VALUE = r"[\w.+#-]+(?:\s+[\w.+#-]+){0,2}"
_SET_AGAINST = (re.compile(rf"(?:^|[,;—–]\s*|^(?:no|nope|nah)[,\s]+)(?P<new>{_VALUE})\s*[,;—–]\s*not\s+(?P<old>{_VALUE})\b", _I),
                re.compile(rf"^(?:(?:no|nope|nah)[,\s]+)?not\s+(?P<old>{_VALUE})\s*[,;—–]\s*(?:it'?s\s+)?(?P<new>{_VALUE})", _I),
                re.compile(r"不是\s*(?P<old>[^，,。！？\s]{1,20}?)\s*(?:啦|呀|哦)?\s*[，,]\s*(?:而)?是\s*(?P<new>[^，,。！？]{1,20})"),
                re.compile(r"是\s*(?P<new>[^，,。！？]{1,20}?)\s*[，,]\s*不是\s*(?P<old>[^，,。！？\s]{1,20})"))


def _norm(text: str) -> str:
    return "".join(text.split()).casefold()


def misread(message: str, assistant_before: str) -> bool:
    """The message sets the user's value against one the assistant's turn just before said ("Korean, not Japanese")."""
    said = _norm(assistant_before)
    if not said:
        return False
    for rx in _SET_AGAINST:
        for m in rx.finditer(message.strip()):
            old = _norm(m.group("old"))
            if old and old in said and _norm(m.group("new")) != old:
                return True
    return False


def marks(message: str, assistant_before: str = "") -> bool:
    """The message is a correction by one of this module's parts (see the module doc)."""
    clauses = [c.strip() for c in re.split(r"[,，.。!！;；—–]+", message) if c.strip()]
    return bool(_SLIP_NOUN.search(message) or _LAPSE.search(message) or _GONE_OFF.search(message)
                or _CHANGE_EVENT.search(message) and _NOW_VALUE.search(message) or _INTERJECTED_NO.search(message)
                or any(rx.match(c) for c in clauses for rx in _FRAMES)
                or bool(re.search(r"[,—–]\s*i\s+should(?:\s+have|'ve)?\s+(?:say|said)\s*(?:[.!,;—–]|$)", message, _I))
                or misread(message, assistant_before))


# the attribute a slip names: "correction on the editor", "I got the city wrong", "上面公司说错了", "手机那个不对"
_SLOT_EN = re.compile(r"\b(?:correction|fix|update)\s+(?:on|about|re|for|to)\s+(?:the|my|our)\s+(?P<t>[a-z]+)\b|"
                      r"\bgot\s+(?:the|my|our)\s+(?P<t2>[a-z]+)\s+(?:wrong|backwards|mixed up)\b|"
                      r"\b(?:the|my)\s+(?P<t3>[a-z]+)\s+(?:was|is)\s+wrong\b", _I)
_SLOT_ZH = re.compile(r"(?:^|[，,。！\s]|上面|前面|刚才|之前|对了)(?:说的?)?(?P<t>[\u4e00-\u9fff]{1,3}?)(?:那个|那块|那句)?"
                      r"(?:说|写|记|打)(?:错|岔|混)了")


def slot_noun(message: str) -> str:
    """The attribute a slip in `message` names ("I got the city wrong" → "city", "上面公司说错了" → "公司"), else ""."""
    if m := _SLOT_EN.search(message):
        return next(g for g in m.groups() if g)
    m = _SLOT_ZH.search(message)
    return m.group("t") if m and m.group("t") not in ("我", "我刚", "刚才", "我记", "你", "都", "又", "也") else ""


def retarget(found: list, noun: str, before: Sequence[Claim]) -> list:
    """`found` with each correction that replaces a value outside the slot `noun` names put on that slot's latest
    claim of `before` (the thread's earlier user claims, in order) when one names it: "I code mostly in Go" …
    "correction on the editor: it's Zed" replaces the editor, not Go."""
    slot = [c for c in before if names_slot(noun, c)]
    if not slot:
        return found
    out = []
    for claim, quote, source, hedged in found:
        if (source is Source.EXPLICIT_CORRECTION and claim.replaces and not names_slot(noun, claim)
                and not any(c.object in claim.replaces for c in slot)):
            target = slot[-1]
            claim = Claim(target.subject, target.predicate, claim.object, claim.polarity, target.kind, [target.object])
        out.append((claim, quote, source, hedged))
    return out


# "回头再说", "等我查一下", "我再确认下", "I'll check", "let me look it up": the user puts the new value off
_DEFERRAL = re.compile(r"回头|再说|晚点|稍后|等我|我再|我去|查一?下|确认一?下|问问|想想|看看|核实|\b(?:i'?ll|let me|lemme|i need to|gotta)\s+"
                       r"(?:check|look|ask|confirm|find out|get back)\b|\b(?:not sure|no idea|dunno|tbd|later)\b", _I)


# "sorry, long day", "抱歉，脑子不清醒": an excuse for a slip, no value
_EXCUSE = re.compile(r"^(?:(?:it'?s been|been|what)\s+)?(?:a\s+)?(?:long|rough|busy|crazy|hectic)\s+(?:day|week|night|morning)\b|"
                     r"^(?:i'?m\s+)?(?:so\s+|too\s+)?(?:tired|sleepy|exhausted|jet-?lagged|half asleep)\b|^(?:need|needs)\s+(?:more\s+)?coffee\b|"
                     r"^(?:strikes|got me|did it|wins) again\b|^(?:i\s+)?(?:got|get|was|am|'m)\s+(?:(?:a bit|so|totally)\s+)?(?:confused|mixed up|muddled)\b|"
                     r"^(?:我)?(?:搞|弄|记)?(?:糊涂|混)了$|^(?:今天)?(?:太累了|累糊涂了|脑子不清醒|没睡醒|困糊涂了)", _I)


# "it's just outside", "close by", "就在旁边": where the value is, said by an adverb of place with no name in it
_ONLY_NEAR = re.compile(r"^(?:(?:just|right|pretty|very|quite|really|not)\s+)*(?:outside|nearby|near|close(?:\s+by)?|next door|around the "
                        r"corner|far|there|here|in between|on the edge|on the outskirts)(?:\s+(?:it|there|of it|from (?:it|there)))?$|"
                        r"^(?:就)?(?:在)?(?:旁边|附近|隔壁|边上|不远|那边|这边|郊区)$", _I)


def deferral(value: str) -> bool:
    """`value`, read as a bare corrected value, only puts the new value off ("回头再说", "I'll check"), excuses
    the slip ("long day") or tells the change ("traded it in", "upgraded over Christmas"): no value."""
    return bool(_DEFERRAL.search(value) or _EXCUSE.match(value.strip()) or _ONLY_NEAR.match(value.strip(" .,!;—–-。，！"))
                or (m := _CHANGE_EVENT.match(value.strip())) and len(value.strip()[m.end():].split()) <= 3)  # "traded it in"


def excuse(clause: str) -> bool:
    """The clause only excuses a slip ("long day", "been a rough week", "太累了")."""
    return bool(_EXCUSE.match(clause.strip(" ,.!;—–-。，！")) and len(clause.split()) <= 6)


_VARIANT = re.compile(r"(?:air|pro|max|mini|plus|ultra|lite|se|studio|neo|fe|fold|flip|note|edge)\+?", _I)


def variant(old: str, new: str) -> str:
    """`new` as a model of the product `old` names, when `new` only gives its variant word ("MacBook Air" + "Pro" →
    "MacBook Pro"); else "".
    """
    words = old.split()
    if len(words) < 2 or not _VARIANT.fullmatch(new.strip()) or not _VARIANT.fullmatch(words[-1]):
        return ""
    return " ".join([*words[:-1], new.strip()])  # "MacBook Air" + "Air": the model said again, whole


# "oh no, my laptop died", "oh no!! the build broke again": dismay at an event, no correction
_DISMAY = re.compile(r"^\s*(?:(?:oh|ah|uh|aw)\s+no+|noo+)\b[\s,!.]*(?:(?:my|our|the|it|this|that|i|we)\b[^.!?]{0,40}?\b"
                     r"(?:died|broke|crashed|froze|failed|stopped|fell|lost|forgot|missed|spilled|deleted|is (?:down|broken|dead)|"
                     r"(?:won't|doesn't|didn't|can't)\s+\w+)\b)", _I)


def dismay(message: str) -> bool:
    """The message opens with "oh no" at something that happened ("oh no, my laptop died"): no correction."""
    return bool(_DISMAY.match(message))


# "Scratch that, they're Python 3.6": in a correction, "they" is the things just named; a name or version follows
_THEY_ARE = re.compile(r"^(?:they'?re|they are|those are|these are)\s+(?=(?:all\s+|actually\s+|mostly\s+)*(?-i:[A-Z0-9]))", _I)


def after_first(message: str, withdrawn: Sequence[str], clauses: Sequence[str]) -> list[str]:
    """The first of `clauses` said after the withdrawn values in `message`: where a withdrawn value's new one is."""
    at = max((message.find(w) for w in withdrawn if w in message), default=-1)
    if at < 0:
        return []
    later = sorted((message.find(c, at), c) for c in clauses if c and message.find(c, at) > at)
    return [later[0][1]] if later else []


def pointer(value: str) -> bool:
    """`value` only points back ("那", "这个", "that", "it"): never an old value of its own."""
    return value.strip().casefold() in {"那", "这", "那个", "这个", "它", "那些", "这些", "it", "that", "this", "those", "these", "one"}


def restated(clause: str) -> str:
    """`clause` with its restating frame read away ("I should say Kotlin" → "Kotlin", "they're Python 3.6" → "it's
    Python 3.6"); `clause` when it has none."""
    if _THEY_ARE.match(clause.strip()):
        return _THEY_ARE.sub("it's ", clause.strip())
    for rx in _FRAMES:
        if m := rx.match(clause.strip()):
            return m.group("v").strip()
    return clause


__all__ = ["after_first", "deferral", "dismay", "disowned", "disowns", "excuse", "marks", "misread", "pointer", "restated", "retarget", "slot_noun", "variant"]
