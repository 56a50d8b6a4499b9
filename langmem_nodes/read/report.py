"""Does the turn only tell news about the user, asking nothing and announcing no plan? zh + en, without a model.

"I'm allergic to peanuts.", "I just adopted a cat named Miso.", "I just renamed the utils module to helpers.",
"我对芒果过敏。", "我今天把依赖升级完了。": the user tells a fact, an event or a change of their own. Nothing is asked,
so a memory helps only when it is about the same thing (the old value of what changed: «User lives in Lyon» for
"I moved to Paris"); an inference from the user's other facts does not («User is vegetarian» for the allergy). So
such a turn needs what a question about one of the user's things needs (`recall.py`): the general floor and the
evidence a generic anchor memory reaches, lexical evidence still counting.

Not news (left as they were): a turn that asks or requests anything (`query_need.asks_something`), one that
announces a plan or a time to come ("I'm about to grab an espresso", "I'm going to push to main", "我等会儿去吃火锅":
a memory may govern the plan), one whose subject is not the user ("the build is green"), and an imperative without
a subject ("install docker on my machine pls").

Example:
    >>> tells_news("I just adopted a cat named Miso."), tells_news("我对芒果过敏。")
    (True, True)
    >>> tells_news("I'm about to grab an espresso."), tells_news("install docker on my machine pls")
    (False, False)
"""

from __future__ import annotations

import re

from .query_need import asks_something

# the turn opens with the user as its subject (after an interjection or a connective: "oh and I …", "also, my
# sister …", "顺便说一下，我…"): "I …", "my sister …", "我…", "咱们…"
_OPENS_WITH_USER_EN = re.compile(
    r"^\W*(?:(?:lol|haha\w*|ugh+|so|well|ok(?:ay)?|oh|btw|fyi|guess what|just so you know|news|"
    r"and|also|plus|anyway|anyhow|by the way|oh and|one more thing|quick update)\W+)*"
    r"(?:i|i'm|im|i've|ive|i'd|we|we're|we've|my|our|(?:just|finally) (?:got|had|\w+ed))\b", re.I)
# the subject dropped, as Chinese does and chat English may: "just got back from a run", "刚跑完步，腿都软了"
_OPENS_WITH_USER_ZH = re.compile(r"^\W*(?:哈哈+|嘿|对了|告诉你|跟你说|顺便(?:说|提|讲)?(?:一下|一句|一声)?|另外|还有|话说|补充(?:一下|一句)?|"
                                 r"忘了说)?\W*(?:我|咱|俺|(?:刚刚?(?!才)|终于)(?=.*了))")
# a question without a question word ("我上回说的那个脚本是干嘛的来着") or a cue to recall what the user said before
_RECALLS = re.compile(r"来着|干嘛|干啥|记得|说过|提过|讲过|\b(?:remember|told you|mentioned|said)\b", re.I)
# a plan or a time to come: a memory may govern what the user is about to do
_PLAN_EN = re.compile(
    r"\b(?:going to|gonna|about to|planning|plan to|intend|thinking (?:of|about)|want|wanna|need|have to|has to|"
    r"got to|gotta|would like|'d like|will|'ll|shall|tomorrow|tonight|later|soon|next|upcoming|this (?:morning|"
    r"afternoon|evening|weekend|week|month|year)|before|after)\b", re.I)
_PLAN_ZH = re.compile(r"要|想|准备|打算|计划|将|会儿|一会|待会|等下|马上|明天|明早|明晚|后天|今晚|下周|下个月|下礼拜|明年|"
                      r"周末|之后|以后|回头|过几天|下次")


def tells_news(text: str) -> bool:
    """Whether the turn only tells the user's own news (module docstring)."""
    plain = text.strip()
    # "最近" (lately) dates the news; as a request word it is "最近有啥好看的剧"
    if not plain or asks_something(plain.replace("最近", " ")) or _RECALLS.search(plain):
        return False
    if _OPENS_WITH_USER_EN.match(plain):
        return not _PLAN_EN.search(plain)
    if _OPENS_WITH_USER_ZH.match(plain):
        return not _PLAN_ZH.search(plain)
    return False


__all__ = ["tells_news"]
