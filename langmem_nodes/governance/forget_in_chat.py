"""A forget request said in chat, carried out once: the memories it picks are deleted, and what the model is told
was forgotten is what the deletion reported gone, never the list it was asked to delete, nor the memories held
back as ambiguous. The held-back ones are listed on a line of their own ("kept, not deleted"), so neither a model
nor the echo test model can read them as forgotten.

Example:
    >>> import tempfile
    >>> from langmem_nodes.records import MemoryContext, MemoryRecord, Scope
    >>> from langmem_nodes.store import MemoryStore
    >>> store = MemoryStore(tempfile.mkdtemp(), embedder="hashing")
    >>> _ = store.commit(add=[MemoryRecord(text="User lives in Oslo", predicate="lives_in", object="Oslo",
    ...                                    scope=Scope(user_id="ada"))])
    >>> out = carry_out(store, "Please forget where I live.", MemoryContext(user_id="ada"))
    >>> [c["text"] for c in out.forgotten], out.kept, store.count()
    (['User lives in Oslo'], [], 0)
    >>> print(forget_notice(out))
    <memory-forgotten>
    Forgotten at the user's request (where I live): «User lives in Oslo». Tell the user these are deleted; do not use them.
    </memory-forgotten>
    >>> store.close()
"""

from __future__ import annotations

import logging
from typing import Any, NamedTuple

from ..records import MemoryContext

log = logging.getLogger(__name__)

NOTICE_OPEN, NOTICE_CLOSE = "<memory-forgotten>", "</memory-forgotten>"
_SAY = {  # what the model is told after a forget request: forgotten / none matched / unsure, then (own line) kept
    "en": {"found": "Forgotten at the user's request ({topic}): {items}. Tell the user these are deleted; do not use them.",
           "none": "The user asked to forget ({topic}); no stored memory matched, so nothing was deleted. Say so.",
           "unsure": "The user asked to forget ({topic}), but it is unclear which memory is meant, so nothing was deleted.",
           "kept": "Kept, not deleted (they may be meant): {kept}. Ask the user which to delete.",
           "shared": "The user asked to forget ({topic}): {items} is a shared team memory (project or organisation), "
                     "not the user's own, so it was not deleted; an admin can remove it. Tell the user.",
           "elsewhere": "Also deleted: {n} cop{ies} of it the user said in their other projects.",
           "elsewhere_only": "The user asked to forget ({topic}): nothing stored in this project matched, and {n} "
                             "cop{ies} the user said in their other projects {were} deleted. Tell the user.",
           "failed": "The user asked to forget ({topic}), but memory is unavailable right now, so nothing was deleted. "
                     "Tell the user it was not done and to ask again later.",
           "all": "In all {n} memor{ies} of the user {were} deleted, in this project and their other projects (shared "
                  "project and organisation facts are kept). Tell the user."},
    "zh": {"found": "已按用户要求忘掉（{topic}）：{items}。请告诉用户这些已删除，不要再使用。",
           "none": "用户要求忘掉（{topic}），但没有找到相关记忆，什么都没删。请如实告诉用户。",
           "unsure": "用户要求忘掉（{topic}），但不确定指的是哪一条，所以什么都没删。",
           "kept": "仍然保留、没有删除（可能相关）：{kept}。请问用户要删哪一条。",
           "shared": "用户要求忘掉（{topic}）：{items}是团队共享的记忆（项目或组织），不是用户自己的，所以没有删除；"
                     "管理员可以删除它。请告诉用户。",
           "elsewhere": "另外也删除了用户在其他项目里说过的 {n} 条相同内容。",
           "elsewhere_only": "用户要求忘掉（{topic}）：本项目里没有相关记忆，已删除用户在其他项目里说过的 {n} 条。请告诉用户。",
           "failed": "用户要求忘掉（{topic}），但记忆暂时不可用，什么都没删。请告诉用户这次没有删成，稍后再说一次。",
           "all": "共删除了用户的 {n} 条记忆，包括本项目和用户的其他项目（项目和组织共享的事实保留）。请告诉用户。"},
}
#: how the kept line starts, in either language (`testing.MemoryEchoChatModel` reads the notice by its lines)
KEPT_STARTS = ("Kept, not deleted", "仍然保留、没有删除")


