"""Language detection and the lexical tokenizer shared by BM25, dedup and the fake embedder.

English: lower-case words, stop words dropped, inflections folded (`english_stem`). Chinese (any CJK run):
character unigrams plus bigrams, so "北京工作" matches "在北京" without a dictionary.

Example:
    >>> tokenize("I prefer TypeScript for frontend work")
    ['prefer', 'typescript', 'frontend', 'work']
    >>> tokenize("我在北京工作")[:4]
    ['北', '京', '工', '作']
    >>> detect_lang("以后回答都用中文"), detect_lang("Use English")
    ('zh', 'en')
"""

from __future__ import annotations

import importlib.util
import logging
import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from .english_stem import english_stem

logger = logging.getLogger(__name__)

_CJK = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_TOKEN = re.compile(rf"[{_CJK}]+|[a-z0-9]+(?:[._+#-][a-z0-9]+)*")
_CJK_RUN = re.compile(rf"[{_CJK}]")

EN_STOP = frozenset(
    """a an the and or but if of to in on at by for with from as is are was were be been being am do does did
    doing have has had having i me my mine myself you your yours he him his she her it its we us our they them
    their this that these those there here what which who whom whose when where why how all any both each few
    more most other some such no nor not only own same so than too very can will just should would could
    shall may might must s t don about into over under again further then once up down out off also
    let lets please yeah ok okay oh hey hi""".split()
)
ZH_STOP = frozenset("的 了 是 在 和 与 及 也 就 都 而 吗 呢 吧 啊 呀 着 过 我 你 他 她 它 们 这 那 个 之 把 被 让 给 有".split())


LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")

# Terminal escape sequences (CSI, OSC, two-byte) and characters that change how text shows without being
# text: C0/C1 controls but newline and tab, DEL, bidi embeddings/overrides/isolates/marks, zero-width space,
# word joiner, BOM. Zero-width (non-)joiners and variation selectors stay where emoji and some scripts need them;
# between two Latin letters, digits or Han characters a joiner joins nothing and goes ("pea\u200dnuts" is peanuts).
_ESCAPE_SEQUENCE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]|\x9b[0-?]*[ -/]*[@-~]")
_JOINER_IN_WORD = re.compile("(?<=[0-9A-Za-z\u00c0-\u024f\u3400-\u4dbf\u4e00-\u9fff])[\u200c\u200d]+"
                             "(?=[0-9A-Za-z\u00c0-\u024f\u3400-\u4dbf\u4e00-\u9fff])")
_INVISIBLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]")


def strip_controls(text: str) -> str:
    """`text` without terminal escape sequences, control characters (newline and tab stay), bidi controls
    and zero-width spaces; Chinese and emoji untouched. Text under a right-to-left override is first put in
    the order it is displayed (`display_order`), so what is kept is what a reader saw. The write boundary
    applies it to every record.

    >>> strip_controls("User likes \x1b[31mred\x1b[0m tea"), strip_controls("Par\u200bis\u202e"), strip_controls("喝茶 👨‍👩‍👧")
    ('User likes red tea', 'Paris', '喝茶 👨‍👩‍👧')
    >>> strip_controls("allergic to pea\u200dnuts, 花\u200c生")
    'allergic to peanuts, 花生'
    """
    if text.isprintable() and "\x1b" not in text:
        return text
    return _INVISIBLE.sub("", _JOINER_IN_WORD.sub("", _ESCAPE_SEQUENCE.sub("", display_order(text))))


RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: shows the characters after it, to its PDF, right to left
_PDF = "\u202c"
_EMBEDDINGS = "\u202a\u202b\u202d\u202e"  # LRE, RLE, LRO, RLO: each closed by a PDF
_PARAGRAPH_END = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"  # an unclosed override ends with its paragraph
_MIRRORED = str.maketrans("()[]{}<>«»‹›（）【】《》「」", ")(][}{><»«›‹）（】【》《」「")


def display_order(text: str) -> str:
    """`text` with each span under a right-to-left override (U+202E to its U+202C, or to the end of the
    paragraph) in the order it is displayed: reversed, brackets mirrored — "in \u202eolsO\u202c" shows, and
    reads, as "in Oslo". A span holding right-to-left letters (Hebrew, Arabic) keeps its order (it shows in
    its own direction); overrides nested in a span are read with it. Controls are left for `strip_controls`.

    >>> display_order("I live in \u202eolsO\u202c."), display_order("我住在\u202e京北\u202c")
    ('I live in \u202eOslo\u202c.', '我住在\u202e北京\u202c')
    """
    if RLO not in text:
        return text
    out, i = [], 0
    while (start := text.find(RLO, i)) >= 0:
        end = _override_end(text, start + 1)
        span = text[start + 1:end]
        rtl = any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in span)
        out += [text[i:start + 1], span if rtl else span[::-1].translate(_MIRRORED)]
        i = end
    out.append(text[i:])
    return "".join(out)


