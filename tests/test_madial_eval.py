"""MADial eval: loader and a run of all three modes on a tiny synthetic set in the MADial format."""

from __future__ import annotations

import json

from evals.madial import dialogue_messages, load_dialogues, load_memories, main


def write(tmp_path, lang, memories, dialogues):
    (tmp_path / f"MADial-Bench-{lang}-memory.json").write_text(
        "\n".join(json.dumps({k: v}, ensure_ascii=False) for k, v in memories.items()))
    (tmp_path / f"MADial-Bench-{lang}-dialogue.json").write_text(
        "\n".join(json.dumps(d, ensure_ascii=False) for d in dialogues))


def mem(time, event):
    return {"time": time, "scene": "Activity", "emotion": "Happy", "event": event}


def test_dialogue_turns_before_the_test_turn_end_with_the_user():
    turns = ["<BOD>\n", '<Bart>: "I will do magic!"\n', '<Assistant>: "Great!"\n', '<Bart>:"我有点紧张"\n',
             '<Assistant>: "Remember the dance?"\n', "<EOD>\n"]
    assert dialogue_messages(turns, 4) == [("user", "I will do magic!"), ("assistant", "Great!"), ("user", "我有点紧张")]
    assert dialogue_messages(turns, 3) == [("user", "I will do magic!")]


def test_run_reports_all_modes_in_both_languages(tmp_path, capsys):
    write(tmp_path, "en", {"1": mem("2023-12-25", "Bart danced at the Christmas party"),
                           "2": mem("2023-03-07", "Lisa won the science fair with an ecosystem sphere")},
          [{"dialogue": ["<BOD>", '<Bart>: "Can I dance at the party again?"', "<EOD>"], "test-turn": [2],
            "relevant-id": [1], "user-id": 1}])
    write(tmp_path, "zh", {"1": mem("2023-12-25", "Bart在圣诞节晚会上跳舞"), "2": mem("2023-03-07", "Lisa在科学展上获奖")},
          [{"dialogue": ["<BOD>", "<Bart>:\"我还能在晚会上跳舞吗？\"", "<EOD>"], "test-turn": [2], "relevant-id": [1]}])
    assert [m.id for m in load_memories(tmp_path / "MADial-Bench-en-memory.json")] == ["m1", "m2"]
    assert load_dialogues(tmp_path / "MADial-Bench-zh-dialogue.json")[0]["gold"] == {"m1"}
    assert main(["--data", str(tmp_path), "--embedder", "hashing", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    for lang in ("en", "zh"):
        assert set(summary[lang]) >= {"hybrid", "bm25", "dense"}
        assert summary[lang]["bm25"]["recall@1"] == 100.0
