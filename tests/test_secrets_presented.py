"""A value the sentence presents as a secret is refused even in plain words (`safety/presented.py`, issue 16): a part
of a secret ("ends with …", "last four", 后四位), what the user logs in with ("I use hunter2 for everything",
"我所有账号都用…"), a quoted value beside a secret's name, a wallet seed's words. Look-alikes stay harmless."""

from __future__ import annotations

import logging

import pytest
from _said import secret_traces

from langmem_nodes.safety import find_pii, find_secrets

SAID = {  # text -> the value that must appear nowhere (written for this test, not taken from the blind sets)
    # a part of a secret
    "my seed ends with zoo zone zero, just so you know": "zoo zone zero",
    "the last three words of my metamask seed are maple orbit lantern": "maple orbit lantern",
    "My banking password starts with Marigold, I always forget the rest": "Marigold",
    "my card PIN ends in 47": "47",
    "我的支付密码后两位是 58，前面的我记得": "58",
    "我钱包种子的最后三个词是 maple orbit lantern": "maple orbit lantern",
    "邮箱密码的开头五个字母是 Lotus，后面是我生日": "Lotus",
    # what the user logs in with
    "honestly I use hunter2 for everything": "hunter2",
    "mango77x is what I log in with at work": "mango77x",
    "tulip4life gets me into everything": "tulip4life",
    "I use otter99 on all my accounts, is that bad": "otter99",
    "我所有账号都用 hunter22x，懒得换": "hunter22x",
    "我登录公司系统都用 xiaoma88，你记一下": "xiaoma88",
    "各个网站我都用 sunflower 这个密码": "sunflower",
    "for all my accounts I just use kiwi2024x": "kiwi2024x",
    "我一般用 dahai77 登录邮箱": "dahai77",
    # a lowercase word with digits is no product without a known stem
    "my laptop unlocks with hunter22x": "hunter22x",
    "email pw hunter22x": "hunter22x",
    "电脑开机用 hunter22x": "hunter22x",
    # a quoted value beside a secret's name; a seed said in the next sentence
    "my netflix password for years, 'pumpernickel', still works": "pumpernickel",
    "where do people keep their wallet seed? mine is 'copper walnut harbor ivory plastic nephew'":
        "copper walnut harbor ivory plastic nephew",
    "我的钱包种子是 copper walnut harbor ivory plastic nephew，放哪里好": "copper walnut harbor ivory plastic nephew",
}


@pytest.mark.parametrize("text", list(SAID))
def test_a_presented_secret_reaches_no_byte_of_the_home_nor_the_state_nor_the_log(
        tmp_path, fake_embedder, caplog, text) -> None:
    caplog.set_level(logging.DEBUG)
    traces = secret_traces(tmp_path / "home", fake_embedder, text, SAID[text])
    assert traces == [] and SAID[text] not in caplog.text


@pytest.mark.parametrize("text", [
    "I use python3 for everything", "I use vim for everything, even email", "I log in with Google on most sites",
    "I sign in with my fingerprint", "I use Win11 on all my machines", "I use alice@example.com for all my accounts",
    "my password must start with a letter and end with a digit", "the movie ends with a twist",
    "the seed round ends in March", "my random seed is 42", "my password manager is 'Bitwarden'",
    "the login page says 'wrong password' every time",
    "I log in with react18 these days", "我登录都用微信", "我所有账号都用同一个邮箱", "我的电脑装的是 ubuntu22",
    "密码必须以字母开头", "电影结尾是个反转",
])
def test_a_look_alike_of_a_presented_secret_is_not_one(text) -> None:
    """Guards for the new rules (these were not refused before either)."""
    assert find_secrets(text) == [] and find_pii(text) == []


@pytest.mark.parametrize("text", [
    "Is 'Passw0rd!' really as weak as people say?", "the tutorial sets password='changeme', should I keep that?",
    "密码设成 123456 是不是很危险？", "教程里写的 password=admin123，要改吗？",
])
def test_a_weak_example_value_asked_about_or_from_docs_is_not_a_secret(text) -> None:
    assert find_secrets(text) == [] and find_pii(text) == []


@pytest.mark.parametrize(("text", "value"), [
    ("信用卡 5312 7730 0045 1288，帮我填一下这个表", "5312 7730 0045 1288"),
    ("my debit card 6011 2291 0870 4455 expires soon", "6011 2291 0870 4455"),
])
def test_a_card_number_named_as_a_card_is_an_identifier_even_without_its_checksum(text, value) -> None:
    assert value in [f.value for f in find_pii(text)]


SAID_TOO = {  # the same structures in more words (written for this test, after secrets_blind5's tune half)
    "the session secret for my flask app is 'purple monkey dishwasher 42', fine?": "purple monkey dishwasher 42",
    "I use sunny2024x for pretty much everything": "sunny2024x",
    "我基本上所有网站都用 qiuqiu520": "qiuqiu520",
    "我的 cookie secret 是 'tiger lily 7 moon'，会不会太短": "tiger lily 7 moon",
}


@pytest.mark.parametrize("text", list(SAID_TOO))
def test_a_quoted_phrase_or_an_everyday_login_is_refused(text) -> None:
    assert SAID_TOO[text] in " ".join(f.value for f in find_secrets(text))


@pytest.mark.parametrize(("text", "value"), [
    ("routing 026009593 and account 77120934 for the payroll form", "77120934"),
    ("对公账户 110907612310501，帮我写进合同", "110907612310501"),
])
def test_an_account_number_right_after_its_name_is_an_identifier(text, value) -> None:
    assert value in [f.value for f in find_pii(text)]


@pytest.mark.parametrize("text", [
    "error code 0x80070643 when updating, how to fix?", "错误代码 0x80070005 怎么解决",
    "发票号码 31025569 抬头写错了怎么办", "帮我写个正则：密码长度6到20位，必须有大写字母",
    "支付密码和登录密码设成相同的可以吗？", "compose 里写 DB_PASSWORD: ${DB_PASS}，怎么注入？",
    "sk-proj-xxxxxxxxxxxxxxxx is just the placeholder, right?", "invoice number 31025569 has the wrong address",
])
def test_a_number_named_as_something_else_a_length_rule_or_a_placeholder_is_not_a_secret(text) -> None:
    assert find_secrets(text) == [] and find_pii(text) == []


def test_a_marker_followed_only_by_punctuation_presents_nothing() -> None:
    # latency8 found this raising IndexError: the value "." stripped to ""
    from langmem_nodes.safety import TurnScreen

    TurnScreen("种子短语 looking 是不是最地下 .")
    TurnScreen("seed phrase: .")
