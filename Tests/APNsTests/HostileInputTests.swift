import Foundation
import Testing

@testable import APNs

/// Uploads are hostile input: every cut and every flipped byte of a key, a certificate or a
/// topics extension is an error at a field (or a read), never a crash.
@Suite struct HostileInputTests {
    /// Every prefix of `bytes` (in steps), and `bytes` with one byte flipped at each step.
    static func variants(of bytes: [UInt8], step: Int) -> [[UInt8]] {
        var out: [[UInt8]] = []
        for cut in stride(from: 0, to: bytes.count, by: step) { out.append(Array(bytes[..<cut])) }
        for index in stride(from: 0, to: bytes.count, by: step) {
            var flipped = bytes
            flipped[index] ^= 0x5A
            out.append(flipped)
        }
        return out
    }

    @Test func damagedKeysAreErrorsAtTheKeyField() {
        for variant in Self.variants(of: Fixtures.bytes("key.p8"), step: 7) {
            do {
                _ = try APNsTokenKey(p8: variant, keyID: Fixtures.keyID, teamID: Fixtures.teamID)
            } catch {
                #expect(error.field == "key")
            }
        }
    }

    @Test func damagedCertificatesAreErrorsAtTheirFields() {
        for variant in Self.variants(of: Fixtures.bytes("universal.p12"), step: 23) {
            do {
                _ = try APNsCertificate(p12: variant, password: "fixture-password")
            } catch {
                #expect(["certificate", "password"].contains(error.field))
            }
        }
        for variant in Self.variants(of: Fixtures.bytes("universal.pem"), step: 41) {
            do {
                _ = try APNsCertificate(pem: variant)
            } catch {
                #expect(error.field == "certificate")
            }
        }
    }

    @Test func aDamagedTopicsExtensionReadsWhatItCan() {
        let topics: [UInt8] =
            [0x30, 0x0B, 0x0C, 0x03] + Array("a.b".utf8) + [0x30, 0x04, 0x0C, 0x02, 0x61, 0x70]
        #expect(DERStrings.utf8Strings(topics) == ["a.b"])
        for variant in Self.variants(of: topics, step: 1) {
            _ = DERStrings.utf8Strings(variant)
        }
        #expect(DERStrings.utf8Strings([0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF]) == [])
        #expect(DERStrings.utf8Strings([0x30, 0x85, 1, 2, 3, 4, 5]) == [])
    }
}
