"""Issue 29: `pushboard activities import` takes several files or a folder, so a type declared
in one file resolves from another; a file alone whose type lives elsewhere is refused naming
the file, the line and the type, and nothing is stored."""
import json
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REAL = ROOT / "Tests" / "NotificationKitTests" / "Fixtures" / "activities" / "real"


def run(binary, *arguments):
    return subprocess.run([str(binary), *arguments], capture_output=True, text=True, timeout=60)


def test_a_folder_imports_its_files_together(binary, data_dir, tmp_path):
    folder = tmp_path / "TimerWidget"
    (folder / "Shared").mkdir(parents=True)
    shutil.copy(REAL / "FocusTimerAttributes.swift", folder / "FocusTimerAttributes.swift")
    shutil.copy(REAL / "FocusCategory.swift", folder / "Shared" / "FocusCategory.swift")
    result = run(binary, "activities", "import", str(folder), "--data", str(data_dir))
    assert result.returncode == 0, result.stderr
    assert "Imported FocusTimerAttributes" in result.stdout
    exported = json.loads(run(binary, "activities", "export", "--data", str(data_dir)).stdout)
    assert [t["title"] for t in exported["activities"]] == ["FocusTimerAttributes"]


def test_several_paths_import_together_and_one_alone_is_refused(binary, data_dir):
    alone = run(binary, "activities", "import", str(REAL / "FocusTimerAttributes.swift"), "--data", str(data_dir))
    assert alone.returncode == 1
    assert "FocusTimerAttributes.swift:9:" in alone.stderr and "`FocusCategory`" in alone.stderr, alone.stderr
    assert "nothing was imported" in alone.stderr
    both = run(binary, "activities", "import", str(REAL / "FocusTimerAttributes.swift"),
               str(REAL / "FocusCategory.swift"), "--data", str(data_dir))
    assert both.returncode == 0, both.stderr
    exported = json.loads(run(binary, "activities", "export", "--data", str(data_dir)).stdout)
    assert [t["title"] for t in exported["activities"]] == ["FocusTimerAttributes"]


def test_the_help_names_folders(binary):
    result = run(binary, "activities", "import", "--help")
    assert "FILE|FOLDER..." in result.stdout + result.stderr
