"""A short answer to the assistant's question, read as the statement it completes (zh + en).

The assistant asks "你习惯用什么包管理器？" and the user says "一般用 pnpm。" or just "pnpm。": alone, neither
names a holder, so neither parses. The question gives the holder ("你" → the user, "你们 / 你们项目" → the
project) and, for a bare value, the frame the value fills:

- a clause without a holder gets the question's holder: "一般用 pnpm" → "我一般用 pnpm";
- a bare value fills the question's gap: "什么 / 哪个 …" ("你住在哪个城市？" + "杭州" → "我住在 杭州"), or one side
  of "A 还是 B" ("你是做前端还是后端的？" + "后端" → "我是做后端的"); a bare tool name asked about the project is
  a tool the project uses ("你们项目用什么 CI？" + "GitHub Actions" → "我们用 GitHub Actions").

Only the answer's first sentence answers; a question the assistant did not ask the user (no 你 / you, no
project topic) frames nothing.

Example:
    >>> q = last_question([{"role": "assistant", "content": "好的。你们项目用什么 CI？"}])
    >>> q, statement("GitHub Actions", q), statement("一般用 GitHub Actions", q)
    ('你们项目用什么 CI', '我们用 GitHub Actions', '我们一般用 GitHub Actions')
    >>> statement("后端", "你是做前端还是后端的"), statement("一般用 pnpm", "你习惯用什么包管理器")
    ('我是做后端的', '我一般用 pnpm')
    >>> statement("pnpm mostly", "What package manager do you use")
    'I use pnpm mostly'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

_I = re.IGNORECASE
_CJK = re.compile(r"[\u4e00-\u9fff]")
_END = re.compile(r"[。！!；;\n]|(?<=[？?])")
_PART = re.compile(r"[，,～~]")
_WH = re.compile(r"什么|啥|哪|还是|\b(?:what|which|who|where)\b", _I)
_ASKS = re.compile(r"[？?]$|(?:吗|呢|么)$|什么|啥|哪|还是|\b(?:what|which|who|where|how)\b", _I)

# the project as the topic of the question: "数据库是什么", "技术栈是啥", "你们用什么 CI"
_PROJECT_TOPIC = re.compile(r"你们|您们|项目|仓库|技术栈|数据|缓存|存储|日志|监控|后端|前端|框架|部署|服务|\b(?:your\s+(?:team|project|repo|stack|app|company))\b", _I)
_YOU = re.compile(r"你|您|\byou(?:r)?\b", _I)

# a bare value: a short name or noun phrase with no verb of its own ("GitHub Actions", "中文", "后端")
_BARE_ZH = re.compile(r"^(?!别|不|没|勿|禁止|不要)(?P<o>(?:(?![我你他她它这那是在用了的过着不没很也都还就想要会吧呗哈啦呀啊])[\u4e00-\u9fff]){1,6}|"
                      r"[A-Za-z][\w.+#-]*(?:\s*(?:\+|、|和|加)?\s*[A-Za-z0-9][\w.+#-]*){0,3}|"
                      r"[\u4e00-\u9fff]{1,4}\s*[A-Za-z0-9][\w.+#-]*)"
                      r"\s*(?:吧|呗|就行|就好|就可以|就够了|呀|啊|哈|啦|的)?$")
_BARE_EN = re.compile(r"^(?P<o>[A-Za-z0-9][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*){0,2})(?P<t>\s+(?:mostly|mainly|usually|these days|"
                      r"nowadays|i guess|probably|for now))?$", _I)
# a clause that starts with an adverb or verb and leaves the holder out: "一般用 pnpm", "主要写 Java"
_HOLDERLESS_ZH = re.compile(r"^(?:平时|一般|基本上?|通常|主要|现在|目前|最近|一直|都|也|还是|常)*(?:在)?"
                            r"(?:用|写|喝|吃|住在|在用|用的是|是用|习惯用?|喜欢用?|偏好)(?!不)")
_WH_ZH = re.compile(r"(?:什么|啥|哪个|哪种|哪款|哪家|哪些|哪一个|哪一种|哪里|哪儿)(?:样的)?\s*[A-Za-z\u4e00-\u9fff]{0,6}?(?=[，,。？?！!呢吗啊呀]|$)")
_WH_EN = re.compile(r"^(?:what|which)(?:\s+(?P<n>[\w -]{1,30}?))?\s+(?:do|did)\s+(?P<h>you|your team|you guys)\s+(?P<v>use|prefer|like|run|write|code in)\b", _I)
_SWAP = {"你们": "我们", "您们": "我们", "你": "我", "您": "我", "我们": "你们", "我": "你"}


def questions(earlier: Sequence[Any]) -> list[str]:
    """The gaps the assistant's turn right before the user's ends on, in order ([] when it asked nothing):
    "部署到哪里呢？用什么方式部署？" → ["部署到哪里呢", "用什么方式部署"]; the answer's n-th clause fills the n-th."""
    if not earlier or not isinstance(earlier[-1], dict) or earlier[-1].get("role") not in ("assistant", "ai"):
        return []
    text = str(earlier[-1].get("content") or "").strip()
    sentences = [s.strip(" ，,？?") for s in _END.split(text) if s.strip()]
    asked: list[str] = []
    for s in reversed(sentences):  # the trailing run of questions
        if not _ASKS.search(s):
            break
        asked.insert(0, s)
    gaps = [p.strip() for s in asked for p in _PART.split(s) if _WH.search(p)]  # "数据库是什么，有没有用缓存": the gap
    return gaps or asked[-1:]


