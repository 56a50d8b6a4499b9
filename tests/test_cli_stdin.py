"""`remember -` reads the user turn from stdin (newcomer13 L8: a turn past the OS's argument limit could not be
given at all), in English and Chinese; bytes that are not UTF-8 are one `error:` line, exit 2, nothing stored."""

from __future__ import annotations

import contextlib
import io
import json
import sys

import pytest

from langmem_nodes.cli import main


class _Stdin:
    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


def _remember_from_stdin(home, data: bytes, monkeypatch) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", _Stdin(data))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--home", str(home), "--embedder", "hashing", "remember", "-", "--user", "ada", "--json"])
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(("said", "value"), [
    ("Remember that I'm allergic to peanuts.\n", "peanuts"),
    ("记住：我对花生过敏。\n", "花生"),
])
def test_remember_reads_the_turn_from_stdin(tmp_path, monkeypatch, said, value):
    code, out, _ = _remember_from_stdin(tmp_path / "home", said.encode(), monkeypatch)
    assert code == 0
    assert [w["object"] for w in json.loads(out)["written"]] == [value]


def test_a_turn_longer_than_a_command_line_is_read(tmp_path, monkeypatch):
    long_turn = ("We had a long planning call today and nothing much came of it. " * 3000) + "I live in Oslo."
    code, out, _ = _remember_from_stdin(tmp_path / "home", long_turn.encode(), monkeypatch)
    assert code == 0 and len(long_turn) > 131072
    skipped = json.loads(out)["skipped"]
    assert any("not read" in s["reason"] for s in skipped)  # cut at the door, and said so


@pytest.mark.parametrize("data", [b"I live in Oslo \xff\xfe", "我住在上海".encode("gbk")])
def test_stdin_that_is_not_utf8_is_one_error_line(tmp_path, monkeypatch, data):
    code, out, err = _remember_from_stdin(tmp_path / "home", data, monkeypatch)
    assert code == 2 and out == ""
    assert err.startswith("error: stdin is not valid UTF-8") and err.count("\n") == 1
    assert not (tmp_path / "home").exists()  # nothing opened, nothing stored
