"""The RFC 3161 time-stamp authority (POST /tsa, GET /.well-known/chancery/tsa-root.pem), checked
with two independent clients and nothing of the server's own code:

- trailofbits' `rfc3161-client` (PyPI): builds the TimeStampReq, parses the TimeStampResp and
  verifies the token (CMS signature, chain to the root, EKU, nonce, policy, message imprint);
- the real `openssl ts` command line: -query, then -verify against the served root.

Every request is for uuid-based data, so the shared session server's other tests don't matter.
"""

import hashlib
import os
import re
import subprocess
import uuid
from datetime import datetime, timedelta, timezone

import pytest
import requests
from chancery_server import Server, binary, scratch_database
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
from helpers import assert_json_error
from rfc3161_client import (
    HashAlgorithm,
    PKIStatus,
    TimestampRequestBuilder,
    VerificationError,
    VerifierBuilder,
    decode_timestamp_response,
)

from .qed import new_user, token

TSA = "/tsa"
ROOT_PEM = "/.well-known/chancery/tsa-root.pem"
QUERY_TYPE = "application/timestamp-query"
REPLY_TYPE = "application/timestamp-reply"
TIMEOUT = 30
OPENSSL = os.environ.get("OPENSSL", "/usr/bin/openssl")
POLICY = x509.ObjectIdentifier("1.2.3.4.1")
SHA256_OID = x509.ObjectIdentifier("2.16.840.1.101.3.4.2.1")
SHA512_OID = x509.ObjectIdentifier("2.16.840.1.101.3.4.2.3")
# How far genTime may be from this process's clock.
CLOCK_SLACK = timedelta(minutes=1)


# MARK: helpers


def new_data():
    return f"chancery tsa test {uuid.uuid4()}\n".encode()


def build_request(data, *, cert_req=True, nonce=True, algorithm=HashAlgorithm.SHA256):
    return (
        TimestampRequestBuilder()
        .data(data)
        .hash_algorithm(algorithm)
        .nonce(nonce=nonce)
        .cert_request(cert_request=cert_req)
        .build()
    )


def post_query(server, http, body, headers, content_type=QUERY_TYPE):
    """POSTs a body to /tsa; content_type None sends no Content-Type header at all."""
    if content_type is not None:
        headers = {**headers, "Content-Type": content_type}
    return http.post(server.url(TSA), data=body, headers=headers, timeout=TIMEOUT)


def stamp(server, http, key, request):
    """POSTs a TimeStampReq and returns the decoded TimeStampResp, checking the HTTP layer."""
    response = post_query(server, http, request.as_bytes(), token(key))
    assert response.status_code == 200, f"POST {TSA}: {response.status_code} {response.text[:500]}"
    assert response.headers.get("Content-Type", "").split(";")[0].strip() == REPLY_TYPE, response.headers
    return decode_timestamp_response(response.content)


def certificates(tsr):
    return [x509.load_der_x509_certificate(der) for der in tsr.signed_data.certificates]


def signer_certificate(tsr):
    """The certificate named by the only SignerInfo's issuerAndSerialNumber."""
    signer_infos = list(tsr.signed_data.signer_infos)
    assert len(signer_infos) == 1, f"{len(signer_infos)} SignerInfos"
    si = signer_infos[0]
    matching = [c for c in certificates(tsr) if c.issuer == si.issuer and c.serial_number == si.serial_number]
    assert matching, (
        f"no certificate in the token matches the SignerInfo ({si.issuer.rfc4514_string()}, {si.serial_number}); "
        f"certificates: {[c.subject.rfc4514_string() for c in certificates(tsr)]}"
    )
    return matching[0]


def verifier(roots, *, nonce=None, policy=POLICY, intermediates=(), tsa_certificate=None):
    # A new VerifierBuilder every time: add_root_certificate appends to a list the builders share.
    builder = VerifierBuilder(roots=list(roots), intermediates=list(intermediates))
    if policy is not None:
        builder = builder.policy_id(policy)
    if nonce is not None:
        builder = builder.nonce(nonce)
    if tsa_certificate is not None:
        builder = builder.tsa_certificate(tsa_certificate)
    return builder.build()


