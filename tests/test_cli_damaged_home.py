"""A home whose SQLite file is damaged mid-file (it still opens): the CLI prints one `error:` line naming the home,
exit 2, never a traceback (a newcomer's finding 7)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from langmem_nodes.cli import main


def _damaged_home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    for text in ["Remember that I'm allergic to peanuts.", "Remember that I live in Oslo.", "I like green tea."] * 3:
        assert main(["--home", str(home), "--embedder", "hashing", "remember", text, "--user", "ada"]) == 0
    db = home / "memory.sqlite3"
    data = bytearray(db.read_bytes())
    for i in range(4096, len(data), 997):
        data[i] = 0x55
    db.write_bytes(bytes(data))
    return home


def test_a_damaged_home_is_one_error_line(tmp_path):
    home = _damaged_home(tmp_path)
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    run = subprocess.run([sys.executable, "-m", "langmem_nodes.cli", "--home", str(home), "recall", "peanuts",
                          "--user", "ada"], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert run.returncode == 2, run.stderr[-800:]
    assert "Traceback" not in run.stderr
    errors = [line for line in run.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "damaged" in errors[0] and str(home) in errors[0], run.stderr
