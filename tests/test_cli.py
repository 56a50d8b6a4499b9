"""The `langmem-nodes` command end to end: remember → recall → list → show → edit → forget, per user."""

from __future__ import annotations

import json
import re

import pytest

from langmem_nodes.cli import main


def run(capsys, home, *argv: str, embedder: str | None = "hashing") -> dict:
    args = ["--home", str(home)] + (["--embedder", embedder] if embedder else []) + list(argv) + ["--json"]
    assert main(args) == 0
    return json.loads(capsys.readouterr().out)  # stdout is exactly one JSON document


def round_trip(capsys, home, embedder):
    written = run(capsys, home, "remember", "Remember that I prefer green tea in the morning.", "--user", "ann", embedder=embedder)
    assert len(written["written"]) == 1
    rec = written["written"][0]
    assert {"id", "text", "subject", "predicate", "object", "polarity", "source", "tier", "status", "scope"} <= set(rec)
    assert rec["source"] == "explicit" and "green tea" in rec["object"]

    found = run(capsys, home, "recall", "what tea do I like in the morning?", "--user", "ann", embedder=embedder)
    assert [m["id"] for m in found["memories"]] == [rec["id"]]
    assert found["memories"][0]["age"] and "green tea" in found["injection"]

    other = run(capsys, home, "recall", "what tea do I like in the morning?", "--user", "bob", embedder=embedder)
    assert other["memories"] == [] and "green tea" not in other["injection"]

    listed = run(capsys, home, "list", "--user", "ann", embedder=embedder)
    assert [m["id"] for m in listed["memories"]] == [rec["id"]]

    report = run(capsys, home, "forget", rec["id"], embedder=embedder)
    assert report["id"] == rec["id"] and report["places"]["chroma"] == "gone" and report["places"]["bm25"] == "gone"
    assert run(capsys, home, "recall", "green tea", "--user", "ann", embedder=embedder)["memories"] == []
    assert run(capsys, home, "list", "--user", "ann", embedder=embedder)["memories"] == []
    return rec


def test_cli_round_trip_fake_embedder(capsys, tmp_path):
    round_trip(capsys, tmp_path / "home", "hashing")


@pytest.mark.integration
def test_cli_round_trip_real_minilm_and_chroma(capsys, tmp_path, minilm):
    home = tmp_path / "home"
    rec = round_trip(capsys, home, "minilm")
    from langmem_nodes.store import MemoryStore

    with MemoryStore(home, embedder=minilm) as store:
        assert store.chroma.ids("user/default/ann") == []
        assert not store.bm25.contains(rec["id"], "user/default/ann")
        assert all(store.verify_gone(rec["id"]).values())


def test_cli_correction_supersedes_and_show_explains(capsys, tmp_path):
    home = tmp_path / "home"
    first = run(capsys, home, "remember", "The deploy command is npm run deploy.", "--user", "ann", "--project", "shop")
    second = run(capsys, home, "remember", "That's not right, the deploy command is bash deploy.sh, not npm run deploy.",
                 "--user", "ann", "--project", "shop")
    old_id = first["written"][0]["id"]
    assert second["superseded"] == [old_id]
    shown = run(capsys, home, "show", old_id)
    assert shown["record"]["status"] == "superseded"
    assert any(e["op"] == "supersede" for e in shown["history"])
    # without --json: lines for a person (newcomer17 L8: it printed the JSON document)
    assert main(["--home", str(home), "--embedder", "hashing", "show", old_id]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"[{old_id}] (superseded, project) ") and "npm run deploy" in text
    assert "replaced by: [" in text and "bash deploy.sh" in text and "\nhistory:\n" in text and not text.startswith("{")


def test_cli_edit(capsys, tmp_path):
    home = tmp_path / "home"
    rec = run(capsys, home, "remember", "Remember that I prefer dark mode.", "--user", "ann")["written"][0]
    edited = run(capsys, home, "edit", rec["id"], "User prefers light mode")
    assert edited["memory"]["source"] == "user_edited" and edited["memory"]["text"] == "User prefers light mode"


