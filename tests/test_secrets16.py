"""Secrets the rules missed in helper s38's own sets (/work/tmp/s38/secrets/own.jsonl, own2.jsonl, written before any
tune data was read), found by structure, en + zh (variants of those cases here, not the cases themselves):

- how a value is written down (`safety.written`): a config key naming a credential last in any case or joiner
  (`_authToken=…`, `spring.datasource.password=…`); a `user:password` pair after a login word ("htpasswd …
  metrics:Pr0m-Sc4pe"); a login laid out on lines (an address alone, then a lone password); a value in equal
  groups after a secret's name ("totp secret: NB2W 45DF …", "app password abcd efgh ijkl mnop"); a value given as
  a correction ("oops, the real one is …", "不对，应该是 …"); a value spelled one character at a time beside a
  secret's name ("p-a-n-d-a-7-7-m-o-o-n"); a wifi key said after it changed ("now it's …"); a code whose length
  was just said ("wants 4 digits, I went with 7340");
- a secret's name before its value across an em dash or a question ("kindle pin — 8 3 8 3", "venmo pin? it's
  6171"), a field list joined by "/" ("username x / password y");
- an opener at a place, its code after pressed keys ("the gate at my aunt's place: star 4 9 2 6 hash", "小区大门
  井号 6 3 0 8 井号", "自行车锁 是 0 7 2 1"); dial turns with their count or the number first ("left three turns to
  36", "22 left, 8 right", "左三圈 36 右两圈 12 再左转到 27"); a key safe that "has" its code; a locker's code
  after a dash ("the locker at the gym — I set it to …"); "creds: user / password"; "the wifi key is actually …";
  a one-time-password seed in base32 beside its name ("TOTP seed …", "两步验证种子"); a URL query parameter named
  for a credential (blind16b's tune half: a webhook's "?key=…"; variants here).

Look-alikes that were refused, also by structure (own4.jsonl: a number named as a reference, a rate said as "about /
大概" so many; refused on main too): a URL's port beside a login word ("jdbc:postgresql://localhost:5432"),
a colour after "#" ("the login button is #1a73e8"), a token named as a model ("router model is RT-AX58U"), and a docs
example key that a claim quoted alone (the turn's own context said it is an example: `TurnScreen` keeps that verdict),
a link's path or query typed nowhere ("watch?v=dQw4w9WgXcQ&t=42"), a zh tag after a credential word ("输入密码 对吧").
"""

from __future__ import annotations

import pytest

from langmem_nodes.safety import TurnScreen, find_secrets
from tests._said import assert_no_trace, secret_refusals

