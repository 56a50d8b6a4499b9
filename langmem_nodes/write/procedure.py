"""A project's procedure: a step its work must take before another, or a minimum it needs to go on (zh + en).

Parts: an optional holder (我们组, 这个项目, we), the step of the work (部署, 合并, 上线, merging), the frame (…之前/前 +
a firm modal; 至少 … 才能 …; at least … before/to …) and the requirement, kept whole as the rule's text.

- "部署之前一定要先跑 make test" → project rule «部署之前一定要先跑 make test»
- "我们组代码合并前必须过code review" → project rule «代码合并前必须过code review»
- "(我们组规定)至少两个人approve才能合", "we need at least two approvals before merging" → project rule

Example:
    >>> [(c.subject, c.predicate, c.object) for c in read("上线前必须先过灰度")]
    [('project', 'rule', '上线前必须先过灰度')]
"""

from __future__ import annotations

import re

from .rules import Claim, clean_object

_TEAM = r"(?:(?:我们|咱们)(?:组|团队|公司|项目|这边)?|(?:这个|本|该)\s*(?:项目|仓库|服务|代码库)|组里|团队里|项目里)(?:的|里)?\s*"
# a step of a project's work (a step of the user's day, "睡觉前", is no project procedure)
_STEP = (r"(?:(?:代码|PR|MR|pr|mr|分支|接口|数据库|表结构)\s*)?(?:部署|上线|发布|发版|提交|合并|合入|合代码|合|push|推代码|推送|打包|构建|"
         r"提\s*PR|提\s*MR|提测|release|merge|commit|改表|建表|上生产|发生产)")
_FIRM = r"(?:必须|一定要|一定得|都要|都得|务必|必需|需要|得)"
_BEFORE = re.compile(rf"^(?:{_TEAM})?(?:规定|要求)?\s*(?P<r>(?P<t>{_STEP})\s*(?:之前|以前|前)\s*[，,]?\s*(?:都|也)?{_FIRM}\s*(?:先)?\s*"
                     r"(?P<o>[^，,。]{2,30}?))(?:才行|才可以)?$")
# a minimum before the work may go on: "至少两个人approve才能合"; without a holder only when the step is the work's
_LEAST = re.compile(rf"^(?P<h>{_TEAM}(?:[^，,。]{{0,12}}?)(?:规定|要求))?\s*(?:[^，,。]{{0,12}}?)(?P<r>(?:至少|最少|起码)\s*[^，,。]{{1,20}}?\s*"
                    rf"才(?:能|可以|允许)\s*(?P<t>{_STEP}|[^，,。]{{1,8}}))$")
_EN_LEAST = re.compile(r"^(?:we|our team|the team|(?:every|each|all|our)\s+(?:prs?|pull requests?|merges?|changes?|commits?)|prs?|pull requests?)\s+"
                       r"(?:always\s+)?(?:need|needs|require|requires|must have|have to have)\s+(?P<r>at least\s+[\w -]{1,30}?\s+"
                       r"(?:before|to)\s+(?:merg\w*|deploy\w*|ship\w*|releas\w*|go(?:ing)? (?:live|out)))$", re.I)


def read(clause: str) -> list[Claim]:
    """The project rule a procedure clause states, else []."""
    clause = clause.strip(" 。.!！")
    if re.search(r"[\u4e00-\u9fff]", clause):
        m = _BEFORE.match(clause)
        if not m:
            m = _LEAST.match(clause)
            if m and not m.group("h") and not re.fullmatch(_STEP, m.group("t")):
                return []  # "至少睡八小时才能缓过来": no step of a project's work
        rule = clean_object(m.group("r")) if m else ""
    else:
        m = _EN_LEAST.match(clause)
        rule = clean_object(m.group(0)) if m else ""
    return [Claim("project", "rule", rule, "positive", "rule")] if rule else []
