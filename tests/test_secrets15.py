"""Secrets the rules missed in helper s37's own set (/work/tmp/s37/secrets/own.jsonl, own2.jsonl, own3.jsonl, written before any
tune data was read), found by structure, en + zh:

- the slot a line of code or a command gives a value (`safety.coded`): a value passed beside a key naming a secret
  (`os.Setenv("SMTP_PASSWORD", …)`), the password of an auth pair (`auth=("ada", …)`), SQL's `IDENTIFIED BY '…'`,
  a tool's password flag (`openssl -k`, `zip -P`, `7z -p…`, `curl -u user:…`, `htpasswd -b file user …`, `-storepass`),
  a value echoed into a secret's file or `--password-stdin`, an environment name ending in _AUTH;
- an answer to someone asking for a secret (`safety.replied`): a pasted chat line asking ("Lena: pw?", "小李：wifi
  多少") and the next line's lone typed token; reported speech ("asked for the guest wifi, I told her …"); Q/A
  lines in a text about a login or a security question ("Q: favourite teacher? A: Okafor", "密保：Q 出生城市？A 洛阳");
- a code typed into a machine called its number ("my ATM number is 5 5 2 0", "the alarm number … 8 0 3 3");
  zh digit words mixed with digits ("七 3 五 1 九 0") and the formal numerals ("叁零玖捌陆柒"); a value read aloud
  in zh ("大写 K 小写 m 井号 5 5 0");
- a credential word spelled with look-alike letters of another script ("pаssword" with a Cyrillic а, "ΡΙΝ" in Greek
  capitals): `safety.lookalike` reads them as the Latin letters they imitate before any rule runs.

Look-alikes that were refused, also by structure: a digest or key fingerprint after "SHA256:" opens nothing; a docs
example key ("…EXAMPLE") labelled as an example; a masked key ("LTAI****"); a product named where a password would
be ("I use 1Password for all my passwords"); an HTML attribute ("type=password"); a postcode ("邮政编码 518000"); a
test value with a note on it ("123456（仅用于测试）"). From own4.jsonl (look-alikes only): a colour ("#FF5733"), a
name after "SSID is", a ticket's key in a sentence about a ticket ("SEC-2291", "工单号是 SEC-2291"), a commit's id,
a hashing algorithm ("密码哈希换成了 argon2id"), a zh measure ("340 毫秒")."""

from __future__ import annotations

import pytest

from langmem_nodes.safety import find_secrets
from tests._said import assert_no_trace, secret_refusals

