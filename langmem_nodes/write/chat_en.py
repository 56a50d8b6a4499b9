"""English chat cues for corrections, by parts: a slip word ("lol no,", "whoops"), a self-error verb ("I misread",
"I mixed the two up"), a value disowned ("Mango is my mom's cat", "Arc was on my old laptop") and the frame a
corrected value is said in ("mine is …", "here it's …", "for this one the queue is …").

The rule extractor (`extractor.py`) reads a message as a correction when `is_correction` says so, and strips
`frame` before it reads a bare corrected value.

Example:
    >>> is_correction("lol no, I went back to Chrome"), is_correction("no worries, thanks!")
    (True, False)
    >>> is_correction("sorry, I misread the Dockerfile"), is_correction("sorry for the long message")
    (True, False)
    >>> disowned("Mango is my mom's cat"), disowned("the Golf is my brother's"), disowned("Go is my favourite")
    ('Mango', 'Golf', '')
    >>> frame("mine's a Yaris"), frame("here it's dprint"), frame("for this one the queue is RabbitMQ")
    ("it's a Yaris", "it's dprint", 'the queue is RabbitMQ')
    >>> is_correction("Oh wait, my dog is called Muffin, not Biscuit."), is_correction("oh wait, my dog is called Muffin")
    (True, False)
    >>> frame("I meant I use Helix"), frame("it's sesame I'm allergic to")
    ('I use Helix', "I'm allergic to sesame")
    >>> is_correction("hmm, not Sublime, Zed."), is_correction("Not sure about that, I use Vim.")
    (True, False)
"""

from __future__ import annotations

import re

from .clause_en import HOLDER

_I = re.IGNORECASE

_FILLER = r"(?:(?:lol|lmao|haha+|hah|ha|oh|ah|hmm+|um+|uh+|erm|ugh|eh|well|ok(?:ay)?|wait|oops|whoops)[,!.]*\s+)*"
# "lol no, …", "hmm nope —", "nah, …": a denial opening the message, with something after it
_SLIP = re.compile(
    rf"^\s*{_FILLER}(?:no+|nope|nah|not really|not exactly|wrong|actually)(?:\s*[,!.:;—–-]+|\s+(?=(?:wait|sorry|actually|no|my bad|"
    rf"i|it'?s|that'?s|we|the|mine)\b))\s*(?P<rest>\S.*)$", _I | re.S)
# what a polite or closing "no" goes on with: not a correction ("no worries", "nope, that's all")
_NOT_AFTER_SLIP = re.compile(r"^(?:worries|problem|prob|way|thanks|thank you|need|rush|idea|clue|pressure|biggie|"
                             r"that'?s (?:all|it|fine|ok(?:ay)?|good)|all good|i'?m good|we'?re good|nothing else|"
                             r"that'?s everything|i'?m (?:fine|ok(?:ay)?|done))\b", _I)
# the user says they got it wrong: "I misread", "I mixed the two up", "I was thinking of my old job"
_SELF_ERROR = re.compile(
    r"\bi\s+(?:totally\s+|completely\s+|just\s+|must have\s+|must've\s+)?(?:misread|misremembered|mistyped|misspelled|misspelt|"
    r"misspoke|misstated|mixed up|mixed (?:it|them|that|those|these|(?:the|my|our) \w+(?: \w+)?) up|confused (?:it|them|that|"
    r"(?:the|my|our) \w+(?: \w+)?)\b|got (?:it|that|them|this|those) (?:wrong|backwards|mixed up|the wrong way)|"
    r"was thinking of|was wrong|had (?:it|that) wrong|gave you the wrong|should have said|should've said|"
    r"should correct myself|need to correct myself|meant to (?:say|write|type))\b|"
    r"\b(?:oops|whoops|my bad|my mistake)\b(?!\s+(?:for|about)\b)|"
    r"\bi said\s+\S+(?:\s+\S+){0,3}\s+(?:earlier|before|above)\b.{0,40}\b(?:wrong|not right|a mistake|incorrect)\b", _I | re.S)


