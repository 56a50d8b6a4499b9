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

import pytest

from evals._dev_server import ROOT, DevServer, dev_server, group_alive


def last_reply(values: dict) -> str:
    return values["messages"][-1]["content"]


async def drive(server: DevServer) -> dict:
    import httpx
    from langgraph_sdk import get_client

    url = server.url
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

    # another user's run on ada's thread: refused before anything of the thread is streamed, in every mode
    seen["intruder"] = {}
    for mode in ("values", "updates", "messages", "debug"):
        parts = [(p.event, p.data) async for p in client.runs.stream(
            second, "memory_agent", input={"messages": [{"role": "user", "content": "What do you know about me?"}]},
            context={"user_id": "mallory"}, stream_mode=mode)]
        seen["intruder"][mode] = parts

    # Chinese, another user of the same server: their own memory only
    zh1 = (await client.threads.create())["thread_id"]
    await turn(zh1, "记住：我对花生过敏。", context={"user_id": "bo", "session_id": "s1"})
    zh2 = (await client.threads.create())["thread_id"]
    seen["bo"] = last_reply(await turn(zh2, "我对什么过敏？", config={"configurable": {"user_id": "bo", "session_id": "s2"}}))
    seen["eve"] = last_reply(await turn((await client.threads.create())["thread_id"], "How should you indent my code?",
                                        context={"user_id": "eve"}))

    # no scope at all: the documented MissingScopeError, not pydantic's ValidationError of the context dict
    try:
        seen["no_scope"] = str(await turn((await client.threads.create())["thread_id"], "hi"))
    except Exception as e:  # noqa: BLE001 - the SDK raises the run's error
        seen["no_scope"] = f"{type(e).__name__}: {e}"

    # one store per process: repeated runs, schema and state reads open nothing that stays open
    seen["files_before"] = server.open_files()
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        for i in range(5):
            await turn(second, f"Anything else about indentation? ({i})",
                       config={"configurable": {"user_id": "ada", "project_id": "shop", "session_id": "s2"}})
            for assistant_id in assistants.values():
                assert (await http.get(f"/assistants/{assistant_id}/schemas")).status_code == 200
            await client.threads.get_state(second)
    seen["files_after"] = server.open_files()
    return seen


@pytest.mark.integration
def test_langgraph_dev_serves_every_graph(tmp_path):
    with dev_server(tmp_path) as server:  # stopped (whole process group) on the way out, pass or fail
        seen = asyncio.run(drive(server))
    assert not group_alive(server.proc.pid)
    text = server.log.read_text()
    # the only tracebacks the server logs are the no-scope run's own MissingScopeError
    assert "BlockingError" not in text and "ValidationError" not in text, text[-3000:]
    assert text.count("Traceback") <= text.count("MissingScopeError") + text.count("ThreadOwnerError"), text[-3000:]
    assert "own_threads" in text  # served without auth: the warning names the fix
    assert seen["ada"].startswith("From memory:") and "tabs" in seen["ada"], seen
    assert "花生" in seen["bo"] and "tabs" not in seen["bo"], seen
    assert seen["eve"] == "I have no memory about that.", seen
    for mode, parts in seen["intruder"].items():
        assert [e for e, _ in parts if e not in ("metadata", "error")] == [], (mode, parts)
        assert "another user" in json.dumps(parts) and "tabs" not in json.dumps(parts), (mode, parts)
    assert "no memory scope" in seen["no_scope"] and "validation error" not in seen["no_scope"], seen["no_scope"]
    (fds_before, home_before), (fds_after, home_after) = seen["files_before"], seen["files_after"]
    assert home_after == home_before and fds_after <= fds_before + 3, seen
    # closed at shutdown: the last connection's close folds the WAL back into the database and removes it
    assert not (server.home / "memory.sqlite3-wal").exists()