FOUND = {  # text -> the value that must be found
    # code and commands (en)
    "services:\n  cache:\n    environment:\n      REDIS_AUTH: Hq93nVx2Lm7\nthe healthcheck keeps failing": "Hq93nVx2Lm7",
    'os.Setenv("SMTP_PASSWORD", "Quartz+Hill61")': "Quartz+Hill61",
    'headers.set("X-Api-Key", "7fQ2mLx9Rz4Kp8Vn");': "7fQ2mLx9Rz4Kp8Vn",
    'r = requests.get(url, auth=("ada", "Brisk-Otter-19"))  # why 401?': "Brisk-Otter-19",
    'req.SetBasicAuth("deploy", "Tern#Cove42")': "Tern#Cove42",
    "CREATE USER app IDENTIFIED BY 'Frost_Gale_73';": "Frost_Gale_73",
    'echo "Thistle-Key-90" > ~/.vault_pass': "Thistle-Key-90",
    "printf 'Tk9-Lm2-Qx7' | docker login --username ada --password-stdin": "Tk9-Lm2-Qx7",
    "openssl enc -aes-256-cbc -in notes.txt -out notes.enc -k Cinder77Vale": "Cinder77Vale",
    "zip -P Harbor#Lights7 backup.zip notes/": "Harbor#Lights7",
    "curl -u deploy:Sq9!rPz4 https://ci.example.com/api": "Sq9!rPz4",
    "htpasswd -b .htpasswd ada Sable!Moor8": "Sable!Moor8",
    "echo Wren-Hollow-58 | sudo -S apt update": "Wren-Hollow-58",
    "vault login -method=userpass username=ada --api-token=Vt7-Qx9-Lm2Rz": "Vt7-Qx9-Lm2Rz",
    # answers (en)
    "Lena: pw?\nMe: Otter-Glass-12\nLena: ty": "Otter-Glass-12",
    "me: what's the code for the bike shed?\nDan: 4 6 1 9": "4 6 1 9",
    "security Q: first concert? A: Blur": "Blur",
    "Ana asked for the guest wifi, I told her Fable-Inn-207": "Fable-Inn-207",
    "my brother asked for the netflix login so I texted him Sofa&Popcorn9": "Sofa&Popcorn9",
    "Q: favourite teacher? A: Okafor (that's for the credit union login)": "Okafor",
    # a machine's number (en)
    "my ATM number is 5 5 2 0": "5 5 2 0",
    "wrote the alarm number on a post-it: 8 0 3 3": "8 0 3 3",
    # code and commands (zh)
    'r = requests.get(url, auth=("zhang", "Qin-Huai_31")) 为什么 401': "Qin-Huai_31",
    "CREATE USER 'app'@'%' IDENTIFIED BY 'Xi_Hu_2023'; 这样建用户对吗": "Xi_Hu_2023",
    "htpasswd -b .htpasswd lihua Ye#Lai8 帮我解释下参数": "Ye#Lai8",
    "echo 'Yun-Hai_77' > /etc/app/secret.txt 这样写安全吗": "Yun-Hai_77",
    "用 7z a -pQing#Shan9 backup.7z 文件夹 压缩": "Qing#Shan9",
    '配置里写了 config.set("db.password", "Gu_Cheng88")，会不会泄露': "Gu_Cheng88",
    # answers (zh)
    "小李：wifi 多少\n我：Lu-Jia-Zui-66": "Lu-Jia-Zui-66",
    "王姐：nas 的密码是啥\n我：Nas_Wang-77": "Nas_Wang-77",
    "密保：Q 出生城市？A 洛阳": "洛阳",
    "我：车库门的密码多少？\n老爸：2 0 8 6": "2 0 8 6",
    "echo Zhu-Lin-88 | sudo -S systemctl restart nginx": "Zhu-Lin-88",
    "找回账号要答问题：Q 小学叫什么？A 向阳小学": "向阳小学",
    # digits in words, read aloud (zh)
    "密码 6 位：七 3 五 1 九 0": "七 3 五 1 九 0",
    "取款密码 叁零玖捌陆柒": "叁零玖捌陆柒",
    "密码我念给你：大写 K 小写 m 井号 5 5 0": "大写 K 小写 m 井号 5 5 0",
    "路由器密码：小写 q 大写 W 下划线 8 8 1": "小写 q 大写 W 下划线 8 8 1",
    # own5.jsonl: long casual turns
    "the bank asked my memorable word and I gave them cardamom, hope that's right": "cardamom",
    "door at the studio: press 4 then 7 then 1 then 1 and push hard": "4 then 7 then 1 then 1",
    "工作室的门：先按 4 再按 7 再按 1 再按 1，然后用力推": "4 再按 7 再按 1 再按 1",
    "the shared family netflix is mum@example.com with Sunday-Roast-8": "Sunday-Roast-8",
    "家里共用的爱奇艺：mom@example.com 和 Zhou-Mo_88": "Zhou-Mo_88",
    "gym app kept logging me out so I changed it to Barbell_Rack_19": "Barbell_Rack_19",
    # found by blind15b's tune half (secrets_blind11 tune), fixed by structure; variants of mine here
    "the vault code comes in two halves: the first half is Pelican and the other half is Reef31": "Pelican",
    "保险箱密码分两半：上半截 Hai-Ou，下半截 Lan77": "Lan77",
    "DeepSeek的key是 3e7a9c1f5b2d8e4a.Qm4ZxT8vR2nL6wK9 帮我看下": "3e7a9c1f5b2d8e4a.Qm4ZxT8vR2nL6wK9",
    "my api key: 7c2e9a4f1b8d3e6a.Wp3KzV7qN1mX5tR8": "7c2e9a4f1b8d3e6a.Wp3KzV7qN1mX5tR8",
    # a credential word spelled with look-alike letters of another script (Cyrillic а/о, Greek Ι/Ρ/Ν, Cherokee Ꮲ)
    "my p\u0430ssword is river_stone": "river_stone",
    "my p\u0430ssw\u043erd is riverstone88": "riverstone88",
    "my P\u0399N is 4471": "4471",
    "\u13e2assword: \u13bberon_77": "\u13bberon_77",
    "银行卡 \u03a1\u0399\u039d 是 0 4 4 7": "0 4 4 7",
}

