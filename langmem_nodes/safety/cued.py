"""Secrets and identifiers found by a cue and a value in one sentence, whatever the phrasing between them.

The phrasing rules in `credentials` each know one way of saying "my PIN is 7264"; this pass knows the parts:
a sentence names what a secret opens or identifies (a cue: "PIN", "lockbox … code", "密码", "保险箱",
"passport number", "身份证号", "travel permit", "savings account", "对公账户", "security question") and holds
a value that looks typed on purpose (a code of 3+ digits, letters mixed with digits, a symbol inside a word;
for a security question, the answer after its link; a code right after a panel only typed into: "apartment
buzzer 1 4 0 2"). A cue sentence without a value lends its cue to the next sentence when that one starts by
pointing back ("… my debit card PIN. it's 7264"). Numbers that measure something ("12 characters", "24小时",
"3 times"), sums ("余额 125000"), dates, times, prices and versions are never values.
"""

from __future__ import annotations

import re
from typing import Literal

from .credentials import (
    _EN_NOT_CREDENTIAL,
    _LOOK,
    _NAME_BEFORE,
    _PRODUCTS,
    _WHOSE_NUMBER,
    KNOWN_TECH,
    Finding,
    _product,
    _word_search,
    halfwidth,
    is_measure,
    named_not_typed,
)
from .last_text import once_per_text
from .lookalike import latin_lookalikes
from .questioned import _OTHER_ASKING
from .user_names import user_name

_I = re.IGNORECASE

# a panel at the street door that opens it when a code is punched in: "apartment buzzer 1 4 0 2"
_BUZZER = r"buzzer|intercom|call\s*box|entry\s*phone|door\s*phone"
_WHAT_OPENS = (r"door|front\s+door|back\s+door|gate|garage|alarm|entry|lockbox|lock\s*box|key\s*box|lock|locker|"
               r"padlock|bike\s+lock|safe|vault|elevator|lift|keypad|building|apartment|unlock|pickup|parcel|voicemail|voice\s*mail|opener|"
               r"auth|authentication|"
               r"verification|one[- ]time|otp|2fa|mfa|security|backup|recovery|access|pairing|parking|mailbox|"
               rf"storage|shed|boot|screen|phone|sim|atm|card|reset|temp|temporary|login|sign-?in|bank|banking|bike|cage|cabinet|cupboard|check-?in|guard|sms|parental|"
               rf"doorbell(?:'s)?|ipad|iphone|tablet|laptop|kindle|{_BUZZER}")
# "pin" the noun, not the verb ("pin torch==2.1.0"): owned, or followed by its link
_PIN = (r"(?:(?:my|the|your|our|his|her|its|card|debit|credit|bank|atm|sim|phone|new|old|default|unlock|temp|"
        r"temporary|one-time)\s+)pin\b|"
        r"\bpin(?=\s*(?:code|number|no\.?|is|was|ended\s+up|turned\s+out|became|[:=#：]))|"
        r"\b(?:my|the|your|our|his|her)\s+[a-z]+\s+pin(?=\s*(?:,|is\b|was\b|[:=：]))|\bpin(?=\s*(?:\?|[—–→⇒]|-+>|=>))")
_SECRET_CUE = re.compile(
    rf"\b(?:(?:pass(?:word|wd|code|phrase)s?|pwd|{_PIN}|combination|combo)(?!\s+(?:{_EN_NOT_CREDENTIAL})\b)|"
    rf"(?:{_WHAT_OPENS})(?:\s+[\w-]+)?\s+codes?|codes?\s+(?:to|for|of|on)\s+(?:the\s+|my\s+|our\s+)?(?:{_WHAT_OPENS})|"
    r"codes?\s+to\s+(?:get\s+in(?:to)?|open|unlock|enter|access|disarm|arm|go\s+in(?:to)?)\b|"
    r"(?:has|needs|takes|uses|with|enter|type)\s+(?:the\s+)?code|"
    # a code texted to the user: "the code they texted me", "the bank texted me a code"
    r"codes?\s+(?:(?:they|the\s+\w+|it|he|she|someone|you)\s+)?(?:just\s+)?(?:texted|sms'?d|smsed)|(?:texted|sms'?d|smsed)\s+(?:me|us)\s+(?:a|the|this|that|my)\s+(?:\w+\s+)?code|"
    # a code the user gave corrected: "the code I gave you was wrong", "the code I sent earlier is old"
    r"codes?\s+(?:I|we)\s+(?:gave|sent|told|texted|shared)(?:\s+(?:you|u))?(?:\s+(?:earlier|before|yesterday|just\s+now|this\s+morning))?"
    r"\s+(?:was|is|were)\s+(?:wrong|old|off|incorrect|outdated|a\s+typo|not\s+right|out\s+of\s+date)|"
    r"opens?\s+(?:the|my|our|with)|unlocks?|disarms?|log(?:s|ged)?\s*in(?:to)?|logins?|sign(?:s|ed)?\s*in(?:to)?|"
    r"credentials?|(?:secret|encryption|decryption|private|signing|master|api|access|license|licence|product|recovery|backup)\s+keys?|"
    r"code\s*word|secret\s+word|safe\s*word|memorable\s+(?:word|phrase|info(?:rmation)?)|cvv2?|cvc2?|cvn|(?:amex|card|visa|mastercard|discover)(?:'s)?\s+(?:cid|csc)|otps?|2fa|mfa|(?:digits|numbers?)\s+on\s+the\s+back|"
    # what is typed into a machine or a panel, called its number: "my ATM number is 5 5 2 0", "the alarm number"
    r"(?:atm|alarm|keypad|key\s*pad|lock\s*box|padlock)\s+(?:numbers?|digits))\b|"
    r"卡(?:片)?(?:背面|背后)|"
    r"密码|口令|密钥|秘钥|私钥|验证码|取件码|取货码|提货码|开柜码|开门码|门禁|门锁|保险箱|保险柜|暗号|暗语|动态码|安全码|"
    r"(?:给你|发给你|发你|告诉你)的(?:那个)?(?:码|数字)(?:不对|错了|有误|是错的|过期了|作废了)|"
    r"提取码|分享码|授权码|激活码|撤防|布防|解绑码|绑定码|配对码|开锁码|解锁码|解锁|锁屏|登录|登陆|\bpin\s*码|(?<=[\u4e00-\u9fff])(?-i:PIN)(?![A-Za-z])|(?<![A-Za-z])(?-i:PIN)(?=[\u4e00-\u9fff])|\bkey\s*(?:是|为|：|:)", _I)
