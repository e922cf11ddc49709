#!/usr/bin/env python3
"""JSON Lines recipients for bench/render/run.sh: COUNT objects with first_name, order_id, store
(fixed seed, a few with quotes, accents and backslashes so escaping is exercised)."""
import json
import random
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
rng = random.Random(28)
names = ["Anna", "Zoë", "José", "Li", "O\"Brien", "Łukasz", "Nguyễn", "Sam\\Max", "Émilie", "Björn"]
stores = ["Dubai Mall", "Karlín", "Mall of the Emirates", "Westfield \"London\"", "Praha 7", "Ørestad"]
out = sys.stdout
for index in range(count):
    out.write(json.dumps({
        "first_name": rng.choice(names),
        "order_id": "A-%d" % rng.randrange(10000, 99999),
        "store": rng.choice(stores),
    }, ensure_ascii=False) + "\n")
