"""Chinese clause rules of the compositional grammar (`grammar.py` holds the shared helpers and the English rules).

`PRE` is tried before the phrasing rules of `rules.py`, `POST` after them; `grammar.parse` runs both.

Example:
    >>> from langmem_nodes.write import grammar
    >>> [(c.subject, c.predicate, c.object) for c in grammar.parse("我们 CI 用的是 Jenkins")]
    [('project', 'uses', 'Jenkins')]
"""

from __future__ import annotations

import re

from . import chat16_zh, chat_zh, convention_zh, project_attr_zh
from .grammar import Build, _claim, _kin_name, _kin_names, _project_uses, _run, _switch, name_predicate
from .places import is_place
from .pronouns import _ZH_BREED
from .rules import Claim, clean_object

# common surnames: a boss said with 是 is named only when the value starts with one
_SURNAME = (r"[王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆"
            r"汪范金石廖贾夏韦方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤]")

# the boss named with 是 ("现在我直属领导是陈静"): only a surname and a given name, as "我领导是技术出身" names nobody
BOSS_NAMED = re.compile(r"^(?:现在|目前)?我(?:的|们)?(?:现在的?|目前的?|新的?)?(?:直属)?(?P<k>老板|领导|上司|主管)(?:现在|目前|已经)?(?:是|换成了?)\s*"
                        rf"(?P<o>(?!高手|白天|周末){_SURNAME}(?![总工哥姐董]$)[\u4e00-\u9fff]{{1,2}}|[老小]{_SURNAME})$")  # "王总" is a title

# Time, habit and stance words between the holder and its verb; the current value is what the clause states
# ("我上个月换成 Helix 了", "我周末喜欢去爬山").
_TIME = re.compile(r"(?<=我)(?:们)?(?:[一二三四五六七八九十\d]{1,2}月份?|年初|年底|春天|夏天|秋天|冬天|就|上个?月|上个?周末|上周|上个?星期|上礼拜|昨天|前天|去年|前年|前几天|最近|现在|目前|已经|早就|这几年|后来|刚刚?|终于|其实|"
                   r"好几年|几年前|这[两几]年|这些年|多年来|今年|年初|前[两几些]天|前阵子|前段时间|这阵子|这个月|这周|全职|个人|自己|周末|平时|平常|工作日|下班后?|每天|天天|早上|晚上|中午|上午|下午|傍晚|深夜|半夜|一般|通常)+")
# a daily window a habit holds in: "我晚上九点以后不喝咖啡" (用户晚上九点以后不喝咖啡, not 用户不喝咖啡)
_WINDOW = r"(?:(?:早上|晚上|中午|上午|下午|傍晚|深夜|半夜)?[零一二两三四五六七八九十\d]{1,3}点(?:半|钟)?(?:以后|之后|以前|之前|前|后)|睡前|饭后|空腹)"
# "我吃素好几年了", "用 Vim 十年了": how long the value has held is not part of it
_DURATION = re.compile(r"\s*(?:快|近|都|已经)?(?:好|有)?(?:\d+|[一二三四五六七八九十几两]+|半)(?:多)?(?:年|个月|天|周|星期)(?:多)?了?$")


def normalise(clause: str) -> str:
    """"我周末喜欢去爬山" → "我喜欢去爬山", "我吃素好几年了" → "我吃素", "我是不吃羊肉" → "我不吃羊肉"."""
    clause = re.sub(r"^本人", "我", clause)
    clause = re.sub(r"^(以前|之前|过去|曾经|现在|目前|最近|如今|这几年|这两年)我(?!们)", r"我\1", clause)  # "以前我用 Vim"
    clause = re.sub(r"^(我的[\u4e00-\u9fff]{1,6}?)(?:现在|目前|如今)(?=叫|是)", r"\1", clause)  # "我的猫现在叫豆腐"
    clause = re.sub(r"^(?:上个?月|上周|去年|前年|今年|年初|前几天|前段时间)(?=我|刚|已经|搬|换|开始)", "", clause)  # "上个月刚搬来厦门"
    # the task first, then the user's stance or tool: "画架构图我一般用 Excalidraw" = "我画架构图一般用 Excalidraw"
    clause = re.sub(rf"^(?P<t>{_TASK_V}[\u4e00-\u9fffA-Za-z ]{{1,6}}?)(?:的时候|时)?\s*我(?=(?:{_ADV})(?:{_NEG_V}|{_POS_V}|用|在用|使用))",
                    r"我\g<t>", clause)
    # a focus word before a negated verb: "(不是不喜欢，)就是吃不了辣" = "我吃不了辣" ("我就是程序员" keeps it)
    clause = re.sub(r"^我(?:就是|只是|主要是)(?=不|没|再也|[吃喝用碰看听]不)", "我", clause)
    clause = _TIME.sub("", clause)
    clause = re.sub(r"^我(?:自己)?(?:租房子?|租)(?=住在)", "我", clause)  # "我现在租房住在深圳南山": where the user lives
    # a pastime said by doing it: "我收集黑胶唱片", "我一直在收藏邮票", "我最近在玩塞尔达" read as the liking ("我喜欢收集黑胶唱片")
    clause = re.sub(r"^我(?:一直|也|还|都)*(?:在|正在)?(?=(?:收集|收藏)(?!了|过|到|一下|起来)\s*(?![一这那些])[\u4e00-\u9fffA-Za-z])|"
                    r"^我(?:一直|也|还|都)*(?:在|正在)(?=玩\s*(?![一这那个些的了过]|手机|电脑|平板)[\u4e00-\u9fffA-Za-z])", "我喜欢", clause)
    # degree inside a negation: "我不是很喜欢 Java" = "我不太喜欢 Java"; "我一点都不喜欢" = "我不喜欢"
    clause = re.sub(r"不是(?:很|特别|太|那么|非常|十分|多)(?=喜欢|爱|想|习惯|能|会)", "不太", clause)
    clause = re.sub(r"一点(?:儿)?(?:都|也)(?=不|没|[吃喝用看听碰]不)", "", clause)
    clause = re.sub(r"^我是(?=(?:真的|真|确实|实在|完全|根本)?(?:不|没)|用左手|用右手)", "我", clause)
    clause = re.sub(r"^我((?:一直|都|也|还)*)是(?=用|在用)(.+?)的$", r"我\1\2", clause)  # "我一直都是用 Emacs 的"
    # "我是在腾讯工作（的）", "我是住在杭州": the emphasis 是…的 around where the user works or lives
    clause = re.sub(r"^我((?:一直|都|也|还|其实)*)是(?=在[^，,。]{1,16}?(?:工作|上班|上学|读书|实习|任职)|住在?)(.+?)的?$",
                    r"我\1\2", clause)
    clause = re.sub(r"(?<=[\u4e00-\u9fffA-Za-z0-9])(?:哈|啦|呢|呀|嘛|哦|呗|啊)+$", "", clause)
    clause = chat16_zh.unframed(clause)  # "我在 jupyter 里都用 plotly", "咱们球队的报名小程序是用 uniapp 写的"
    return _DURATION.sub("", clause) or clause


# Verb classes of the compositional clause "我 [做/喝/写 TOPIC] [adverbs] VERB OBJECT" ------------------
_ADV = (r"(?:早就|早已|已经|一直|从来|向来|平时|平常|一般|基本上?|通常|最近|现在|目前|还是|也|都|还|就|真的|实在|确实|比较|"
        r"特别|非常|挺|很|超|最|更|个人|其实|倒是|日常|每天|天天|经常|常常?|完全|根本|再也|死活|压根)*")
_NEG_V = (r"(?:不(?:太|怎么|大|常|咋)(?:碰|沾|用|玩|吃|喝|看|写|听|追)|不碰|不沾|不用|不玩|不吃|不喝|不看|不写|不听|不追|不太爱|不怎么爱|不爱|不太喜欢|不怎么喜欢|不喜欢|不感冒|不习惯|"
          r"用不惯|吃不惯|喝不惯|用不来|吃不了|喝不了|受不了|讨厌|反感|戒掉了|戒了|戒(?=烟|酒|糖|咖啡|奶茶|辣)|没碰过|没用过|不再用|弃坑了|放弃了)")
_POS_V = (r"(?:喜欢|爱|偏爱|偏好|钟爱|迷上了?|爱上了?|入坑了?|习惯|常用|爱用|只用|只喝|只吃|只听|只看|只玩|离不开|在用|用惯了|"
          r"(?:每天|天天|平时|一般|经常|常|一直|总是|向来)(?:早上|晚上|中午|下午)?(?:都)?(?:喝|吃|用|听|玩|练))")
_ACT = r"(?:去|用|使用|看|写|吃|喝|玩|听|练)?"
_OBJ_END = r"(?:那种写法|这种写法|那种风格|这种风格|那一套|这一套|那种|这种|那套|这套|的东西|的)?(?:了|的|哈|啦|呢|吧|啊|呀)*"


# the verb of a task a tool or stance is chosen for ("写前端", "画架构图", "记笔记", "剪视频")
_TASK_V = r"(?:写|做|搞|玩|喝|吃|用|画|记|剪|拍|修|管理|跑)"


def _diet_or(default: str, verb: str) -> str:
    return "diet" if re.search(r"[吃喝]", verb) else default


# a habit the user stopped: "我不再吃肉了", "我早就不玩游戏了", "我已经戒烟了", "咖啡我戒了"
_HABIT_V = r"(?:吃|喝|抽|用|使用|玩|碰|看|追|刷|听|写)"
_STOPPED = re.compile(r"不再|再也|已经|早就|早已|好久|好几年|很久|多年")
_FOOD = re.compile(r"酒|咖啡|茶|糖|可乐|饮料|辣|肉|甜食|零食|宵夜|夜宵|外卖|碳水|奶")


