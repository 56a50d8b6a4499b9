"""Personal identifiers with their checksums (cards, Chinese ID numbers, SSNs, IBANs), the PII policy, redaction."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from ..text import to_simplified
from .credentials import Finding, _dedupe, find_secrets, halfwidth
from .cued import find_cued
from .dismissed import dismissed_identifier

PiiPolicy = Literal["refuse", "redact"]
PII_POLICIES: tuple[str, ...] = ("refuse", "redact")
REDACTED = "[redacted]"
_I = re.IGNORECASE

_CARD = re.compile(r"(?<![\d.])(?:\d[ -]?){12,18}\d(?![\d.])")
_CN_ID = re.compile(r"(?<!\d)\d{17}[\dXx](?![\dA-Za-z])")
_SSN = re.compile(r"(?<![\d-])(\d{3})-(\d{2})-(\d{4})(?![\d-])")
_SSN_BARE = re.compile(r"(?:\bssn|social\s+security(?:\s+number)?|社会安全号|社保号)\D{0,20}?(?<!\d)(\d{9})(?!\d)", _I)
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}\b")
_CN_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
# a number the text names as a card or an IBAN holds one whatever its checksum ("can you tell if this card number is
# valid, 4929 1873 5520 6614", "收款的IBAN是 DE31 7002 …"): a mistyped or made-up one is still the user's to keep
_CARD_NAMED = re.compile(r"(?<![A-Za-z])(?:card\s*(?:number|no\.?|num|#)|(?:credit|debit|bank|visa|mastercard|amex)\s+card|"
                         r"visa|mastercard|amex)(?![A-Za-z])|卡号|信用卡|银行卡|借记卡|储蓄卡", _I)
_IBAN_NAMED = re.compile(r"(?<![A-Za-z])iban(?![A-Za-z])", _I)
# an IBAN's length by its country: a made-up or mistyped one (its checksum wrong) still has its country's length, and
# either the bank's print form in groups of four ("NL27 RABO 0318 4726 95") or money sent to it ("pay … to NL27…")
_IBAN_LENGTH = {"AD": 24, "AE": 23, "AT": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29, "CH": 21, "CY": 28, "CZ": 24,
                "DE": 22, "DK": 18, "EE": 20, "ES": 24, "FI": 18, "FR": 27, "GB": 22, "GR": 27, "HR": 21, "HU": 28,
                "IE": 22, "IL": 23, "IS": 26, "IT": 27, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MT": 31,
                "NL": 18, "NO": 15, "PL": 28, "PT": 25, "QA": 29, "RO": 24, "SA": 24, "SE": 24, "SI": 19, "SK": 24,
                "SM": 27, "TR": 26, "UA": 29}
_IBAN_GROUPED = re.compile(r"\b[A-Z]{2}\d{2}(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,3})?\b")
_IBAN_COMPACT = re.compile(r"\b[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b")
_PAYMENT = re.compile(r"\b(?:pay|paid|paying|transfer\w*|wire\w*|send|sent|deposit\w*|refund\w*|account|bank)\b|"
                      r"转账|汇款|打款|付款|收款|账户|帐户|银行", _I)


def _iban_shaped(value: str) -> bool:
    compact = value.replace(" ", "")
    return _IBAN_LENGTH.get(compact[:2]) == len(compact) and sum(c.isdigit() for c in compact[4:]) >= 6
_NAMED_WINDOW = 40  # characters before the number the name may stand in
# another number named between the name and the number: "信用卡还款 3000 元，订单号 4929…" is an order's
_OTHER_NUMBER = re.compile(r"\b(?:order|tracking|invoice|reference|ref|transaction|ticket|case|account)\b|订单|单号|编号|流水号|交易号|快递|账号|帐号", _I)


def _named(name: re.Pattern[str], text: str, start: int) -> bool:
    """Whether `name` stands in the few characters before `start`, with no other number named after it."""
    names = list(name.finditer(text, max(0, start - _NAMED_WINDOW), start))
    return bool(names) and not _OTHER_NUMBER.search(text, names[-1].end(), start)


def luhn_valid(digits: str) -> bool:
    """The Luhn checksum of a digit string (payment cards)."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def cn_id_valid(number: str) -> bool:
    """Checksum and birth date of an 18-character Chinese resident ID number."""
    body, check = number[:17], number[17].upper()
    if not body.isdigit() or not ("19" <= number[6:8] <= "20") or not ("01" <= number[10:12] <= "12") \
            or not ("01" <= number[12:14] <= "31"):
        return False
    return "10X98765432"[sum(int(a) * w for a, w in zip(body, _CN_ID_WEIGHTS, strict=True)) % 11] == check