# a thing that opens and a code word in one sentence: "the smart lock on our front door, the code for the dog
# walker is 60 31", "hotel safe i set the code to 1 9 9 0", "智能锁临时密码设的 0 5 2 0 1 3"
_OPENER = re.compile(r"\b(?:lock\s*box|key\s*box|lockbox|smart\s+lock|locks?|doors?|gates?|garage|safe|lockers?|padlock|"
                     rf"keypad|key\s*safe|alarm|vault|mailbox|storage\s+unit|{_BUZZER})\b|门锁|智能锁|门禁|对讲|保险箱|保险柜|快递柜|丰巢|柜子|信箱|车库|大门|房门|(?<=的)门(?![票诊户槛口店])", _I)
# a thing opened only by typing, said to be a code of 4+ digits: "the garage keypad is seven three one nine",
# "the lockbox: 4471" (not "the locker is 114", "the gate is B12": numbers that say where)
_TYPED_OPENER = re.compile(rf"\b(?:keypad|key\s*pad|lock\s*box|key\s*box|key\s*safe|padlock|smart\s+lock|alarm|safe|lock|{_BUZZER})"
                           r"(?:\s+(?:panel|pad|system|unit|box))?(?:\s+(?:at|on|in|for|of|by|near|outside|inside)\s+(?:the\s+|my\s+|our\s+)?(?:[\w-]+'s\s+)?[\w-]+(?:\s+[\w-]+)?(?:'s)?)?\s*"
                           r"(?:is|was|'s|:|=|->|[—–]+(?=\s*\d{4,8}(?![\d,]))|is\s+now|now\s+is|takes|needs|wants|asks\s+for|opens\s+with|uses|has)\s+|"
                           r"\b(?:door|gate|garage|shed|storage\s+unit|cellar|basement)(?:\s+(?:opener|keypad|remote|door|lock))?(?:\s+(?:at|on|in|for|of|by|near|outside|inside)\s+(?:the\s+|my\s+|our\s+)?(?:[\w-]+'s\s+)?[\w-]+)?"
                           r"\s*(?:'s|:|=|->|\s+is|\s+was)\s*|"
                           # the opener named, then its code pointed at: "the alarm, it's 2 5 8 0", "hotel safe, I set it to 5281"
                           rf"\b(?:keypad|lock\s*box|key\s*box|key\s*safe|padlock|smart\s+lock|alarm|safe|lock|locker|door|gate|garage|{_BUZZER})"
                           r"(?:\s+(?:at|on|in|for|of|by|near|outside|inside)\s+(?:the\s+|my\s+|our\s+)?(?:[\w-]+'s\s+)?[\w-]+(?:'s)?)?"
                           r"\s*(?:,|:|[—–]+|\s-+)\s*(?:(?:it'?s|it\s+is|that'?s)|(?:I|we)\s+(?:(?:set|changed|made|reset)\s+it\s+to|used|picked|chose|went\s+with))\s+|"
                           # a lock set to its numbers: "I set the shed padlock to 0 4 4", "changed the lock to 5 1 8"
                           r"\b(?:padlock|lock|locker|safe|lock\s*box)\s+(?:(?:is|was)\s+)?(?:now\s+)?(?:set\s+)?to\s+(?=\d)|"
                           # a panel only ever typed into, its code right after it: "apartment buzzer 1 4 0 2", "gate keypad 7319"
                           rf"\b(?:keypad|key\s*pad|lock\s*box|key\s*box|padlock|smart\s+lock|{_BUZZER})\s+(?=\d)|"
                           r"\b(?:garage(?:\s+door)?|front\s+door|back\s+door|side\s+(?:door|gate)|main\s+gate)\s+(?=\d{4,8}(?:\s*(?:[,;.!]|$|\b(?:if|then|and|or|for|but)\b)))|"
                           r"(?:保险箱|保险柜|储物柜|柜子|(?:密码|门|智能|车|挂|童|儿童|家长|应用|指纹)锁|(?<=的)锁|大门|单元门|房门|门口|车库|车棚|仓库|储物间|地下室|门禁|对讲|键盘|警报器?|报警器)(?:(?!型号|品牌|规格|尺寸|编号)[^，。！？,\d]){0,6}?"
                           r"(?:[，,]\s*(?:就|我|我们)?)?(?:就是|设的是|设成了?|设置成|设置的是|设了|改成了?|是|为|[:：]|\s)\s*", _I)
# what is pressed or said before a panel's code: "star 4 9 2 6 hash", "是 0 7 2 1", "井号 6 3 0 8", "I set it to"
_KEYS_BEFORE = re.compile(r"(?:\s|是|为|[:：]|井号|星号|[*#]|\b(?:star|hash|pound)\b|先按?|"
                          r"\b(?:I|we)\s+(?:set|changed|made|reset)\s+it\s+to\b|\b(?:set|changed|reset)\s+to\b|\bit'?s\b)*", _I)  # "safe: I set it to 1 9 8 8"
_TYPED_IN = re.compile(r"\b(?:press(?:ed)?|dial(?:l?ed)?|hit|punch(?:ed)?|key(?:ed)?|tap(?:ped)?|type[ds]?|enter(?:ed|s)?)\s+(?:in\s+)?(?=\d)|(?:输入?|按|摁)(?:密码)?\s*(?=\d)", _I)
# a dial combination said in turns, three or more: "right 22, left 8, right 41", "右 22 左 8 右 41"
_EN_TURN = (r"(?:\b(?:left|right|l|r|clockwise|counter-?clockwise|anti-?clockwise)(?:\s+(?:once|twice)|\s+(?:one|two|three|four|five|\d)"
            r"\s*(?:full\s+)?(?:turns?|times?|rotations?|spins?))?(?:\s+(?:to|on|at|past))?\s*\d{1,3}\b|\b\d{1,3}\s*(?:left|right|l|r)\b)")
