"""Code in a message is a span no clause is read from (en + zh alike).

A review request ("Can you review this? ```python\\n# I live in Tokyo and I am allergic to shellfish …```") holds
text the user pasted, not statements about the user: the comment's clause after "and" was read as plain text and
stored «User is allergic to shellfish». `split` finds every code span before the message is cut into sentences:

- a fenced block (``` or ~~~, to its closing fence or the end of the message), wherever the fence opens;
- a triple-quoted string (a docstring) outside a fence;
- inline `code` that holds code syntax (a comment marker, a string literal, an assignment or a call); a plain
  `token` stays in the sentence as its value ("lint blocks `any`", "I use `ruff`");
- a run of code lines: a line that starts with a comment marker (//, /*, *, <!--, #!), a shell or REPL prompt
  ($, >>>, PS>), a keyword that opens a statement (def, class, import, return, const, …), an assignment or a call,
  a brace or a statement ending in ";"; a stack trace ("Traceback (most recent call last):", '  File "x.py", line 3',
  "    at com.x.Y(Y.java:12)"); a log line (timestamp or level first); a line indented as a code block after a blank
  line; and a "#" line (a comment) next to any of these. Trailing comments ride with the code line they end.

What stays outside the spans is read as usual: "I always use tabs btw. ```py …```" still stores the tabs.
"""

from __future__ import annotations

import re

_FENCE = re.compile(r"(`{3,}).*?(?:\1|\Z)|^[ \t]*(~{3,}).*?(?:^[ \t]*\2|\Z)", re.S | re.M)
_DOCSTRING = re.compile(r"(\"\"\"|\'\'\').*?(?:\1|\Z)", re.S)
_INLINE = re.compile(r"`([^`\n]{1,400})`")
# code syntax inside inline code: a comment marker, a string literal, an assignment, a call, a statement end
_INLINE_CODE = re.compile(r"(?:^|\s)(?:#|//|/\*)|[\"']|(?<![=!<>])=(?!=)|\w\(|;\s*\S|^\s*\$\s")

_COMMENT_LINE = re.compile(r"^\s*(?:#+(?:\s|$)|#!|//|/\*|\*/|<!--|;;)")
_PROMPT_LINE = re.compile(r"^\s*(?:\$\s+\S|>>>\s|PS [A-Z]:\\[^>]*>|[A-Z]:\\[^>\s]*>|#\s+(?:sudo|apt|cd|ls|rm)\s)")
# a statement by its shape: the keyword and the syntax right after it ("def f(", "let x =", "for x in xs:"), so that
# "let me know", "return the book", "for work (mostly) I use vim", "if you can, use tabs:" stay prose
_STATEMENT = re.compile(
    r"^\s*(?:async\s+)?def\s+\w+\s*\(|^\s*class\s+\w+\s*(?:[(:{<]|extends\b|implements\b)|"
    r"^\s*import\s+[\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+)*\s*;?\s*(?:(?:#|//).*)?$|"
    r"^\s*from\s+[\w.]+\s+import\s+[\w., *()]+$|^\s*(?:import|export)\s+(?:\{|\*|default\b|[\w$]+\s+from\s+[\"'])|"
    r"^\s*(?:}\s*)?(?:if|elif|else\s+if|while|for|switch|catch|with)\s*\(|"
    r"^\s*(?:if|elif|while|for|with)\s[^,]*?(?:[=<>()\[\].]|\bin\b|\bnot\b|\bis\b|\bas\b)[^,]*:\s*(?:(?:#|//).*)?$|"
    r"^\s*(?:}\s*)?(?:else|try|finally|do)\s*[:{]\s*$|^\s*except\b[^,]*:\s*$|"
    r"^\s*(?:return|yield|raise|throw|await)\s+[\w.$]+\s*(?:[(\[;]|[-+*/%<>=!&|]|$|\s(?:#|//)\s)|"
    r"^\s*(?:const|let|var|val|auto)\s+(?:mut\s+)?[\w$]+\s*(?::[^=]+)?=|"
    r"^\s*(?:public|private|protected|static|final|pub)\b.*[;{(]\s*(?:(?://|#).*)?$|"
    r"^\s*(?:fn|func|function)\s+[\w$]+\s*[(<]|^\s*(?:struct|enum|interface|impl|trait)\s+[\w<>]+\s*[{(:<]|"
    r"^\s*(?:package|using|namespace)\s+(?:[\w]+(?:\.[\w]+)+|[\w.]+\s*[;{])|^\s*#(?:include\s*[<\"]|define\s+\w+)|"
    r"^\s*(?:SELECT|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(?:TABLE|INDEX|VIEW|DATABASE)|ALTER\s+TABLE|DROP\s+TABLE)\b|"
    r"^\s*(?:print|printf|puts|console\.\w+|System\.out\.\w+|fmt\.\w+)\s*\(|^\s*(?:echo|print|puts)\s+[\"'$]")
