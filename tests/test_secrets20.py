"""Secrets and look-alikes from helper secrets4's own cases (written before any rule was changed; 40 of these 141
tests failed on e277004), en + zh:

- a cookie that keeps a login, set to its value ("sessionid=7f3c…", "JSESSIONID=…", "sid=…");
- a VPN's pre-shared key or PSK ("VPN pre-shared key = …", "the IPsec PSK is …");
- a wifi said to be a pass phrase of lowercase words and digits, unquoted ("wifi for the cabin is pinecone_lodge_2024");
- a login value used for an account, a portal or a site ("I used letmein2024 for the school portal");
- a plain-word login: "with the word pancakes", "unlocks with 'rainbow'", "log in as admin with bluebird", "the login for
  the shared drive is marketing / summertime", "The laptop password? marigold." (not a remark: "The password? Forgotten.");
- a code read out after "code", unless the code says which ("booking reference", "promo code", "postcode");
- zh: a secret said changed and its new value ("口令换了，新的叫 晚风石桥"), asked and answered ("开机密码？就是 mochi"), a code
  right after its count ("六位数 3 8 1 9 0 2"); a count is no value ("验证码是六位数");
- a code read out one character at a time, letters among the digits ("K 7 M 2 X 9") or zh digits spaced ("三 七 二 九");
- a code read out or pointed at what it opens ("3 1 4 1 5 9 — that's the safe", "9 0 2 1，这是车库的", "The alarm. 2 5 9 0.");
- a bare code given as a correction, whatever it opens ("sorry, typo — it's 4417 not 4471", "说错了，应该是 9 2 7 1");
- what a value is not: a package pinned to a version ("requests==2.31.0"), a network's name ("CorpGuest_5G"), a time, a
  year or a floor corrected, a number after what it is ("my extension is 4417 not 4471"), a session's name.
"""

from __future__ import annotations

import pytest

from langmem_nodes.safety import find_secrets
from tests._said import assert_no_trace, secret_refusals

