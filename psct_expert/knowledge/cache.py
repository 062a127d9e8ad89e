"""The loaded and checked knowledge, kept in the user's cache folder.

Reading the rule files with the position of every value and checking them takes
most of the knowledge's share of a cold start; the result depends only on the
files' contents and on the code that reads them.  So the checked
:class:`~.model.KnowledgeBase` (rules, sources, families, diagnostics) is pickled
into :func:`psct_expert.paths.cache_dir`, like the compiled question grammar and
the card-name index:

* the file is named by the knowledge folders' paths and a key: a hash of this cache's format, the package's
  version, Python's version, the source of the modules that read and check the
  knowledge, and, for every knowledge folder in order, its path and the name and
  content hash of each YAML file in it (and of each single rule file linted);
* it starts with a line naming the key and a digest of the rest, and is written
  atomically; any mismatch, damage or unexpected content means the knowledge is
  read from the YAML files again and the file rewritten;
* unpickling accepts only the knowledge model's own classes (and the plain values
  YAML can hold).

A process also keeps the pickled bytes of the knowledge it loaded, by key, so a
second load in the same process (a web worker, the tests) unpickles a fresh copy
instead of reading the YAML again; and the parsed data of each YAML file it read,
by content (:func:`parse_yaml`), so loading the shipped knowledge with another
folder beside it reads only that folder's files.  Only a cache is at stake:
deleting it is safe.
"""

from __future__ import annotations

import hashlib
import io
import pickle
import sys
from pathlib import Path

from .. import yamlpos
from ..errors import PsctError
from ..paths import cache_dir
from . import model

CACHE_MAGIC = "psct-expert-knowledge-1"
PREFIX = "knowledge-"
_MEMO: dict[str, bytes] = {}
_MEMO_SIZE = 8
KEEP = 4  # cache files kept (one per set of knowledge folders)
_PARSED: dict[str, bytes] = {}
_PARSED_SIZE = 256

# the modules whose code decides what a knowledge folder loads as
_CODE = ("knowledge/loader.py", "knowledge/lint.py", "knowledge/model.py", "knowledge/cache.py",
         "yamlpos.py", "cardschema.py", "facts.py", "builders.py")
_PACKAGE = Path(__file__).resolve().parent.parent

# what a pickled KnowledgeBase may name: the model's classes and the values YAML gives
_ALLOWED = {("psct_expert.knowledge.model", n) for n in
            ("KnowledgeBase", "Rule", "Pattern", "Var", "Sum", "InSet", "NotValue", "NotIn", "FactType", "Family",
             "Source", "Diagnostic", "Variation")} | \
    {("datetime", "date"), ("datetime", "datetime"), ("datetime", "timezone"),
     ("datetime", "timedelta"), ("builtins", "set"), ("builtins", "frozenset"),
     ("copyreg", "_reconstructor"), ("builtins", "object")}


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def cache_key(folders: list[Path], files: list[str] | None = None) -> str | None:
    """The key of the knowledge these folders (and single rule files) load as; None when a
    file cannot be read (then the loader reports it, and nothing is cached)."""
    import psct_expert

    h = hashlib.sha256()
    where = hashlib.sha256()

    def add(*parts: str) -> None:
        h.update("\0".join(parts).encode("utf-8", "surrogatepass") + b"\1")

    for f in list(folders) + list(files or []):
        where.update(str(f).encode("utf-8", "surrogatepass") + b"\0")

    from ..filehash import sha256_files

    add(CACHE_MAGIC, str(getattr(psct_expert, "__version__", "")), sys.version)
    try:
        # (the content hashes: a shipped file unchanged since a process hashed it keeps its
        # hash, :mod:`psct_expert.filehash`; the parts are added in the order they always were)
        parts: list[tuple] = [("code", rel, _PACKAGE / rel) for rel in _CODE]
        for folder in folders:
            folder = Path(folder)
            if not folder.is_dir():
                parts.append(("folder", str(folder), "missing"))
                continue
            parts.append(("folder", str(folder), str(folder.resolve())))
            parts.extend(("file", path.name, path) for path in sorted(folder.glob("*.yaml")))
        for f in files or []:
            parts.append(("single", str(f), str(Path(f).resolve()), Path(f)))
        hashed = iter(sha256_files([part[-1] for part in parts if isinstance(part[-1], Path)]))
        for part in parts:
            if isinstance(part[-1], Path):
                add(*part[:-1], next(hashed))
            else:
                add(*part)
    except (OSError, ValueError):
        return None
    return f"{where.hexdigest()[:16]}-{h.hexdigest()}"


