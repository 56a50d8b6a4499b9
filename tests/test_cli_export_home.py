"""A multi-user home moves whole: `export --user '*'` then `import` into a new home (newcomer21 M6: export was per
user and import needs an empty home, so the second user's import failed)."""

from __future__ import annotations

import json

from langmem_nodes.cli import main


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_every_user_and_session_moves_into_a_new_home(capsys, tmp_path) -> None:
    old, new, dump = str(tmp_path / "old"), str(tmp_path / "new"), str(tmp_path / "all.json")
    assert _run(capsys, "--home", old, "--embedder", "hashing", "remember", "I live in Leeds.", "--user", "ann")[0] == 0
    assert _run(capsys, "--home", old, "--embedder", "hashing", "remember", "我住在杭州。", "--user", "bo",
                "--project", "p1", "--session", "s1")[0] == 0
    code, out, _ = _run(capsys, "--home", old, "export", "--user", "*", "--out", dump)
    assert code == 0 and "exported 2 records" in out
    data = json.loads(open(dump, encoding="utf-8").read())
    assert {r["scope"]["user_id"] for r in data["records"]} == {"ann", "bo"} and data["user_id"] == "*"
    assert _run(capsys, "--home", new, "--embedder", "hashing", "import", dump)[0] == 0
    _, ann, _ = _run(capsys, "--home", new, "list", "--user", "ann")
    _, bo, _ = _run(capsys, "--home", new, "list", "--user", "bo", "--project", "p1", "--session", "s1")
    assert "User lives in Leeds" in ann and "用户住在杭州" in bo and "杭州" not in ann


def test_the_whole_home_takes_no_org_and_other_commands_take_no_star(capsys, tmp_path) -> None:
    home = str(tmp_path / "home")
    assert _run(capsys, "--home", home, "--embedder", "hashing", "remember", "I live in Leeds.", "--user", "ann")[0] == 0
    code, _, err = _run(capsys, "--home", home, "--embedder", "hashing", "export", "--user", "*", "--org", "x")
    assert code == 2 and err.startswith("error: ") and "drop --org" in err
    code, _, err = _run(capsys, "--home", home, "--embedder", "hashing", "list", "--user", "*")
    assert code == 2 and err.startswith("error: ")
