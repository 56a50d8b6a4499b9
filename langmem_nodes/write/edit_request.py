"""A request to edit a thing in front of the user ("帮我把这个折线图改成双y轴的", "把这段配置改成 lua 的写法"): its
改成 changes that thing, not a value the user said before, so it marks no correction (zh).

The object of 把 is pointed at (这 / 那 …) or is a piece of work (代码, 函数, 脚本, 图 …); "把我的城市改成杭州"
names a value of the user's and stays a correction.

Example:
    >>> without("我平时用 plotly，帮我把这个折线图改成双y轴的")
    '我平时用 plotly，'
    >>> without("把我的城市改成杭州")
    '把我的城市改成杭州'
"""

from __future__ import annotations

import re

_THING = r"(?:这|那)(?:个|段|张|份|些|篇|行|条|里|块|版|首|句)?|(?:代码|函数|方法|脚本|配置|图表?|表格?|文件|变量|路径|标题|格式|颜色|字体|样式|接口|页面|按钮|文案|段落|句子)"
_EDIT = re.compile(rf"(?:帮我|给我|请|麻烦你?|你|能不能|可不可以|可以|能否|帮忙)*\s*把\s*(?:{_THING})[^，,。！？!?；;]{{0,20}}?"
                   r"(?:改成|改为|改到|换成)[^，,。！？!?；;]*")


def without(message: str) -> str:
    """`message` with its edit requests taken out."""
    return _EDIT.sub("", message)


def is_edit(clause: str) -> bool:
    """The clause asks to edit a thing in front of the user: a one-off request, no fact."""
    return _EDIT.search(clause) is not None
