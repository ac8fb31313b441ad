"""`chancery notarize` against the real server, and `chancery verify` on what it saved: the
command-line path a person takes from a file to an offline proof."""

import os
import subprocess

import pytest

from .qed import TIMEOUT, new_user

CLI_TIMEOUT = 120


def chancery(server, *args, env=None):
    """Runs the client side of the binary (no --data: it talks to the server over HTTP)."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("CHANCERY_")}
    environment.update(env or {})
    return subprocess.run([server.binary, *args], capture_output=True, text=True, timeout=CLI_TIMEOUT, env=environment)


@pytest.fixture(scope="module")
def key(server):
    return new_user(server)[1]


@pytest.fixture(scope="module")
def anchors(server, http, tmp_path_factory):
    """The log key and TSA root, fetched once, as a person pins them."""
    folder = tmp_path_factory.mktemp("anchors")
    for name in ("log.vkey", "tsa-root.pem"):
        response = http.get(server.url(f"/.well-known/chancery/{name}"), timeout=TIMEOUT)
        assert response.status_code == 200
        (folder / name).write_bytes(response.content)
    return folder


def test_notarize_saves_proofs_that_verify_offline(server, key, anchors, tmp_path):
    small = tmp_path / "note.txt"
    small.write_text("a small file\n")
    large = tmp_path / "video.mov"
    large.write_bytes(os.urandom(20 << 20))
    proofs = tmp_path / "proofs"

    result = chancery(
        server, "notarize", str(small), str(large), "--server", server.base_url, "--output", str(proofs),
        env={"CHANCERY_API_KEY": key},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 2, result.stdout
    for line, path in zip(lines, (small, large)):
        name, status, slug, bundle, certificate, page = line.split()
        assert (name, status) == (path.name, "confirmed"), line
        assert bundle == str(proofs / f"{path.name}.chancery-proof.zip") and os.path.exists(bundle), line
        assert certificate == str(proofs / f"{path.name}.chancery-certificate.pdf"), line
        assert open(certificate, "rb").read(8) == b"%PDF-1.7", line
        assert page == f"{server.base_url}/verify/{slug}", line

        verified = chancery(
            server, "verify", str(path), bundle, "--log-key", str(anchors / "log.vkey"), "--tsa-root", str(anchors / "tsa-root.pem")
        )
        assert verified.returncode == 0, verified.stdout + verified.stderr
        assert "FAIL" not in verified.stdout and verified.stdout.count("ok  ") == 4, verified.stdout

    # Only the large file shows progress, on standard error, ending at 100 %.
    progress = [line for line in result.stderr.splitlines() if line.startswith("hashing ")]
    assert progress and all("video.mov" in line for line in progress), result.stderr
    assert progress[-1].split("]")[1].split()[0] == "100%", progress
    assert "note.txt" not in result.stderr, result.stderr

    # The proof is of this exact file: a changed file fails verification.
    large.write_bytes(b"changed")
    failed = chancery(
        server, "verify", str(large), str(proofs / "video.mov.chancery-proof.zip"),
        "--log-key", str(anchors / "log.vkey"), "--tsa-root", str(anchors / "tsa-root.pem"),
    )
    assert failed.returncode != 0 and "FAIL file" in failed.stdout, failed.stdout


def test_proofs_go_next_to_the_file_by_default(server, key, tmp_path):
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(os.urandom(1000))
    result = chancery(server, "notarize", str(photo), "--server", server.base_url, "--key", key)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "photo.jpg.chancery-proof.zip").exists()
    assert (tmp_path / "photo.jpg.chancery-certificate.pdf").exists()


def test_notarize_explains_what_is_missing(server, key, tmp_path):
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(b"x")

    result = chancery(server, "notarize", str(photo), "--server", server.base_url)
    assert result.returncode != 0 and "API key is missing" in result.stderr, result.stderr

    result = chancery(server, "notarize", str(photo), "--key", key)
    assert result.returncode != 0 and "server is missing" in result.stderr, result.stderr

    result = chancery(server, "notarize", str(tmp_path / "absent.jpg"), "--server", server.base_url, "--key", key)
    assert result.returncode != 0 and "absent.jpg is not a readable file" in result.stderr, result.stderr

    result = chancery(server, "notarize", str(photo), "--server", "http://127.0.0.1:1", "--key", key)
    assert result.returncode != 0 and "127.0.0.1" in result.stderr and "Error Domain" not in result.stderr, result.stderr

    result = chancery(server, "notarize", str(photo), "--server", server.base_url, "--key", "not-a-key")
    assert result.returncode != 0, result.stdout
    assert "photo.jpg" in result.stderr and "401" in result.stderr, result.stderr
    assert not (tmp_path / "photo.jpg.chancery-proof.zip").exists()
