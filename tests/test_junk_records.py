"""Records that say nothing (newcomer22 L4: "User's phone: dying", "User rule: for the team", "User likes its
workspaces", "User rule: Bob"), by their general causes, with look-alikes that must still store. Cases written for
this test, both languages."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes import MemoryContext, create_write_graph


def _written(store, text: str, user: str = "u1") -> list[dict]:
    out = create_write_graph(store).compile().invoke(
        {"messages": [HumanMessage(text)]}, context=MemoryContext(user_id=user, project_id="web"))
    return out["memory_written"]


# how a thing is at the moment is no attribute of the user's: a progressive or a state word as the value
@pytest.mark.parametrize("text", [
    "My phone is dying.",
    "my laptop is overheating again",
    "my build is failing",
    "my phone is charging",
    "my wallet is stolen",
    "my battery is low",
    "我的耳机是坏的",
    "我的钱包是被偷的",
])
def test_a_passing_state_is_no_attribute(store, text) -> None:
    assert _written(store, text) == []


@pytest.mark.parametrize(("text", "value"), [
    ("my hobby is reading", "reading"),
    ("my favourite sport is running", "running"),
    ("my major is nursing", "nursing"),
    ("my phone is a Pixel 8", "Pixel 8"),
    ("我的爱好是跑步", "跑步"),
    ("我的手机是华为", "华为"),
])
def test_a_lasting_value_is_still_an_attribute(store, text, value) -> None:
    assert any(value in w["text"] for w in _written(store, text))


# a remember cue that says who the note is for is a frame, not the note: nothing of it is stored, a personal
# fact after it stays the user's own, a team fact after it is the project's
@pytest.mark.parametrize("text", [
    "Remember for the team: I'm pregnant, so I won't be on call.",
    "Remember for the whole team: I'm left-handed.",
    "Remember for everyone: I'm vegan.",
    "给团队记住：我下周搬家。",
    "帮大家记一下：我对花生过敏。",
])
def test_a_frame_for_the_team_is_no_record(store, text) -> None:
    written = _written(store, text)
    assert not any(w in x["text"] for x in written for w in ("team", "everyone", "团队", "大家", "记住", "记一下")), written
    assert all(x["scope"]["level"] == "user" for x in written), written


@pytest.mark.parametrize(("text", "value"), [
    ("Remember for the team: we deploy on Fridays.", "Fridays"),
    ("Remember for everyone: I'm vegan.", "vegan"),
    ("帮大家记一下：我对花生过敏。", "花生"),
    ("Remember for the team meeting to bring slides.", "team meeting"),  # no frame: "the team" is not all it says
])
def test_what_follows_the_frame_is_still_read(store, text, value) -> None:
    assert any(value in w["text"] for w in _written(store, text))


# a possessive pronoun as the object points at a thing named elsewhere: alone it says nothing
@pytest.mark.parametrize("text", [
    "I like its workspaces.",
    "I really love their API.",
    "we use pnpm, and I like its workspaces",
    "我挺喜欢它的插件系统",
    "我喜欢他们的文档",
])
def test_a_pronoun_object_is_no_preference(store, text) -> None:
    written = _written(store, text)
    assert not any(p in w["text"] for w in written for p in ("its ", "their ", "它的", "他们的")), written


@pytest.mark.parametrize(("text", "value"), [
    ("I like pnpm's workspaces.", "workspaces"),
    ("我喜欢 pnpm 的 workspace", "workspace"),
    # "its" of the one tool the message says is in use is that tool's
    ("In this repo we use Vite, and I love its dev server.", "Vite's dev server"),
    ("我们前端用 Vite，我很喜欢它的热更新", "Vite 的热更新"),
])
def test_a_named_holder_is_still_a_preference(store, text, value) -> None:
    assert any(value in w["text"] for w in _written(store, text))


# a person's name alone after a remember cue is no rule: nothing to do is said
@pytest.mark.parametrize("text", [
    "Remember Bob.",
    "Remember: Priya.",
    "Remember that Bob, our designer, is vegetarian.",
    "Please remember Maria Lopez.",
])
def test_a_name_alone_is_no_rule(store, text) -> None:
    assert _written(store, text) == []


@pytest.mark.parametrize(("text", "value"), [
    ("Remember to cc Bob on releases.", "cc Bob"),
    ("Remember: always use pnpm.", "pnpm"),
    ("记住：以后叫我小王。", "小王"),
])
def test_an_instruction_naming_a_person_is_still_a_rule(store, text, value) -> None:
    assert any(value in w["text"] for w in _written(store, text))
