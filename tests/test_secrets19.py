"""Secrets and look-alikes from helper secrets3's own probes (/work/tmp/secrets3/mine*.tsv, written before any rule
was changed), en + zh:

- "p/w" and "u/n" are a password's and a user name's short forms ("u/n is jsmith, p/w is Rex2019");
- "just" between a link and its value keeps the value ("the password is just Pumpkin with a capital P");
- a lowercase compound key naming a secret last, set to a value ("corpsecret=1a2b…", "appkey=…");
- a code texted to the user ("here's the code they texted me: 602211");
- a code corrected after one the user gave ("the code I gave you was wrong, it's 0913");
- a door, gate or garage named with a 4-8 digit code right after it ("garage door 2231, …");
- a quoted value in a code slot named for a secret, asked about ("define('DB_PASSWORD', '…'); safe?");
- a secret named alone as a sentence, then a capitalised or quoted word ("The code word. It's Pelican.");
- a keypad named, a dash, its code ("the keypad by the back door — 3310");
- zh: a pass phrase in quotes right after 暗号/口令 ("接头暗号“月亮湾”"), a hex token after "我贴一下"; "老的那个" says
  which password, not what it is;
- a money account's number in digit groups after 账号 ("公积金账号 1203 4578 9012") is an identifier;
- a Mailchimp key, a URL whose user part is a key (a Sentry DSN), "creds are user / value";
- what a value is not: "something" after "changed my PIN to", a pointer ("password: see the vault entry"), a
  password manager after "key is in", a cipher and its size ("AES-256"), a commit after 提交/版本, a "combo" of
  one small count ("my favourite combo at the diner is 2 eggs and toast").
"""

from __future__ import annotations

import pytest

from langmem_nodes.safety import find_secrets
from tests._said import assert_no_trace, secret_refusals

FOUND = {  # text -> the value that must be found
    # failed before this change
    "u/n is jsmith, p/w is Rex2019": "Rex2019",
    "the wifi login p/w: Salt&Pepper9": "Salt&Pepper9",
    "the password is just Pumpkin with a capital P": "Pumpkin",
    "my pin is just 4417": "4417",
    "企业微信 corpsecret=1a2b3c4d5e6f7g8h 获取 token 失败": "1a2b3c4d5e6f7g8h",
    "小程序的 appsecret：wx_8f3a9c1d2e7b6a5f": "wx_8f3a9c1d2e7b6a5f",
    "wechat pay appkey=Zq8mT2xW9kLp4R in the config file": "Zq8mT2xW9kLp4R",
    "here's the code they texted me: 602211": "602211",
    "the bank texted me a code, 448120, do I type it here?": "448120",
    "sorry the code I gave you was wrong, it's 0913": "0913",
    "the code I sent earlier is old, the right one is 7731": "7731",
    "garage door 2231, front door is the keypad one": "2231",
    "side gate 8841 if the bell doesn't work": "8841",
    "define('DB_PASSWORD', 'Wp4$xRt7Kn'); in wp-config — safe?": "Wp4$xRt7Kn",
    "mailchimp key 8c2f4e6a1b3d5f7e9a0c2e4f6a8b0d1c-us6 returns 401": "8c2f4e6a1b3d5f7e9a0c2e4f6a8b0d1c-us6",
    "https://3f9c1e7a2b8d4f6e0a5c9b1d7e3f2a8c@o123456.ingest.sentry.io/789 is our DSN, is that secret?": "3f9c1e7a2b8d4f6e0a5c9b1d7e3f2a8c",
    "vpn creds are mine / Coyote-Moon-12": "Coyote-Moon-12",
    "The code word. It's Pelican.": "Pelican",
    "My wifi password? It's 'bluebell'.": "bluebell",
    "the keypad by the back door — 3310": "3310",
    "接头暗号“月亮湾”，别说出去": "月亮湾",
    "token 我贴一下 9f8e7d6c5b4a3928": "9f8e7d6c5b4a3928",
    # found before, kept
    "docker login -u deploybot -p Kz8!wQ2rTm registry.example.com says unauthorized": "Kz8!wQ2rTm",
    "PGPASSWORD=Rv9$kT3mQz psql -h db.local -U app fails with ssl error": "Rv9$kT3mQz",
    "otpauth://totp/Acme:me?secret=JBSWY3DPEHPK3PXP&issuer=Acme is what the QR decodes to": "JBSWY3DPEHPK3PXP",
    "db.internal:5432:orders:report:Bq7%wXz2Lk is my .pgpass line, permissions are 600": "Bq7%wXz2Lk",
    "the alarm panel code, it's 1 9 7 3, don't tell anyone": "1 9 7 3",
    "my pin is seven four two nine": "seven four two nine",
    "recovery code RC8H-2KLM-Q9TX, I wrote the others down": "RC8H-2KLM-Q9TX",
    "creds: jsmith / Tango88": "Tango88",
    "the password. it's Sunset77.": "Sunset77",
    "session cookie: session=b4c2e1f0a9d8c7b6a5f4e3d2c1b0a9f8 — can you see why it logs me out?": "b4c2e1f0a9d8c7b6a5f4e3d2c1b0a9f8",
    "ALTER USER app WITH PASSWORD 'Pa55word!2026'; fails with permission denied": "Pa55word!2026",
    "spring.datasource.password=Ws3!nT8kLq in application.properties, is that bad?": "Ws3!nT8kLq",
    "net use Z: \\\\nas\\share /user:admin Ab8*qW3eRt returns error 86": "Ab8*qW3eRt",
    "My email password is bluebird, I know it's weak": "bluebird",
    "my passphrase is correct horse battery staple": "correct horse battery staple",
    "取款密码662781，卡在ATM里吞了怎么办": "662781",
    "门禁密码 5839#，快递员进不来": "5839",
    "保险柜密码是七三九二": "七三九二",
    "提取码：x9k3 链接：https://pan.baidu.com/s/1abcDEF": "x9k3",
    "刚才说错了，门锁密码其实是9527": "9527",
    "行李箱密码锁 3579": "3579",
    "服务器 10.0.0.8，root/Ad!9kQ2x": "Ad!9kQ2x",
    "数据库连接串 jdbc:mysql://10.1.1.5:3306/crm?user=root&password=qwe!2345 报错": "qwe!2345",
    "支付密码是 9 5 2 7 0 0": "9 5 2 7 0 0",
    "学校储物柜的开柜码 7086": "7086",
}

