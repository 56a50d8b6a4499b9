"""Secrets found by structure, not by sentence (issue 16): a seed said as a wallet's words or by its shape alone,
a code right after a thing that opens by typing ("the shed keypad is four two nine one", "储物柜我设的是 3391"),
a security question by its shape and "I answered …", identifiers after "passport" or a named bank card (工资卡),
a quoted JSON key, a Basic auth header, a token in hex, a secret's name asked alone ("the password? it's …").
And the look-alikes that stay harmless: a seed or backup code talked about without one, measures ("2.4GHz",
"4-digit"), a router's model, a quoted value whose strength or format is asked about, "is printed on …"."""

from __future__ import annotations

import logging

import pytest
from _said import secret_traces

from langmem_nodes.safety import find_pii, find_secrets

SAID = {  # text -> the value that must appear nowhere (written for this test, not taken from the blind sets)
    # a seed: a wallet and its words, or 12 short words in a row with no grammar
    "restoring my ledger wallet from these words: maple orbit lantern velvet copper walnut harbor ivory plastic "
    "nephew tunnel gravel, it fails": "maple orbit lantern velvet copper walnut",
    "velvet copper walnut harbor ivory plastic nephew tunnel gravel maple orbit lantern":
        "velvet copper walnut harbor ivory plastic",
    "导入钱包的单词是 maple orbit lantern velvet copper walnut，后面几个忘了": "maple orbit lantern velvet copper walnut",
    # a code right after a thing that opens by typing
    "the shed keypad is four two nine one, tell the gardener": "four two nine one",
    "the bike lock is 0 4 1 7": "0 4 1 7",
    "door's 7713, come straight up": "7713",
    "储物柜我设的是 3391，帮我记着": "3391",
    "家里大门 8866，快递员问你就告诉他": "8866",
    # a security question by its shape, or a maiden name with an aside
    "the app asked 'what was your first car' and I answered Corolla Sprinter but it said no": "Corolla Sprinter",
    "my mom's maiden name, for the bank, is Kowalski": "Kowalski",
    "银行问“你母亲的出生地是哪里”，我回答的是青岛，结果说不对": "青岛",
    "第一只宠物叫旺财，我所有密保都填这个": "旺财",
    # identifiers: a passport's details, a bank card by its bank
    "embassy needs passport info: Rafael Ortiz, P55019274, valid to 2030": "P55019274",
    "工资卡是建行的 6217 0012 3456 7890，帮我发给会计": "6217 0012 3456 7890",
    # keys and tokens by where they stand
    '{"app_id": "cli-7", "secret": "9c1e5b7a3f2d4e6a8b0c1d2e3f4a5b6c"} returns 401': "9c1e5b7a3f2d4e6a8b0c1d2e3f4a5b6c",
    '{"appid": "wx1234abcd", "appsecret": "0f9e8d7c6b5a49382716f5e4d3c2b1a0"} 拿不到 token': "0f9e8d7c6b5a49382716f5e4d3c2b1a0",
    "Authorization: Basic YWRtaW46U3VubnkyMDI0IQ== keeps failing": "YWRtaW46U3VubnkyMDI0IQ==",
    "the sms api auth token 0a1b2c3d4e5f60718293a4b5c6d7e8f9 stopped working": "0a1b2c3d4e5f60718293a4b5c6d7e8f9",
    "短信接口的 auth token 0a1b2c3d4e5f60718293a4b5c6d7e8f9 过期了吗": "0a1b2c3d4e5f60718293a4b5c6d7e8f9",
    # a secret's name asked alone, then its value; a network and what to type for it; a card's back
    "the password? it's marmalade77": "marmalade77",
    "for the guest wifi just use bluefinch2024": "bluefinch2024",
    "CVV 是 582，为什么一直支付失败": "582",
    "the 3 digits on the back of my card are 417": "417",
    # a code in radio digits (幺 洞 拐), an app secret in hex, an OTP with a zh link
    "快递柜取件码幺洞洞拐三五，帮我转告我妈": "幺洞洞拐三五",
    "微信公众号 AppSecret 8f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c 要不要放到前端": "8f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c",
    "our slack app clientSecret 0f9e8d7c6b5a49382716f5e4d3c2b1a0 is in the repo": "0f9e8d7c6b5a49382716f5e4d3c2b1a0",
    "OTP 是 482913，银行客服让我报给他": "482913",
    "recovery key for bitlocker: 123456-654321-111111-222222-333333-444444-555555-666666":
        "123456-654321-111111-222222-333333-444444-555555-666666",
    "BitLocker 恢复密钥 700700-123321-456654-789987-111222-333444-555666-777888 输了没反应":
        "700700-123321-456654-789987-111222-333444-555666-777888",
    "the bank OTP was seven two oh four nine one, I read it to the caller": "seven two oh four nine one",
}

