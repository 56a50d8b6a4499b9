"""A correction of one of two values said together (issue #16): "our CI is CircleCI and the build agents are
self-hosted on Linode" … "I mixed that up, the build agents are on Vultr" replaces Linode, not CircleCI, and the
new value is the name, not "on Vultr". The runners / agents / workers / artifacts of a project are read as where it
runs ("self-hosted on", "live on"). en + zh."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from langmem_nodes.records import MemoryContext, Status
from langmem_nodes.write import create_write_graph
from langmem_nodes.write.extractor import _bare_value

CASES = {  # earlier turn, correction, value kept, old value, new value
    "en-self-hosted": ("our CI is CircleCI and the build agents are self-hosted on Linode", "Got it.",
                       "hold on, I mixed that up. the build agents are on Vultr. Linode is only where the backups live",
                       "CircleCI", "Linode", "Vultr"),
    "en-live-on": ("we build with Buildkite and the artifacts live on S3", "ok",
                   "wait, I got that wrong. the artifacts live on R2.", "Buildkite", "S3", "R2"),
    "en-two-word-ci": ("our CI is Azure Pipelines and the agents are self-hosted on Scaleway", "Got it.",
                       "hold on, I mixed that up. the agents are on OVH. Scaleway is only where the staging DB lives",
                       "Azure Pipelines", "Scaleway", "OVH"),
    "zh-fang-zai": ("我们 CI 用的是 Jenkins，制品放在 S3 上", "好的", "等等，我搞错了，制品放在 OSS 上。", "Jenkins", "S3", "OSS"),
}


@pytest.mark.parametrize("case", CASES)
def test_the_correction_replaces_the_value_of_the_part_it_names(store, case) -> None:
    first, reply, fix, kept, old_word, new_word = CASES[case]
    g, ctx = create_write_graph(store).compile(), MemoryContext(user_id="ct", project_id="p", session_id="s1")
    g.invoke({"messages": [HumanMessage(first)]}, context=ctx)
    g.invoke({"messages": [HumanMessage(first), AIMessage(reply), HumanMessage(fix)]}, context=ctx)
    active = {r.object: r for r in store.find(None, statuses=(Status.ACTIVE,))}
    assert kept in active and old_word not in active
    assert active[new_word].source.value == "explicit_correction"


@pytest.mark.parametrize("clause, value", [("the mirrors are on Backblaze", "Backblaze"), ("the meeting is at noon", "at noon")])
def test_a_bare_value_drops_the_preposition_before_a_name(clause, value) -> None:
    assert _bare_value(clause)[1] == value