def iban_valid(iban: str) -> bool:
    """ISO 13616 mod-97 check of an IBAN (spaces ignored)."""
    s = iban.replace(" ", "").upper()
    if not (15 <= len(s) <= 34) or not s[:2].isalpha() or not s[2:4].isdigit():
        return False
    return int("".join(str(int(c, 36)) for c in s[4:] + s[:4])) % 97 == 1


def _ssn_valid(area: str, group: str, serial: str) -> bool:
    return area not in ("000", "666") and not area.startswith("9") and group != "00" and serial != "0000"


def find_pii(text: str) -> list[Finding]:
    """Card numbers (Luhn, or named as one), Chinese ID numbers (checksum), US SSNs and IBANs (mod 97, or named as
    one) in `text`."""
    return screen_pii(text)[0]


def screen_pii(text: str) -> tuple[list[Finding], list[Finding]]:
    """`find_pii`'s identifiers, and apart those the text names as sample data, an order's or a reference (a
    clause cut from the text no longer says so: "…的 4242 4242 4242 4242 就行，那是官方文档给的假卡号")."""
    if not isinstance(text, str) or not text:
        return [], []
    original, text = text, halfwidth(to_simplified(text))  # "身份證號" too; "１１０１０５…" is an ID number too; spans hold in the original
    found: list[Finding] = []
    for m in _CN_ID.finditer(text):
        if cn_id_valid(m.group(0)):
            found.append(Finding("national id number", "pii", *m.span(), m.group(0)))
    for m in _CARD.finditer(text):
        digits = re.sub(r"\D", "", m.group(0))
        named = _named(_CARD_NAMED, text, m.start())
        if 13 <= len(digits) <= 19 and digits[0] in "23456" and (luhn_valid(digits) or named) and len(set(digits)) > 1:
            found.append(Finding("card number", "pii", *m.span(), m.group(0)))
    for m in _SSN.finditer(text):
        if _ssn_valid(*m.groups()):
            found.append(Finding("social security number", "pii", *m.span(), m.group(0)))
    for m in _SSN_BARE.finditer(text):
        d = m.group(1)
        if _ssn_valid(d[:3], d[3:5], d[5:]):
            found.append(Finding("social security number", "pii", *m.span(1), d))
    for m in _IBAN.finditer(text):
        if iban_valid(m.group(0)) or _named(_IBAN_NAMED, text, m.start()):
            found.append(Finding("iban", "pii", *m.span(), m.group(0)))
    for m in (*_IBAN_GROUPED.finditer(text), *_IBAN_COMPACT.finditer(text)):
        grouped = " " in m.group(0)
        if _iban_shaped(m.group(0)) and (grouped or _PAYMENT.search(text, max(0, m.start() - _NAMED_WINDOW), m.start())):
            found.append(Finding("iban", "pii", *m.span(), m.group(0)))
    found += [f for f in find_cued(text) if f.category == "pii"]
    every = [Finding(f.kind, f.category, f.start, f.end, original[f.start:f.end]) for f in _dedupe(found)]
    dismissed = [f for f in every if dismissed_identifier(f.start, text)]
    return [f for f in every if f not in dismissed], dismissed


def redact(text: str, *values: str, findings: Iterable[Finding] | None = None) -> str:
    """`text` with the given values and every credential or identifier found in it replaced by `[redacted]`."""
    for v in sorted({v for v in values if v and len(v.strip()) >= 3}, key=len, reverse=True):
        text = text.replace(v, REDACTED)
    spans = list(findings) if findings is not None else [*find_secrets(text), *find_pii(text)]
    for v in sorted({f.value for f in spans if f.value}, key=len, reverse=True):
        text = text.replace(v, REDACTED)
    if findings is None:  # a second pass catches spans a first replacement exposed
        for f in sorted([*find_secrets(text), *find_pii(text)], key=lambda f: f.start, reverse=True):
            start, end = _around_placeholders(text, f.start, f.end)
            if text[start:end] != REDACTED:  # not a placeholder read as a value ("is [redacted" left a stray "]")
                text = text[:start] + REDACTED + text[end:]
    return text


def _around_placeholders(text: str, start: int, end: int) -> tuple[int, int]:
    """The span widened to every `[redacted]` it overlaps."""
    for m in re.finditer(re.escape(REDACTED), text):
        if m.start() < end and m.end() > start:
            start, end = min(start, m.start()), max(end, m.end())
    return start, end
