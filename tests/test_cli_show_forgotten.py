"""`show` of a forgotten memory prints lines for a person, not Python reprs (newcomer18 L1)."""

from __future__ import annotations

import json

from langmem_nodes.cli import main


def test_show_of_a_forgotten_memory_reads_as_lines(tmp_path, capsys):
    home = ["--home", str(tmp_path / "home"), "--embedder", "hashing"]
    assert main([*home, "remember", "I live in Rome.", "--user", "zed", "--json"]) == 0
    mid = json.loads(capsys.readouterr().out)["written"][0]["id"]
    assert main([*home, "forget", mid]) == 0
    capsys.readouterr()
    assert main([*home, "show", mid]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"[{mid}] forgotten ") and "gone from every copy" in out, out
    assert "{" not in out and "Rome" not in out, out
    assert "forget: user request" in out, out