LOOKALIKES = [
    # refused before
    "the password field is type=password in the HTML form",
    "the AWS docs example key is AKIAIOSFODNN7EXAMPLE, it's just an example",
    "I use 1Password for all my passwords now",
    "my ssh key fingerprint is SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8",
    "公钥指纹 SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8",
    "阿里云文档里的示例 AccessKey 是 LTAI****************，只是示例",
    "邮政编码 518000",
    "示例：密码 = 123456（仅用于测试）",
    # own4.jsonl: a credential word beside a value that is a colour, a name, a ticket, a commit, a measure
    "use colour #FF5733 for the login button",
    "登录按钮用颜色 #FF5733",
    "our wifi SSID is Cafe_Guest_2G and it's open, no password",
    "the ticket for the password bug is SEC-2291",
    "密码那个 bug 的工单号是 SEC-2291",
    "登录页面在 4G 下 340 毫秒加载完",
    "commit 4e8b1d2 把密码哈希换成了 argon2id",
    "外婆的平板是 2019 款 32G 的，很卡",
    "代码评审 3 点，我的 PR 是 4471",
    "wifi 很慢只有 3 Mbps，密码倒是没问题",
    "why does the AWS guide use AKIAIOSFODNN7EXAMPLE for every key?",
    "字典的key是 user_name_2024",
    "the second half of the match was great, 2-1",
    # what the new rules must leave alone
    "she asked for the password and I said sorry",
    "they asked for my password and I told them nothing",
    "press 1 then wait for the tone, the call centre is slow",
    "docker login -u ada --password-stdin registry.example.com",
    "python train.py --tokenizer bert-base-uncased2 --max-tokens 4096",
    'cache.set(("cache_key", "user:42:profile"))',
    'client = Client(credentials=("path/to/creds.json", "v1.2.3"))',
    'parser.add_argument("--token-file", default="token.txt")',
    "kubectl create secret generic app --secret-name my-secret-2",
    'token = os.getenv("API_TOKEN", "")',
    "curl -u $USER:$TOKEN https://ci.example.com/api",
    "echo hello-world-2 > notes.txt",
    "SMTP_AUTH=true in the mail container",
    'login("ada")',
    "openssl rand -hex 32 to make a key",
    "Tom: which version?\nMe: 3.12.1",
    "me: what time is standup?\nDan: 9 1 5 0",
    "echo done | tee build.log",
    "Tom: what's the wifi name?\nMe: HomeNet-5G",
    "I asked for the wifi name, she told me HomeNet-5G",
    "Q: best pizza in town? A: Luigi's",
    "Tom: which branch has the login fix?\nMe: feat/login-2",
    "Tom: where's the code for the parser?\nMe: src/parse_v2.py",
    "Ann: what key do I use for the map?\nMe: user_id_v2",
    "小王：登录接口是哪个？\n我：/api/v2/login",
    "he asked which branch the login fix is on and I told him feat/login-2",
    "the atm number on the receipt is where I withdrew",
    "小王：wifi 叫什么\n我：ChinaNet-8F2A",
    "她问我 wifi 叫什么，我说 ChinaNet-8F2A",
    "小张：几点开会？\n我：15:00",
    "我：几点出发？\n老爸：8 点半",
    "问答环节：Q 周末去哪？A 去爬山",
    "键盘上大写 K 在哪",
    "密码要求：大写字母、小写字母、数字",
    "第一二三四章先看完",
    "Привет, мой пароль простой",  # a Russian word keeps its own letters
]


IBANS = {  # an IBAN whose checksum is wrong (made up or mistyped) is still one: its country's length, and the bank's
    # print form or money sent to it
    "wire the rent to DE44 5001 0517 5407 3249 32 before friday": "DE44 5001 0517 5407 3249 32",
    "房租转账到 GB29 NWBK 6016 1331 9268 18，备注房号": "GB29 NWBK 6016 1331 9268 18",
    "send the refund to FR7630006000011234567890188": "FR7630006000011234567890188",
}


