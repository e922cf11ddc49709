import Foundation
import Testing

@testable import Localization

/// A zip of `*.lproj` folders (issue 27), read by the Swift zip reader: deflated and stored
/// entries give the folder's exact bytes and the same catalog as the folder; resource forks and
/// folders are left out; a damaged, cut or foreign archive is refused with what is wrong.
@Suite struct ZipArchiveTests {
    static func folderFiles() throws -> [(path: String, bytes: [UInt8])] {
        try [
            "cs.lproj/Localizable.strings", "en.lproj/Localizable.strings",
            "en.lproj/Localizable.stringsdict",
            "vi.lproj/Localizable.strings",
        ]
        .map { ($0, try CatalogFixtures.bytes("lproj/" + $0)) }
    }

    @Test(arguments: ["lproj-deflated.zip", "lproj-stored.zip"])
    func aZippedFolderGivesTheFolderCatalog(name: String) throws {
        let files = LprojImport.lprojFiles(try ZipArchive.files(try CatalogFixtures.bytes(name)))
        let expected = try Self.folderFiles()
        #expect(files.map(\.path).sorted() == expected.map(\.path))
        for file in expected {
            #expect(files.first { $0.path == file.path }?.bytes == file.bytes)
        }
        let fromZip = try LprojImport(sourceLanguage: "en").catalog(files)
        let fromFolder = try LprojImport(sourceLanguage: "en").catalog(expected)
        #expect(fromZip == fromFolder)
        #expect(fromZip.languages.sorted() == ["cs", "en", "vi"])
    }

    @Test func dynamicFixedAndStoredDeflateBlocksInflate() throws {
        let files = try ZipArchive.files(try CatalogFixtures.bytes("lproj-deflated.zip"))
        let big = try #require(files.first { $0.path == "Shop/notes/big.txt" })
        #expect(big.bytes.count == 59505)  // CRC-32 checked by the reader too
        let level0 = try #require(files.first { $0.path == "Shop/notes/level0.txt" })
        #expect(level0.bytes == Array(big.bytes.prefix(5000)))
        #expect(!files.contains { $0.path.hasPrefix("__MACOSX/") })
    }

    @Test func aDamagedArchiveIsRefusedSayingWhy() throws {
        let archive = try CatalogFixtures.bytes("lproj-deflated.zip")
        func fault(_ bytes: [UInt8]) -> String {
            do {
                _ = try ZipArchive.files(bytes)
                return ""
            } catch {
                return error.message
            }
        }
        #expect(fault(Array("not a zip at all, but long enough".utf8)).contains("not a zip archive"))
        #expect(fault([]).contains("too short"))
        // A byte of the first entry's compressed data flipped: it no longer inflates, or its CRC fails.
        var flipped = archive
        flipped[30 + "Shop/Resources/cs.lproj/Localizable.strings".utf8.count + 10] ^= 0x55
        let message = fault(flipped)
        #expect(message.contains("does not inflate") || message.contains("is damaged"))
        #expect(message.contains("cs.lproj/Localizable.strings"))
        // Cut in the middle: the end of the central directory is gone.
        #expect(fault(Array(archive.prefix(archive.count / 2))).contains("not a zip archive"))
        // Every prefix and a few byte flips: an answer or a fault, never a crash.
        for length in stride(from: 0, to: archive.count, by: 97) {
            _ = fault(Array(archive.prefix(length)))
        }
        for index in stride(from: 0, to: archive.count, by: 31) {
            var damaged = archive
            damaged[index] ^= 0xFF
            _ = fault(damaged)
        }
    }

    @Test func inflateRefusesMalformedStreams() throws {
        #expect(throws: Inflater.Fault.badBlockType) { try Inflater.inflate([0x07], limit: 10) }
        #expect(throws: Inflater.Fault.storedLengthMismatch) {
            try Inflater.inflate([0x01, 0x02, 0x00, 0x00, 0x00], limit: 10)
        }
        #expect(throws: Inflater.Fault.truncated) {
            try Inflater.inflate([0x01, 0x05, 0x00, 0xFA, 0xFF, 0x41], limit: 10)
        }
        #expect(throws: Inflater.Fault.tooLarge) {
            try Inflater.inflate([0x01, 0x03, 0x00, 0xFC, 0xFF, 0x41, 0x42, 0x43], limit: 2)
        }
        #expect(
            try Inflater.inflate([0x01, 0x03, 0x00, 0xFC, 0xFF, 0x41, 0x42, 0x43], limit: 3)
                == Array("ABC".utf8))
    }
}
