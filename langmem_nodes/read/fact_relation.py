"""Which relative, pet or attribute a question for a fact of the user's asks about, so only a memory naming it answers.

"What is my daughter called?" is not answered by «User's son is called Theo», "我有狗吗？" not by «用户养了一只叫咪咪
的猫», "where did I grow up?" not by «User lives in Bristol»: the memory is near the question (a child's name, a pet,
a place) but names another relative, pet or attribute of the user's. A fact question
(`fact_question.py`) that names one of the relations below counts only the memories that name it too.

Example:
    >>> relations_named("what is my daughter called?"), relations_named("我有狗吗？"), relations_named("where do I live?")
    ({'daughter'}, {'dog'}, set())
    >>> names_relation("User has a corgi named Pixel", {"dog"}), names_relation("用户的儿子叫乐乐。", {"daughter"})
    (True, False)
"""

from __future__ import annotations

import re
from collections.abc import Collection

RELATIONS: dict[str, re.Pattern[str]] = {
    "daughter": re.compile(r"\bdaughters?\b|女儿|闺女", re.I),
    "son": re.compile(r"\bsons?\b|儿子", re.I),
    "wife": re.compile(r"\bwife\b|老婆|妻子|太太|媳妇", re.I),
    "husband": re.compile(r"\bhusband\b|老公|丈夫", re.I),
    "brother": re.compile(r"\bbrothers?\b|哥哥|弟弟|(?<![表堂])哥(?!们)|(?<![表堂])弟", re.I),
    "sister": re.compile(r"\bsisters?\b|姐姐|妹妹|(?<![表堂小])姐|(?<![表堂])妹", re.I),
    "mother": re.compile(r"\b(?:mother|mom|mum)\b|妈妈|母亲|(?<![姑姨舅])妈", re.I),
    "father": re.compile(r"\b(?:father|dad)\b|爸爸|父亲|(?<![公])爸", re.I),
    "dog": re.compile(r"\b(?:dogs?|pupp(?:y|ies)|corgi|labrador|retriever|poodle|beagle|husky|shiba|dachshund|terrier|"
                      r"collie|spaniel|bulldog|pug)s?\b|狗|柯基|柴犬|金毛|泰迪|哈士奇|拉布拉多|边牧|比熊", re.I),
    "cat": re.compile(r"\b(?:cats?|kittens?|tabby|siamese|ragdoll)\b|猫|英短|布偶|美短", re.I),
    # the user's own attributes a memory of another one does not answer: where they grew up is not where they live
    "origin": re.compile(r"\bgr[eo]w(?:n|ing)? up\b|\bhome ?town\b|\bborn\b|\b(?:originally|comes?|is|am|i'?m) from\b|"
                         r"\bwhere am i from\b|老家|家乡|出生|长大|籍贯|(?:哪里|哪儿)人", re.I),
    "blood": re.compile(r"\bblood (?:type|group)\b|血型", re.I),
}


def relations_named(text: str) -> set[str]:
    """The relatives and pets `text` names."""
    return {name for name, pattern in RELATIONS.items() if pattern.search(text)}


def names_relation(memory_text: str, relations: Collection[str]) -> bool:
    """Whether the memory names one of `relations`."""
    return any(RELATIONS[r].search(memory_text) for r in relations)


__all__ = ["RELATIONS", "names_relation", "relations_named"]
