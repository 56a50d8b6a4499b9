"""Taking back a standing rule in chat, read by its parts: a release cue and the rule's own topic.

A release lifts a rule ("You don't need to use pytest anymore", "Drop the rule about tests", "The pytest rule no
longer applies", "代码注释不用再用中文了", "注释用中文那条规则删了吧", "别再提醒我喝水了"); a loosening makes it
optional ("You don't always have to use pytest", "pytest is optional now", "注释不一定要用中文"). What is released is
the topic the message names — its content words (or Chinese chunks), each of which must be in the rule's object,
and a verb that is either a plain verb of doing ("use", "write", 用, 写) or the rule's own ("remind", 提醒). So
"You don't need to explain pytest anymore", "You don't need to use unittest anymore" or "提交信息不用再用中文了" leave
"write tests with pytest" and "代码注释都用中文写" alone. A question, reported speech or a cue with no topic
("不用再担心了" names nothing a rule holds) release nothing.

The extractor turns a release into a skip carrying `release` and reads the sentence on as usual; the commit
(`carry_out`) supersedes the active rules it names — never deleting them, the ledger saying the user took them back;
a loosened rule is replaced by a preference of the same words — and writes nothing else read from that sentence. A
release naming no rule held leaves the sentence's own claims alone ("我们项目不需要再支持 IE 了" is a fact).

>>> read("You don't need to use pytest anymore.")["release"], read("注释不一定要用中文。")["release"]
({'kind': 'retract', 'topic': ['pytest'], 'verb': 'us'}, {'kind': 'loosen', 'topic': ['注释', '中文'], 'verb': ''})
>>> matches(read("Drop the rule about tests.")["release"], "write tests with pytest"), read("Do we still need pytest?")
(True, None)
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from ..records import Kind, LedgerEntry, LedgerOp, MemoryContext, MemoryRecord, Source, Status
from ..store import VersionConflict
from .traditional import as_read

_I = re.IGNORECASE
RETRACTED, LOOSENED = "rule taken back", "rule loosened"

# ---- English ----------------------------------------------------------------------------------------------
_LEAD = re.compile(r"^(?:(?:ok(?:ay)?|so|well|also|and|actually|btw|by the way|oh|hey|fyi|just so you know|from now on|"
                   r"going forward|please)[\s,]+)+", _I)
_MORE = r"\s+(?:anymore|any more|any longer|from now on|going forward)"
_RULE_N = r"(?:rule|instruction|convention|requirement|guideline|policy)"
_EN: list[tuple[str, re.Pattern[str]]] = [
    # "you don't need to use pytest anymore", "we no longer have to write tests with pytest"
    # (the need is what is lifted: "we no longer use Jenkins" is a fact about the team, no rule released)
    ("retract", re.compile(rf"^(?:you|we)\s+(?:(?:no longer|don'?t|do not)\s+(?:need|have)\s+to|needn'?t)\s+(?P<vp>.+?)(?P<more>{_MORE})?$", _I)),
    # "no need to use pytest any more", "there's no need to …"
    ("retract", re.compile(rf"^(?:there(?:'s| is)\s+)?no (?:more )?need (?:for you )?to\s+(?P<vp>.+?)(?P<more>{_MORE})$", _I)),
    # "you can stop adding type hints", "feel free to stop …"
    ("retract", re.compile(r"^(?:you can|feel free to|go ahead and)\s+stop\s+(?P<vp>\w+ing\b.+?)(?P<more>)$", _I)),
    # "type hints aren't needed anymore", "pytest is no longer necessary"
    ("retract", re.compile(rf"^(?P<np>.+?)\s+(?:is|are)(?:n'?t|\s+not)\s+(?:needed|necessary)(?P<more>{_MORE})(?:\s*,.*)?$|"
                           r"^(?P<np2>.+?)\s+(?:is|are)\s+no longer\s+(?:needed|necessary)(?:\s*,.*)?$", _I)),
    # "forget / drop that rule about pytest", "scrap the pytest rule", "never mind the type hints rule, forget it"
    ("retract", re.compile(rf"^(?:forget|drop|scrap|remove|delete|cancel|ignore|ditch|lift|disregard|get rid of|never mind|"
                           rf"nevermind|forget about)\s+(?:that|the|this|my|our|your)\s+(?:(?:{_RULE_N})\s+(?:about|on|for|regarding)\s+"
                           rf"(?P<np>.+?)|(?P<np2>.+?)\s+{_RULE_N})(?:\s*[,;].*)?$", _I)),
    # "the pytest rule no longer applies", "the rule about tests is cancelled"
    ("retract", re.compile(rf"^(?:the|that|this|my|our)\s+(?:{_RULE_N}\s+(?:about|on|for)\s+(?P<np>.+?)|(?P<np2>.+?)\s+{_RULE_N})\s+"
                           r"(?:no longer (?:applies|holds|stands)|is (?:gone|cancell?ed|off|dropped|lifted|void|over))$", _I)),
    # loosened: "you don't always have to use pytest", "pytest is optional now", "type hints aren't required anymore"
    ("loosen", re.compile(r"^(?:you|we)\s+(?:don'?t|do not)\s+(?:always\s+(?:need|have)\s+to|(?:need|have)\s+to\s+always)\s+(?P<vp>.+?)(?P<more>)$", _I)),
    ("loosen", re.compile(r"^(?P<np>.+?)\s+(?:is|are)\s+(?:optional|not (?:required|mandatory|compulsory))(?:\s+(?:now|anymore|any more))?"
                          r"(?:\s*,.*)?(?P<more>)$|^(?P<np2>.+?)\s+(?:is|are)n'?t\s+(?:required|mandatory|compulsory)"
                          r"(?:\s+(?:now|anymore|any more))?(?:\s*,.*)?$", _I)),
]
#: verbs that name no topic of their own: the rule's object says what is done
_DOING_VERBS = "use write do follow keep add put apply stick go make include stay run".split()
_STOP_EN = frozenset("a an the to to with in on for of about that this my our your me us it its them always every all "
                     "any more anymore be is are from now each time".split())
#: a topic that is not a rule's: someone else said it, or it asks
_REPORTED_EN = re.compile(r"\b(?:says?|said|thinks?|told|claims?|reckons?)\b", _I)


def _stem(word: str) -> str:
    w = word.casefold()
    for suffix in ("ing", "ed", "es", "s"):
        if len(w) > len(suffix) + 2 and w.endswith(suffix):
            w = w[: -len(suffix)]
            break
    w = w[:-1] if len(w) > 2 and w.endswith("e") else w
    return w[:-1] if len(w) > 2 and w[-1] == w[-2] else w


_DOING = {_stem(w) for w in _DOING_VERBS}


def _en(text: str) -> dict[str, Any] | None:
    t = _LEAD.sub("", text.strip().rstrip(" .!…")).strip()
    for kind, rx in _EN:
        m = rx.match(t)
        if not m:
            continue
        groups = m.groupdict()
        vp = groups.get("vp")
        if vp is not None and kind == "retract" and not groups.get("more") and not re.search(r"\bno longer\b|\bstop\b", m.group(0), _I):
            continue  # "you don't need to use pytest" (for this snippet?): no lasting release without "anymore"
        np = groups.get("np") or groups.get("np2")
        words = re.findall(r"[\w+#.-]+", vp or np or "")
        if np and _REPORTED_EN.search(np):
            return None
        verb = _stem(words[0]) if vp and words else ""
        topic = [w for w in (words[1:] if vp else words) if w.casefold() not in _STOP_EN and w.casefold() not in ("rule", "rules")]
        if not topic:
            return None
        return {"kind": kind, "topic": topic, "verb": verb}
    return None


# ---- Chinese ----------------------------------------------------------------------------------------------
_ZH_LEAD = re.compile(r"^(?:好吧|好的|嗯|哦|对了|还有|另外|那个|其实|以后|今后|之后|往后|从现在开始|从今以后)[，,\s]*")
_ZH_TAIL = r"(?:吧|啊|哈|呀|啦|哦)*"
_ZH_RULE_N = r"(?:规则|规定|规矩|要求|约定)"
_ZH_DROP = r"(?:删了|删掉|删除|去掉|取消|作废|不算了|不要了|废除|撤销|不用管了|忘了|忘掉|就算了)"
_ZH: list[tuple[str, re.Pattern[str]]] = [
    # "注释不一定要用中文", "代码注释不必每次都用中文", "不一定非要用英文回答我"
    ("loosen", re.compile(rf"^(?P<pre>[^，,]*?)(?:你|我们)?(?:也)?(?:不一定(?:非)?(?:要|得)|不必每次都|不用每次都|不是必须|不强制|不必非(?:要|得))(?P<vp>[^，,]+?){_ZH_TAIL}$")),
    ("loosen", re.compile(rf"^(?P<pre>[^，,]+?)(?:是|就)?可选的?了?{_ZH_TAIL}$")),
    # "代码注释不用再用中文了", "以后不用再用英文回答我了", "别再提醒我喝水了", "不需要用英文回答我了" (a bare 不用 is
    # "not use": "我们组已经不用 SVN 了" is a fact about the team)
    ("retract", re.compile(rf"^(?P<pre>[^，,]*?)(?:你|我们)?(?:以后|之后)?(?:就|也)?(?P<cue>不用再|不需要再|不必再|无需再|用不着再|别再|不要再|不再需要|"
                           rf"不需要|不必)(?P<vp>[^，,]+?)(?P<le>了)?{_ZH_TAIL}$")),
    # "注释用中文那条规则删了吧", "用英文回答那条作废吧", "取消注释用中文的那条规定", "注释用中文的规矩不算了"
    ("retract", re.compile(rf"^(?:把)?(?P<pre>[^，,]+?)(?:的)?(?:(?:那|这)条{_ZH_RULE_N}?|{_ZH_RULE_N})(?:就|也|可以|你)*{_ZH_DROP}{_ZH_TAIL}$")),
    ("retract", re.compile(rf"^(?:把)?(?:取消|删掉|删了|去掉|废除|撤销|忘掉|忘了)(?P<pre>[^，,]+?)(?:的)?(?:(?:那|这)条)?{_ZH_RULE_N}{_ZH_TAIL}$")),
]
#: words that carry no topic: who, how often, the verb of doing, the rule itself
_ZH_FUNCTION = re.compile(r"跟我|给我|对我|帮我|我们|我|你|都|再|的|了|把|那条|这条|那个|这个|规则|规定|规矩|要求|约定|每次|统一|一律|"
                          r"全部|以后|就|吧|要|用|使用|写|来|去|继续|还")
_ZH_DOING = ("用", "使用", "写", "来", "做", "加", "")
_ZH_REPORTED = re.compile(r"说|觉得|认为|听说|据说")


def _zh(text: str) -> dict[str, Any] | None:
    t = as_read(text.strip().rstrip("。.!！…~～ "))
    if re.search(r"[？?]|吗$|呢$", t) or "，" in t or "," in t:
        return None
    t = _ZH_LEAD.sub("", t)
    for kind, rx in _ZH:
        m = rx.match(t)
        if not m:
            continue
        groups = m.groupdict()
        if kind == "retract" and groups.get("cue") in ("不需要", "不必") and not groups.get("le"):
            return None  # "代码注释不必写太多": no 再, no 了 — how to do it, not a rule lifted
        if _ZH_REPORTED.search(groups.get("pre") or "") or re.match(r"我(?!们)", groups.get("pre") or ""):
            return None  # someone said it; "我不需要咖啡了" is what the user needs, no rule of the assistant's
        said = (groups.get("pre") or "") + "|" + (groups.get("vp") or "")
        topic = [c for c in _ZH_FUNCTION.split(said.replace("|", " ")) for c in c.split() if c]
        if not topic:
            return None
        return {"kind": kind, "topic": topic, "verb": ""}
    return None


def read(sentence: str) -> dict[str, Any] | None:
    """The skip a release sentence leaves (`release`: kind, topic, verb), else None."""
    cjk = re.search(r"[\u3400-\u9fff]", sentence)
    if not cjk and re.search(r"\?\s*$", sentence):
        return None
    release = _zh(sentence) if cjk else _en(sentence)
    if release is None:
        return None
    return {"text": sentence.strip()[:200], "reason": RETRACTED if release["kind"] == "retract" else LOOSENED,
            "release": release}


def matches(release: dict[str, Any], rule_object: str) -> bool:
    """Does a release name this rule? Every topic word in the rule's object, and its verb one of doing or the rule's."""
    obj = as_read(rule_object)
    if re.search(r"[\u3400-\u9fff]", "".join(release["topic"])):
        return all(_covered(as_read(c), obj) for c in release["topic"])
    words = {_stem(w) for w in re.findall(r"[\w+#.-]+", obj)}
    verb = release.get("verb") or ""
    return all(_stem(w) in words for w in release["topic"]) and (not verb or verb in _DOING or verb in words)


def _covered(chunk: str, obj: str) -> bool:
    """Is a Chinese chunk in `obj` whole, or as pieces of two or more characters each ("英文回答" in "回答我都用英文")?"""
    ok = [True] + [False] * len(chunk)
    for end in range(1, len(chunk) + 1):
        ok[end] = any(ok[start] and chunk[start:end] in obj for start in range(end) if end - start >= 2 or len(chunk) == 1)
    return ok[-1]


def carry_out(store: Any, skips: list[dict[str, Any]], ctx: MemoryContext, now: datetime, *, writer: Any = None
              ) -> tuple[list[dict[str, Any]], list[str], list[str]]:
    """Supersede the active rules the releases in `skips` name (a loosened one by a preference of the same words):
    the skips with their outcome as reason (a release that named no rule held leaves no skip: its sentence was
    read as usual), the ids superseded and the sentences that released a rule. `writer`: the turn's (a write for
    a user erased since the turn began raises `UserErased`); a rule another writer changed meanwhile is left as it is."""
    releases = [k for k in skips if k.get("release")]
    if not releases:
        return skips, [], []
    visible = [p for p in ctx.visible_partitions() if not p.startswith("org")]
    partitions = [*visible, *(p for p in store.partitions(prefix=ctx.session_prefix()) if p not in visible)]
    held = [r for r in store.find(partitions, statuses=(Status.ACTIVE,), predicate="rule") if not r.read_only]
    out, gone, said, add, updates, ledger = [], [], [], [], [], []
    for skip in skips:
        release = skip.get("release")
        if not release:
            out.append(skip)
            continue
        hits = [r for r in held if r.id not in gone and r.polarity.value == "positive" and matches(release, r.object)]
        if not hits:
            continue
        for r in hits:
            pref = _preference(r, now) if release["kind"] == "loosen" else None
            why = f"the user {'loosened' if pref else 'took back'} this rule: {skip['text']}"
            updates.append(r.model_copy(update={"status": Status.SUPERSEDED, "superseded_by": pref.id if pref else None}))
            ledger.append(LedgerEntry(op=LedgerOp.SUPERSEDE, memory_id=r.id, ts=now, partition=r.scope.partition,
                                      trigger="rule released in chat", reason=why, supersedes=[r.id],
                                      decision_trace=f"commit: {skip['reason']}", actor=f"user:{ctx.user_id}"))
            if pref is not None:
                add.append(pref)
                ledger.append(LedgerEntry(op=LedgerOp.WRITE, memory_id=pref.id, ts=now, partition=pref.scope.partition,
                                          trigger="rule released in chat", reason=why, supersedes=[r.id],
                                          decision_trace="commit: rule loosened into a preference"))
            gone.append(r.id)
        out.append({k: v for k, v in skip.items() if k != "release"})
        said.append(skip["text"])
    if updates:
        try:
            store.commit(add=add, update=updates, ledger=ledger, **({"writer": writer} if writer is not None else {}))
        except VersionConflict:
            return [k for k in skips if not k.get("release")], [], []
    out = [k for k in out if k.get("reason") in (RETRACTED, LOOSENED) or not read_from(str(k.get("text", "")), said)]
    return out, gone, said


def read_from(quote: str, sentences: list[str]) -> bool:
    """Was a claim (its clause `quote`) read from one of `sentences`?"""
    q = quote.strip(" \t.,;:!?。，；：！？")
    return bool(q) and any(q in s or s.strip(" \t.,;:!?。，；：！？") in q for s in sentences)


def _preference(rule: MemoryRecord, now: datetime) -> MemoryRecord:
    zh = bool(re.search(r"[\u3400-\u9fff]", rule.text))
    holder = ("项目" if zh else "Project") if rule.subject == "project" else ("用户" if zh else "User")
    text = f"{holder}偏好（不强制）：{rule.object}" if zh else f"{holder} preference (not a strict rule): {rule.object}"
    return MemoryRecord(text=text, subject=rule.subject, predicate="prefers", object=rule.object, kind=Kind.PREFERENCE,
                        scope=rule.scope, source=Source.EXPLICIT, confidence=rule.confidence, created_at=now,
                        supersedes=[rule.id])


__all__ = ["LOOSENED", "RETRACTED", "carry_out", "matches", "read", "read_from"]
