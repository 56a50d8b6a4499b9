"""Where the project's environment runs and what the product supports (zh), said without a tool verb.

"测试环境在华为云上", "我們的線上環境跑在 GCP 上": the environment is the holder, the place it runs on is a tool of the
project. "我们的前端只支持 Chrome 和 Safari", "我们的 App 最低支持 Android 10": what the product supports, the targets in
one record (a second would read as the first one's replacement). What the environment is doing ("测试环境在重启") names no host, and a request ("…支持一下暗色模式吧") or
a question says nothing.

    >>> [(c.subject, c.predicate, c.object) for c in read("测试环境在华为云上") + read("我们的 App 最低支持 Android 10")]
    [('project', 'uses', '华为云'), ('project', 'attr:支持', 'Android 10')]
    >>> read("测试环境在重启"), read("我们的前端支持一下暗色模式吧")
    ([], [])
"""

from __future__ import annotations

import re

from .rules import Claim, clean_object

_ENV = r"(?:测试|线上|線上|生产|生產|预发|預發|开发|開發|正式|staging|prod)\s*(?:环境|環境)"
_OURS = r"(?:(?:我们|我們|咱们|咱們)(?:的)?\s*)?"
_HOSTED = re.compile(rf"^{_OURS}(?P<h>{_ENV})(?:都|也|目前|现在|現在)*(?:在|跑在|部署在|放在|托管在|託管在|搭在)\s*"
                     r"(?P<o>[A-Za-z][\w.+-]*(?:\s[A-Za-z0-9][\w.+-]*)?|[\u4e00-\u9fff]{1,4}云|[\u4e00-\u9fff]{1,4}雲)\s*(?:上|上面|里|裡)?$", re.I)
_PRODUCT = r"(?:前端|后端|後端|App|app|APP|应用|應用|网站|網站|项目|項目|产品|產品|SDK|客户端|客戶端|小程序|插件|系统|系統)"
_SUPPORTS = re.compile(rf"^{_OURS}(?:这个|這個)?\s*(?:[A-Za-z]+\s*)?{_PRODUCT}\s*(?:目前|现在|現在)?(?:只|仅|僅|最低|最少|至少)?(?:要求)?"
                       r"(?:支持|支援|兼容)(?:到)?\s*(?P<o>[^，,。！!？?；;]{1,40}?)(?:\s*(?:就行|就好|以上|及以上|的))?$")
_NOT_A_TARGET = re.compile(r"一下|吧$|吗|呢|么$|什么|怎么|哪|能不能|可不可以|是否")
_ITEMS = re.compile(r"\s*(?:、|和|跟|及|以及|还有|,|/)\s*")


def read(clause: str) -> list[Claim]:
    """The host of an environment, or the targets a product supports; [] for anything else."""
    text = clause.strip().rstrip("。.!！")
    if m := _HOSTED.match(text):
        obj = clean_object(m.group("o"))
        return [Claim("project", "uses", obj, "positive", "fact")] if obj else []
    if (m := _SUPPORTS.match(text)) and not _NOT_A_TARGET.search(text):
        items = [clean_object(x) for x in _ITEMS.split(m.group("o")) if x.strip()]
        return [Claim("project", "attr:支持", "、".join(items), "positive", "fact")] if items and all(0 < len(x) <= 24 for x in items) else []
    return []


__all__ = ["read"]
