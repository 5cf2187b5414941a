"""The models manager against a real HTTP server on 127.0.0.1 serving a zip built here."""

from __future__ import annotations

import hashlib
import io
import json
import socket
import threading
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from voicefish.audio import models as m
from voicefish.cli import main

FOLDER = "vosk-model-tiny-test-0.1"


def build_zip(folder: str = FOLDER, extra: bytes = b"") -> bytes:
    """A small zip shaped like a Vosk model, with enough incompressible bytes to be cut mid-way."""
    buf = io.BytesIO()
    noise = hashlib.sha256(b"seed").digest() * 4000  # 128 kB, stored uncompressed
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_STORED) as archive:
        archive.writestr(f"{folder}/am/final.mdl", noise + extra)
        archive.writestr(f"{folder}/conf/model.conf", "--min-active=200\n")
        archive.writestr(f"{folder}/graph/words.txt", "<eps> 0\npriya 1\n")
        archive.writestr(f"{folder}/README", "test model\n")
    return buf.getvalue()


@dataclass
class Behaviour:
    """What the test server does; mutable between requests."""

    payload: bytes
    cut_after: int | None = None  # send this many body bytes of the first full request, then drop the connection
    cuts_left: int = 0
    ignore_range: bool = False
    ranges: list[str | None] = field(default_factory=list)


def make_handler(behaviour: Behaviour) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            data = behaviour.payload
            header = self.headers.get("Range")
            behaviour.ranges.append(header)
            start = 0
            if header and not behaviour.ignore_range:
                start = int(header.removeprefix("bytes=").split("-")[0])
                if start >= len(data):
                    self.send_response(416)
                    self.send_header("Content-Range", f"bytes */{len(data)}")
                    self.end_headers()
                    return
                self.send_response(206)
                self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
            else:
                self.send_response(200)
            body = data[start:]
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if behaviour.cuts_left > 0 and behaviour.cut_after is not None:
                behaviour.cuts_left -= 1
                self.wfile.write(body[: behaviour.cut_after])
                self.wfile.flush()
                self.connection.shutdown(socket.SHUT_RDWR)
                self.close_connection = True
                return
            self.wfile.write(body)

    return Handler


@pytest.fixture
def server() -> Iterator[tuple[str, Behaviour]]:
    behaviour = Behaviour(payload=build_zip())
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(behaviour))
    thread = threading.Thread(target=httpd.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/{FOLDER}.zip", behaviour
    finally:
        httpd.shutdown()
        httpd.server_close()


def info_for(url: str, payload: bytes, *, sha: bool = True) -> m.ModelInfo:
    return m.ModelInfo(
        name=FOLDER,
        language="en-us",
        url=url,
        size=len(payload),
        sha256=hashlib.sha256(payload).hexdigest() if sha else None,
        folder=FOLDER,
        description="test",
    )


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name != FOLDER)


def test_download_installs_atomically_and_verifies(server: tuple[str, Behaviour], tmp_path: Path) -> None:
    url, behaviour = server
    info = info_for(url, behaviour.payload)
    result = m.download(info, tmp_path, progress=False)
    assert result.path == tmp_path / FOLDER and result.verified and result.resumed_from == 0
    assert (result.path / "graph" / "words.txt").read_text() == "<eps> 0\npriya 1\n"
    assert leftovers(tmp_path) == []  # no .part, no staging folder
    assert m.verify(info, tmp_path).status == "ok"
    assert m.find_vosk_model("en", tmp_path, [info]) == result.path
    (result.path / "conf" / "model.conf").write_text("tampered")
    broken = m.verify(info, tmp_path)
    assert broken.status == "corrupt" and "conf/model.conf" in broken.detail


def test_interrupted_download_resumes_with_range(server: tuple[str, Behaviour], tmp_path: Path) -> None:
    url, behaviour = server
    info = info_for(url, behaviour.payload)
    behaviour.cut_after, behaviour.cuts_left = 50_000, 1
    with pytest.raises(m.DownloadError, match=r"interrupted|stopped"):
        m.download(info, tmp_path, progress=False, retries=0)
    part = tmp_path / f"{FOLDER}.zip.part"
    assert 0 < part.stat().st_size < len(behaviour.payload)
    assert not (tmp_path / FOLDER).exists()  # nothing half-unpacked
    kept = part.stat().st_size
    result = m.download(info, tmp_path, progress=False)
    assert result.resumed_from == kept
    assert behaviour.ranges[-1] == f"bytes={kept}-"
    assert m.verify(info, tmp_path).status == "ok"
    assert leftovers(tmp_path) == []


