"""A Chinese clause whose holder is someone of the user's household is theirs, whatever its verb.

"我家孩子对花生过敏", "我家闺女用的是 iPad", "我孩子乳糖不耐受": the child's allergy, tablet and intolerance,
not the user's — a rule that reads the verb first (an allergy, a tool) must not make them the user's. What the
user says about them as the user's own stays: their name or age ("我女儿叫朵朵", an `attr:`), and that the user
has them (`has`).

    >>> holds("我家孩子对花生过敏"), holds("我家娃特别喜欢恐龙"), holds("我家住在三楼"), holds("我对花生过敏")
    (True, True, False, False)
"""

from __future__ import annotations

import re

from .rules import Claim

_KIN = (r"(?:孩子|小孩|小朋友|娃娃?|宝宝|宝贝|儿子|女儿|闺女|老婆|老公|媳妇|妻子|丈夫|爱人|对象|那位|"
        r"男朋友|女朋友|男友|女友|老妈|老爸|妈妈?|爸爸?|母亲|父亲|公公|婆婆|岳父|岳母|丈母娘|老丈人|"
        r"爷爷|奶奶|外婆|外公|姥姥|姥爷|老人|家人|哥哥?|姐姐?|弟弟?|妹妹?|闺蜜|室友|"
        r"猫咪?|狗狗?|主子)")
_HOLDER = re.compile(rf"^\s*我(?:的|家|家的|们家|们家的)?(?:那个|这个|两个|俩)?(?:大|小|二)?{_KIN}(?!粮|毛|砂|窝|绳|笼|罐头|玩具|用品)")


def holds(clause: str) -> bool:
    """The clause opens on someone (or a pet) of the user's household as its holder."""
    return _HOLDER.match(clause) is not None


def users_own(claim: Claim) -> bool:
    """A claim the user holds even when the clause is about a household member: their name, age, or having them."""
    return claim.predicate == "has" or claim.predicate.startswith("attr:") or claim.predicate.endswith(("_name", "_age"))
