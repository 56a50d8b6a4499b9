"""Is a name a place? A small gazetteer (countries, regions, large cities; en + zh) that tells "I moved to
Berlin" (where the user lives) from "I moved to Helix" (a tool they switched to).

Example:
    >>> is_place("Berlin"), is_place("the Bay Area"), is_place("Austin, TX"), is_place("Helix"), is_place("成都")
    (True, True, True, False, True)
    >>> unlisted_place("Aarhus", " with my family", "moved to"), unlisted_place("Zed", " last month", "moved to")
    (True, False)
"""

from __future__ import annotations

import re

_EN = """
afghanistan, albania, algeria, argentina, armenia, australia, austria, azerbaijan, bangladesh, belarus, belgium,
bolivia, bosnia, brazil, bulgaria, cambodia, cameroon, canada, chile, china, colombia, costa rica, croatia, cuba,
cyprus, czechia, czech republic, denmark, ecuador, egypt, england, estonia, ethiopia, finland, france, germany, ghana,
greece, guatemala, hong kong, hungary, iceland, india, indonesia, iran, iraq, ireland, israel, italy, jamaica, japan,
jordan, kazakhstan, kenya, korea, south korea, kosovo, latvia, lebanon, lithuania, luxembourg, malaysia, malta,
mexico, moldova, mongolia, montenegro, morocco, nepal, netherlands, the netherlands, holland, new zealand, nigeria,
norway, pakistan, panama, paraguay, peru, philippines, the philippines, poland, portugal, qatar, romania, russia,
saudi arabia, scotland, senegal, serbia, singapore, slovakia, slovenia, south africa, spain, sri lanka, sweden,
switzerland, taiwan, tanzania, thailand, tunisia, turkey, uganda, ukraine, united kingdom, the united kingdom, the uk,
uk, united states, the united states, the us, the usa, usa, the states, uruguay, uzbekistan, venezuela, vietnam,
wales, zimbabwe, europe, asia, africa, south america, latin america, the bay area, bay area, silicon valley,
the midwest, the east coast, the west coast, new england, the countryside, the suburbs,
alabama, alaska, arizona, arkansas, california, colorado, connecticut, delaware, florida, hawaii, idaho, illinois,
indiana, iowa, kansas, kentucky, louisiana, maine, maryland, massachusetts, michigan, minnesota, mississippi,
missouri, montana, nebraska, nevada, new hampshire, new jersey, new mexico, new york, north carolina, north dakota,
ohio, oklahoma, oregon, pennsylvania, rhode island, south carolina, south dakota, tennessee, texas, utah, vermont,
virginia, washington state, west virginia, wisconsin, wyoming, ontario, quebec, british columbia, alberta, bavaria,
catalonia, andalusia, tuscany, lombardy,
amsterdam, athens, atlanta, auckland, austin, baltimore, bangalore, bengaluru, bangkok, barcelona, beijing, beirut,
belgrade, berlin, bern, bogota, bordeaux, boston, brighton, brisbane, bristol, brooklyn, brussels, bucharest,
budapest, buenos aires, cairo, calgary, cambridge, cape town, caracas, casablanca, chennai, chicago, copenhagen,
dallas, delhi, new delhi, denver, detroit, dhaka, dubai, dublin, edinburgh, frankfurt, geneva, glasgow, gothenburg,
guadalajara, guangzhou, hamburg, hanoi, helsinki, ho chi minh city, houston, hyderabad, istanbul, jakarta, jerusalem,
johannesburg, karachi, kathmandu, kyiv, kiev, krakow, kraków, kuala lumpur, lagos, lahore, las vegas, leeds, leipzig,
lima, lisbon, liverpool, ljubljana, london, los angeles, lyon, madrid, manchester, manila, marseille, melbourne,
mexico city, miami, milan, minneapolis, montevideo, montreal, moscow, mumbai, munich, nairobi, nantes, naples,
nashville, new orleans, nyc, new york city, osaka, oslo, ottawa, oxford, palo alto, paris, perth, philadelphia,
pittsburgh, portland, porto, prague, pune, quito, reykjavik, riga, rio de janeiro, riyadh, rome, rotterdam,
salt lake city, san diego, san francisco, sf, san jose, santiago, são paulo, sao paulo, seattle, seoul, shanghai,
shenzhen, sofia, stockholm, stuttgart, sydney, taipei, tallinn, tel aviv, the hague, tokyo, toronto, tunis, turin,
utrecht, valencia, vancouver, venice, vienna, vilnius, warsaw, washington dc, dc, wellington, wroclaw, zagreb,
zurich, zürich, kyoto, hangzhou, chengdu, wuhan, nanjing, seville, malaga, granada, bilbao, ghent, antwerp, medellin,
medellín, cologne, düsseldorf, dusseldorf, dresden, hanover, bonn, florence, bologna, genoa, marrakech, accra, kigali,
addis ababa, cebu, hong kong island, kowloon, macau, boulder, raleigh, charlotte, orlando, tampa, sacramento, oakland,
berkeley, san antonio, columbus, cleveland, cincinnati, st louis, kansas city, indianapolis, milwaukee, madison,
ann arbor, new haven, providence, richmond, honolulu, anchorage, edmonton, winnipeg, halifax, quebec city, canberra,
adelaide, hobart, christchurch, lausanne, basel, lucerne, salzburg, innsbruck, graz, brno, bratislava, gdansk,
poznan, tbilisi, yerevan, baku, almaty, tashkent
"""
_ZH = """
中国 美国 英国 日本 韩国 德国 法国 加拿大 澳大利亚 澳洲 新加坡 香港 台湾 澳门 荷兰 瑞士 瑞典 西班牙 意大利 俄罗斯 印度 泰国 越南
马来西亚 北京 上海 深圳 广州 杭州 成都 南京 武汉 西安 重庆 天津 苏州 厦门 青岛 大连 长沙 郑州 济南 合肥 福州 昆明 沈阳 哈尔滨
宁波 无锡 东莞 佛山 珠海 贵阳 南宁 兰州 太原 石家庄 南昌 海口 三亚 拉萨 乌鲁木齐 呼和浩特 长春 温州 台北 东京 大阪 首尔 伦敦
巴黎 柏林 纽约 旧金山 洛杉矶 西雅图 波士顿 多伦多 温哥华 悉尼 墨尔本 硅谷 湾区
"""
PLACES = frozenset(p.strip() for p in _EN.replace("\n", " ").split(",") if p.strip()) | frozenset(_ZH.split())
_STATE = re.compile(r",?\s+(?:[A-Z]{2}|uk|usa|us)$", re.I)  # "Austin, TX", "Leeds UK"


