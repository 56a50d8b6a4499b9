"""A credential is refused wherever it sits in a record, not only in its text: an imported record's predicate,
subject or any metadata string (nested, or a key), and a memory file's path (red-team rt6 H4, H5)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from langmem_nodes import MemoryAdmin, MemoryContext, MemoryStore, create_write_graph
from langmem_nodes.tools import MemoryFiles, create_memory_file_tool
from langmem_nodes.write import FunctionExtractor


def holding(home, needle: str) -> list[str]:
    return [f for root, _, files in os.walk(home) for f in files
            if needle.encode() in open(os.path.join(root, f), "rb").read()]


@pytest.fixture
def export(store):
    """ada's export holding one memory, to be tampered with."""
    create_write_graph(store).compile().invoke({"messages": [("user", "Remember that I like green tea.")]},
                                               context=MemoryContext(user_id="ada"))
    return MemoryAdmin(store).export("ada")


@pytest.mark.parametrize("change", [
    {"metadata": {"comment": "wifi password is Hq7wifiZZ98"}},
    {"metadata": {"notes": [{"deep": ["wifi 密码是 Hq7wifiZZ98"]}]}},
    {"metadata": {"password: Hq7wifiZZ98": "x"}},
    {"predicate": "attr:pw_Hq7wifiZZ98"},
    {"metadata": {"token": "sk_live_4eC39HqLyjWDarjtT1zdp7dc"}},
])
def test_import_refuses_a_credential_in_any_field(tmp_path, export, change):
    rec = export["records"][0]
    rec.update({k: ({**rec.get(k, {}), **v} if isinstance(v, dict) else v) for k, v in change.items()})
    dst = MemoryStore(tmp_path / "dst", embedder="hashing")
    with pytest.raises(ValueError, match="credentials are never stored") as err:
        MemoryAdmin(dst).import_(export)
    assert "Hq7wifiZZ98" not in str(err.value) and "sk_live" not in str(err.value)
    assert dst.count() == 0
    dst.close()


def test_import_keeps_plain_metadata(tmp_path, export):
    export["records"][0]["metadata"] = {**export["records"][0]["metadata"], "comment": "from the 2024 dump, v2",
                                        "tags": ["tea", "茶"]}
    dst = MemoryStore(tmp_path / "dst", embedder="hashing")
    assert MemoryAdmin(dst).import_(export)["records"] == 1
    dst.close()


def test_cli_import_refuses_a_credential_in_metadata(tmp_path, export):
    export["records"][0]["metadata"] = {**export["records"][0]["metadata"], "comment": "wifi password is Hq7wifiZZ98"}
    path = tmp_path / "imp.json"
    path.write_text(json.dumps(export))
    home = tmp_path / "dst"
    r = subprocess.run([sys.executable, "-m", "langmem_nodes.cli", "--home", str(home), "--embedder", "hashing",
                        "import", str(path)], capture_output=True, text=True, cwd=os.getcwd())
    assert r.returncode != 0 and "credentials are never stored" in r.stderr
    assert "Hq7wifiZZ98" not in r.stderr + r.stdout
    assert holding(home, "Hq7wifiZZ98") == []


@pytest.mark.parametrize(("create_path", "rename_to"), [
    ("/memories/wifi-password-Bq7wifiZZ92.md", "/memories/pw=Cq7wifiZZ93"),
    ("/memories/wifi密码是Bq7wifiZZ92.md", "/memories/密码/Cq7wifiZZ93"),
])
def test_memory_file_paths_are_screened(store, create_path, rename_to):
    tool, cfg = create_memory_file_tool(store), {"configurable": {"user_id": "ada"}}
    out = tool.invoke({"command": "create", "path": create_path, "file_text": "home network"}, config=cfg)
    assert out.startswith("Error:") and "Bq7wifiZZ92" not in out
    assert tool.invoke({"command": "create", "path": "/memories/a.md", "file_text": "likes tea"}, config=cfg).startswith("File")
    out = tool.invoke({"command": "rename", "old_path": "/memories/a.md", "new_path": rename_to}, config=cfg)
    assert out.startswith("Error:") and "Cq7wifiZZ93" not in out
    store.close()
    assert holding(store.home, "Bq7wifiZZ92") == [] and holding(store.home, "Cq7wifiZZ93") == []


@pytest.mark.parametrize("path", ["/memories/password-policy.md", "/memories/myProject2024Notes.md",
                                  "/memories/密码策略.md", "/memories/notes/AWS-us-east-1.md"])
def test_memory_file_paths_that_hold_no_credential_are_kept(store, path):
    assert MemoryFiles(store).create(MemoryContext(user_id="ada"), path, "notes").startswith("File created")


@pytest.mark.parametrize("proposal", [
    {"text": "User likes green tea", "metadata": {"source_note": "likes green tea; wifi password is Hq7wifiZZ98"}},
    {"text": "User likes green tea", "metadata": {"tags": [{"k": "wifi 密码是 Hq7wifiZZ98"}]}},
    {"text": "User likes green tea", "predicate": "pw_Hq7wifiZZ98", "object": "green tea"},
])
def test_the_write_gate_screens_an_extractors_metadata_and_predicate(store, proposal):
    graph = create_write_graph(store, extractor=FunctionExtractor(lambda text: [proposal])).compile()
    out = graph.invoke({"messages": [("user", "I like green tea")]}, context=MemoryContext(user_id="ada"))
    assert out["memory_written"] == [] and "credentials are never stored" in out["memory_skipped"][0]["reason"]
    store.close()
    assert holding(store.home, "Hq7wifiZZ98") == []


def test_the_write_gate_keeps_an_extractors_plain_metadata(store):
    proposal = {"text": "User likes green tea", "metadata": {"tags": ["tea", "茶"], "since": "2024-05-01"}}
    graph = create_write_graph(store, extractor=FunctionExtractor(lambda text: [proposal])).compile()
    out = graph.invoke({"messages": [("user", "I like green tea")]}, context=MemoryContext(user_id="ada"))
    assert [w["metadata"]["tags"] for w in out["memory_written"]] == [["tea", "茶"]]


def test_a_refused_path_holding_a_credential_is_not_echoed(store):
    tool, cfg = create_memory_file_tool(store), {"configurable": {"user_id": "ada"}}
    for path in ("/memories/../pw=Cq7wifiZZ93", "/etc/pw=Cq7wifiZZ93", "/memories/pw=Cq7wifiZZ93\\x"):
        out = tool.invoke({"command": "create", "path": path, "file_text": "x"}, config=cfg)
        assert out.startswith("Error:") and "Cq7wifiZZ93" not in out
