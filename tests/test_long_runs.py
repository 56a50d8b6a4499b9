"""One long unbroken run of characters ("x" × 20,000, a long URL, "哈哈…", "----") is scanned in linear time.

Checked by structure, not by a clock: (1) no pattern repeats a group whose alternative is itself an unbounded
repeat (`(?:了|哈+|啦)*`: 2^n ways to read "哈" × n, 14 s at n=22 before); (2) a credential value said before
its word ("8866是小区大门的密码") starts where its run starts, so a run is tried once, not once per position
(quadratic before: "x" × 20,000 took 27 s); (3) a tech name's words are split by whitespace only, so
"x" × 400 + "哈" is not cut three ways (cubic before: 4.5 s). Detection and extraction are unchanged.
`python -m evals safety --cost` prints the times of these shapes.
"""

from __future__ import annotations

import importlib
import re

import pytest

from langmem_nodes.records import MemoryContext
from langmem_nodes.safety.credentials import _ZH_VALUE_FIRST, find_secrets
from langmem_nodes.write import create_write_graph
from langmem_nodes.write.grammar_zh import _TECH

try:
    import re._constants as sre_constants
    import re._parser as sre_parse
except ImportError:  # Python < 3.11
    import sre_constants  # type: ignore[no-redef]
    import sre_parse  # type: ignore[no-redef]

MODULES = ["langmem_nodes.safety.credentials", "langmem_nodes.safety.pii", "langmem_nodes.safety.instructions",
           "langmem_nodes.safety.inert", "langmem_nodes.safety.planted", "langmem_nodes.write.grammar", "langmem_nodes.write.grammar_zh",
           "langmem_nodes.write.rules", "langmem_nodes.write.lexicon", "langmem_nodes.write.clause_en",
           "langmem_nodes.write.chat_en", "langmem_nodes.write.places", "langmem_nodes.read.query_need",
           "langmem_nodes.safety.coded", "langmem_nodes.safety.replied", "langmem_nodes.safety.lookalike"]
_REPEATS = (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT)


def _alternatives(body):
    items = list(body)
    if len(items) == 1 and items[0][0] is sre_constants.SUBPATTERN:
        return _alternatives(items[0][1][-1])
    if len(items) == 1 and items[0][0] is sre_constants.BRANCH:
        return [alt for branch in items[0][1][1] for alt in _alternatives(branch)]
    return [items]


def _nested_repeats(tree) -> list[str]:
    """Repeated groups one of whose alternatives is, alone, a repeat of more than one: `(?:a|b+)*`."""
    bad = []
    for op, av in tree:
        if op in _REPEATS:
            _, hi, body = av
            if hi > 1:
                bad += [str(alt) for alt in _alternatives(body) if len(alt) == 1 and alt[0][0] in _REPEATS
                        and alt[0][1][1] > 1]
            bad += _nested_repeats(body)
        elif op is sre_constants.SUBPATTERN:
            bad += _nested_repeats(av[-1])
        elif op is sre_constants.BRANCH:
            bad += [b for branch in av[1] for b in _nested_repeats(branch)]
        elif op in (sre_constants.ASSERT, sre_constants.ASSERT_NOT):
            bad += _nested_repeats(av[1])
    return bad


def _patterns(module):
    def walk(name, obj, depth=0):
        if isinstance(obj, re.Pattern):
            yield name, obj
        elif isinstance(obj, (list, tuple)) and depth < 2:
            for i, x in enumerate(obj):
                yield from walk(f"{name}[{i}]", x, depth + 1)
    for name, obj in vars(module).items():
        yield from walk(name, obj)


@pytest.mark.parametrize("module", MODULES)
def test_no_pattern_repeats_a_repeat(module) -> None:
    bad = {name: found for name, p in _patterns(importlib.import_module(module))
           if (found := _nested_repeats(sre_parse.parse(p.pattern, p.flags)))}
    assert bad == {}


def test_a_value_said_before_its_word_starts_where_its_run_starts() -> None:
    said = "ab12cd34是我的开机密码。"
    assert _ZH_VALUE_FIRST.match(said, 0) is not None
    assert _ZH_VALUE_FIRST.match(said, 1) is None  # not again from inside the run


def test_an_address_before_a_slash_starts_where_its_run_starts() -> None:
    """newcomer12 M1: "x" × 20,000 took 13 s to write, the address alternative re-reading the run from each position."""
    from langmem_nodes.safety.framed import _ID_SLASH, find_framed

    for said in ("jess.t@icloud.com / Harbour77lights", "amy.r@gmail.com, hulu4amy!"):
        assert _ID_SLASH.match(said, 0) is not None
        assert _ID_SLASH.match(said, 1) is None  # not again from inside the address
    assert [f.value for f in find_framed("我的账号 jess.t@icloud.com / Harbour77lights")] == ["Harbour77lights"]


def test_a_tech_name_is_split_into_words_by_whitespace_only() -> None:
    (word,) = [body for op, (_, hi, body) in ((op, av) for op, av in sre_parse.parse(_TECH) if op in _REPEATS)
               if hi == 2]
    sep_op, (low, _, _) = list(word)[0]
    assert sep_op in _REPEATS and low >= 1  # `\s+`, not `\s*`: "xxxx" is one word, not three
    assert re.fullmatch(_TECH, "Spring Cloud Gateway") and re.fullmatch(_TECH, "SpringCloud")


@pytest.mark.parametrize(("text", "value"), [
    ("8866是小区大门的密码", "8866"), ("1024 就是我的开机密码。", "1024"),
    ("x" * 5000 + " 8866是小区大门的密码", "8866"), ("abc-12.x9是我的开机密码", "abc-12.x9"),
    ("my password is Tr0ub4dor&3 and " + "x" * 5000, "Tr0ub4dor&3"),
    ("密码是 Qx7!marble " + "哈" * 5000, "Qx7!marble"),
])
def test_credentials_next_to_long_runs_are_still_found(text, value) -> None:
    assert value in [f.value for f in find_secrets(text)]


@pytest.mark.parametrize("text", ["x" * 20000, "-" * 10000, "ha" * 6000, "哈" * 10000,
                                  "https://example.com/?" + "q=abc&" * 1700])
def test_a_long_run_is_no_credential(text) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(("said", "kept"), [
    ("jQuery 我早就不碰了哈哈哈哈", ["用户不再使用jQuery"]),
    ("我不喜欢咖啡哈哈哈哈哈哈", ["用户不喜欢咖啡"]),
    ("我现在住杭州哈哈哈", ["用户住在杭州"]), ("Spring Cloud 真的用不惯", ["用户不再使用Spring Cloud"]),
    ("I don't like coffee haha", ["User does not like coffee"]),
    ("jQuery我不用" + "哈" * 40 + "x", []),
    ("x" * 3000 + "哈", []),
])
def test_laughter_and_long_runs_extract_as_before(store, said, kept) -> None:
    out = create_write_graph(store).compile().invoke({"messages": [("user", said)]},
                                                     context=MemoryContext(user_id="ada"))
    assert [w["text"] for w in out["memory_written"]] == kept