_ZH_TURN = r"[左右顺逆](?:时针)?(?:转)?\s*(?:[一两二三四五六七八九\d]\s*圈半?)?\s*(?:转)?(?:到)?\s*\d{1,3}"  # "左转 3 圈到 25"
_DIAL_TURNS = re.compile(rf"(?:{_EN_TURN}\s*[,，、]?\s*(?:(?:and\s+)?then\s+)?){{3,}}|"
                         rf"(?:(?:再|然后|接着)?{_ZH_TURN}\s*[,，、]?\s*){{3,}}", _I)
_TYPED_CODE = re.compile(r"\d{4,8}[*#]?(?![\w:/-]|\.\w|\s?\d)|\d{1,4}(?: \d{1,4}){1,7}(?![\w:/-]|\.\w| \d)|"
                         # keys pressed one after another: "4 then 7 then 1 then 1", "4 再按 7 再按 1 再按 1"
                         r"\d(?:\s*(?:,\s*)?(?:then|and\s+then|再按|然后按?|再)\s*\d(?!\d)){3,7}", _I)
_CODE_WORD = re.compile(r"\b(?:codes?|pin|combo|combination|passcode)\b|密码|码", _I)
# an identity document or a money account named without "number": the value after it is its number —
# "HK travel permit C58293716", "my savings account at Chase is 4402 9918 3372", "港澳通行证号 C58293716",
# "对公账户：招商银行 7559 2107 3610 501" (a login's 账号 is a user name, not one of these)
_DOCUMENT = (r"\b(?:(?:travel|residence|residency|work|study|entry|exit)\s+permit|green\s+card|(?:national|resident|"
             r"identity|id)\s+card|national\s+id|driver'?s\s+licen[cs]e|driving\s+licen[cs]e|ni\s+(?:number|no\.?)|nino)\b|"
             r"通行证|回乡证|台胞证|居住证|签证|军官证|证件号|驾驶证|驾照")
_MONEY_ACCOUNT = (r"\b(?:savings|checking|chequing|current|bank|brokerage|business|joint|deposit|salary|payroll|isa|ira|"
                  r"401k|pension|trading|escrow)\s+(?:account|acct)\b|"
                  r"(?:公积金|社保|医保|银行|对公|对私|收款|付款|结算|证券|基金|资金|股票|储蓄|存款|工资|个人|企业|公司)(?:账号|帐号|账户|帐户)")
_ID_CUE = re.compile(
    rf"{_DOCUMENT}|{_MONEY_ACCOUNT}|"
    r"\b(?:passport|identity|id|identification|driver'?s\s+licen[cs]e|licen[cs]e|account|acct|routing|bank|"
    r"tax|social\s+security|social\s+insurance|national\s+insurance|insurance\s+policy|medicare|nhs)\s*(?:card\s+)?(?:number|no\.?|num|#)|"
    r"\b(?:routing|account|acct|sort\s+code)\s*(?:#|:|no\.?)?\s*(?=\d{6,}\b|\d{3,4}(?:[ -]\d{3,4}){2,})|(?:账户|帐户)\s*[:：]?\s*(?=\d{6,}(?!\d)|\d{3,4}(?: \d{3,4}){2,})|"
    # a bank's name right before its account's digits: "建设银行 6217 0033 1234 5678 901", "Chase Bank 4402 9918 3372"
    r"(?:[\u4e00-\u9fff]{2,4}银行|[工农中建交招]行|(?-i:\b(?:[A-Z][A-Za-z&]+\s+){1,3}Bank\b|\bBank\s+of\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?))"
    r"\s*[:：,，]?\s*(?=\d{4}[ -]?\d{4})|\b(?:credit|debit|bank|atm|salary|payroll|visa|mastercard|amex)\s+card\b|\bpassport\b|\bssn\b|(?-i:\bSIN\b)|\biban\b|身份证|护照|银行卡|信用卡|借记卡|储蓄卡|卡号|(?:工资|社保|医保|公积金|招商|招行|工行|建行|农行|中行|交行|邮储|工商|建设|农业)(?:银行)?卡|社保|驾照号|驾驶证号|医保卡", _I)
# a question someone asks for another reason (an interview, a survey, a quiz: `_OTHER_ASKING`) is no security
# question unless one is named
_SECURITY_NAMED = re.compile(r"\bsecurity\s+q|\bsecret\s+question|密保|安全问题|验证问题", _I)
_QUESTION_CUE = re.compile(
    r"\bsecurity\s+q(?:uestion)?s?\b|\bsecret\s+questions?\b|\banswer\s+(?:(?:I|we)\s+(?:gave|put|used|set|chose|picked|typed|wrote)\s+)?(?:to|for)\s+(?:the\s+)?[\"'‘“]|[“\"「‘](?=[^”\"」’]{0,12}(?:最喜欢|第一|小学|初中|母亲|父亲|妈妈|爸爸|宠物|出生|童年|班主任|偶像|梦想))[^”\"」’]{2,30}[”\"」’](?=\s*(?:我|都)?(?:填|写|设|答)的?是)|"
    r"密保|安全问题|验证问题|[“\"「‘][^”\"」’]{2,30}[”\"」’]\s*(?:的)?(?:答案|回答)|"
    # a security question by its shape: "what was the name of your first school", "你小学班主任叫什么"
    r"\b(?:what|which|who|where)\s+(?:was|is|were)\s+(?:the\s+(?:name|make|model|street|city|town)\s+of\s+)?your\s+"
    r"(?:first|favou?rite|childhood|oldest|eldest|youngest|mother'?s|father'?s|maternal|paternal|elementary|primary|"
    r"high\s+school|best\s+friend'?s?)\b|\bname\s+of\s+your\s+(?:first|childhood|elementary|primary|oldest|eldest)\b|"
    r"你(?:的)?(?:第一|小学|初中|高中|母亲|父亲|妈妈|爸爸|最喜欢|出生|童年|宠物)[^，。？?“”\"]{0,12}?(?:叫什么|是什么|是哪|在哪)", _I)