def _habit(m: re.Match[str]) -> list[Claim]:
    """"我不再吃肉了" → diet 肉 (用户不再吃肉), "我不抽烟了" → uses 烟 (用户不再抽烟); a plain "我不喝咖啡" (no sign
    of a change) → diet 咖啡 (用户不喝咖啡); anything else is left to the other rules."""
    v, o = m.group("v"), m.group("o")
    stopped = bool(_STOPPED.search(m.group(0)[: m.start("v")]) or (m.group("le") and not m.group("win")))  # "九点以后就不喝了": a window, not a change
    food = v in ("吃", "喝")
    if not stopped and not food:
        return []
    if v == "抽":  # "我不抽烟了": the habit is smoking (用户不再抽烟), 烟 alone names the thing
        out = _claim("user", "uses", v + o, "negative")
        for c in out:
            c.verb = (m.group("win") or "") + ("不再" if stopped else "不")
        return out
    out = _claim("user", "diet" if food else "uses", o, "negative", "identity" if food else "fact")
    for c in out:
        c.verb = (m.group("win") or "") + (f"不再{v}" if stopped else f"不{v}")
    return out


def _quit(m: re.Match[str]) -> list[Claim]:
    """"我已经戒烟了", "我把奶茶戒了": a negative fact that says 已戒."""
    o = _DURATION.sub("", re.sub(r"(?:哈|啦|呢|呀|嘛|哦|呗)+$", "", m.group("o") or m.group("o2") or m.group("o3") or ""))
    if re.fullmatch(_ADV, o.strip()) or "我" in o:  # "已经戒了（三周）": how long, the habit was named before
        return []
    out = _claim("user", "diet" if _FOOD.search(o) else "uses", o, "negative", "identity" if _FOOD.search(o) else "fact")
    for c in out:
        c.verb = "已戒"
    return out


def _convention(m: re.Match[str]) -> list[Claim]:
    """"commit 信息按 Angular 规范写": the project follows the convention (项目遵循Angular规范); "按 X 来写" with no
    规范 after it names one only after a holder or a topic of the code ("那就按 Airbnb 来" answers a choice)."""
    if m.group("o2") and not m.group("n2") and not re.search(rf"^(?:{_PROJ}|{_ZH_HOLDER})|{_CONV_TOPIC}", m.group(0)):
        return []
    out = _claim("project", "uses", f"{m.group('o') or m.group('o2')}{m.group('n') or m.group('n2') or ''}")
    for c in out:
        c.verb = "遵循"
    return out


# a negative verb phrase that reads well before its object in the stored text
_SAID_NEG = re.compile(r"不(?:太|怎么|大|常|咋)?(?:碰|沾|用|玩|吃|喝|看|写|听|追|爱|喜欢)|不太爱|不怎么爱|不习惯|[用吃喝]不[惯来了]|受不了|讨厌|反感|没碰过|没用过|不再用")


def _attitude(m: re.Match[str]) -> list[Claim]:
    """"我写前端早就不碰 jQuery 了", "我喝咖啡只喝美式", "我不太爱喝酒": the verb class gives the polarity."""
    v = m.group("v")
    neg = v.startswith("戒") or bool(re.match(_NEG_V, v))
    if v in ("用", "在用", "使用"):  # "我写代码一直用 Go"
        return _claim("user", "uses", m.group("o"))
    if neg:
        out = _claim("user", _diet_or("uses" if re.search(r"[碰用写玩]", v) else "prefers", v), m.group("o"), "negative",
                     "identity" if re.search(r"[吃喝]", v) else "preference")
        for c in out:
            act = m.string[m.end("v"):m.start("o")].strip() if m.start("o") > m.end("v") else ""
            c.verb = v + act if c.predicate != "uses" and _SAID_NEG.fullmatch(v) else ""  # "用户不太爱喝奶茶", "用户吃不惯香菜"
        return out
    return _claim("user", "prefers", m.group("o"), kind="preference")


# topics a project fact is about when no holder is named: "后端服务是用 Go 写的", "缓存层用的是 Redis"
_TOPIC = (r"(?:[A-Za-z]{2,12}\s*)?(?:后端|后台|前端|服务端|客户端|移动端|接口|网关|数据库|主库|缓存|消息队列|队列|搜索|日志|监控|CI|CD|ci|持续集成|"
          r"单测|测试|打包|构建|部署|编排|容器|框架|ORM|orm|样式|状态管理|路由|包管理|依赖管理|类型检查|格式化|代码检查|鉴权|认证|"
          r"存储|对象存储|技术栈|定时任务|任务队列|配置中心|注册中心|服务发现|基础设施|基建|运维|线上|生产|数据层|中间件|"
          r"镜像|制品|文档|接口文档|代码仓库|告警|密钥|依赖|发布|上线|应用|app|App|APP|小程序|网站|官网|组件库|UI\s*库|UI\s*框架|数仓|数据仓库|调度|任务调度|埋点)"
          r"(?:[\u4e00-\u9fff]{0,2}?(?:框架|服务|层|库|工具|系统|引擎|平台|方案|环境))?")
# what a tool does by itself, after it: "用 Dependabot 自动提 PR", "用 cron 定时跑"
_BY_ITSELF = r"(?:自动|统一|专门|定时|集中)[\u4e00-\u9fff]{1,4}(?:\s*[A-Za-z]{1,10})?"
# what the project does with a tool, said after it: "用 webpack 打包的", "拿 Helm 部署的"
_ZH_CHORE = (r"(?:写|做|搭|搭建|实现|开发|管理?|跑|打包|部署|构建|编译|测试|托管|监控|编排|格式化|检查|生成|发布|维护|存储?|收集|"
             r"调度|渲染|压缩|校验|签名|上报|推送|同步|备份)")
# "不用" + a verb is "no need to", not a tool left out: "这个项目不用改", "我们不用担心"
_NO_NEED = r"(?:担心|操心|着急|急|客气|谢|麻烦|管|理|改|动|修|换|重启|重装|重新|再|特意|专门|太|那么|这么|每次|考虑|在意|怕|想|等|去|来|做|搞|弄|看|写|说|问|提|加|装|跑|测|记)"
_PROJ = r"(?:(?:我们|咱们)(?:组|团队|公司|项目)?(?:这个|那个)?|(?:这个|本|该|此)\s*(?:项目|仓库|repo|代码库|工程|服务|系统|monorepo)|项目|仓库|服务|代码库|代码)"
_TECH = r"[A-Za-z][\w.+#-]*(?:\s+[A-Za-z0-9][\w.+#-]*){0,2}"
# a tool's role named in English inside Chinese: "我的 shell 用 zsh", "我的 IDE 一直用 PyCharm"
_TOOL_ROLE_EN = (r"(?i:shell|terminal|editor|ide|browser|os|laptop|phone|keyboard|notes? app|password manager|vpn|dns|"
                 r"(?:e-?)?mail client|launcher|window manager|wm|font|theme|colou?r ?scheme|linter|formatter|package manager|"
                 r"dotfiles|prompt|multiplexer|git client|db client|api client|http client)")
_ASCII_TECH = r"[A-Za-z][A-Za-z0-9_.+#-]*(?:\s+[A-Za-z0-9][A-Za-z0-9_.+#-]*){0,2}"  # "Dart语法好多不习惯" names no tool


_ZH_HOLDER = (r"(?:(?:新|老|旧|所有|整个|全部)?(?:的)?(?:后端|前端|后台|线上|核心)?(?:团队|组里|公司|应用|项目|仓库|服务)|(?:我们|咱们)(?!家|俩|一家|全家)(?:组|团队|公司|这边)?(?:这个|那个)?的?\s*(?:CI|ci|项目|仓库|代码库|monorepo|repo|服务|后端|前端|系统|"
              r"集群|数据库|线上|流水线|应用)?|(?:这个|本|该)\s*(?:项目|仓库|代码库|服务|系统|工程|repo|monorepo))")
# a time before now: what the team used then is a past value, not its stack ("我们以前用 Jenkins")
_BEFORE_NOW = r"(?:以前|之前|原来|本来|过去(?![一二两三四五六七八九十几\d半]+(?:年|个月|周|天))|曾经|当初|那时)"
_ZH_PART = r"(?:里|里面|中)?(?:的)?\s*(?:[A-Za-z][A-Za-z0-9_.+#-]*(?:\s+[A-Za-z][A-Za-z0-9_.+#-]*){0,2}\s*(?=[\u4e00-\u9fff]))?(?:前端|后端|测试|接口|数据库|CI|ci|部署|构建|服务端|客户端|移动端|网关|主库|(?!" + _BEFORE_NOW + r")(?:(?![不别禁没无非勿要需得必里中再])[\u4e00-\u9fff]){1,4}?)?"  # "前端再转成…": a later step, no part

# traits and conditions of the person: "我有点色弱", "我是一个很社恐的人", "我近视八百度"
_TRAITS = (r"(?:左撇子|右撇子|红绿色盲|色盲|色弱|高度近视|近视|远视|散光|恐高|社恐|[iIeE]人|夜猫子|早起型|早起的人|晨型人|路痴|脸盲|"
           r"内向|外向|怕冷|怕热|敏感肌|过敏体质|乳糖不耐受?)")
# keeping a pet or bringing one home: "养了", "领养了", "捡了一只"
_KEEP = r"(?:养了|养着|新养了|刚养了|领养了|收养了|抱养了|捡了(?=\s*(?:一|两|\d)?\s*只)|捡到了?(?=\s*(?:一|两|\d)?\s*只))"
_PLACE_OF = {"上班": "works_in", "工作": "works_in", "住": "lives_in", "生活": "lives_in", "长大": "from", "出生": "from"}

# who runs the host a project's things live on, said before its name: "放在自建的 GitLab 上"
_HOSTED = r"(?:(?:我们|公司|团队)?(?:自建|自己搭|自己部署|自托管|私有化部署|私有部署|内部|内网|私有)的?|公司的)"


# who keeps a pet: the user or the household ("我们养了一只柯基" is the user's family, no team keeps a pet)
_HOUSEHOLD = r"(?:我|我家|我们家?|我们一家)"
# the side of the code a developer writes, said as the job: "(我在字节)写后端"
_WRITES_SIDE = r"(?:前端|后端|后台|客户端|服务端|全栈|嵌入式|iOS|安卓|Android|算法)"




