import APNs
import Foundation

/// An APNs credential as uploaded: a token key's `.p8` with its Key ID, Team ID and scope, a
/// `.p12` with its password, or a PEM holding the certificate and its key. What is sealed at
/// rest is exactly this (`sealedBytes`), and what is opened is read again through the `APNs`
/// module's checks, so a stored credential is never trusted more than an uploaded one.
public enum CredentialUpload: Sendable {
    case token(p8: [UInt8], keyID: String, teamID: String, scope: APNsKeyScope)
    case p12(bytes: [UInt8], password: String)
    case pem(bytes: [UInt8])

    /// The days a certificate must still be valid to be accepted.
    public static let minimumValidDays = 30

    /// `p8`, `p12` or `pem`.
    public var format: String {
        switch self {
        case .token: "p8"
        case .p12: "p12"
        case .pem: "pem"
        }
    }

    /// The credential read and checked: an error at its field (`key`, `keyID`, `teamID`,
    /// `scope`, `certificate`, `password`) for a key that does not parse, an identifier of the
    /// wrong shape, or a certificate that expired or expires within 30 days of `now`.
    public func credential(now: Date = Date()) throws(APNsCredentialError) -> APNsCredential {
        switch self {
        case .token(let p8, let keyID, let teamID, let scope):
            return .token(try APNsTokenKey(p8: p8, keyID: keyID, teamID: teamID, scope: scope))
        case .p12(let bytes, let password):
            return .certificate(try Self.current(APNsCertificate(p12: bytes, password: password), now: now))
        case .pem(let bytes):
            return .certificate(try Self.current(APNsCertificate(pem: bytes), now: now))
        }
    }

    private static func current(_ certificate: APNsCertificate, now: Date) throws(APNsCredentialError)
        -> APNsCertificate
    {
        let day = CalendarDay.text(certificate.expires)
        if certificate.expires <= now {
            throw APNsCredentialError(
                field: "certificate",
                message: "This certificate expired on \(day): create a new one, or use a .p8 key.")
        }
        if certificate.expires.timeIntervalSince(now) < Double(minimumValidDays) * 86_400 {
            throw APNsCredentialError(
                field: "certificate",
                message:
                    "This certificate expires on \(day), within \(minimumValidDays) days: renew it first, or use a .p8 key."
            )
        }
        return certificate
    }

    /// The bytes sealed at rest: a format byte, then the fields, each length-prefixed.
    var sealedBytes: [UInt8] {
        switch self {
        case .token(let p8, _, _, _): [1] + p8
        case .p12(let bytes, let password): [2] + Self.lengthPrefixed(Array(password.utf8)) + bytes
        case .pem(let bytes): [3] + bytes
        }
    }

    /// The upload `sealedBytes` came from, given what the row says in the clear (Key ID, Team
    /// ID, scope); nil when the bytes are not such a form.
    static func reading(_ bytes: [UInt8], keyID: String?, teamID: String?, scope: APNsKeyScope)
        -> CredentialUpload?
    {
        guard let format = bytes.first else { return nil }
        let rest = Array(bytes.dropFirst())
        switch format {
        case 1:
            guard let keyID, let teamID else { return nil }
            return .token(p8: rest, keyID: keyID, teamID: teamID, scope: scope)
        case 2:
            guard rest.count >= 4 else { return nil }
            let length = rest.prefix(4).reduce(0) { $0 << 8 | Int($1) }
            guard rest.count >= 4 + length else { return nil }
            let password = String(decoding: rest[4..<(4 + length)], as: UTF8.self)
            return .p12(bytes: Array(rest.dropFirst(4 + length)), password: password)
        case 3:
            return .pem(bytes: rest)
        default:
            return nil
        }
    }

    private static func lengthPrefixed(_ bytes: [UInt8]) -> [UInt8] {
        let count = UInt32(bytes.count)
        return [
            UInt8(count >> 24 & 0xff), UInt8(count >> 16 & 0xff), UInt8(count >> 8 & 0xff),
            UInt8(count & 0xff),
        ]
            + bytes
    }
}

/// Days as pages and messages show them: `2027-03-01`, in UTC.
enum CalendarDay {
    static func text(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }
}
