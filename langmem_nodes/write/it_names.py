""""it's X" naming the thing of the user's that the clause just before mentioned (en).

"how do I turn on live captions on my phone? it's a Pixel 7" and "my laptop keeps freezing, it's a Dell XPS 13" say
what the phone and the laptop are: "it" is the one "my <thing>" of the clause before. Read as "my phone is a Pixel
7", the statement has a shape the grammar reads, and a later "it's a Galaxy S23, not a Pixel" has a value to correct.

Only when the clause before names exactly one "my <thing>" (a thing, not a person: "I called my mom. It's Sunday"
says nothing about the mother) and X is a name or a model (a capital or a digit: "a Pixel 7", "an M2 MacBook Air"),
never a description ("it's a lot of work").

Example:
    >>> resolved("how do I turn on live captions on my phone? it's a Pixel 7")
    'how do I turn on live captions on my phone? my phone is a Pixel 7'
    >>> resolved("my laptop keeps freezing, it's a Dell XPS 13 if that helps")
    'my laptop keeps freezing, my laptop is a Dell XPS 13 if that helps'
    >>> resolved("I called my mom. It's Sunday") == "I called my mom. It's Sunday", resolved("I love my job. it's a lot of work")
    (True, "I love my job. it's a lot of work")

"its X" / "它的X" after a clause that names one tool in use is that tool's X: "This project uses Django, and I love
its admin" → "… I love Django's admin", "我们用 pnpm，我喜欢它的 workspace" → "我喜欢 pnpm 的 workspace" (newcomer22 L4:
"User likes its workspaces"). With no such tool before it, "its" stays, and the object says nothing (grammar drops it).

    >>> resolved("we use pnpm, and I like its workspaces"), resolved("我们用 pnpm，我喜欢它的 workspace")
    ("we use pnpm, and I like pnpm's workspaces", '我们用 pnpm，我喜欢pnpm 的 workspace')
    >>> resolved("I like its workspaces")
    'I like its workspaces'
"""

from __future__ import annotations

import re

_I = re.IGNORECASE
_PEOPLE = re.compile(r"^(?:mom|mum|mother|dad|father|wife|husband|partner|sister|brother|son|daughter|kids?|child|children|friend|"
                     r"boss|manager|roommate|flatmate|neighbou?r|coworker|co-worker|colleague|cousin|aunt|uncle|grandma|grandpa|"
                     r"girlfriend|boyfriend|team|client|family|parents|baby|fianc[ée]e?|doctor|teacher|dog|cat|birthday|name)$", _I)
_MY = re.compile(r"\bmy\s+(?:(?:work|personal|new|old|home|main|current|office)\s+)?(?P<n>[a-z]+)\b", _I)
# "it's a Pixel 7", "It is an M2 MacBook Air": a name or a model right after the article
_IT_NAMES = re.compile(r"(?P<lead>(?:^|[.?!,;]\s+|\s[—–-]\s+))(?P<it>it'?s|it is)\s+(?P<x>(?:an?\s+)?(?-i:[A-Z0-9])[\w.+#-]*)", _I)


def _thing(clause: str) -> str:
    """The one "my <thing>" of `clause` (its noun), else ""."""
    found = {m.group("n").casefold() for m in _MY.finditer(clause)}
    if len(found) != 1:
        return ""
    noun = found.pop()
    return "" if _PEOPLE.match(noun) or noun in ("own", "favorite", "favourite", "way", "life", "time", "best", "bad") else noun


# a tool the message says is in use: "uses Django", "on Postgres", "用 pnpm", "使用 Vite"
_IN_USE = re.compile(r"(?:\b(?:use[sd]?|using|on|with)\s+(?:the\s+)?|(?:用|使用|用的是|用的)\s*)(?P<t>[A-Za-z][\w.+#-]*)", _I)
# ("its all analytics stuff" is "it's" mistyped: a determiner or an adverb after it)
_ITS = re.compile(r"\bits\s+(?!(?:all|a|an|the|not|just|so|been|pretty|really|like|very|only|also|still|more|too|kind|sort|"
                  r"fine|ok|okay|going|gonna|getting|because|cause|what|how|that|this|my|your|our|no|never|always)\b)(?=\w)|它的", _I)


def _its(message: str) -> str:
    """`message` with "its X" / "它的X" said of the one tool in use named before it."""
    m = _ITS.search(message)
    if not m:
        return message
    tools = {t.group("t") for t in _IN_USE.finditer(message[: m.start()])}
    tools = {t for t in tools if not re.fullmatch(r"(?:it|its|the|a|an|my|our|this|that|me|us|them)", t, _I)}
    if len(tools) != 1:
        return message
    tool = tools.pop()
    return message[: m.start()] + (f"{tool} 的" if m.group(0).startswith("它") else f"{tool}'s ") + message[m.end():]


def resolved(message: str) -> str:
    """`message` with an "it's X" that names the thing of the clause just before said as "my <thing> is X", and
    "its X" / "它的X" of the one tool in use before it said as that tool's X."""
    message = _its(message)
    if "my" not in message.casefold():
        return message
    for m in _IT_NAMES.finditer(message):
        before = re.split(r"[.?!,;]\s+|\s[—–-]\s+", message[: m.start("it")].rstrip())
        before = [b for b in before if b.strip()]
        if before and (noun := _thing(before[-1])):
            return message[: m.start("it")] + f"my {noun} is" + message[m.end("it"):]
    return message


__all__ = ["resolved"]
