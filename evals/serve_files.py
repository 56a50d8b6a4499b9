"""Open files of a real `langgraph dev` worker before and after N rounds of requests (one store per process).

Each round: one `memory_agent` run, every graph's schema request, one thread-state read (langgraph_sdk).
Prints the worker's open fds (all, and those on the memory home) after a first run and after the rounds.

Run: `python -m evals serve_files [--rounds 30]` (needs the dev extra: langgraph-cli[inmem], langgraph-sdk).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
from pathlib import Path

from evals._dev_server import DevServer, dev_server


async def _rounds(server: DevServer, rounds: int) -> dict:
    import httpx
    from langgraph_sdk import get_client

    client = get_client(url=server.url)
    ids = [a["assistant_id"] for a in await client.assistants.search()]
    thread = (await client.threads.create())["thread_id"]
    config = {"configurable": {"user_id": "ada", "session_id": "s1"}}

    async def run(text: str) -> None:
        await client.runs.wait(thread, "memory_agent", input={"messages": [{"role": "user", "content": text}]},
                               config=config)

    await run("Remember that I prefer tabs for indentation.")
    before, codes = server.open_files(), set()
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        for i in range(rounds):
            await run(f"How should you indent my code? ({i})")
            codes |= {(await http.get(f"/assistants/{a}/schemas")).status_code for a in ids}
            await client.threads.get_state(thread)
    return {"rounds": rounds, "fds_before": before[0], "fds_after": server.open_files()[0],
            "home_fds_before": before[1], "home_fds_after": server.open_files()[1], "schema_status": sorted(codes)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="langmem-serve-") as tmp, dev_server(Path(tmp)) as server:
        out = asyncio.run(_rounds(server, args.rounds))
    print(f"{out['rounds']} rounds: worker fds {out['fds_before']} -> {out['fds_after']}, on the memory home "
          f"{out['home_fds_before']} -> {out['home_fds_after']}; schema requests answered {out['schema_status']}")
    print(json.dumps(out))
    return 0
