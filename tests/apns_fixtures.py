"""The local APNs as pytest fixtures: `apns` starts a stand-in (tests/apns_stand_in.py) on
127.0.0.1 with its own test CA and a generated test key registered in it, and stops it after the
test. `run_send` runs `pushboard send` against it with the key's flags."""
import os
import subprocess

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from apns_stand_in import StandIn
from conftest import BINARY, ROOT

KEY_ID = "ABCDE12345"
TEAM_ID = "TEAM123456"
BUNDLE = "com.example.app"


class LocalAPNs:
    """A started stand-in, the test key's file and bytes, and helpers to run the CLI at it."""

    def __init__(self, directory):
        self.directory = directory
        self.stand_in = StandIn(directory).start()
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        self.key_pem = self.private_key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
        self.key_der = self.private_key.private_bytes(
            serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
        self.key_file = directory / "AuthKey_ABCDE12345.p8"
        self.key_file.write_bytes(self.key_pem)
        self.stand_in.add_key(KEY_ID, TEAM_ID, self.private_key.public_key())

    def endpoint_flags(self):
        return ["--apns-sandbox", self.stand_in.sandbox_url, "--apns-production", self.stand_in.production_url,
                "--apns-ca", self.stand_in.ca_file]

    def key_flags(self, scope=None):
        flags = ["--key", str(self.key_file), "--key-id", KEY_ID, "--team-id", TEAM_ID]
        return flags + (["--key-scope", scope] if scope else [])

    def payload_file(self, data, name="payload.json"):
        path = self.directory / name
        path.write_bytes(data)
        return str(path)

    def send(self, payload, devices, *extra, environment="sandbox", env=None, key_flags=None, timeout=60,
             topic=BUNDLE):
        """Runs `pushboard send`; returns the CompletedProcess (stdout, stderr as text)."""
        arguments = [str(BINARY), "send", *self.endpoint_flags(), *(key_flags or self.key_flags()),
                     "--environment", environment, *(["--topic", topic] if topic else []), *extra]
        for device in devices:
            arguments += ["--device", device]
        arguments.append(self.payload_file(payload) if isinstance(payload, bytes) else payload)
        environment_variables = {**os.environ, **(env or {})}
        if not env:
            environment_variables.pop("PUSHBOARD_TEST_NOW", None)
        return subprocess.run(arguments, capture_output=True, text=True, cwd=ROOT, env=environment_variables,
                              timeout=timeout)


@pytest.fixture
def apns(tmp_path):
    local = LocalAPNs(tmp_path)
    yield local
    local.stand_in.stop()
