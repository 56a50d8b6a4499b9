"""A code convention said in Chinese as one way for all of a topic: a topic of the code (缩进, 变量名, 字符串, 注释,
提交信息, 测试, 每行…), 都 / 统一 / 一律, then the way (用 tab, 用下划线命名, 用英文写, 不超过 80 个字符). It is a rule —
the project's when a holder of the code is named ("这个仓库的提交信息都用英文写") or the way is firm (统一, 一律: "代码注释统一
用英文写", as `work_rule_zh` reads it), else the user's — never a statement
or a tool the project uses ("以后缩进都用 tab" was «用户陈述», "这个仓库的提交信息都用英文写" «项目使用中文写»). The
rule keeps its topic, so two rules about one aspect can be compared (`rule_aspect`).

>>> [(c.subject, c.predicate, c.object) for c in read("这个仓库的提交信息都用英文写")]
[('project', 'rule', '提交信息都用英文写')]
>>> [(c.subject, c.object) for c in read("缩进都用 tab")], read("我们都用飞书")
([('user', '缩进都用 tab')], [])
"""

from __future__ import annotations

import re

from ..text import to_simplified
from .rules import Claim

_HOLDER = r"(?P<h>(?:这个|本|该|此|我们|咱们)?\s*(?:项目|仓库|repo|代码库|工程|服务|团队|组)|我们|咱们)?(?:的|里|里面|中)?\s*"
_TOPIC = (r"(?P<t>(?:代码|程式码|程序码|程序|前端|后端|Python|python|JS|js|TS|ts|Go|go|SQL|sql|YAML|yaml|数据库)?\s*(?:的)?\s*"
          r"(?:缩进|缩排|变量名?|函数名|方法名|类名|文件名|目录名|表名|字段名|列名|常量名?|组件名|分支名|命名|字符串|引号|注释|注解|"
          r"提交信息|提交说明|commit\s*(?:message|信息)?|测试|单元测试|每行|行宽|文档))")
_WAY = r"(?P<w>(?:都|统一|一律|全部|全|一概)+(?:用|使用|采用|写成|改成|改用|按)|(?:都|统一|一律)*(?:不超过|不要超过|控制在))"
_RULE = re.compile(rf"^{_HOLDER}{_TOPIC}\s*{_WAY}\s*(?P<o>[^，,。；;！!？?]{{1,20}}?)(?:来)?(?:写|命名|缩进|格式)?(?:吧|哈|啊)?$")


def read(clause: str) -> list[Claim]:
    """The rule a convention clause states, else []."""
    text = clause.strip(" \t。.!！")
    m = _RULE.match(to_simplified(text))
    if not m or not m.group("o").strip():
        return []
    holder = "project" if m.group("h") or re.search(r"统一|一律", m.group("w")) else "user"  # a firm way is the team's
    return [Claim(holder, "rule", text[m.start("t"):].strip(), "positive", "rule")]


__all__ = ["read"]