def _workplace(name: str) -> list[Claim]:
    """"我在<X>做开发": a city is where the user works (works_in), anything else the employer (works_at)."""
    return _claim("user", "works_in" if is_place(clean_object(name)) else "works_at", name, kind="identity")


def _versioned(m: re.Match[str]) -> list[Claim]:
    """"我们的 Node 版本是 16": the version belongs to the tool's name (Node 16), not a value of its own."""
    return [Claim("project", "uses", f"{m.group('t')} {m.group('v')}", "positive", "fact")]


# a team convention: what it is about (缩进, 提交信息, 函数名), a modal, the way ("函数名一律小驼峰", "提交信息要写中文")
_CONV_TOPIC = (r"(?:缩进|命名|函数名|方法名|变量名|类名|文件名|目录名|表名|字段名|常量|提交信息|提交记录|[Cc]ommit\s*(?:message|信息)?|注释|分支名?|"
               r"代码风格|引号|字符串|分号|换行|行宽|PR|MR|pr|mr|版本号)")
_TEAM_SAYS = r"(?P<team>我们|咱们|组里|组内|团队里|团队内|公司里|公司|部门里)(?:组|团队|公司|项目|部门|这边)?(?:里|的)?\s*(?:代码规范|规范)?(?:里)?(?:统一)?(?P<said>规定|要求|约定)?\s*"
_CONV_MODAL = r"(?:一律|统一|必须|都要|都得|只能|只用|要|得|需要)"
_CONV_NOT = r"(?:不许|不准|不能|禁止|别|不要|严禁|不允许|不可以)"
# a clause that goes on with the team's rules after one ("…，提交信息要用中文写"); a bare prohibition after a rule
# ("提交信息要写中文，别写英文") says the same rule from the other side and is not read again
RULE_PART = re.compile(rf"^(?:代码)?{_CONV_TOPIC}|^(?:都|也)?(?:一律|统一|必须|只能)|^(?:至少|最少|起码)")


def _team_rule(m: re.Match[str]) -> list[Claim]:
    """"我们组规定提交信息要写中文" → project rule 提交信息要写中文; "函数名不许用下划线" → rule (negative) 函数名用下划线.
    It takes a topic, and 规定, a firm modal or the team as holder ("注释要写清楚" is a wish, "我们别…" no convention)."""
    said, team, modal, neg = m.group("said"), m.group("team"), m.group("m") or "", m.group("n") or ""
    firm = modal in ("一律", "统一", "必须", "都要", "都得", "只能", "只用") or neg in ("不许", "不准", "禁止", "严禁", "不允许")
    if not m.group("t") or not (said or firm or (team and (modal or neg))):
        return []  # "我们公司规定九点上班" names no convention of the code
    way = clean_object(m.group("o"))
    if not way:
        return []
    if neg:  # "函数名不许用下划线" → 项目规则：函数名，不要用下划线 (the verb stays)
        return [Claim("project", "rule", (m.group("v") or "") + way, "negative", "rule", condition=m.group("t") or "")]
    return [Claim("project", "rule", (m.group("t") or "") + modal + (m.group("v") or "") + way, "positive", "rule")]


# a timezone by its zone or offset: "东八区", "西五区", "UTC+8", "GMT-5"
_TIMEZONE = r"(?:[东西](?:十[一二]|[一二三四五六七八九十])区|(?:UTC|GMT|utc|gmt)\s*[+-]\s*\d{1,2}(?::?\d{2})?)"

# what a team rule about the work names ("我们公司规定不能穿拖鞋" is no rule of the code)
_OF_THE_CODE = re.compile(r"[A-Za-z]|代码|分支|提交|合并|部署|上线|发版|发布|测试|数据库|接口|线上|生产|仓库|依赖|配置|密钥|日志")

