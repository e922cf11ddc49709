"""Issue 23 items 11 and 12: what the command line prints for a terminal shows controls and bidi
controls as visible escapes, and it opens file names that are not UTF-8."""
import json
import os
import subprocess

# ESC (with an OSC title sequence), BEL, a C1 control (CSI), RIGHT-TO-LEFT OVERRIDE and
# LEFT-TO-RIGHT ISOLATE: each would act on the terminal instead of being shown.
HOSTILE = "x\u001b]0;t\u0007\u009b\u202e\u2066"
ESCAPES = ["\\u{1B}", "\\u{7}", "\\u{9B}", "\\u{202E}", "\\u{2066}"]
RAW = ["\u001b", "\u0007", "\u009b", "\u202e", "\u2066"]


def assert_escaped(text):
    for raw in RAW:
        assert raw not in text, repr(text[:300])
    for escape in ESCAPES:
        assert escape in text, escape


def test_preview_table_escapes_the_text_it_quotes(binary):
    title = HOSTILE * 30
    payload = json.dumps({"aps": {"alert": {"title": title, "body": title}}})
    done = subprocess.run([str(binary), "preview", "--device", "all", "--format", "table", "-"],
                          input=payload.encode(), capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert_escaped(done.stdout.decode())


def test_media_check_text_escapes_the_url(binary):
    done = subprocess.run([str(binary), "media-check", "https://example.com/" + HOSTILE],
                          capture_output=True, timeout=60)
    assert_escaped(done.stdout.decode() + done.stderr.decode())


def test_a_file_name_that_is_not_utf8_opens(binary, tmp_path):
    name = os.path.join(os.fsencode(tmp_path), b"caf\xe9.json")
    with open(name, "wb") as handle:
        handle.write(b'{"aps":{"alert":"Ahoj"}}')
    done = subprocess.run([os.fsencode(str(binary)), b"validate", name], capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
