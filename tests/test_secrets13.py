"""Secrets in phrasings the rules missed (secrets_blind8's tune half and helper s35's own set,
/work/tmp/s35/secrets/own.jsonl), found by structure, en + zh: a hedge between the link and the value ("is just
Sunflower88"); a value spelled out after its recipe ("my cat's name plus 99, so Mochi99"); a value pointed at after
an interjection ("the password?? oh it's …", "密码？？哦，是 …"); a typo in the credential word ("pasword"). Look-alikes
that were refused, also by structure: code that reads a secret from elsewhere ("os.getenv('DB_PASSWORD')"); a
credential word inside a slot ("<password>", "<密码>") or a joined name ("feature/login-form-v2"); a board's pin
number ("GPIO 的 PIN 是 17"); a name said to be a name ("wifi 名字是 CMCC-5G-Free"). A turn holding one of the
secrets leaves no byte of the value, nor of the redacted turn, in the home."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes.records import MemoryContext
from langmem_nodes.safety import find_pii, find_secrets
from langmem_nodes.write import create_write_graph
from tests._said import assert_no_trace

FOUND = {  # text -> the value that must be found
    "Quick q - is it ok that my paypal pasword is just Sunflower88?": "Sunflower88",
    "the wifi password is literally just pizza4life": "pizza4life",
    "laptop login is just my cat's name plus 99, so Mochi99. is that terrible?": "Mochi99",
    "my password is my dog plus his birth year i.e. rex2019": "rex2019",
    # a secret's name asked, then its value pointed at after an interjection ("oh it's …", "哦，是 …")
    "the password?? oh it's h0rse-battery-9": "h0rse-battery-9",
    "密码？？哦，是 ma3-pi-9527": "ma3-pi-9527",
    # a typo in the credential word, the value a few words on ("pasword … : X")
    "the pasword is on a sticky note: Maple_Syrup_7": "Maple_Syrup_7",
    # a PIN's link said as what it became; a code said digit by digit, every digit; an opener that "takes" a code
    "I finally set up the new card, pin ended up being 3 0 7 7 because the machine rejected my first choice": "3 0 7 7",
    "my cvv is 7 3 1": "7 3 1",
    "我的 cvv 是 7 3 1": "7 3 1",
    "the key safe by the door takes 1 9 6 8": "1 9 6 8",
    # a card number or an IBAN named as one, whatever its checksum; a cloud key pair's short name glued to zh
    "is this card number right? 4929 1873 5520 6615, the shop says no": "4929 1873 5520 6615",
    "send the refund to my IBAN DE31 7002 0270 0015 8843 28 please": "DE31 7002 0270 0015 8843 28",
    "收款IBAN是 DE31 7002 0270 0015 8843 29，下周用": "DE31 7002 0270 0015 8843 29",
    "the baidu SK 9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4e keeps returning 401": "9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4e",
    "七牛的SK 9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d 帮我配一下": "9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d",
    # zh held these already (its links take any gap); kept so the new pass cannot take them away
    "我的paypal密码就只是 sunflower88 吗": "sunflower88",
    "笔记本的开机密码就是猫的名字加99，也就是 Mochi99。是不是太简单了？": "Mochi99",
    "登录密码是名字加 88，即 lihua88": "lihua88",
}

LOOKALIKES = [
    "```\npassword = os.environ['DB_PASSWORD']\n```\nis reading it like this safe?",
    "```\npassword = os.getenv('DB_PASSWORD')\n```\n这样读取安全吗？",
    "password = os.getenv",  # a clause of the line above, cut before its bracket
    "apiKey: process.env.STRIPE_KEY",
    "密钥从 process.env.STRIPE_KEY 读取",
    "set DATABASE_URL=postgres://user:<password>@localhost:5432/app in your .env, right?",
    "连接串写成 postgres://user:<密码>@localhost:5432/app 对吗？",
    "the PIN on the GPIO header is 17, not 27, sorry",
    "GPIO 的 PIN 是 17，不是 27",
    "git checkout -b feature/login-form-v2",
    "分支名是 fix/login-page-v3",
    "wifi 名字是 CMCC-5G-Free，在上面用网银安全吗？",
    # what the new pass must leave alone
    "my password? oh it's fine, I use a manager",
    "the safe takes 2 people to lift",
    "my public key starts with ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC9x, where does it go on gitlab?",
    "公钥：ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQDk7Zq9 root@web01",  # held before; a guard for the zh side
    "SK hynix shares rose 4% today",
    "SK海力士今天涨了4%",
    "the lock box near the door uses AA batteries",
    "我的 token 是 128 000 个",
    "密码？哦，是存在密码管理器里的",
    "my password is just too long, so I use python3 to generate one",
    "我的密码就是太长了，记不住",
    "my login broke after the update, so Windows11 is to blame",
    "I can't log in, so ticket INC4471.",
]


@pytest.mark.parametrize("text", list(FOUND))
def test_a_secret_one_step_from_its_link_is_found(text) -> None:
    values = [f.value for f in (*find_secrets(text), *find_pii(text))]
    assert any(FOUND[text] in v for v in values), values


@pytest.mark.parametrize("text", LOOKALIKES)
def test_its_look_alikes_hold_no_secret(text) -> None:
    assert [f.value for f in find_secrets(text)] == []


@pytest.mark.parametrize("text", ["order number 4929 1873 5520 6614 never arrived", "信用卡还款 3000 元，订单号 4929187355206615"])
def test_a_number_named_as_something_else_is_no_card(text) -> None:
    assert [f.value for f in find_pii(text)] == []


def test_a_secret_beside_a_slot_is_still_found() -> None:
    """Blanking a slot's words does not hide a real value next to one (en + zh)."""
    for text, value in (("password: <b>Hunter22!</b>", "Hunter22!"),
                        ("DATABASE_URL=postgres://user:Ledger!Fox88@db:5432/app", "Ledger!Fox88"),
                        ("token: ${GH_TOKEN} and the pin 8812", "8812"),
                        ("密码：<你的密码> 先空着，我的门禁密码是 8812", "8812")):
        assert any(value in f.value for f in find_secrets(text)), text