def _path(key: str) -> Path:
    """``knowledge-<folders>-<content>.pickle``: one file per set of folders."""
    return cache_dir() / f"{PREFIX}{key[:49]}.pickle"


class _Unpickler(pickle.Unpickler):
    def find_class(self, module, name):
        if (module, name) not in _ALLOWED:
            raise pickle.UnpicklingError(f"unexpected class {module}.{name}")
        return super().find_class(module, name)


def _unpickle(payload: bytes):
    from ..gcpause import paused_gc

    try:
        with paused_gc():
            kb = _Unpickler(io.BytesIO(payload)).load()
    except Exception:  # noqa: BLE001 - a damaged cache of any kind is read again from the YAML
        return None
    return kb if isinstance(kb, model.KnowledgeBase) else None


def _remember(key: str, payload: bytes) -> None:
    if key not in _MEMO and len(_MEMO) >= _MEMO_SIZE:
        _MEMO.pop(next(iter(_MEMO)))
    _MEMO[key] = payload


def read(key: str) -> model.KnowledgeBase | None:
    """A fresh copy of the knowledge stored under ``key`` (this process's, or the cache
    file's when its first line names this key and the digest of the rest), else None."""
    payload = _MEMO.get(key)
    if payload is not None:
        if not _path(key).exists():     # another cache folder, or the file was deleted
            _store(key, payload)
        return _unpickle(payload)
    try:
        data = _path(key).read_bytes()
    except OSError:
        return None
    head, sep, payload = data.partition(b"\n")
    if sep != b"\n" or head != f"{CACHE_MAGIC} {key} {_sha(payload)}".encode():
        return None
    kb = _unpickle(payload)
    if kb is not None:
        _remember(key, payload)
    return kb


def write(key: str, kb: model.KnowledgeBase) -> None:
    """Keep ``kb`` under ``key`` in this process and in the cache folder (atomically); older
    all but the newest few files of this cache are removed.  A cache that cannot be written is only slower."""
    try:
        payload = pickle.dumps(kb, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return
    _remember(key, payload)
    _store(key, payload)


def _store(key: str, payload: bytes) -> None:
    from ..atomic import atomic_write_bytes

    path = _path(key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(path, f"{CACHE_MAGIC} {key} {_sha(payload)}\n".encode() + payload)
        # an older content of these folders goes; other folder sets (``--rules``) have files of
        # their own, of which the newest few are kept
        mine = f"{PREFIX}{key[:16]}-"
        others = []
        for old in path.parent.glob(f"{PREFIX}*.pickle"):
            if old == path:
                continue
            if old.name.startswith(mine):
                old.unlink(missing_ok=True)
            else:
                others.append((old.stat().st_mtime, old))
        for _t, old in sorted(others, reverse=True)[KEEP - 1:]:
            old.unlink(missing_ok=True)
    except (OSError, PsctError):
        pass


def parse_yaml(text: str, path: str):
    """``yamlpos.load(text, path)``: the file's data and the position of every value, kept in
    this process by the text's hash (a fresh copy each time; errors are not kept)."""
    key = _sha(text.encode("utf-8", "surrogatepass"))
    payload = _PARSED.get(key)
    if payload is not None:
        return pickle.loads(payload)
    data, marks = yamlpos.load(text, path)
    try:
        payload = pickle.dumps((data, marks), protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return data, marks
    if len(_PARSED) >= _PARSED_SIZE:
        _PARSED.pop(next(iter(_PARSED)))
    _PARSED[key] = payload
    return data, marks


def forget(parsed: bool = False) -> None:
    """Drop the knowledge this process keeps, as a new process starts (the files stay; tests
    of the file layer use it); with ``parsed``, the parsed YAML files too."""
    _MEMO.clear()
    if parsed:
        _PARSED.clear()