def _override_end(text: str, i: int) -> int:
    """Index of the PDF closing the override opened just before `i` (or of its paragraph's end, or len)."""
    depth = 1
    for j in range(i, len(text)):
        ch = text[j]
        if ch in _PARAGRAPH_END:
            return j
        if ch in _EMBEDDINGS:
            depth += 1
        elif ch == _PDF:
            depth -= 1
            if depth == 0:
                return j
    return len(text)


def repair_surrogates(text: str) -> str:
    """`text` with lone surrogates (invalid Unicode that tokenizers and UTF-8 reject) replaced by U+FFFD."""
    return LONE_SURROGATE.sub("\ufffd", text) if LONE_SURROGATE.search(text) else text


_FULL_WIDTH_ALNUM = {c: c - 0xFEE0 for r in ((0xFF10, 0xFF19), (0xFF21, 0xFF3A), (0xFF41, 0xFF5A)) for c in range(r[0], r[1] + 1)}


def fold_width(text: str) -> str:
    """`text` with full-width Latin letters and digits as ASCII ("ＧＯＯＧＬＥ" → "GOOGLE"); full-width punctuation,
    which Chinese text uses, stays.

    >>> fold_width("我在ＧＯＯＧＬＥ工作，用 Ｐｙｔｈｏｎ３")
    '我在GOOGLE工作，用 Python3'
    """
    return text.translate(_FULL_WIDTH_ALNUM) if any("\uff10" <= ch <= "\uff5a" for ch in text) else text


@lru_cache(maxsize=1)
def _traditional_to_simplified() -> dict[int, str]:
    """OpenCC's one-character Traditional → Simplified table (the first reading of each), from the
    `opencc-python-reimplemented` package's data; empty, with a warning, when that data is missing."""
    try:  # the package's data file, found without importing the package
        spec = importlib.util.find_spec("opencc")
        if spec is None or not spec.submodule_search_locations:
            raise FileNotFoundError("no package 'opencc'")
        path = Path(list(spec.submodule_search_locations)[0]) / "dictionary" / "TSCharacters.txt"
        lines = path.read_text("utf-8").splitlines()
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError, OSError) as e:
        logger.warning("Traditional Chinese is read as written: OpenCC's character table is missing (%s); "
                       "pip install opencc-python-reimplemented", e)
        return {}
    table: dict[int, str] = {}
    for line in lines:
        trad, _, simplified = line.partition("\t")
        first = simplified.split(" ")[0]
        if len(trad) == 1 and len(first) == 1 and trad != first:
            table[ord(trad)] = first
    return table


def to_simplified(text: str) -> str:
    """`text` with Traditional Chinese characters in their Simplified form, one character for one, so a
    position in the result is the same position in `text`; the zh rules are written in Simplified.

    >>> to_simplified("我對花生過敏，住在臺北")
    '我对花生过敏，住在台北'
    """
    return text.translate(_traditional_to_simplified()) if _traditional_chars().search(text) else text


@lru_cache(maxsize=1)
def _traditional_chars() -> re.Pattern[str]:
    # the Basic Multilingual Plane only: one character beyond it makes the class ~50x slower to search
    bmp = sorted(re.escape(chr(c)) for c in _traditional_to_simplified() if c < 0x10000)
    return re.compile(f"[{''.join(bmp)}]" if bmp else r"(?!)")


def detect_lang(text: str) -> str:
    """'zh' when CJK characters are at least 20% of the letters, else 'en'."""
    cjk = len(_CJK_RUN.findall(text))
    latin = len(re.findall(r"[A-Za-z]", text))
    return "zh" if cjk and cjk * 5 >= latin else "en"


def _stem(word: str) -> str:
    return english_stem(word)


def tokenize(text: str, *, stem: bool = True, bigrams: bool = True,
             stemmer: Callable[[str], str] | None = None) -> list[str]:
    """Lexical tokens for BM25 and overlap checks (see module docstring); `stemmer` replaces `english_stem`."""
    out: list[str] = []
    for tok in _TOKEN.findall(text.casefold()):
        if _CJK_RUN.match(tok):
            chars = list(to_simplified(tok))  # "過敏" and "过敏" are one word
            out.extend(c for c in chars if c not in ZH_STOP)
            if bigrams:
                out.extend(a + b for a, b in zip(chars, chars[1:], strict=False))
        elif tok not in EN_STOP:
            out.append((stemmer or _stem)(tok) if stem else tok)
    return out


def with_article(noun: str) -> str:
    """The noun after "a" or "an" by its first letter: `with_article("access code")` -> "an access code"."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"