FOUND = {  # text -> the value that must be found
    # failed before this change
    "session cookie is sessionid=7f3c9a1be04d42e6b8a1c0f2d9e5a7b3": "7f3c9a1be04d42e6b8a1c0f2d9e5a7b3",
    "JSESSIONID=9A1F3C7E2B4D6F8A0C1E3F5A7B9D2C4E is what the browser shows": "9A1F3C7E2B4D6F8A0C1E3F5A7B9D2C4E",
    "我的 cookie 里 sid=4f8e2a9c1b7d3e6f0a5c 能不能直接用": "4f8e2a9c1b7d3e6f0a5c",
    "VPN pre-shared key = marmot-tundra-6612-echo": "marmot-tundra-6612-echo",
    "the IPsec PSK is harbor-lamp-3381": "harbor-lamp-3381",
    "wifi for the cabin is pinecone_lodge_2024": "pinecone_lodge_2024",
    "the wifi at my sister's is maple_street_88": "maple_street_88",
    "for the school portal I used letmein2024, is that bad?": "letmein2024",
    "I used tigerlily88 for the library account": "tigerlily88",
    "I log into the work laptop with the word pancakes": "pancakes",
    "the login for the shared drive is marketing / summertime": "summertime",
    "共享盘的登录是 marketing / summertime": "summertime",
    "the verification code is K 7 M 2 X 9": "K 7 M 2 X 9",
    "验证码是 K 7 M 2 X 9，快点输": "K 7 M 2 X 9",
    "我报一下：八 二 六 四 一 零，是门禁的": "八 二 六 四 一 零",
    "保险柜我念给你：五 三 九 零": "五 三 九 零",
    "ok writing it down: 4 9 1 7 — that's the alarm": "4 9 1 7",
    "3 1 4 1 5 9 — that's the safe": "3 1 4 1 5 9",
    "9 0 2 1，这是车库的": "9 0 2 1",
    "The alarm. 2 5 9 0. Don't forget.": "2 5 9 0",
    "sorry, typo — it's 4417 not 4471": "4417",
    "wait no, it's 7 7 3 1, not 7 7 1 3": "7 7 3 1",
    "不对，是 5830 不是 5380": "5830",
    "the door code is 4471. sorry, typo — it's 4417": "4417",
    "说错了，应该是 9 2 7 1": "9 2 7 1",
    "the code they gave me is K 7 M 2 X 9": "K 7 M 2 X 9",
    "the activation code is K 7 M 2 X 9": "K 7 M 2 X 9",
    "the kids tablet unlocks with 'rainbow'": "rainbow",
    "log in as admin with bluebird": "bluebird",
    "sign in with admin / marigold": "marigold",
    "the laptop password? marigold.": "marigold",
    "口令换了，新的叫 晚风石桥": "晚风石桥",
    "密码改了，现在是 Tiger88": "Tiger88",
    "开机密码？就是 mochi": "mochi",
    "支付宝的那个六位数 3 8 1 9 0 2": "3 8 1 9 0 2",
    # found before, kept
    "netflix login: family@bakers.net, password bluebird": "bluebird",
    "家里网的密码：八个八": "八个八",
    "we use sunshine22 for the family ipad": "sunshine22",
    "图书馆账号我用的是 tigerlily88": "tigerlily88",
    "door code: 5-5-2-0": "5-5-2-0",
    "the wifi key is b-l-u-e-j-a-y-4-2": "b-l-u-e-j-a-y-4-2",
    "VPN 预共享密钥是 marmot-tundra-6612": "marmot-tundra-6612",
    "my card's PIN? 0 4 1 9": "0 4 1 9",
    "backup codes: 8841-2270, 5519-0034": "8841-2270",
    "恢复码 7731-0428，另外几个在抽屉里": "7731-0428",
    "堡垒机口令我记得是 Hq7-Lamp-22": "Hq7-Lamp-22",
    "验证码发我手机上了：3 9 0 1 7 2": "3 9 0 1 7 2",
    "那个密钥，我放这儿：9f2c7e1a4b8d3f60": "9f2c7e1a4b8d3f60",
    "Server=db01;Database=crm;User Id=sa;Password=Gr4vel!Path;": "Gr4vel!Path",
    "amqp://guest:rabbitHole77@mq.local:5672 won't connect": "rabbitHole77",
    "连接串 mongodb://app:Tq9xLm22@10.0.3.4:27017/shop 连不上": "Tq9xLm22",
    "You asked for the garage code. It's 6 6 1 8.": "6 6 1 8",
    "门禁的。5 5 8 1。": "5 5 8 1",
    "the new PIN for the Visa is 2 9 9 4": "2 9 9 4",
    "我笔记本开机是 zhang@0617，顺便说下我用的是 ThinkPad X1。": "zhang@0617",  # "name@digits" is no package's version
}

