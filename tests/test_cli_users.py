"""`langmem-nodes users`: an operator sees who has memories in a home, per project and level (newcomer18 M4:
every command needed --user, so nobody could find out which users exist)."""

from __future__ import annotations

import json

from langmem_nodes.cli import main


def test_users_lists_each_user_project_and_level(tmp_path, capsys):
    home = str(tmp_path / "home")
    for argv in (["remember", "I live in Oslo.", "--user", "ann"],
                 ["remember", "Our CI runs on GitHub Actions.", "--user", "bob", "--project", "shop"],
                 ["remember", "我对花生过敏。", "--user", "李雷"]):
        assert main(["--home", home, "--embedder", "hashing", *argv]) == 0
    capsys.readouterr()
    assert main(["--home", home, "--embedder", "hashing", "users", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["users"]
    assert {(r["user"], r["project"], r["level"], r["active"]) for r in rows} == {
        ("ann", "-", "user", 1), ("bob", "shop", "project", 1), ("李雷", "-", "user", 1)}
    assert main(["--home", home, "--embedder", "hashing", "users"]) == 0
    assert "bob  project shop  project  1 active of 1" in capsys.readouterr().out


def test_users_of_a_missing_home_is_a_clear_error(tmp_path, capsys):
    assert main(["--home", str(tmp_path / "nope"), "users"]) == 2
    assert "no memory home" in capsys.readouterr().err