_ASSIGNMENT_LINE = re.compile(r"^\s*[A-Za-z_$][A-Za-z0-9_.$\[\]'\"]*\s*(?:[-+*/|&]?=|:=)\s*\S")
_CALL_LINE = re.compile(r"^\s*(?:await\s+)?[\w.]+(?:\[[^\]]*\])?\([^()]*(?:\([^()]*\)[^()]*)*\)\s*;?\s*(?:(?:#|//).*)?$")
_BRACE_LINE = re.compile(r"^\s*[{}\[\])]+[;,]?\s*$|\{\s*(?:(?://|#).*)?$|^\s*}")
_TRACE_LINE = re.compile(
    r"^\s*(?:Traceback \(most recent call last\):|File \"[^\"]+\", line \d+|at\s+\S.*(?:\.\w+:\d+|:\d+:\d+|Native Method|Unknown Source)\)?\s*$|Caused by:|"
    r"Exception in thread|\.\.\. \d+ more|\^+\s*$|[\w.]+(?:Error|Exception)(?::|$))")
_LOG_LINE = re.compile(r"^\s*\[?(?:\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|\d{2}:\d{2}:\d{2}[.,]\d+)|^\s*\[(?:DEBUG|INFO|WARN|WARNING|ERROR|FATAL|TRACE)\]")
_INDENTED = re.compile(r"^(?: {4,}|\t)(?![-*+•]\s|\d+[.)]\s)\S")
_BLANK = re.compile(r"^\s*$")


def _statement_end(line: str) -> bool:
    """A line that ends a statement in code (";" after code syntax), not a prose sentence cut at a semicolon."""
    s = line.rstrip()
    return s.endswith(";") and bool(re.search(r"\w\(|[=(){}\[\]]\s*;$|=", s)) and not re.search(r"\s\(", s)


def is_code_line(line: str) -> bool:
    """`line` is code by its shape: a prompt, a statement, a call, a brace, a trace or a log line."""
    if _COMMENT_LINE.match(line) and not line.lstrip().startswith("#"):
        return True  # "// …", "/* …", "<!-- …"; a lone "# …" may be a heading (see `split`)
    if _PROMPT_LINE.match(line) or _TRACE_LINE.match(line) or _LOG_LINE.match(line) or _BRACE_LINE.search(line):
        return True
    if _STATEMENT.match(line):
        return True  # "def f(x):", "import os", "return x  # …" — not "let me know" or "from now on, …"
    return bool(_ASSIGNMENT_LINE.match(line) or _CALL_LINE.match(line) or _statement_end(line))


def _code_lines(text: str) -> list[tuple[int, int]]:
    """(start, end) offsets of each run of code lines in `text` (fences already taken out)."""
    lines = text.split("\n")
    kinds: list[str] = []  # "code", "hash" (a "# …" line), "indent", "blank", "prose"
    after_blank = True
    for line in lines:
        if _BLANK.match(line):
            kinds.append("blank")
        elif is_code_line(line):
            kinds.append("code")
        elif _COMMENT_LINE.match(line):
            kinds.append("hash")
        elif _INDENTED.match(line) and (after_blank or (kinds and kinds[-1] in ("indent", "code"))):
            kinds.append("indent")
        else:
            kinds.append("prose")
        after_blank = kinds[-1] == "blank"
    # an indented block after a blank line is code when it holds code; "# …" lines next to code are its comments
    changed = True
    while changed:
        changed = False
        for i, kind in enumerate(kinds):
            if kind not in ("hash", "indent"):
                continue
            near = [k for k in (_neighbour(kinds, i, -1), _neighbour(kinds, i, 1)) if k]
            if "code" in near or (kind == "indent" and "hash" in near):  # an indented paragraph alone stays prose
                kinds[i], changed = "code", True
    spans, pos, start = [], 0, -1
    for line, kind in zip(lines, kinds, strict=True):
        if kind == "code" and start < 0:
            start = pos
        elif kind == "prose" and start >= 0:
            spans.append((start, pos))
            start = -1
        pos += len(line) + 1
    if start >= 0:
        spans.append((start, len(text)))
    return spans


def _neighbour(kinds: list[str], i: int, step: int) -> str:
    j = i + step
    while 0 <= j < len(kinds) and kinds[j] == "blank":
        j += step
    return kinds[j] if 0 <= j < len(kinds) else ""


def _first_line(span: str) -> str:
    return next((line.strip() for line in span.split("\n") if line.strip() and not line.strip().startswith(("```", "~~~"))),
                span.strip())[:60]


def split(message: str) -> tuple[str, list[dict[str, str]]]:
    """(the message with each code span replaced by a line break, one skip per span: {"text", "reason": "code"})."""
    if not any(mark in message for mark in ("`", "~~~", '"""', "'''", "\n", "//", "$ ", ">>>", "#", ";")):
        return message, []
    spans: list[str] = []

    def cut(m: re.Match[str]) -> str:
        spans.append(m.group(0))
        return "\n"

    def cut_inline(m: re.Match[str]) -> str:  # inline code sits inside a sentence: a space, not a break
        spans.append(m.group(0))
        return " "

    text = _FENCE.sub(cut, message)
    text = _DOCSTRING.sub(cut, text)
    text = _INLINE.sub(lambda m: cut_inline(m) if _INLINE_CODE.search(m.group(1)) else m.group(0), text)
    runs = _code_lines(text)
    for start, end in reversed(runs):
        spans.append(text[start:end])
        text = text[:start] + "\n" + text[end:]
    if not spans:
        return message, []
    return text, [{"text": _first_line(s), "reason": "code"} for s in spans if s.strip()]


__all__ = ["is_code_line", "split"]
