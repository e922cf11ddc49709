import Testing

@testable import MHDServer

/// The byte classes are bit sets; these compare them, byte by byte over all 256, with the
/// grammar's own lists, so a wrong mask bit cannot let a byte through or refuse one.
@Suite struct HTTPSyntaxTests {
    static let letters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)

    @Test func aTokenByteIsExactlyALetterADigitOrATcharSymbol() {
        let tchar = Self.letters.union("!#$%&'*+-.^_`|~".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(HTTPSyntax.isToken(byte) == tchar.contains(byte), "byte \(byte)")
        }
    }

    @Test func aHostNameByteIsExactlyUnreservedOrASubDelimiter() {
        let host = Self.letters.union("-._~!$&'()*+,;=".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(HTTPSyntax.isHostName(byte) == host.contains(byte), "byte \(byte)")
        }
    }

    @Test func aSetHoldsItsMembersAtBothEndsOfEachMask() {
        let set = ASCIISet(low: 1 | 1 << 63, high: 1 | 1 << 63)
        for byte in [UInt8(0), 63, 64, 127] { #expect(set.contains(byte)) }
        for byte in [UInt8(1), 62, 65, 126, 128, 255] { #expect(!set.contains(byte)) }
    }
}
