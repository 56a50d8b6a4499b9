"""A correction cue said after its value, or by a mark, put where the extractor reads cues: before the value (zh + en).

- a trailing "actually" after a value ("it's Leo actually, autocorrect strikes again", "35 as of yesterday
  actually") is the leading one ("actually, it's Leo, …"); only for a value with a digit or a name in it;
- the chat mark for a fixed word ("Evan*", "*Evan, typo") is a typo fix ("typo, Evan");
- a hesitation opening a reply ("hmm sorry, senior engineer") is left out, so the cue after it opens the reply;
- the speaker stopping before a bare value ("oh wait, 5'11") is the leading "actually";
- "I mean" before a name or a number ("I mean Chrome, …") is "I meant";
- 改 before the verb of the new value, a change made ("现在改喝拿铁了", "上个月改用 Obsidian 了"; "我现在改用 zsh 了" is read as said), is 改成.

The first three need an earlier turn (a reply to nothing corrects nothing); 改 + verb reads in any turn, since
"改成用 pnpm" already reads as a change.

    >>> fronted("it's Leo actually, autocorrect strikes again", True), fronted("35 as of yesterday actually", True)
    ("actually, it's Leo, autocorrect strikes again", 'actually, 35 as of yesterday')
    >>> fronted("Evan*, typo", True), fronted("*Evan", True), fronted("I mean Chrome, Firefox was college", True)
    ('typo, Evan', 'typo, Evan', 'I meant Chrome, Firefox was college')
    >>> fronted("现在改喝拿铁了", False), fronted("上个月改用 Obsidian 了", False), fronted("修改用户名", False), fronted("今天改去健身房吧", False)
    ('现在改成喝拿铁了', '上个月改成用 Obsidian 了', '修改用户名', '今天改去健身房吧')
    >>> fronted("oh wait, 5'11", True), fronted("hmm, 5:45 actually", True), fronted("wait, I'm 30", True), fronted("wait what", True)
    ("actually, 5'11", 'actually, 5:45', "wait, I'm 30", 'wait what')
    >>> fronted("that's fine actually", True), fronted("I mean, it's fine", True), fronted("**bold** text", True), fronted("Leo actually", False)
    ("that's fine actually", "I mean, it's fine", '**bold** text', 'Leo actually')
"""

from __future__ import annotations

import re

_I = re.IGNORECASE

# a value worth a cue: a digit, or a capitalised word other than "I" ("Leo", "Pi 5", "35")
_VALUE_LIKE = re.compile(r"\d|(?<![\w'])(?!I\b|I')(?-i:[A-Z])\w")
_TRAILING_ACTUALLY = re.compile(r"^(?P<v>[^.!?;,—–\n]{1,60}?),?\s+actually\s*[.!]*(?P<rest>\s*(?:[,;—–-]\s*|$).*)$", _I | re.S)
_HESITATION = re.compile(r"^\s*(?:(?:hmm+|um+|uh+|erm?|emm+|嗯+|呃+|额)(?![A-Za-z])[\s,，.…]*)+(?=\S)", _I)
_FILLER = re.compile(r"^(?:(?:hmm+|um+|uh+|er+m?|oh|ah|well)[\s,.…]+)+", _I)  # "hmm, 5:45 actually"
# the speaker stopping themselves before a bare value ("oh wait, 5'11", "wait — 43"): the value alone, a few words
_WAIT_VALUE = re.compile(r"^\s*(?:(?:oh|ah|hmm+|um+)[\s,]+)?wait[\s,.!…—–-]+(?P<v>(?![Ii]\b|[Ii]')[^\s,.!?;—–][^,.!?;—–\n]{0,20}?)\s*(?P<rest>[,;—–.!].*)?$", _I | re.S)
_STARRED = re.compile(r"^\s*(?:\*(?P<a>[^*\s][^*\n]{0,39}?)|(?P<b>[^*\s][^*\n]{0,39}?)\*)\s*(?P<rest>(?:[,.!;—–-]\s*.*)?)$", re.S)
_I_MEAN = re.compile(r"^(?P<lead>(?:(?:oh|ah|sorry|oops|um+|uh+|er+|no|wait)[\s,!.]+)*)i mean\s+(?=(?-i:[A-Z0-9]))", _I)
# a change already made: the clause ends on 了 ("现在改喝拿铁了"), not a plan or a suggestion ("今天改去健身房吧")
# 改用 is a change verb of its own ("我现在改用 zsh 了" read as 改成用 lost the switch)
_CHANGE_ZH = re.compile(r"(?<![修更])改(?:到|去)?(?=(?:喝|吃|去|学|骑|开|住|穿|练|玩|听|做|当|叫|搬)"
                        r"[^，,。！!？?；;吧吗呢]{1,20}?了(?:[，,。！!；;…~～]|\s*$))")


# 改用 after the user as subject is a switch the grammar reads ("我现在改用 zsh 了"); after a time alone it is 改成用
_CHANGE_USE = re.compile(r"(?<![我修更在])(?<!现在|已经|目前)改用(?=[^，,。！!？?；;吧吗呢]{1,20}?了(?:[，,。！!；;…~～]|\s*$))")


def fronted(message: str, earlier: bool) -> str:
    """`message` with a cue said after its value, or by a mark, read as the cue before it (see the module doc);
    `earlier`: the thread had a turn before this one."""
    message = _CHANGE_USE.sub("改成用", _CHANGE_ZH.sub("改成", message))
    if not earlier:
        return message
    message = _HESITATION.sub("", message) or message  # "hmm sorry, senior engineer": the cue opens the reply
    if (m := _STARRED.match(message)) and not message.lstrip().startswith("**"):
        value = (m.group("a") or m.group("b")).strip()
        rest = re.sub(r"^[,.!;—–-]\s*(?:typo|sorry|oops|lol|my bad)?\s*[,.!]*\s*", "", m.group("rest").strip(), flags=_I)
        return f"typo, {value}" + (f", {rest}" if rest else "")
    if (m := _WAIT_VALUE.match(message)) and _VALUE_LIKE.search(m.group("v")):
        return f"actually, {m.group('v').strip()}" + (m.group("rest") or "")
    if (m := _TRAILING_ACTUALLY.match(_FILLER.sub("", message))) and _VALUE_LIKE.search(m.group("v")):
        rest = m.group("rest").strip()
        return f"actually, {m.group('v').strip()}" + (f", {rest.lstrip(',;—–- ')}" if rest.strip(",;—–- ") else "")
    return _I_MEAN.sub(lambda m: f"{m.group('lead')}I meant ", message, count=1)


__all__ = ["fronted"]