# (pattern, build): tried BEFORE the phrasing rules (they would misread these) ----------------------
PRE: list[tuple[re.Pattern[str], Build]] = [
    # the user's timezone said with 是 or 在: "我这边是东八区", "我是 UTC+8 的", "我人在西五区" (a zone, not a home)
    (re.compile(rf"^我(?:这边|这儿|这里|人|现在|目前|一般)*(?:是|在|用的是|用|处在|处于)?\s*(?P<o>{_TIMEZONE})\s*(?:时区)?(?:的|这边|那边)?$"),
     lambda m: _claim("user", "attr:时区", m.group("o"))),
    # "我们已经弃用 Redux 了": a tool the team dropped, before the team-convention rule reads "弃用 X" as a use
    (re.compile(rf"^(?:我们|咱们)(?:组|团队|公司|这边|项目)?{_ADV}(?:弃用|停用|淘汰|废弃)(?:掉)?了?\s*(?P<o>[^，,]{{1,20}}?)(?:了|的|哈)*$"),
     lambda m: _claim("project", "uses", m.group("o"), "negative")),
    # the project's own name: "我们项目叫青龙", "这个仓库名字叫 zucchini"
    (re.compile(r"^(?:这个|我们的?|咱们的?|我们这个|咱们这个)\s*(?:仓库|项目|repo|服务|应用|app|产品)\s*(?:的)?(?:名字)?(?:叫|名叫|名字叫|名字是|名称是)\s*"
                r"(?P<o>[A-Za-z][\w.-]{1,30}|(?![我你他她人咱])[\u4e00-\u9fff]{2,4})$", re.I),
     lambda m: _claim("project", "attr:名字", m.group("o"), kind="reference")),
    # the family name: "我姓陈", "我姓欧阳" (a later "不姓程" names the old one)
    (re.compile(r"^我(?:其实|本来)?(?:姓|的姓是)\s*(?P<o>[\u4e00-\u9fff]{1,2})$"),
     lambda m: _claim("user", "attr:姓", m.group("o"), kind="identity")),
    (re.compile(rf"^我{_ADV}(?P<win>{_WINDOW})?{_ADV}(?P<n>不再|不)(?P<v>{_HABIT_V})\s*(?P<o>(?!了$)[^，,]{{1,16}}?)(?P<le>了)?(?:的)?(?:哈|啦|呢|哦)?$"), _habit),
    (re.compile(rf"^我{_ADV}(?:把\s*(?P<o>[^，,]{{1,10}}?)\s*)?戒(?:掉)?了?(?(o)|\s*(?P<o2>[^，,]{{1,12}}?))(?:了)?$|"
                rf"^(?P<o3>[^，,我]{{1,8}}?)\s*我?{_ADV}(?:是)?戒(?:掉)?了$"),
     _quit),
    (re.compile(r"^(?:(?:我们|咱们)(?:组|团队|公司|项目|服务)?|(?:这个|本|该)?\s*(?:项目|仓库|服务))?(?:里|里面|中)?(?:的)?\s*(?P<t>[A-Za-z][\w.+#-]*)\s*(?:的)?版本(?:号)?\s*"
                r"(?:是|为|用的是|用的|(?:锁|锁定|固定|定|钉)(?:在|为|到|成))\s*(?P<v>[vV]?\d[\w.]*)(?:\s*(?:版本?|版|了))?$"), _versioned),
    # the household as holder: "我们住在广州天河", "我们家住在昆明"
    (re.compile(r"^(?:我们|我们家|我家)(?:一家|全家)?(?:现在|目前)?(?:住在|住)\s*(?P<o>[\u4e00-\u9fffA-Za-z]{2,10})$"),
     lambda m: _claim("user", "lives_in", m.group("o"), kind="identity")),
    # a household's diet includes the user: "我们都不太能吃辣", "我们家都不吃香菜"
    (re.compile(r"^(?:我们|我们家|我家|我们全家)(?:一家|全家)?(?:都|也|全)+(?:不太能吃|不怎么能吃|不能吃|吃不了|不吃|不太吃)\s*(?P<o>[\u4e00-\u9fff]{1,6}?)(?:的)?$"),
     lambda m: _claim("user", "diet", m.group("o"), "negative", "identity")),
    # the four-character "滴酒不沾" a diet says: "我平时滴酒不沾", "我烟酒不沾" (用户不沾酒)
    (re.compile(rf"^我{_ADV}(?:是)?(?:滴(?P<o>[\u4e00-\u9fff])|(?P<o2>烟酒|荤腥))不沾(?:的|了)?$"),
     lambda m: [Claim("user", "diet", m.group("o") or m.group("o2"), "negative", "identity", verb="不沾")]),
    # the project follows a convention: "这个项目的提交信息要遵循 Conventional Commits", "commit message 都按 gitmoji 来写"
    (re.compile(rf"^(?:(?:{_PROJ}|{_ZH_HOLDER})\s*(?:的|里|里面)?\s*)?(?!我(?!们)|[你您])[\u4e00-\u9fffA-Za-z ]{{0,16}}?\s*(?:都|也|一律|统一)?(?:要|需要|必须|得)?"
                rf"(?:(?:遵循|遵守|按照|符合)\s*(?P<o>{_TECH})\s*(?P<n>规范|标准|约定|风格)?|按\s*(?P<o2>{_TECH})\s*(?:(?P<n2>规范|标准|约定|风格)|(?=来)))(?:来)?(?:写|做|提交|命名)?$"),
     _convention),
    # a rule the team set: "我们组规定所有 SQL 必须写在 MyBatis 的 mapper 里"
    (re.compile(r"^(?:我们|咱们)(?:组|团队|公司|项目|部门)?(?:里)?(?:统一)?(?:规定|要求)\s*(?P<o>[^，,]*(?:必须|一律|都要|都得|只能)[^，,]+)$"),
     lambda m: [Claim("project", "rule", o, "positive", "rule") for o in [clean_object(m.group("o"))] if o]),
    # and one it forbids: "我们团队规定不能直接往 master 推代码" (the verb stays: 项目规则：不要直接往 master 推代码)
    (re.compile(rf"^(?:我们|咱们)(?:组|团队|公司|项目|部门)?(?:里)?(?:统一)?(?:规定|要求)\s*(?:{_CONV_NOT})\s*(?P<o>[^，,]{{2,30}})$"),
     lambda m: [Claim("project", "rule", o, "negative", "rule") for o in [clean_object(m.group("o"))] if o and _OF_THE_CODE.search(o)]),
    # a convention of the team: "我们组规定提交信息要写中文", "代码缩进统一两个空格", "函数名不许用下划线"
    (re.compile(rf"^(?:{_TEAM_SAYS})?(?:{_PROJ}\s*(?:的|里)?\s*)?(?P<t>(?:代码)?{_CONV_TOPIC})?\s*(?:里|中)?(?:都|也|全部|一般)?"
                rf"(?:(?P<n>{_CONV_NOT})|(?P<m>{_CONV_MODAL})?)(?P<v>是|用|使用|写成?|采用|改成)?\s*(?P<o>[^，,]{{1,20}}?)(?:来)?(?:写|表示)?$"),
     _team_rule),
    # a bare project holder with a prohibition: "项目里不许直接改 migrations 目录下的旧文件"
    (re.compile(r"^(?:项目|仓库|代码库)(?:里|中|里面)(?:都|也)?(?:不要|别|不能|禁止|不许|不准|严禁|不允许)\s*(?P<o>[^，,]+)$"),
     lambda m: [Claim("project", "rule", o, "negative", "rule") for o in [clean_object(m.group("o"))] if o]),
    # where a project's document or folder lives: "接口文档放在 docs/api 目录下"
    (re.compile(r"^(?P<t>(?:接口|设计|部署|开发|API|api)?文档|配置(?:文件)?|脚本|迁移文件|测试用例|测试|静态资源|日志)\s*(?:都|统一)?(?:放在|在|存在|位于)\s*"
                r"(?P<o>[\w.-]*/[\w./-]*)\s*(?:目录|文件夹)?(?:下|里|里面|中)?$"),
     lambda m: [Claim("project", f"attr:{m.group('t')}", m.group("o"), "positive", "reference")]),
    # a city and an unnamed employer: "我在武汉一家医院的信息科上班"
    (re.compile(r"^我(?:现在|目前)?在\s*(?P<p>[\u4e00-\u9fff]{2,4}?)(?:的)?(?:一家|一个|某家|某个)(?P<o>[^，,]{2,16}?)(?:上班|工作|任职)$"),
     lambda m: (_claim("user", "works_in", m.group("p"), kind="identity") if is_place(m.group("p")) else [])
     + _claim("user", "works_at", m.group("o"), kind="identity")),
    # an unnamed employer told by its trade, and the user's job there: "我在一家做跨境电商的小公司当会计"
    (re.compile(r"^我(?:现在|目前)?在\s*(?:一家|一个|某家)(?P<o>(?:做|搞)[\u4e00-\u9fffA-Za-z ]{2,10}?的[\u4e00-\u9fff]{0,3}(?:公司|厂|企业|工作室|团队|机构|医院|学校))"
                rf"(?:(?:做|当|干)(?P<r>[\u4e00-\u9fffA-Za-z ]{{2,10}}?)|写\s*(?P<w>{_WRITES_SIDE}))(?:的)?(?:工作)?$"),
     lambda m: _claim("user", "works_at", m.group("o"), kind="identity") + _claim("user", "role", m.group("r") or m.group("w"), kind="identity")),
    # a job change said by where it went: "我跳槽到美团了", "(我)上个月刚跳到字节了" (not "跳到第三步")
    (re.compile(r"^我(?:已经|刚|刚刚|最近|前阵子|早就)*(?:跳槽|跳)(?:去|到)了?\s*(?P<o>(?!第|下一|上一|这|那)[\u4e00-\u9fffA-Za-z]{2,8}?)(?:那边|这边)?(?:了|啦)?$"),
     lambda m: _claim("user", "works_at", m.group("o"), kind="identity")),
    # where the user goes to work: "(我)每天去国贸上班" (not "去公司上班")
    (re.compile(r"^我(?:每天|平时|一般|现在)?(?:去|到)\s*(?P<o>(?!公司|单位|学校|办公室|工地|店里)[\u4e00-\u9fffA-Za-z]{2,8}?)(?:那边)?(?:上班|工作)$"),
     lambda m: _claim("user", "works_in", m.group("o"), kind="identity")),
    # "我是做跨境电商的": the user's line of work
    (re.compile(r"^我(?:是|现在是|目前是)(?:做|搞|干)(?P<o>[\u4e00-\u9fffA-Za-z ]{2,10}?)的$"),
     lambda m: _claim("user", "role", m.group("o"), kind="identity")),
    (re.compile(rf"^我(?:的)?(?:性格|个性)?(?:是|有点儿?|有些|有|天生|属于|算是|算)?(?:个|一个|一名|那种)?(?:很|比较|挺|超级|超|巨|贼|特别|非常|有点儿?|典型的|重度|轻度|资深)?"
                rf"(?P<o>{_TRAITS})(?:的人|的|人|星人)?(?:\s*[\u4e00-\u9fff\d]{{1,6}}度)?$"),
     lambda m: _claim("user", "trait", m.group("o"), kind="identity")),
    # "我对咖啡因特别敏感": what the user does not take
    (chat_zh.SENSITIVE, chat_zh.sensitive),
    # interest: "我对 Rust 没什么兴趣", "我对摄影挺感兴趣的"
    (re.compile(rf"^我{_ADV}对\s*(?P<o>[^，,]{{1,20}}?)\s*(?P<n>没(?:有)?(?:什么|啥|多大|太大)?|不(?:太|怎么)?|毫无)?(?:很|挺|特别|比较|非常|蛮|超)?"
                r"(?:感|有)?兴趣(?:了|的)?$"),
     lambda m: _claim("user", "prefers", m.group("o"), "negative" if m.group("n") else "positive", "preference")),
    # the object first: "香菜我是真的吃不了", "辣的我不太能吃", "太辣的我吃不了"
    (re.compile(rf"^(?:太|特别|很|偏)?(?P<o>[\u4e00-\u9fff]{{1,6}}?)(?:的(?:东西|菜|食物|口味)?\s*(?:我)?|我)(?:是)?{_ADV}(?:吃不了|吃不惯|吃不来|不能吃|"
                r"不太能吃|不怎么能吃|不吃|受不了|喝不了|喝不惯|不能喝|不太能喝|不喝|碰不了|不碰|吃不下去?|喝不下去?|戒了|戒掉了)(?:的|了)?$"),
     lambda m: _claim("user", "diet", m.group("o"), "negative", "identity")),
    # "西安是我上班的地方": the place of the verb
    (re.compile(r"^(?P<o>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:才|只|其实)?是我(?P<v>上班|工作|住|生活|长大|出生)的地方$"),
     lambda m: _claim("user", _PLACE_OF[m.group("v")], m.group("o"), kind="identity")),
    # a vehicle or device bought: "我买了辆特斯拉", "我刚入手了一台 Steam Deck"
    (re.compile(r"^我(?:刚|最近|新|前段时间)?(?:买了|入手了|入了|提了|新买了|换了)\s*(?:一|两|新)?\s*(?:辆|台|部|套|块)\s*(?:新的?)?"
                r"(?P<o>[\u4e00-\u9fffA-Za-z0-9 ]{1,16}?)(?:了)?$"),
     lambda m: _claim("user", "has", m.group("o"))),
    # a change of job said as a move: "我转岗做数据产品了", "我去年转行当老师了"
    (re.compile(r"^我(?:已经)?(?:转岗|转行|改行|调岗|换岗)(?:了)?(?:去|到|来)?(?:做|当|干|搞)(?P<o>[\u4e00-\u9fffA-Za-z ]{1,12}?)(?:的|工作)?了?$"),
     lambda m: _claim("user", "role", m.group("o"), kind="identity")),
    # a requirement of the project is its stack: "项目要求 Python 3.12", "这个服务依赖的是 Redis 7"
    (re.compile(rf"^{_ZH_HOLDER}\s*(?:都|也|还|现在|目前)*(?:要求|依赖)(?:的是|用|使用)?\s*(?P<o>{_TECH})\s*(?:及以上|以上|或更高|或以上)?$"), _project_uses),
    # "我们团队把 CI 从 Jenkins 迁到了 GitHub Actions", "我把编辑器从 VS Code 换成了 Zed"
    (re.compile(r"^(?P<h>我们|咱们|我)(?:组|团队|公司|这边)?(?:最近|已经|上个?月|上季度|上半年|今年|年初|去年|前段时间|前阵子|刚|正在|在)*把\s*(?P<t>[^，,]{1,10}?)\s*从\s*(?P<x>[^，,]{1,20}?)\s*"
                r"(?:迁到|迁移到|换成|换到|切到|切换到|改成|改到|升级到|升到)了?\s*(?P<o>[^，,]{1,30}?)(?:了)?$"),
     lambda m: _switch(m, "user" if m.group("h") == "我" else "project")),
    # "我现在用的编辑器是 Zed", "我的包管理用的是 npm": the tool in that role
    (re.compile(rf"^我{_ADV}(?:用的|常用的|在用的)\s*(?P<t>[\u4e00-\u9fffA-Za-z ]{{1,8}}?)\s*(?:是|叫)\s*(?P<o>[^，,]{{1,30}})$|"
                r"^我的\s*(?P<t2>[\u4e00-\u9fffA-Za-z ]{1,8}?)\s*(?<![老总还倒可正就只硬])(?:用的是|用的|是用|(?:早就|已经|最近|上个?月|去年)*(?:全部|全|都)?(?:换成|换到|改成|切到|迁到)了?)\s*(?P<o2>[^，,]{1,30}?)(?:了)?$|"
                rf"^我(?!们)的?\s*(?!以前|之前|过去|曾经|原来|本来|当年|那时)(?P<t3>(?:(?![不没别想要会能得让叫帮给请再])[\u4e00-\u9fff]){{2,6}}?|{_TOOL_ROLE_EN})\s*"
                rf"(?:一直|都|也|主要)?用(?:的是|的)?\s*(?P<o3>{_TECH}|\d[\w.+#-]*)(?:\s*(?:来)?(?:管理?|记|存|同步|备份|整理))?$"),
     lambda m: _claim("user", "uses", m.group("o") or m.group("o2") or m.group("o3"))),
    # the user's work computer is the user's, not the company's tool: "公司电脑是 Mac"
    (re.compile(r"^(?:公司|单位|工作)(?:的|用的)?(?:电脑|笔记本|主力机|台式机|工作机)(?:用的)?是\s*(?P<o>[^，,]{1,20}?)(?:的)?$"),
     lambda m: _claim("user", "uses", m.group("o"))),
    # a topic before the verb: "我写前端早就不碰 jQuery 了", "我喝咖啡只喝美式", "我画架构图一般用 Excalidraw"
    (re.compile(rf"^我{_TASK_V}(?P<t>(?:(?!别|不要|甭)[^，,]){{1,6}}?){_ADV}(?P<v>{_NEG_V}|{_POS_V}|用|在用|使用){_ACT}\s*(?P<o>(?![不没得])[^，,]{{1,20}}?){_OBJ_END}$"),
     _attitude),
    # where the user works and as what: "我在字节做推荐算法", "我在一家银行做风控"
    (re.compile(rf"^我(?:现在|目前)?在\s*(?P<org>[\u4e00-\u9fffA-Za-z ]{{1,10}}?)(?:(?:做|当|干|搞)(?P<r>[\u4e00-\u9fffA-Za-z ]{{2,10}}?)|写\s*(?P<w>{_WRITES_SIDE}))(?:的)?(?:工作)?$"),
     lambda m: ([] if re.match(r"^(?:一|某|家|个)", m.group("org")) else _workplace(m.group("org")))
     + _claim("user", "role", m.group("r") or m.group("w"), kind="identity")),
    # "我从深圳搬到成都了": the new home replaces the old one
    (re.compile(r"^我(?:已经)?从\s*(?P<x>[\u4e00-\u9fffA-Za-z ]{1,10}?)\s*(?:搬到|搬去|搬来|搬回|搬家到)了?\s*(?P<o>[\u4e00-\u9fffA-Za-z ]{1,10}?)(?:来|去)?了?$"),
     lambda m: [Claim(c.subject, c.predicate, c.object, c.polarity, c.kind, [clean_object(m.group("x"))])
                for c in _claim("user", "lives_in", m.group("o"), kind="identity")]),
    (re.compile(r"^我(?:家)?(?:的)?(?:[两三四几]|\d)\s*(?:只|条|个)\s*(?P<k>猫|狗|孩子)(?P<rest>.*叫.*)$"), _kin_names),
    # duty in zh word order: "本周的线上值班是我", "这礼拜线上值班排到我了"
    (re.compile(r"^(?:这周|本周|这礼拜|这个礼拜|这星期|这个星期|今天|今晚|这个月|下周)?(?:的)?\s*(?P<o>[\u4e00-\u9fff]{0,4}(?:值班|轮值|oncall|on-call|on call))"
                r"\s*(?:是我|排到我|轮到我|归我|由我)"), lambda m: _claim("user", "working_on", m.group("o"), kind="task_state")),
    # "我是 emacs 老用户了", "我是 Vim 党"
    (re.compile(r"^我(?:是|算是)(?:个|一个)?\s*(?P<o>[A-Za-z][\w.+# -]{0,20}?)\s*(?:的)?\s*(?:老用户|忠实用户|重度用户|用户|死忠粉?|粉丝?|党)了?$"),
     lambda m: _claim("user", "uses", m.group("o"))),
    (re.compile(r"^我(?:人)(?:现在|目前)?在\s*(?P<o>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:这边|呢)?$"),
     lambda m: _claim("user", "lives_in", m.group("o"), kind="identity")),
    # "刚搬到苏州没多久"
    (re.compile(r"^我?(?:刚|刚刚|已经)?(?:搬到|搬来|搬去|搬家到)了?\s*(?P<o>[\u4e00-\u9fffA-Za-z]{1,8}?)(?:来|去)?了?\s*(?:没多久|不久|快?[一二两三四五六七八九十几半\d]+(?:个)?(?:月|年|周)了?)?$"),
     lambda m: _claim("user", "lives_in", m.group("o"), kind="identity")),
    # a pet (or anything the user keeps) and its name in one clause: "我养了条金毛叫旺财", "我家有只橘猫名叫大黄"
    (re.compile(rf"^{_HOUSEHOLD}(?:{_KEEP}|有)\s*(?:一)?\s*(?:只|条|个|头|匹)\s*(?P<k>[\u4e00-\u9fff]{{1,4}}?)"
                r"[，,]?\s*(?:它|她|他)?(?:叫|名叫|名字叫)\s*(?P<o>[\u4e00-\u9fffA-Za-z]{1,6})$"), _kin_name),
    # the name said before the kind: "我们养了一只叫豆豆的柯基"
    (re.compile(rf"^{_HOUSEHOLD}(?:{_KEEP}|有)\s*(?:一)?\s*(?:只|条|个|头|匹)\s*(?:叫|名叫)\s*(?P<o>[\u4e00-\u9fffA-Za-z]{{1,6}}?)的\s*"
                r"(?P<k>[\u4e00-\u9fffA-Za-z]{1,6})$"), _kin_name),
    (re.compile(r"^我(?:的|家)?(?:那只|这只|那条|这条)?(?P<k>老婆|老公|媳妇|妻子|丈夫|太太|先生|爱人|伴侣|对象|儿子|女儿|闺女|宝宝|娃|妈妈|老妈|爸爸|老爸|女朋友|男朋友|孩子|哥哥|姐姐|弟弟|妹妹|猫|狗)(?:的名字)?"
                r"(?:叫|名叫|是)\s*(?P<o>[\u4e00-\u9fffA-Za-z·]{1,8})$"), _kin_name),
    # the noun left out, said after another's pet: "(团子是我妈家的猫，)我家的叫糯米": the name of the one the
    # correction withdrew (kind "elided": kept only when it replaces a value, see one_rule.headless)
    (re.compile(r"^我(?:们)?家?(?:的|那只|这只|那条|这条|那个)(?:叫|名叫)\s*(?P<o>[\u4e00-\u9fffA-Za-z]{1,6})$"),
     lambda m: [Claim("user", "attr:名字", m.group("o"), "positive", "elided")]),
    # a pet named by its breed: "我家柯基叫可乐", "我的布偶叫团子" (叫 only: "我家柯基是…" may say anything of it)
    (re.compile(rf"^我(?:的|家)?(?P<k>{_ZH_BREED})(?:的名字)?(?:叫|名叫)\s*(?P<o>[\u4e00-\u9fffA-Za-z]{{1,6}})$"), _kin_name),
    # grandparents and the user's boss by name only ("我奶奶叫王秀英", "我老板叫王磊"; "我奶奶是老师" says her job, not her name)
    (re.compile(r"^我(?:的|家)?(?P<k>爷爷|奶奶|外婆|外公|姥姥|姥爷|(?:直属)?(?:老板|领导|上司|主管)|导师)(?:的名字)?"
                r"(?:叫|名叫)\s*(?P<o>[\u4e00-\u9fffA-Za-z·]{1,8})$"), _kin_name),
    # the boss named with 是 ("现在我直属领导是陈静"): only a surname and a given name, as "我领导是技术出身" names nobody
    (BOSS_NAMED, _kin_name),
    # a project's attribute by its noun: "我们项目的上线日期是3月3日" (one value, as "our project's launch date is …")
    (project_attr_zh.PATTERN, project_attr_zh.build),
    (re.compile(rf"^{_ZH_HOLDER}{_ZH_PART}\s*(?:所有东西|所有服务|全部|一切|东西)?(?:都|也|还|主要|一直|目前|现在|统一|全面|彻底|已经|全)*(?:是拿|是(?:发|推|存|收|传)到|拿|写|用的是|是用|用的|用(?!户)|使用|(?:走|放|存)(?=\s*[A-Za-z])|收到|存到|推到|发到|传到|换到|换成了?|改成了?|改用了?|改为|迁到|迁移到|切到|转到|转向|转(?![成为化换])|直接上的|上的是|上的|上了|采用|基于|跑在|跑的是|部署在|部署到|打到|统一|"
                r"托管在|托管到|放在|是)\s*(?P<o>.+?)(?:\s*(?:写的|做的|搭的|实现的|开发的|的|上|上面|里))?$"), _project_uses),
    # access needs: "我们公司内网要连 VPN 才能访问", "staging is only reachable over the VPN"
    (re.compile(r"(?:内网|公司网络|测试环境|开发环境|线上环境|预发环境|服务器|集群|数据库|仓库|跳板机)\S{0,6}?(?:要|需要|得|必须|只能|只可以)(?:先)?"
                r"(?:连|挂|开|走|登|通过)(?:上)?\s*(?P<o>[A-Za-z][\w.-]*(?:\s?[A-Za-z0-9][\w.-]*)?|跳板机|内网)"),
     lambda m: _claim("project", "attr:access", m.group("o"), kind="reference")),
    (re.compile(r"^(?:请)?(?:别|不要|不用)(?:再)?(?:劝我|让我|逼我|叫我)\s*(?:换成?|改用|换用|用|转|学)\s*(?P<o>.+)$"),
     lambda m: _claim("user", "prefers", m.group("o"), "negative", "preference")),
    (re.compile(rf"^(?P<h>{_PROJ})?我?(?:已经|最近|上个?月|去年|刚)*(?:都|也|整体|全部)?从\s*(?P<x>.+?)\s*(?:换到|换成|转到|迁到|迁移到|切到|切换到|改用|换用|改成)了?\s*(?P<o>.+?)了?$"),
     lambda m: _switch(m, "project" if m.group("h") else "user")),  # "项目从 pnpm 换成了 yarn" is the project's
    (re.compile(r"^(?:我们|咱们)(?:一直)?是\s*(?P<o>[A-Za-z][\w.+# -]*?)\s*(?:的)?\s*(?:老用户|忠实用户|用户|团队|公司|重度用户)"),
     _project_uses),
    # "我们家养了只柴犬" is the household's; "我养了两只猫" keeps its count ("两只猫"), one of them does not
    (re.compile(rf"^(?:{_HOUSEHOLD}(?:{_KEEP}|养)|我(?:们?家)?有)\s*(?P<n>(?:一|两|二|三|四|五|几|\d+)?\s*(?:只|条|个|辆|台|套|匹))\s*(?P<o>[\u4e00-\u9fffA-Za-z ]{{1,12}})$"),
     lambda m: _claim("user", "has", (m.group("n") if re.match(r"[两二三四五几\d]", m.group("n")) else "") + m.group("o"))),
    (re.compile(rf"^我{_ADV}(?:在|正在|刚开始|开始|刚)?(?:自学|学习|学(?!会|到|完|好|过|长|姐|弟|妹|校)|报班学|啃|练|钻研)\s*(?P<o>[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z0-9 .+#-]{{0,15}}?)(?:呢|了)?$"),
     lambda m: _claim("user", "learning", m.group("o"), kind="task_state")),
    # current duty: "这周轮到我值班", "I'm on call this week"
    (re.compile(r"^(?:这周|本周|今天|这个月|今晚)?轮到我\s*(?P<o>.+)$"),
     lambda m: _claim("user", "working_on", m.group("o"), kind="task_state")),
    (re.compile(r"^我(?:已经)?(?:搬到|搬去|搬家到|定居到?)了?\s*(?P<o>[\u4e00-\u9fffA-Za-z ]{1,12}?)(?:去|来)?了?$"),
     lambda m: _claim("user", "lives_in", m.group("o"), kind="identity")),
    # a household "我们" that moves: where the user lives, only when it is a place ("我们搬到了新办公室" is not)
    (re.compile(r"^(?:我们|我们家|我和我?(?:老婆|老公|家人|对象|爱人))(?:已经|刚|刚刚)?(?:搬到|搬去|搬家到|定居在?|定居到)了?\s*"
                r"(?P<o>[\u4e00-\u9fffA-Za-z ]{1,12}?)(?:去|来)?了?$"),
     lambda m: _claim("user", "lives_in", m.group("o"), kind="identity") if is_place(m.group("o")) else []),
    (re.compile(r"^(?:请|千万|可千万|拜托)?(?:别|不要|不用|别再|不要再)(?:再)?给我\s*(?:推荐|推|发|写|讲|用|提供|找|看)?\s*(?P<o>.+?)"
                r"(?:的)?\s*(?:方案|教程|代码|例子|示例|东西|建议|版本|答案|做法|写法)?了?$"),
     lambda m: _claim("user", "prefers", m.group("o"), "negative", "preference")),
    # "我吃不了辣": a negative diet
    (re.compile(r"^我(?:真的|实在)?(?:吃不了|吃不惯|受不了(?![A-Za-z\s])|喝不了|不太能吃|不怎么能吃|不能喝|不太能喝)\s*(?P<o>.+)$"),
     lambda m: _claim("user", "diet", m.group("o"), "negative", "identity")),
    (re.compile(r"^我\s*(?:好几年|几年|很久|好久|多年)?(?:都)?(?:没碰过|没用过|没再用过|没碰|没写过|不碰)了?\s*(?P<o>.+)$"),
     lambda m: _claim("user", "uses", m.group("o"), "negative")),
    # where the user works and as what: "我在字节做数据开发"
    (re.compile(r"^我(?:现在|目前)?在\s*(?P<o>[\u4e00-\u9fffA-Za-z]{2,10}?)(?:做|当|干)(?:的)?\s*(?:[\u4e00-\u9fffA-Za-z ]{0,10}?)"
                r"(?:开发|工程师|程序员|设计|产品|运营|测试|运维|算法|研究|销售|经理|前端|后端|全栈)(?:的)?(?:工作)?$"),
     lambda m: _workplace(m.group("o"))),
    # a diet said with an adverb: "我完全不喝咖啡", "I never drink coffee"
    (re.compile(r"^我(?:完全|从来|从不|基本|一般|平时|已经)?(?:都)?(?:不喝|不吃|不碰|戒了)\s*(?P<o>[\u4e00-\u9fffA-Za-z]{1,8}?)(?:了)?$"),
     lambda m: _claim("user", "diet", m.group("o"), "negative", "identity")),
]

