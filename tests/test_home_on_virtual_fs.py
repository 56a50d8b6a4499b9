"""A home on a virtual file system is told as such, not as a full disk (newcomer21 L2: `--home /proc` said "the disk
holding it is full")."""

from __future__ import annotations

import os

import pytest

from langmem_nodes.cli import main


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs a /proc file system")
def test_a_home_under_proc_is_a_virtual_file_system(capsys) -> None:
    assert main(["--home", "/proc", "--embedder", "hashing", "remember", "I live in Leeds.", "--user", "ann"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1
    assert "virtual file system" in err and "full" not in err
