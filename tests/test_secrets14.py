"""Secrets in written-down layouts the rules missed (helper s36's own set, /work/tmp/s36/secrets/own.jsonl,
written before any tune data was read), found by structure, en + zh: a client's password flag that takes the next
word ("redis-cli -a X"); an environment name ending in _PWD / _PASS ("MYSQL_PWD=…"); a PascalCase field named
last for a secret ("AppSecret：…"). Look-alikes that were refused, also by structure: a field's name in JSON
('"user": …') is no value; a command substitution ("$(cat …)") reads a secret from elsewhere; a URL whose
password part names its slot ("user:password@host", "用户名:密码@主机"); a mask with a note ("******（已隐藏）");
an argument of a type ("varchar(255)"); a path ("PWD=/home/ada"). Second batch (own2.jsonl): a wireless key in a
config line (psk="…"); codes listed under a recovery-code heading; a code said digit by digit ("the code is 7 7 3 1
9", "cvc 0 4 2"); a note between a secret's name and its link ("password (case sensitive): …"); words and a number
quoted as one value; a code pressed on a keypad; a "secret answer". Its look-alikes: a clause after "security
questions:" is no answer; a model number after a safe ("保险箱型号 SD-3719"); a pointer ("密码：见附件"). A turn
holding one of the secrets leaves no byte of it in the home. Third batch (own3.jsonl): a code pointed at after
interjections ("the pin? oh right, 0 5 1 7", "no it's not …, it's …"); a value spelled aloud ("P as in Peter, 4,
…", "capital B, then seven, …"); a combination in number words; a system's login pair ("the staging db: postgres /
Stg-Pg-7731"); a Wi-Fi QR string; the answer given for a quoted security question ("“最喜欢的食物”我填的是 …")."""

from __future__ import annotations

import pytest

from langmem_nodes.safety import find_secrets
from tests._said import assert_no_trace, secret_refusals

FOUND = {  # text -> the value that must be found
    "redis-cli -a R3d1sSecr3tXY info": "R3d1sSecr3tXY",
    "redis-cli -a Rds9Secret88x 连上去看看": "Rds9Secret88x",
    "run `redis-cli -h cache.internal -p 6380 -a 'Kq7vLm2xZ' ping` to check": "Kq7vLm2xZ",
    "我的命令记录里有 export MYSQL_PWD=qingcha_2024 然后 mysql -uroot": "qingcha_2024",
    "DB_PASS=tulip-Harbor-42 in the staging env": "tulip-Harbor-42",
    "钉钉的 AppSecret：Dt8kQw3ZxLm9Vn2Bp7Rc4Hy6": "Dt8kQw3ZxLm9Vn2Bp7Rc4Hy6",
    "ClientSecret = Zp4rTq8WmN2vXy6L in the Azure app": "Zp4rTq8WmN2vXy6L",
    'network={\n  ssid="Cabin"\n  psk="sunflower-field-22"\n}': "sunflower-field-22",
    'psk="xiaomao-home-66" 这是 wpa_supplicant 里的': "xiaomao-home-66",
    "hostapd.conf: wpa_passphrase=Reed-Marsh-1187": "Reed-Marsh-1187",
    "GitHub 恢复码\n1. 9f2k-77ab\n2. 3c8d-1e0f": "3c8d-1e0f",
    "my backup codes\n- 4821-3907\n- 5501-9384": "5501-9384",
    "the code is 7 7 3 1 9": "7 7 3 1 9",
    "cvc 0 4 2": "0 4 2",
    "我的 cvv 0 4 2": "0 4 2",
    "password (case sensitive): GreenFROG77": "GreenFROG77",
    "pass: 'Orchid Lane 14'": "Orchid Lane 14",
    "so the keypad at my mom's place, you press 1 9 8 2 and then enter": "1 9 8 2",
    "门口的密码锁，按 1 9 8 2 再按井号": "1 9 8 2",
    "the secret answer for my bank (first car) is Corolla": "Corolla",
    "the pin? oh right, 0 5 1 7": "0 5 1 7",
    "密码？哦对，0 5 1 7": "0 5 1 7",
    "ugh my bank password, I keep mixing it up. no it's not Lx8#pq, it's Lx8#pz": "Lx8#pz",
    "银行卡密码我老记混。不对，是 Lx8#pz": "Lx8#pz",
    "it's P as in Peter, 4, X as in xray, 9, 9 — the portal password": "P as in Peter, 4, X as in xray, 9, 9",
    "the pin is capital B, then seven, seven, then lowercase q": "capital B, then seven, seven, then lowercase q",
    "locker combo is twelve, thirty, six": "twelve, thirty, six",
    "the staging db: postgres / Stg-Pg-7731": "Stg-Pg-7731",
    "测试库：postgres / Stg-Pg-7731": "Stg-Pg-7731",
    "WIFI:T:WPA;S:CasaVerde;P:limonada2024!;;": "limonada2024!",
    "the answer i gave for 'favorite food' on the bank site was lasagna99": "lasagna99",
    "银行网站那个“最喜欢的食物”我填的是 lasagna99": "lasagna99",
    # an English credential word glued to zh ("我的PIN是"): no word boundary before it, still its name
    "我的PIN是 4471，别忘了": "4471",
    "我的PIN是 nine one four seven，英文念的你能看懂吧": "nine one four seven",
    "my PIN is nine one four seven": "nine one four seven",
    "我的token是 abcdef123456xyz": "abcdef123456xyz",
}