# the link before a security question's answer: "… -> Lincoln Elementary", "… is Tbilisi", "我填的是旺财"
_ANSWER_LINK = re.compile(
    r"(?:->|→|=>|=|:|：|\bis\b|\bwas\b|\banswered\b|\bI\s+(?:put|typed|entered|wrote|said)\b|"
    r"填的是|填了|填的|写的是|写了|写的|用的是|用了|设的是|设成|设置的是|答案是|回答的是|回答了?|答的是|是)\s*", _I)

_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9!@#$%^&*_+=~.\-/]*[A-Za-z0-9!@#$%^&*_+=~#*]|[A-Za-z0-9]")
_MEASURE_AFTER = re.compile(
    r"^\s*(?:characters?|chars?|digits?|letters?|symbols?|people|persons?|users?|times?|attempts?|tries|days?|hours?|"
    r"hrs?|minutes?|mins?|seconds?|secs?|weeks?|months?|years?|yrs?|am|pm|%|percent|dollars?|euros?|yuan|rmb|usd|"
    r"kb|mb|gb|tb|km|kg|ms|px|errors?|responses?|pages?|steps?|items?|lines?|loc|commits?|files?|miles?|feet|ft|meters?|metres?|pounds?|lbs?|sq|毫秒|微秒|毫米|厘米|毫升|公斤|千克|克|升|倍|帧|像素|个|位|米|公里|平|次|天|小时|分钟|秒|周|月|年|号|型号|型|款|岁|人|元|块|毛|页|条|遍|字|楼|层|点)",
    _I)
_NOT_VALUE_BEFORE = re.compile(
    r"(?:\b(?:version|ver|v|port|room|flight|ext|extension|order|tracking|reference|ref|booking|confirmation|invoice|claim|"
    r"qps|tps|rps|line|bus|route|page|step|issue|pr|ticket|"
    r"error|status|http|floor|suite|apt|zip|postal|area|model|iso|rfc|pep|since|until|by|in|from|before|after|"
    r"around|about|over|under|at|at\s+least|at\s+most|up\s+to)|\d\s*\(|[A-Za-z_]\w*\(|(?<!\bis\s)(?<![:=：是为]\s)(?<![:=：是为])#|[$€£¥]|型号|规格|货号|版本|端口|房间|航班|订单|单号|第|约|大约|大概|差不多|将近|接近|超过|不到|"
    # whose or where, not what opens: "my locker number is 114", "badge no. 88213"
    r"\b(?:locker|room|seat|badge|employee|staff|student|member|order|tracking|ticket|flight|table|platform|house|flat|unit)"
    r"\s+(?:number|no\.?|#|id)\s*(?:is|was|:|=)?|(?:工号|学号|房号|编号|会员号|座位号|工位号|门牌号|型号|规格|货号)\s*(?:是|为|:|：)?)\s*$", _I)
# a zh number word right before says which, not what opens: "会议号 582 331 907", "门禁卡号是 0012345678" (a code word,
# 暗号, a slogan, 口号, and the keys 井号 and 星号 are not numbers)
_WHICH_NUMBER_BEFORE = re.compile(r"(?<![暗口信井星])号码?\s*(?:是|为|[:：])?\s*$")
# a parcel's pickup code, shelf-row-number, is never a date: "取件码 3-2-1908"
_PICKUP_BEFORE = re.compile(r"(?:取件码|取货码|提货码|\bpick-?up\s+code)\s*(?:是|为|[:：]|is\b|was\b)?\s*$", _I)
# a date ("2024-05-01", "5/12", "3-4-2024"), a time or a decimal; "24-7-19" and "6-2-3017" are codes
_DATE_OR_TIME = re.compile(r"(?:19|20)\d\d[-/.]\d{1,2}(?:[-/.]\d{1,2})?|\d{1,2}[/.]\d{1,2}(?:[/.](?:19|20)?\d\d)?|"
                           r"\d{1,2}-\d{1,2}-(?:19|20)\d\d|\d{1,2}:\d{2}(?::\d{2})?|\d+\.\d+")
_INTERJECTION = (r"(?:(?:oh|ah|um+|uh+|er+m?|well|yeah|yes|ok|okay|right|hmm+|lol|sure|haha|no|nope|nah|wait|sorry|"
                 r"actually|oops)[,.!…]*\s+|(?:哦|噢|嗯|啊|呃|额|哈哈|好吧|对|不对|不是|错了|等等|抱歉)[，,。.！!…]*\s*)")
# who says it or how sure, before a sentence points back: "I think I set it to …", "I told her it's …", "我记得是 …"
_HEDGE = (r"(?:(?:I|we)\s+(?:think|guess|believe|reckon)\s+(?:that\s+)?|(?:pretty|fairly)\s+sure\s+|probably\s+|"
          r"(?:I|we)\s+(?:told|texted|sent|gave)\s+(?:her|him|them|you|mum|mom|dad)\s+(?:that\s+)?|(?:I|we)\s+said\s+(?:that\s+)?|"
          r"(?:我)?(?:记得|好像|应该|大概)\s*)")
# a sentence pointing back at a secret named just before: "it's …", "oh right, 0 5 1 7" (interjections, then a code)
_POINTS_BACK = re.compile(rf"^\s*(?:{_INTERJECTION}*{_HEDGE}?(?:it'?s|it\s+is|its|that'?s|that\s+is|this\s+is|which\s+is|=|:|->|是|就是|密码是|号码是|"
                          r"(?:I|we)\s+(?:just\s+)?(?:changed|set|reset|made|updated|switched)\s+it\s+to\b|我?(?:改成|设成|换成)了?|"
                          # a correction pointing back: "…that gate code was old; the new one is 4402", "正确的是 2468"
                          r"the\s+(?:new|right|correct|real|actual|current|proper)\s+one\s+is|(?:正确|对)的(?:是|应该是)|新的是|"
                          rf"是这个|如下)|{_INTERJECTION}+(?=\d))", _I)