# a car by its make: "我开特斯拉" (not "我开会", "我开发 App")
_CAR = (r"(?:特斯拉|比亚迪|宝马|奔驰|奥迪|大众|丰田|本田|日产|蔚来|小鹏|理想|问界|极氪|吉利|长城|哈弗|五菱|别克|雪佛兰|福特|马自达|"
        r"斯巴鲁|沃尔沃|保时捷|路虎|凯迪拉克|红旗|领克|长安|奇瑞|零跑|小米|现代|起亚|雷克萨斯|[A-Za-z][\w-]*(?:\s+[A-Za-z0-9][\w-]*)?)")
_COMMUTE = r"(?:上班|上下班|通勤|出门|上学|出行)?"
# possessions one can lack: "我没有车", "我还没孩子"
_OWNED = r"(?:车|汽车|私家车|房|房子|孩子|小孩|娃|宠物|驾照|对象|女朋友|男朋友)"
_NUM = r"(?:\d{1,3}|[一二三四五六七八九十]{1,3})"


# a routine: how often (每天, 每周三次), when (早上六点), then the activity ("我每天早上六点起床跑步", "我每周跑步三次")
_OFTEN = r"(?:每天|天天|每晚|每早|每周[一二三四五六日天末]?|每个?周末|每个?星期[一二三四五六日天]?|每个?礼拜[一二三四五六日天]?|平时|平常|经常|常常|一般|工作日)"
_WHEN = (r"(?:早上|早晨|清晨|晚上|中午|下午|上午|傍晚|夜里|下班后?|午休|饭后|睡前)?(?:[零一二两三四五六七八九十\d]{1,3}点(?:半|钟)?)?(?:左右)?"
         r"(?:都|会|就|必|要)?(?:起床|起来|下班)?(?:后|以后)?(?:去|会去)?")