# what the look-alike rules above must not lose (each was lost by a draft of them)
KEPT = {
    "密码是 sunshine": "sunshine",  # a verb-less gap rule once ate the link 是
    "群口令是 bluewhale": "bluewhale",
    "WiFi 密码都是 sunshine，别外传": "sunshine",
    "助记词 orbit canvas medal tribe lemon sunny": "orbit canvas medal tribe lemon sunny",  # words, no link
    "my recovery phrase, orbit canvas medal tribe lemon sunny": "orbit canvas medal tribe lemon sunny",
    "助记词是：苹果、香蕉、橙子、葡萄、西瓜、草莓": "苹果、香蕉、橙子、葡萄、西瓜、草莓",
    "the wifi password is 'Trout#Lake77', is that safe enough?": "Trout#Lake77",  # quoted and judged, but named
    "wifi 密码是“Lan#mao2020”，这个够强吗？": "Lan#mao2020",
    "Remember that my passphrase is correct horse battery staple": "correct horse battery staple",
    "路由器背面写着 AB12CD34": "AB12CD34",  # a key, not a model
}

HARMLESS = [
    # a seed or backup code talked about, none given
    "I keep my recovery phrase in a fireproof box, is that enough?",
    "my seed phrase is stored offline on a steel plate",
    "Where should I keep my backup codes for Google?",
    "恢复码丢了怎么办",
    "备用码我打印出来放在抽屉里了",
    "助记词抄在纸上安全吗",
    # measures and models
    "what's the wifi password for the 2.4GHz band? the 5GHz one works",
    "my wifi password has 12 characters but the 2.4GHz band drops",
    "wifi 密码在路由器背面，2.4GHz 那个连不上",
    "Is a 4-digit PIN safe enough for a phone?",
    "我家路由器 TL-WR886N 信号不好",
    "这个路由器 RT-AX86U 能穿墙吗",
    "小区大门 1200 米外有个超市",
    # a quoted value asked about, owned by nobody
    'is "Tr0ub4dor&3" a strong password?',
    'Is it ok to use "correct-horse-battery-staple" as a password example in docs?',
    "请问“Passw0rd!”这种格式满足你们系统的要求吗？",
    "密码提示“Password123!”这种算强密码吗？",
    # where a secret is, what kind of question it is, whose number
    "the wifi password is printed on the router, what does WPA2 mean?",
    "把密码记在 Excel 里安全吗？",
    "the security question was about my first pet, which is a dumb question",
    "我的安全问题答案是什么来着？",
    "my student ID is 20210345, what's the library's email?",
    # fields and headers that hold no secret
    '{"password_policy": "min-12", "secret_santa": "2024-12-20"}',
    "what does Basic authentication mean in HTTP?",
    "git revert 3f9a72c1e84b5d06a2f7c91e3b4d58a6c1e84b5d didn't do what I expected",
    # a judgement, not a value; a sentence about a seed; radio digits need four in a row
    "I'm sure my password is correct but it keeps saying invalid",
    "should I store my seed phrase using steel plates from amazon",
    "那个山洞拐弯处有个牌子",
    "what is an OTP and how does it work",
    # a label, whose number, a model, a length, a placeholder with spaces
    "the error says AADSTS50126: invalid username or password",
    "my locker number is 114 and the combo is on a sticky note at home",
    "我的工号是 88213，门禁刷不开",
    "保险箱买的是 得力 4078 型号",
    "密码至少 12 位",
    "password: <your password here>",
]


@pytest.mark.parametrize("text", list(SAID))
def test_a_secret_found_by_structure_reaches_no_byte_of_the_home_nor_the_state_nor_the_log(
        tmp_path, fake_embedder, caplog, text) -> None:
    caplog.set_level(logging.DEBUG)
    traces = secret_traces(tmp_path / "home", fake_embedder, text, SAID[text])
    assert traces == [] and SAID[text] not in caplog.text


@pytest.mark.parametrize("text", list(SAID))
def test_the_secret_itself_is_found(text) -> None:
    assert any(SAID[text] in f.value or f.value in SAID[text] and len(f.value) >= 3
               for f in [*find_secrets(text), *find_pii(text)])


@pytest.mark.parametrize("text", HARMLESS)
def test_a_look_alike_holds_no_secret(text) -> None:
    assert find_secrets(text) == [] and find_pii(text) == []


@pytest.mark.parametrize("text", list(KEPT))
def test_a_secret_near_a_look_alike_rule_is_still_found(text) -> None:
    assert any(KEPT[text] in f.value for f in find_secrets(text))
