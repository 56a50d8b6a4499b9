"""Does the query ask a public fact about a named thing? Its form, zh + en, without a model.

The date of a public day ("When is Earth Day?", "母亲节是哪天？"), the company behind a product ("who developed
Kotlin?", "Redis是哪家公司开发的？"), how many of something a named being or author did ("how many books did Stephen
King write?", "蓝鲸一天吃多少磷虾？"), whether two named places share a time zone ("巴黎和罗马是同一个时区吗"), what a
quoted command does ("what does 'git rebase' do"): the answer is the same whoever asks, so no memory helps with it
(`query_need` calls such a query impersonal, after the first person: "when is my dentist appointment?" is the user's).

Example:
    >>> asks_public_fact("When is Earth Day?"), asks_public_fact("母亲节是哪天？"), asks_public_fact("蓝鲸一天吃多少磷虾？")
    (True, True, True)
    >>> asks_public_fact("when is sports day at the kids' school?"), asks_public_fact("一天吃多少蛋白质比较合适")
    (False, False)
"""

from __future__ import annotations

import re

# a named public day: capitalised words before Day/Eve/Festival ("International Nurses Day"), or world/national …
_PUBLIC_DAY_EN = re.compile(r"^\W*(?i:when(?:'s| is| was| does| will)) (?:the )?"
                            r"(?:(?:[A-Z][\w'.-]*|of|and)\s+){1,5}(?:Day|Eve|Festival|Week)\b"
                            r"|^\W*(?i:when(?:'s| is| was)) (?:the )?(?i:(?:international|world|national|global) [\w' ]{1,30}?day)\b")
_MAKER_EN = re.compile(r"^\W*who (?:originally |first )?(?:developed|released|launched|coined|produced|publishes|published|"
                       r"manufactures|maintains|owns)\b|^\W*(?:which|what) (?:company|firm|studio|brand) (?:makes|made|developed|"
                       r"owns|built|created|released|produces|publishes|is behind)\b", re.I)
# "how many books did Stephen King write": a named (capitalised) subject, not "we", "the build"
_HOW_MANY_NAMED_EN = re.compile(r"^\W*(?i:how many) \w+(?: \w+)? (?i:did|does|do|has|have) (?:[A-Z][\w'.-]*)(?: [A-Z][\w'.-]*)* \w+")
_SAME_ZONE_EN = re.compile(r"^\W*(?i:is|are) [A-Z][\w .'-]{1,30}? (?i:in )?(?i:the same (?:time ?zone|timezone|continent|"
                           r"hemisphere|country)) as [A-Z]")
# a quoted command or term asked what it does or means
_QUOTED_DOES_EN = re.compile(r"^\W*what (?:does|do|did) (?:'[^']+'|\"[^\"]+\"|`[^`]+`|“[^”]+”) (?:do|mean|stand for)\b", re.I)

_NOT_NAMED_ZH = r"[^我咱俺你您这那该要需应想，,。？?]"
# 母亲节, 重阳节, 世界读书日, 国际护士节: a public day's date ("生日", "纪念日" are the user's own, and never end in 节)
_PUBLIC_DAY_ZH = re.compile(rf"^{_NOT_NAMED_ZH}{{1,8}}节|^(?:世界|国际|全国|国家){_NOT_NAMED_ZH}{{1,8}}日")
_WHEN_ZH = re.compile(r"^[^，,。]{1,12}?(?:节|日)(?:是|在)?(?:哪天|哪一天|几号|几月几[号日]|什么时候|几月份?)[？?吗]?$")
_MAKER_ZH = re.compile(r"(?:哪家|哪个|什么)(?:公司|厂商|厂家|品牌|团队|国家)\S{0,4}(?:开发|研发|做|出|生产|制造|发布|推出|发明)的")
# 蓝鲸一天吃多少磷虾, 鲁迅一共写过多少篇小说: a named subject (no modal: "一天吃多少蛋白质比较合适" is the user's)
_HOW_MANY_NAMED_ZH = re.compile(r"^(?![一每平最])[^我咱俺你您这那该要需应想能，,。？?]{2,12}?(?:一天|每天|一年|每年|一生|一辈子|一共|总共|平均)?"
                                r"(?:吃|喝|睡|写|画|生|活|长|跑|飞|拍|唱|出版|发表|拿)(?:了|过)?(?:多少|几[部本篇首张场次座块])")
_REQUEST_ZH = re.compile(r"合适|比较|好吗|该|需要|应该|建议|推荐|够不够|行不行")
_SAME_ZONE_ZH = re.compile(rf"^{_NOT_NAMED_ZH}{{1,10}}(?:和|跟|与){_NOT_NAMED_ZH}{{1,10}}(?:是|在)?同一个?(?:时区|国家|大洲|半球)")
_MY_WORK_ZH = re.compile(r"需求|项目|服务|接口|代码|仓库|分支|版本|模块|功能")


def asks_public_fact(plain: str, text: str | None = None) -> bool:
    """Whether the query (`plain`: outside quotes; `text`: as typed) asks a public fact about a named thing."""
    typed = plain if text is None else text
    if _QUOTED_DOES_EN.search(typed):
        return True
    if _PUBLIC_DAY_EN.search(plain) or _MAKER_EN.search(plain) or _HOW_MANY_NAMED_EN.search(plain) or (
            _SAME_ZONE_EN.search(plain)):
        return True
    if _PUBLIC_DAY_ZH.search(plain) and _WHEN_ZH.search(plain):
        return True
    if _MY_WORK_ZH.search(plain):
        return False
    return bool(_MAKER_ZH.search(plain) or _SAME_ZONE_ZH.search(plain)
                or (_HOW_MANY_NAMED_ZH.search(plain) and not _REQUEST_ZH.search(plain)))


__all__ = ["asks_public_fact"]