_ACTIVITY = (r"(?:晨跑|夜跑|慢跑|跑步|游泳|健身|撸铁|(?:练|做)瑜伽|骑行|骑车|爬山|徒步|(?:打|踢)(?:篮球|足球|羽毛球|乒乓球|网球|排球|球)|"
             r"遛狗|散步|快走|冥想|打坐|拉伸|跳绳|练琴|练字|背单词|写日记|健走|攀岩|滑板|划船|跳舞)")
_FREQ = r"(?:[一二两三四五六七八九十几\d]+(?:次|回|天|个小时|小时|公里|分钟|圈))?"
# a vehicle the user rides or takes to work or school: "我每天骑电动车上班", "我坐地铁通勤"
_RIDE = r"(?:电动车|电瓶车|小电驴|电驴|自行车|单车|共享单车|摩托车?|滑板车|地铁|公交车?|班车|轻轨|高铁|轮渡)"


def _routine(m: re.Match[str]) -> list[Claim]:
    """"我每天早上跑步": a standing habit, rendered with when the user said it happens (用户每天早上跑步);
    "我每周游泳三次" keeps how often (用户每周游泳三次)."""
    out = _claim("user", "trait", (m.group("o") or m.group("o2")) + (m.group("n") or m.group("n2") or ""), kind="fact")  # a habit, as in English
    when = re.sub(r"[零一二两三四五六七八九十\d]{1,3}点(?:半|钟)?|左右|都|会|就|必|要|起床|起来|后|以后|去", "", m.group("w") or "")
    for c in out:
        c.verb = f"{m.group('f') or m.group('f2')}{when}"
    return out


def is_habit(claim: Claim) -> bool:
    """A routine or a way to work (`_routine`, `_ride`): stored when the user says it of themself, not from a
    clause that drops the subject after another fact ("我住在武汉，平时骑电动车上班" is where the user lives)."""
    return bool(claim.verb) and (claim.verb in ("骑", "坐", "搭", "乘") or re.match(rf"(?:周末|早上|晚上|下班后?)?{_OFTEN}|(?:每|一)(?:周|个?星期|个?礼拜|个?月)", claim.verb) is not None)


def _ride(m: re.Match[str]) -> list[Claim]:
    out = _claim("user", "uses", m.group("o"))
    for c in out:
        c.verb = m.group("v")
    return out


def _languages(m: re.Match[str]) -> list[Claim]:
    """"我会说粤语和普通话": one trait, rendered with the verb the user said (用户会说粤语和普通话)."""
    out = _claim("user", "trait", m.group("o"), kind="identity")
    for c in out:
        c.verb = f"会{m.group('v')}"
    return out


# the topic first, then the user's stance: "下雨天我最讨厌出门了", "周杰伦的歌我百听不厌"; a topic that points at one
# thing ("这个 bug 我讨厌死了") or a person ("老板我受不了") is a complaint, not a standing taste
_STANCE_NEG = r"(?:讨厌|不喜欢|不太喜欢|不爱|最怕|怕|受不了|反感|烦)"
_STANCE_POS = r"(?:喜欢|爱|最爱|百听不厌|百看不厌|百吃不厌|百玩不厌|怎么听都不腻|怎么看都不腻|怎么吃都不腻)"
_NOT_A_TOPIC = r"(?!这|那|今天|昨天|刚才|现在|这次|上次|他|她|你|我|老板|领导|同事|客户|老师|室友)"


def _stance(m: re.Match[str]) -> list[Claim]:
    if (m.group("o") or "").startswith("的"):  # "主题是我喜欢的季节": 我喜欢的 modifies a noun, no stance
        return []
    neg = re.fullmatch(_STANCE_NEG, m.group("v")) is not None
    return _claim("user", "prefers", m.group("t") + (m.group("o") or ""), "negative" if neg else "positive", "preference")


