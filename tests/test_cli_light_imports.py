"""The CLI's read-only commands load neither LangGraph nor LangChain (newcomer18 L5: `list` took 6–13 s under
load, ~2 s of it importing LangGraph through the forget node). Checked in a fresh interpreter per command."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from langmem_nodes import MemoryStore
from langmem_nodes.records import MemoryRecord, Scope

PROBE = """
import contextlib, io, json, sys
from langmem_nodes.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main(json.loads(sys.argv[1]))
    except SystemExit:
        pass
print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('langgraph', 'langchain', 'langchain_core'))))
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    path = tmp_path_factory.mktemp("home")
    with MemoryStore(path, embedder="hashing") as store:
        store.commit(add=[MemoryRecord(text="User lives in Oslo", scope=Scope(user_id="ada"))])
    return path


@pytest.mark.parametrize("command", [["list", "--user", "ada"], ["stats", "--user", "ada"], ["users"]])
def test_read_only_command_loads_no_langgraph(home, command):
    argv = [command[0], "--home", str(home), *command[1:]]
    out = subprocess.run([sys.executable, "-c", PROBE, json.dumps(argv)], capture_output=True, text=True,
                         timeout=300, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []
