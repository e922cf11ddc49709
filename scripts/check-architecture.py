#!/usr/bin/env python3
"""Keep the module arrows and the Dashboard's rooms as docs/architecture.md draws them.

Usage (from the package root):
  scripts/check-architecture.py [ROOT]         check; exit 1 with one line per violation
  scripts/check-architecture.py --pairs [REV]  count the Dashboard folder pairs that refer to each
                                               other both ways (in ROOT, or in git revision REV)

Two checks, both on the source text (no build needed, so `make lint` runs it in a second):
- Module imports: each module imports only the modules of its arrows (IMPORTS below), each C
  module is imported by its one module, and in the command-line tool only DASHBOARD_IMPORTERS
  import Dashboard.
- Dashboard rooms: a feature room (Sources/Dashboard/<Room>/) names no type declared in another
  feature room or in App/ (the composition root) — the one allowed pair is ROOM_ALLOWED; Web/
  names no type of a feature room or of App/. A "type" is a top-level, non-private class,
  struct, enum, protocol, actor or typealias; comments and string literals are not names.
"""
import re
import subprocess
import sys
from pathlib import Path

# The system modules every module may import.
SYSTEM = {"Foundation", "Glibc", "Darwin", "Musl", "Dispatch", "Synchronization", "Testing"}

# Module -> the package modules it may import (docs/architecture.md, "Modules").
IMPORTS = {
    "JSON": set(),
    "HTTPKit": set(),
    "Templates": set(),
    "EmbeddedResources": set(),
    "ResourceEmbedder": set(),
    "Concurrency": set(),
    "Cryptography": {"CSodium"},
    "ImageFormats": {"CZlib"},
    "Storage": {"CSQLite", "CPostgres", "Concurrency", "ImageFormats"},
    "Access": {"Concurrency", "Cryptography", "Storage"},
    "NotificationKit": {"Concurrency", "JSON"},
    "Localization": {"JSON"},
    "NotificationPreview": {"JSON", "NotificationKit", "CHarfBuzz"},
    "HTTPClient": {"CCurl"},
    "APNs": {"CCrypto", "Concurrency", "HTTPClient", "NotificationKit"},
    "MediaCheck": {"Concurrency", "Cryptography", "HTTPClient", "ImageFormats", "JSON", "NotificationKit"},
    "Registry": {"Concurrency", "JSON", "Localization", "NotificationKit", "Storage"},
    "Personalization": {"Concurrency", "JSON", "NotificationKit", "NotificationPreview"},
    "MHDServer": {"CMicroHTTPD", "Concurrency", "HTTPKit"},
    "APNsWorkspace": {"APNs", "Concurrency", "Cryptography", "NotificationKit", "Storage"},
    "Dashboard": {
        "Access", "Concurrency", "EmbeddedResources", "HTTPKit", "JSON", "Localization", "MediaCheck",
        "NotificationKit", "NotificationPreview", "Personalization", "Registry", "Storage", "Templates",
        "APNsWorkspace", "APNs",
    },
    "pushboard": {
        "APNs", "Access", "Dashboard", "EmbeddedResources", "JSON", "Localization", "MHDServer", "MediaCheck",
        "NotificationKit", "NotificationPreview", "Personalization", "Registry", "Storage",
        "APNsWorkspace",
    },
    "PushboardFuzz": {"Access", "HTTPKit", "JSON", "Localization", "NotificationKit", "Personalization", "Templates"},
}

# The files of the command-line tool that may import Dashboard: only `serve` runs the dashboard.
DASHBOARD_IMPORTERS = {"ServeCommand.swift"}

# Dashboard folders: the shared web room, the composition root, and the feature rooms.
SHARED_ROOM = "Web"
ROOT_ROOM = "App"
# (from room, to room): the one real dependency between features — notifications show media checks.
# Accounts -> Operations: the audit trail counts and logs its failed writes (issue 24) through
# the server's metrics and log; moving both into Web/ is the cleaner cut, left for later.
ROOM_ALLOWED = {("Notifications", "Media"), ("Accounts", "Operations")}

DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)\n]*\))?\s+)*"
    r"(?:(?:public|internal|package|final|indirect|nonisolated)\s+)*"
    r"(?:class|struct|enum|protocol|actor|typealias)\s+([A-Z]\w*)",
    re.MULTILINE,
)
PRIVATE_DECLARATION = re.compile(r"^(?:@\w+\s+)*(?:private|fileprivate)\s", re.MULTILINE)
# `import X`, `@testable import X`, `import struct X.Y`: the kind word and the spaces stay on one
# line (a bare `\s` let one import swallow the next line's, so `import import` was all it saw).
IMPORT = re.compile(
    r"^[ \t]*(?:@\w+(?:\([^)]*\))?[ \t]+)*import[ \t]+"
    r"(?:(?:struct|class|enum|protocol|typealias|func|var|let)[ \t]+)?([A-Za-z_]\w*)",
    re.MULTILINE,
)
IDENTIFIER = re.compile(r"\b[A-Z]\w*\b")


def strip_comments_and_strings(text):
    """The code of a Swift file without its comments and the literal parts of its strings."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.DOTALL)
    text = re.sub(r'"""(?:[^"\\]|\\.|"(?!""))*"""', '""', text, flags=re.DOTALL)
    text = re.sub(r"//[^\n]*", " ", text)
    # A string's literal text, keeping interpolations (they are code): "a \(x) b" -> "\(x)".
    def literal(match):
        return '"' + " ".join(re.findall(r"\\\((.*?)\)", match.group(0))) + '"'
    return re.sub(r'"(?:[^"\\\n]|\\.)*"', literal, text)


def read_tree(root):
    """{relative path: text} of every Swift file under Sources/."""
    base = Path(root) / "Sources"
    return {str(p.relative_to(root)): p.read_text(encoding="utf-8") for p in base.rglob("*.swift")}


def read_revision(revision):
    """{relative path: text} of every Swift file under Sources/ in a git revision."""
    names = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", revision, "Sources"],
        check=True, capture_output=True, text=True,
    ).stdout.split()
    return {
        name: subprocess.run(
            ["git", "show", f"{revision}:{name}"], check=True, capture_output=True, text=True
        ).stdout
        for name in names
        if name.endswith(".swift")
    }


def dashboard_room(path):
    """The Dashboard folder a file lives in (its first folder under Sources/Dashboard/), or None."""
    parts = Path(path).parts
    if len(parts) > 3 and parts[:2] == ("Sources", "Dashboard"):
        return parts[2]
    return None


def room_references(files):
    """{(from room, to room): sorted [(file, type name)]} for every Dashboard cross-room name."""
    declared = {}  # type name -> room
    code = {}
    for path, text in files.items():
        room = dashboard_room(path)
        if room is None:
            continue
        code[path] = strip_comments_and_strings(text)
        for line in code[path].splitlines():
            if PRIVATE_DECLARATION.match(line):
                continue
            match = DECLARATION.match(line)
            if match:
                declared[match.group(1)] = room
    references = {}
    for path, text in code.items():
        room = dashboard_room(path)
        for name in sorted(set(IDENTIFIER.findall(text))):
            other = declared.get(name)
            if other is not None and other != room:
                references.setdefault((room, other), []).append((path, name))
    return references


def room_violations(references):
    """One line per reference a room may not make."""
    lines = []
    for (source, target), uses in sorted(references.items()):
        if source == ROOT_ROOM or target == SHARED_ROOM or (source, target) in ROOM_ALLOWED:
            continue
        for path, name in uses:
            lines.append(f"{path}: the {source}/ room names {name}, a type of {target}/")
    return lines


def import_violations(files):
    """One line per import a module may not make."""
    modules = {Path(path).parts[1] for path in files}.union(IMPORTS, *IMPORTS.values())
    lines = []
    for path, text in sorted(files.items()):
        module = Path(path).parts[1]
        allowed = IMPORTS.get(module)
        for imported in IMPORT.findall(strip_comments_and_strings(text)):
            if imported in SYSTEM or imported not in modules:
                continue
            if allowed is None or imported not in allowed:
                lines.append(f"{path}: {module} may not import {imported}")
            elif module == "pushboard" and imported == "Dashboard":
                if Path(path).name not in DASHBOARD_IMPORTERS:
                    lines.append(f"{path}: only {sorted(DASHBOARD_IMPORTERS)} may import Dashboard")
    return lines


def mutual_pairs(references):
    """The unordered room pairs that refer to each other both ways."""
    return sorted(
        tuple(sorted((a, b))) for (a, b) in references if a < b and (b, a) in references
    )


def main(arguments):
    if arguments[:1] == ["--pairs"]:
        files = read_revision(arguments[1]) if len(arguments) > 1 else read_tree(".")
        pairs = mutual_pairs(room_references(files))
        for a, b in pairs:
            print(f"{a} <-> {b}")
        print(f"{len(pairs)} folder pairs refer to each other both ways")
        return 0
    root = arguments[0] if arguments else "."
    files = read_tree(root)
    lines = import_violations(files) + room_violations(room_references(files))
    for line in lines:
        print(line)
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
