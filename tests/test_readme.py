"""Every code block of the README runs as written: Python blocks in a fresh namespace with a temporary working
directory, the command-line block in a shell there, install lines as an offline pip dry run against a copy of
the project, make lines as `make -n` (a dry run: nothing is built or written). Nothing touches the network."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from langmem_nodes import MemoryContext, MemoryStore

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
BIN = Path(sys.executable).parent


def readme_blocks(lang: str) -> list[str]:
    return [body for tag, body in BLOCK.findall(README.read_text(encoding="utf-8")) if tag == lang]


def _lines(block: str) -> list[str]:
    return [line.split(" #")[0].strip() for line in block.splitlines() if line.strip()]


def _env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(ROOT),
            "LANGMEM_HOME": str(tmp_path / "unused-home"), "HOME": str(tmp_path)}


def test_the_readme_has_only_python_bash_and_plain_blocks():
    tags = {tag for tag, _ in BLOCK.findall(README.read_text(encoding="utf-8"))}
    assert tags <= {"python", "bash", ""}, tags  # a block in another language would escape these tests
    assert len(readme_blocks("python")) >= 2 and len(readme_blocks("bash")) >= 3


def _ada_memories(home: Path) -> list[str]:
    with MemoryStore(home) as store:
        return [r.text for r in store.find(MemoryContext(user_id="ada").visible_partitions())]


@pytest.mark.parametrize("index", range(len(readme_blocks("python"))))
def test_python_block_runs_as_written(index, tmp_path, monkeypatch):
    block = readme_blocks("python")[index]
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, f"README.md python block {index}", "exec"), {"__name__": "__readme__"})
    assert (tmp_path / ".langmem").is_dir()  # the store lives in the working directory, nowhere else
    remembered = _ada_memories(tmp_path / ".langmem")
    if "add_memory(" in block:  # the quickstart: the second turn answers from the first turn's memory
        assert remembered == ["User likes tabs"]
        assert "«User likes tabs»" in out.getvalue()
    elif "MemoryMiddleware(" in block:  # the prebuilt agent wrote the preference once, after its tool loop
        assert remembered == ["User likes window seats"]
    else:
        pytest.fail(f"README python block {index} has no check here: add one")


def _json_documents(text: str) -> list[dict]:
    """The JSON documents printed one after another (each starting a line) among human lines."""
    found, decoder = [], json.JSONDecoder()
    for start in (m.start() for m in re.finditer(r"^\{", text, re.M)):
        if not found or start >= found[-1][1]:
            document, end = decoder.raw_decode(text, start)
            found.append((document, end))
    return [document for document, _ in found]


def test_command_line_block_runs_as_written_in_a_shell(tmp_path):
    block = next(b for b in readme_blocks("bash") if "langmem-nodes " in b)
    script = "set -euo pipefail\n" + "\n".join(_lines(block)) + "\n"
    run = subprocess.run(["bash", "-c", script], cwd=tmp_path, env=_env(tmp_path), capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    documents = _json_documents(run.stdout)
    recalled, listed = documents[-2], documents[-1]
    assert any("peanuts" in m["text"] for m in recalled["memories"])
    assert {m["text"] for m in listed["memories"]} >= {"User is allergic to peanuts", "用户住在上海"}


def test_install_lines_resolve_offline_with_extras_that_exist(tmp_path):
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = set(project["optional-dependencies"])
    copy = tmp_path / "clone"  # pip writes egg-info beside the project: a copy keeps the repository untouched
    copy.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, copy / name)
    shutil.copytree(ROOT / "langmem_nodes", copy / "langmem_nodes", ignore=shutil.ignore_patterns("__pycache__"))
    lines = [line for block in readme_blocks("bash") for line in _lines(block) if line.startswith("pip install")]
    assert lines
    for line in lines:
        args = line.split()[2:]
        for named in re.findall(r"\[([\w,-]+)\]", line):
            assert set(named.split(",")) <= extras, (line, extras)
        run = subprocess.run([str(BIN / "pip"), "install", "--dry-run", "--no-index", "--no-build-isolation",
                              *(a.strip("'") for a in args)], cwd=copy, env=_env(tmp_path), capture_output=True,
                             text=True, timeout=300)
        assert run.returncode == 0, (line, run.stderr[-2000:])


def test_make_lines_name_real_targets():
    lines = [line for block in readme_blocks("bash") for line in _lines(block) if line.startswith("make")]
    assert {line.split()[1] for line in lines} >= {"test", "eval", "bench", "stress", "lint"}
    for line in lines:
        run = subprocess.run(["make", "-n", *line.split()[1:]], cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, (line, run.stderr)