def is_place(name: str) -> bool:
    """True for a country, region or large city this module knows (case-insensitive)."""
    n = _STATE.sub("", re.sub(r"\s+", " ", name.strip(" .,!?"))).casefold()
    n = re.sub(r"^(?:downtown|central|north(?:ern)?|south(?:ern)?|east(?:ern)?|west(?:ern)?)\s+(?=\w)", "", n)
    return n in PLACES or n.removeprefix("the ") in PLACES


# After "moved to" a name not in the gazetteer is a place only with a cue a tool never gets: a move of the
# household or for a job ("with my family", "for my partner's job"), a known region after a comma ("Aarhus, Denmark").
_MOVE_CUE = re.compile(r"^\s*(?:,\s*(?P<region>[A-Z][\w .-]{1,30}?)(?=$|[,.;]|\s+(?:last|this|in|a|about|and|but|so|for|with)\b)|"
                       r".*\b(?:with (?:my|our) (?:family|wife|husband|partner|kids|girlfriend|boyfriend|parents)|"
                       r"for (?:my|our|a|the|his|her) (?:\w+'s |new )?(?:job|work|studies|phd|degree|university)|for work|"
                       r"to be (?:closer|near)|timezone|time zone|the weather|rent|neighbou?rhood|flat|apartment|house))", re.I)
_PLACE_ONLY_VERB = re.compile(r"\b(?:relocated|relocating|based|grew up|born|raised|from|reside|live in|living in|lived in)\b", re.I)


def unlisted_place(name: str, after: str, verb: str) -> bool:
    """A capitalised name that names no tool, after a verb only places take ("relocated to", "grew up in"),
    or after "moved to" with a move cue in `after` (the text following the name)."""
    from .clause_en import is_tool_name  # late: clause_en builds on this module

    if not re.fullmatch(r"(?-i:[A-Z])[^\W\d_]+(?:[ -](?-i:[A-Z])[^\W\d_]+)?", name) or is_tool_name(name):
        return False
    if _PLACE_ONLY_VERB.search(verb):
        return True
    cue = _MOVE_CUE.match(after)
    if not cue:
        return False
    region = cue.group("region")
    return not region or is_place(region)