def last_question(earlier: Sequence[Any]) -> str:
    """The first gap of the assistant's last question ("" when it asked none)."""
    return next(iter(questions(earlier)), "")


def _holder(question: str) -> str:
    if _CJK.search(question):
        return "我们" if re.search(r"你们|您们", question) or (_PROJECT_TOPIC.search(question) and not _YOU.search(question)) else (
            "我" if _YOU.search(question) else "")
    return "we" if re.search(r"\byour\s+(?:team|project|repo|stack|app|company)\b|\byou guys\b", question, _I) else (
        "I" if _YOU.search(question) else "")


def _swapped(question: str) -> str:
    return re.sub(r"你们|您们|我们|你|您|我", lambda m: _SWAP[m.group(0)], question)


def _alternative(value: str, question: str) -> str:
    """"你是做前端还是后端的" + "后端" → "你是做后端的": the side not taken dropped."""
    at = question.find("还是")
    if at < 0:
        return ""
    before, after = question[:at].rstrip(), question[at + 2:].lstrip()
    if after.startswith(value):
        n = len(value)
        return before[: max(0, len(before) - n)] + after if _CJK.search(value) else re.sub(r"\S+$", "", before).rstrip() + " " + after
    if before.endswith(value):
        other = after[: len(value)] if _CJK.search(value) else (re.match(r"\S+", after) or [""])[0]
        return before + after[len(other):]
    return ""


# a yes/no question on the user's habit ("你平时喝咖啡吗") and a negated answer with its verb alone ("不怎么喝")
_YESNO_ZH = re.compile(r"^(?:那|那么)?(?:你|您)(?:平时|平常|一般|现在|还|经常|常|会|能)*(?P<v>喝|吃|用|玩|看|听|抽|碰|追)"
                       r"(?P<o>(?![的了过着])[^，,。？?吗]{1,12}?)(?:吗|么|嘛)$")
_NEGATED_ANSWER = re.compile(r"^(?:我)?(?:平时|一般|现在|其实|也)*(?P<a>基本上?不|几乎不|很少|不太|不怎么|不大|不常|从不|从来不|不)(?P<m>能|会|敢)?(?P<v>[\u4e00-\u9fff])(?:了|的|啊|哈|呢)*$")


def _yes_no(clause: str, question: str) -> str:
    """"你平时喝咖啡吗？" + "不怎么喝" → "我不怎么喝咖啡": the answer's negation on the question's object."""
    q, a = _YESNO_ZH.match(question.strip()), _NEGATED_ANSWER.match(clause)
    if not q or not a or a.group("v") != q.group("v"):
        return ""
    return f"我{a.group('a')}{a.group('m') or ''}{q.group('v')}{q.group('o').strip()}"


def statement(clause: str, question: str) -> str:
    """The answer clause said as a statement, or "" when the question does not frame it."""
    clause = clause.strip(" 。，,.!！")
    holder = _holder(question)
    if not clause or not holder:
        return ""
    if said := _yes_no(clause, question):
        return said
    if _CJK.search(question):
        if re.match(r"^(?:我|我们|咱们)", clause):
            return ""
        if _HOLDERLESS_ZH.match(clause):
            return holder + clause
        bare = _BARE_ZH.match(clause)
        if not bare:
            return ""
        value = bare.group("o")
        framed = _alternative(value, question) or (_WH_ZH.sub(lambda _: f" {value} ", question, count=1)
                                                   if _WH_ZH.search(question) else "")
        if not framed:
            return ""
        said = re.sub(r"\s+", " ", _swapped(framed)).strip()
        said = re.sub(r"\s*(?:呢|吗|啊|呀)$", "", said).strip()
        said = re.sub(r"^(?:请问|那|那么|好的?)\s*", "", said)
        said = re.sub(r"^我(?:希望|想要|想让|要|更希望|比较希望)你", "以后", said)  # "你希望我用中文还是英文回答": a standing wish
        if holder == "我们" and not _CJK.search(value):
            return f"我们用 {value}"  # "数据库是什么？" "MySQL。": a tool the project uses
        return said if re.match(r"^(?:我|我们|以后)", said) else f"{holder}{said}"
    if (bare := _BARE_EN.match(clause)) and (wh := _WH_EN.match(question)):
        holder = "we" if wh.group("h").lower() != "you" else holder
        return f"{holder} {wh.group('v').lower()} {bare.group('o')}{bare.group('t') or ''}"
    return ""