@pytest.mark.parametrize(("said", "plain", "edit"), [("Remember that I live in Porto.", "I live in Porto.", "User lives in Oslo"),
                                                     ("记住，我住在上海。", "我住在上海。", "用户住在北京")], ids=["en", "zh"])
def test_cli_remember_says_when_an_earlier_edit_keeps_winning(capsys, tmp_path, said, plain, edit):
    home = tmp_path / "home"
    rec = run(capsys, home, "remember", said, "--user", "ann")["written"][0]
    run(capsys, home, "edit", rec["id"], edit)
    again = run(capsys, home, "remember", plain, "--user", "ann")  # a plain statement does not outrank the edit
    assert [w["status"] for w in again["written"]] == ["superseded"]
    assert main(["--home", str(home), "--embedder", "hashing", "remember", plain, "--user", "ann"]) == 0
    out = capsys.readouterr().out
    assert "remembered" not in out and "not active" in out
    # the user's newer explicit request is the newest explicit intent: it replaces the edit (facts.AUTHORITY)
    assert [w["status"] for w in run(capsys, home, "remember", said, "--user", "ann")["written"]] == ["active"]


def test_cli_bad_input_is_a_clear_error(capsys, tmp_path):
    home = tmp_path / "home"
    run(capsys, home, "remember", "Remember that I prefer tea.", "--user", "ann")
    assert main(["--home", str(home), "--embedder", "hashing", "recall", "x", "--user", "../bob"]) == 2
    assert "--user" in capsys.readouterr().err
    assert main(["--home", str(home), "--embedder", "hashing", "forget", "mem_missing"]) == 2
    assert "no memory" in capsys.readouterr().err


def test_cli_refuses_mixing_embedders(capsys, tmp_path):
    home = tmp_path / "home"
    run(capsys, home, "remember", "Remember that I prefer tea.", "--user", "ann")
    assert main(["--home", str(home), "--embedder", "minilm", "list", "--user", "ann"]) == 2
    assert "embedder" in capsys.readouterr().err


@pytest.mark.integration
def test_cli_chinese_round_trip_with_multilingual_e5(capsys, tmp_path):
    home = tmp_path / "home"
    written = run(capsys, home, "remember", "记住这个：我对花生过敏。", "--user", "wang", embedder="e5")["written"]
    assert len(written) == 1 and "花生" in written[0]["object"] and written[0]["source"] == "explicit"
    found = run(capsys, home, "recall", "我对什么东西过敏？", "--user", "wang", embedder=None)
    assert [m["id"] for m in found["memories"]] == [written[0]["id"]]
    assert "花生" in found["injection"] and found["memories"][0]["age"] == "今天"
    assert run(capsys, home, "recall", "我对什么东西过敏？", "--user", "li", embedder=None)["memories"] == []


def test_a_home_keeps_its_embedder_and_refuses_another(capsys, tmp_path):
    run(capsys, tmp_path, "remember", "记住：我喜欢喝乌龙茶。", "--user", "ann")  # a hashing home
    assert run(capsys, tmp_path, "list", "--user", "ann", embedder=None)["memories"]  # reused without naming it
    assert main(["--home", str(tmp_path), "--embedder", "minilm", "list", "--user", "ann"]) == 2
    assert re.search("hashing/384.*minilm/384", capsys.readouterr().err)


