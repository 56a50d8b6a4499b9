"""A user who changes their mind back and forth (newcomer16 H3, M1, M2, L4): after every turn one value of a
slot is active, in both languages and across them; "go back to X" / "X after all" / "还是X吧" / "换回X" / "the
first one" / "原来那个" return to a value of the slot's supersede chain; what cannot be resolved flags the current
value and says so; the read side never shows two values of one chain together; labels tell the truth."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes.read.conflicts import resolve_conflicts
from langmem_nodes.read.render import exclusive_losers, render_item
from langmem_nodes.records import MemoryContext, MemoryRecord, Scope, Status
from langmem_nodes.slots import SLOT_KEY
from langmem_nodes.state import ScoredMemory
from langmem_nodes.write import create_write_graph

FLIPS = {  # turns, the slot's values, the value active after each turn
    "en-switched-back": (["I use Vim.", "Actually Helix, not Vim.", "I switched back to Vim."],
                         ["vim", "helix"], ["vim", "helix", "vim"]),
    "en-go-back-named": (["I use Vim.", "Actually Helix, not Vim.", "Actually, go back to Vim."],
                         ["vim", "helix"], ["vim", "helix", "vim"]),
    "en-after-all": (["I live in Berlin.", "Actually I live in Munich, not Berlin.", "Sorry, Berlin after all."],
                     ["berlin", "munich"], ["berlin", "munich", "berlin"]),
    "en-first-one": (["I use npm.", "I switched to pnpm.", "I switched to yarn.", "Actually go back to the first one."],
                     ["npm", "pnpm", "yarn"], ["npm", "pnpm", "yarn", "npm"]),
    "en-drink-five": (["I like coffee.", "Actually I like tea, not coffee.", "No wait, coffee after all.",
                       "Hmm, tea after all.", "Go back to coffee."],
                      ["coffee", "tea"], ["coffee", "tea", "coffee", "tea", "coffee"]),
    "zh-switched-back": (["我用 Vim。", "不对，我用 Helix，不是 Vim。", "我又换回 Vim 了。"],
                         ["vim", "helix"], ["vim", "helix", "vim"]),
    "zh-haishi-ba": (["我喜欢喝咖啡。", "不对，我喜欢喝茶，不是咖啡。", "其实还是咖啡吧。"],
                     ["咖啡", "茶"], ["咖啡", "茶", "咖啡"]),
    "zh-yuanlai": (["我住在北京。", "不对，我住在上海，不是北京。", "算了，还是用回原来那个吧。"],
                   ["北京", "上海"], ["北京", "上海", "北京"]),
    "zh-food-four": (["我喜欢吃川菜。", "不对，我喜欢吃粤菜，不是川菜。", "还是川菜吧。", "算了，还是粤菜。"],
                     ["川菜", "粤菜"], ["川菜", "粤菜", "川菜", "粤菜"]),
    "zh-same-kind": (["我用 Helix。", "还是 Emacs 吧。"], ["helix", "emacs"], ["helix", "emacs"]),
    "mixed-berlin": (["I live in Berlin.", "不对，我住在慕尼黑，不是柏林。", "Sorry, Berlin after all."],
                     ["berlin", "慕尼黑"], ["berlin", "慕尼黑", "berlin"]),
    "mixed-yuanlai": (["我用 Vim。", "Actually Helix, not Vim.", "还是用回原来那个吧。"],
                      ["vim", "helix"], ["vim", "helix", "vim"]),
    "mixed-tabs": (["I prefer tabs for indentation.", "Actually, spaces, not tabs.", "其实我还是喜欢用 tab 缩进。",
                    "No wait, go back to spaces."],
                   ["tabs for indentation", "spaces", "tab 缩进"],
                   ["tabs for indentation", "spaces", "tab 缩进", "spaces"]),
}


def _active(store, user: str) -> list[MemoryRecord]:
    return [r for r in store.find(None, statuses=(Status.ACTIVE,)) if r.scope.user_id == user]


def _say(graph, user: str, text: str) -> dict:
    return graph.invoke({"messages": [HumanMessage(text)]}, context=MemoryContext(user_id=user))


@pytest.mark.parametrize("case", FLIPS, ids=list(FLIPS))
def test_one_value_of_the_slot_is_active_after_every_turn(store, case) -> None:
    turns, slot, expected = FLIPS[case]
    graph = create_write_graph(store).compile()
    for text, want in zip(turns, expected, strict=True):
        _say(graph, "ada", text)
        held = [r.object.casefold() for r in _active(store, "ada") if r.object.casefold() in slot]
        assert held == [want], (text, held)


@pytest.mark.parametrize("turns", [["I use Vim.", "Actually go back to the first one."],
                                   ["我用 Vim。", "还是用回原来那个吧。"]], ids=["en", "zh"])
def test_a_return_with_nothing_to_return_to_flags_the_current_value(store, turns) -> None:
    graph = create_write_graph(store).compile()
    _say(graph, "bo", turns[0])
    out = _say(graph, "bo", turns[1])
    (vim,) = _active(store, "bo")
    assert vim.metadata.get("needs_confirmation")
    assert any("needs confirmation" in s["reason"] for s in out["memory_skipped"])


@pytest.mark.parametrize("turns", [["I use Vim.", "No wait, change that."], ["我用 Vim。", "不对，改一下。"]],
                         ids=["en", "zh"])
def test_a_correction_without_a_new_value_flags_the_old_one(store, turns) -> None:
    graph = create_write_graph(store).compile()
    for t in turns:
        _say(graph, "cy", t)
    (vim,) = _active(store, "cy")
    assert vim.metadata.get("needs_confirmation")


@pytest.mark.parametrize("turns", [["I use Vim.", "No wait."], ["我用 Vim。", "不对不对。"]], ids=["en", "zh"])
def test_a_bare_marker_flags_nothing(store, turns) -> None:
    graph = create_write_graph(store).compile()
    for t in turns:
        _say(graph, "di", t)
    (vim,) = _active(store, "di")
    assert not vim.metadata.get("needs_confirmation")


@pytest.mark.parametrize("turns", [["I use Vim.", "Actually Helix, not Vim.", "I use Vim."],
                                   ["我用 Vim。", "不对，我用 Helix，不是 Vim。", "我用 Vim。"]], ids=["en", "zh"])
def test_a_plain_value_of_the_chain_does_not_outrank_the_correction(store, turns) -> None:
    graph = create_write_graph(store).compile()
    for t in turns:
        out = _say(graph, "ed", t)
    assert [r.object for r in _active(store, "ed") if r.predicate == "uses"] == ["Helix"]
    assert any(s.get("action") == "not_active" for s in out["memory_skipped"])


def _rec(text: str, obj: str, source: str, slot: list[str] | None = None, **kw) -> MemoryRecord:
    return MemoryRecord(text=text, predicate="uses", object=obj, source=source, scope=Scope(user_id="u"),
                        metadata={SLOT_KEY: slot} if slot else {}, **kw)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_two_values_of_one_chain_are_never_shown_together(lang) -> None:
    said = (lambda o: f"User uses {o}") if lang == "en" else (lambda o: f"用户使用{o}")
    vim = _rec(said("Vim"), "Vim", "inferred")
    helix = _rec(said("Helix"), "Helix", "explicit_correction", ["vim"])
    python = _rec(said("Python"), "Python", "inferred")
    hits = [ScoredMemory(record=r, score=0.8) for r in (vim, helix, python)]
    kept = [h.record.object for h in resolve_conflicts(hits)]
    assert kept == ["Helix", "Python"]
    assert exclusive_losers([vim, helix, python]) == {vim.id: helix.id}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_labels_tell_the_truth(lang) -> None:
    text = "User lives in Berlin" if lang == "en" else "用户住在柏林"
    plain = MemoryRecord(text=text, predicate="lives_in", object="Berlin", scope=Scope(user_id="u"),
                         metadata={"extractor": "rule", "lang": lang})
    line = render_item(ScoredMemory(record=plain, score=0.9), 400)
    assert "inferred" not in line and "user mentioned" in line
    doubted = plain.model_copy(update={"metadata": {**plain.metadata, "needs_confirmation": "a correction followed"}})
    line = render_item(ScoredMemory(record=doubted, score=0.9), 400)
    assert "conflicting memory" not in line and "confirm with the user" in line
    contested = render_item(ScoredMemory(record=plain, score=0.9, flags=["needs_confirmation"]), 400)
    assert "conflicting memory exists" in contested


@pytest.mark.parametrize("text", ["I use Vim and work at Google — scratch that, I use Emacs.",
                                  "I use Vim and work at Google - scratch that, I use Emacs.",
                                  "我用 Vim，在谷歌上班——不对，我用 Emacs。"], ids=["en-dash", "en-hyphen", "zh"])
def test_scratch_that_withdraws_the_value_of_the_new_values_attribute(store, text) -> None:
    create_write_graph(store).compile().invoke({"messages": [HumanMessage(text)]}, context=MemoryContext(user_id="fy"))
    held = sorted((r.predicate, r.object) for r in _active(store, "fy"))
    assert held == [("uses", "Emacs"), ("works_at", "Google" if text.startswith("I") else "谷歌")]


@pytest.mark.parametrize("turns,new", [(["我用 ThinkPad。", "ThinkPad 是之前那台，现在用 MacBook。"], "MacBook"),
                                       (["I use a ThinkPad.", "The ThinkPad was my old one, now on a MacBook."], "MacBook"),
                                       (["I live in Paris.", "Paris was before, now in Lyon."], "Lyon")],
                         ids=["zh", "en", "en-place"])
def test_an_old_value_named_then_the_new_one_said_without_subject(store, turns, new) -> None:
    graph = create_write_graph(store).compile()
    for t in turns:
        _say(graph, "gu", t)
    assert [r.object for r in _active(store, "gu")] == [new]


@pytest.mark.parametrize("text", ["Welcome back!", "I'm back from vacation.", "That was the first one I tried.",
                                  "No wait, let me think.", "我回到家了。", "这是我试的第一个。"])
def test_back_or_first_in_passing_changes_and_flags_nothing(store, text) -> None:
    graph = create_write_graph(store).compile()
    for t in ["I use Vim.", "Actually Helix, not Vim.", text]:
        _say(graph, "ha", t)
    (helix,) = _active(store, "ha")
    assert helix.object == "Helix" and not helix.metadata.get("needs_confirmation")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_kept_value_of_a_chain_says_what_it_holds_over(lang) -> None:
    said = (lambda o: f"User uses {o}") if lang == "en" else (lambda o: f"用户使用{o}")
    vim = _rec(said("Vim"), "Vim", "inferred")
    helix = _rec(said("Helix"), "Helix", "explicit_correction", ["vim"])
    (kept,) = resolve_conflicts([ScoredMemory(record=vim, score=0.9), ScoredMemory(record=helix, score=0.5)])
    assert kept.record.object == "Helix" and f'holds over "{said("Vim")}"' in (kept.note or "")
    assert f'said outright, holds over "{said("Vim")}"' in render_item(kept, 400)
