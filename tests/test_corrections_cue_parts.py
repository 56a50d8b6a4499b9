"""Corrections told by more parts (issue #16, kind 1), en + zh, in-turn and across turns (`write/correction_cue.py`,
`write/negated_again.py`): a slip noun ("brain fart", "手滑了"), a restating frame ("I should say X", "我说的是 X",
"应该说是 X"), what was said put in the past ("that was true in college", "那是以前了"), an interjected "no"
("34. ugh no, 35"), the assistant's misreading set against the user's value ("Korean, not Japanese"), the slot a
slip names ("correction on the editor", "上面公司说错了"), and a value negated with another beside it ("I don't like
running, I like cycling"). Each lands as an `explicit_correction` and the old value is no longer silently active;
one whose new value is put off flags the old value `needs_confirmation`; look-alikes correct nothing."""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext
from tests._replay import landed, replay

CTX = MemoryContext(user_id="cue", project_id="app", session_id="s1")


def _say(store, *turns: str, reply: str = "Got it.") -> list:
    return replay(store, *turns, ctx=CTX, reply=reply)


def _silently_active(active: list, old: str) -> list:
    return [r for r in active if old.casefold() in r.object.casefold() and not r.metadata.get("needs_confirmation")
            and r.polarity.value == "positive"]


def _shown(active: list) -> list:
    return [(r.predicate, r.object, r.polarity.value, r.source.value, bool(r.metadata.get("needs_confirmation"))) for r in active]


LANDS = [  # (turns, new value, old value)
    (("I use a Pixel", "sorry, brain fart, it's an iPhone 15 now, the Pixel died"), "iPhone 15", "Pixel"),
    (("我用 Vim 写代码，手滑了，是 Neovim",), "Neovim", "Vim 写代码"),
    (("I mostly write Java", "I should say Kotlin, we dropped Java a while back"), "Kotlin", "Java"),
    (("I mostly write Java", "Kotlin, I should say"), "Kotlin", "Java"),
    (("我最喜欢的编程语言是 Python", "现在应该说是 Rust 了"), "Rust", "Python"),
    (("My favourite band is Muse.", "eh, that was true in college. these days it's Radiohead"), "Radiohead", "Muse"),
    (("我最喜欢的水果是芒果", "那是以前了，现在应该说是榴莲"), "榴莲", "芒果"),
    (("I'm 34. ugh no, 35, I keep forgetting my birthday passed",), "35", "34"),
    (("I work at Spotify, or technically at Acme",), "Acme", "Spotify"),
    (("our CI runs on Jenkins", "not anymore actually, we're on GitHub Actions since May"), "GitHub Actions", "Jenkins"),
    (("my editor is Sublime", "I code mostly in Go", "correction on the editor: it's Zed now"), "Zed", "Sublime"),
    (("I live in Madrid", "I'm a teacher by the way", "oh and I got the city wrong earlier, it's Valencia"), "Valencia", "Madrid"),
    (("我在华为上班", "我是后端开发", "上面公司说错了，是荣耀"), "荣耀", "华为"),
    (("我在上海工作", "我喜欢打羽毛球", "更正下前面那个，我其实在杭州工作"), "杭州", "上海"),
    (("I like running.", "honestly I don't like running, I like cycling"), "cycling", "running"),
    (("我喜欢吃辣", "其实我不太能吃辣，我喜欢吃甜的"), "甜", "辣"),
    # a model said by its variant word; a withdrawn value said again beside another claim; "they" after a slip
    (("我用的是 MacBook Air，哦不，上个月换成 Pro 了。",), "MacBook Pro", "MacBook Air"),
    (("我们后端是 Django，缓存用的 Redis 6……啊不对，上个月已经升到 Redis 7 了。",), "Redis 7", "Redis 6"),
    (("Everything runs on one VM and the workers are Node 16 services. Scratch that, they're Node 18.",), "Node 18", "Node 16"),
    # the value no longer held, the old one given elsewhere, the change told beside the value of now
    (("I like Vim", "I'm over it, I use Helix now"), "Helix", "Vim"),
    (("我们项目用 Tab 缩进", "啊不好意思，我们这个仓库是 4 空格的，Tab 是另一个老项目"), "4 空格", "Tab"),
    (("I have a Honda Civic", "traded it in, it's a Mazda 3 now"), "Mazda 3", "Civic"),
    (("I'm a junior dev", "well, mid-level now, got promoted in spring"), "mid-level", "junior"),
    (("We use Jira", "we moved to Linear a while back, forgot to mention"), "Linear", "Jira"),
    (("I live in Austin", "closer to Round Rock actually"), "Round Rock", "Austin"),
]


@pytest.mark.parametrize("turns, new, old", LANDS, ids=[t[-1][:28] for t, *_ in LANDS])
def test_correction_lands(store, turns, new, old) -> None:
    active = _say(store, *turns)
    assert landed(active, new), _shown(active)
    assert not _silently_active(active, old), _shown(active)


MISREAD = [  # the assistant read a value back wrong; the user sets theirs against it
    (("I'm learning Korean.", "Korean, not Japanese 😅"), "Great, Japanese is a fun language!", "Korean"),
    (("我用的是 ThinkPad", "不是，我说的是 ThinkPad，不是 MacBook"), "好的，你用 MacBook。", "ThinkPad"),
]


@pytest.mark.parametrize("turns, reply, value", MISREAD, ids=[t[-1][:20] for t, *_ in MISREAD])
def test_misread_value_set_right(store, turns, reply, value) -> None:
    active = _say(store, *turns, reply=reply)
    assert landed(active, value), _shown(active)


@pytest.mark.parametrize("turns, old", [
    (("I use a Pixel", "sorry, brain fart, I'll check what phone I have and tell you"), "Pixel"),
    (("My favourite band is Muse.", "eh, that was true in college, these days it's hard to say"), "Muse"),
    (("我最喜欢的编程语言是 Python", "那是以前了，现在说不好"), "Python"),
    (("我在华为上班", "上面公司说错了，回头再说"), "华为"),
    (("我在华为上班", "说错了，回头再说"), "华为"),
])
def test_new_value_put_off_flags_the_old(store, turns, old) -> None:
    active = _say(store, *turns)
    assert not _silently_active(active, old), _shown(active)
    assert not [r for r in active if r.source.value == "explicit_correction"], _shown(active)  # "回头再说" is no company


@pytest.mark.parametrize("turns, kept", [
    (("I'm learning Korean.", "I should say thanks for the help"), "Korean"),
    (("I'm learning Korean.", "Korean, not Japanese, is what I'm learning"), "Korean"),  # no assistant misreading
    (("I use Vim", "I don't use Emacs, I use Helix too"), "Vim"),
    (("我最喜欢的编程语言是 Python", "那是以前的同事推荐的"), "Python"),
    (("I live in Paris", "oh no, my laptop died"), "Paris"),
    (("I use Vim", "I switched to zsh too"), "Vim"),  # one more tool, nothing replaced
    (("I live in Austin", "it's sunny now"), "Austin"),
    (("Our API uses camelCase for JSON.", "sorry, long day. can you check this struct?"), "camelCase"),
])
def test_look_alikes_correct_nothing(store, turns, kept) -> None:
    active = _say(store, *turns)
    assert [r for r in active if kept.casefold() in r.object.casefold() and not r.metadata.get("needs_confirmation")], _shown(active)
