"""Secrets and look-alikes from helper secrets6's own cases (written before any rule was changed), en + zh:

- a value given in the sentence after the one about getting in ("I'm trying to log into the NAS. It keeps
  rejecting Marble-Fox-19"), or said to get one on a network ("moss-lantern-71 gets you on the guest wifi");
- a secret described first and its value said last ("my ATM pin is the year Dad was born, 1961", "my memorable
  word, Sandcastle");
- a login pair split by " // " or " / " after the place it opens; a pass phrase of bare words after its name;
- a number dictated with "double"; key formats by shape (Databricks, HubSpot, age);
- what is not a secret: an example after "e.g.", a version in the sentence after a login, a maiden name never said.
"""

from __future__ import annotations

import pytest

from langmem_nodes.safety import find_pii, find_secrets
from tests._said import assert_no_trace, secret_refusals

FOUND = {  # text -> the value that must be found
    # a value in the sentence after the one about getting in
    "I'm trying to log into the Synology. It keeps rejecting Marble-Fox-19 even though I'm sure that's right.": "Marble-Fox-19",
    "Can't sign in to the school portal. I keep typing Pebble_Moon4 and it says incorrect.": "Pebble_Moon4",
    "The login screen wants a code; mine is 662901": "662901",
    "我登不上公司的 NAS。它一直说 Marble-Fox-19 不对，可我记得没错": "Marble-Fox-19",
    "登录界面要输一个码；我的是 662901": "662901",
    # a value said to get one on a network
    "Heads up: moss-lantern-71 gets you on the guest wifi": "moss-lantern-71",
    "our wifi network is Birchwood and you get on with raspberry-jam-44": "raspberry-jam-44",
    "guest network: Lodge_Guest / moss-lantern-71": "moss-lantern-71",
    "moss-lantern-71 就能连上访客 WiFi": "moss-lantern-71",
    "访客网络：Lodge_Guest / moss-lantern-71": "moss-lantern-71",
    # described first, the value last
    "My ATM pin is the year Dad was born, 1961": "1961",
    "The code to the side door is the same as my birth year, 1984": "1984",
    "I told the helpdesk my memorable word, Sandcastle": "Sandcastle",
    "Password hint: it's my dog's name plus 99 — Rolo99": "Rolo99",
    "我的银行卡密码是我妈的生日，0917": "0917",
    "密码提示：我家狗的名字加 99 —— Rolo99": "Rolo99",
    "我跟客服说了我的预留口令，Sandcastle": "Sandcastle",
    # a login pair after the place it opens, a pass phrase of bare words
    "Netflix: jo.reed@mail.com // pumpkin-Spice-4": "pumpkin-Spice-4",
    "爱奇艺：jo.reed@mail.com // pumpkin-Spice-4": "pumpkin-Spice-4",
    "the WiFi: SSID Oakview5G, passphrase tidal pools at noon": "tidal pools at noon",
    "WiFi 叫 Oakview5G，密码短语 tidal pools at noon": "tidal pools at noon",
    "SMTP: smtp.gmail.com:587, user me@gmail.com, app pw hxqk zmnv ptrs wbel": "hxqk zmnv ptrs wbel",
    # a value reused for sites
    "I reuse Tamarind88! for pretty much every shopping site": "Tamarind88!",
    # dictated digits, key formats
    "my PIN is double seven three two": "double seven three two",
    "Databricks token dapi1f9c2e7a1b8d3f60a5c9e2d74b6e8c1a for the notebook job": "dapi1f9c2e7a1b8d3f60a5c9e2d74b6e8c1a",
    "数据平台的 token dapi1f9c2e7a1b8d3f60a5c9e2d74b6e8c1a 还能用吗": "dapi1f9c2e7a1b8d3f60a5c9e2d74b6e8c1a",
    "HubSpot private app token pat-na1-3f9a2c71-8b4e-4d1a-9c6f-2e7b5a0d8c13": "pat-na1-3f9a2c71-8b4e-4d1a-9c6f-2e7b5a0d8c13",
    # second round (after blind20's tune half): a value pointed at for a device
    "it's Pelican42Dusk! for the wifi now": "Pelican42Dusk!",
    "it is Marlow2020 for the NAS admin": "Marlow2020",
    "我的密码还在用 123456": "123456",
    "很多人问我密码，我的是 123456": "123456",
    # third round: the same slots holding a value
    "[Interface]\nPrivateKey = yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=\nAddress = 10.0.0.2/24": "yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=",
    "<add key=\"SmtpPassword\" value=\"Birch!Hollow5\" />": "Birch!Hollow5",
    "kubectl create secret generic db --from-literal=password='Quince!Tarn6'": "Quince!Tarn6",
    "my age key is AGE-SECRET-KEY-1QQPZ8K0D8L9XJ6F0N3VTG6R2Y7W4HH9P5M3C2Z8K0D8L9XJ6F0N3VTGQ9XXXX":
        "AGE-SECRET-KEY-1QQPZ8K0D8L9XJ6F0N3VTG6R2Y7W4HH9P5M3C2Z8K0D8L9XJ6F0N3VTGQ9XXXX",
}

