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
    # second round (after the first fixes)
    "Security question: What was the name of your first pet? Answer: Biscuit": "Biscuit",
    "the bank asks 'what city were you born in?' and I told them Dundee": "Dundee",
    "For 'what was your childhood nickname' I always put Sprout": "Sprout",
    "the answer to 'name of your favourite teacher' is 'Mrs Okafor'": "Mrs Okafor",
    "密保问题是“你的第一辆车”，我填的是 捷达": "捷达",
    "安全问题：我最喜欢的老师？答案：王老师": "王老师",
    "“你出生的城市”那个问题我的答案是 洛阳": "洛阳",
    "my SSH passphrase is three words: otter maple drumroll": "otter maple drumroll",
    "gpg passphrase = 'silver fox under the bridge'": "silver fox under the bridge",
    "online banking PIN 4417, customer number 88213094": "4417",
    "The telephone banking passcode is 6 digits: 402918": "402918",
    "网银 U盾密码是 839201": "839201",
    "手机银行登录密码：Ａｂｃ＠２０２４": "Ａｂｃ＠２０２４",
    "我的 PIN 码：７７３１，别告诉别人": "７７３１",
    "Authorization: Basic Ym9iOnNxdWlycmVsLXBpZS03Nw==": "Ym9iOnNxdWlycmVsLXBpZS03Nw==",
    "kubectl get secret shows password: c2hhcmstdGFuay05OQ== in base64": "c2hhcmstdGFuay05OQ==",
    "WIFI:S:Guest;T:WEP;P:Fjord2020x;H:true;;": "Fjord2020x",
    "二维码内容 WIFI:S:MERCURY_5G;T:WPA;P:qwer!1234;;": "qwer!1234",
    "wget --http-user=ops --http-password=Kettle-Drum-51 https://files.local/backup.tgz": "Kettle-Drum-51",
    "ERROR 1045 (28000): Access denied, tried mysql -h db -u root -pMaple#Tree88": "Maple#Tree88",
    "raise ConnectionError('amqp://svc:Pebble9Storm@mq:5672//')": "Pebble9Storm",
    "  File \"/srv/app/db.py\", line 12\n    engine = create_engine('postgresql://etl:Mossy_Oak_31@warehouse/etl')": "Mossy_Oak_31",
    "spring.datasource.password=Winter2024!db in application.properties": "Winter2024!db",
    ".npmrc:\n//npm.pkg.github.com/:_authToken=ghp_Aa1Bb2Cc3Dd4Ee5Ff6Gg7Hh8Ii9Jj0Kk1Ll2": "ghp_Aa1Bb2Cc3Dd4Ee5Ff6Gg7Hh8Ii9Jj0Kk1Ll2",
    "the wifi is \"Dunmore House\" and the password is \"seven swans swimming\"": "seven swans swimming",
    "my Netflix password is blueberry muffin 99, don't save that": "blueberry muffin 99",
    "the garage code is 7714, oh wait, forget I said that": "7714",
    "我的QQ密码是 lan_tian_77，你别记下来啊": "lan_tian_77",
    "门禁密码 5823，当我没说": "5823",
    "config.yaml 里：\nredis:\n  host: 10.0.0.9\n  password: \"Hu4ngHe&Li\"": "Hu4ngHe&Li",
    "堆栈里露出来了：jdbc:postgresql://pg:5432/crm?user=crm&password=CrmPg_2025": "CrmPg_2025",
    "curl -H 'Authorization: token ghp_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp9Oo8' api.github.com": "ghp_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp9Oo8",
    "The VPN password isn't Summer2023 anymore, it's now Glacier#Pine4": "Glacier#Pine4",
    "could you debug my Jira login? username mtorres, password Fennel&Rye22, it says account locked": "Fennel&Rye22",
    "*:*:*:replicator:Rp!9xWq2 is in my .pgpass, why is psql still asking?": "Rp!9xWq2",
    "registry=https://npm.corp.local/\n//npm.corp.local/:_password=QmFzZTY0UGFzcw==": "QmFzZTY0UGFzcw==",
    "my seed words: canyon ribbon loyal velvet orphan trumpet wisdom glare hazard pilot mango eagle": "canyon ribbon loyal velvet orphan trumpet wisdom glare hazard pilot mango eagle",
    "公司 OA 登不上，账号 liwei03，密码 Lw@2024oa，帮我看看什么原因": "Lw@2024oa",
    "路由器管理密码不是 admin，是 Qiao_Mu_66": "Qiao_Mu_66",
    "助记词：苹果 河流 月亮 钢琴 森林 火车 蜡烛 雨伞 星星 面包 老虎 云朵": "苹果 河流 月亮 钢琴 森林 火车 蜡烛 雨伞 星星 面包 老虎 云朵",
    "信用卡密码６６２０１８（用全角输的）": "６６２０１８",
    "家里 WiFi：名称 ChinaNet-Home，密码：ｑｗｅｒｔｙ１２３": "ｑｗｅｒｔｙ１２３",
    "my PGP passphrase is: the rain in spain 1987": "the rain in spain 1987",
    "mongodb://reader:Ocelot%21Ridge7@10.0.0.4:27017/?authSource=admin fails auth": "Ocelot%21Ridge7",
    "  File \"/app/main.py\", line 3, in <module>\n    redis.Redis(host='cache', password='Brisk-Otter-44')\nredis.exceptions.AuthenticationError": "Brisk-Otter-44",
    "DATABASE_URL: postgresql://svc_api:Q2w#E4r%T6@pg-main:5432/api  # docker-compose env": "Q2w#E4r%T6",
    "我奶奶的银行卡密码是 080512，她让我帮忙记着": "080512",
    "QQ 安全中心密保答案：红烧肉": "红烧肉",
    "我的微信支付密码是我生日 0917 再加 88，就是 091788": "091788",
    "the bank's security question is my first school and the answer is St Aidan's": "St Aidan",
    "My SSH key passphrase — 'orange kite over hill' — don't keep it": "orange kite over hill",
    "Remember for me: the answer to my bank's 'favourite food' question is lasagne": "lasagne",
    "'What is your oldest sibling's middle name?' — I answered Rosalind on the HMRC form": "Rosalind",
    "“你最好的朋友叫什么”我填的是 小胖": "小胖",
    "密保问题：您父亲的生日？答案：0315": "0315",
    "The building's door code is 4 1 7 7 — actually forget it, don't store that": "4 1 7 7",
    "我的身份证后六位当密码：31201X，别记": "31201X",
    "Authorization: Token 2f7e9c1ab34d5e6f7a8b9c0d1e2f3a4b in the header, why 401?": "2f7e9c1ab34d5e6f7a8b9c0d1e2f3a4b",
    "echo 'YWxpY2U6V2lsbG93LUJyb29rLTk=' | base64 -d gives my login": "YWxpY2U6V2lsbG93LUJyb29rLTk=",
    "stack trace: psql: error: connection to server at \"db\" failed: FATAL: password authentication failed for user \"app\" (PGPASSWORD=Heron_Lake_19)": "Heron_Lake_19",
    "In the compose file I put REDIS_PASSWORD: \"Cobalt Sky 88\" with spaces": "Cobalt Sky 88",
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
    # second round (after the first fixes)
    "The SMS template reads 'Your login code is 482913', can you translate it to French?",
    "the email template says 'Your temporary password is {{password}}'",
    "SECRET_KEY=change-me in the example settings, what should I put locally?",
    "set DJANGO_SECRET_KEY=your-secret-key-here before deploying",
    "the docs use JWT_SECRET=replace_me as a stand-in",
    "'swordfish' is the classic movie password, right?",
    "Isn't 'correct horse battery staple' from that xkcd comic?",
    "'12345' is the luggage combination joke from Spaceballs",
    "commit 5b2e9d1 reworked the login flow",
    "git show 8c1d4e7 touches the password reset page",
    "这次提交 e4f1a2c 修复了密码重置的问题",
    "git log 显示 9a7c3e1 改了登录接口",
    "参考号 GB29 NWBK 6016 1331 9268 19 其实是发票编号，不是账号",
    "这个编号 DE89 3704 0044 0532 0130 00 是测试数据里的示例 IBAN",
    "the router's default password is admin according to the manual",
    "路由器出厂密码是 admin，说明书上写的",
    "默认 PIN 是 0000，说明书第 3 页",
    "the manual says the factory PIN is 1234, change it on first use",
    "the Stripe docs test key sk_test_4eC39HqLyjWDarjtT1zdp7dc is what their examples use",
    "AWS docs example key AKIAIOSFODNN7EXAMPLE",
    "password: ******** (hidden in the log)",
    "the token in the screenshot is redacted as xxxx-xxxx",
    "we keep OPENAI_API_KEY, STRIPE_SECRET_KEY and DB_PASSWORD in Vault",
    "Ticket SEC-2291: password reset emails are delayed",
    "UPS tracking 1Z999AA10123456784 says delivered",
    "顺丰单号 SF1300123456789，帮我查一下",
    "Our password rules: min 10 chars, one digit, one symbol",
    "我们规定密码90天换一次，不能和前5次相同",
    "the pod id is 7f9c2e3a-1b4d-4e6f-8a9b-0c1d2e3f4a5b, it keeps crashing",
    "ssh-keygen -lf prints 256 SHA256:AbC9xYz1QrSt2UvW3XyZ4aBcD5eFgH6iJkL7mNoP8qR user@host (ED25519)",
    "验证码测试用例里我们用 111111 和 000000",
    "the test suite mocks the OTP as 999999",
    "截图里 API key 被打码成 sk-****",
    "配置里写的是 DB_PASSWORD=${DB_PASSWORD}，从环境变量取",
    "what does 'Authorization: Bearer <token>' mean in the docs?",
    "the image digest is sha256:9b2a1f0e3d4c5b6a7f8e9d0c1b2a3f4e5d6c7b8a9f0e1d2c3b4a5f6e7d8c9b0a",
    "我的手机号后四位是 8821，快递员要的",
    "order #A7-22941 was shipped yesterday",
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7v9Qm2 user@host is my public key, add it to authorized_keys",
    "the IBAN-looking thing GB82 WEST 1234 5698 7654 32 is just our sample in the API docs",
    "version 3.14.159 and build 20240611a are on the release notes",
    "the API docs show curl -u sk_test_4eC39HqLyjWDarjtT1zdp7dc: as the example",
    "our wifi password policy: 16 characters, rotated quarterly",
    "export AWS_SECRET_ACCESS_KEY=... (fill in yours)",
    "the DSN format is postgres://USER:PASSWORD@HOST:5432/DB",
    "WiFi QR: WIFI:S:MyNetwork;T:WPA;P:xxxxxxxx;;",
    "commit 3f2a91c: fix login redirect",
    "sha256 digest 4f1c9e0b2a7d3e58 of the release tarball",
    "验证码 123456 是我们测试环境写死的，不是真的",
    "文档里写的 token=YOUR_TOKEN_HERE，要换成自己的",
    "出厂 WiFi 密码印在路由器背面，文档里说首次登录要改",
    "默认账号 admin / admin 是厂商手册里写的，部署后要改",
    "我的快递单号是 YT1234567890123，帮我查一下到哪了",
    "这个 UUID e3b0c442-98fc-1c14-9afb-f4c8996fb924 是资源 id",
    "环境变量只有名字：OPENAI_API_KEY、ANTHROPIC_API_KEY",
    "Password: •••••••• appears in the screenshot",
    "I set 'changeme' as a default in the helm chart values and the README says to override it",
    "PIN policy: 6 digits, no sequences like 123456",
    "Our QR generator outputs WIFI:S:{ssid};T:WPA;P:{password};; — is the escaping right?",
    "The email copy says 'Your one-time passcode is 000000' as a preview, can you reword it?",
    "Bitwarden shows the fingerprint phrase 'harbor-quartz-ember-lotus-shadow' for my account, is that normal?",
    "the README says the default login is admin/admin, and you change it on first boot",
    "'P@ssw0rd' shows up in every breach list, right?",
    "'letmein' was in that Mr. Robot episode",
    "the order confirmation is 7F3A-92BC-11DE",
    "git rev-parse HEAD gives 4b825dc642cb6eb9a060e54bf8d69288fbee4904",
    "Docker image tag sha-3c9f1e2 was deployed to staging",
    "the license plate is 7ABC123",
    "门禁卡背面的编号 00482917 是物业登记用的",
    "这个 key 的 SHA256 指纹 aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7bC9d 跟服务器上的一致吗",
    "我们的 API 文档示例里用的 api_key=abc123xyz，不是真的",
    "密码重置链接里的参数 reset_token 过期时间是多久？",
    "考试准考证号 2024110356789，帮我查查考场",
    "在测试代码里 mock 了短信验证码 246810",
    "默认 WiFi 密码是路由器底部标签上的 8 位数字",
    "说明书里写初始 PIN 码是 1234",
    "模板里写的是“您的取件码为 8848”，帮我改得更口语一点",
]


