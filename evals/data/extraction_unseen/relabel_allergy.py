"""Relabel allergies to the shared dev set's convention (an allergy is a positive fact the user holds):
flip polarity negative -> positive where the sentence holding the object names an allergy. Prints counts only."""
import json
import re
import sys

ALLERGY = re.compile(r"allerg|过敏", re.I)
NOT = re.compile(r"\bnot allergic|\bisn'?t allergic|\bno longer allergic|不过敏|没有过敏|不再过敏", re.I)
for path in sys.argv[1:]:
    lines = open(path, encoding="utf-8").read().splitlines()
    out, flipped = [], 0
    for line in lines:
        case = json.loads(line)
        text = " ".join(t["content"] for t in case["turns"] if t["role"] == "user")
        sentences = re.split(r"(?<=[.!?。！？\n])", text)
        for e in case["expect"]:
            if e.get("polarity") != "negative":
                continue
            hold = [s for s in sentences if e["object"].casefold() in s.casefold()]
            if hold and any(ALLERGY.search(s) and not NOT.search(s) for s in hold):
                e["polarity"] = "positive"
                flipped += 1
        out.append(json.dumps(case, ensure_ascii=False))
    open(path, "w", encoding="utf-8").write("\n".join(out) + "\n")
    print(path, "flipped", flipped)
