"""A built wheel answers a question in a fresh venv, with no environment variable.

Marked ``package``: it builds the wheel (``python -m build``, without build
isolation when this interpreter has what the build needs, so it runs offline)
and installs it into a fresh venv that sees this interpreter's installed
dependencies (a ``.pth`` file naming its site-packages) so nothing is
downloaded.  Deselect with
``-m "not package"``.
"""

import importlib.util
import os
import shutil
import site
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
QUESTION = "Does the first effect of Lyla, Lightsworn Sorceress target?"

pytestmark = [pytest.mark.package, pytest.mark.slow]


def _can_build_offline() -> bool:
    """setuptools >= 64 with a bdist_wheel (setuptools >= 70.1 has its own; older needs wheel)."""
    try:
        import setuptools
    except ImportError:
        return False
    version = tuple(int(p) for p in setuptools.__version__.split(".")[:2] if p.isdigit())
    return version >= (64,) and (version >= (70, 1) or importlib.util.find_spec("wheel") is not None)


def _clean_env(tmp: Path) -> dict:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("PSCT_EXPERT_") and k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    for var, sub in (("HOME", "home"), ("XDG_CACHE_HOME", "cache"), ("XDG_DATA_HOME", "data")):
        (tmp / sub).mkdir(exist_ok=True)
        env[var] = str(tmp / sub)
    return env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    if importlib.util.find_spec("build") is None:
        pytest.skip("the 'build' package is not installed (pip install '.[test]')")
    # build from a copy, so the checkout gets no build/ or egg-info folders
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    for name in ("psct_expert", "knowledge", "facts"):
        shutil.copytree(ROOT / name, src / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    out = tmp_path_factory.mktemp("dist")
    cmd = [sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(src)]
    if _can_build_offline():
        cmd.insert(4, "--no-isolation")
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=300,
                         env=_clean_env(tmp_path_factory.mktemp("build-home")))
    if run.returncode != 0:
        if "--no-isolation" not in cmd and "pip" in run.stderr.lower():
            pytest.skip("cannot fetch the build backend (offline?): " + run.stderr[-300:])
        pytest.fail("wheel build failed:\n" + run.stdout[-2000:] + run.stderr[-2000:])
    wheels = list(out.glob("psct_expert-*.whl"))
    assert len(wheels) == 1
    return wheels[0]


def test_wheel_carries_rules_cards_and_web_assets(wheel):
    """Every file of knowledge/ and facts/ ships (a new kind of file needs a pyproject line)."""
    import zipfile

    names = set(zipfile.ZipFile(wheel).namelist())
    data = {f"psct_expert/_data/{p.relative_to(ROOT).as_posix()}"
            for folder in ("knowledge", "facts") for p in (ROOT / folder).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}
    assert "psct_expert/_data/facts/cards.jsonl.gz" in data
    assert sorted(data - names) == []
    assert {"psct_expert/web/templates/index.html", "psct_expert/web/static/app.js",
            "psct_expert/web/static/style.css"} <= names


def test_installed_wheel_answers_in_a_fresh_venv(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    py = bindir / "python"
    env = _clean_env(tmp_path)
    # the dependencies come from this interpreter's site-packages (whether it is the system's
    # or a venv's): plain path lines, so its .pth files (an editable install) are not run
    purelib = subprocess.run(
        [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, timeout=60, check=True).stdout.strip()
    outer = [p for p in site.getsitepackages() + [site.getusersitepackages()] if os.path.isdir(p)]
    (Path(purelib) / "_outer_site.pth").write_text("\n".join(outer) + "\n", encoding="utf-8")
    install = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps",
         "--no-index", "--force-reinstall", "-q", str(wheel)],
        capture_output=True, text=True, timeout=300, env=env)
    if install.returncode != 0 and "no such option: --python" in install.stderr:
        pytest.skip("pip older than 22.3 (no --python option)")
    assert install.returncode == 0, install.stderr
    work = tmp_path / "elsewhere"   # not the checkout: nothing found by accident
    work.mkdir()
    where = subprocess.run(
        [str(py), "-c", "import psct_expert, psct_expert.paths as p; "
                        "print(psct_expert.__file__); print(p.ROOT)"],
        capture_output=True, text=True, timeout=120, env=env, cwd=work)
    assert where.returncode == 0, where.stderr
    package_file, root = where.stdout.split("\n")[:2]
    assert Path(package_file).is_relative_to(env_dir), package_file
    assert Path(root) == Path(package_file).parent / "_data"
    asked = subprocess.run([str(bindir / "psct-expert"), "ask", QUESTION],
                           capture_output=True, text=True, timeout=300, env=env, cwd=work)
    assert asked.returncode == 0, asked.stderr
    assert asked.stdout.splitlines()[0].endswith("? Yes.")
    assert "psct-guide#4" in asked.stdout
