"""Secrets and look-alikes from helper secrets5's own cases (written before any rule was changed), en + zh, on the
angles of a pasted config or command and of how a secret is said:

- a secret inside a pasted .env, docker-compose, YAML, curl command or stack trace (an Authorization header, a
  DSN, `curl -u user:pass`, a libpq keyword DSN, a query string's password);
- a Wi-Fi QR string in any field order ("WIFI:T:WPA;S:…;P:…;;"), base64 credentials ("user:password" encoded);
- full-width letters, digits and punctuation（：，）; a pass phrase with spaces, quoted or not;
- a security question quoted and its answer; a bank's PIN or passcode; an SSH key's passphrase;
- a secret said and then taken back ("… don't remember that", "算了你别记");
- what is not a secret: placeholders (<YOUR_API_KEY>, ******, changeme as a documented default), git hashes, UUIDs,
  key fingerprints, env var names with no value, password policies, fake 验证码 in tests, tracking and order numbers,
  a QR string or a header whose value is a placeholder or a variable.
"""

from __future__ import annotations

import pytest

from langmem_nodes.safety import find_secrets
from tests._said import assert_no_trace, secret_refusals

FOUND = {  # text -> the value that must be found
    # pasted config, commands, traces
    "my .env:\nDB_HOST=db.internal\nDB_PASS=quartz-Meadow-71\nDEBUG=1": "quartz-Meadow-71",
    "compose file:\nservices:\n  mysql:\n    environment:\n      MYSQL_ROOT_PASSWORD: \"tangerine-owl-45\"": "tangerine-owl-45",
    "curl -u admin:S3cure-Pelican https://jenkins.local/api/json returns 403": "S3cure-Pelican",
    "curl --user deploy:walnut-Harbor-8 -X POST https://ci.example.com/job/build": "walnut-Harbor-8",
    "curl -H 'Authorization: Bearer 7d2f9a1c4e8b3f6a0d5c9e2b' https://api.example.com/v1/me": "7d2f9a1c4e8b3f6a0d5c9e2b",
    "curl -H \"X-Api-Key: 4f9c2e7a1b8d3f60a5c9e2d7\" https://api.example.com/items": "4f9c2e7a1b8d3f60a5c9e2d7",
    "psycopg2.OperationalError: could not connect\n  dsn: host=db port=5432 user=app password=Lark-Vine-602 dbname=shop": "Lark-Vine-602",
    "Traceback (most recent call last):\n  File \"app.py\", line 9\nsqlalchemy.exc.OperationalError: mysql+pymysql://shop:Birch&Falcon9@10.0.0.5/shop": "Birch&Falcon9",
    "Authorization: Basic YWRtaW46aHVudGVyMg== is what postman sends": "YWRtaW46aHVudGVyMg==",
    "the creds in base64 are ZGV2b3BzOlNwcnVjZS1Ib2xsb3ctNA==, can you decode them?": "ZGV2b3BzOlNwcnVjZS1Ib2xsb3ctNA==",
    "WIFI:T:WPA;S:Cafe_Luna;P:espresso4life;H:false;; is on the menu card": "espresso4life",
    "the QR on the router decodes to WIFI:S:Attic;T:WPA2;P:dusty lamp shade;;": "dusty lamp shade",
    # how it is said
    "the wifi password is 'blue river stone' with the spaces": "blue river stone",
    "my ssh key passphrase: copper kettle sings loudly": "copper kettle sings loudly",
    "the passphrase on id_ed25519 is \"lemon tree at dusk\"": "lemon tree at dusk",
    "my online banking passcode is 818273 and the memorable word is Thistle": "818273",
    "For the security question 'name of your first school' I put Ridgeway Primary.": "Ridgeway",
    "the answer to 'what street did you grow up on' is Larkspur Lane": "Larkspur",
    "my PIN is 5521 — actually, don't remember that": "5521",
    # zh
    ".env 里：\nMYSQL_PWD=Huang#2024\nMYSQL_HOST=10.0.0.8": "Huang#2024",
    "docker-compose 里 POSTGRES_PASSWORD: lanmei_1987 这样写对吗": "lanmei_1987",
    "curl -u admin:Wx2024!ok http://192.168.1.10:8080/api 返回 401": "Wx2024!ok",
    "报错里有这个：redis://default:Sh9kLm2x@r-bp1.redis.rds.aliyuncs.com:6379 连接超时": "Sh9kLm2x",
    "网银密码：８８２７１６，别弄丢": "８８２７１６",
    "WiFi密码：ｈｏｍｅ＿２０２４": "ｈｏｍｅ＿２０２４",
    "密保问题“我的小学叫什么”，答案是 实验二小": "实验二小",
    "手机银行的登录 PIN：402816": "402816",
    "SSH 私钥的密码短语是“山 高 水 长 2019”": "山 高 水 长 2019",
    "扫码结果 WIFI:T:WPA;P:woaini1314;S:TP-LINK_8A2C;; 这是哪个网络": "woaini1314",
    "请求头里 Authorization: Basic d2FuZzpxd2VydHkxMjM= 这个能看出什么": "d2FuZzpxd2VydHkxMjM=",
    "口令是 春眠 不觉 晓来 听雨": "春眠 不觉 晓来 听雨",
    "我的网易邮箱密码是 wy_163pass，算了你别记": "wy_163pass",
    "银行卡密码 730619，下周要去柜台改": "730619",
    "数据库连接串：host=10.2.3.4 port=5432 user=app password=Qing-He-77 dbname=crm": "Qing-He-77",
}