# a sentence saying the user set the secret just asked about: "I think I set it to 2 0 0 8", "我设成了 …"
_SET_IT = re.compile(rf"^\s*{_INTERJECTION}*{_HEDGE}?(?:(?:I|we)\s+(?:just\s+)?(?:set|changed|made|reset|updated|switched)\s+it\s+to\b|"
                     r"我?(?:设成|改成|设的是|改的是))", _I)
# a sentence that is a code and nothing else, after one naming a secret (asked or not): "my bank PIN for me? 8163."
_BARE_CODE = re.compile(r"^\s*[\"'“]?(?:\d{3,8}[*#]?|\d{1,4}(?:[ -]\d{1,4}){1,7}|"
                        r"(?=[A-Za-z-]*\d)[A-Za-z0-9]{4,8}(?:-[A-Za-z0-9]{4,8}){2,7})[\"'”]?\s*[.!。！]?\s*$")  # "4F7A-9C2E-1B3D-8E6F"
_NEGATED = re.compile(r"\b(?:forgot|forget|forgotten|lost|don'?t\s+(?:know|remember)|can'?t\s+remember|no\s+idea|reset|"
                      r"changed?|expired?|wrong|invalid|incorrect)\b|忘了|忘记|记不住|不记得|重置|过期|失效|错了|不对", _I)
# a value named as an example of what people use, not as the user's: "123456 居然还是最常见的密码"
_GENERIC = re.compile(r"\b(?:most\s+common|commonly\s+used|weakest|worst|popular|e\.g\.|for\s+example|such\s+as)\b|"
                      r"最常见|常见的|最常用|最弱|比如|例如|之类", _I)
_NOT_ANSWER = re.compile(r"(?:a|an|about|like|all|kind|sort|so|really|pretty|too|very|just|still|always|never|not|hard|easy|dumb|"
                         r"stupid|weird|annoying|the\s+same|a\s+pain|important|optional|required)\b|都|太|很|挺|好|不", _I)
# an ASCII stop ends a sentence only before a space or the end: "Qw3rty!2024" and "qwe123!@#" are one token;
# "no." before a number abbreviates "number" ("permit no. X1234567")
_SENTENCE = re.compile(r"(?:[^.!?。！？\n;；]|(?<=\b[Nn]o)\.(?=\s*[A-Z]?\d)|[.!?;](?!\s|$))+(?:[.!?;]+(?=\s|$)|[。！？\n；]+|$)")


# a link right before a value: "… is", "it's just", "so", ":" — what the sentence gives, not what it mentions
_LINK_BEFORE_VALUE = re.compile(r"(?:\b(?:is|was|it'?s|so|to)|[:=：]|是|为)\s*(?:just\s+|simply\s+|only\s+)?$", _I)


def _named_word_and_number(token: str, before: str) -> bool:
    """A capitalised word and a number given right after a link ("it's just Mochi99", "so Biscuit7"): a name
    with a number typed on purpose, not a product ("Pixel8" and "Android12" keep their known stems)."""
    return bool(re.fullmatch(r"[A-Z][a-z]{3,}\d{1,2}", token)) and not KNOWN_TECH.fullmatch(token) \
        and _LINK_BEFORE_VALUE.search(before) is not None


def _value_token(token: str, before: str, after: str) -> bool:
    """A token typed on purpose: 3+ digits, letters mixed with digits, or a symbol inside a word — never a
    measure ("12 characters"), a date, a time, a price, a version or a product ("OAuth2", "React18")."""
    if _MEASURE_AFTER.match(after) or _NOT_VALUE_BEFORE.search(before) \
            or _WHICH_NUMBER_BEFORE.search(re.sub(r"(?:\d{1,4} )+$", "", before)) \
            or (_DATE_OR_TIME.fullmatch(token) and not _PICKUP_BEFORE.search(before)) \
            or is_measure(token) or re.match(r":(?!//)", after):  # "AADSTS50126: invalid …": a label, not a value
        return False
    if before.endswith("#") and re.fullmatch(r"(?=[0-9]*[a-fA-F])[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?", token):
        return False  # "the login button is #1a73e8": a colour
    if re.match(r"\s?\d", after) and token.isdigit() and len(token) >= 4:  # "4111 1111 …": a card number, pii's
        return False
    if named_not_typed(token, before) or _NAME_BEFORE.search(before) or user_name(token, before, after):  # "SSID is Cafe_Guest_2G": a name
        return False
    stem = re.match(r"[a-z]+", token)
    if stem and len(stem.group(0)) >= 4 and KNOWN_TECH.fullmatch(token):  # "argon2id", "python3": what it is built on
        return False
    digits = sum(c.isdigit() for c in token)
    letters = sum(c.isalpha() for c in token)
    if token.isdigit():
        return len(token) >= 3 and not re.fullmatch(r"(?:19|20)\d\d", token) or len(token) >= 5
    if re.fullmatch(r"\d[\d*#-]*[\d*#]", token):
        return digits >= 3
    if (_product(token) and not _named_word_and_number(token, before)) or token.casefold() in _PRODUCTS \
            or re.fullmatch(r"(?:utf|iso|x|v|h|mp|py|es|gpt|ipv)[-.]?\d+", token, _I):
        return False
    if re.fullmatch(r"[A-Za-z_][A-Za-z_]*[=:]?|[A-Za-z_-]+=[A-Za-z_-]+", token):  # a name or a key ("DB_PASSWORD=", "type=password"), not its value
        return False
    if re.fullmatch(r"[a-z0-9_.-]+(?:/[a-z0-9_.-]+)+", token):  # a branch or a path ("feat/login-2", "src/app.py")
        return False
    if re.match(r"(?:[A-Za-z_]\w*=)?[/~]", token):  # a path ("OLDPWD=/tmp", "/etc/ssl"), not a typed value
        return False
    symbol = re.search(r"[!@#$%^&*_+=~]", token.strip("#*")) is not None
    return (digits >= 1 and letters >= 1 and len(token) >= 5) or (symbol and letters >= 2 and len(token) >= 5)


