"""Is a query without a subject an order for the user's own task? Its grammatical form, zh + en, without a model.

An imperative names no one: "group this dataframe by week and count events", "set up over-the-air updates",
"write a model and tests for a Coupon", "画一个各渠道占比的图", "脚本加个功能", "装一下 dayjs", "支付那块接着弄吧",
"报告接下来该写哪块". The task is the user's, as "how do I …" would say, so the user's setup bears on it (the dataframe
library they use, the package manager, how far the report has got) — yet without "I" or 我 `query_need` read it as a
general question and gave it the general floor. Its form is a verb in the imperative:

- English: the sentence opens with a bare verb ("write", "add", "group", "load", "set up"), after at most an
  interjection or a connective ("ok", "now", "also", "and then", "please").
- Chinese: a verb with the complement of a request («V一下», «V个 / V一个 N», «V点 N»), going on with a task («接着V»,
  «继续V»), what to do next («该V哪 / 该V什么»), how to do it with 咋 («咋V»), or getting something to do something
  («怎么让 N V»).

Not an order: a question addressed to the assistant ("你用的是什么模型", "can you tell me …" stays what it was), one that
names someone else (their task, `other_person.py`) or quotes its material only. Whether it reads as a request by meaning
is decided after (`knowledge.reads_as_request`), and a self-contained task («写一首关于秋天的诗») still meets the general
floor (`generic_task.py`).

Example:
    >>> orders_a_task("group this dataframe by week and count events"), orders_a_task("脚本加个功能 手续费单独列一栏")
    (True, True)
    >>> orders_a_task("the login test failed on CI, why?"), orders_a_task("深圳地铁一共有几条线"), orders_a_task("你用的是什么模型")
    (False, False, False)
"""

from __future__ import annotations

import re

_OPENER_EN = r"^\W*(?:(?:ok(?:ay)?|now|also|and|then|next|so|right|alright|pls|please|quick(?:ly)?|just|let's|lets)\W+)*"
# bare verbs of a task on things (not "tell", "explain", "define": those ask for knowledge)
_VERBS_EN = (r"write|add|make|create|fix|build|set up|setup|configure|install|load|read|parse|group|count|compute|"
             r"calculate|sum|plot|chart|draw|graph|export|import|migrate|move|rename|remove|delete|drop|deploy|roll back|"
             r"rollback|run|rerun|test|refactor|implement|convert|update|upgrade|bump|clean up|split|merge|sort|filter|"
             r"format|lint|wire up|hook up|hook|connect|generate|scaffold|draft|prepare|pack|book|schedule|put together|"
             r"sketch|spin up|stand up|finish|continue|resume|restart|rewrite|port|translate|profile|debug|optimi[sz]e|speed up|cache|"
             r"log|track|monitor|benchmark|document|comment|pick|choose|organi[sz]e|tidy|plan")
_IMPERATIVE_EN = re.compile(_OPENER_EN + rf"(?:{_VERBS_EN})\b(?!\s+(?:is|are|was|were|does|do|means?)\b)", re.I)
# translating a text is not the user's task on their things (`query_need` already calls it impersonal)
_NOT_ORDER_EN = re.compile(r"^\W*(?:translate|list of|draft of)\b", re.I)

_ORDER_ZH = re.compile(
    r"(?<![是有])(?:写|加|改|装|删|配|画|做|弄|搞|查|跑|测|调|换|修|接|导|拆|整理|汇总|统计|生成|部署|上线|迁|升级|重构|封装|"
    r"实现|补|建|开|关)(?:一下|下(?=\W|$)|个(?!人)|一个|一版|一份|一段|一张|点(?!儿?(?:什么|啥)))"
    r"|(?:接着|继续|然后)(?:写|做|弄|搞|改|加|调|跑|来)"
    r"|该(?:写|做|弄|改|加|看|查|学|准备|选)(?:点|些)?(?:哪|什么|啥)"
    r"|咋(?:定义|写|配|改|加|装|弄|做|设|调|用|接|部署|迁|拆)"
    r"|怎么让\S"
    r"|(?:选|买|挑|租|装|准备|带)(?:点|些)?(?:哪个|哪种|哪款|哪家|哪块|哪里|哪|什么|啥)")
# addressed to the assistant ("你用的是什么模型"): not a task on the user's things
_NOT_ORDER_ZH = re.compile(r"你|您")
_SOMEONE_ELSE_ZH = re.compile(r"^\W*(?:同事|朋友|师弟|师妹|师兄|师姐|同学|室友|邻居|老板|领导|新人|实习生|客户)")


def orders_a_task(plain: str) -> bool:
    """Whether `plain` (a query without a first person, quotes removed) orders a task in the imperative."""
    if _IMPERATIVE_EN.match(plain) and not _NOT_ORDER_EN.match(plain):
        return True
    return bool(_ORDER_ZH.search(plain)) and not _NOT_ORDER_ZH.search(plain) and not _SOMEONE_ELSE_ZH.match(plain)


__all__ = ["orders_a_task"]
