"""Values a sentence itself says open nothing of the user's, though they look like secrets (en + zh):

- a value inside a quoted string the sentence calls a template, a message text or a string to translate ("'Your
  verification code is 123456' is just the template string I'm translating", "短信模板“您的验证码是 663920”");
- a value quoted as a cultural reference nobody owns ("Isn't 'hunter2' from that old IRC joke?", "'12345' is the
  luggage combination joke from Spaceballs");
- a commit's short hash in a sentence about git ("git log 显示 9a7c3e1 改了登录接口"), no secret's name between;
- a documented default ("the manual says the factory PIN is 1234", "说明书上写出厂密码是 000");
- a test-mode key the docs publish ("the Stripe docs test key sk_test_… is what their examples use");
- a made-up value: "change-me", "replace_me", "your-secret-key-here", or a run of one digit ("000000", "888888")
  and a plain run ("123456") in a sentence about tests or fakes;
- a value brought in by "e.g." / "for example" / "例如" in a sentence no "my" owns;
- an identifier number the sentence names as an order's, an invoice's or a reference, or as sample data
  ("订单号 CN88 0102 …", "这个编号 DE89 … 是测试数据里的示例 IBAN").
"""

from __future__ import annotations

import re

_I = re.IGNORECASE

_STOPS = ".!?。！？\n"

# a quoted span: '…', "…", “…”, ‘…’, 「…」, 『…』 (a single quote only where it opens or closes a span, not "don't")
_QUOTED = re.compile(r"(?<![A-Za-z])'[^'\n]{3,200}'(?![A-Za-z])|\"[^\"\n]{3,200}\"|“[^”\n]{3,200}”|‘[^’\n]{3,200}’|「[^」\n]{3,200}」|『[^』\n]{3,200}』")
_TEMPLATE = re.compile(r"\b(?:templates?|template\s+strings?|strings?|copy|wording|message\s+text|placeholder\s+text|"
                       r"translat\w*|locali[sz]\w*|i18n|mock-?ups?|not\s+a\s+real)\b|模板|模版|文案|翻译|译成|翻成|字符串|样例|示例|"
                       r"不是真的|不是真实|假的", _I)
_REFERENCE = re.compile(r"\b(?:breach(?:es)?|breach\s+lists?|leaks?|wordlists?|dictionar(?:y|ies)|rockyou|top[- ]?\d+|jokes?|memes?|xkcd|comics?|movies?|films?|classic|famous|infamous|irc|bash\.org|quotes?|"
                        r"spaceballs|sitcom|episode|show|scene|song|lyrics?|reference)\b|梗|段子|笑话|电影|电视剧|台词|经典|著名", _I)
_OWNER = re.compile(r"\b(?:my|mine|I|I'?ve|I'?m|our|we)\b|我的|我们的|我家|我设|我用|我改", _I)
_GIT = re.compile(r"\bgit\b|\bcommits?\b|\bcherry-pick\b|\brebase\b|\brevert\b|\bblame\b|\bHEAD\b|提交|这条记录", _I)
_SECRET_NAME = re.compile(r"\b(?:pass(?:word|code|phrase)?|pw|pin|token|secret|key|credentials?)\b|密码|口令|密钥|令牌", _I)
_DEFAULT = re.compile(r"\b(?:default|factory|out[- ]of[- ]the[- ]box|initial|shipped|stock)\b|出厂|默认|初始", _I)
_DOCS = re.compile(r"\b(?:manual|docs?|documentation|readme|guide|handbook|datasheet|vendor'?s?\s+site|wiki|spec)\b|"
                   r"说明书|文档|手册|官方|官网|使用指南", _I)
_DOCS_KEY = re.compile(r"(?:sk|pk|rk)_test_|EXAMPLE")
_MADE_UP = re.compile(r"(?:change|replace|fill|set|update)[-_ ]?(?:me|this|it)(?:[-_]?(?:please|later|now))?|"
                      r"(?:your|my)[-_](?:[a-z]+[-_]){0,3}(?:here|goes[-_]here)|todo|tbd|fixme|(?:dummy|fake)[-_](?:[a-z]+[-_])?(?:key|token|secret|password|pass|value)", _I)
_RUN = re.compile(r"(\d)\1{3,7}|0?123456(?:78?9?)?|9?87654(?:32?1?)?")
_FAKE = re.compile(r"\b(?:tests?|testing|unit\s+tests?|test\s+(?:suite|cases?|env(?:ironment)?)|fixtures?|mocks?|mocked|mocking|"
                   r"fake|dummy|stub|sample|example|demo|staging\s+seed)\b|测试|用例|单测|假的?|示例|样例|模拟|演示|mock", _I)
_OTHER_NUMBER_BEFORE = re.compile(r"(?:\b(?:order|invoice|reference|ref|tracking|booking|shipment|parcel)\s*(?:number|no\.?|#|id)?|"
                                  r"订单号?|发票号?|参考号|编号|单号|流水号|快递单?号|运单号)\s*[:：#]?\s*[A-Z0-9 ]{0,6}$", _I)
