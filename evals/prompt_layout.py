"""Which prompt layout do chat providers accept, and how much of each request is a cacheable prefix?

Runs a scripted multi-turn conversation (English and Chinese) through recall → agent → write on a fresh
memory home (default embedder), records the agent's state on every turn, and builds the model request three
ways:
  human            `memory_messages`: system + stable, conversation, per-turn block on the latest user turn
  system           system + stable + per-turn block, then the conversation
  trailing_system  system + stable, conversation, then a system message with the per-turn block (the old one)
Each request goes through the request formatting of langchain-anthropic and langchain-openai (no network);
for accepted ones it prints the share of the request (system + messages, serialized) that equals the previous
turn's request up to its first difference — what a provider's prefix cache can reuse.

Run: `python -m evals prompt_layout [--embedder hashing]`.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from typing import Any

from langchain_core.messages import BaseMessage, SystemMessage, convert_to_messages
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph

from langmem_nodes import MemoryContext, MemoryState, MemoryStore, add_memory, memory_messages
from langmem_nodes.testing import MemoryEchoChatModel

SYSTEM = "You are a helpful assistant. Use the user's long-term memories below when they help."
TURNS = {
    "en": ["Remember that I prefer tabs for indentation.", "Remember that I drink green tea.",
           "How should you indent my code?", "What do I drink?", "Any tips for my editor setup?",
           "What do you know about my drinks?", "And my indentation again?", "Thanks!"],
    "zh": ["记住：我喜欢用制表符缩进。", "记住我每天喝绿茶。", "我的代码应该怎么缩进？", "我喝什么？",
           "编辑器怎么设置比较好？", "你还记得我喝什么吗？", "再说一次缩进？", "谢谢！"],
}


def layouts(state: dict[str, Any]) -> dict[str, list[BaseMessage]]:
    stable, block = state.get("memory_stable") or "", state.get("memory_injection") or ""
    history = convert_to_messages(state["messages"])
    head = SYSTEM + ("\n\n" + stable if stable else "")
    return {
        "human": memory_messages(state, system=SYSTEM),
        "system": [SystemMessage(head + ("\n\n" + block if block else "")), *history],
        "trailing_system": [SystemMessage(head), *history, *([SystemMessage(block)] if block else [])],
    }


def provider_bytes(provider: str, messages: list[BaseMessage]) -> str | None:
    """The request's system + messages as the provider's formatter serializes them, or None if refused."""
    from langchain_anthropic import ChatAnthropic
    from langchain_openai import ChatOpenAI

    try:
        if provider == "anthropic":
            payload = ChatAnthropic(model="claude-sonnet-4-5", api_key="offline")._get_request_payload(messages)
            return json.dumps([payload.get("system"), payload["messages"]], ensure_ascii=False)
        payload = ChatOpenAI(model="gpt-4o-mini", api_key="offline")._get_request_payload(messages)
        return json.dumps(payload["messages"], ensure_ascii=False)
    except ValueError:
        return None


def common_prefix(a: str, b: str) -> int:
    n = min(len(a), len(b))
    i = next((i for i in range(n) if a[i] != b[i]), n)
    return len(a[:i].encode())


def record_states(lang: str, embedder: str | None) -> list[dict[str, Any]]:
    states: list[dict[str, Any]] = []
    llm = MemoryEchoChatModel()

    def agent(state: dict[str, Any]) -> dict[str, Any]:
        states.append(dict(state))
        return {"messages": [llm.invoke(memory_messages(state, system=SYSTEM))]}

    with MemoryStore(tempfile.mkdtemp(prefix="langmem-layout-"), embedder=embedder) as store:
        builder = StateGraph(MemoryState, context_schema=MemoryContext)
        builder.add_node("agent", agent).add_edge(START, "agent").add_edge("agent", END)
        graph = add_memory(builder, store, agent="agent").compile(checkpointer=InMemorySaver())
        for text in TURNS[lang]:
            graph.invoke({"messages": [("user", text)]}, config={"configurable": {"thread_id": lang}},
                         context=MemoryContext(user_id="ada", session_id="s1"))
    return states


def measure(embedder: str | None = None) -> dict[str, dict[str, dict[str, Any]]]:
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for lang in TURNS:
        states = record_states(lang, embedder)
        requests = [layouts(s) for s in states]
        for layout in requests[0]:
            for provider in ("anthropic", "openai"):
                sent = [provider_bytes(provider, r[layout]) for r in requests]
                row: dict[str, Any] = {"accepted": sum(s is not None for s in sent), "turns": len(sent)}
                pairs = [(a, b) for a, b in zip(sent, sent[1:], strict=False) if a is not None and b is not None]
                if pairs:
                    row["prefix_share"] = sum(common_prefix(a, b) for a, b in pairs) / sum(len(b.encode()) for _, b in pairs)
                out.setdefault(layout, {})[f"{provider}/{lang}"] = row
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedder", choices=["minilm", "hashing"], default=None)
    args = parser.parse_args(argv)
    result = measure(args.embedder)
    print(f"{'layout':16} {'provider/lang':14} accepted  cacheable prefix (bytes equal to the previous turn's request)")
    for layout, rows in result.items():
        for key, row in rows.items():
            share = f"{row['prefix_share']:.1%}" if "prefix_share" in row else "-"
            print(f"{layout:16} {key:14} {row['accepted']}/{row['turns']}       {share}")
    return 0
