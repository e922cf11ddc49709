"""scripts/check-architecture.py (run by `make lint`): the module arrows and the Dashboard's
rooms hold in this tree, and a deliberately added cross-room reference or forbidden import in a
temporary copy of Sources/ fails the check, naming the file and the type or module."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "check-architecture.py"


def check(*arguments, cwd=ROOT):
    return subprocess.run(
        [sys.executable, str(SCRIPT), *arguments], cwd=cwd, capture_output=True, text=True, timeout=60)


@pytest.fixture
def tree(tmp_path):
    """A copy of Sources/ to inject faults into."""
    shutil.copytree(ROOT / "Sources", tmp_path / "Sources")
    return tmp_path


def add(tree, path, text):
    file = tree / path
    file.write_text(text, encoding="utf-8")


def test_the_tree_keeps_its_rooms_and_arrows():
    result = check()
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""


def test_the_untouched_copy_passes(tree):
    assert check(str(tree)).returncode == 0


def test_a_feature_room_naming_another_rooms_type_fails(tree):
    add(tree, "Sources/Dashboard/Categories/CategoryLeak.swift",
        "struct CategoryLeak {\n    let pages: NotificationPages\n}\n")
    result = check(str(tree))
    assert result.returncode == 1
    assert result.stdout == (
        "Sources/Dashboard/Categories/CategoryLeak.swift: the Categories/ room names "
        "NotificationPages, a type of Notifications/\n")


def test_a_static_helper_on_another_rooms_type_fails_too(tree):
    add(tree, "Sources/Dashboard/Settings/SettingsLeak.swift",
        "extension SettingsPages {\n    static let address = CategoryPages.address(of: \"x\")\n}\n")
    result = check(str(tree))
    assert result.returncode == 1
    assert "names CategoryPages, a type of Categories/" in result.stdout


def test_web_naming_a_feature_type_fails(tree):
    add(tree, "Sources/Dashboard/Web/WebLeak.swift", "typealias WebLeak = ActivityPages\n")
    result = check(str(tree))
    assert result.returncode == 1
    assert "the Web/ room names ActivityPages, a type of Activities/" in result.stdout


def test_names_in_comments_and_strings_do_not_count(tree):
    add(tree, "Sources/Dashboard/Categories/Quiet.swift",
        "/// Like `NotificationPages`.\nlet quiet = \"NotificationPages\" // NotificationPages\n")
    assert check(str(tree)).returncode == 0


def test_notifications_may_show_media_checks(tree):
    add(tree, "Sources/Dashboard/Notifications/MediaUse.swift",
        "struct MediaUse {\n    let media: ComposerMedia\n}\n")
    assert check(str(tree)).returncode == 0


def test_the_app_room_may_name_every_room(tree):
    add(tree, "Sources/Dashboard/App/Wiring.swift",
        "struct Wiring {\n    let pages: NotificationPages\n    let media: ComposerMedia\n}\n")
    assert check(str(tree)).returncode == 0


@pytest.mark.parametrize("path, module, line", [
    ("Sources/Dashboard/Leak.swift", "CSQLite", "Dashboard may not import CSQLite"),
    ("Sources/HTTPKit/Leak.swift", "CMicroHTTPD", "HTTPKit may not import CMicroHTTPD"),
    ("Sources/Dashboard/Leak.swift", "MHDServer", "Dashboard may not import MHDServer"),
    ("Sources/NotificationKit/Leak.swift", "Registry", "NotificationKit may not import Registry"),
    ("Sources/pushboard/Leak.swift", "Dashboard", "may import Dashboard"),
])
def test_a_forbidden_import_fails(tree, path, module, line):
    add(tree, path, f"import Foundation\n@testable import {module}\n")
    result = check(str(tree))
    assert result.returncode == 1
    assert result.stdout.startswith(f"{path}: ") and line in result.stdout


def test_an_import_between_two_others_is_read(tree):
    # Each import on its own line, as swift format writes them: the reader once took the next
    # line's `import` keyword for the module's name and let every such import through.
    path = "Sources/Access/Leak.swift"
    add(tree, path, "import Foundation\nimport CSodium\nimport Storage\n")
    result = check(str(tree))
    assert result.returncode == 1
    assert f"{path}: Access may not import CSodium" in result.stdout


def test_folder_pairs_that_refer_both_ways_are_counted(tree):
    assert check("--pairs", cwd=tree).stdout == "0 folder pairs refer to each other both ways\n"
    add(tree, "Sources/Dashboard/Categories/A.swift", "let a = SettingsPages.self\n")
    add(tree, "Sources/Dashboard/Settings/B.swift", "let b = CategoryPages.self\n")
    assert check("--pairs", cwd=tree).stdout == (
        "Categories <-> Settings\n1 folder pairs refer to each other both ways\n")
