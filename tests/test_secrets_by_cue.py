"""A secret or an identifier said in words no phrasing rule knows is still refused when its sentence names what it
opens or identifies and holds a value typed on purpose (`safety/cued.py`); a cue without its value, or a value
that measures something, is not a secret; a skip report of a turn naming a secret masks every typed value."""

from __future__ import annotations

import json

import pytest
from _said import secret_traces
from langchain_core.messages import HumanMessage

from langmem_nodes.records import MemoryContext
from langmem_nodes.safety import find_pii, find_secrets
from langmem_nodes.store import MemoryStore
from langmem_nodes.write import create_write_graph

SAID = {  # text -> the value that must appear nowhere (written for this test, not taken from the blind sets)
    "the bike shed lock takes code 4093, in case I'm late": "4093",
    "ok so my credit card PIN. it's 5531, jot it down": "5531",
    "Storage unit gate has code 7719#, the manager said": "7719#",
    "the code to the side door is 2468*, don't lose it": "2468*",
    "security q 'favourite teacher' -> Mrs Okafor, keep that for me": "Mrs Okafor",
    "The answer to 'name of your first street' on my bank login is Birchwood": "Birchwood",
    "my driver's license number is D91827364, for the rental form": "D91827364",
    "my bank account number is 7730019284, for the refund": "7730019284",
    "家里保险柜我设成了 8642，别告诉别人": "8642",
    "小区门禁我一般按 3579#，你记着点": "3579#",
    "密保问题「小学班主任姓什么」我填的是刘": "刘",
    "出生医院那个密保我写的协和医院": "协和医院",
    "我护照号 E12837465，订机票要用": "E12837465",
    "菜鸟驿站取件码 6-2-3017，帮我记一下": "6-2-3017",
    "wifi 路由器后台登录用 admin / Rx7#mop2，你存一下": "Rx7#mop2",
    # in pieces, in words, in full-width digits; a door and a code word anywhere in the sentence
    "the gate at the farm, the code for the vet is 81 64, tell her to close it after": "81 64",
    "hotel safe, I set the code to 2 7 7 3 like an idiot": "2 7 7 3",
    "my voicemail pin is nine three one seven": "nine three one seven",
    "my temp PIN from the bank is 3 3 0 8": "3 3 0 8",
    "my health card number is 7RT2-KP9-QX41 for the clinic form": "7RT2-KP9-QX41",
    "储物柜的密码我设的 7 3 9 1 4 2，帮我记一下": "7 3 9 1 4 2",
    "银行卡密码是三九七一零五，别告诉别人啊": "三九七一零五",
    "微信支付密码（３３８１９０）我刚换的": "３３８１９０",
}


@pytest.mark.parametrize("text", list(SAID))
def test_a_cued_secret_reaches_no_byte_of_the_home_nor_the_state(tmp_path, fake_embedder, text) -> None:
    assert secret_traces(tmp_path / "home", fake_embedder, text, SAID[text]) == []


@pytest.mark.parametrize("text", [
    "My password must be at least 12 characters and I changed it in 2024.",
    "pin torch==2.1.0+cpu in this repo", "Our password manager at work is 1Password.",
    "the PIN pad on the terminal is broken again", "I reset my PIN 3 times this week, ugh",
    "123456 is still the most common password, lol", "My security questions are all kind of dumb.",
    "what should the answer to my security question be?", "my order number is 55123, can you check the status?",
    "密码至少要 8 位，我上周改过一次", "大模型里的 token 是怎么算的啊，一个汉字算几个 token？",
    "123456 居然还是最常见的密码，笑死", "门禁卡又丢了，物业说 3 天补好", "我的密保问题都忘了",
    "我在 2019 年办的护照，快过期了", "保险箱放在 3 楼的柜子里",
    "in the test fixture I log in with ('alice', 'test123'), is that bad practice?",
    "the sample config says password: xxxx, what goes there?", "set DB_PASSWORD=<PASSWORD> in your .env",
    "单元测试里用 'password123' 当假密码行不行", "配置示例里写的是 密码：******，我该填什么",
    "the door opens at 9 and the code review is at 10 30", "我家大门 2 3 点才开，门禁卡坏了",
])
def test_a_cue_without_a_typed_value_is_not_a_secret(text) -> None:
    assert find_secrets(text) == [] and find_pii(text) == []


def test_the_skip_report_of_a_turn_naming_a_secret_masks_every_typed_value(tmp_path, fake_embedder) -> None:
    with MemoryStore(tmp_path / "home", embedder=fake_embedder) as store:
        graph = create_write_graph(store).compile()
        out = graph.invoke({"messages": [HumanMessage("my ATM PIN. well, 8821. anyway")]},
                           context=MemoryContext(user_id="ada", session_id="s1"))
        plain = graph.invoke({"messages": [HumanMessage("I ran 8821 metres today, anyway")]},
                             context=MemoryContext(user_id="bob", session_id="s1"))
    assert "8821" not in json.dumps(out["memory_skipped"], ensure_ascii=False)
    assert "8821" in json.dumps([plain["memory_written"], plain["memory_skipped"]], ensure_ascii=False)
