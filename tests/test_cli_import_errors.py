"""A bad import record is told in one line naming the entry and each bad field (newcomer7 F12), and a
refusal reads "an access code", not "a access code"."""

from __future__ import annotations

import json

import pytest

from langmem_nodes.cli import main
from langmem_nodes.text import with_article


def _export(capsys, home, said: str) -> dict:
    assert main(["--home", str(home), "--embedder", "hashing", "remember", said, "--user", "ada"]) == 0
    capsys.readouterr()
    assert main(["--home", str(home), "--embedder", "hashing", "export", "--user", "ada"]) == 0
    return json.loads(capsys.readouterr().out)


def _import_error(capsys, tmp_path, data: dict) -> str:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert main(["--home", str(tmp_path / "new"), "--embedder", "hashing", "import", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert "pydantic" not in err and "For further information" not in err
    return err


@pytest.mark.parametrize("said", ["Remember that I live in Berlin.", "记住：我住在柏林。"])
def test_a_bad_field_names_the_record_and_the_field(capsys, tmp_path, said):
    data = _export(capsys, tmp_path / "home", said)
    data["records"][0]["confidence"] = "high"
    data["records"][0]["created_at"] = "yesterday"
    err = _import_error(capsys, tmp_path, data)
    assert "records[0]" in err and data["records"][0]["id"] in err
    assert "confidence" in err and "'high'" in err and "created_at" in err and "'yesterday'" in err


@pytest.mark.parametrize("said", ["Remember that I live in Berlin.", "记住：我住在柏林。"])
def test_a_record_that_is_not_an_object_and_a_bad_ledger_op(capsys, tmp_path, said):
    data = _export(capsys, tmp_path / "home", said)
    bad = dict(data, records=["x"])
    assert "records[0] must be a JSON object, got str" in _import_error(capsys, tmp_path, bad)
    data["ledger"][0]["op"] = "explode"
    err = _import_error(capsys, tmp_path, data)
    assert "ledger[0]: op:" in err and "'explode'" in err


def test_articles():
    assert with_article("access code") == "an access code"
    assert with_article("door code") == "a door code"
    assert with_article("IBAN") == "an IBAN"


@pytest.mark.parametrize("said", ["Remember that I live in Berlin.", "记住：我住在柏林。"])
def test_import_reports_the_counts_export_reported(capsys, tmp_path, said):
    """newcomer10 L4: export said "9 ledger", the import of that file "10 ledger" (its own entry counted)."""
    home = tmp_path / "home"
    assert main(["--home", str(home), "--embedder", "hashing", "remember", said, "--user", "ada"]) == 0
    out = tmp_path / "ada.json"
    assert main(["--home", str(home), "--embedder", "hashing", "export", "--user", "ada", "--out", str(out)]) == 0
    exported = capsys.readouterr().out.strip().splitlines()[-1]
    assert main(["--home", str(tmp_path / "new"), "--embedder", "hashing", "import", str(out)]) == 0
    imported = capsys.readouterr().out
    counts = exported.removeprefix("exported ").split(" to ")[0]
    assert f"imported {counts} from" in imported and "one entry recording the import" in imported, (exported, imported)