LOOKALIKES = [
    "I'm trying to log into the Synology. It keeps asking me to install DSM-7.2 first.",
    "Can't sign in to the school portal. I keep getting error 0x80070005.",
    "The login screen wants a code; I haven't got the text yet",
    "我登不上公司的 NAS。它一直提示 DSM-7.2 需要更新",
    "登录界面要输一个码；我还没收到短信",
    "Log in with your employee ID, e.g. 40221",
    "用你的工号登录，例如 40221",
    "My mother's maiden name is something I never share online",
    "我妈的娘家姓我从来不在网上说",
    "our wifi network is Birchwood and it reaches the garden now",
    "the guest network Lodge_Guest is open, no password",
    "访客网络叫 Lodge_Guest，不用密码",
    "Dad was born in 1961 in Leeds",
    "My PIN is four digits and I never write it down",
    "I reuse tote bags for pretty much every shopping trip",
    "the passphrase should be four random words, like the xkcd comic",
    "My locker is number 318 at the gym",
    "the session token is refreshed every 15 minutes",
    # second round: a product pointed at, test cards, a common value said of people at large
    "it's Windows11 for the laptop",
    "it's TP-Link for the router",
    "So many people still use qwerty123 for their bank password, wild",
    "大家的 WiFi 密码都是 12345678，太随便了",
    "half the office has password1 as their password",
    # talk about pass phrases, not one said
    "is a four-word passphrase really safer than a random one?",
    "what passphrase style works best for kids",
    "my passphrase generator makes long ones",
    # fourth round: a login's next sentence, a network, a pair, a described secret, a reused thing, with no value
    "I logged into the dashboard. It shows Build-2291 failing.",
    "Can't log into Steam. It keeps saying my account SteamUser88 is locked.",
    "I signed in to GitHub. I tried cloning MyProject2024 but it 404s.",
    "I can't sign in to Outlook. I'm using Office365 on a Mac.",
    "Login works fine. I use Firefox115 at work though.",
    "I logged in as ada. Then I typed ReportQ3-2024 in the search box.",
    "The login page is slow. We use Keycloak21 behind nginx.",
    "I can't log in to the NAS. I tried resetting it with the pin hole on the back.",
    "Log in to the router. Then enter 192.168.1.1 in the browser.",
    "Can't sign into Zoom. My meeting ID is 845 2291 0036.",
    "I logged into the bank. I moved 2500 to savings.",
    "I logged into Figma. I use the Inter-Variable font for everything.",
    "The wifi at the library is LibGuest and you get on with your library card number",
    "Guest wifi gets you on the internet for 30 minutes free",
    "network: Lodge_Guest / open, no password",
    "contact: jo.reed@mail.com / 07700 900123",
    "email me at jo.reed@mail.com / @joreed on Twitter",
    "My PIN is four digits, 2 of them odd.",
    "The door code is the same as last year's, just ask Sam.",
    "My password is long, like really long.",
    "I changed my password last week, finally.",
    "My passcode expired yesterday, annoying.",
    "The password reset email says to use the link within 24 hours, 1440 minutes.",
    "The alarm code is on the card Mum gave you, Sam.",
    "I reuse glass jars for everything in the kitchen",
    "We use Ubuntu22 for all servers and accounts",
    "网站全都用 HTTPS 了",
    "我所有账号都用 Google 登录",
    "the passphrase must be at least four words",
    "my passphrase is in my password manager",
    "app password settings are under Security",
    "It's Chrome for the laptop and Safari for the phone",
    "it's port 8080 for the router admin page",
    "It's SW1A 1AA for the delivery address",
    "the login screen wants a code. I'll check my texts tomorrow at 0830.",
    "我登不上学校的系统。提示 Error-4031，说账号被锁",
    "Can't log in to the VPN. It tries to connect to vpn2.acme.io and times out.",
    "I can't log into my account. I've tried Chrome and Edge.",
    "Signing in to Teams fails. I'm on Windows11 23H2.",
    # third round: a public key named so, a value read from elsewhere, a config key's name, a vault entry's name
    "[Interface]\nAddress = 10.0.0.2/24\nListenPort = 51820\nPublicKey = xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=",
    "WireGuard 配置里对端的 PublicKey = xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg= 要填到哪",
    "kubectl create secret generic db --from-literal=password=$(openssl rand -base64 24)",
    "kubectl create secret generic db --from-literal=password=$(openssl rand -base64 24) 这样生成随机密码对吗",
    "conn = psycopg2.connect(host='db', user='etl', password=os.environ['PGPASS'])",
    "<add key=\"SmtpHost\" value=\"smtp.office365.com\" />",
    "web.config 里 <add key=\"SmtpHost\" value=\"smtp.office365.com\" /> 这行是干嘛的",
    "The Slack signing secret is in 1Password under 'Slack app'",
    "签名密钥放在 1Password 里，条目叫 'Slack app'",
]