@pytest.mark.parametrize("text,query,user", [
    ("Remember that I prefer green tea in the morning.", "green tea", "ann"),
    ("记住：我早上喜欢喝绿茶。", "绿茶", "wang"),
])
def test_global_options_work_before_and_after_the_subcommand(capsys, tmp_path, text, query, user):
    """--home / --embedder (and --database-url) mean the same before the subcommand and after it."""
    home = tmp_path / "h"
    assert main(["--home", str(home), "--embedder", "hashing", "remember", text, "--user", user, "--json"]) == 0
    before = json.loads(capsys.readouterr().out)["written"]
    assert main(["recall", query, "--user", user, "--home", str(home), "--embedder", "hashing", "--json"]) == 0
    after = json.loads(capsys.readouterr().out)["memories"]
    assert [m["id"] for m in after] == [before[0]["id"]]
    # after the subcommand wins over before it; a mistake there is still one error line naming the flag
    assert main(["--home", str(tmp_path / "other"), "list", "--user", user, "--home", str(home), "--json"]) == 0
    assert [m["id"] for m in json.loads(capsys.readouterr().out)["memories"]] == [before[0]["id"]]
    assert main(["list", "--user", user, "--home", str(home), "--database-url", "mysql://x", "--json"]) == 2
    assert "--database-url" in capsys.readouterr().err


@pytest.mark.parametrize(("said", "edit", "obj"), [
    ("Remember that I am allergic to peanuts.", "User is allergic to peanuts and cashews", "peanuts and cashews"),
    ("记住，我对花生过敏。", "用户对花生和腰果过敏", "花生和腰果"),
], ids=["en", "zh"])
def test_cli_edit_derives_the_object_from_the_new_text(capsys, tmp_path, said, edit, obj):
    """newcomer F2: the old object «peanuts» survived an edit whose text still named it, beside «… and cashews»."""
    home = tmp_path / "home"
    rec = run(capsys, home, "remember", said, "--user", "ada")["written"][0]
    edited = run(capsys, home, "edit", rec["id"], edit)["memory"]
    assert (edited["text"], edited["predicate"], edited["object"]) == (edit, "allergy", obj)
    assert run(capsys, home, "show", rec["id"])["record"]["object"] == obj


@pytest.mark.parametrize(("said", "question", "old"), [
    (["Remember that I live in Lyon.", "Actually I moved to Bergen, not Lyon."], "where did I live before?", "Lyon"),
    (["记住：我住在上海。", "更正一下，我搬到北京了，不是上海。"], "我以前住在哪里？", "上海"),
])
def test_cli_recall_prints_the_earlier_value_of_a_past_question(capsys, tmp_path, said, question, old):
    """newcomer8 L4: only --json had the 'earlier: …' note."""
    home = ["--home", str(tmp_path), "--embedder", "hashing"]
    for text in said:
        assert main([*home, "remember", text, "--user", "ann"]) == 0
    capsys.readouterr()
    assert main([*home, "recall", question, "--user", "ann"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[0]
    assert old in line and ("earlier" in line or "此前" in line), line


def test_forget_all_forgets_one_project_of_a_user_and_nothing_else(capsys, tmp_path):
    """newcomer20 M6: no bulk forget on the command line ("forget everything about the web project")."""
    home = tmp_path / "h"
    run(capsys, home, "remember", "This repo uses pnpm.", "--user", "ada", "--project", "web")
    run(capsys, home, "remember", "这个仓库用 Poetry。", "--user", "ada", "--project", "api")
    run(capsys, home, "remember", "We deploy on Vercel.", "--user", "bo", "--project", "web")
    planned = run(capsys, home, "forget-all", "--user", "ada", "--project", "web", "--dry-run")
    assert planned["count"] == 1 and planned["dry_run"]
    def objects(user, project):
        return sorted(m["object"] for m in run(capsys, home, "list", "--user", user, "--project", project)["memories"])

    assert objects("ada", "web") == ["Vercel", "pnpm"]  # nothing forgotten yet (bo's project fact is shared)
    done = run(capsys, home, "forget-all", "--user", "ada", "--project", "web")
    assert done["count"] == 1
    assert objects("ada", "web") == ["Vercel"] and objects("ada", "api") == ["Poetry"] and objects("bo", "web") == ["Vercel"]


def test_forget_all_needs_each_dimension_named(capsys, tmp_path):
    with pytest.raises(SystemExit) as stop:
        main(["--home", str(tmp_path / "h"), "--embedder", "hashing", "forget-all", "--user", "ada"])
    assert stop.value.code == 2 and "--project" in capsys.readouterr().err