LOOKALIKES = [
    # refused before this change
    "pin the dependency to requests==2.31.0",
    "验证码是六位数，刚才那个过期了",
    # held no secret before, kept
    "pin numpy<2 in the lockfile",
    "booking reference is K 7 M 2 X 9",
    "my postcode is L S 6 2 Q B",
    "the promo code is S A V E 2 0",
    "the zip code is 9 4 1 0 7",
    "log in as root with ssh",
    "I log in with google",
    "sign in as guest with no password",
    "I log in as ada with care",
    "I logged in with 'Google' yesterday",
    "I sign in with email / phone",
    "log in with sso / okta",
    "the login for the admin page is admin / admin",
    "creds are user / password",
    "The password? Forgotten.",
    "My PIN? Nope.",
    "The password? Monday.",
    "The wifi password? Ask Tom.",
    "my password? Changed it.",
    "密码？是不是太简单了",
    "邮编是六位数 100080",
    "my order number is 8 digits: 11223344",
    "密码改了，现在更安全了",
    "密码换了，新的还没发给我",
    "口令改了，新的是什么？",
    "密码是十二位的",
    "pin react@18.2.0 for the login page",
    "the wifi at the cafe is free and fast",
    "the wifi at the office is CorpGuest_5G",
    "the wifi at home is tp-link_5g_88",
    "the wifi network at the library is called Library_Public_2",
    "sorry, the meeting is at 1530 not 1430",
    "typo — I was born in 1988 not 1989",
    "sorry, I mean 2019",
    "不对，是 3 楼不是 4 楼",
    "不对，应该是 1200 元",
    "sorry, it's 12:30 not 12:45",
    "sorry, my extension is 4417 not 4471",
    "sorry, it's 1200 not 1500 a month",
    "我每个月房租4500，啊不对，是5200，上个月刚涨的",  # extraction's casual13_tune: a correction of a rent, kept
    "主库在 3306 端口——不对，是 3307，3306 是从库。",  # extraction's devlike18_tune: of a port
    "my rent is 1500, sorry, it's 1200",
    "不对，是 5830 不是 5380 元",
    "I used python3 for the school project",
    "we use node18 for the portal backend",
    "I used chrome for the school portal, it works",
    "I used react18 for the customer portal",
    "I log in with the word processor",
    "I unlock it with the password manager",
    "the login is slow / broken today",
    "sign-ins are daily / weekly",
    "the commit sha is 7f3c9a1be04d42e6b8a1c0f2d9e5a7b3",
    "the request id is 9A1F3C7E2B4D6F8A0C1E3F5A7B9D2C4E in the logs",
    "the SID is S-1-5-21-3623811015-3361044348-30300820-1013",
    "session: abandoned_cart_2024_reminder",
    "session timeout is 1800 seconds",
    "what is a pre-shared key?",
    "PSK is required for WPA2-Personal",
    "my PIN changed last week, the bank mailed it",
    "密码强度要求：至少 10 位，含数字",
    "my mum's number is 0 7 7 0 0 9 0 0 1 2 3",
    "朋友的电话 138 0013 8000",
    "order 4417-2290 shipped today",
    "the UUID is 0b7e2c1a-5d3f-4a8e-9c6b-2f1e0d9a8b7c",
    "my shoe size is 4 2 in EU",
    "VPN 预共享密钥是什么意思",
    "the safe is from 1998, still works",
    "这是保险柜的说明书，型号 BX-2045",
    "我念一遍地址：朝阳区 三 里 屯",
    "our building has 4 doors and 2 gates",
    "the alarm went off at 0300 again",
    "门禁卡丢了，要去物业补办",
    "密钥长度 2048 位够不够",
    "验证码收不到怎么办",
    "reset codes expire after 15 minutes",
    "PIN 码输错三次会锁卡吗",
    "the safe has a 4 digit code and a key",
    "call the front desk at 5 5 5 0 1 2 3",
    "我的车位号是 B 2 1 7",
]


@pytest.mark.parametrize("text", list(FOUND))
def test_a_secret_is_found(text) -> None:
    values = [f.value for f in find_secrets(text)]
    assert any(FOUND[text] in v for v in values), values


@pytest.mark.parametrize("text", LOOKALIKES)
def test_a_look_alike_holds_no_secret(text) -> None:
    assert [f.value for f in find_secrets(text)] == []


END_TO_END = {  # a turn -> the value no byte of the home may hold
    "I live in Leeds. session cookie is sessionid=7f3c9a1be04d42e6b8a1c0f2d9e5a7b3 if you need it": "7f3c9a1be04d42e6b8a1c0f2d9e5a7b3",
    "I like tea. I used letmein2024 for the school portal": "letmein2024",
    "我在杭州上班。共享盘的登录是 marketing / summertime": "summertime",
}


@pytest.mark.parametrize("text", list(END_TO_END))
def test_the_home_holds_no_trace(tmp_path, fake_embedder, text) -> None:
    assert_no_trace(tmp_path / "home", fake_embedder, text, END_TO_END[text])


@pytest.mark.parametrize("text", ["pin the dependency to requests==2.31.0", "the wifi at the office is CorpGuest_5G"])
def test_a_look_alike_is_not_refused(tmp_path, fake_embedder, text) -> None:
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path / "home", embedder=fake_embedder) as store:
        assert secret_refusals(store, text) == []