# a team's cadence: "我们两周一个迭代", "我们每周发一次版"
def _cadence(m: re.Match[str]) -> list[Claim]:
    kind = "发版" if m.group("k") in ("版", "版本") else m.group("k")  # "每周发一次版": the release cadence
    return [Claim("project", f"attr:{kind}周期", m.group("p"), "positive", "fact")]


# tried AFTER the phrasing rules found nothing ----------------------------------------------------
POST: list[tuple[re.Pattern[str], Build]] = [
    # age: "我今年34岁", "我刚满40"
    (re.compile(rf"^我(?:今年|已经|都|刚|刚刚|快|马上)*(?:满)?(?P<o>{_NUM})(?:岁|周岁)了?$|^我今年(?P<o3>{_NUM})了?$|^我(?:今年|已经|都)*(?:刚|刚刚)?满(?P<o2>{_NUM})(?:岁|周岁)?了?$"),
     lambda m: [Claim("user", "attr:年龄", f"{m.group('o') or m.group('o2') or m.group('o3')}岁", "positive", "identity")]),
    # the vehicle the user drives or rides
    (re.compile(rf"^我(?:现在|目前)?(?:开|开的是)\s*(?:一辆|辆)?\s*(?P<o>{_CAR}(?:(?:\s*[A-Za-z0-9][\w-]*){{1,2}}|[\u4e00-\u9fff]{{1,2}})??)\s*{_COMMUTE}$"),
     lambda m: _claim("user", "attr:车", m.group("o"))),
    (re.compile(rf"^我(?:家)?(?:还|目前|现在|暂时)?(?:没有|没)(?:买)?\s*(?P<o>{_OWNED})$"),
     lambda m: _claim("user", "has", m.group("o"), "negative")),
    # moved onto a tool by the team: "(我)最近被拉去写 Flutter 了"
    (re.compile(rf"^我{_ADV}(?:被(?:拉|调|派|抓|安排)去|转去|改去)(?:写|用|做|搞|学)\s*(?P<o>{_ASCII_TECH})\s*(?:了)?$"),
     lambda m: _claim("user", "uses", m.group("o"))),
    # a routine: "我每天早上六点起床跑步", "我每周跑步三次", "我周末一般去爬山"
    (re.compile(rf"^我(?P<f>(?:周末|早上|晚上|下班后?)?{_OFTEN}+)(?P<w>{_WHEN})(?P<o>{_ACTIVITY})(?P<n>{_FREQ})(?:了|的|哈|呢)?$|"
                rf"^我(?P<f2>(?:每|一)(?:周|个?星期|个?礼拜|个?月))(?P<o2>{_ACTIVITY})(?P<n2>[一二两三四五六七八九十几\d]+(?:次|回|天))$"),
     _routine),
    # how the user gets to work: "我每天骑电动车上班", "我坐地铁通勤"
    (re.compile(rf"^我{_ADV}(?:都|是)?(?P<v>骑|坐|搭|乘)\s*(?P<o>{_RIDE})\s*(?:上班|上下班|通勤|上学|去公司|去单位)(?:的)?$"), _ride),
    # … said with the trip first: "我上班都坐公交", "出门基本坐地铁" ("我今天坐地铁去公司" is one day)
    (re.compile(rf"^我?(?:上班|上下班|通勤|上学|出门)(?:都|一般|平时|基本上?|主要|通常)*(?:是)?(?P<v>骑|坐|搭|乘)\s*(?P<o>{_RIDE})(?:的|去|过去)?$"), _ride),
    # no pet kept: "我没养宠物", "我家没养狗" (what the user would like to keep is a wish: "我想养猫")
    (re.compile(r"^我(?:家)?(?:从来)?(?:没|没有|不)(?:养|有养)(?:过)?(?:任何)?(?P<o>宠物|猫|狗|猫咪|狗狗)(?:了)?$"),
     lambda m: [Claim("user", "has", m.group("o"), "negative", "identity")]),
    # a skill the user lacks: "我不会开车", "我不会说日语" (not "我不会忘的")
    (re.compile(r"^我(?:完全|根本|还|也)?不会(?P<o>(?:开|骑|做|说|讲|写|弹|画|唱|游|喝|抽|下|打|用|滑|织)[\u4e00-\u9fffA-Za-z ]{1,8}?)(?<![的了吧啊])$"),
     lambda m: [Claim("user", "trait", o, "negative", "identity", verb="不会") for o in [clean_object(m.group("o"))] if o]),
    # languages: "我会说粤语和普通话"
    (re.compile(r"^我{_A}(?:能|会)(?P<v>说|讲)\s*(?P<o>[\u4e00-\u9fff、和跟/]{2,16}?(?:语|话|文))$".replace("{_A}", _ADV)), _languages),
    (re.compile(rf"^{_NOT_A_TOPIC}(?P<t>[\u4e00-\u9fffA-Za-z ]{{2,10}}?)(?:的时候|时)?\s*我{_ADV}(?P<v>{_STANCE_NEG}|{_STANCE_POS})"
                r"(?P<o>[\u4e00-\u9fff]{0,6}?)(?:了|的|啊)?$"), _stance),
    (re.compile(r"^(?:我们|咱们)(?:组|团队|项目|这边)?(?:一般|基本|都|现在|目前)*(?:是)?(?P<p>(?:每[一二两三四\d]*|[一二两三四\d]+)(?:周|个?星期|天|个?月))"
                r"(?:一个|一次|一轮|发一次|上一次)(?P<k>迭代|sprint|Sprint|版本?|发版|发布|上线|冲刺)$"), _cadence),
    # the compositional user clause: "我不太爱喝酒", "我周末喜欢去爬山", "我每天早上喝咖啡"
    (re.compile(rf"^我{_ADV}(?P<v>{_NEG_V}|{_POS_V}){_ACT}\s*(?P<o>[^，,]{{1,20}}?){_OBJ_END}$"), _attitude),
    # the object first: "css-in-js 真的用不惯", "jQuery 我早就不碰了"
    (re.compile(rf"^(?P<o>{_ASCII_TECH})\s*(?:我)?{_ADV}(?P<v>{_NEG_V}){_OBJ_END}$"), _attitude),
    # a project fact about a topic: "后端服务是用 Go 写的", "测试框架我们统一用 pytest", "前端这边打包我们用的是 rollup"
    (re.compile(rf"^(?:{_PROJ}\s*(?:的|里|里面)?\s*)?(?:{_TOPIC})(?:更新|升级|扫描|备份)?\s*(?:这边|那边|这块|部分|方面)?\s*(?:{_TOPIC})?\s*(?:我们|咱们)?\s*"
                rf"(?:都|也|主要|统一|一律|全|全部|基本|一直|目前|现在|早就|早已|已经|刚刚?|最近|整体|全面|上个?月|去年)*"
                rf"(?:是拿|拿|是用|用的是|用的|用(?!户)|使用|采用|基于|是|全靠|靠|跑在|跑的是|跑的|部署在|部署到|托管在|托管到|打到|放到|存到|全是|都是|(?:迁|迁移|换|切|切换|升级|升|改|转)(?:到|成)了?|改用了?|换用了?)\s*"
                rf"(?P<o>{_TECH}(?:\s*(?:加|和|配|跟|\+|、|/)\s*{_TECH})*)\s*(?:(?:来)?{_ZH_CHORE}的?|的|上|上面|里|里面|{_BY_ITSELF})?(?:了|哈|啦|呢|吧)*$"),
     _project_uses),
    # where the project's things live: "数据在 Hive 里", "代码放在 GitLab 上", "需求在 Jira 上管"
    (re.compile(rf"^(?:{_PROJ}\s*(?:现在|目前|这边)?(?:的)?\s*)?(?:数据|代码|文档|日志|镜像|制品|数仓|需求|任务|工单|缺陷|[Bb]ug|{_TOPIC})(?:仓库|库)?\s*(?:都|也|主要|全|统一)*"
                rf"(?:在|放在|存在|存放在|托管在|收到|存到|推到|发到|放到|传到)\s*(?:{_HOSTED}\s*)?(?P<o>{_TECH}(?:\s*(?:和|跟|、|/)\s*{_TECH})*)\s*(?:里|上|里面|上面)?(?:{_ZH_CHORE}|跟踪|记录)?$"),
     _project_uses),
    # "项目里没有 webpack 哈": a tool the project does not use
    (re.compile(rf"^{_PROJ}?\s*(?:里|中|里面)\s*(?:也|都|并|根本|压根)?(?:没有用|没在用|没有|没用|不用|没装|不装|没引入|不引入)\s*(?P<o>{_TECH})\s*(?:了|哈|啦|呢|吧|的)*$"),
     lambda m: _claim("project", "uses", m.group("o"), "negative")),
    # the oldest platform the project supports is its target: "App 最低支持 Android 10", "(…，)最低支持 iOS 16"
    (re.compile(rf"^(?:(?:{_PROJ}|{_ZH_HOLDER}|{_TOPIC})\s*(?:的)?\s*)?(?:我们|咱们)?\s*(?:目前|现在)?(?:最低|最少)(?:只)?(?:支持|兼容|适配)(?:到)?\s*(?P<o>{_TECH})\s*(?:及以上|以上|起|或更高)?(?:的)?$"),
     _project_uses),
    # a versioned tool alone after a project clause: "(我们项目是 Spring Boot 3，)JDK 17"
    (re.compile(r"^(?:我们|咱们)\s*(?P<o>[A-Za-z][\w.+#-]*\s*[vV]?\d+(?:\.\d+)*)$"), _project_uses),
    # tools alone after a project clause, the team their holder: "(代码规范用的 Airbnb 那套，)ESLint 加 Prettier"
    (re.compile(rf"^(?:我们|咱们)\s*(?P<o>{_ASCII_TECH}(?:\s*(?:加|和|跟|配|\+|、)\s*{_ASCII_TECH})+)$"), _project_uses),
    # a verbless stack part in a project frame: "前端 React，后端 Spring Cloud"
    (re.compile(rf"^(?:{_PROJ}\s*(?:的)?\s*)?(?:{_TOPIC})\s*[:：]?\s+(?P<o>{_TECH})$"), _project_uses),
    # "我们这边用钉钉，不用飞书", "这个项目不用 Docker": a tool the team or the project does not use
    (re.compile(rf"^(?:(?:我们|咱们)(?:组|团队|公司|这边|项目)?|(?:这个|本|该|此)\s*(?:项目|仓库|repo|代码库|工程|服务|系统|monorepo))\s*{_ADV}(?:不用|没用|不再用|不使用|弃用了?)\s*(?!{_NO_NEED})(?P<o>[^，,]{{1,20}}?)(?:了|的|哈)*$"),
     lambda m: _claim("project", "uses", m.group("o"), "negative")),
    # where the user is: "我现在在成都", "我人在西安这边" (a place name, not "我在公司")
    (re.compile(rf"^我(?:人)?{_ADV}在\s*(?P<o>[\u4e00-\u9fff]{{2,6}}?)(?:这边|那边|这儿|那儿|呢)?$"),
     lambda m: _claim("user", "lives_in", m.group("o"), kind="identity") if is_place(m.group("o")) else []),
    # an attribute said without a verb: "(我)时区东八区", "我血型 O 型"
    (re.compile(r"^我的?(?P<a>时区|生日|血型|星座|身高|体重|MBTI|mbti|专业|学历|母语|作息)\s*(?:是|为|[:：])?\s*(?P<o>[^，,]{1,16})$"),
     lambda m: _claim("user", f"attr:{m.group('a')}", m.group("o"))),
    # "我家在郑州"
    (re.compile(r"^我家(?:在|住在)\s*(?P<o>[\u4e00-\u9fffA-Za-z]{2,8})$"), lambda m: _claim("user", "lives_in", m.group("o"), kind="identity")),
    # "话说我现在住杭州"
    (re.compile(rf"^我{_ADV}住\s*(?:在|于)?\s*(?P<o>[\u4e00-\u9fffA-Za-z]{{2,8}})$"), lambda m: _claim("user", "lives_in", m.group("o"), kind="identity")),
    # "我乳糖不耐受"
    (re.compile(r"^我(?P<o>[\u4e00-\u9fff]{1,4}不耐受?)$"), lambda m: _claim("user", "trait", m.group("o"), kind="identity")),
    # traits and conditions: "我是用左手的", "我有糖尿病"
    (re.compile(r"^我(?:习惯)?用(?P<o>左手|右手)(?:的)?$"), lambda m: _claim("user", "trait", m.group("o"), kind="identity")),
    (re.compile(r"^我(?:有|患有|得了|查出|是)\s*(?P<o>[\u4e00-\u9fff]{0,6}(?:病|症|炎|哮喘|过敏|高血压|低血糖|偏头痛|甲减|甲亢|痛风|贫血|失眠))$"),
     lambda m: _claim("user", "trait", m.group("o"), kind="identity")),
    # possessions at home, and what a machine there runs: "家里有台 switch", "家里有台树莓派跑着 Home Assistant"
    (re.compile(r"^(?:我)?家(?:里)?(?:有|养了|养着)\s*(?:一|两|几)?\s*(?:台|只|条|个|辆|套)\s*(?P<o>[\u4e00-\u9fffA-Za-z0-9 ]{1,12}?)"
                rf"(?:\s*(?:上面|上)?(?:跑着|装着|跑的是|装的是|装了)\s*(?P<run>{_TECH}))?(?:了|哈)*$"),
     lambda m: _claim("user", "has", m.group("o")) + (_claim("user", "uses", m.group("run")) if m.group("run") else [])),
    # the user's devices and the system they run: "我手机是安卓的", "我主力机是 ThinkPad X1", "我笔记本装的是 Ubuntu"
    (re.compile(r"^我的?(?P<a>手机|电脑|笔记本|主力机|副机|工作机|台式机|平板|显示器|键盘|鼠标|耳机|系统|输入法)(?:用的|(?P<os>装的|的?系统|装的系统))?是\s*(?P<o>[^，,]{1,20}?)(?:的)?$"),
     lambda m: _claim("user", f"attr:{m.group('a')}{'系统' if m.group('os') and m.group('a') != '系统' else ''}", m.group("o"))),
    # "我的车是卡罗拉": its model; "我的车是白色的 / 二手的" describes it (said with 的), no model
    (re.compile(r"^我的?车是\s*(?:一辆|辆|一台|台)?\s*(?P<o>(?![\u4e00-\u9fff]{0,2}色)[^，,的]{1,16}?)$"),
     lambda m: _claim("user", "attr:车", m.group("o"))),
    # "我开的是一辆 Model 3", "我开的是卡罗拉"
    (re.compile(r"^我(?:开\s*(?:一辆|辆)|开的是\s*(?:一辆|辆)?)\s*(?P<o>[\u4e00-\u9fffA-Za-z0-9 ]{2,12}?)$"),
     lambda m: _claim("user", "attr:车", m.group("o"))),
    # a business the user runs, and where: "我在成都开了家小面馆", "我在淘宝开了家卖香薰蜡烛的小店", "我自己开了个木工作坊"
    (re.compile(r"^我(?:自己)?(?:在\s*(?P<p>[\u4e00-\u9fffA-Za-z]{2,8}?)\s*)?(?:自己)?开了\s*(?:一)?(?:家|个|间)\s*"
                r"(?P<o>[\u4e00-\u9fffA-Za-z ]{0,14}?(?:店|馆|铺|作坊|工作室|公司|诊所|民宿|餐厅|咖啡厅|书店|花店|酒吧|面馆|超市))$"),
     lambda m: _claim("user", "has", m.group("o")) + (
         (_claim("user", "works_in", m.group("p"), kind="identity") if is_place(m.group("p")) else _claim("user", "uses", m.group("p")))
         if m.group("p") else [])),
    # traits: "I'm left-handed", "我是左撇子", "我是夜猫子"
    (re.compile(r"^我是(?:个|一个)?(?P<o>左撇子|右撇子|色盲|色弱|近视|远视|散光|恐高|社恐|夜猫子|早起的人|路痴|[\u4e00-\u9fffA-Za-z ]{1,8}?(?:党|控|迷))$"),
     lambda m: _claim("user", "trait", m.group("o"), kind="identity")),
    (re.compile(r"^我(?:都|也|一直|全|全部|已经|整体)*(?:换成|换到|改用|换用|切到|切换到|转到|迁移到)了?\s*(?P<o>.+?)了?$"),
     lambda m: _claim("user", "uses", m.group("o"))),
]