FOUND = {  # text -> the value that must be found
    # written down (en)
    "my .npmrc has //npm.corp.local/:_authToken=2b7e151628aed2a6abf7158809cf4f3c": "2b7e151628aed2a6abf7158809cf4f3c",
    "basic auth for the kibana proxy is viewer:Sl8te-Roof": "Sl8te-Roof",
    "outlook\nr.fenwick@example.org\nCopper_Kite9": "Copper_Kite9",
    "authenticator secret: MZXW 6YTB OI4D KNRT (for the vpn)": "MZXW 6YTB OI4D KNRT",
    "the yahoo app password is qwfp lnty zxcv brst": "qwfp lnty zxcv brst",
    "sorry, typo — the real one is Qv7mLp2x": "Qv7mLp2x",
    "the wifi pass letter by letter: m-a-n-g-o-4-4-s-u-n": "m-a-n-g-o-4-4-s-u-n",
    "the cafe wifi changed, now it's teapot-lagoon-31": "teapot-lagoon-31",
    "the new banking app asks for six digits so I went with 620418": "620418",
    "my switch parental pin — 5 0 5 0": "5 0 5 0",
    "paypal pin? it's 3862": "3862",
    "login kmarsh / password snowy-Owl-Path": "snowy-Owl-Path",
    "the shed at my uncle's farm: star 7 1 4 4 hash": "7 1 4 4",
    "the safe: right two turns to 14, left once to 33, then right to 5": "right two turns to 14, left once to 33, then right to 5",
    "the padlock combo goes 19 left, 4 right, 27 left": "19 left, 4 right, 27 left",
    # written down (zh)
    "registry 配置里 //npm.gongsi.cn/:_authToken=4c9f2e8a-7b1d-3c5e-9a2b-1f0e8d7c6b5a": "4c9f2e8a-7b1d-3c5e-9a2b-1f0e8d7c6b5a",
    "qq邮箱\n5839201@qq.com\nDaxue_2019": "Daxue_2019",
    "htpasswd 里加了一行 ops:Lv-Cha7x": "Lv-Cha7x",
    "不对，应该是 Pz8qRm3 这个，刚才发错了": "Pz8qRm3",
    "我妈的wifi 一个字一个字念是 k a i x i n 9 9": "k a i x i n 9 9",
    "小区大门 井号 4 1 9 7 井号": "4 1 9 7",
    "自行车锁 是 3 8 0 6": "3 8 0 6",
    "保险柜左两圈 18 右一圈 40 再左转到 9": "左两圈 18 右一圈 40 再左转到 9",
    "网银要 6 位数字，我设了 190823": "190823",
    # own3.jsonl and blind16b's tune half (secrets_blind12 tune), variants
    "the cellar keysafe outside dad's has 3 0 5 5 on it": "3 0 5 5",
    "the locker at the pool — I set it to 7 7 1 2": "7 7 1 2",
    "the code for the bike cage behind the office: 4093": "4093",
    "nas creds: mhale / Pebble-Shore-Vine2": "Pebble-Shore-Vine2",
    "the guest wifi key is actually Juniper_Attic_41": "Juniper_Attic_41",
    "jenkins authenticator, base32: MFZWIZLTOQ4DKNRX": "MFZWIZLTOQ4DKNRX",
    "grafana alerts post to https://hooks.example.io/ingest?key=0c6e2a9d-4b1f-4e7a-9c3d-5f8b2a1e6d40 every minute":
        "0c6e2a9d-4b1f-4e7a-9c3d-5f8b2a1e6d40",
    "jenkins 的两步验证种子：NBSWY3DPO5XXE3DE，换手机要用": "NBSWY3DPO5XXE3DE",
    "飞书机器人 https://open.feishu.cn/hook/send?sign=5b8e2f1c9a7d3e60 发不出去": "5b8e2f1c9a7d3e60",
    # own5.jsonl, variants: a panel that 'wants' its code, a safe after a dash and 'I used', a passkey, a quoted value
    # after 'as', three spaced digits on a card's back, a bank's reserved phrase (预留信息)
    "the alarm panel in the garage wants four one one nine then OFF": "four one one nine",
    "the cabin safe — I used 3 3 0 8 like last year": "3 3 0 8",
    "her tablet passkey is 6 2 6 2 0 1": "6 2 6 2 0 1",
    "mum keeps her memorable word as 'Harlech' for the bank": "Harlech",
    "信用卡背面那三位是 9 0 5": "9 0 5",
    "我妈网银的预留信息是“桂花糕”，别搞错": "桂花糕",
}

LOOKALIKES = [
    "the jdbc url is jdbc:mysql://localhost:3306/app and the credentials come from vault",
    "the colour of the sign-in link is #2b6cb0",
    "router model is RT-AX86U, firmware 3.0.0.4",
    "PrimaryKey: order_id_2024",
    "sortKey = created_at_2024",
    "the build is 2024.11.3 and it needs 4 digits of the year, we used 2024",
    "sorry, I meant version v2.3.1",
    "不对，应该是 iPhone15 不是 iPhone14",
    "the ISBN is 0-306-40615-2",
    "set NPM_TOKEN in the CI secrets, don't put it in .npmrc",
    "npm config uses //registry.npmjs.org/:_authToken=${NPM_TOKEN}",
    "门牌号 3 栋 2 单元",
    "the spelling is c-o-l-o-u-r in British English",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42 this one",
    "the docs say call /v1/search?key=YOUR_KEY&q=cats",
    "分页接口 /list?page=2&sort=created_at_desc 有点慢",
    "docker login 之后会提示输入密码 对吧",
    "忘了密码 怎么办",
    # own4.jsonl: a number named as a reference, a rate said as about so many
    "my PIN reminder letter came with reference 55920-B",
    "the login endpoint's QPS is about 1800",
    "登录接口 QPS 大概 1500",
    "密码重置的工单 reference 88213-C 还没处理",
    "the password as soon as possible, please",
    "my passkey works on the phone now",
    "卡背面有 3 道划痕",
]


