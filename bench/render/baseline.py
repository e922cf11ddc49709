"""The CPython baseline: json.loads per line and str.replace of the three tags into the
template's payload text (no escaping, no validation: the least a script would do)."""
import json
import sys

with open(sys.argv[1], encoding="utf-8") as handle:
    template = json.dumps(json.load(handle)["payload"], ensure_ascii=False, separators=(",", ":"))
out = []
with open(sys.argv[2], encoding="utf-8") as lines:
    for line in lines:
        values = json.loads(line)
        text = template.replace("{{ first_name }}", values["first_name"])
        text = text.replace("{{ order_id }}", values["order_id"])
        text = text.replace("{{ store }}", values["store"])
        out.append(len(text))
print(len(out), sum(out))
