import Cryptography

/// The device cookie: proof that this browser has logged into an account before, so a stranger
/// failing at that account cannot lock its owner out (OWASP's "device cookies").
///
/// Its value is `ACCOUNT:DEVICE:MAC`: the account name, a random device id (128 bits, hex), and
/// the `AccessKey` MAC of both, so nobody without the server's key can make one. A login that
/// presents a valid one for the account it names is throttled by that device's own failures
/// only (`LoginThrottle`); any other value is ignored, as if there were none.
public struct DeviceCookie: Sendable, Equatable {
    /// The cookie's name.
    public static let name = "pushboard_device"
    /// A year: a person who logs in less often than that is asked no more than a stranger.
    static let maxAge = 365 * 86_400

    /// The account it was issued for.
    public let account: String
    /// The random device id, 32 hex digits: the key of the device's own failure count.
    public let device: String
    /// The value of the cookie.
    public let value: String

    /// A new device cookie for `account`.
    static func issue(for account: String, key: AccessKey) -> DeviceCookie {
        let device = Sodium.hex(Sodium.randomBytes(16))
        return DeviceCookie(account: account, device: device, key: key)
    }

    private init(account: String, device: String, key: AccessKey) {
        self.account = account
        self.device = device
        self.value = account + ":" + device + ":" + key.mac(Self.signed(account, device))
    }

    /// The device cookie in a `Cookie` header, when there is exactly one and its MAC is right.
    static func verified(inCookieHeader header: String, key: AccessKey) -> DeviceCookie? {
        guard let value = CookieHeader.value(named: name, in: header) else { return nil }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].utf8.count == 32, parts[2].utf8.count == 64 else { return nil }
        let cookie = DeviceCookie(account: String(parts[0]), device: String(parts[1]), key: key)
        guard Sodium.constantTimeEqual(Array(cookie.value.utf8), Array(value.utf8)) else { return nil }
        return cookie
    }

    /// The `Set-Cookie` value that stores it: as the session cookie, but kept for `maxAge` and
    /// sent only to `/login`, the one place it is read.
    public func setCookie(secure: Bool) -> String {
        "\(Self.name)=\(value); Path=/login; Max-Age=\(Self.maxAge); HttpOnly; SameSite=Strict"
            + (secure ? "; Secure" : "")
    }

    private static func signed(_ account: String, _ device: String) -> String {
        "pushboard-device:" + account + ":" + device
    }
}
