"""Whether a value said of a family member or pet is its name: "她是李娜" names her, "她是老师" (a job), "它是金毛"
(a breed), "他是一名医生" (a counted person) and "她是北京人" do not — as "she is a teacher" names nobody; and
"我老婆叫我早点回家" is what she tells the user (叫 + a person), never a name.

    >>> [not_a_name(v) for v in ("李娜", "老师", "护士", "小学老师", "金毛", "一名医生", "北京人", "王芳")]
    [False, True, True, True, True, True, True, False]
    >>> told("我早点回家"), told("李娜"), is_breed("英短"), is_breed("李娜")
    (True, False, True, False)
"""

from __future__ import annotations

import re

from .pronouns import _ZH_BREED
from .rules import _JOB

# a job (listed, or a noun of a trade: …师, …员, …生, …工), a breed, or a counted kind ("一名", "个")
_NOT_A_NAME_ZH = re.compile(rf"^(?:一名|一位|一个|一只|一条|个|名|位|只|条)|^[\u4e00-\u9fff]{{0,6}}(?:{_JOB})$|"
                            rf"^[\u4e00-\u9fff]{{1,6}}[师员工士匠人]$|^(?:{_ZH_BREED})$")


def not_a_name(value: str) -> bool:
    """The value is a job, a breed or a kind, not a name."""
    return bool(_NOT_A_NAME_ZH.search(value.strip()))


def is_breed(value: str) -> bool:
    """A pet's breed ("英短", "金毛", "柴犬"): what the pet is, stored as `attr:猫` as "my cat is a Siamese" is."""
    return bool(re.fullmatch(rf"(?:一只|只|条)?(?:{_ZH_BREED})", value.strip()))


def told(value: str) -> bool:
    """The value of 叫 starts with a person ("叫我早点回家", "叫他别来"): the verb is "tells", not "is called"."""
    return bool(re.match(r"^(?:我|你|他|她|它|咱|大家)", value.strip()))


def said_with_shi(match: re.Match[str]) -> bool:
    """The value of the match follows 是 ("我老婆是…"), not 叫 / 名叫."""
    return match.string[:match.start("o")].rstrip().endswith("是")


__all__ = ["is_breed", "not_a_name", "said_with_shi", "told"]
