"""A clause in a language the rules do not read (Japanese, Korean, Spanish, French, German, Portuguese, Italian).

The extractor reads English and Chinese. "私は東京に住んでいます", "저는 서울에 살아요", "Vivo en Madrid" were skipped as
"no parse", which says nothing to the user; `name` tells them apart by script (kana, Hangul) or, in Latin script,
by the function words a clause is made of, so the skip says "language not supported". A clause with kana is never
handed to the Chinese rules ("我住在京都、毎日コーヒーを飲みます": the Chinese clause is read, the Japanese one is not).
"""

from __future__ import annotations

import re

_HIRAGANA = re.compile(r"[\u3041-\u309f]")
_KATAKANA = re.compile(r"[\u30a1-\u30fa]")
_HANGUL = re.compile(r"[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_ZH_FUNCTION = re.compile(r"[我你他她们的是了在吗呢吧很都也就还]")
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")

# function words (pronouns, articles, copulas, prepositions) no English clause is made of; none is an English word
_FUNCTION_WORDS = {
    "Spanish": {"yo", "soy", "estoy", "es", "el", "los", "las", "y", "en", "del", "al", "una", "mi", "mis", "tengo",
                "vivo", "trabajo", "que", "por", "con", "para", "muy", "pero", "gusta", "gustan", "hermano", "hermana"},
    "French": {"je", "suis", "j'ai", "j'aime", "le", "les", "et", "à", "du", "des", "une", "mon", "ma", "mes", "est",
               "avec", "pour", "dans", "pas", "ne", "vis", "habite", "travaille", "aime", "chez", "c'est"},
    "German": {"ich", "bin", "habe", "und", "der", "das", "ein", "eine", "mein", "meine", "wohne", "nicht", "ist",
               "mit", "für", "auf", "arbeite", "gerne", "mag", "bei", "aus"},
    "Portuguese": {"eu", "sou", "moro", "tenho", "em", "os", "um", "uma", "meu", "minha", "não", "com", "trabalho",
                   "gosto", "na", "no", "estou", "muito"},
    "Italian": {"io", "sono", "vivo", "ho", "il", "lo", "gli", "di", "un", "una", "mio", "mia", "non", "con", "per",
                "lavoro", "abito", "mi", "piace", "che"},
}
_ENGLISH = {"i", "i'm", "im", "my", "me", "we", "our", "you", "the", "a", "an", "and", "is", "am", "are", "to", "of",
            "in", "at", "for", "with", "on", "have", "live", "work", "like", "use", "it", "that", "this", "but", "not"}


def name(clause: str) -> str:
    """The language `clause` is written in when it is neither English nor Chinese ("Japanese", …), else ""."""
    if _HIRAGANA.search(clause) or (len(_KATAKANA.findall(clause)) >= 2 and not _ZH_FUNCTION.search(clause)):
        return "Japanese"  # kana; a katakana name inside a Chinese clause ("我喜欢ソニー的耳机") stays Chinese
    if len(_HANGUL.findall(clause)) >= 2:
        return "Korean"
    if _CJK.search(clause):
        return ""
    words = [w.casefold() for w in _WORD.findall(clause)]
    words = [w for i, w in enumerate(words) if i == 0 or w != words[i - 1]]  # "no no I meant Brave": one interjection
    if len(words) < 2:
        return ""
    english = sum(w in _ENGLISH for w in words)
    counts = {lang: sum(w in vocab for w in words) for lang, vocab in _FUNCTION_WORDS.items()}
    lang, most = max(counts.items(), key=lambda kv: kv[1])
    return lang if most >= 2 and most > english and most * 3 >= len(words) else ""


__all__ = ["name"]
