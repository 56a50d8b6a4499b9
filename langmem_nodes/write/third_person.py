"""Memory text in the third person, as memories are written ("User is allergic to peanuts", "Project uses
pnpm", "用户住在杭州", "项目使用 pnpm"): its holder is the word at the start, and its reading is the holder's
own words ("I am allergic to peanuts", "This project uses pnpm"), which the rules then parse.

Used where text is already a memory — an agent's note (`manage_memory`), an edit, a record migrated from
another memory system — never on a live chat turn, where "User …" is as often the user's own app's user.
The holder only picks user or project; WHICH project is always the run's context (a project named in the
text is never the scope).

Example:
    >>> first_person("User's CI: GitHub Actions"), first_person("Project's CI: GitHub Actions")
    ('My CI is GitHub Actions', "This project's CI is GitHub Actions")
    >>> holder_of("Project uses pnpm"), holder_of("项目每周五发版"), holder_of("User lives in Oslo"), holder_of("Likes tea")
    ('project', 'project', 'user', None)
"""

from __future__ import annotations

import re

_EN_USER = re.compile(r"^(?:the\s+)?user(?P<possessive>'s)?\s+(?P<rest>\S.*)$", re.I)
_EN_PROJECT = re.compile(r"^(?:the\s+|this\s+)?project(?P<possessive>'s)?\s+(?P<rest>\S.*)$", re.I)
# the product's own label form "User's diet: vegetarian" / "Project's CI: GitHub Actions": the attribute is
# the words before the colon
_LABEL = re.compile(r"^(?P<attr>[^:：]{1,40}?)\s*[:：]\s*(?P<value>\S.*)$")
_ZH_LABEL = re.compile(r"^的(?P<attr>[^：:]{1,12})[：:]\s*(?P<value>\S.*)$")
# a verb after a bare "Project" ("Project uses pnpm", "Project has no tests"); a name after it ("Project api
# uses yarn") is another project's, never read as this one
_THIRD_PERSON_VERB = re.compile(r"^(?:is|has|was|does|doesn't|isn't|hasn't|[a-z]+(?<!s)s)\b", re.I)
_IRREGULAR = {"is": "am", "has": "have", "does": "do", "doesn't": "don't", "isn't": "am not", "was": "was"}


def holder_of(text: str) -> str | None:
    """"user" or "project" when the text starts with its holder ("User …", "The user's …", "Project …",
    "用户…", "项目…" / "本项目…"), else None."""
    text = text.strip()
    if text.startswith("用户") or _EN_USER.match(text):
        return "user"
    if text.startswith(("项目", "本项目", "这个项目")) or _EN_PROJECT.match(text):
        return "project"
    return None


def first_person(note: str) -> str:
    """The holder's own words: "User prefers tea" → "I prefer tea"; "User's name is Ada" → "My name is Ada";
    "Project uses pnpm" → "This project uses pnpm"; "用户住在上海" → "我住在上海"; a label "User's diet:
    vegetarian" → "My diet is vegetarian"; anything else unchanged.

    >>> first_person("The user is allergic to peanuts"), first_person("用户住在上海"), first_person("项目的CI：GitHub Actions")
    ('I am allergic to peanuts', '我住在上海', '项目的CI是GitHub Actions')
    >>> first_person("Project api uses yarn"), first_person("Project rule: never commit to main")
    ('Project api uses yarn', 'Project rule: never commit to main')
    """
    text = note.strip()
    if text.startswith(("用户", "项目")):
        rest = text[2:]
        label = _ZH_LABEL.match(rest)
        if label:
            rest = f"的{label['attr']}是{label['value']}"
        return ("我" if text.startswith("用户") else "项目") + rest
    if m := _EN_USER.match(text):
        return _possessive("My", m["rest"]) if m["possessive"] else f"I {_base_verb(m['rest'])}".strip()
    if m := _EN_PROJECT.match(text):
        if m["possessive"]:
            return _possessive("This project's", m["rest"])
        if _THIRD_PERSON_VERB.match(m["rest"]):
            return f"This project {m['rest']}"
    return text


def _possessive(owner: str, rest: str) -> str:
    label = _LABEL.match(rest)
    return f"{owner} {label['attr']} is {label['value']}" if label else f"{owner} {rest}"


def _base_verb(rest: str) -> str:
    """"prefers tea" → "prefer tea": the verb after "User", said by the user."""
    verb, _, tail = rest.partition(" ")
    low = verb.casefold()
    if low in _IRREGULAR:
        verb = _IRREGULAR[low]
    elif low.endswith("ies"):
        verb = verb[:-3] + "y"
    elif re.search(r"(?:ss|sh|ch|x|o)es$", low):
        verb = verb[:-2]
    elif low.endswith("s") and not low.endswith("ss"):
        verb = verb[:-1]
    return f"{verb} {tail}".strip()
