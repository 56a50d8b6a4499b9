"""A real `langgraph dev` with a custom auth handler (langgraph.json `"auth"`): the authenticated user is the
memory user. Runs carry no user_id; each token's user gets their own memory, in English and Chinese, and a
client naming another user in `context` is refused instead of reading that user's memory. A handler that lists
the user's `memory_projects` keeps them out of every other project (newcomer17 M7); `own_threads` keeps each
thread to its creator: another user can neither read it nor post a message to it (newcomer18 H2)."""

from __future__ import annotations

import asyncio

import pytest

from evals._dev_server import dev_server, group_alive

AUTH = '''
from langgraph_sdk import Auth

from langmem_nodes.thread_auth import own_threads

auth = own_threads(Auth())
TOKENS = {"token-ada": {"identity": "ada", "memory_projects": ["shop"]}, "token-li": "李雷"}


@auth.authenticate
async def authenticate(authorization: str | None):
    token = (authorization or "").removeprefix("Bearer ").strip()
    if token not in TOKENS:
        raise Auth.exceptions.HTTPException(status_code=401, detail="unknown token")
    return TOKENS[token]
'''


async def drive(url: str) -> dict:
    from langgraph_sdk import get_client

    def client(token: str):
        return get_client(url=url, headers={"Authorization": f"Bearer {token}"})

    async def turn(c, text: str, **kw: object) -> dict:
        thread = (await c.threads.create())["thread_id"]
        return await c.runs.wait(thread, "memory_agent", input={"messages": [{"role": "user", "content": text}]}, **kw)

    ada, li = client("token-ada"), client("token-li")
    seen: dict = {}
    seen["ada_wrote"] = (await turn(ada, "Remember that I prefer tabs for indentation."))["memory_written"]
    seen["li_wrote"] = (await turn(li, "记住：我对花生过敏。", context={"session_id": "s1"}))["memory_written"]
    seen["ada"] = (await turn(ada, "How should you indent my code?", context={"session_id": "s2"}))["messages"][-1]["content"]
    seen["li"] = (await turn(li, "我对什么过敏？"))["messages"][-1]["content"]
    seen["li_tabs"] = (await turn(li, "How should you indent my code?"))["messages"][-1]["content"]
    try:  # ada names 李雷 in her context: refused, not 李雷's memory
        seen["ada_as_li"] = str(await turn(ada, "我对什么过敏？", context={"user_id": "李雷"}))
    except Exception as e:  # noqa: BLE001 - the SDK raises the run's error
        seen["ada_as_li"] = f"{type(e).__name__}: {e}"
    seen["ada_shop"] = (await turn(ada, "Remember that our shop deploys on Fly.io.",
                                   context={"project_id": "shop"}))["memory_written"]
    try:  # ada's handler lets her into "shop" only
        seen["ada_bank"] = str(await turn(ada, "Remember that our bank runs on Kubernetes.", context={"project_id": "bank"}))
    except Exception as e:  # noqa: BLE001 - the SDK raises the run's error
        seen["ada_bank"] = f"{type(e).__name__}: {e}"
    ada_thread = (await ada.threads.create())["thread_id"]  # newcomer18 H2: 李雷 must not read or post to it
    await ada.runs.wait(ada_thread, "memory_agent", input={"messages": [{"role": "user", "content": "I live in Oslo."}]})
    for what, call in (("li_reads_ada", lambda: li.threads.get_state(ada_thread)),
                       ("li_posts_to_ada", lambda: li.runs.wait(ada_thread, "memory_agent", input={
                           "messages": [{"role": "user", "content": "Remember that I live in Paris."}]}))):
        try:
            seen[what] = str(await call())
        except Exception as e:  # noqa: BLE001 - the SDK raises the server's 404
            seen[what] = f"{type(e).__name__}: {e}"
    seen["ada_thread"] = str(await ada.threads.get_state(ada_thread))
    try:
        await get_client(url=url).threads.create()
        seen["no_token"] = "accepted"
    except Exception as e:  # noqa: BLE001
        seen["no_token"] = f"{type(e).__name__}: {e}"
    return seen


@pytest.mark.integration
def test_the_authenticated_user_owns_the_memory(tmp_path):
    with dev_server(tmp_path, auth=AUTH) as server:
        seen = asyncio.run(drive(server.url))
    assert not group_alive(server.proc.pid)
    assert ["tabs" in w["object"] for w in seen["ada_wrote"]] == [True], seen
    assert [w["object"] for w in seen["li_wrote"]] and "花生" in seen["li_wrote"][0]["object"], seen
    assert seen["ada"].startswith("From memory:") and "tabs" in seen["ada"] and "花生" not in seen["ada"], seen
    assert "花生" in seen["li"] and "tabs" not in seen["li"] and "tabs" not in seen["li_tabs"], seen
    assert "authenticated as user 'ada'" in seen["ada_as_li"] and "花生" not in seen["ada_as_li"], seen
    assert ["Fly.io" in w["object"] for w in seen["ada_shop"]] == [True], seen
    assert "memory_projects" in seen["ada_bank"] and "Kubernetes" not in seen["ada_bank"], seen
    assert "unknown token" in seen["no_token"], seen  # the handler refused the request
    for what in ("li_reads_ada", "li_posts_to_ada"):  # own_threads: another user's thread is not found
        assert ("404" in seen[what] or "not found" in seen[what].lower()) and "Oslo" not in seen[what], seen
    assert "Oslo" in seen["ada_thread"] and "Paris" not in seen["ada_thread"], seen