_CJK = re.compile(r"[\u4e00-\u9fff]")
# a thing of the user's said switched with its holder dropped, done (了): "笔记本换成 ThinkPad X1 了", "笔记已经全部迁到 Notion 了"
SWITCHED_THING = re.compile(r"^(?![我你他她它这那咱刚])(?!上个?月|上周|去年|今年|最近|已经|早就|现在|目前|前[两几些]天|前阵子|前段时间)[\u4e00-\u9fff]{1,4}?(?:早就|已经|最近|上个?月|去年|全部|全|都)*(?:换成|换到|切到|迁到)了?"
                            r"\s*[\u4e00-\u9fffA-Za-z][^，,。；;！!？?吧吗呢]{0,20}了$")
_ALSO = re.compile(r"(?<=[\u4e00-\u9fffA-Za-z0-9])(?<![我你他她它们都])\s*也\s*(?=(?:不|没)?[\u4e00-\u9fff])")


def split_also(clause: str) -> list[str]:
    """"我喜欢猫也喜欢狗", "我不吃辣也不吃香菜": after 也, a verb the first half already has starts a clause of its
    own ("项目也用 Redis" stays one)."""
    for m in _ALSO.finditer(clause):
        before, after = clause[: m.start()], clause[m.end():]
        verb = re.sub(r"^(?:不|没)", "", after)
        if any(len(verb) >= n and verb[:n] in before for n in (2, 1)):
            return [before, *split_also(after)]
    return [clause]


def _an_object(c: Claim) -> bool:
    """Not how long the user did something ("（已经戒了）三周"); a team's cadence is one ("两周一个迭代")."""
    return c.subject != "user" or not _DURATION.fullmatch(c.object)


def pre(clause: str) -> list[Claim]:
    """Claims of the `PRE` rules; none on a clause without Chinese ("our orm is prisma" is English). A code
    convention ("缩进都用 tab", `convention_zh`) is read first."""
    if not _CJK.search(clause):
        return []
    return convention_zh.read(clause) or [c for c in _run(PRE, clause) if _an_object(c)]


def post(clause: str) -> list[Claim]:
    """Claims of the `POST` rules; none on a clause without Chinese."""
    return [c for c in _run(POST, clause) if _an_object(c)] if _CJK.search(clause) else []


# a relative or pet named in apposition by a nickname ("我和老婆小丽…", "我女儿朵朵今年五岁"): 小X, 阿X or a doubled
# syllable, so the name's end is known without a dictionary
_KIN_APPOSITION = re.compile(r"我(?:的|家)?(?:和|跟|与|带着?|陪)?(?:我的?|我家)?(?P<k>老婆|老公|媳妇|妻子|丈夫|太太|儿子|女儿|闺女|女朋友|男朋友|猫|狗)"
                             r"(?P<o>(?:小(?![时学孩区狗猫朋伙])|阿(?!姨))[\u4e00-\u9fff]|(?P<d>[\u4e00-\u9fff])(?P=d))")


def kin_mentions(text: str) -> list[Claim]:
    """The names a Chinese sentence gives a relative or pet in passing, as context for a later correction
    ("我和老婆小丽准备过纪念日" … "打错了，是小莉"); not stored on their own."""
    return [c for m in _KIN_APPOSITION.finditer(text) for c in _claim("user", name_predicate(m.group("k")), m.group("o"))]