LOOKALIKES = [
    '{"password": "<your password>", "user": "<your user>"}',
    '{"密码": "<你的密码>", "用户": "<你的用户名>"}',
    "export PGPASSWORD=$(cat ~/.pgpass_secret) && psql -h prod",
    "export MYSQL_PWD=`cat /run/secrets/mysql` 这样写行吗",
    "the URL pattern is https://user:password@host/path, don't hardcode it",
    "仓库地址格式是 https://用户名:密码@主机/路径，别写死在代码里",
    "密码：******（已隐藏）",
    "password: ****** (hidden)",
    "| field | type |\n|---|---|\n| password | varchar(255) |",
    "| 字段 | 类型 |\n|---|---|\n| password | varchar(255) |",
    # what the new rules must leave alone
    "PWD=/home/ada/projects and OLDPWD=/tmp",
    "PrimaryKey: user_id_2024",
    "BYPASS_CACHE=true for the nightly build",
    'network={\n  ssid="Cabin"\n  psk="<your wifi key>"\n}',
    'psk="<你的wifi密码>"',
    "recovery codes are in the drawer\nbuy milk",
    "恢复码丢了怎么办\n急",
    "the code is 404 not found",
    "error code is 0x80070005",
    "security questions: I set them up yesterday",
    "保险箱型号 SD-3719",
    "密码：见附件",
    "password (case sensitive) is the label on the form",
    "my first car was a Corolla, loved it",
    "the meeting? oh right, 3 pm",
    "会议？哦对，3 点",
    "P as in Peter is how I spell my name on calls",
    "capital letters, then seven digits is the format of our invoice ids",
    "the combo meal is twelve, thirty, six dollars",  # no combination named by "combo is"
    "versions: node / v18.2.0",
    "服务器：Ubuntu / 22.04",
    "WIFI:T:WPA;S:CasaVerde;P:<password>;;",
    "表格里“职业”我填的是 教师",
    "password: 'min 8 chars, 1 symbol'",
    "my password manager says 3 of my passwords are reused, should I worry?",
    "our api tokens are rotated weekly",
    "我有好几个密码是重复的，要紧吗",
    "GPIO的PIN是 17",
    "the sign reads capital A, then number 4, then seven. the password thing is unrelated",
]


@pytest.mark.parametrize("text", list(FOUND))
def test_a_written_down_secret_is_found(text) -> None:
    values = [f.value for f in find_secrets(text)]
    assert any(FOUND[text] in v for v in values), values


@pytest.mark.parametrize("text", LOOKALIKES)
def test_its_look_alikes_hold_no_secret(text) -> None:
    assert [f.value for f in find_secrets(text)] == []


END_TO_END = {  # a turn -> the value no byte of the home may hold
    "redis-cli -a R3d1sSecr3tXY info": "R3d1sSecr3tXY",
    "I prefer tabs. also redis-cli -a R3d1sSecr3tXY info works on prod": "R3d1sSecr3tXY",
    "我的命令记录里有 export MYSQL_PWD=qingcha_2024 然后 mysql -uroot": "qingcha_2024",
    "钉钉的 AppSecret：Dt8kQw3ZxLm9Vn2Bp7Rc4Hy6": "Dt8kQw3ZxLm9Vn2Bp7Rc4Hy6",
    'network={\n  ssid="Cabin"\n  psk="sunflower-field-22"\n}': "sunflower-field-22",
    "GitHub 恢复码\n1. 9f2k-77ab\n2. 3c8d-1e0f": "3c8d-1e0f",
    "pass: 'Orchid Lane 14'": "Orchid Lane 14",
    "I drink oolong. password (case sensitive): GreenFROG77": "GreenFROG77",
    "WIFI:T:WPA;S:CasaVerde;P:limonada2024!;;": "limonada2024!",
    "I like jazz. the pin is capital B, then seven, seven, then lowercase q": "capital B, then seven, seven, then lowercase q",
    "测试库：postgres / Stg-Pg-7731": "Stg-Pg-7731",
    "我喜欢喝茶。我的PIN是 nine one four seven，英文念的": "nine one four seven",
}


@pytest.mark.parametrize("text", list(END_TO_END))
def test_the_home_holds_neither_the_value_nor_the_redacted_turn(tmp_path, fake_embedder, text) -> None:
    assert_no_trace(tmp_path / "home", fake_embedder, text, END_TO_END[text])


@pytest.mark.parametrize("text", [
    '{"password": "<your password>", "user": "<your user>"}',
    "仓库地址格式是 https://用户名:密码@主机/路径，别写死在代码里",
    "密码：******（已隐藏）",
    "| field | type |\n|---|---|\n| password | varchar(255) |",
    "security questions: I set them up yesterday",
    "保险箱型号 SD-3719",
    "密码：见附件",
])
def test_a_look_alike_turn_is_not_refused_as_a_secret(store, text) -> None:
    assert secret_refusals(store, text) == []


@pytest.mark.parametrize("text, value", [
    ("redis-cli -a R3d1sSecr3tXY keeps timing out, why?", "R3d1sSecr3tXY"),
    ("钉钉的 AppSecret：Dt8kQw3ZxLm9Vn2Bp7Rc4Hy6 调接口一直报错", "Dt8kQw3ZxLm9Vn2Bp7Rc4Hy6"),
    ('why won\'t it join? network={ ssid="Cabin" psk="sunflower-field-22" }', "sunflower-field-22"),
    ("测试库：postgres / Stg-Pg-7731 连不上怎么办", "Stg-Pg-7731"),
])
def test_the_read_query_drops_the_value(text, value) -> None:
    from langmem_nodes.read.unsecret import without_secrets

    query = without_secrets(text)
    assert value not in query and query.strip()
