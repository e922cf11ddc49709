"""A local APNs for the tests: HTTP/2 over TLS on 127.0.0.1, with a test CA the tests create,
that checks what APNs checks and never contacts Apple.

Two listeners share one state: the sandbox and the production endpoint. Each request is held to
Apple's rules (apns-rules.md §7, §8): the method and path (/3/device/<hex token>, or a broadcast's
/4/broadcasts/apps/<bundle>), the ES256 provider token verified against the registered test key's
public key (`alg`, `kid`, `iss`, `iat`), its age (older than an hour: 403 ExpiredProviderToken), a
new token for the same key sooner than 20 minutes after the previous one on the connection (429
TooManyProviderTokenUpdates), the key's environment and bundle scope, the device token's
environment and app, every apns-* header, and the body's bytes and size (4096; 5120 for voip).

Tests tell it what to answer for a device token (`script`), to never answer one (`hang`), and
read what arrived (`requests`, every header and the body bytes) and how many TLS connections
were made (`connections`). Its clock is real time unless a test sets one (`set_clock`) that
advances a step at each request, in step with the CLI's PUSHBOARD_TEST_NOW.
"""
import base64
import datetime
import ipaddress
import json
import re
import socket
import ssl
import threading
import time
import uuid
from pathlib import Path

import h2.config
import h2.connection
import h2.events
import h2.exceptions
from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.x509.oid import NameOID

PUSH_TYPES = {
    "alert": "", "background": "", "location": ".location-query", "voip": ".voip",
    "complication": ".complication", "fileprovider": ".pushkit.fileprovider", "mdm": None,
    "liveactivity": ".push-type.liveactivity", "pushtotalk": ".voip-ptt", "widgets": ".push-type.widgets",
    "controls": ".push-type.controls",
}
SUFFIXES = sorted((s for s in PUSH_TYPES.values() if s), key=len, reverse=True)
UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
HEX = re.compile(r"^[0-9a-fA-F]+$")


