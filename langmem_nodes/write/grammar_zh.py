"""Chinese clause rules of the compositional grammar (`grammar.py` holds the shared helpers and the English rules).

`PRE` is tried before the phrasing rules of `rules.py`, `POST` after them; `grammar.parse` runs both.

Example:
    >>> from langmem_nodes.write import grammar
    >>> [(c.subject, c.predicate, c.object) for c in grammar.parse("我们 CI 用的是 Jenkins")]
    [('project', 'uses', 'Jenkins')]
"""

from __future__ import annotations

import re

from .grammar import Build, _claim, _kin_name, _kin_names, _project_uses, _switch

_ZH_HOLDER = (r"(?:(?:团队|组里|公司|应用|项目|仓库|服务)|(?:我们|咱们)(?:组|团队|公司|这边)?(?:这个|那个)?的?\s*(?:CI|ci|项目|仓库|代码库|monorepo|repo|服务|后端|前端|系统|"
              r"集群|数据库|线上|流水线|应用)?|(?:这个|本|该)\s*(?:项目|仓库|代码库|服务|系统|工程|repo|monorepo))")
_ZH_PART = r"(?:里|里面|中)?(?:的)?\s*(?:[A-Za-z][\w.+#-]*\s*(?=[\u4e00-\u9fff]))?(?:前端|后端|测试|接口|数据库|CI|ci|部署|构建|服务端|客户端|移动端|网关|主库|(?:(?![不别禁没无非勿要需得必里中])[\u4e00-\u9fff]){1,4}?)?"