LOOKALIKES = [
    "Set API_KEY=<YOUR_API_KEY> in .env before running the script",
    "The password field shows ****** in the screenshot",
    "changeme is the default admin password in the Grafana docs, should we disable it?",
    "commit 9f3e2a1b4c5d fixed the login bug",
    "the bucket id is 3f2504e0-4f89-11d3-9a0c-0305e82c3301",
    "the host key fingerprint is SHA256:Xy9Qm2vT7kRp0WbN8cYz4FhJ6dLs1aE5uGiK0oPqXr",
    "we read DATABASE_PASSWORD and REDIS_TOKEN from the environment",
    "passwords must be 12+ characters with one symbol",
    "Tracking number 9400111899223856641234 via USPS, still in transit",
    "curl -H \"Authorization: Bearer $TOKEN\" https://api.example.com/v1/me returns 401",
    "the QR format is WIFI:S:<SSID>;T:WPA;P:<PASSWORD>;; right?",
    "base64 of 'hello world' is aGVsbG8gd29ybGQ=",
    ".env.example has DB_PASSWORD= with no value on purpose",
    "in the unit test the fake OTP is 000000",
    "order ref AB12-CD34-EF56 was refunded",
    "把 API_KEY=<你的key> 换成自己的",
    "截图里密码显示为 ******",
    "出厂默认密码是 admin，文档里写着要改",
    "这个 commit a1b2c3d4 修了登录 bug",
    "设备 UUID 是 550e8400-e29b-41d4-a716-446655440000",
    "环境变量 DB_PASSWORD 和 JWT_SECRET 部署时注入",
    "密码规则：至少8位，包含大写字母和数字",
    "单元测试里把验证码写死成 123456",
    "快递单号 SF1234567890123 到哪了",
    "验证码模板：您的验证码为 {code}，请勿泄露",
    "订单号 2024061512345678 还没发货",
    "服务器公钥指纹是 SHA256:q4Vr8N2mZx7LpT1kYb9cWd3F5gHj0sAeRuIoKlMnBvC",
    "二维码格式是 WIFI:S:<名称>;T:WPA;P:<密码>;;",
    "请求头写 Authorization: Bearer ${TOKEN} 就行",
    "测试环境的假验证码统一用 888888",
]


@pytest.mark.parametrize("text", list(FOUND))
def test_a_secret_is_found(text) -> None:
    values = [f.value for f in find_secrets(text)]
    assert any(FOUND[text] in v for v in values), values


@pytest.mark.parametrize("text", LOOKALIKES)
def test_a_look_alike_holds_no_secret(text) -> None:
    assert [f.value for f in find_secrets(text)] == []
