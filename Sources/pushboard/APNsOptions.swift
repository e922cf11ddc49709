import APNs
import APNsWorkspace
import Foundation
import Synchronization

/// The options `send`, `apns-keys check` and `apns-keys add` share: the credential (a .p8 key with its Key ID
/// and Team ID and scope, or a certificate), the APNs endpoints, and the test clock.
enum APNsOptions {
    /// Options that take a value.
    static let valueOptions: Set<String> = [
        "key", "key-id", "team-id", "key-scope", "key-bundle", "certificate", "password-file", "apns-sandbox",
        "apns-production", "apns-ca", "config",
    ]

    /// The help lines for the credential and endpoint options.
    static let help = """
          --key FILE.p8          the team's token-signing key (PKCS#8 PEM, P-256)
          --key-id ID            its Key ID (10 characters, A-Z and 0-9)
          --team-id ID           the Team ID (10 characters, A-Z and 0-9)
          --key-scope ENV        the key's environments as Apple issued it: both (default), sandbox
                                 or production
          --key-bundle ID        the one bundle ID a topic-specific key may push to
          --certificate FILE     a .p12 (with --password-file) or a PEM holding certificate and key
          --password-file FILE   the .p12's password, its first line (never an argument)
          --apns-sandbox URL     the sandbox endpoint (default https://api.sandbox.push.apple.com)
          --apns-production URL  the production endpoint (default https://api.push.apple.com)
          --apns-ca FILE         trust this CA (PEM) for the endpoints instead of the system's store
          --config FILE          read apns-sandbox, apns-production and apns-ca from serve's config file
        """

    /// The arguments with a `--config` file's APNs settings filling what the command line did
    /// not give.
    static func withConfigFile(_ arguments: ParsedArguments) throws -> ParsedArguments {
        guard let path = arguments["config"] else { return arguments }
        let names: Set<String> = ["apns-sandbox", "apns-production", "apns-ca"]
        return arguments.filling(try ServeConfigFile.read(path).filter { names.contains($0.key) })
    }

    /// The key or certificate the options name, as read from its files: the one reading of
    /// `--key`/`--certificate` and their companions, for a send (`credential`) and for storing
    /// one (`apns-keys add`). A file that cannot be read is an I/O error.
    static func upload(_ arguments: ParsedArguments) throws -> CredentialUpload {
        switch (arguments["key"], arguments["certificate"]) {
        case (let keyFile?, nil):
            guard let keyID = arguments["key-id"], let teamID = arguments["team-id"] else {
                throw UsageError("--key needs --key-id and --team-id")
            }
            let scopeName = arguments["key-scope"] ?? "both"
            guard let environments = APNsKeyScope.Environments(rawValue: scopeName) else {
                throw UsageError("--key-scope must be both, sandbox or production, not '\(scopeName)'")
            }
            return .token(
                p8: try readInput(keyFile, maximumBytes: 64 * 1024), keyID: keyID, teamID: teamID,
                scope: APNsKeyScope(environments: environments, bundleID: arguments["key-bundle"]))
        case (nil, let certificateFile?):
            let bytes = try readInput(certificateFile, maximumBytes: 256 * 1024)
            guard let passwordFile = arguments["password-file"] else { return .pem(bytes: bytes) }
            let text = String(decoding: try readInput(passwordFile, maximumBytes: 4096), as: UTF8.self)
            let line = text.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
            return .p12(bytes: bytes, password: String(line.hasSuffix("\r") ? line.dropLast() : line))
        case (nil, nil):
            throw UsageError("give --key FILE.p8 (with --key-id and --team-id) or --certificate FILE")
        default: throw UsageError("give --key or --certificate, not both")
        }
    }

    /// The credential the options name; a credential that does not parse is a
    /// `CredentialFailure` (exit 1) naming its option. Unlike storing one, a send takes a
    /// certificate close to its expiry (the doctor warns).
    static func credential(_ arguments: ParsedArguments) throws -> APNsCredential {
        do {
            switch try upload(arguments) {
            case .token(let p8, let keyID, let teamID, let scope):
                return .token(try APNsTokenKey(p8: p8, keyID: keyID, teamID: teamID, scope: scope))
            case .p12(let bytes, let password):
                return .certificate(try APNsCertificate(p12: bytes, password: password))
            case .pem(let bytes):
                return .certificate(try APNsCertificate(pem: bytes))
            }
        } catch let error as APNsCredentialError {
            throw CredentialFailure(error: error)
        }
    }

    /// The endpoints the options name (Apple's by default); a malformed URL is a usage error.
    static func endpoints(_ arguments: ParsedArguments) throws -> APNsEndpoints {
        let endpoints = APNsEndpoints(
            sandbox: arguments["apns-sandbox"] ?? APNsEndpoints.apple.sandbox,
            production: arguments["apns-production"] ?? APNsEndpoints.apple.production,
            caFile: arguments["apns-ca"])
        if let problem = endpoints.problem() { throw UsageError(problem) }
        if let caFile = endpoints.caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            throw InputOutputError(message: "cannot read the CA file \(caFile)")
        }
        return endpoints
    }

    /// The trust store the doctor checks: the system's, or the `--apns-ca` file that replaces it.
    static func trustStore(_ endpoints: APNsEndpoints) -> APNsTrustStore {
        guard let caFile = endpoints.caFile else { return .system() }
        return APNsTrustStore(hasAPNsRoot: true, source: "\(caFile), given by --apns-ca")
    }

    /// The clock: the real one, or in tests `PUSHBOARD_TEST_NOW=SECONDS[+STEP]` (UNIX seconds,
    /// advancing STEP seconds at each reading), honoured only when both endpoints are someone
    /// else's than Apple's and a test CA is given, so it can never age a token sent to Apple.
    static func clock(_ endpoints: APNsEndpoints) -> @Sendable () -> Date {
        guard let setting = ProcessInfo.processInfo.environment["PUSHBOARD_TEST_NOW"],
            endpoints.caFile != nil,
            endpoints.sandbox != APNsEndpoints.apple.sandbox,
            endpoints.production != APNsEndpoints.apple.production
        else { return Date.init }
        let parts = setting.split(separator: "+", maxSplits: 1).map { Double($0) }
        guard let start = parts.first ?? nil else { return Date.init }
        let step = parts.count > 1 ? parts[1] ?? 0 : 0
        let readings = TestClockReadings()
        return { Date(timeIntervalSince1970: start + step * Double(readings.next())) }
    }

    /// The doctor's findings as lines for standard error.
    static func describe(_ finding: APNsDoctorFinding) -> String {
        "doctor: \(finding.severity.rawValue): \(finding.message) [\(finding.code)]"
    }
}

/// How many times the test clock was read.
private final class TestClockReadings: Sendable {
    private let count = Atomic<Int>(0)

    /// The number of readings before this one.
    func next() -> Int {
        count.add(1, ordering: .relaxed).oldValue
    }
}

/// A credential that does not parse: exit status 1, the message at its option.
struct CredentialFailure: Error {
    let error: APNsCredentialError

    /// "--key-id: the Key ID has 9 characters; …".
    var message: String {
        let option =
            [
                "key": "--key", "keyID": "--key-id", "teamID": "--team-id", "scope": "--key-bundle",
                "certificate": "--certificate", "password": "--password-file",
            ][error.field] ?? error.field
        return "\(option): \(error.message)"
    }
}