# (pattern, build): tried BEFORE the phrasing rules (they would misread these) ----------------------
PRE: list[tuple[re.Pattern[str], Build]] = [
    (re.compile(r"^我(?:家)?(?:的)?(?:[两三四几]|\d)\s*(?:只|条|个)\s*(?P<k>猫|狗|孩子)(?P<rest>.*叫.*)$"), _kin_names),
    # duty in zh word order: "本周的线上值班是我", "这礼拜线上值班排到我了"
    (re.compile(r"^(?:这周|本周|这礼拜|这个礼拜|这星期|这个星期|今天|今晚|这个月|下周)?(?:的)?(?P<o>[\u4e00-\u9fff]{0,4}(?:值班|轮值|oncall|on-call))"
                r"\s*(?:是我|排到我|轮到我|归我|由我)"), lambda m: _claim("user", "working_on", m.group("o"), kind="task_state")),
    # "我是 emacs 老用户了", "我是 Vim 党"
    (re.compile(r"^我(?:是|算是)(?:个|一个)?\s*(?P<o>[A-Za-z][\w.+# -]{0,20}?)\s*(?:的)?\s*(?:老用户|忠实用户|重度用户|用户|死忠粉?|粉丝?|党)了?$"),
     lambda m: _claim("user", "uses", m.group("o"))),
    (re.compile(r"^我(?:人)(?:现在|目前)?在\s*(?P<o>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:这边|呢)?$"),
     lambda m: _claim("user", "lives_in", m.group("o"), kind="identity")),
    # "刚搬到苏州没多久"
    (re.compile(r"^我?(?:刚|刚刚|已经)?(?:搬到|搬来|搬去|搬家到)了?\s*(?P<o>[\u4e00-\u9fffA-Za-z]{1,8}?)(?:来|去)?了?\s*(?:没多久|不久|快?[一二两三四五六七八九十几半\d]+(?:个)?(?:月|年|周)了?)?$"),
     lambda m: _claim("user", "lives_in", m.group("o"), kind="identity")),
    (re.compile(r"^我(?:家)?(?:养了|养着|有)\s*(?:一|两|几)?\s*(?:只|条|个)\s*(?P<k>猫|狗|小猫|小狗|狗狗|猫咪|兔子|鹦鹉)"
                r"[，,]?\s*(?:叫|名叫|名字叫)\s*(?P<o>[\u4e00-\u9fffA-Za-z]{1,6})$"), _kin_name),
    (re.compile(r"^我(?:的|家)?(?P<k>老婆|老公|妻子|丈夫|太太|先生|儿子|女儿|妈妈|爸爸|女朋友|男朋友|孩子|猫|狗)(?:的名字)?"
                r"(?:叫|名叫|是)\s*(?P<o>[\u4e00-\u9fffA-Za-z·]{1,8})$"), _kin_name),
    (re.compile(rf"^{_ZH_HOLDER}{_ZH_PART}\s*(?:所有东西|所有服务|全部|一切|东西)?(?:都|也|还|主要|一直|目前|现在|统一|全面|彻底|已经)*(?:写|用的是|是用|用的|用|使用|换到|换成|迁到|迁移到|切到|采用|基于|跑在|部署在|"
                r"托管在|放在|是)\s*(?P<o>.+?)(?:\s*(?:写的|做的|搭的|实现的|开发的|上|上面|里))?$"), _project_uses),
    # access needs: "我们公司内网要连 VPN 才能访问", "staging is only reachable over the VPN"
    (re.compile(r"(?:内网|公司网络|测试环境|开发环境|线上环境|预发环境|服务器|集群|数据库|仓库|跳板机)\S{0,6}?(?:要|需要|得|必须|只能|只可以)(?:先)?"
                r"(?:连|挂|开|走|登|通过)(?:上)?\s*(?P<o>[A-Za-z][\w.-]*(?:\s?[A-Za-z0-9][\w.-]*)?|跳板机|内网)"),
     lambda m: _claim("project", "attr:access", m.group("o"), kind="reference")),
    (re.compile(r"^(?:请)?(?:别|不要|不用)(?:再)?(?:劝我|让我|逼我|叫我)\s*(?:换成?|改用|换用|用|转|学)\s*(?P<o>.+)$"),
     lambda m: _claim("user", "prefers", m.group("o"), "negative", "preference")),
    (re.compile(r"^(?P<h>我们)?我?(?:已经)?从\s*(?P<x>.+?)\s*(?:换到|换成|转到|迁到|迁移到|切到|切换到|改用|换用)了?\s*(?P<o>.+?)了?$"),
     lambda m: _switch(m, "project" if m.group("h") else "user")),
    (re.compile(r"^(?:我们|咱们)(?:一直)?是\s*(?P<o>[A-Za-z][\w.+# -]*?)\s*(?:的)?\s*(?:老用户|忠实用户|用户|团队|公司|重度用户)"),
     _project_uses),
    (re.compile(r"^我(?:家)?(?:养了|养着|养|有)\s*(?:一|两|二|三|四|五|几|\d+)?\s*(?:只|条|个|辆|台|套|匹)\s*(?P<o>[\u4e00-\u9fffA-Za-z ]{1,12})$"),
     lambda m: _claim("user", "has", m.group("o"))),
    (re.compile(r"^我(?:最近|现在|目前|也|还|正)*(?:在|正在)?(?:自学|学习|学|报班学)\s*(?P<o>[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z0-9 .+#-]{0,15}?)(?:呢|了)?$"),
     lambda m: _claim("user", "learning", m.group("o"), kind="task_state")),
    # current duty: "这周轮到我值班", "I'm on call this week"
    (re.compile(r"^(?:这周|本周|今天|这个月|今晚)?轮到我\s*(?P<o>.+)$"),
     lambda m: _claim("user", "working_on", m.group("o"), kind="task_state")),
    (re.compile(r"^我(?:已经)?(?:搬到|搬去|搬家到|定居到?)了?\s*(?P<o>[\u4e00-\u9fffA-Za-z ]{1,12}?)(?:去|来)?了?$"),
     lambda m: _claim("user", "lives_in", m.group("o"), kind="identity")),
    (re.compile(r"^(?:请)?(?:别|不要|不用|别再|不要再)(?:再)?给我\s*(?:推荐|发|写|讲|用|提供|找|看)?\s*(?P<o>.+?)"
                r"(?:的)?\s*(?:方案|教程|代码|例子|示例|东西|建议|版本|答案|做法|写法)?了?$"),
     lambda m: _claim("user", "prefers", m.group("o"), "negative", "preference")),
    # "太辣的我吃不了", "我吃不了辣": a negative diet
    (re.compile(r"^(?:太|特别|很)?(?P<o>[\u4e00-\u9fff]{1,6}?)的?(?:东西|菜|食物)?我(?:都)?(?:吃不了|吃不惯|不能吃|不吃|受不了|喝不了)$"),
     lambda m: _claim("user", "diet", m.group("o"), "negative", "identity")),
    (re.compile(r"^我(?:真的|实在)?(?:吃不了|吃不惯|受不了|喝不了|不太能吃|不怎么能吃|不能喝|不太能喝)\s*(?P<o>.+)$"),
     lambda m: _claim("user", "diet", m.group("o"), "negative", "identity")),
    (re.compile(r"^我\s*(?:好几年|几年|很久|好久|多年)?(?:都)?(?:没碰过|没用过|没再用过|没碰|没写过|不碰)了?\s*(?P<o>.+)$"),
     lambda m: _claim("user", "uses", m.group("o"), "negative")),
    # where the user works and as what: "我在字节做数据开发"
    (re.compile(r"^我(?:现在|目前)?在\s*(?P<o>[\u4e00-\u9fffA-Za-z]{2,10}?)(?:做|当|干)(?:的)?\s*(?:[\u4e00-\u9fffA-Za-z ]{0,10}?)"
                r"(?:开发|工程师|程序员|设计|产品|运营|测试|运维|算法|研究|销售|经理|前端|后端|全栈)(?:的)?(?:工作)?$"),
     lambda m: _claim("user", "works_at", m.group("o"), kind="identity")),
    # a diet said with an adverb: "我完全不喝咖啡", "I never drink coffee"
    (re.compile(r"^我(?:完全|从来|从不|基本|一般|平时|已经)?(?:都)?(?:不喝|不吃|不碰|戒了)\s*(?P<o>[\u4e00-\u9fffA-Za-z]{1,8}?)(?:了)?$"),
     lambda m: _claim("user", "diet", m.group("o"), "negative", "identity")),
]

# tried AFTER the phrasing rules found nothing ----------------------------------------------------
POST: list[tuple[re.Pattern[str], Build]] = [
    # traits: "I'm left-handed", "我是左撇子", "我是夜猫子"
    (re.compile(r"^我是(?:个|一个)?(?P<o>左撇子|右撇子|色盲|夜猫子|早起的人|路痴|[\u4e00-\u9fffA-Za-z ]{1,8}?(?:党|控|迷))$"),
     lambda m: _claim("user", "trait", m.group("o"), kind="identity")),
    (re.compile(r"^我(?:都|也|一直)?(?:换成|换到|改用|换用|切到|切换到|转到|迁移到)了?\s*(?P<o>.+?)了?$"),
     lambda m: _claim("user", "uses", m.group("o"))),
]
