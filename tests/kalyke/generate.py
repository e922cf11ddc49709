"""Writes the payloads the `kalyke-apns` Live Activity builder produces (issue 14) as envelope
lines for `pushboard validate --jsonl --envelope`, each payload exactly as kalyke serializes it.

Run with the test-only virtual environment that scripts/install-deps.sh test makes:
    .venv-kalyke/bin/python tests/kalyke/generate.py > tests/fixtures/kalyke-live-activity.jsonl
Times are fixed so the output is the same on every run; the test regenerates and compares.
"""
import json
from datetime import datetime, timedelta, timezone

from kalyke import LiveActivityApnsConfig, LiveActivityEvent, LiveActivityPayload, PayloadAlert
from kalyke.models.apns_priority import ApnsPriority

NOW = datetime(2026, 1, 1, 0, 0, tzinfo=timezone.utc)
TOPIC = "com.example.app.push-type.liveactivity"
# What a server keeps for DeliveryAttributes.ContentState; `arrival` is a Date in the app.
STATE = {"status": "on-the-way", "progress": 0.5, "items": ["pho"], "notes": {}}


def headers(priority=ApnsPriority.BASED_ON_POWER):
    config = LiveActivityApnsConfig(topic=TOPIC, priority=priority, expiration=int(NOW.timestamp()) + 3600)
    return {k: v for k, v in config.make_headers().items() if k != "user-agent"}


def line(name, payload, priority=ApnsPriority.BASED_ON_POWER):
    # httpx serializes `json=` compactly in UTF-8 (apns-rules.md §12 [HTTPX]); so do we.
    body = json.dumps(payload.dict(), ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    # `name` documents the line here only: an envelope holds just headers and payload.
    del name
    return '{"headers":%s,"payload":%s}' % (json.dumps(headers(priority), separators=(",", ":")), body)


def main():
    arrival_reference = int((NOW + timedelta(minutes=30)).timestamp()) - 978307200
    lines = [
        # A correct update: arrival as seconds since 2001, what the app's JSONDecoder reads.
        line("update", LiveActivityPayload(
            timestamp=NOW, event=LiveActivityEvent.UPDATE,
            content_state={**STATE, "arrival": arrival_reference})),
        # The common mistake: arrival as Unix time, which lands in 2057 on the device.
        line("update-unix-date", LiveActivityPayload(
            timestamp=NOW, event=LiveActivityEvent.UPDATE,
            content_state={**STATE, "arrival": int((NOW + timedelta(minutes=30)).timestamp())})),
        # A start: kalyke requires attributes_type and attributes, then never sends them.
        line("start", LiveActivityPayload(
            timestamp=NOW, event=LiveActivityEvent.START,
            alert=PayloadAlert(title="Order 42", body="The kitchen has it"),
            content_state={**STATE, "status": "preparing", "arrival": arrival_reference},
            attributes_type="DeliveryAttributes",
            attributes={"orderNumber": 42, "restaurant": "Pho 24",
                        "orderID": "123e4567-e89b-12d3-a456-4266554400a0", "total": 9.5})),
        # An end with a dismissal date an hour after it.
        line("end", LiveActivityPayload(
            timestamp=NOW, event=LiveActivityEvent.END, dismissal_date=NOW + timedelta(hours=1),
            content_state={**STATE, "status": "delivered", "progress": 1, "arrival": arrival_reference})),
    ]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