# a soft opener ("oh wait", "sorry", "hmm wait") that corrects only with a value taken back after it
_SOFT_OPENER = re.compile(r"^\s*(?:(?:oh|ah|hmm+|um+|uh+|erm)[,!.]*\s+)*(?:wait|sorry(?!\s+(?:for|about|to|if)\b))\b", _I)
# "…, not Biscuit." / "… — rather than Lily": the clause that ends the sentence naming the old value
_TAKEN_BACK = re.compile(r"[,;—–-]\s*(?:not|rather than|instead of)\s+(?!(?:sure|really|yet|now|just|only|that|so|too|very|"
                         r"quite|much|many|a lot|always|anymore|any more)\b)[^,;.!?]{1,40}?\s*(?:[.!?]|$)", _I | re.M)


# "hmm, not Sublime, Zed.", "Not Memcached — we're on Redis.", "呃，不是 Sublime 啦，Zed。": the message opens by taking
# the old value back, and goes on with the new one
_NOT_LEAD = re.compile(
    rf"^\s*{_FILLER}(?:erm*|er|uh+)?[,!.]*\s*not\s+(?!(?:sure|really|exactly|quite|yet|now|today|tonight|much|many|a lot|a fan|"
    rf"bad|great|good|too|so|very|that|this|at all|anymore|any more|me|you|my|your|for|to|in|on|at|if|when|because)\b)"
    r"[\w.+#-]+(?:\s+[\w.+#-]+){0,2}\s*(?:[,;—–]|\s-\s)+\s*\S|"
    r"^\s*(?:(?:呃|额|嗯|哦|噢|啊|哎|唉)[，,\s]*)*不是(?!不)\s*[A-Za-z\u4e00-\u9fff][^，,。！？\s]{0,19}\s*(?:啦|了|哦|呀|啊)?\s*[，,—]+\s*\S", _I)


def is_correction(message: str) -> bool:
    """The message corrects something the user said: a slip word opening it, a self-error anywhere, or a soft
    opener with a value taken back ("Oh wait, my dog is called Muffin, not Biscuit.")."""
    slip = _SLIP.match(message)
    if slip and not _NOT_AFTER_SLIP.match(slip.group("rest")):
        return True
    if _SOFT_OPENER.match(message) and _TAKEN_BACK.search(message):
        return True
    if _NOT_LEAD.match(message):
        return True
    return bool(_SELF_ERROR.search(message))


def declines(message: str) -> bool:
    """A "no" that answers or closes ("nope, that's all for today", "no worries"): never a correction."""
    slip = _SLIP.match(message)
    return bool(slip and _NOT_AFTER_SLIP.match(slip.group("rest")))


_THIRD = (r"(?:mom|mum|mother|dad|father|wife|husband|partner|sister|brother|son|daughter|kid|friend|boss|manager|"
          r"roommate|flatmate|neighbou?r|coworker|co-worker|colleague|cousin|aunt|uncle|grandma|grandpa|girlfriend|"
          r"boyfriend|team|client|family|parents)")
# a value the correction takes back by owning it to someone or somewhere else
_DISOWNED = re.compile(
    rf"^(?:the\s+)?(?P<o>[\w.+#-]+(?:\s+[\w.+#-]+)?)\s+(?:is|was|'s)\s+(?:actually\s+|just\s+|only\s+)?(?:my|our)\s+{_THIRD}'s\b|"
    rf"^(?:the\s+)?(?P<o2>[\w.+#-]+(?:\s+[\w.+#-]+)?)\s+(?:is|was|'s)\s+(?:actually\s+|just\s+|only\s+)?(?:on|for|at|from|in)\s+"
    r"(?:my|our|the)\s+(?:old|other|previous|last|former|work|personal|home|second)\b|"
    # "the MacBook is mine", "Firefox is what I used in college", "the Pixel was from before": the old value, placed
    rf"^(?:the\s+)?(?P<o3>[\w.+#-]+(?:\s+[\w.+#-]+)?)\s+(?:is|was|'s)\s+(?:actually\s+|just\s+|only\s+)?(?:mine|my own(?: one)?|"
    r"my (?:personal|private|own|old|other|previous) (?:one|thing)|what i (?:used|had|did|drove|ran|played|drank|ate|liked|meant)\b.*|"
    r"from (?:college|school|uni|before|my last job|years ago|ages ago)\b.*)$", _I)