END_TO_END = {  # a turn -> the value no byte of the home may hold
    "Quick q - is it ok that my paypal pasword is just Sunflower88?": "Sunflower88",
    "I like oolong tea. laptop login is just my cat's name plus 99, so Mochi99.": "Mochi99",
    "我喜欢喝乌龙茶。笔记本的开机密码就是猫的名字加99，也就是 Mochi99。": "Mochi99",
    "sorry, the PIN is actually 8316, not the one I said before": "8316",
    "不好意思，刚才说错了，门禁密码其实是 4826": "4826",
    "things to remember for the trip:\n- passport in the blue bag\n- hotel wifi pass: Seagull!2231": "Seagull!2231",
    "出差清单：\n1. 身份证\n2. 酒店wifi密码 Lotus@8899\n3. 充电宝": "Lotus@8899",
    "my paswrod for the school portal is Brisket_1987": "Brisket_1987",
    "我的邮箱蜜码是 qingshan_2020": "qingshan_2020",
    "my pin number is seven one four four, can you remind me if I forget": "seven one four four",
    "手机锁屏密码是六六八二九一": "六六八二九一",
    "curl -u admin:Pa55Storm77 https://nas.local/api/status returns 401, any idea?": "Pa55Storm77",
    "curl -u root:Bj2025!ops http://10.1.2.3/api 一直返回 401": "Bj2025!ops",
}


@pytest.mark.parametrize("text", list(END_TO_END))
def test_the_home_holds_neither_the_value_nor_the_redacted_turn(tmp_path, fake_embedder, text) -> None:
    assert_no_trace(tmp_path / "home", fake_embedder, text, END_TO_END[text])


def test_the_other_sentence_of_such_a_turn_is_still_stored(store) -> None:
    graph = create_write_graph(store).compile()
    for text, kept in (("I like oolong tea. laptop login is just my cat's name plus 99, so Mochi99.", "oolong tea"),
                       ("我喜欢喝乌龙茶。笔记本的开机密码就是猫的名字加99，也就是 Mochi99。", "乌龙茶")):
        out = graph.invoke({"messages": [HumanMessage(text)]}, context=MemoryContext(user_id="ada", session_id="s1"))
        assert [w["object"] for w in out["memory_written"]] == [kept]


@pytest.mark.parametrize("text", [
    "```\npassword = os.environ['DB_PASSWORD']\n```\nis reading it like this safe?",
    "```\npassword = os.getenv('DB_PASSWORD')\n```\n这样读取安全吗？",
    "set DATABASE_URL=postgres://user:<password>@localhost:5432/app in your .env, right?",
    "wifi 名字是 CMCC-5G-Free，在上面用网银安全吗？",
])
def test_a_look_alike_turn_is_not_refused_as_a_secret(store, text) -> None:
    out = create_write_graph(store).compile().invoke(
        {"messages": [HumanMessage(text)]}, context=MemoryContext(user_id="ada", session_id="s1"))
    assert not [s for s in out.get("memory_skipped") or [] if "secret" in (s.get("reason") or "")
                or "credential" in (s.get("reason") or "")]