LOOKALIKES = [
    # refused before this change
    "I changed my PIN to something harder",
    "password: see the vault entry",
    'the API key is in 1Password under "Stripe"',
    "提交 9f2c41e 把登录页改坏了",
    "用 AES-256 加密密码安全吗",
    "版本 a3f9c21 之后登录就挂了",
    "my favourite combo at the diner is 2 eggs and toast",
    # held no secret before, kept (named alone, then not a value)
    "The password. It's long.",
    "Forgot my password. It's Tuesday and I'm locked out.",
    "the alarm — 2019 model, loud",
    "密码还是老的那个，没改",
    "验证码“发送”按钮点不了",
    "密码“强度”不够",
    "口令“错误”提示怎么关",
    # held no secret before, kept
    "the PIN changed, the bank sent a letter",
    "call my brother at 415-555-0134 tomorrow",
    "my order number is 112-3345567-8890123",
    "the UUID of the record is 550e8400-e29b-41d4-a716-446655440000",
    "sha1 of the file is da39a3ee5e6b4b0d3255bfef95601890afd80709",
    "passwords need 12 characters and a symbol at work",
    "my gym locker is number 214",
    "Ticket JIRA-4471 is about the login page",
    "the container id is 3f9c1e7a2b8d, restart it",
    "docker run -p 8080:80 nginx works fine",
    "I generated new recovery codes and stored them in my password manager",
    "my PIN has a 7 in it, that's all I remember",
    "the code is on the back of the box, 12 digits",
    "my phone number is 07700 900123",
    "the code you sent me throws error 500",
    "the garage door is 20 years old",
    "the gate opens at 0700 every day",
    "我的手机号是 13812345678，有事打我",
    "密码必须包含大小写字母和数字，长度至少8位",
    "妈妈的电话 139 1234 5678 帮我存一下",
    "这个文件的 MD5 是 d41d8cd98f00b204e9800998ecf8427e",
    "会员卡号 6688 9900 1234，积分怎么查",
    "保险箱型号是 SD-2045",
    "这个 commit 的哈希是 3f9a2b1c，回滚一下",
    "门牌号 1502，送快递的老找错",
    "密钥轮换周期是 90 天",
    "把 redis 密码写到环境变量里",
]


@pytest.mark.parametrize("text", list(FOUND))
def test_a_secret_is_found(text) -> None:
    values = [f.value for f in find_secrets(text)]
    assert any(FOUND[text] in v for v in values), values


@pytest.mark.parametrize("text", LOOKALIKES)
def test_a_look_alike_holds_no_secret(text) -> None:
    assert [f.value for f in find_secrets(text)] == []


END_TO_END = {  # a turn -> the value no byte of the home may hold
    "I live in Leeds. u/n is jsmith, p/w is Rex2019": "Rex2019",
    "我在杭州上班。企业微信 corpsecret=1a2b3c4d5e6f7g8h 获取 token 失败": "1a2b3c4d5e6f7g8h",
    "I like tea. sorry the code I gave you was wrong, it's 0913": "0913",
}


@pytest.mark.parametrize("text", list(END_TO_END))
def test_the_home_holds_no_trace(tmp_path, fake_embedder, text) -> None:
    assert_no_trace(tmp_path / "home", fake_embedder, text, END_TO_END[text])


@pytest.mark.parametrize("text", ["I changed my PIN to something harder", "用 AES-256 加密密码安全吗"])
def test_a_look_alike_is_not_refused(tmp_path, fake_embedder, text) -> None:
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path / "home", embedder=fake_embedder) as store:
        assert secret_refusals(store, text) == []


@pytest.mark.parametrize(("text", "value"), [
    ("公积金账号 1203 4578 9012，怎么查余额", "1203 4578 9012"),  # failed before this change
    ("社保账号是 3301 0619 9001", "3301 0619 9001"),
])
def test_an_account_number_in_groups_is_an_identifier(text, value) -> None:
    from langmem_nodes.safety import find_pii

    assert [f.value for f in find_pii(text)] == [value]


@pytest.mark.parametrize("text", ["我的QQ账号 1234 5678 忘了怎么找回", "会议号 582 331 907，主持人是我"])
def test_a_login_or_meeting_number_is_no_identifier(text) -> None:
    from langmem_nodes.safety import find_pii

    assert find_pii(text) == []