# the sentence disowns the value: "…，不是真的", "it's not a real key", "made up"
_NOT_REAL = re.compile(r"\b(?:not\s+(?:a\s+)?real|isn'?t\s+(?:a\s+)?real|not\s+actually\s+(?:a\s+|mine)|made[- ]up|"
                       r"fake\s+(?:one|value|key|token|code|password))\b|不是真的|不是真实的?|是假的|编的|瞎编|随便写的", _I)
# a value brought in as an example of a kind, in a sentence owned by nobody: "log in with your employee ID, e.g. 40221"
_AN_EXAMPLE_BEFORE = re.compile(r"(?:\be\.g\.|\beg\.|\bfor\s+(?:example|instance)|\bsuch\s+as|例如|比如|譬如|举个例子)\s*[:：,，]?\s*[\"'“‘]?$", _I)
# a one-time code in a test or a mock opens nothing: "在测试代码里 mock 了短信验证码 246810"
_ONE_TIME = re.compile(r"\b(?:otp|one[- ]time\s+(?:pass)?code|verification\s+code|sms\s+code|2fa\s+code|login\s+code)s?\b|"
                       r"验证码|校验码|动态码|短信码", _I)
# a digest or a fingerprint named right before: "SHA256 指纹 aB3d…", "the fingerprint is …"
_DIGEST_BEFORE = re.compile(r"(?:\b(?:fingerprint|digest|checksum|hash|sha-?\d*|md5)|指纹|摘要|哈希值?|校验和?)\s*"
                            r"(?:is|was|[:=：]|是|为)?\s*$", _I)
_SAMPLE_DATA = re.compile(r"\b(?:test\s+(?:data|cards?|card\s+numbers?|numbers?)|sample|example|dummy|fake|made[- ]up)\b|"
                          r"测试数据|测试卡号?|示例|样例|假数据|假卡号?|假的(?:卡号?|号码?)|编造", _I)


def _sentence(text: str, start: int, end: int) -> tuple[int, int]:
    left = max(text.rfind(c, 0, start) for c in _STOPS) + 1
    right = min([i for i in (text.find(c, end) for c in _STOPS) if i >= 0] or [len(text)])
    return left, right


def _in_quote(text: str, start: int, end: int, left: int, right: int) -> tuple[int, int] | None:
    for m in _QUOTED.finditer(text, left, right):
        if m.start() < start and end < m.end():
            return m.span()
    return None


def dismissed_secret(value: str, start: int, end: int, text: str) -> bool:
    """Whether the secret-looking `value` at `text[start:end]` is one its sentence says opens nothing of the user's."""
    left, right = _sentence(text, start, end)
    # a quote inside a sentence may hold its own stops ("'Your code is 123456.' is the template"): widen to the quote
    quote = next((m.span() for m in _QUOTED.finditer(text, max(0, left - 200), min(len(text), right + 200))
                  if m.start() <= start and end <= m.end()), None)
    if quote:
        left, right = min(left, _sentence(text, quote[0], quote[0])[0]), max(right, _sentence(text, quote[1], quote[1])[1])
    sentence = text[left:right]
    core = value.strip("'\"“”‘’「」")
    if _MADE_UP.fullmatch(core):
        return True
    if quote:
        outside = text[left:quote[0]] + text[quote[1]:right]
        inside = text[quote[0] + 1:quote[1] - 1]
        if inside.strip() != core and (len(inside.split()) >= 3 or re.search(r"[\u4e00-\u9fff]{3}", inside)):  # a message quoted
            if _TEMPLATE.search(outside):
                return True
        if _REFERENCE.search(outside) and not _OWNER.search(outside):
            return True
    if re.fullmatch(r"(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}", core):
        git = list(_GIT.finditer(text, left, start))
        if git and not _SECRET_NAME.search(text, git[-1].end(), start):
            return True
    if _DEFAULT.search(sentence) and _DOCS.search(sentence) and not _OWNER.search(sentence):
        return True
    if _DOCS_KEY.search(core) and _DOCS.search(sentence) and not _OWNER.search(sentence):
        return True
    if _AN_EXAMPLE_BEFORE.search(text[max(0, start - 24):start]):  # "e.g." ends no sentence: read across its stops
        lead = re.split(r"[!?。！？\n]|\.\s(?<!e\.g\.\s)", text[max(0, start - 120):start])[-1]
        if not _OWNER.search(lead):
            return True
    if _NOT_REAL.search(sentence) or _DIGEST_BEFORE.search(text[max(left, start - 24):start]):
        return True
    if _ONE_TIME.search(sentence) and _FAKE.search(sentence):
        return True
    return bool(_RUN.fullmatch(core) and _FAKE.search(sentence))


def dismissed_identifier(start: int, text: str) -> bool:
    """Whether the identifier number at `text[start:]` is named as an order's, an invoice's or a reference right
    before it, or its sentence calls it sample data."""
    left, right = _sentence(text, start, start)
    return bool(_OTHER_NUMBER_BEFORE.search(text[max(left, start - 24):start]) or _SAMPLE_DATA.search(text, left, right))