class ForgetOutcome(NamedTuple):
    """What a forget request in chat did: its topic and language, the memories deleted (as the deletion reported
    them gone) and the ones kept as ambiguous."""

    topic: str
    lang: str
    forgotten: list[dict[str, Any]]
    kept: list[dict[str, Any]]
    elsewhere: int = 0  # copies deleted in the user's other projects (not shown in this one)
    everything: bool = False  # "forget everything about me": the notice counts all that was deleted
    shared: list[dict[str, Any]] = []  # nothing of the user's matched, but these shared team memories did (kept)


def carry_out(store: Any, text: str, ctx: MemoryContext) -> ForgetOutcome:
    """Delete what the forget request `text` picks (`ForgetRequestNode.to_forget`) and report what is gone."""
    from ..text import detect_lang, to_simplified
    from .forget_node import ForgetRequestNode, is_forget_all, request_topic

    node = ForgetRequestNode(store)
    picked, held = node.to_forget(text, ctx)
    # the copies of their own facts the user said in their other projects: deleted too, counted, never shown here
    far, _ = node.to_forget(text, ctx, node.elsewhere_partitions(ctx))
    forgotten: list[dict[str, Any]] = []
    elsewhere = 0
    if picked or far:
        reports = store.forget_many([c["id"] for c in [*picked, *far]], actor=f"user:{ctx.user_id}",
                                    reason="forget request in chat")
        gone = {r["id"] for r in reports if (r.get("places") or {}).get(store.backend) == "gone"}  # out of the truth
        forgotten = [c for c in picked if c["id"] in gone]
        elsewhere = sum(c["id"] in gone for c in far)
    kept = [h for h in held if h["id"] not in {c["id"] for c in forgotten}]
    log.info("forget request from user %s: %d memories forgotten (%d in other projects), %d kept as ambiguous",
             ctx.user_id, len(forgotten) + elsewhere, elsewhere, len(kept))
    shared = node.shared_named(text, ctx) if not (forgotten or kept or elsewhere) else []
    return ForgetOutcome(request_topic(text), "zh" if detect_lang(text) == "zh" else "en", forgotten, kept, elsewhere,
                         is_forget_all(to_simplified(text)), shared)


def forget_notice(outcome: ForgetOutcome) -> str:
    """The notice for the model: what was forgotten (or that nothing was), then, on its own line, what was kept."""
    from ..safety.inert import neutralize

    def quoted(items: list[dict[str, Any]]) -> str:
        return "; ".join(f"«{neutralize(c['text'])}»" for c in items)

    say = _SAY[outcome.lang]
    if outcome.shared and not (outcome.forgotten or outcome.kept or outcome.elsewhere):
        line = say["shared"].format(topic=neutralize(outcome.topic), items=quoted(outcome.shared[:3]))
        return "\n".join([NOTICE_OPEN, line, NOTICE_CLOSE])
    lines = [say["found" if outcome.forgotten else "unsure" if outcome.kept else "none"].format(
        topic=neutralize(outcome.topic), items=quoted(outcome.forgotten))]
    n = outcome.elsewhere
    plural = {"n": n, "ies": "y" if n == 1 else "ies", "were": "was" if n == 1 else "were"}
    if outcome.everything and (n or outcome.forgotten):  # everything: the count of all that went
        n = len(outcome.forgotten) + n
        all_line = say["all"].format(n=n, ies="y" if n == 1 else "ies", were="was" if n == 1 else "were")
        return "\n".join([NOTICE_OPEN, *(lines if outcome.forgotten else []), all_line, NOTICE_CLOSE])
    if n and not outcome.forgotten and not outcome.kept:  # nothing here, but the copies elsewhere are gone
        lines = [say["elsewhere_only"].format(topic=neutralize(outcome.topic), **plural)]
    elif n:
        lines.append(say["elsewhere"].format(**plural))
    if outcome.kept:
        lines.append(say["kept"].format(kept=quoted(outcome.kept)))
    return "\n".join([NOTICE_OPEN, *lines, NOTICE_CLOSE])


def failed_notice(text: str) -> str:
    """The notice for the forget request `text` when the store failed before it was carried out: nothing was
    deleted, and the model must say so (never that it was done)."""
    from ..safety.inert import neutralize
    from ..text import detect_lang
    from .forget_node import request_topic

    say = _SAY["zh" if detect_lang(text) == "zh" else "en"]
    return "\n".join([NOTICE_OPEN, say["failed"].format(topic=neutralize(request_topic(text))), NOTICE_CLOSE])


__all__ = ["KEPT_STARTS", "ForgetOutcome", "carry_out", "failed_notice", "forget_notice"]
