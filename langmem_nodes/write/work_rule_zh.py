"""A firm rule whose topic is a thing of the work is the project's (zh).

"数据库里的时间统一存 UTC", "接口返回的字段统一用驼峰命名", "代码里禁止用 System.out.println": no holder is named, but
the topic (代码, 数据库, 接口, 文档, 依赖, 生产环境, 上线前, an English tool word…) is the project's and the modal
(统一 / 一律 / 必须 / 只能, or 禁止 / 不许 / 不准 / 严禁 / 不允许) makes it a standing rule, not a wish. "我们这个服务
规定不用 ORM" is one too. A deadline or a one-off ("代码必须今晚改完", "日志太多了必须清一清"), a question or a
supposition stays unread.

Example:
    >>> [(c.subject, c.object, c.polarity) for c in read("数据库里的时间统一存 UTC") + read("代码里禁止用 any")]
    [('project', '数据库里的时间统一存 UTC', 'positive'), ('project', '用 any', 'negative')]
    >>> read("代码必须今晚改完"), read("我必须统一用 Mac")
    ([], [])
"""

from __future__ import annotations

import re

from .rules import Claim, clean_object

_WORK = re.compile(r"[A-Za-z]|代码|分支|提交|合并|部署|上线|发版|发布|测试|数据库|数据|生产|线上|接口|仓库|依赖|配置|日志|文档|"
                   r"迁移|表名|字段|库|服务|项目")
_FIRM_NOT = r"禁止|不许|不准|严禁|不允许"
_RULE = re.compile(rf"^(?P<t>[^，,。；;！!？?我你您他她]{{1,16}}?)\s*(?:都|也)?(?:(?P<n>{_FIRM_NOT})|(?P<m>统一|一律|必须|只能))\s*"
                   r"(?P<o>[^，,。；;！!？?]{1,30}?)(?:[哈啊呀吧嘛]+)?$")
# "我们这个服务规定不用 ORM": a team's rule against a tool
_NOT_USED = re.compile(r"^(?:我们|咱们)(?:组|团队|公司|项目|部门)?(?:这个|那个)?(?:服务|项目|仓库|系统)?(?:里)?\s*(?:规定|要求)\s*"
                       r"(?:不用|不使用|不再用)\s*(?P<o>[^，,。]{1,20}?)(?:了)?$")
# a one-off task, a deadline or a question: no standing rule
_ONE_OFF = re.compile(r"今天|今晚|明天|后天|尽快|马上|现在|这周|下周|本周|月底|之前交|[改写做修弄]完|修好|搞定|交$|一下|一清|"
                      r"吗|么$|是不是|要不要|如果|要是|假如|万一|的话|太多|太乱|[了]$|"
                      r"这个|那个|这样|那样|这种|那种")  # "一律用这个名儿": the value is said elsewhere


def read(clause: str) -> list[Claim]:
    """The project's rule a firm clause about the work says; [] for anything else."""
    text = clause.strip()
    if m := _NOT_USED.match(text):
        obj = clean_object(m.group("o"))
        return [Claim("project", "rule", "用 " + obj, "negative", "rule")] if obj else []
    m = _RULE.match(text)
    if not m or _ONE_OFF.search(text) or not _WORK.search(m.group("t")):
        return []
    obj = clean_object(m.group("o"))
    if not obj:
        return []
    if m.group("n"):  # the verb stays: 项目规则：不要用 any
        return [Claim("project", "rule", m.group("o").strip(), "negative", "rule", condition=m.group("t").strip())]
    return [Claim("project", "rule", clean_object(text[:m.end("o")]), "positive", "rule")]