# a sum, not a number that identifies: "my savings account has 125000 in it", "工资卡余额 125000"
_AMOUNT_BEFORE = re.compile(r"(?:\b(?:has|had|have|holds?|held|balance(?:\s+(?:is|was|of))?|paid|pays?|owes?|owed|spent|"
                            r"saved|deposited|withdrew|worth|limit(?:\s+(?:is|was|of))?|costs?|earns?|earned|totals?)|"
                            r"余额(?:是|为|有|还有)?|存了|存有|里有|还有|花了|欠了?|还剩|剩下?|收入|到账|转了|转入|取了|额度(?:是|为|有)?)\s*$", _I)


def _identifier_token(token: str, before: str, after: str) -> bool:
    """An identifier's value: 6+ digits, letters allowed ("X48291736", "004417823390"), or digits and letters in
    dashed groups ("1EG4-TE5-MK73"); never a date, a measure or a sum."""
    digits = sum(c.isdigit() for c in token)
    grouped = digits >= 3 and len(token) >= 8 and "-" in token and any(c.isalpha() for c in token)
    return ((digits >= 6 or grouped) and not _MEASURE_AFTER.match(after) and not _AMOUNT_BEFORE.search(before)
            and not _DATE_OR_TIME.fullmatch(token) and not _NOT_VALUE_BEFORE.search(before))


# a code said in pieces or in words: "4 4 7 1", "60 31", "seven two six four", "八六四二零九", "幺二三幺"
_SPACED_DIGITS = re.compile(r"(?<![\w.:/-])\d{1,4}(?: \d{1,4}){1,7}(?![\w:/-]|\.\w| \d)")
_EN_DIGIT = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"
_ZH_DIGIT = "零〇一二三四五六七八九幺两洞拐勾壹贰叁肆伍陆柒捌玖"
# zh digit words, glued ("八六四二零九", "肆柒贰玖") or spaced and mixed with digits ("七 3 五 1 九 0")
_SPELLED = re.compile(rf"\b{_EN_DIGIT}(?:[\s,-]+{_EN_DIGIT}){{3,}}\b|[{_ZH_DIGIT}]{{4,}}|"
                      rf"(?<![\w{_ZH_DIGIT}])[{_ZH_DIGIT}](?:[ \u3000][{_ZH_DIGIT}]){{3,11}}(?![\w{_ZH_DIGIT}])|"  # "三 七 二 九"
                      rf"(?<![\w{_ZH_DIGIT}])(?=[\d ]*[{_ZH_DIGIT}])(?=[{_ZH_DIGIT} ]*\d)[\d{_ZH_DIGIT}](?: ?[\d{_ZH_DIGIT}]){{3,11}}(?![\w{_ZH_DIGIT}])", _I)


_CARD_BACK = re.compile(r"卡(?:片)?(?:背面|背后)|\b(?:cvv2?|cvc2?|cvn|security\s+code|back\s+of\s+(?:the|my|his|her)\s+card|"
                        r"(?:digits|numbers?)\s+on\s+the\s+back)\b|安全码", _I)


_THREE_DIGIT_LOCK = re.compile(r"\b(?:padlock|combination\s+lock|combo\s+lock|bike\s+lock|luggage\s+lock|suitcase\s+lock|"
                               r"cable\s+lock|lock\s+combo|(?:locker|gym|shed|gate|door|luggage|suitcase|bag|briefcase|trunk)\s+lock|lock(?:\s+(?:is|was))?\s+set\s+to)\b|"
                               r"密码锁|挂锁|行李箱|柜子?的锁|车锁|箱子?的锁", _I)
# a dial's numbers with spaced dashes: "the safe is 19 - 7 - 33" (never a date: no group of four)
_DASHED_DIAL = re.compile(r"\d{1,3}(?:\s*[-–]\s*\d{1,3}){2,3}(?![\d.:/])")


# a code read out one character at a time, letters among the digits: "K 7 M 2 X 9"
_SPACED_CHARS = re.compile(r"(?<![\w.:/-])[A-Za-z0-9](?: [A-Za-z0-9]){4,11}(?![\w:/-]|\.\w| [A-Za-z0-9]\b)")


def _pieces(sentence: str, offset: int, identifier: bool = False) -> list[Finding]:
    out = []
    if not identifier:
        for m in _SPACED_CHARS.finditer(sentence):
            chars = m.group(0).replace(" ", "")
            if sum(c.isdigit() for c in chars) >= 2 and any(c.isalpha() for c in chars) \
                    and not re.search(r"(?-i:\b(?:a|I)\b)", m.group(0)):  # "I 2" or "a 4": words, not read-out characters
                out.append(Finding("access code", "secret", offset + m.start(), offset + m.end(), m.group(0)))
    # a card's security code and a padlock's dial have three digits
    least = 3 if _CARD_BACK.search(sentence) or _THREE_DIGIT_LOCK.search(sentence) else 4
    for m in _SPACED_DIGITS.finditer(sentence):
        ahead = sentence[max(0, m.start() - _LOOK):m.start()]
        keyed = re.search(r"\b(?:star|hash|press(?:ed)?)\s*$|[*#]\s*$", ahead, _I)  # "star 1 2 3 4 pound": keys
        if sum(c.isdigit() for c in m.group(0)) >= least and (keyed or not _MEASURE_AFTER.match(sentence[m.end():m.end() + _LOOK])) \
                and not _NOT_VALUE_BEFORE.search(sentence[max(0, m.start() - 14):m.start()]) \
                and not (_WHICH_NUMBER_BEFORE.search(sentence[max(0, m.start() - 6):m.start()])
                         # an account's number is the identifier itself: "公积金账号 1203 4578 9012"
                         and not (identifier and re.search(r"[账帐]号\s*(?:是|为|[:：])?\s*$", ahead))):
            out.append(Finding("access code", "secret", offset + m.start(), offset + m.end(), m.group(0)))
    for m in _SPELLED.finditer(sentence):
        if not _MEASURE_AFTER.match(sentence[m.end():]):
            out.append(Finding("access code", "secret", offset + m.start(), offset + m.end(), m.group(0)))
    return out


