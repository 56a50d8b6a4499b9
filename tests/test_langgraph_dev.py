"""A real `langgraph dev` (no flags beyond port and browser) serves every graph of langgraph.json.

It starts the server in a temporary directory (its `.langgraph_api` goes there) on a temporary memory home,
drives `memory_agent` with `langgraph_sdk` on threads of one user — scope through `context` on the first,
through `configurable` on the second — and checks the second thread's reply is built from the first
thread's memory (the agent's offline `MemoryEchoChatModel` answers with the memories it was shown), in
English and Chinese, with nothing crossing users. It fetches every graph's schemas (200), reads thread state,
checks the server's open files stay flat over repeated requests (one store per process), and stops the
server by process group, checking the store was closed at shutdown.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
READY_TIMEOUT_S = 60


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(url: str, proc: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + READY_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"langgraph dev exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/ok", timeout=2) as resp:
                if resp.status == 200:
                    return
        except OSError:
            time.sleep(0.25)
    pytest.fail(f"langgraph dev not ready after {READY_TIMEOUT_S} s:\n{log.read_text()[-3000:]}")


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def stop(proc: subprocess.Popen) -> None:
    """SIGTERM the server's process group (reloader and worker), SIGKILL whatever is left after 20 s."""
    pgid = proc.pid
    if group_alive(pgid):
        os.killpg(pgid, signal.SIGTERM)
    deadline = time.monotonic() + 20
    while group_alive(pgid) and time.monotonic() < deadline:
        proc.poll()  # reap the leader, so the group can empty
        time.sleep(0.1)
    if group_alive(pgid):
        os.killpg(pgid, signal.SIGKILL)
    proc.wait(timeout=10)


def server_pid(pgid: int, db: Path) -> int:
    """The process of the group that holds the memory home open (the worker, under the reloader)."""
    for pid in (int(p) for p in os.listdir("/proc") if p.isdigit()):
        try:
            if os.getpgid(pid) != pgid:
                continue
            links = [os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")]
        except OSError:
            continue
        if str(db) in links:
            return pid
    raise AssertionError(f"no process of group {pgid} has {db} open")


def open_files(pid: int, home: Path) -> tuple[int, int]:
    """(open fds, fds on the memory home) of a process."""
    links = []
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            links.append(os.readlink(f"/proc/{pid}/fd/{fd}"))
        except OSError:
            continue
    return len(links), sum(link.startswith(str(home)) for link in links)


def last_reply(values: dict) -> str:
    return values["messages"][-1]["content"]


async def drive(url: str, pgid: int, db: Path) -> dict:
    import httpx
    from langgraph_sdk import get_client

    client = get_client(url=url)
    seen: dict = {}
    assistants = {a["graph_id"]: a["assistant_id"] for a in await client.assistants.search(limit=20)}
    assert set(assistants) == set(json.loads((ROOT / "langgraph.json").read_text())["graphs"])
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        for graph_id, assistant_id in assistants.items():
            resp = await http.get(f"/assistants/{assistant_id}/schemas")
            assert resp.status_code == 200, (graph_id, resp.text[:500])
            assert "messages" in json.dumps(resp.json()["input_schema"]), graph_id

    async def turn(thread_id: str, text: str, **scope: object) -> dict:
        return await client.runs.wait(thread_id, "memory_agent", input={"messages": [{"role": "user", "content": text}]},
                                      **scope)

    # thread 1: scope through `context`; thread 2: through `configurable`, streamed
    first = (await client.threads.create())["thread_id"]
    out = await turn(first, "Remember that I prefer tabs for indentation.",
                     context={"user_id": "ada", "project_id": "shop", "session_id": "s1"})
    assert ["tabs" in w["object"] for w in out["memory_written"]] == [True], out.get("memory_written")
    second = (await client.threads.create())["thread_id"]
    values: dict = {}
    async for part in client.runs.stream(
        second, "memory_agent", input={"messages": [{"role": "user", "content": "How should you indent my code?"}]},
        config={"configurable": {"user_id": "ada", "project_id": "shop", "session_id": "s2"}}, stream_mode="values",
    ):
        if part.event == "values":
            values = part.data
    seen["ada"] = last_reply(values)
    state = await client.threads.get_state(second)
    assert last_reply(state["values"]) == seen["ada"]

    # Chinese, another user of the same server: their own memory only
    zh1 = (await client.threads.create())["thread_id"]
    await turn(zh1, "记住：我对花生过敏。", context={"user_id": "bo", "session_id": "s1"})
    zh2 = (await client.threads.create())["thread_id"]
    seen["bo"] = last_reply(await turn(zh2, "我对什么过敏？", config={"configurable": {"user_id": "bo", "session_id": "s2"}}))
    seen["eve"] = last_reply(await turn((await client.threads.create())["thread_id"], "How should you indent my code?",
                                        context={"user_id": "eve"}))

    # one store per process: repeated runs, schema and state reads open nothing that stays open
    pid = server_pid(pgid, db)
    seen["files_before"] = open_files(pid, db.parent)
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        for i in range(8):
            await turn(second, f"Anything else about indentation? ({i})",
                       config={"configurable": {"user_id": "ada", "project_id": "shop", "session_id": "s2"}})
            for assistant_id in assistants.values():
                assert (await http.get(f"/assistants/{assistant_id}/schemas")).status_code == 200
            await client.threads.get_state(second)
    seen["files_after"] = open_files(pid, db.parent)
    return seen


@pytest.mark.integration
def test_langgraph_dev_serves_every_graph(tmp_path):
    app, home = tmp_path / "app", tmp_path / "home"
    app.mkdir()
    shutil.copy(ROOT / "langgraph.json", app / "langgraph.json")
    shutil.copytree(ROOT / "graphs", app / "graphs", ignore=shutil.ignore_patterns("__pycache__"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LANGGRAPH_", "LANGSMITH_", "LANGCHAIN_"))}
    env.update(PYTHONPATH=os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]), LANGMEM_HOME=str(home),
               LANGGRAPH_CLI_NO_ANALYTICS="1", LANGSMITH_TRACING="false")
    env.pop("LANGMEM_EMBEDDER", None)  # the default embedder, as a user gets it
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path / "server.log"
    langgraph = Path(sys.executable).parent / "langgraph"
    with log.open("w") as out:
        proc = subprocess.Popen([str(langgraph), "dev", "--no-browser", "--port", str(port)], cwd=app, env=env,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_ready(url, proc, log)
        seen = asyncio.run(drive(url, proc.pid, home / "memory.sqlite3"))
    finally:
        stop(proc)
    assert not group_alive(proc.pid)
    text = log.read_text()
    assert "BlockingError" not in text and "Traceback" not in text, text[-3000:]
    assert seen["ada"].startswith("From memory:") and "tabs" in seen["ada"], seen
    assert "花生" in seen["bo"] and "tabs" not in seen["bo"], seen
    assert seen["eve"] == "I have no memory about that.", seen
    (fds_before, home_before), (fds_after, home_after) = seen["files_before"], seen["files_after"]
    assert home_after == home_before and fds_after <= fds_before + 3, seen
    # closed at shutdown: the last connection's close folds the WAL back into the database and removes it
    assert not (home / "memory.sqlite3-wal").exists()
