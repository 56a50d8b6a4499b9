"""The CLI says what happened once, plainly (newcomer22 L1): a fact said again in another session is one promotion,
not "remembered [new] / skipped (merge) / superseded [old]"; `show` prints a turn's decision trace once, not again
for the promote entry of the same turn."""

from __future__ import annotations

import pytest

from langmem_nodes.cli import main


def _human(capsys, home, *argv: str) -> list[str]:
    assert main(["--home", str(home), "--embedder", "hashing", *argv]) == 0
    return capsys.readouterr().out.strip().splitlines()


@pytest.mark.parametrize("said", ["I use Vim.", "我用 Vim。", "I'm vegetarian.", "我住在上海。"])
def test_a_repeat_in_a_new_session_is_one_promotion_line(capsys, tmp_path, said) -> None:
    home = tmp_path / "home"
    first = _human(capsys, home, "remember", said, "--user", "ann", "--session", "s1")
    assert len(first) == 1 and first[0].startswith("remembered")
    again = _human(capsys, home, "remember", said, "--user", "ann", "--session", "s2")
    assert len(again) == 1, again
    assert again[0].startswith("promoted") and "user level" in again[0], again
    assert not any(w in again[0] for w in ("remembered", "skipped", "superseded")), again


@pytest.mark.parametrize(("old", "new"), [("I live in Oslo.", "Actually I moved to Bergen."),
                                          ("我住在上海。", "其实我搬到杭州了。")])
def test_show_prints_a_turns_decision_trace_once(capsys, tmp_path, old, new) -> None:
    home = tmp_path / "home"
    _human(capsys, home, "remember", old, "--user", "ann", "--session", "s1")
    said = _human(capsys, home, "remember", new, "--user", "ann", "--session", "s2")
    new_id = said[0].split("[")[1].split("]")[0]
    shown = _human(capsys, home, "show", new_id)
    history = shown[shown.index("history:") + 1:]
    assert sum(line.strip().startswith("extract:") for line in history) == 1, shown
    assert not any("same decision trace" in line for line in history), shown