TEST_CARDS = [
    "use the test card 4111 1111 1111 1111 in the Stripe sandbox",
    "Stripe 的测试卡号 4242 4242 4242 4242 随便用",
    "那张 5555 5555 5555 4444 是假卡号",
]


@pytest.mark.parametrize("text", list(FOUND))
def test_a_secret_is_found(text) -> None:
    values = [f.value for f in find_secrets(text)]
    assert any(FOUND[text] in v for v in values), values


@pytest.mark.parametrize("text", LOOKALIKES)
def test_a_look_alike_holds_no_secret(text) -> None:
    assert [f.value for f in find_secrets(text)] == []


@pytest.mark.parametrize("text", TEST_CARDS)
def test_a_test_card_named_so_is_no_card(text) -> None:
    assert find_pii(text) == []


def test_an_owned_card_is_still_a_card() -> None:
    assert [f.kind for f in find_pii("我的信用卡号是 4111 1111 1111 1111")] == ["card number"]


END_TO_END = {  # a turn -> the value no byte of the home may hold
    "I live in Leeds. I'm trying to log into the Synology. It keeps rejecting Marble-Fox-19.": "Marble-Fox-19",
    "I have a cat. Heads up: moss-lantern-71 gets you on the guest wifi": "moss-lantern-71",
    "I drive a Volvo. I told the helpdesk my memorable word, Sandcastle": "Sandcastle",
    "我在杭州上班。访客网络：Lodge_Guest / moss-lantern-71": "moss-lantern-71",
}


@pytest.mark.parametrize("text", list(END_TO_END))
def test_the_home_holds_no_trace(tmp_path, fake_embedder, text) -> None:
    assert_no_trace(tmp_path / "home", fake_embedder, text, END_TO_END[text])


@pytest.mark.parametrize("text", [
    "Log in with your employee ID, e.g. 40221", "My mother's maiden name is something I never share online",
    # a test card the turn names so in a later clause: a claim cut from the first clause is not refused for it
    "沙盒里用 Stripe 的 5555 5555 5555 4444 就行，那是文档给的测试卡号",
    "In the sandbox just use 4111 1111 1111 1111, it's Stripe's test card number",
])
def test_a_look_alike_is_not_refused(tmp_path, fake_embedder, text) -> None:
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path / "home", embedder=fake_embedder) as store:
        assert secret_refusals(store, text) == []