def utc(moment):
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def fresh_root(common_name="Not the Chancery TSA root"):
    """A self-signed P-256 CA certificate nobody else has, with its key."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])
    now = datetime.now(timezone.utc)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(days=1))
        .not_valid_after(now + timedelta(days=365))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True, content_commitment=False, key_encipherment=False, data_encipherment=False,
                key_agreement=False, key_cert_sign=True, crl_sign=True, encipher_only=False, decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    return certificate, key


def openssl(*args, cwd):
    return subprocess.run([OPENSSL, *args], cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT)


def openssl_ok(*args, cwd):
    result = openssl(*args, cwd=cwd)
    assert result.returncode == 0, (
        f"openssl {' '.join(args)} exited with {result.returncode}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}"
    )
    return result


# MARK: fixtures


@pytest.fixture(scope="module")
def tsa_key(server):
    """An app-token API key of a fresh member."""
    _, key = new_user(server)
    return key


@pytest.fixture(scope="module")
def root_pem(server, http):
    """The served root, fetched without credentials (the session sends none)."""
    response = http.get(server.url(ROOT_PEM), timeout=TIMEOUT)
    assert response.status_code == 200, f"GET {ROOT_PEM}: {response.status_code} {response.text[:300]}"
    return response.content


@pytest.fixture(scope="module")
def root(root_pem):
    found = x509.load_pem_x509_certificates(root_pem)
    assert len(found) == 1, f"{ROOT_PEM} holds {len(found)} certificates"
    return found[0]


@pytest.fixture(scope="module")
def granted(server, http, tsa_key):
    """One request with nonce and certReq, and what it got back."""
    data = new_data()
    request = build_request(data)
    before = datetime.now(timezone.utc)
    tsr = stamp(server, http, tsa_key, request)
    after = datetime.now(timezone.utc)
    return {"data": data, "request": request, "tsr": tsr, "before": before, "after": after}


# MARK: 1. the root


def test_root_is_a_self_signed_p256_ca(root):
    assert isinstance(root.public_key(), ec.EllipticCurvePublicKey), type(root.public_key())
    assert root.public_key().curve.name == "secp256r1", root.public_key().curve.name
    assert root.subject == root.issuer, f"{root.subject.rfc4514_string()} != {root.issuer.rfc4514_string()}"
    root.verify_directly_issued_by(root)  # raises unless its own signature verifies
    constraints = root.extensions.get_extension_for_class(x509.BasicConstraints)
    assert constraints.value.ca and constraints.critical, constraints
    now = datetime.now(timezone.utc)
    assert root.not_valid_before_utc <= now <= root.not_valid_after_utc, (root.not_valid_before_utc, root.not_valid_after_utc)


def test_root_is_stable(server, http, root_pem):
    response = http.get(server.url(ROOT_PEM), timeout=TIMEOUT)
    assert response.status_code == 200 and response.content == root_pem, "the served root changed between fetches"


# MARK: 2. rfc3161-client


def test_rfc3161_client_verifies_the_token(granted, root):
    data, request, tsr = granted["data"], granted["request"], granted["tsr"]
    assert tsr.status == PKIStatus.GRANTED, f"status {tsr.status} {tsr.status_string}"
    assert request.nonce is not None and request.cert_req

    info = tsr.tst_info
    assert info.version == 1, info.version
    assert info.message_imprint.hash_algorithm == SHA256_OID, info.message_imprint.hash_algorithm
    assert info.message_imprint.message == hashlib.sha256(data).digest(), "message imprint is not SHA-256 of the data"
    assert info.nonce == request.nonce, f"nonce {info.nonce} != requested {request.nonce}"
    assert info.policy == POLICY, f"policy {info.policy.dotted_string}"
    gen_time = utc(info.gen_time)
    assert granted["before"] - CLOCK_SLACK <= gen_time <= granted["after"] + CLOCK_SLACK, (
        f"genTime {gen_time} not within {CLOCK_SLACK} of [{granted['before']}, {granted['after']}]"
    )

    leaf = signer_certificate(tsr)
    assert leaf != root, "the token is signed with the root itself, not a TSA certificate"
    others = [c for c in certificates(tsr) if c != leaf and c != root]
    ok = verifier([root], nonce=request.nonce, intermediates=others, tsa_certificate=leaf).verify_message(tsr, data)
    assert ok is True
    # The same without giving the leaf: the client finds it in the token.
    assert verifier([root], nonce=request.nonce, intermediates=others).verify_message(tsr, data) is True


def test_tsa_certificate_is_a_p256_time_stamping_leaf(granted, root):
    tsr = granted["tsr"]
    leaf = signer_certificate(tsr)
    assert isinstance(leaf.public_key(), ec.EllipticCurvePublicKey), type(leaf.public_key())
    assert leaf.public_key().curve.name == "secp256r1", leaf.public_key().curve.name
    assert isinstance(leaf.signature_hash_algorithm, hashes.SHA256), leaf.signature_algorithm_oid
    # RFC 3161 section 2.3: exactly id-kp-timeStamping, critical.
    eku = leaf.extensions.get_extension_for_class(x509.ExtendedKeyUsage)
    assert eku.critical, "the ExtendedKeyUsage extension is not critical"
    assert list(eku.value) == [ExtendedKeyUsageOID.TIME_STAMPING], list(eku.value)
    constraints = leaf.extensions.get_extension_for_class(x509.BasicConstraints)
    assert not constraints.value.ca, "the TSA certificate is a CA"
    if leaf.issuer == root.subject:
        leaf.verify_directly_issued_by(root)
    gen_time = utc(tsr.tst_info.gen_time)
    assert leaf.not_valid_before_utc <= gen_time <= leaf.not_valid_after_utc, "genTime outside the TSA certificate's validity"
    assert tsr.signed_data.digest_algorithms == {SHA256_OID}, tsr.signed_data.digest_algorithms


def test_rfc3161_client_rejects_other_data(granted, root):
    request, tsr = granted["request"], granted["tsr"]
    others = [c for c in certificates(tsr) if c != signer_certificate(tsr) and c != root]
    check = verifier([root], nonce=request.nonce, intermediates=others)
    assert check.verify_message(tsr, granted["data"]) is True  # the rejections below are for their reason only
    with pytest.raises(VerificationError, match="Mismatch between messages"):
        check.verify_message(tsr, granted["data"] + b"x")
    with pytest.raises(VerificationError, match="Mismatch between messages"):
        check.verify(tsr, hashlib.sha256(new_data()).digest())


def test_rfc3161_client_rejects_another_root(granted, root):
    request, tsr = granted["request"], granted["tsr"]
    leaf = signer_certificate(tsr)
    others = [c for c in certificates(tsr) if c != leaf and c != root]
    # Same common name and key type as the real root: only the key differs.
    stranger, _ = fresh_root(root.subject.get_attributes_for_oid(NameOID.COMMON_NAME)[0].value)
    with pytest.raises(VerificationError):
        verifier([stranger], nonce=request.nonce, intermediates=others).verify_message(tsr, granted["data"])
    stranger, _ = fresh_root()
    with pytest.raises(VerificationError):
        verifier([stranger], nonce=request.nonce, intermediates=others).verify_message(tsr, granted["data"])


def test_rfc3161_client_rejects_wrong_nonce_and_policy(granted, root):
    request, tsr = granted["request"], granted["tsr"]
    with pytest.raises(VerificationError, match="Nonce mismatch"):
        verifier([root], nonce=request.nonce + 1).verify_message(tsr, granted["data"])
    with pytest.raises(VerificationError, match="Policy ID mismatch"):
        verifier([root], policy=x509.ObjectIdentifier("1.2.3.4.2")).verify_message(tsr, granted["data"])


def test_without_cert_req_the_token_has_no_certificates(server, http, tsa_key, granted, root):
    """RFC 3161 section 2.4.1: with certReq false or absent, the SignedData's certificates field
    MUST NOT be present. The token still verifies when the verifier is given the TSA certificate."""
    data = new_data()
    request = build_request(data, cert_req=False)
    assert not request.cert_req
    tsr = stamp(server, http, tsa_key, request)
    assert tsr.status == PKIStatus.GRANTED, f"status {tsr.status} {tsr.status_string}"
    assert len(tsr.signed_data.certificates) == 0, f"{len(tsr.signed_data.certificates)} certificates without certReq"
    leaf = signer_certificate(granted["tsr"])
    assert verifier([root], nonce=request.nonce, tsa_certificate=leaf).verify_message(tsr, data) is True


def test_request_without_nonce_gets_a_token_without_nonce(server, http, tsa_key, root):
    data = new_data()
    request = build_request(data, nonce=False)
    assert request.nonce is None
    tsr = stamp(server, http, tsa_key, request)
    assert tsr.status == PKIStatus.GRANTED, f"status {tsr.status} {tsr.status_string}"
    assert tsr.tst_info.nonce is None, f"nonce {tsr.tst_info.nonce} in the reply to a request without one"
    assert verifier([root]).verify_message(tsr, data) is True


def test_sha512_imprint_is_stamped_as_sent_or_rejected(server, http, tsa_key, root):
    """rfc3161-client's default hash is SHA-512. The TSA must either time-stamp that imprint
    unchanged or reject it (badAlg); never answer with another imprint."""
    data = new_data()
    request = build_request(data, algorithm=HashAlgorithm.SHA512)
    tsr = stamp(server, http, tsa_key, request)
    if tsr.status == PKIStatus.REJECTION:
        return
    assert tsr.status == PKIStatus.GRANTED, f"status {tsr.status} {tsr.status_string}"
    assert tsr.tst_info.message_imprint.hash_algorithm == SHA512_OID, tsr.tst_info.message_imprint.hash_algorithm
    assert tsr.tst_info.message_imprint.message == hashlib.sha512(data).digest()
    assert verifier([root], nonce=request.nonce).verify_message(tsr, data) is True


def test_basic_auth_is_accepted(server, http, admin, root):
    data = new_data()
    request = build_request(data)
    response = post_query(server, http, request.as_bytes(), {})
    assert response.status_code == 401
    response = http.post(
        server.url(TSA), data=request.as_bytes(), auth=admin, headers={"Content-Type": QUERY_TYPE}, timeout=TIMEOUT
    )
    assert response.status_code == 200, f"POST {TSA} with Basic auth: {response.status_code} {response.text[:300]}"
    tsr = decode_timestamp_response(response.content)
    assert verifier([root], nonce=request.nonce).verify_message(tsr, data) is True


# MARK: 3. nonces written by hand


def der(tag, content):
    if len(content) < 0x80:
        length = bytes([len(content)])
    else:
        encoded = len(content).to_bytes((len(content).bit_length() + 7) // 8, "big")
        length = bytes([0x80 | len(encoded)]) + encoded
    return bytes([tag]) + length + content


def der_integer(value):
    # Two's complement, minimal: a leading 0x00 when the top bit of a non-negative value is set.
    return der(0x02, value.to_bytes(value.bit_length() // 8 + 1, "big"))


SHA256_ALGORITHM = der(0x30, der(0x06, bytes.fromhex("608648016503040201")) + der(0x05, b""))


def hand_made_request(data, nonce):
    """TimeStampReq { v1, MessageImprint { sha256, digest }, nonce, certReq TRUE }."""
    imprint = der(0x30, SHA256_ALGORITHM + der(0x04, hashlib.sha256(data).digest()))
    return der(0x30, der_integer(1) + imprint + der_integer(nonce) + der(0x01, b"\xff"))


@pytest.mark.parametrize(
    "nonce",
    [0, 1, 0x80, 0xFF, 2**63, 2**64 - 1, 2**159 + 12345],
    ids=["zero", "one", "0x80 (leading zero byte)", "0xff", "2^63", "2^64-1", "160 bits"],
)
def test_nonce_is_echoed_exactly(server, http, tsa_key, root, nonce):
    """RFC 3161: the nonce MUST be present in TSTInfo with the same value; clients must handle
    integers up to 160 bits. Values whose top bit is set need a leading 0x00 in DER."""
    data = new_data()
    response = post_query(server, http, hand_made_request(data, nonce), token(tsa_key))
    assert response.status_code == 200, f"{response.status_code} {response.text[:300]}"
    tsr = decode_timestamp_response(response.content)
    assert tsr.status == PKIStatus.GRANTED, f"status {tsr.status} {tsr.status_string}"
    assert tsr.tst_info.nonce == nonce, f"nonce {tsr.tst_info.nonce:#x} in the reply, {nonce:#x} requested"
    assert verifier([root], nonce=nonce).verify_message(tsr, data) is True


# MARK: 4. serial numbers


def test_serial_numbers_are_unique(server, http, tsa_key):
    data = new_data()  # the same data every time: the serial must still differ
    serials = []
    for _ in range(5):
        tsr = stamp(server, http, tsa_key, build_request(data))
        assert tsr.status == PKIStatus.GRANTED, f"status {tsr.status} {tsr.status_string}"
        serials.append(tsr.tst_info.serial_number)
    assert len(set(serials)) == len(serials), f"repeated serial numbers: {serials}"
    # RFC 3161: a positive integer, and clients must accommodate up to 160 bits.
    assert all(0 < s < 2**160 for s in serials), serials


# MARK: 5. openssl ts


@pytest.fixture
def openssl_stamp(server, http, tsa_key, root_pem, tmp_path):
    """`openssl ts -query` for a file, POSTed as is; returns the folder holding data.txt,
    q.tsq, r.tsr and root.pem."""
    (tmp_path / "data.txt").write_bytes(new_data())
    (tmp_path / "root.pem").write_bytes(root_pem)
    openssl_ok("ts", "-query", "-data", "data.txt", "-sha256", "-cert", "-out", "q.tsq", cwd=tmp_path)
    response = post_query(server, http, (tmp_path / "q.tsq").read_bytes(), token(tsa_key))
    assert response.status_code == 200, f"POST {TSA}: {response.status_code} {response.text[:500]}"
    assert response.headers.get("Content-Type", "").split(";")[0].strip() == REPLY_TYPE, response.headers
    (tmp_path / "r.tsr").write_bytes(response.content)
    return tmp_path


def test_openssl_verifies_the_reply(openssl_stamp):
    folder = openssl_stamp
    result = openssl_ok("ts", "-verify", "-data", "data.txt", "-in", "r.tsr", "-CAfile", "root.pem", cwd=folder)
    assert "Verification: OK" in result.stdout, result.stdout + result.stderr
    # -queryfile also compares the nonce, the imprint and the policy with the query.
    result = openssl_ok("ts", "-verify", "-queryfile", "q.tsq", "-in", "r.tsr", "-CAfile", "root.pem", cwd=folder)
    assert "Verification: OK" in result.stdout, result.stdout + result.stderr


def test_openssl_reply_text(openssl_stamp):
    folder = openssl_stamp
    text = openssl_ok("ts", "-reply", "-in", "r.tsr", "-text", cwd=folder).stdout
    assert re.search(r"^Status: Granted\.$", text, re.MULTILINE), text
    # OpenSSL's default openssl.cnf names 1.2.3.4.1 "tsa_policy1" in its oid_section.
    assert re.search(r"^Policy OID: (1\.2\.3\.4\.1|tsa_policy1)$", text, re.MULTILINE), text
    assert re.search(r"^Hash Algorithm: sha256$", text, re.MULTILINE), text
    query = openssl_ok("ts", "-query", "-in", "q.tsq", "-text", cwd=folder).stdout
    nonce = re.search(r"^Nonce: (\S+)$", query, re.MULTILINE)
    assert nonce, query
    assert re.search(rf"^Nonce: {re.escape(nonce.group(1))}$", text, re.MULTILINE), f"query nonce {nonce.group(1)}:\n{text}"


def test_openssl_sees_ecdsa_sha256_and_signing_certificate_v2(openssl_stamp):
    folder = openssl_stamp
    openssl_ok("ts", "-reply", "-in", "r.tsr", "-token_out", "-out", "token.der", cwd=folder)
    dump = openssl_ok("cms", "-cmsout", "-print", "-inform", "DER", "-in", "token.der", cwd=folder).stdout
    signer_info = dump.split("signerInfos:", 1)[1]
    assert re.search(r"signatureAlgorithm:\s*\n\s*algorithm: ecdsa-with-SHA256 \(1\.2\.840\.10045\.4\.3\.2\)", signer_info), (
        f"the SignerInfo's signature algorithm is not ecdsa-with-SHA256:\n{signer_info}"
    )
    assert re.search(r"digestAlgorithm:\s*\n\s*algorithm: sha256 ", signer_info), signer_info
    # ESS signingCertificateV2 (RFC 5035), OID 1.2.840.113549.1.9.16.2.47, whose ESSCertIDv2
    # holds SHA-256 (the default, hashAlgorithm absent) of the signer's certificate.
    attribute = re.search(
        r"object: id-smime-aa-signingCertificateV2 \(1\.2\.840\.113549\.1\.9\.16\.2\.47\)\n(.*?)\n\s*(?:object:|signatureAlgorithm:)",
        signer_info,
        re.DOTALL,
    )
    assert attribute, f"no signed ESS signingCertificateV2 attribute in the token:\n{signer_info}"
    hashes_in_attribute = re.findall(r"OCTET STRING\s+\[HEX DUMP\]:([0-9A-F]+)", attribute.group(1))
    tsr = decode_timestamp_response((folder / "r.tsr").read_bytes())
    leaf_hash = hashlib.sha256(signer_certificate(tsr).public_bytes(serialization.Encoding.DER)).hexdigest().upper()
    assert hashes_in_attribute[:1] == [leaf_hash], (
        f"the first ESSCertIDv2 certHash is not SHA-256 of the signer's certificate {leaf_hash}:\n{attribute.group(1)}"
    )


def test_openssl_rejects_other_data(openssl_stamp):
    folder = openssl_stamp
    (folder / "other.txt").write_bytes(new_data())
    result = openssl("ts", "-verify", "-data", "other.txt", "-in", "r.tsr", "-CAfile", "root.pem", cwd=folder)
    assert result.returncode != 0, f"openssl verified the token for other data:\n{result.stdout}{result.stderr}"
    assert "Verification: OK" not in result.stdout, result.stdout


def test_openssl_rejects_another_query_for_the_same_data(openssl_stamp):
    """A second query for the same file has another nonce: the reply must not match it."""
    folder = openssl_stamp
    openssl_ok("ts", "-query", "-data", "data.txt", "-sha256", "-cert", "-out", "q2.tsq", cwd=folder)
    result = openssl("ts", "-verify", "-queryfile", "q2.tsq", "-in", "r.tsr", "-CAfile", "root.pem", cwd=folder)
    assert result.returncode != 0, f"openssl accepted the reply for another query:\n{result.stdout}{result.stderr}"


def test_openssl_rejects_another_root(openssl_stamp):
    folder = openssl_stamp
    stranger, _ = fresh_root()
    (folder / "stranger.pem").write_bytes(stranger.public_bytes(serialization.Encoding.PEM))
    result = openssl("ts", "-verify", "-data", "data.txt", "-in", "r.tsr", "-CAfile", "stranger.pem", cwd=folder)
    assert result.returncode != 0, f"openssl verified the token with another root:\n{result.stdout}{result.stderr}"


# MARK: 6. bad requests


@pytest.mark.parametrize("content_type", ["application/octet-stream", "application/json", "text/plain", None])
def test_wrong_content_type_is_415(server, http, tsa_key, content_type):
    body = build_request(new_data()).as_bytes()
    response = post_query(server, http, body, token(tsa_key), content_type=content_type)
    assert_json_error(response, 415)


@pytest.mark.parametrize(
    "headers",
    [{}, {"Authorization": "app-token not-a-real-key"}],
    ids=["no credentials", "unknown key"],
)
def test_credentials_are_required(server, http, headers):
    body = build_request(new_data()).as_bytes()
    response = post_query(server, http, body, headers)
    assert_json_error(response, 401)


@pytest.mark.parametrize(
    "body",
    [b"not a time-stamp request", b"", b"\x30\x03\x02\x01\x01", b"\x30\x82\xff\xff" + b"\x00" * 16],
    ids=["text", "empty", "sequence with only a version", "truncated length"],
)
def test_garbage_body_gets_a_rejection(server, http, tsa_key, body):
    response = post_query(server, http, body, token(tsa_key))
    assert response.status_code == 200, f"{response.status_code} {response.text[:300]}"
    assert response.headers.get("Content-Type", "").split(";")[0].strip() == REPLY_TYPE, response.headers
    tsr = decode_timestamp_response(response.content)
    assert tsr.status == PKIStatus.REJECTION, f"status {tsr.status} for a garbage body"


def test_openssl_reads_the_rejection(server, http, tsa_key, tmp_path):
    """The rejection is a well-formed TimeStampResp without a token: PKIStatus rejection and
    PKIFailureInfo badDataFormat (RFC 3161 section 2.4.2)."""
    response = post_query(server, http, b"not a time-stamp request", token(tsa_key))
    assert response.status_code == 200, f"{response.status_code} {response.text[:300]}"
    (tmp_path / "r.tsr").write_bytes(response.content)
    text = openssl_ok("ts", "-reply", "-in", "r.tsr", "-text", cwd=tmp_path).stdout
    assert re.search(r"^Status: Rejected\.$", text, re.MULTILINE), text
    assert re.search(r"^Failure info: .*(data submitted has the wrong format|bad data format)", text, re.MULTILINE), text
    assert re.search(r"^TST info:\nNot included\.?$", text, re.MULTILINE), text


# MARK: 7. requested policies


def post_openssl_query(server, http, key, folder, *query_args):
    (folder / "data.txt").write_bytes(new_data())
    openssl_ok("ts", "-query", "-data", "data.txt", "-sha256", "-cert", *query_args, "-out", "q.tsq", cwd=folder)
    response = post_query(server, http, (folder / "q.tsq").read_bytes(), token(key))
    assert response.status_code == 200, f"POST {TSA}: {response.status_code} {response.text[:500]}"
    (folder / "r.tsr").write_bytes(response.content)
    return openssl_ok("ts", "-reply", "-in", "r.tsr", "-text", cwd=folder).stdout


def test_requested_tsa_policy_is_granted(server, http, tsa_key, root_pem, tmp_path):
    (tmp_path / "root.pem").write_bytes(root_pem)
    text = post_openssl_query(server, http, tsa_key, tmp_path, "-tspolicy", "1.2.3.4.1")
    assert re.search(r"^Status: Granted\.$", text, re.MULTILINE), text
    result = openssl_ok("ts", "-verify", "-queryfile", "q.tsq", "-in", "r.tsr", "-CAfile", "root.pem", cwd=tmp_path)
    assert "Verification: OK" in result.stdout, result.stdout + result.stderr


def test_other_requested_policy_is_rejected(server, http, tsa_key, tmp_path):
    """RFC 3161 section 2.4.2: a TSA that does not support the requested policy rejects the
    request with unacceptedPolicy; it must not stamp under a policy other than the one asked."""
    text = post_openssl_query(server, http, tsa_key, tmp_path, "-tspolicy", "1.2.3.4.5")
    assert re.search(r"^Status: Rejected\.$", text, re.MULTILINE), text
    assert re.search(r"^Failure info: .*(requested TSA policy is not supported|unaccepted policy)", text, re.MULTILINE), text


# MARK: 8. the operator's policy


@pytest.fixture()
def database():
    """None on SQLite; on PostgreSQL a fresh database for a server of the test's own."""
    yield from scratch_database()


def test_tokens_carry_the_policy_the_operator_configured(tmp_path, database):
    policy = x509.ObjectIdentifier("1.3.6.1.4.1.55555.7")
    server = Server(binary(), tmp_path, database, args=("--tsa-policy", policy.dotted_string))
    server.start()
    try:
        _, key = new_user(server)
        with requests.Session() as http:
            data = new_data()
            tsr = stamp(server, http, key, build_request(data))
            root = x509.load_pem_x509_certificate(http.get(server.url(ROOT_PEM), timeout=TIMEOUT).content)
        assert tsr.tst_info.policy == policy, tsr.tst_info.policy.dotted_string
        verifier([root], policy=policy).verify_message(tsr, data)
        with pytest.raises(VerificationError):
            verifier([root], policy=POLICY).verify_message(tsr, data)
    finally:
        server.stop()