def test_connection_cut_is_retried_within_one_call(server: tuple[str, Behaviour], tmp_path: Path) -> None:
    url, behaviour = server
    behaviour.cut_after, behaviour.cuts_left = 30_000, 2
    result = m.download(info_for(url, behaviour.payload), tmp_path, progress=False, retries=3)
    assert result.path.is_dir()
    assert behaviour.ranges[0] is None and behaviour.ranges[1] is not None and len(behaviour.ranges) == 3


def test_server_ignoring_range_restarts_cleanly(server: tuple[str, Behaviour], tmp_path: Path) -> None:
    url, behaviour = server
    (tmp_path / f"{FOLDER}.zip.part").write_bytes(b"garbage from another file")
    behaviour.ignore_range = True
    result = m.download(info_for(url, behaviour.payload), tmp_path, progress=False)
    assert m.verify(info_for(url, behaviour.payload), tmp_path).status == "ok" and result.path.is_dir()


def test_bad_checksum_deletes_the_download(server: tuple[str, Behaviour], tmp_path: Path) -> None:
    url, behaviour = server
    info = replace(info_for(url, behaviour.payload), sha256="0" * 64)
    with pytest.raises(m.ChecksumMismatchError, match="SHA-256"):
        m.download(info, tmp_path, progress=False)
    assert list(tmp_path.iterdir()) == []
    wrong_size = replace(info_for(url, behaviour.payload), size=len(behaviour.payload) + 10)
    with pytest.raises(m.ChecksumMismatchError, match="bytes"):  # another file than the manifest's: never installed
        m.download(wrong_size, tmp_path, progress=False, retries=1)
    assert list(tmp_path.iterdir()) == []


def test_no_published_sha_is_unverifiable_not_ok(server: tuple[str, Behaviour], tmp_path: Path) -> None:
    url, behaviour = server
    info = info_for(url, behaviour.payload, sha=False)
    result = m.download(info, tmp_path, progress=False)
    assert not result.verified
    assert m.verify(info, tmp_path).status == "unverifiable"


def test_server_down_is_a_clear_offline_message(tmp_path: Path) -> None:
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    info = info_for(f"http://127.0.0.1:{port}/x.zip", b"x")
    with pytest.raises(m.DownloadError, match="offline") as err:
        m.download(info, tmp_path, progress=False, timeout=2)
    assert "pocketsphinx" in str(err.value)
    assert list(tmp_path.iterdir()) == []


def test_target_not_writable(server: tuple[str, Behaviour], tmp_path: Path) -> None:
    url, behaviour = server
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")  # works as root too, unlike chmod
    with pytest.raises(m.TargetNotWritableError, match="VOICEFISH_MODELS_DIR"):
        m.download(info_for(url, behaviour.payload), blocker / "models", progress=False)
    assert behaviour.ranges == []  # failed before touching the network


def test_archive_without_the_model_folder_is_refused(server: tuple[str, Behaviour], tmp_path: Path) -> None:
    url, behaviour = server
    behaviour.payload = build_zip(folder="something-else")
    with pytest.raises(m.BadArchiveError, match=FOLDER):
        m.download(info_for(url, behaviour.payload), tmp_path, progress=False)
    assert not (tmp_path / FOLDER).exists() and not any(p.name.startswith(".unpack") for p in tmp_path.iterdir())


def test_shipped_manifest_is_well_formed() -> None:
    models = m.load_manifest()
    assert {info.name for info in models} >= {"vosk-model-small-en-us-0.15", "vosk-model-en-us-0.22-lgraph"}
    for info in (i for i in models if i.kind == "vosk"):  # Whisper entries: tests/audio/test_whisper.py
        assert info.url.startswith("https://") and info.url.endswith(f"/{info.name}.zip")
        assert info.size is not None and info.size > 1_000_000
        assert info.sha256 is None or len(info.sha256) == 64
        assert info.sha256 is not None or info.note  # a missing checksum must be explained
    assert "voicefish models download" in m.recognizer_notice(None)


