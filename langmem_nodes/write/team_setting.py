"""A project setting with an amount (zh + en): a setting of the team's code or service (过期时间, 超时, 覆盖率, 代码评审;
cache TTL, timeout, coverage, code review) and how much it is ("过期时间统一 30 分钟", "代码评审至少要两个人通过",
"our cache TTL is 30 minutes", "PRs need at least two approvals"), stored as the project's rule from the setting
on (项目规则：过期时间统一 30 分钟). It composes a holder (the team or the project,
or none when the setting names the topic), the setting, a bound (至少 / at least, kept: it is part of the value) and
the amount with its unit; a time word pointing at one occasion ("这次", "today") is no setting.

Example:
    >>> [(c.predicate, c.object) for c in read("过期时间统一 30 分钟")]
    [('rule', '过期时间统一 30 分钟')]
    >>> [(c.predicate, c.object) for c in read("我们组的代码评审至少要两个人通过才能合并")]
    [('rule', '代码评审至少要两个人通过才能合并')]
    >>> [(c.predicate, c.object) for c in read("our PRs need at least two approvals")]
    [('rule', 'PRs need at least two approvals')]
    >>> read("我每天至少要睡 8 小时"), read("这次超时时间设成 5 秒")
    ([], [])
"""

from __future__ import annotations

import re

from .rules import Claim

_I = re.IGNORECASE

_ZH_HOLDER = r"(?:(?:我们|咱们)(?:组|团队|公司|项目|这边)?(?:这个|的)?\s*(?:项目|服务|仓库|系统|后端|前端)?|(?:这个|本|该)\s*(?:项目|服务|仓库|系统))(?:的|里|里面)?\s*"
_ZH_SETTING = (r"(?:[A-Za-z]{2,10}\s*)?(?:接口|请求|缓存|数据库|连接|会话|登录|任务)?(?:(?:缓存)?过期时间|超时时间|超时|缓存时间|有效期|(?:单测|测试|代码)?覆盖率|行宽|最大行宽|单行长度|"
               r"代码评审|代码审查|评审|[Cc]ode\s*[Rr]eview|PR|MR|合并请求|重试次数|连接池(?:大小)?|线程池(?:大小)?|副本数|分片数|"
               r"(?:日志)?保留时间|备份周期|token\s*有效期|TTL|ttl)")
_ZH_NUM = r"(?:\d+(?:\.\d+)?|[一二两三四五六七八九十百千几]+)"
_ZH_UNIT = (r"(?:个)?(?:毫秒|分钟|小时|秒|天|周|星期|月|年|人|次|行|列|字符|空格|副本|分片|线程|连接|approve|MB|GB|KB|ms|s|M|G|%|％)"
            r"|\s*(?:%|％)")
_ZH_BOUND = r"(?:至少|最少|最多|不超过|不少于|不低于|超过)"
_ZH = re.compile(rf"^(?P<h>{_ZH_HOLDER})?(?P<t>{_ZH_SETTING})\s*(?:都|也|全部)?(?:统一|一律|默认|必须|都要|需要|要|得)?"
                 rf"(?P<b>{_ZH_BOUND})?(?:要|得|需要)?(?:是|设为|设成|设置为|设置成|为|定为|定成|有|配成|配置成)?\s*"
                 rf"(?P<o>{_ZH_NUM}\s*(?:{_ZH_UNIT})[^，,。]{{0,12}}?)(?:了|哈|啦)?$")
_ONE_OCCASION = re.compile(r"这次|这回|本次|今天|明天|昨天|这周|下周|刚才|临时")

_EN_NUM = r"(?:\d+(?:\.\d+)?|one|two|three|four|five|six|ten|twelve|fifteen|twenty|thirty|sixty|ninety)"
_EN_UNIT = r"(?:ms|milliseconds?|seconds?|secs?|minutes?|mins?|hours?|days?|weeks?|percent|%|characters?|chars?|columns?|retries|replicas?)"
_EN_SETTING = re.compile(
    rf"^(?:our|the|this (?:project|repo|service)'s)\s+(?P<t>(?:[\w-]+\s+){{0,2}}?(?:ttl|timeout|expiry|coverage|retention|line length|"
    rf"max retries|retry limit))\s+(?:is|=|should be|must be|is set to|is always)\s+(?P<o>(?:at least\s+|at most\s+)?{_EN_NUM}\s*(?:-\s*)?{_EN_UNIT}\b.*)$", _I)
_EN_REVIEW = re.compile(rf"^(?:(?:all|our|every)\s+)?(?P<t>prs|pull requests|merge requests|mrs|code reviews?|changes)\s+(?:need|needs|require|requires|must have|must get)\s+"
                        rf"(?P<o>(?:at least\s+)?{_EN_NUM}\s+(?:approvals?|reviewers?|reviews?|people|sign-?offs?)\b.*)$", _I)


def read(clause: str) -> list[Claim]:
    """The project setting with an amount in `clause`, or []."""
    text = clause.strip(" .。!！")
    if m := _ZH.match(text):
        if _ONE_OCCASION.search(text):
            return []
        return [Claim("project", "rule", re.sub(r"(?:了|哈|啦)$", "", text[m.start("t"):]).strip(), "positive", "rule")]
    if m := _EN_SETTING.match(text) or _EN_REVIEW.match(text):
        if re.search(r"\b(?:today|tonight|this time|right now)\b", text, _I):
            return []
        return [Claim("project", "rule", text[m.start("t"):].strip(), "positive", "rule")]
    return []
