#!/usr/bin/env python3
"""Writes realistic APNs payloads, one per line (JSON Lines), for the validate benchmark.

Deterministic for a given --seed. Text comes from the Czech and Vietnamese seed articles
(sentences below), with emoji; sizes range from tiny background pushes to payloads near and over
the 4096-byte limit; about 8 % of the lines break an APNs rule (string badge, out-of-range
relevance score, misspelled aps key, background push with an alert, too large), but every line is
strict JSON so the parse-only baselines read the whole file.

Usage: generate.py [--count 100000] [--seed 20261129] [--envelope] > payloads.jsonl
"""

import argparse
import json
import random
import sys

CZECH = [
    "Notification Category je funkce iOS, která umožňuje vývojáři klasifikovat push oznámení a přidávat k nim interaktivní akce.",
    "Když uživatel obdrží oznámení a dlouze stiskne, zobrazí se tlačítka definovaná kategorií.",
    "Systém používá identifikátor kategorie z APNS payloadu k nalezení registrované kategorie a zobrazení odpovídajících akcí.",
    "Oznámení se zobrazí v každém případě — s tlačítky, pokud je kategorie registrována, nebo bez nich.",
    "Při stisknutí tlačítka „Odpovědět“ systém zobrazí textové pole, do kterého uživatel zadá odpověď.",
    "Výzkumy ukazují, že oznámení s obrázky získávají o 30–40 % více interakcí ve srovnání s textovými.",
    "Animované GIFy jsou podporovány od iOS 12 a přehrávají se automaticky při prohlížení oznámení.",
    "Příliš žluťoučký kůň úpěl ďábelské ódy.",
    "Ahoj! Jak se máš? Dnes večer jdeme do kina, přidáš se? Lístky jsou už koupené.",
    "Vaše objednávka č. 48213 byla odeslána a dorazí zítra mezi 8:00 a 12:00.",
]
VIETNAMESE = [
    "Notification Category là một tính năng iOS cho phép nhà phát triển phân loại thông báo push và thêm các hành động tương tác.",
    "Khi người dùng nhận được thông báo và nhấn giữ lâu, các nút được xác định bởi danh mục sẽ xuất hiện.",
    "Hệ thống sử dụng định danh danh mục từ tải trọng APNS để tìm danh mục đã đăng ký và hiển thị các nút tương ứng.",
    "Thông báo sẽ xuất hiện dù thế nào đi nữa — có nút nếu danh mục được đăng ký, hoặc không có nút.",
    "Khi người dùng chạm vào nút “Trả lời”, hệ thống hiển thị một trường văn bản nơi người dùng nhập câu trả lời.",
    "Văn bản đã nhập được chuyển đến đại biểu cùng với định danh hành động.",
    "Đơn hàng số 48213 của bạn đã được gửi đi và sẽ đến vào ngày mai.",
    "Xin chào! Bạn có khỏe không? Tối nay chúng ta đi xem phim nhé?",
    "Mỗi loại có mục đích riêng và cách tương tác với người dùng riêng.",
    "Danh mục chỉ cần thiết để thêm tính tương tác cho thông báo.",
]
TITLES = ["Nová zpráva", "Objednávka odeslána", "Tin nhắn mới", "Đơn hàng đã gửi", "Připomínka", "Nhắc nhở", "Anna", "Minh"]
EMOJI = ["😀", "🎉", "📦", "❤️", "🔥", "👍🏽", "🇨🇿", "🇻🇳", "☕", "✅"]
CATEGORIES = ["message", "order", "invite", "reminder", "MESSAGE"]
SOUNDS = ["default", "ping.caf", "chime.aiff"]


def text(rng, budget):
    """Sentences from one language, with emoji, up to about `budget` characters."""
    sentences = CZECH if rng.random() < 0.5 else VIETNAMESE
    parts = []
    length = 0
    while length < budget:
        sentence = rng.choice(sentences)
        if rng.random() < 0.3:
            sentence += " " + rng.choice(EMOJI)
        parts.append(sentence)
        length += len(sentence) + 1
    return " ".join(parts)


def custom_data(rng):
    data = {"id": rng.randrange(10**9), "kind": rng.choice(["chat", "order", "promo", "system"])}
    if rng.random() < 0.5:
        data["items"] = [
            {"sku": f"SKU-{rng.randrange(10**6)}", "qty": rng.randrange(1, 5), "price": round(rng.uniform(1, 500), 2)}
            for _ in range(rng.randrange(1, 6))
        ]
    if rng.random() < 0.3:
        data["sender"] = {"name": rng.choice(TITLES), "avatar": f"https://cdn.example.com/a/{rng.randrange(10**5)}.png"}
    return data


def alert_payload(rng, body_budget):
    aps = {"alert": {"title": rng.choice(TITLES), "body": text(rng, body_budget)}}
    if rng.random() < 0.4:
        aps["alert"]["subtitle"] = text(rng, 30)
    if rng.random() < 0.6:
        aps["sound"] = rng.choice(SOUNDS)
    if rng.random() < 0.5:
        aps["badge"] = rng.randrange(0, 120)
    if rng.random() < 0.5:
        aps["thread-id"] = f"chat-{rng.randrange(1000)}"
    if rng.random() < 0.5:
        aps["category"] = rng.choice(CATEGORIES)
    if rng.random() < 0.2:
        aps["interruption-level"] = rng.choice(["passive", "active", "time-sensitive"])
    if rng.random() < 0.2:
        aps["relevance-score"] = round(rng.random(), 2)
    payload = {"aps": aps}
    if rng.random() < 0.25:
        aps["mutable-content"] = 1
        payload["media-url"] = f"https://cdn.example.com/img/{rng.randrange(10**6)}.jpg"
    payload["data"] = custom_data(rng)
    return payload


def make(rng):
    """One payload and its headers; about 8 % break a rule."""
    roll = rng.random()
    headers = {"apns-push-type": "alert"}
    if roll < 0.10:
        headers = {"apns-push-type": "background", "apns-priority": "5"}
        payload = {"aps": {"content-available": 1}, "data": custom_data(rng)}
    elif roll < 0.15:
        payload = alert_payload(rng, 60)
        payload["aps"]["sound"] = {"critical": 1, "name": "alarm.caf", "volume": round(rng.random(), 2)}
        payload["aps"]["interruption-level"] = "critical"
    elif roll < 0.25:
        payload = alert_payload(rng, rng.randrange(1200, 1600))
    elif roll < 0.92:
        payload = alert_payload(rng, rng.randrange(20, 400))
    else:
        payload = alert_payload(rng, rng.randrange(20, 200))
        fault = rng.randrange(5)
        if fault == 0:
            payload["aps"]["badge"] = "5"
        elif fault == 1:
            payload["aps"]["relevance-score"] = 1.5
        elif fault == 2:
            payload["aps"]["thread_id"] = "chat-1"
        elif fault == 3:
            headers = {"apns-push-type": "background", "apns-priority": "5"}
            payload["aps"]["content-available"] = 1
        else:
            payload["aps"]["alert"]["body"] = text(rng, 2400)
    return payload, headers


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--envelope", action="store_true", help="write {headers, payload} lines")
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    out = sys.stdout
    for _ in range(arguments.count):
        payload, headers = make(rng)
        if arguments.envelope:
            line = {"headers": headers, "payload": payload}
        else:
            line = payload
        out.write(json.dumps(line, ensure_ascii=False, separators=(",", ":"), allow_nan=False))
        out.write("\n")


if __name__ == "__main__":
    main()
