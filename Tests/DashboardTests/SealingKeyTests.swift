import APNsWorkspace
import Cryptography
import Foundation
import Testing

/// The key that seals the workspace's APNs keys: a box opens only under its key, the key file
/// is created 0600 (and never with wider bits), the service manager's credential wins, and a
/// missing or wrong-sized file is an error naming it, not a crash.
@Suite struct SealingKeyTests {
    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "pushboard-sealing-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aBoxOpensUnderItsKeyOnlyAndHoldsNoPlaintext() throws {
        let key = SealingKey.ephemeral()
        let secret = Array("-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMG\n-----END PRIVATE KEY-----".utf8)
        let box = key.seal(secret)
        #expect(box.count == secret.count + Sodium.secretBoxOverhead)
        #expect(!String(decoding: box, as: UTF8.self).contains("PRIVATE KEY"))
        #expect(key.open(box) == secret)
        #expect(SealingKey.ephemeral().open(box) == nil)
        var changed = box
        changed[changed.count - 1] ^= 1
        #expect(key.open(changed) == nil)
        #expect(key.open([1, 2, 3]) == nil)
        // Two seals of one secret differ (a fresh nonce each time).
        #expect(key.seal(secret) != box)
    }

    @Test func theKeyFileIsCreatedOnceWithMode0600() throws {
        let directory = try Self.directory()
        #expect(try SealingKey.existing(dataDirectory: directory, environment: [:]) == nil)
        let key = try SealingKey.existingOrCreated(dataDirectory: directory, environment: [:])
        let path = directory + "/" + SealingKey.fileName
        #expect(key.path == path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect((attributes[.size] as? Int) == Sodium.secretBoxKeyLength)
        // Read again, the same key: a box sealed before opens after.
        let box = key.seal([7, 7, 7])
        let again = try #require(try SealingKey.existing(dataDirectory: directory, environment: [:]))
        #expect(again.open(box) == [7, 7, 7])
        #expect(again.fingerprint == key.fingerprint)
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [SealingKey.fileName])
    }

    @Test func theServiceManagersCredentialWinsOverTheDataDirectory() throws {
        let directory = try Self.directory()
        let credentials = try Self.directory()
        let given = Sodium.randomBytes(Sodium.secretBoxKeyLength)
        _ = FileManager.default.createFile(
            atPath: credentials + "/" + SealingKey.credentialName, contents: Data(given))
        let environment = ["CREDENTIALS_DIRECTORY": credentials]
        let key = try SealingKey.existingOrCreated(dataDirectory: directory, environment: environment)
        #expect(key.path == credentials + "/" + SealingKey.credentialName)
        #expect(!FileManager.default.fileExists(atPath: directory + "/" + SealingKey.fileName))
        #expect(key.open(Sodium.seal([1], key: given)) == [1])
    }

    @Test func aKeyFileOfTheWrongSizeIsAnErrorNamingIt() throws {
        let directory = try Self.directory()
        let path = directory + "/" + SealingKey.fileName
        _ = FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3]))
        #expect(throws: SealingKeyError(path: path, message: "holds 3 bytes, not 32")) {
            try SealingKey.existingOrCreated(dataDirectory: directory, environment: [:])
        }
    }
}
