"""Is the request a self-contained piece of writing, and which memories can change such a piece? By form, zh + en.

"Draft a polite email declining a sales meeting", "write a haiku about rain", "rewrite this tweet: '…'", "帮我写个
请假条", "给新买的金鱼起个名字", "帮我想个团建的点子", "recommend a book on the history of maths", "推荐一本入门统计学的书":
the task is given whole by the request (a text of a known kind, a name, ideas, a book on a named topic). Who asks
rarely changes the answer, so the low personal floor lets in whichever memory is nearest (the user's job, city, stack).
Two kinds of memory do change such a piece:

- a memory about the *form* of the piece (`shapes_piece`): the tone, language, format or units the user wants for
  such texts, and the name the user goes by («Emails to clients must be formal», «When user asks for a recipe they
  want metric weights», «User goes by 'Kit' at work», «用户的网名叫阿柚，希望别人这么叫她»): it keeps the request's own
  floor. How the assistant's own answers should look («User prefers short answers», «用户希望回答简短») bears on every
  turn alike, so it is no reason to inject a memory for this one (the stable block lists it on every turn);
- a memory about the piece's own topic («Tenant Priya's lease ends in August» for "draft a rent increase notice for
  my tenant"): it must clear the general floor and what a generic anchor memory reaches (`relevance.Centering`),
  as for a question for a stored fact; a memory naming the person the piece is for or from («User's partner is Sam»
  for "a note for my partner", `other_person.people_named`) counts too. Shared words and standing conditions count
  as before.

A recommendation counts only with a topic ("a book on …", "…的书"): "recommend me a book" depends on the user's taste.
Code is not such a piece ("write a function …": the project's stack bears on it, `standing.py`).

Example:
    >>> writes_self_contained("Write a haiku about autumn"), writes_self_contained("帮我写个请假条，明天家里有事")
    (True, True)
    >>> writes_self_contained("recommend a book I might like"), writes_self_contained("write a function that parses dates")
    (False, False)
    >>> shapes_piece("User goes by 'Kit' at work"), shapes_piece("User prefers short answers"), shapes_piece("User lives in Leeds")
    (True, False, False)
"""

from __future__ import annotations

import re

# a text of a known kind, a name or ideas: what a request for a self-contained piece asks for
_PIECE_EN = (r"(?:e-?mail|letter|cover letter|note|message|reply|post|tweet|caption|bio|blurb|toast|speech|poem|haiku|"
             r"limerick|sonnet|verse|story|fable|joke|riddle|pun|slogan|tagline|motto|name|nickname|username|title|"
             r"headline|notice|announcement|invitation|invite|card|essay|paragraph|summary|ad|advert|description|apology|"
             r"thank-you(?: note)?|resume|cv|ideas?|checklist|agenda|outline|script for a (?:video|skit|play)|song lyrics)")
_OPEN_EN = (r"^\W*(?:(?:can|could|would|will) you\s+|please\s+|pls\s+|(?:help|let's|lets)\s+(?:me\s+|us\s+|him\s+|her\s+|"
            r"them\s+|my\s+[\w-]+\s+)?|i (?:need|want|'d like|would like) (?:you )?(?:to )?|i need\s+)*")
_WRITE_EN = re.compile(
    _OPEN_EN + r"(?:write|draft|compose|pen|rewrite|rephrase|reword|polish|proofread|tidy up|shorten|make up|come up with|"
    r"think (?:up|of)|brainstorm|give me|suggest|create|generate|put together)\s+(?:me\s+|us\s+)?"
    r"(?:an?|the|some|one|two|three|five|ten|\d+|few|a few|short|quick|little)?\s*(?:[\w'-]+\s+){0,4}?" + _PIECE_EN + r"s?\b"
    r"|" + _OPEN_EN + r"(?:rewrite|rephrase|reword|polish|proofread|shorten|summari[sz]e|tidy up)\s+(?:this|the following|"
    r"these|my)\b|^\W*(?:tell me|give me) an? (?:joke|riddle|pun|story|limerick)\b", re.I)
# a recommendation of a thing on a named topic: the topic, not the user's taste, decides it
_TOPIC_ITEM_EN = re.compile(
    _OPEN_EN + r"(?:recommend|suggest)\s+(?:me\s+)?(?:an?|some|one|two|three|a few|few|good|great)?\s*(?:[\w'-]+\s+){0,3}?"
    r"(?:books?|podcasts?|courses?|textbooks?|documentar(?:y|ies)|channels?|videos?|guides?|tutorials?)\s+"
    r"(?:on|about|covering|introducing|explaining|for learning|to learn)\s+\w", re.I)
_PIECE_ZH = (r"(?:邮件|信|微信|短信|求职信|推荐信|感谢信|道歉信|辞职信|请假条|假条|通知|便条|留言|消息|回复|朋友圈|微博|文案|简介|介绍|"
             r"贺卡|祝福|祝福语|贺词|致辞|发言稿|演讲稿|稿子|开场白|主持词|诗|诗歌|打油诗|对联|故事|笑话|段子|谜语|口号|标语|"
             r"广告词|名字|昵称|网名|群名|(?:游戏)?[iI][dD]|标题|题目|清单|点子|主意|创意|节目|剧本|大纲|总结|摘要|文章|作文|日记|"
             r"邀请函|告示|启事)")