# a code read out one character at a time, or in number words: what nobody does with a count or a year
_DICTATED = re.compile(rf"[0-9{_ZH_DIGIT}](?:[ \u3000-][0-9{_ZH_DIGIT}]){{3,11}}|[A-Za-z0-9](?: [A-Za-z0-9]){{4,11}}|"
                       rf"{_EN_DIGIT}(?:[\s,-]+{_EN_DIGIT}){{3,}}|[{_ZH_DIGIT}]{{4,}}", _I)
# a code, then a pointer at the thing it opens: "4917 — that's the alarm", "2208 for the back gate", "9021，这是车库的"
_POINTER = re.compile(r"\s*(?:[—–-]+|[,，:：])?\s*(?:(?:that'?s|it'?s|this\s+is|for)\s+(?:the\s+|my\s+|our\s+)?(?:[\w'-]+\s+){0,2}?|"
                      r"(?:这是|这个是|就是|是)(?:[^，。！？,\d\s]{0,6}?))", _I)


def _pointed_at_opener(sentence: str, offset: int) -> list[Finding]:
    """Codes of 4-8 digits (glued or read out) followed by a pointer at what they open."""
    out = []
    for f in (*_values(sentence, offset), *_pieces(sentence, offset)):
        end = f.end - offset
        if not (re.fullmatch(r"\d{4,8}", f.value) or _DICTATED.fullmatch(f.value)):
            continue
        pointer = _POINTER.match(sentence, end)
        if pointer and pointer.end() > end and _OPENER.match(sentence, pointer.end()) and not re.match(r"(?:19|20)\d\d$", f.value):
            out.append(f)
    return out


def _four_digits(value: str) -> bool:
    return sum(c.isdigit() for c in value) >= 4 or _SPELLED.fullmatch(value) is not None


def _values(sentence: str, offset: int, identifier: bool = False) -> list[Finding]:
    shaped = _identifier_token if identifier else _value_token
    kind = "id number" if identifier else "access code"
    category: Literal["secret", "pii"] = "pii" if identifier else "secret"
    out = []
    for m in _TOKEN.finditer(sentence):
        token = m.group(0).rstrip(".-/")
        ahead = sentence[max(0, m.start() - _LOOK):m.start()]  # a cue further off is not about this token
        if not identifier and token.isdigit() and _WHOSE_NUMBER.search(re.split(r"[,，;；]", ahead)[-1]):
            continue  # "学号在卡背面：20451187": the number named before it, not a code
        end = m.start() + len(token)
        if shaped(token, sentence[max(0, m.start() - 24):m.start()], sentence[end:end + _LOOK]):
            out.append(Finding(kind, category, offset + m.start(), offset + m.start() + len(token), token))
    return out


def _answers(sentence: str, offset: int, cue: re.Match[str]) -> list[Finding]:
    """The answers after a security question's links: "security q 'first school' -> Lincoln Elementary"; every
    link's, so a later clause about the answer ("…我填的是 实验二小，现在想不起来当时写的是全称还是简称") leaves
    the answer found."""
    tail_start = cue.end()
    quoted = re.search(r"[\"'‘“「][^\"'’”」]{2,80}[\"'’”」]", sentence[tail_start:])
    if quoted:  # the question itself, quoted: the answer comes after it
        tail_start += quoted.end()
    found = [_answer_after(sentence, offset, link.end()) for link in _ANSWER_LINK.finditer(sentence, tail_start)]
    return [f for f in found if f is not None]


def _answer_after(sentence: str, offset: int, start: int) -> Finding | None:
    value = re.split(r"[,，。.!！?？;；]|\s+(?:and|so|but|jot|note|remember|save|keep)\b|[，,]?\s*(?:帮我|记一下|记住|你记|别忘)",
                     sentence[start:], maxsplit=1)[0].strip(" \"'“”‘’「」")
    if not value or len(value) > 40 or _NOT_ANSWER.match(value):
        return None
    if re.match(r"(?:I|we|they|you|he|she)\s+\w+\s+\w+", value, _I):  # "security questions: I set them up": a clause
        return None
    at = sentence.index(value, start)
    # asked or denied up to the answer's own clause ("… I answered X but it said wrong — maybe …?" gave X)
    if _NEGATED.search(sentence[:at + len(value)]) or re.match(r"[^.!?—;。！？；]*[?？]", sentence[at + len(value):]):
        return None
    return Finding("security answer", "secret", offset + at, offset + at + len(value), value)