def disowned(clause: str) -> str:
    """The old value a clause gives to someone or somewhere else ("Mango is my mom's cat" → "Mango"), else ""."""
    m = _DISOWNED.match(clause.strip())
    return (m.group("o") or m.group("o2") or m.group("o3")) if m else ""


# "I meant I use Helix", "what I meant was I hate jogging", "我的意思是我讨厌跑步": the clause after it
_MEANT = re.compile(r"^(?:what\s+)?i\s+(?:meant|mean|wanted to say)(?:\s+to\s+say)?(?:\s+(?:was|is))?(?:\s+that)?\s*,?\s+(?=(?:i|i'm|i've|my|we|we're|our)\b)|"
                    r"^(?:我的意思是|我是说|我想说的是|我本来想说|我本意是)\s*(?=我)", _I)
# "mine is X" = "it's X"; a frame before the value names where it holds ("here", "for this one", "in this repo")
_MINE = re.compile(r"^mine(?:'s| is)\s+", _I)
_FRAME = re.compile(r"^(?:(?:but\s+)?(?:here|over here|in this (?:one|repo|project|codebase|team|job)|for this (?:one|repo|project|"
                    r"service|app|job|team)|at (?:this|my current|my new) (?:job|company|place)|on this (?:team|project|one))\s*,?\s+)"
                    r"(?=(?:it'?s|it is|the\s|we|our\s))", _I)


# a cleft: "it's sesame I'm allergic to" = "I'm allergic to sesame"
_CLEFT = re.compile(r"^it(?:'s| is| was)\s+(?P<o>[\w.+#-]+(?:\s+[\w.+#-]+){0,2}?)\s+(?:that\s+)?"
                    r"(?P<s>i(?:'m| am)?\s+(?:allergic to|[a-z]+\s+(?:in|with|on|to|at|for)|use|like|love|prefer|drive|play|speak|eat|drink))$", _I)


def frame(clause: str) -> str:
    """The clause with its ownership or place frame read away: "mine's a Yaris" → "it's a Yaris",
    "it's sesame I'm allergic to" → "I'm allergic to sesame"."""
    clause = _MINE.sub("it's ", _MEANT.sub("", clause.strip()))
    if (cleft := _CLEFT.match(clause)):
        return f"{cleft.group('s')} {cleft.group('o')}"
    return _FRAME.sub("", clause)


_AND = re.compile(r"\s+and\s+(?=\S)", _I)


def split(clause: str) -> list[str]:
    """A clause cut before "and" + a new project holder: "we use Gradle and everything is Kotlin", "… and the api
    workers are written in rust" (a holder of its own, so a clause of its own).

    >>> split("we use Gradle and everything is Kotlin")
    ['we use Gradle', 'everything is Kotlin']
    >>> split("I like tea and biscuits")
    ['I like tea and biscuits']
    """
    out, start = [], 0
    for m in _AND.finditer(clause):
        h = HOLDER.match(clause[m.end():])
        if h and h.group("project") and not h.group("project").lower().startswith("we"):
            out.append(clause[start:m.start()])
            start = m.end()
    return [*out, clause[start:]]


# a cue with nothing to keep: "general note going forward:", "one more thing for the future"
_BARE_CUE = re.compile(r"^(?:(?:a|an|one|quick|small|tiny|general|important|side|last|more|another|big)\s+)*(?:note|thing|rule|"
                       r"reminder|request|point|heads[- ]up|fyi|preference|ask)s?(?:\s+(?:going forward|from now on|for the future|"
                       r"in (?:the )?future|first|too|also))*\s*[:.!]*$", _I)


def bare_cue(clause: str) -> bool:
    """A clause that only announces what follows ("general note going forward:"): nothing to store."""
    return bool(_BARE_CUE.match(clause.strip()))
