"""Where the project's environment runs (zh), said without a tool verb.

"测试环境在华为云上", "我們的線上環境跑在 GCP 上": the environment is the holder, the place it runs on is a tool of the
project. What the environment is doing ("测试环境在重启") names no host.

    >>> [(c.subject, c.predicate, c.object) for c in read("测试环境在华为云上") + read("我們的線上環境跑在 GCP 上")]
    [('project', 'uses', '华为云'), ('project', 'uses', 'GCP')]
    >>> read("测试环境在重启")
    []
"""

from __future__ import annotations

import re

from .rules import Claim, clean_object

_ENV = r"(?:测试|线上|線上|生产|生產|预发|預發|开发|開發|正式|staging|prod)\s*(?:环境|環境)"
_OURS = r"(?:(?:我们|我們|咱们|咱們)(?:的)?\s*)?"
_HOSTED = re.compile(rf"^{_OURS}(?P<h>{_ENV})(?:都|也|目前|现在|現在)*(?:在|跑在|部署在|放在|托管在|託管在|搭在)\s*"
                     r"(?P<o>[A-Za-z][\w.+-]*(?:\s[A-Za-z0-9][\w.+-]*)?|[\u4e00-\u9fff]{1,4}云|[\u4e00-\u9fff]{1,4}雲)\s*(?:上|上面|里|裡)?$", re.I)


def read(clause: str) -> list[Claim]:
    """The host an environment of the project runs on; [] for anything else."""
    if m := _HOSTED.match(clause.strip().rstrip("。.!！")):
        obj = clean_object(m.group("o"))
        return [Claim("project", "uses", obj, "positive", "fact")] if obj else []
    return []


__all__ = ["read"]