@pytest.mark.parametrize("text", list(IBANS))
def test_an_iban_with_its_countrys_length_is_found_whatever_its_checksum(text) -> None:
    from langmem_nodes.safety import find_pii

    assert IBANS[text] in [f.value for f in find_pii(text)]


@pytest.mark.parametrize("text", ["the part number is DE12 ABCD EFGH IJKL MN", "model NL27 RABO 0318 4726 95X",
                                  "序列号 FR7630006000011234567890188 的那台打印机"])
def test_a_code_of_an_ibans_letters_is_not_one_without_its_form_or_a_payment(text) -> None:
    from langmem_nodes.safety import find_pii

    assert find_pii(text) == []


@pytest.mark.parametrize("text", list(FOUND))
def test_a_secret_in_code_an_answer_or_spoken_digits_is_found(text) -> None:
    values = [f.value for f in find_secrets(text)]
    assert any(FOUND[text] in v for v in values), values


@pytest.mark.parametrize("text", LOOKALIKES)
def test_its_look_alikes_hold_no_secret(text) -> None:
    assert [f.value for f in find_secrets(text)] == []


END_TO_END = {  # a turn -> the value no byte of the home may hold
    'I prefer pytest. os.Setenv("SMTP_PASSWORD", "Quartz+Hill61") is in main.go': "Quartz+Hill61",
    'r = requests.get(url, auth=("ada", "Brisk-Otter-19"))  # why 401?': "Brisk-Otter-19",
    "I use postgres 16. CREATE USER app IDENTIFIED BY 'Frost_Gale_73';": "Frost_Gale_73",
    'echo "Thistle-Key-90" > ~/.vault_pass': "Thistle-Key-90",
    "Lena: pw?\nMe: Otter-Glass-12\nLena: ty": "Otter-Glass-12",
    "I live in Leeds. Ana asked for the guest wifi, I told her Fable-Inn-207": "Fable-Inn-207",
    "我喜欢喝茶。htpasswd -b .htpasswd lihua Ye#Lai8 帮我解释下参数": "Ye#Lai8",
    "小李：wifi 多少\n我：Lu-Jia-Zui-66": "Lu-Jia-Zui-66",
    "我住在杭州。密保：Q 出生城市？A 洛阳": "洛阳",
    "密码我念给你：大写 K 小写 m 井号 5 5 0": "大写 K 小写 m 井号 5 5 0",
    "我在上海工作。取款密码 叁零玖捌陆柒": "叁零玖捌陆柒",
    "I like rain. my p\u0430ssw\u043erd is riverstone88": "riverstone88",
    "我喜欢下雨。银行卡密码 \u13aalder-Brook7": "\u13aalder-Brook7",
}


@pytest.mark.parametrize("text", list(END_TO_END))
def test_the_home_holds_neither_the_value_nor_the_redacted_turn(tmp_path, fake_embedder, text) -> None:
    assert_no_trace(tmp_path / "home", fake_embedder, text, END_TO_END[text])


@pytest.mark.parametrize("text", [
    "the AWS docs example key is AKIAIOSFODNN7EXAMPLE, it's just an example",
    "I use 1Password for all my passwords now",
    "my ssh key fingerprint is SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8",
    "公钥指纹 SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8",
    "阿里云文档里的示例 AccessKey 是 LTAI****************，只是示例",
    "邮政编码 518000",
])
def test_a_look_alike_turn_is_not_refused_as_a_secret(store, text) -> None:
    assert secret_refusals(store, text) == []


@pytest.mark.parametrize("text, value", [
    ('r = requests.get(url, auth=("ada", "Brisk-Otter-19")) returns 401, why?', "Brisk-Otter-19"),
    ("CREATE USER 'app'@'%' IDENTIFIED BY 'Xi_Hu_2023'; 这样建用户对吗", "Xi_Hu_2023"),
])
def test_the_read_query_drops_the_value(text, value) -> None:
    from langmem_nodes.read.unsecret import without_secrets

    query = without_secrets(text)
    assert value not in query and query.strip()


def test_a_long_paste_of_credential_words_holds_no_reply() -> None:
    """A 20,000-character paste of credential words (it took 27 s before the chat-line bound) is no answer; how long
    it takes is `make bench`'s business, and tests/test_long_runs.py keeps the patterns free of nested repeats."""
    from langmem_nodes.safety.replied import find_replied

    assert find_replied("Me: " + "code " * 4000) == []