@pytest.mark.parametrize("text", list(FOUND))
def test_a_secret_is_found(text) -> None:
    values = [f.value for f in find_secrets(text)]
    assert any(FOUND[text] in v for v in values), values


@pytest.mark.parametrize("text", LOOKALIKES)
def test_a_look_alike_holds_no_secret(text) -> None:
    assert [f.value for f in find_secrets(text)] == []


END_TO_END = {  # a turn -> the value no byte of the home may hold (the whole turn is screened)
    "I live in Leeds. my .env:\nDB_HOST=db.internal\nDB_PASS=quartz-Meadow-71\nDEBUG=1": "quartz-Meadow-71",
    "I like tea. curl -u admin:S3cure-Pelican https://jenkins.local/api/json returns 403": "S3cure-Pelican",
    "I work at Acme. WIFI:T:WPA;S:Cafe_Luna;P:espresso4life;H:false;; is on the menu card": "espresso4life",
    "I moved to York. Authorization: Basic YWRtaW46aHVudGVyMg== is what postman sends": "YWRtaW46aHVudGVyMg==",
    "I have a cat. Note that the answer to 'what was your first car' is 'blue Nissan Micra'.": "blue Nissan Micra",
    "I drive a Volvo. Security question: What was the name of your first pet? Answer: Biscuit": "Biscuit",
    "My name is Ada. my Netflix password is blueberry muffin 99, don't save that": "blueberry muffin 99",
    "I use vim. my SSH passphrase is three words: otter maple drumroll": "otter maple drumroll",
    "我在杭州上班。网银密码：８８２７１６，别弄丢": "８８２７１６",
    "我喜欢喝茶。“你出生的城市”那个问题我的答案是 洛阳": "洛阳",
    "我住在成都。安全问题：我最喜欢的老师？答案：王老师": "王老师",
    "我是程序员。二维码内容 WIFI:S:MERCURY_5G;T:WPA;P:qwer!1234;;": "qwer!1234",
    "我养了一只狗。我的QQ密码是 lan_tian_77，你别记下来啊": "lan_tian_77",
}


@pytest.mark.parametrize("text", list(END_TO_END))
def test_the_home_holds_no_trace(tmp_path, fake_embedder, text) -> None:
    assert_no_trace(tmp_path / "home", fake_embedder, text, END_TO_END[text])


@pytest.mark.parametrize("text", [
    "'Your verification code is 123456' is just the template string I'm translating for our app",
    "SECRET_KEY=change-me in the example settings, what should I put locally?",
    "git log 显示 9a7c3e1 改了登录接口",
    "参考号 GB29 NWBK 6016 1331 9268 19 其实是发票编号，不是账号",
    "路由器出厂密码是 admin，说明书上写的",
    "the test suite mocks the OTP as 999999",
    "我们的 API 文档示例里用的 api_key=abc123xyz，不是真的",
])
def test_a_look_alike_is_not_refused(tmp_path, fake_embedder, text) -> None:
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path / "home", embedder=fake_embedder) as store:
        assert secret_refusals(store, text) == []
