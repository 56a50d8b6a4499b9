"""A request to remember asked as a question: "Could you remember that I'm vegetarian?", "能帮我记一下我不吃香菜吗？".

The statement inside is what the user asks to keep, so it is read as "Remember that …" / "记住：…"; a question
about what is remembered ("Can you remember what I told you?", "你能记住我说过什么吗？") is still a question.

    >>> statement("Could you please remember that I'm vegetarian?")
    "Remember that I'm vegetarian."
    >>> statement("能帮我记一下我不吃香菜吗？")
    '记住：我不吃香菜。'
    >>> statement("Can you remember what I told you yesterday?"), statement("你能记住我住哪吗？")
    ('', '')
"""

from __future__ import annotations

import re

_I = re.IGNORECASE

_EN = re.compile(
    r"^(?:(?:so|also|and|hey|btw|oh|ok(?:ay)?|pls|please)[,!\s]+)*(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+)?"
    r"(?:remember|note|keep in mind|make a note|save|store|jot down)(?:\s+(?:for me|please))?(?:\s+that|\s*:)?\s+"
    r"(?P<s>.+?)\s*(?:,?\s*(?:please|pls|plz|for me|thanks|thx|for later|for next time))?\s*[?.!]*\s*$", _I)
_ZH = re.compile(
    r"^(?:你|您)?(?:能不能|能|可以|可不可以|麻烦(?:你|您)?)?(?:帮我|给我)?(?:记住|记一下|记下来|记下|记着)(?:一下)?[，,：:\s]*"
    r"(?P<s>.+?)[，,\s]*(?:吗|嘛|好吗|好不好|可以吗|行吗|行不行|呗)?\s*[？?。！!]*\s*$")
# the request's object is a question ("what I told you", "我住哪") or a thing, not a statement
_EN_NOT_STATEMENT = re.compile(r"^(?:what|where|when|who|whom|which|how|why|if|whether|this|that|it|everything|all|"
                               r"my\s+\w+(?:\s+\w+)?\s*$)\b", _I)
_EN_STATEMENT = re.compile(r"\b(?:i|i'm|i've|i'd|my|we|we're|our|the team|this (?:repo|project|service))\b", _I)
_ZH_QUESTION = re.compile(r"什么|啥|哪|谁|几|多少|怎么|为什么|是不是|有没有")


def statement(sentence: str) -> str:
    """The sentence as an explicit "remember" statement when it asks to remember a statement, else ""."""
    text = sentence.strip()
    if (m := _EN.match(text)) and text.rstrip().endswith("?"):
        said = m.group("s").strip(" ,;:")
        if _EN_STATEMENT.search(said) and not _EN_NOT_STATEMENT.match(said):
            return f"Remember that {said}."
    if (m := _ZH.match(text)) and text.rstrip().endswith(("?", "？", "吗", "嘛")):
        said = m.group("s").strip(" ，,；;：:")
        if said.startswith(("我", "我们", "咱", "项目", "这个项目", "我们项目", "团队")) and not _ZH_QUESTION.search(said):
            return f"记住：{said}。"
    return ""