_WRITE_ZH = re.compile(
    r"(?:写|拟|编|起|取|想|出|整|发)(?:一?[个封篇段条首句份则张套些点])?(?:[\u4e00-\u9fffA-Za-z0-9]{0,8}?的)?"
    r"[\u4e00-\u9fffA-Za-z0-9]{0,6}?" + _PIECE_ZH + r"|(?:改写|润色|缩写|精简|改一下|改改|总结一下|概括一下)(?:这|下面|以下)|讲个(?:笑话|故事)|说个(?:笑话|段子)")
# 推荐一本入门统计学的书, 推荐几本讲宋朝历史的书: a topic before 的 and a kind of item
_TOPIC_ITEM_ZH = re.compile(r"推荐(?:一|几|两|三|些|点)?[本部个门套篇]?(?:讲|关于|介绍)?[\u4e00-\u9fffA-Za-z]{2,12}的"
                            r"(?:书|书籍|教材|课程|课|播客|纪录片|视频|教程)")
# code is the user's work: the project's stack bears on it
_CODE = re.compile(r"\b(?:function|class|method|script|regex|query|sql|endpoint|test|component|hook|helper|module|"
                   r"program|snippet|code|commit message|docstring|migration|config)s?\b"
                   r"|函数|代码|脚本|正则|接口|组件|测试|查询|SQL|sql|提交说明|注释|配置|程序", re.I)


def writes_self_contained(text: str) -> bool:
    """Whether the request asks for a self-contained piece: a text of a known kind, a name, ideas, or a
    recommendation on a named topic (module docstring); not code."""
    if _CODE.search(text):
        return False
    return bool(_WRITE_EN.search(text) or _TOPIC_ITEM_EN.search(text) or _WRITE_ZH.search(text)
                or _TOPIC_ITEM_ZH.search(text))


# a memory about the form of what the assistant writes: length, tone, language, format, units, the user's name
_FORM_EN = re.compile(
    r"\b(?:short|shorter|brief|concise|terse|succinct|long|detailed|verbose|to the point|one[- ]line|"
    r"bullet(?:ed)?(?: points?| lists?)?|numbered|tables?|markdown|headings?|emojis?|formal|informal|casual|polite|"
    r"friendly|plain (?:english|language)|jargon|tone|voice|metric|imperial|celsius|fahrenheit|units|"
    r"british|american|(?:in|into) (?:english|chinese|mandarin|spanish|french|german|japanese|portuguese)|"
    r"spelling|preamble|sign[- ]off|signs? (?:off|emails|messages)|"
    r"(?:to be|being) (?:called|addressed)|goes by|address(?:es|ed)? (?:him|her|them|the user)|nickname|pronouns?)\b",
    re.I)
_FORM_ZH = re.compile(r"简短|简洁|简明|精炼|啰嗦|详细|长篇|分点|列表|表格|要点|正式|口语|客气|礼貌|语气|口吻|风格|文风|"
                      r"中文|英文|英语|繁体|简体|公制|英制|摄氏|称呼|叫(?:他|她|我)|这么叫|网名|昵称|笔名|落款|署名|表情")
# stated as a wish or a rule about it, not a fact ("User's phone is short on storage")
_WISH_EN = re.compile(r"\b(?:prefers?|wants?|likes?|would like|asks? for|hates?|dislikes?|must|never|always|only|"
                      r"don'?t|do not|should|goes by)\b", re.I)
_WISH_ZH = re.compile(r"希望|喜欢|偏好|想要|要求|必须|不要|别|只|一律|统一|习惯|讨厌|叫|(?:时|的时候)(?:要|得|请|都)|[要得]用")


# the assistant's answers themselves: a preference on every turn, not on a piece
_ANSWERS = re.compile(r"\b(?:answers?|responses?|explanations?)\b|回答|答复|解答|解释", re.I)


_PIECE_WORD = re.compile(rf"\b{_PIECE_EN}s?\b|{_PIECE_ZH}", re.I)


def shapes_piece(text: str, request: str = "") -> bool:
    """Whether a memory states how the user wants a piece of writing to look: its tone, language, format or units,
    or the name the user goes by — not how the assistant's answers or code should look (module docstring). A memory
    naming a kind of piece shapes only that kind: «给用户写邮件时要用正式的语气» is no rule for "帮我写个请假条"."""
    if _ANSWERS.search(text) or _CODE.search(text):  # code comments in English: the code's form (`standing.py`)
        return False
    kinds = {k.casefold().rstrip("s") for k in _PIECE_WORD.findall(text)} - {"name", "名字"}
    if request and kinds and not any(k in request.casefold() for k in kinds):
        return False
    return bool((_FORM_EN.search(text) and _WISH_EN.search(text)) or (_FORM_ZH.search(text) and _WISH_ZH.search(text)))


__all__ = ["shapes_piece", "writes_self_contained"]
