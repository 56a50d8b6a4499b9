"""Red team 8's secret and injection findings (M1, H5, L3, H6, H8, M2/M3, L2, L4), en + zh, with real parts.

M1 every turn re-screened every earlier user turn (a 400-turn thread of 4 KB messages: 90 s a turn). Now each
message is screened once per process and a turn screens a bounded amount of not-yet-screened history.
"""

from __future__ import annotations

import pytest

from langmem_nodes.safety import said_before
from langmem_nodes.write import thread_secrets


@pytest.fixture
def fresh_cache(monkeypatch):
    monkeypatch.setattr(said_before, "_cache", type(said_before._cache)())
    screened: list[int] = []
    real = said_before.find_secrets

    def counting(text):
        screened.append(len(text))
        return real(text)

    monkeypatch.setattr(said_before, "find_secrets", counting)
    return screened


def _thread(texts: list[str]) -> list[dict]:
    out = []
    for t in texts:
        out += [{"role": "user", "content": t}, {"role": "assistant", "content": "ok"}]
    return out


FILLER = {"en": "We talked about the garden and the weather in Oslo for a while. ",
          "zh": "我们聊了一会儿花园和奥斯陆的天气，然后又说到了周末的安排。"}
SECRET = {"en": ("the staging db pw is hunter2-XY, save it", "hunter2-XY"),
          "zh": ("测试库的密码是 tiger-88Q，记一下", "tiger-88Q")}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_turn_screens_a_bounded_part_of_a_long_unscreened_history(fresh_cache, monkeypatch, lang):
    monkeypatch.setattr(thread_secrets, "SCREEN_BUDGET", 2_000)
    said, value = SECRET[lang]
    history = [said + " " + FILLER[lang] * 8] + [f"{i}: " + FILLER[lang] * 8 for i in range(60)]
    turns = _thread(history) + [{"role": "user", "content": "new"}]
    first = thread_secrets.refused_earlier(turns)
    assert sum(fresh_cache) <= 2_000 + len(history[-1])  # not the whole history
    assert value not in first  # the oldest turn was not reached yet
    for _ in range(60):  # later turns of the same thread reach it; the screened ones are not screened again
        fresh_cache.clear()
        values = thread_secrets.refused_earlier(turns)
        assert sum(fresh_cache) <= 2_000 + len(history[-1])
        if value in values:
            break
    assert value in values


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_thread_grown_turn_by_turn_screens_each_message_once_and_keeps_its_refusals(fresh_cache, lang):
    said, value = SECRET[lang]
    history = [said]
    for i in range(40):
        history.append(f"{i}: " + FILLER[lang])
        values = thread_secrets.refused_earlier(_thread(history) + [{"role": "user", "content": "new"}])
        assert value in values
    assert len(fresh_cache) == len(history)  # every message screened once, not once a turn
