"""Does the query ask about the assistant itself? Its form, zh + en, without a model.

"你是哪个公司开发的", "你用的是什么模型", "你叫什么名字", "who made you?", "what model are you?", "are you a bot?": the
assistant is the subject and what is asked is what it is, so no memory of the user answers it — however near the
user's job or city happens to be by meaning. Such a query is impersonal (`query_need`). Not when the user is in it
("你还记得我住哪吗", "can you remember my address?": `query_need` decides those first) nor a request to the assistant
("你帮忙看看这段代码", "can you suggest a recipe?"): the assistant only does what is asked.

Example:
    >>> asks_about_assistant("你是哪个公司开发的"), asks_about_assistant("what model are you?")
    (True, True)
    >>> asks_about_assistant("你帮忙看看这段代码"), asks_about_assistant("can you suggest a recipe?")
    (False, False)
"""

from __future__ import annotations

import re

# 你 / 您 as the subject of what it is, what it is called, what it runs on or who made it
_ABOUT_ZH = re.compile(r"^\W*(?:请问)?(?:你|您)(?:们)?(?:到底|究竟)?(?:是(?!不是)|叫|用的|用了|基于|属于|由|背后|是由|哪(?:个|家|里)|"
                       r"几岁|多大|有名字|有没有名字|会不会记|能记住|懂(?:几|多少))")
_ABOUT_EN = re.compile(
    r"\b(?:who|what company|which company) (?:made|built|created|trained|developed|owns|runs) you\b"
    r"|\b(?:what|which) (?:model|version|llm|ai|language model|company)\b[^?]{0,20}\b(?:are you|do you (?:use|run on))\b"
    r"|\bwhat(?:'s| is) your (?:name|model|version|training cutoff|knowledge cutoff)\b"
    r"|^\W*are you (?:a |an )?(?:bot|robot|human|person|ai|chatgpt|gpt|real|sentient|conscious)\b"
    r"|^\W*(?:who|what) are you\W*$", re.I)


def asks_about_assistant(plain: str) -> bool:
    """Whether `plain` (quotes removed) asks what the assistant is (module docstring)."""
    return bool(_ABOUT_ZH.match(plain) or _ABOUT_EN.search(plain))


__all__ = ["asks_about_assistant"]