@pytest.mark.parametrize("text", list(FOUND))
def test_a_secret_written_down_in_parts_is_found(text) -> None:
    values = [f.value for f in find_secrets(text)]
    assert any(FOUND[text] in v for v in values), values


@pytest.mark.parametrize("text", LOOKALIKES)
def test_its_look_alikes_hold_no_secret(text) -> None:
    assert [f.value for f in find_secrets(text)] == []


def test_a_claim_quoting_a_docs_example_alone_keeps_the_turns_verdict() -> None:
    turn = "the GCP docs use AKIAIOSFODNN7EXAMPLE as the placeholder access key id in every sample"
    assert TurnScreen(turn).findings_for("AKIAIOSFODNN7EXAMPLE") == []
    assert TurnScreen(turn + ". mine is AKIAZ7QW3RTY6UIOP2LK").findings_for("AKIAZ7QW3RTY6UIOP2LK")


END_TO_END = {  # a turn -> the value no byte of the home may hold
    "I use vim. my .npmrc has //npm.corp.local/:_authToken=2b7e151628aed2a6abf7158809cf4f3c": "2b7e151628aed2a6abf7158809cf4f3c",
    "outlook\nr.fenwick@example.org\nCopper_Kite9": "Copper_Kite9",
    "I live in York. the wifi pass letter by letter: m-a-n-g-o-4-4-s-u-n": "m-a-n-g-o-4-4-s-u-n",
    "the safe: right two turns to 14, left once to 33, then right to 5": "right two turns to 14",
    "sorry, typo — the real one is Qv7mLp2x": "Qv7mLp2x",
    "我住在杭州。qq邮箱\n5839201@qq.com\nDaxue_2019": "Daxue_2019",
    "不对，应该是 Pz8qRm3 这个，刚才发错了": "Pz8qRm3",
    "保险柜左两圈 18 右一圈 40 再左转到 9": "左两圈 18 右一圈 40",
    "我妈的wifi 一个字一个字念是 k a i x i n 9 9": "k a i x i n 9 9",
    "I run on weekends. the cellar keysafe outside dad's has 3 0 5 5 on it": "3 0 5 5",
    "nas creds: mhale / Pebble-Shore-Vine2": "Pebble-Shore-Vine2",
    "我喜欢爬山。jenkins 的两步验证种子：NBSWY3DPO5XXE3DE，换手机要用": "NBSWY3DPO5XXE3DE",
    "飞书机器人 https://open.feishu.cn/hook/send?sign=5b8e2f1c9a7d3e60 发不出去": "5b8e2f1c9a7d3e60",
}


@pytest.mark.parametrize("text", list(END_TO_END))
def test_the_home_holds_neither_the_value_nor_the_redacted_turn(tmp_path, fake_embedder, text) -> None:
    assert_no_trace(tmp_path / "home", fake_embedder, text, END_TO_END[text])


@pytest.mark.parametrize("text", [
    "the AWS docs use AKIAIOSFODNN7EXAMPLE as the sample access key id",
    "the jdbc url is jdbc:postgresql://localhost:5432/dev with the usual env vars for credentials",
    "the colour of the login button is #1a73e8",
    "router model is RT-AX58U, firmware 3.0.0.4",
    "docker login 之后会提示输入密码 对吧",
    "my PIN reminder letter came with reference 77812-A",
    "登录接口 QPS 大概 1200",
])
def test_a_look_alike_is_not_refused_as_a_secret(tmp_path, fake_embedder, text) -> None:
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path / "home", embedder=fake_embedder) as store:
        assert secret_refusals(store, text) == []


@pytest.mark.parametrize(("text", "left"), [
    ("my .npmrc has //npm.corp.local/:_authToken=2b7e151628aed2a6abf7158809cf4f3c, why does npm ci 401?", "2b7e1516"),
    ("不对，应该是 Pz8qRm3 这个，刚才发错了，帮我记下", "Pz8qRm3"),
])
def test_the_read_side_drops_the_value_from_the_query(text, left) -> None:
    from langmem_nodes.read.unsecret import without_secrets

    assert left not in without_secrets(text)
