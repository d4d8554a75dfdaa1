"""The package's own build backend (PEP 517, PEP 660), standard library only.

The package is pure Python (ctypes on libgabata.so), so a wheel is a zip of python/gabata and
its metadata; building one needs neither setuptools nor the `wheel` module, which a venv made
by `python3 -m venv` (and ensurepip) lacks. pip then installs offline with nothing to fetch:
    pip install --no-build-isolation --no-index ./python
The metadata is read from pyproject.toml's [project] table (tomllib where Python has it, else
the small reader below, enough for that file)."""
import ast
import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # python/
PACKAGE = "gabata"
# files of the package that are not shipped: caches, and what `cmake --install` writes
SKIP_DIRS = {"__pycache__"}
SKIP_FILES = {"_install.py"}
# reproducible archives: every entry dated the zip format's earliest day
EPOCH = (1980, 1, 1, 0, 0, 0)


def _toml_value(text):
    text = text.strip()
    if text in ("true", "false"):
        return text == "true"
    return ast.literal_eval(text)  # strings in double quotes, arrays of them, numbers


def _strip_comment(line):
    """The line without its comment: a '#' outside double-quoted strings starts one."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"' and (i == 0 or line[i - 1] != "\\"):
            quoted = not quoted
        elif ch == "#" and not quoted:
            return line[:i].rstrip()
    return line.rstrip()


def _read_toml(path):
    """The subset of TOML in pyproject.toml: [tables], key = string | number | bool | array."""
    try:
        import tomllib  # Python 3.11+
        with open(path, "rb") as f:
            return tomllib.load(f)
    except ImportError:
        pass
    doc, table, pending = {}, None, None
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = _strip_comment(raw)
            if pending is not None:  # an array over several lines
                pending[1] += " " + line.strip()
                if pending[1].count("[") <= pending[1].count("]"):
                    table[pending[0]] = _toml_value(pending[1])
                    pending = None
                continue
            if not line.strip():
                continue
            m = re.match(r"^\[([A-Za-z0-9_.-]+)\]$", line.strip())
            if m:
                table = doc
                for part in m.group(1).split("."):
                    table = table.setdefault(part, {})
                continue
            key, _, value = line.partition("=")
            key, value = key.strip().strip('"'), value.strip()
            if value.startswith("[") and value.count("[") > value.count("]"):
                pending = [key, value]
            else:
                table[key] = _toml_value(value)
    return doc


def _project():
    return _read_toml(os.path.join(HERE, "pyproject.toml"))["project"]


def _dist_info():
    p = _project()
    return f"{p['name']}-{p['version']}.dist-info"


def _metadata():
    """METADATA (core metadata 2.1) from [project]."""
    p = _project()
    lines = ["Metadata-Version: 2.1", f"Name: {p['name']}", f"Version: {p['version']}"]
    if p.get("description"):
        lines.append(f"Summary: {p['description']}")
    if p.get("requires-python"):
        lines.append(f"Requires-Python: {p['requires-python']}")
    for c in p.get("classifiers", []):
        lines.append(f"Classifier: {c}")
    for d in p.get("dependencies", []):
        lines.append(f"Requires-Dist: {d}")
    for extra, deps in sorted(p.get("optional-dependencies", {}).items()):
        lines.append(f"Provides-Extra: {extra}")
        for d in deps:
            lines.append(f'Requires-Dist: {d} ; extra == "{extra}"')
    body = ""
    readme = p.get("readme")
    if isinstance(readme, str) and os.path.exists(os.path.join(HERE, readme)):
        lines.append("Description-Content-Type: text/markdown")
        with open(os.path.join(HERE, readme), encoding="utf-8") as f:
            body = "\n" + f.read()
    return "\n".join(lines) + "\n" + body


WHEEL = "Wheel-Version: 1.0\nGenerator: gabata_backend\nRoot-Is-Purelib: true\nTag: py3-none-any\n"


def _package_files():
    """(path in the archive, path on disk) of every file of python/gabata, sorted."""
    out = []
    root = os.path.join(HERE, PACKAGE)
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS)
        for name in sorted(files):
            if name in SKIP_FILES or name.endswith((".pyc", ".pyo")):
                continue
            full = os.path.join(d, name)
            out.append((os.path.relpath(full, HERE).replace(os.sep, "/"), full))
    return out


def _write_wheel(wheel_directory, entries):
    """entries: (archive path, bytes). Adds the dist-info and its RECORD; returns the name."""
    p = _project()
    name = f"{p['name']}-{p['version']}-py3-none-any.whl"
    info = _dist_info()
    entries = list(entries) + [(f"{info}/METADATA", _metadata().encode()),
                               (f"{info}/WHEEL", WHEEL.encode()),
                               (f"{info}/top_level.txt", f"{PACKAGE}\n".encode())]
    record = io.StringIO()
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        for arc, data in entries:
            zi = zipfile.ZipInfo(arc, EPOCH)
            zi.external_attr = 0o644 << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.write(f"{arc},sha256={digest},{len(data)}\n")
        record.write(f"{info}/RECORD,,\n")
        zi = zipfile.ZipInfo(f"{info}/RECORD", EPOCH)
        zi.external_attr = 0o644 << 16
        z.writestr(zi, record.getvalue())
    return name


def _read(path):
    with open(path, "rb") as f:
        return f.read()


# ---- PEP 517 ----
def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    info = _dist_info()
    os.makedirs(os.path.join(metadata_directory, info), exist_ok=True)
    for name, text in (("METADATA", _metadata()), ("WHEEL", WHEEL), ("top_level.txt", PACKAGE + "\n")):
        with open(os.path.join(metadata_directory, info, name), "w", encoding="utf-8") as f:
            f.write(text)
    return info


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return _write_wheel(wheel_directory, [(arc, _read(full)) for arc, full in _package_files()])


def build_sdist(sdist_directory, config_settings=None):
    p = _project()
    base = f"{p['name']}-{p['version']}"
    name = base + ".tar.gz"
    files = [("pyproject.toml", os.path.join(HERE, "pyproject.toml")),
             ("README.md", os.path.join(HERE, "README.md")),
             ("backend/gabata_backend.py", os.path.abspath(__file__))] + _package_files()
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT) as t:
        def add(arc, data):
            ti = tarfile.TarInfo(f"{base}/{arc}")
            ti.size, ti.mode, ti.mtime = len(data), 0o644, 315532800
            t.addfile(ti, io.BytesIO(data))
        for arc, full in files:
            if os.path.exists(full):
                add(arc, _read(full))
        add("PKG-INFO", _metadata().encode())
    return name


# ---- PEP 660: pip install -e ./python (a .pth file naming this folder) ----
get_requires_for_build_editable = get_requires_for_build_wheel
prepare_metadata_for_build_editable = prepare_metadata_for_build_wheel


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    return _write_wheel(wheel_directory, [(f"__editable__.{PACKAGE}.pth", (HERE + "\n").encode())])