def test_cli_download_list_verify_and_errors(
    server: tuple[str, Behaviour], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url, behaviour = server
    manifest = tmp_path / "manifest.json"
    entry = info_for(url, behaviour.payload).__dict__
    manifest.write_text(json.dumps({"models": [entry]}))
    store = tmp_path / "store"
    base = ["models", "--manifest", str(manifest), "--dir", str(store)]
    assert main([*base, "download", FOLDER, "--quiet"]) == 0
    assert "SHA-256 verified" in capsys.readouterr().out
    assert main([*base, "list"]) == 0
    assert "installed at" in capsys.readouterr().out
    assert main([*base, "path"]) == 0
    assert f"Vosk ({FOLDER})" in capsys.readouterr().out
    assert main([*base, "verify"]) == 0
    (store / FOLDER / "README").unlink()
    assert main([*base, "verify"]) == 1
    assert "corrupt" in capsys.readouterr().out
    assert main([*base, "download", "nope"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("voicefish: no model called 'nope'") and "Traceback" not in err
    manifest.write_text("{not json")
    assert main([*base, "list"]) == 1
    assert "cannot be read" in capsys.readouterr().err


TABLE_LANGUAGES = ("it", "pl", "es", "nl", "pt")


def test_shipped_manifest_has_a_small_vosk_model_per_table_language() -> None:
    models = m.load_manifest()
    for lang in TABLE_LANGUAGES:
        vosk = [i for i in models if i.kind == "vosk" and i.language == lang]
        assert len(vosk) == 1, lang
        info = vosk[0]
        assert info.name.startswith(f"vosk-model-small-{lang}-") and info.folder == info.name
        assert info.url == f"https://alphacephei.com/vosk/models/{info.name}.zip"
        assert info.size is not None and 30_000_000 < info.size < 60_000_000  # the small models are 30-55 MB
        assert info.sha256 is not None and len(info.sha256) == 64 and int(info.sha256, 16) >= 0
        assert info.note and "SHA-256" in info.note  # where the checksum comes from is said
    assert len({i.sha256 for i in models if i.sha256}) == len([i for i in models if i.sha256])


def test_cli_lists_and_downloads_a_language_model(
    server: tuple[str, Behaviour], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--lang it``: list shows the Italian model (and no English one), download without a name gets it from the
    manifest's address (a local server here) with its checks, and path names it as the one a table in it uses."""
    url, behaviour = server
    italian = "vosk-model-small-it-0.22"
    behaviour.payload = build_zip(folder=italian)
    english = info_for(url, build_zip()).__dict__
    entry = {**info_for(url, behaviour.payload).__dict__, "name": italian, "folder": italian, "language": "it"}
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"models": [english, entry]}))
    store = tmp_path / "store"
    base = ["models", "--manifest", str(manifest), "--dir", str(store)]
    assert main([*base, "list", "--lang", "it"]) == 0
    out = capsys.readouterr().out
    assert italian in out and FOLDER not in out and "not installed" in out
    assert main([*base, "path", "--lang", "it"]) == 0
    assert "listens with Whisper base" in capsys.readouterr().out
    assert main([*base, "download", "--lang", "it", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert f"installed {italian}" in out and "SHA-256 verified" in out
    assert (store / italian / "am" / "final.mdl").is_file() and not (store / FOLDER).exists()
    assert m.find_vosk_model("it", store, m.load_manifest(manifest)) == store / italian
    assert m.find_vosk_model("en", store, m.load_manifest(manifest)) is None  # never an Italian model for English
    assert main([*base, "path", "--lang", "it"]) == 0
    assert f"Vosk ({italian})" in capsys.readouterr().out
    assert main([*base, "download", FOLDER, "--lang", "it"]) == 1
    assert "listens in 'en-us', not in 'it'" in capsys.readouterr().err
    assert main([*base, "download", "--lang", "nl"]) == 1
    assert "no Vosk model for 'nl'" in capsys.readouterr().err
    assert main([*base, "list", "--lang", "xx"]) == 1
    assert "unknown language 'xx'" in capsys.readouterr().err
