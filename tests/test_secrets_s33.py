"""Secrets and identifiers of three structures the blind set 7 tune half found stored (issue 16), en + zh:

- a value joined to "what I use(d)" by a copula, said or asked ("is 'X' what I used for the tax site?",
  "X 是不是我…网站用的那个", "…网站我用的是不是 X");
- a code right after a panel only ever typed into, with no "code" word ("apartment buzzer 1 4 0 2", "小区对讲 6018");
- an identity document or a money account named without "number" ("travel permit", "savings account",
  "港澳通行证号", "对公账户：招商银行 …", "公积金账号");
- a passphrase in plain words after its name ("my pgp passphrase is the owl sleeps at noon").

None of their values reaches the home's bytes (store and ledger), the turn's state or the log; the look-alikes
(a sum in an account, a product and its version, a key on a keypad) stay harmless."""

from __future__ import annotations

import json
import logging

import pytest
from _said import secret_traces
from langchain_core.messages import HumanMessage

from langmem_nodes.records import MemoryContext
from langmem_nodes.safety import find_pii, find_secrets
from langmem_nodes.store import MemoryStore
from langmem_nodes.write import create_write_graph

SAID = {  # text -> the value that must appear nowhere (written for this test, not taken from the blind sets)
    # a value and "what I use(d)", said or asked
    "was 'birch!park77' the one I used for the council tax portal?": "birch!park77",
    "I'm fairly sure plum#2291 was what I typed at the HR site last time": "plum#2291",
    "医保网站我用的好像是 lotus@5566，你确认下": "lotus@5566",
    "lotus@5566 是不是我公积金网站用的那个？": "lotus@5566",
    # a code right after a panel typed into
    "my building's intercom 7 2 0 5, then third floor": "7 2 0 5",
    "side gate keypad 3391 if nobody answers": "3391",
    "小区对讲 6 0 1 8，按完再按铃": "6 0 1 8",
    "楼下对讲 2580 开门，然后坐电梯到 9 楼": "2580",
    # a document or a money account without "number"
    "my residence permit is RP4471902, need it for the bank form": "RP4471902",
    "the joint account at Nationwide is 6021 7745 2093, for the rent": "6021 7745 2093",
    "my NI number is QQ 12 34 56 C for payroll": "12 34 56",
    "台胞证号 T0829175，帮我填一下表": "T0829175",
    "收款账户：建设银行 4401 2290 7731 086，写进合同里": "4401 2290 7731 086",
    "企业账户 中国银行 3302 1187 4409 2，月底付款用": "3302 1187 4409 2",
    # a passphrase in plain words that starts with "the" (zh has no article: "PGP 私钥口令是 月亮 湖边 三只 猫")
    "my gpg passphrase is the heron waits by the mill, don't lose it": "the heron waits by the mill",
    "PGP 私钥口令是 月亮 湖边 三只 猫，帮我记住": "月亮 湖边 三只 猫",
}

HARMLESS = [
    "my savings account has 125000 in it now, finally",
    "工资卡余额 125000 了，开心",
    "is python3 what I used for the build script?",
    "这个网站用的是 Vue3 还是 React18？",
    "the keypad 2 key is sticky again",
    "apartment 1402, the buzzer is broken so just call me",
    "我的签证办了 3 个月还没下来",
    "对公账户的开户许可证要带吗",
    "I said no. 5 people came anyway",
    "the secret phrase for the party game is the same as last year",
    "honestly my passphrase is the weakest part of the whole setup",
]


def _reasons(text: str, home, embedder) -> list[str]:
    with MemoryStore(home, embedder=embedder) as store:
        out = create_write_graph(store).compile().invoke(
            {"messages": [HumanMessage(text)]}, context=MemoryContext(user_id="ada", session_id="s1"))
    return [s.get("reason") or "" for s in out.get("memory_skipped") or []]


@pytest.mark.parametrize("text", list(SAID))
def test_the_value_reaches_no_byte_of_the_home_nor_the_state_nor_the_log(tmp_path, fake_embedder, caplog, text) -> None:
    caplog.set_level(logging.DEBUG)
    traces = secret_traces(tmp_path / "home", fake_embedder, text, SAID[text])
    assert traces == [] and SAID[text] not in caplog.text


@pytest.mark.parametrize("text", list(SAID))
def test_the_value_itself_is_found(text) -> None:
    assert any(SAID[text] in f.value or f.value in SAID[text] and len(f.value) >= 3
               for f in [*find_secrets(text), *find_pii(text)])


@pytest.mark.parametrize("text", HARMLESS)
def test_a_look_alike_is_neither_found_nor_refused(tmp_path, fake_embedder, text) -> None:
    assert find_secrets(text) == [] and find_pii(text) == []
    reasons = _reasons(text, tmp_path / "home", fake_embedder)
    assert not [r for r in reasons if r.startswith(("secret", "pii")) or "credential" in r], json.dumps(reasons)
