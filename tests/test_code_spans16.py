"""Code in a message (a fence, inline code, code lines, a trailing comment, a docstring, a shell prompt, a stack
trace) is a span no clause is read from; prose outside it is read as usual (en + zh). The skip says "code"."""

from __future__ import annotations

import pytest

from langmem_nodes.write.extractor import RuleExtractor

X = RuleExtractor()


def _objects(message: str) -> list[str]:
    return [c.object for c, *_ in X.claims(message)]


def _reasons(message: str) -> list[str]:
    return [s["reason"] for s in X.analyse(message)[1]]


@pytest.mark.parametrize("message", [
    # a review request: the comment's clause after "and" is the code's, not the user's
    "Can you review this?\n```python\n# I live in Tokyo and I am allergic to shellfish\nx = 1\n```",
    "```python\ndef f(x):\n    return x  # I prefer spaces, my name is Bob\n```",  # a trailing comment
    "```js\n// I prefer spaces and I use Emacs\nconst a = 1;\n```",
    '```python\ndef f():\n    """I live in Tokyo. I work at Google."""\n```',  # a docstring in a fence
    # no fence: code lines, a docstring, a shell prompt, a stack trace
    "// I prefer spaces and I use Emacs\nconst a = 1;",
    'def f():\n    """I live in Tokyo. I work at Google."""\n    return 1',
    "why does this print nothing?\n$ echo I live in Tokyo and I use Emacs",
    'Traceback (most recent call last):\n  File "app.py", line 3, in <module>\nValueError: I live in Tokyo and I use Emacs',
    "x = load()  # my name is Bob and I use Emacs",
    "Why does `x = 1  # I use Emacs and I live in Tokyo` fail?",  # inline code with code syntax
    # zh: Chinese inside the comments, Chinese prose around the code
    "帮我看看这段代码：\n```js\n// 我住在深圳，我对花生过敏\nconst a = 1;\n```",
    "```python\nx = 1  # 我叫小明，我用 Emacs\n```",
    "# 我住在深圳，我对花生过敏\nx = load()\nprint(x)",
    'def f():\n    """我住在东京。我在谷歌工作。"""\n    return 1',
    "这个命令为什么不行？\n$ echo 我住在东京，我用 Emacs",
])
def test_no_clause_inside_code_is_read(message):
    assert _objects(message) == []
    assert "code" in _reasons(message)


@pytest.mark.parametrize("message, kept, not_kept", [
    ("I always use tabs btw. ```py\nx = 1  # and I use Emacs\n```", "tabs", "Emacs"),
    ("```py\nx = 1  # I live in Tokyo and I use Emacs\n```\nBy the way, I live in Lisbon.", "Lisbon", "Emacs"),
    ("我一直用 tab 缩进。```py\nx = 1  # 我住在深圳，我用 Emacs\n```", "tab", "Emacs"),
    ("```js\n// 我住在深圳，我用 Emacs\nconst a = 1;\n```\n顺便说一下，我住在杭州。", "杭州", "Emacs"),
])
def test_prose_outside_the_code_is_still_read(message, kept, not_kept):
    objects = _objects(message)
    assert any(kept in o for o in objects), objects
    assert not any(not_kept in o for o in objects), objects


@pytest.mark.parametrize("message, value", [
    ("I use `ruff` for linting.", "ruff"),  # a plain token in backticks is the sentence's value
    ("我们用 `pytest` 跑测试。", "pytest"),
    ("About me:\n- I live in Rome\n- I use Neovim", "Rome"),  # a list is prose, not code
    ("关于我：\n- 我住在杭州\n- 我用 Neovim", "杭州"),
    # prose that starts like a statement or holds brackets is prose: no code syntax right after the keyword
    ("for work (mostly) I use vim", "vim"),
    ("I live in Paris (the 11th);\nlet me know if that matters", "Paris"),
    ("Here is my note:\n\n    I live in Paris and I use vim", "Paris"),  # an indented paragraph with no code in it
    ("关于我：\n\n    我住在杭州，我用 Neovim", "杭州"),
])
def test_values_and_lists_are_not_taken_for_code(message, value):
    assert any(value in o for o in _objects(message))
