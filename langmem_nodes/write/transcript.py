"""A pasted conversation: what other speakers said is not the user's ("Bob: I live in Denver. Me: cool!").

A message is read as a transcript when at least two speaker labels start its lines or sentences ("Bob:",
"Alice:", "小王：", "Me:"). Then only the user's own lines ("Me:", "I:", "User:", "我：") are read as the
user's; every other speaker's line is reported speech and stores nothing. A single label ("Note: …",
"Update: I moved to Paris", "Team rule: …") is a heading, not a speaker.

Example:
    >>> own_lines("Bob: I live in Denver. Me: cool!")
    ('cool!', ['Bob: I live in Denver.'])
    >>> own_lines("小王：我住在北京。我：我住在上海。")
    ('我住在上海。', ['小王：我住在北京。'])
    >>> own_lines("Update: I moved to Paris.")
    ('Update: I moved to Paris.', [])
"""

from __future__ import annotations

import re

_OWN = frozenset({"me", "i", "user", "myself", "我", "本人", "用户"})
_HEADINGS = frozenset("""note notes update edit correction fyi ps p.s context background reminder remember todo question
answer q a summary tldr important warning error output input result status goal plan reason example rule team project
convention update2 step tip hint task problem issue bug fix solution why how what when where who which also btw
disclaimer caveat""".split())
# a label where a line or a sentence starts: one or two capitalised words, or a short Chinese name
_LABEL = re.compile(r"(?:(?<=^)|(?<=\n)|(?<=[.!?。！？]\s)|(?<=[.!?。！？]))\s*"
                    r"(?P<who>(?-i:[A-Z])[\w'’-]{0,20}(?:\s(?-i:[A-Z])[\w'’-]{0,20})?|[\u4e00-\u9fff]{1,4}|me|i)\s*[:：]\s*")


def _speaker(label: str) -> str | None:
    who = label.strip().casefold()
    if who in _OWN:
        return "user"
    if who in _HEADINGS or who.split()[0] in _HEADINGS or re.fullmatch(r"[\u4e00-\u9fff]*(?:规定|规范|备注|更新|注意|提醒|问题|总结|背景|原因|例子|规则)", who):
        return None
    return "other"


def own_lines(message: str) -> tuple[str, list[str]]:
    """(the user's own text, the other speakers' lines) of a message; the message itself when it is no transcript."""
    labels = [(m, _speaker(m.group("who"))) for m in _LABEL.finditer(message)]
    speakers = [(m, who) for m, who in labels if who is not None]
    if len(speakers) < 2 or all(who == "user" for _, who in speakers):
        return message, []
    own, others = [], []
    head = message[:speakers[0][0].start()].strip()
    if head:
        own.append(head)
    for k, (m, who) in enumerate(speakers):
        end = speakers[k + 1][0].start() if k + 1 < len(speakers) else len(message)
        if who == "user":
            own.append(message[m.end():end].strip())
        else:
            others.append(message[m.start():end].strip())
    return " ".join(x for x in own if x), others