@once_per_text  # find_secrets and find_pii each run it on the same turn
def find_cued(text: str) -> list[Finding]:
    """Secrets (category "secret") and identifiers (category "pii") said as a cue and a value in one sentence.

    Example:
        >>> [f.value for f in find_cued("ugh I keep forgetting my debit card PIN. it's 7264. note it down")]
        ['7264']
        >>> [f.value for f in find_cued("酒店房间保险箱我设成了 1357，退房前提醒我")]
        ['1357']
        >>> find_cued("My password must be at least 12 characters, and I changed it in 2024.")
        []
    """
    if not isinstance(text, str) or not text:
        return []
    original, text = text, halfwidth(text)  # one character for one: spans hold in the original
    found: list[Finding] = []
    lent = False  # the previous sentence named a secret but held no value
    named = False  # the same, asked or not: it lends its cue to a sentence that is a code alone
    lent_if_set = False  # the same, asked or not: it lends its cue to "I set it to …"
    opener_alone = False  # the previous sentence named a thing that opens and nothing else: "The alarm."
    for m in _SENTENCE.finditer(text):
        sentence, offset = m.group(0), m.start()
        question = _QUESTION_CUE.search(sentence)
        if question and not (_OTHER_ASKING.search(sentence) and not _SECURITY_NAMED.search(sentence)):  # "问卷上“你最喜欢的颜色”…": a survey's
            answers = _answers(sentence, offset, question)
            if answers:
                found.extend(answers)
                lent = named = False
                continue
        cue = _word_search(_SECRET_CUE, sentence) or (_OPENER.search(sentence) and _CODE_WORD.search(sentence))
        ident = _ID_CUE.search(sentence)
        if _GENERIC.search(sentence):
            cue = ident = None
        values = [*_values(sentence, offset), *_pieces(sentence, offset)] if (
            cue or (lent and _POINTS_BACK.match(sentence)) or (named and _BARE_CODE.match(sentence))
            or (lent_if_set and _SET_IT.match(sentence))) else []
        typed = _TYPED_OPENER.search(sentence)
        if typed and not values:
            keys = _KEYS_BEFORE.match(sentence, typed.end())  # matches at least the empty string
            at = offset + (keys.end() if keys else typed.end())
            values = [f for f in (*_values(sentence, offset), *_pieces(sentence, offset))
                      if f.start == at and (_four_digits(f.value) or (_THREE_DIGIT_LOCK.search(sentence)
                                                                      and sum(c.isdigit() for c in f.value) == 3))]
            dashed = _DASHED_DIAL.match(sentence, at - offset)
            if not values and dashed and " " in dashed.group(0):  # "the safe is 19 - 7 - 33"
                values = [Finding("access code", "secret", offset + dashed.start(), offset + dashed.end(), dashed.group(0))]
        dial = _DIAL_TURNS.search(sentence)
        if dial and not values and (cue or _OPENER.search(sentence) or lent):  # "the safe combo? right 22, left 8, right 41"
            values = [Finding("access code", "secret", offset + dial.start(), offset + dial.end(), dial.group(0).rstrip(" ,，、"))]
        typed_in = _OPENER.search(sentence) and _TYPED_IN.search(sentence)
        if typed_in and not values:  # "if the alarm goes off, just punch in 2580 and hit OFF"
            code = _TYPED_CODE.match(sentence, typed_in.end())
            if code and not _MEASURE_AFTER.match(sentence[code.end():]):
                values = [Finding("access code", "secret", offset + code.start(), offset + code.end(), code.group(0))]
        opener = _OPENER.search(sentence)
        if opener and not values:  # a code read out, or pointed at what it opens: "3 1 4 1 5 9 — that's the safe"
            values = [f for f in _pieces(sentence, offset) if _DICTATED.fullmatch(f.value)] or _pointed_at_opener(sentence, offset)
        if opener_alone and not values and _BARE_CODE.match(sentence):  # "The alarm. 2 5 9 0."
            values = [f for f in _pieces(sentence, offset) if _DICTATED.fullmatch(f.value)]
        if ident and not values:  # an identifier's digits may come in groups: "my SIN is 046 454 286"
            values = _values(sentence, offset, identifier=True) or [
                Finding("id number", "pii", p.start, p.end, p.value) for p in _pieces(sentence, offset, identifier=True)
                if sum(c.isdigit() for c in p.value) >= 6 and not _NEGATED.search(text[offset:p.start])]  # "…卡号位数不对" after: still given
        found.extend(values)
        # "the password? it's marmalade77": a secret's name asked alone lends its cue like a statement
        named_alone = len(re.findall(r"\w+", sentence)) <= 4
        asked = sentence.rstrip().endswith(("?", "？")) and not named_alone
        lent = bool(cue) and not values and not asked
        lent_if_set = bool(cue) and not values  # a question lends only to an answer that says it set one
        # a short remark between keeps it: "支付密码。六位数。773019。", "The PIN. Four digits. 7730."
        named = not values and (bool(cue) or (named and named_alone and len(sentence.strip()) <= 24))
        opener_alone = not values and bool(opener) and named_alone  # "The alarm." lends to a code read out next
    return [Finding(f.kind, f.category, f.start, f.end, original[f.start:f.end]) for f in found]


def names_secret(text: str) -> bool:
    """Whether `text` names a secret or an identifier anywhere (a cue, with or without its value)."""
    text = latin_lookalikes(text) if isinstance(text, str) else text
    return bool(isinstance(text, str) and (_SECRET_CUE.search(text) or _ID_CUE.search(text) or _QUESTION_CUE.search(text)))


# handing a secret over, its value still to come: "let me give you my bank login", "here's my VPN login", "我把网银密码告诉你"
_HANDING = re.compile(r"\b(?:let\s+me\s+(?:give|send|tell|share)|I'?(?:ll|\s+will|'m\s+going\s+to|\s+am\s+going\s+to)\s+"
                      r"(?:give|send|tell|share|pass|hand)|(?:give|send|tell|share|pass|hand)(?:ing)?\s+(?:you|u)|"
                      r"here'?s|here\s+(?:is|are))\b", _I)
_HANDED_END = re.compile(r"\s*(?:$|[,;:—–-]|\b(?:so|for|to|and|because|since|in\s+case|now|then|here|below|next|"
                         r"over|with|too|as\s+well)\b)", _I)
_ZH_HANDING = re.compile(r"把(?P<what>[^，。！？,.!?]{1,16}?)(?:告诉|发给|发|给|交给|报给|说给)(?:你|您)")


def hands_over(text: str) -> bool:
    """Whether `text` says a secret is being handed to the assistant ("Let me give you my bank login so you remember
    it", "我把网银密码告诉你，你帮我记着"): nothing in it is worth keeping, and its value comes next."""
    if not isinstance(text, str) or not text:
        return False
    text = latin_lookalikes(text)
    for m in _HANDING.finditer(text):
        head = re.match(r"[^.!?;。！？]{0,40}", text[m.end():])
        said = head.group(0) if head else ""
        cue = _word_search(_SECRET_CUE, said) if said else None
        # the secret is what is handed over, not a word before another noun ("my login screen wallpaper")
        if cue and not _GENERIC.search(said) and _HANDED_END.match(said, cue.end()):
            return True
    return any(_SECRET_CUE.search(m.group("what")) for m in _ZH_HANDING.finditer(text))


def mask_values(text: str, mask: str) -> str:
    """`text` with every token that could be a typed value (a code, letters mixed with digits) replaced by `mask`.

    >>> mask_values("it's 7264, and the gate is B7x9q", "[redacted]")
    "it's [redacted], and the gate is [redacted]"
    """
    out, pos = [], 0
    for m in _TOKEN.finditer(text):
        token = m.group(0).rstrip(".-/")
        before, after = text[max(0, m.start() - 14):m.start()], text[m.start() + len(token):]
        if _value_token(token, before, after) or _identifier_token(token, before, after):
            out += [text[pos:m.start()], mask]
            pos = m.start() + len(token)
    return "".join(out) + text[pos:]