def make_test_ca(directory):
    """A CA and a server certificate for 127.0.0.1 and localhost, written to `directory`:
    returns (ca.pem path, server.pem path, server.key path)."""
    directory = Path(directory)
    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Pushboard test APNs CA")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name)
          .public_key(ca_key.public_key()).serial_number(x509.random_serial_number())
          .not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=2))
          .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
          .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                                       content_commitment=False, key_encipherment=False, data_encipherment=False,
                                       key_agreement=False, encipher_only=False, decipher_only=False), critical=True)
          .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    server = (x509.CertificateBuilder()
              .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
              .issuer_name(ca_name).public_key(key.public_key()).serial_number(x509.random_serial_number())
              .not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=2))
              .add_extension(x509.SubjectAlternativeName(
                  [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
              .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
              .sign(ca_key, hashes.SHA256()))
    (directory / "ca.key").write_bytes(ca_key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    paths = (directory / "ca.pem", directory / "server.pem", directory / "server.key")
    paths[0].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(server.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return tuple(str(p) for p in paths)


TOPICS_OID = x509.ObjectIdentifier("1.2.840.113635.100.6.3.6")
DEVELOPMENT_OID = x509.ObjectIdentifier("1.2.840.113635.100.6.3.1")
PRODUCTION_OID = x509.ObjectIdentifier("1.2.840.113635.100.6.3.2")


def der_utf8_strings(der):
    """The UTF8Strings directly inside the outer SEQUENCE of Apple's topics extension."""
    def element(offset):
        tag, length, start = der[offset], der[offset + 1], offset + 2
        if length & 0x80:
            count = length & 0x7F
            length = int.from_bytes(der[start:start + count], "big")
            start += count
        return tag, start, start + length
    _, start, end = element(0)
    strings = []
    while start < end:
        tag, content, after = element(start)
        if tag == 0x0C:
            strings.append(der[content:after].decode())
        start = after
    return strings


def client_certificate(der):
    """{"topics", "environments"} of a client certificate (APNs' certificate-based auth), or None."""
    if not der:
        return None
    certificate = x509.load_der_x509_certificate(der)
    extensions = {extension.oid: extension.value for extension in certificate.extensions}
    if TOPICS_OID in extensions:
        topics = der_utf8_strings(extensions[TOPICS_OID].value)
    else:
        topics = [a.value for a in certificate.subject.get_attributes_for_oid(NameOID.USER_ID)]
    environments = {name for oid, name in ((DEVELOPMENT_OID, "sandbox"), (PRODUCTION_OID, "production"))
                    if oid in extensions}
    return {"topics": topics, "environments": environments or {"sandbox", "production"},
            "subject": certificate.subject.rfc4514_string()}


def make_client_certificate(ca_file_directory, topics, environments=("sandbox", "production")):
    """A certificate-based APNs credential signed by the stand-in's test CA: returns the PEM of the
    certificate and its key, with Apple's topic and environment extensions."""
    directory = Path(ca_file_directory)
    ca_key = serialization.load_pem_private_key((directory / "ca.key").read_bytes(), None)
    ca = x509.load_pem_x509_certificate((directory / "ca.pem").read_bytes())
    key = ec.generate_private_key(ec.SECP256R1())
    now = datetime.datetime.now(datetime.timezone.utc)
    body = b""
    for topic in topics:
        text = topic.encode()
        body += bytes([0x0C, len(text)]) + text + bytes([0x30, 5, 0x0C, 3]) + b"app"
    builder = (x509.CertificateBuilder()
               .subject_name(x509.Name([x509.NameAttribute(NameOID.USER_ID, topics[0]),
                                        x509.NameAttribute(NameOID.COMMON_NAME, f"Apple Push Services: {topics[0]}")]))
               .issuer_name(ca.subject).public_key(key.public_key()).serial_number(x509.random_serial_number())
               .not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=300))
               .add_extension(x509.UnrecognizedExtension(TOPICS_OID, bytes([0x30, len(body)]) + body), critical=False))
    for oid, name in ((DEVELOPMENT_OID, "sandbox"), (PRODUCTION_OID, "production")):
        if name in environments:
            builder = builder.add_extension(x509.UnrecognizedExtension(oid, b"\x05\x00"), critical=False)
    certificate = builder.sign(ca_key, hashes.SHA256())
    return (certificate.public_bytes(serialization.Encoding.PEM)
            + key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption()))


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class StandIn:
    """The local APNs: `start()`, then `sandbox_url` and `production_url`; `stop()` at the end."""

    def __init__(self, directory):
        self.ca_file, self.cert_file, self.key_file = make_test_ca(directory)
        self.lock = threading.Lock()
        self.keys = {}        # kid -> {"team", "public", "environments", "bundle"}
        self.devices = {}     # token (lower) -> {"environment", "bundle"}
        self.scripts = {}     # token (lower) -> [answer dict, times left]
        self.hung = set()
        self.channels = {}    # channel id -> {"environment", "bundle"}
        self.requests = []
        self.connections = {"sandbox": 0, "production": 0}
        self.clock = None     # (start, step, readings) or None for real time
        self.listeners = []
        self.stopping = False

    # -- what the tests configure ------------------------------------------------------------

    def add_key(self, kid, team, public_key, environments="both", bundle=None):
        with self.lock:
            self.keys[kid] = {"team": team, "public": public_key, "environments": environments, "bundle": bundle}

    def add_device(self, token, environment, bundle):
        with self.lock:
            self.devices[token.lower()] = {"environment": environment, "bundle": bundle}

    def script(self, token, status, reason=None, timestamp=None, retry_after=None, times=None):
        """Answer `status` (and `reason`) for `token`, `times` times (None: always)."""
        answer = {"status": status, "reason": reason, "timestamp": timestamp, "retry_after": retry_after}
        with self.lock:
            self.scripts[token.lower()] = [answer, times]

    def add_channel(self, channel_id, environment, bundle):
        with self.lock:
            self.channels[channel_id] = {"environment": environment, "bundle": bundle}

    def hang(self, token):
        """Never answer a request for `token` (the connection stays open)."""
        with self.lock:
            self.hung.add(token.lower())

    def set_clock(self, start, step=0):
        """The stand-in's now: `start`, advancing `step` seconds at each request."""
        with self.lock:
            self.clock = [start, step, 0]

    # -- running ---------------------------------------------------------------------------------

    def start(self):
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(self.cert_file, self.key_file)
        context.set_alpn_protocols(["h2"])
        # Certificate-based senders present a client certificate signed by the test CA.
        context.verify_mode = ssl.CERT_OPTIONAL
        context.load_verify_locations(self.ca_file)
        self.context = context
        for environment in ("sandbox", "production"):
            listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.bind(("127.0.0.1", 0))
            listener.listen(64)
            self.listeners.append(listener)
            setattr(self, f"{environment}_url", f"https://127.0.0.1:{listener.getsockname()[1]}")
            threading.Thread(target=self._accept, args=(listener, environment), daemon=True).start()
        return self

    def stop(self):
        self.stopping = True
        for listener in self.listeners:
            try:
                listener.close()
            except OSError:
                pass

    def _accept(self, listener, environment):
        while not self.stopping:
            try:
                raw, _ = listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(raw, environment), daemon=True).start()

    def _serve(self, raw, environment):
        try:
            sock = self.context.wrap_socket(raw, server_side=True)
        except (ssl.SSLError, OSError):
            raw.close()
            return
        if sock.selected_alpn_protocol() != "h2":
            sock.close()
            return
        with self.lock:
            self.connections[environment] += 1
            connection_id = sum(self.connections.values())
        state = {"id": connection_id, "environment": environment, "last_iat": {},
                 "certificate": client_certificate(sock.getpeercert(binary_form=True))}
        conn = h2.connection.H2Connection(config=h2.config.H2Configuration(client_side=False, header_encoding=None))
        conn.initiate_connection()
        sock.sendall(conn.data_to_send())
        streams = {}
        try:
            while not self.stopping:
                data = sock.recv(65535)
                if not data:
                    break
                for event in conn.receive_data(data):
                    if isinstance(event, h2.events.RequestReceived):
                        streams[event.stream_id] = {"headers": event.headers, "body": bytearray()}
                    elif isinstance(event, h2.events.DataReceived):
                        streams[event.stream_id]["body"] += event.data
                        conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
                    elif isinstance(event, h2.events.StreamEnded):
                        stream = streams.pop(event.stream_id)
                        answer = self._answer(state, stream["headers"], bytes(stream["body"]))
                        if answer is not None:
                            self._respond(conn, event.stream_id, environment, answer)
                    elif isinstance(event, h2.events.ConnectionTerminated):
                        return
                sock.sendall(conn.data_to_send())
        except (OSError, ssl.SSLError, h2.exceptions.ProtocolError):
            pass
        finally:
            try:
                sock.close()
            except OSError:
                pass

    def _respond(self, conn, stream_id, environment, answer):
        status, reason, headers = answer["status"], answer.get("reason"), answer.get("headers", {})
        response = [(b":status", str(status).encode())]
        response += [(name.encode(), str(value).encode()) for name, value in headers.items()]
        if status == 200:
            conn.send_headers(stream_id, response, end_stream=True)
            return
        body = {"reason": reason}
        if answer.get("timestamp") is not None:
            body["timestamp"] = answer["timestamp"]
        data = json.dumps(body).encode()
        conn.send_headers(stream_id, response + [(b"content-type", b"application/json")])
        conn.send_data(stream_id, data, end_stream=True)

    # -- what APNs checks ------------------------------------------------------------------------

    def _now(self):
        with self.lock:
            if self.clock is None:
                return time.time()
            start, step, readings = self.clock
            self.clock[2] += 1
            return start + step * readings

    def _answer(self, state, raw_headers, body):
        environment = state["environment"]
        headers = [(name.decode("latin-1").lower(), value.decode("latin-1")) for name, value in raw_headers]
        pseudo = dict(h for h in headers if h[0].startswith(":"))
        regular = [h for h in headers if not h[0].startswith(":")]
        names = [name for name, _ in regular]
        fields = dict(regular)
        path = pseudo.get(":path", "")
        token = path[len("/3/device/"):] if path.startswith("/3/device/") else ""
        record = {"connection": state["id"], "environment": environment, "method": pseudo.get(":method"),
                  "path": path, "headers": regular, "body": body, "token": token.lower()}
        now = self._now()

        def done(status, reason=None, **extra):
            record.update(status=status, reason=reason)
            with self.lock:
                self.requests.append(record)
            answer_headers = {"apns-id": fields.get("apns-id") or str(uuid.uuid4())}
            if environment == "sandbox":
                answer_headers["apns-unique-id"] = str(uuid.uuid4())
            if extra.get("retry_after") is not None:
                answer_headers["retry-after"] = extra["retry_after"]
            return {"status": status, "reason": reason, "headers": answer_headers, "timestamp": extra.get("timestamp")}

        if pseudo.get(":method") != "POST":
            return done(405, "MethodNotAllowed")
        broadcast = path.startswith("/4/broadcasts/apps/")
        if not broadcast:
            if path == "/3/device/" or path == "/3/device":
                return done(400, "MissingDeviceToken")
            if not path.startswith("/3/device/"):
                return done(404, "BadPath")
        with self.lock:
            hung = token.lower() in self.hung
            scripted = self.scripts.get(token.lower())
            if scripted is not None and scripted[1] is not None:
                scripted[1] -= 1
                if scripted[1] < 0:
                    scripted = None
        if hung:
            record.update(status=None, reason="hung")
            with self.lock:
                self.requests.append(record)
            return None
        if len(names) != len(set(names)):
            return done(400, "DuplicateHeaders")
        # The provider token.
        authorization = fields.get("authorization", "")
        certificate = state["certificate"]
        record["certificate"] = certificate
        if authorization.startswith("bearer "):
            refusal, key = self._check_token(authorization[len("bearer "):], state, now, environment)
            if refusal:
                return done(*refusal)
        elif certificate is not None:
            # Certificate-based: the topic must be one of the certificate's, in its environments.
            if environment not in certificate["environments"]:
                return done(403, "BadCertificateEnvironment")
            if fields.get("apns-topic", certificate["topics"][0]) not in certificate["topics"]:
                return done(400, "TopicDisallowed")
            key = {"bundle": None}
        else:
            return done(403, "MissingProviderToken")
        if scripted is not None:
            return done(scripted[0]["status"], scripted[0]["reason"], timestamp=scripted[0]["timestamp"],
                        retry_after=scripted[0]["retry_after"])
        # The headers.
        push_type = fields.get("apns-push-type", "alert")
        if push_type not in PUSH_TYPES:
            return done(400, "InvalidPushType")
        if fields.get("apns-priority", "10") not in ("10", "5", "1"):
            return done(400, "BadPriority")
        if "apns-id" in fields and not UUID.match(fields["apns-id"]):
            return done(400, "BadMessageId")
        if "apns-expiration" in fields and not fields["apns-expiration"].isdigit():
            return done(400, "BadExpirationDate")
        if len(fields.get("apns-collapse-id", "").encode()) > 64:
            return done(400, "BadCollapseId")
        if broadcast:
            return done(*self._check_broadcast(path, fields, key, environment, push_type, body))
        topic = fields.get("apns-topic")
        if not topic:
            return done(400, "MissingTopic")
        if not re.match(r"^[A-Za-z0-9.\-]+$", topic):
            return done(400, "BadTopic")
        suffix = PUSH_TYPES[push_type]
        bundle = topic
        for known in SUFFIXES:
            if topic.endswith(known):
                bundle = topic[: -len(known)]
                break
        if suffix and not topic.endswith(suffix):  # None: mdm, a topic from the certificate
            return done(400, "TopicDisallowed" if push_type == "liveactivity" else "DeviceTokenNotForTopic")
        if suffix == "" and bundle != topic:
            return done(400, "DeviceTokenNotForTopic")
        if key["bundle"] is not None and bundle != key["bundle"]:
            return done(400, "TopicDisallowed")
        # The body.
        if not body:
            return done(400, "PayloadEmpty")
        if len(body) > (5120 if push_type == "voip" else 4096):
            return done(413, "PayloadTooLarge")
        # The device.
        if not HEX.match(token) or len(token) % 2:
            return done(400, "BadDeviceToken")
        with self.lock:
            device = self.devices.get(token.lower())
        if device is None or device["environment"] != environment:
            return done(400, "BadDeviceToken")
        if device["bundle"] != bundle:
            return done(400, "DeviceTokenNotForTopic")
        return done(200)

    def _check_broadcast(self, path, fields, key, environment, push_type, body):
        """(status, reason) of a broadcast to /4/broadcasts/apps/<bundle> (apns-rules.md §8)."""
        bundle = path[len("/4/broadcasts/apps/"):]
        if "apns-topic" in fields:
            return 400, "TopicDisallowed"
        if push_type != "liveactivity" or "apns-push-type" not in fields:
            return 400, "MissingPushType"
        channel_id = fields.get("apns-channel-id")
        if not channel_id:
            return 400, "MissingChannelId"
        with self.lock:
            channel = self.channels.get(channel_id)
        if channel is None or channel["environment"] != environment:
            return 400, "ChannelNotRegistered"
        if channel["bundle"] != bundle:
            return 403, "TopicMismatch"
        if key["bundle"] is not None and key["bundle"] != bundle:
            return 400, "TopicDisallowed"
        if len(body) > 5120:
            return 413, "PayloadTooLarge"
        return 200, None

    def _check_token(self, jwt, state, now, environment):
        """(refusal or None, key): the provider token held to APNs' rules."""
        parts = jwt.split(".")
        if len(parts) != 3:
            return (403, "InvalidProviderToken"), None
        try:
            header = json.loads(b64url_decode(parts[0]))
            claims = json.loads(b64url_decode(parts[1]))
            signature = b64url_decode(parts[2])
        except (ValueError, json.JSONDecodeError):
            return (403, "InvalidProviderToken"), None
        if header.get("alg") != "ES256" or len(signature) != 64:
            return (403, "InvalidProviderToken"), None
        with self.lock:
            key = self.keys.get(header.get("kid"))
        if key is None:
            return (403, "InvalidProviderToken"), None
        if claims.get("iss") != key["team"] or not isinstance(claims.get("iat"), int):
            return (403, "InvalidProviderToken"), None
        der = encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big"))
        try:
            key["public"].verify(der, (parts[0] + "." + parts[1]).encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature:
            return (403, "InvalidProviderToken"), None
        iat = claims["iat"]
        if now - iat > 3600:
            return (403, "ExpiredProviderToken"), None
        if iat - now > 300:
            return (403, "InvalidProviderToken"), None
        previous = state["last_iat"].get(header["kid"])
        if previous is not None and iat != previous and iat - previous < 20 * 60:
            return (429, "TooManyProviderTokenUpdates"), None
        state["last_iat"][header["kid"]] = iat
        if key["environments"] not in ("both", environment):
            return (403, "BadEnvironmentKeyInToken"), None
        return None, key

    # -- what the tests read ---------------------------------------------------------------------

    def seen(self):
        with self.lock:
            return list(self.requests)

    def connection_count(self):
        with self.lock:
            return sum(self.connections.values())
