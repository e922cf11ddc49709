import ImageFormats
import Testing

@testable import Storage

/// The app identity's limits (name length, bundle-ID characters, the icon's PNG structure,
/// squareness, side and file size) and the settings store keeping them across reopening.
@Suite struct WorkspaceSettingsTests {
    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)[...]) == 0xCBF4_3926)
    }

    @Test(arguments: [40, 64, 180, 1024])
    func squarePNGWithinTheSideLimitsIsTaken(side: Int) throws {
        let png = TestPNG.make(width: side, height: side, depth: side > 256 ? 1 : 8)
        let icon = try AppIcon(png: png)
        #expect(icon.side == side)
        #expect(icon.png == png)
    }

    static let refusals: [(String, [UInt8], String)] = [
        ("empty", [], "empty file"),
        ("JPEG", [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 40), "must be a PNG file"),
        ("39 px", TestPNG.make(width: 39, height: 39), "each side must be 40 to 1024 pixels"),
        (
            "1025 px", TestPNG.make(width: 1025, height: 1025, dataRows: 2),
            "each side must be 40 to 1024 pixels"
        ),
        ("not square", TestPNG.make(width: 64, height: 65), "must be square; it is 64 × 65 pixels"),
        (
            "over 256 KB",
            TestPNG.make(width: 64, height: 64, extra: [("tEXt", [UInt8](repeating: 65, count: 262_144))]),
            "the limit is 262144 bytes (256 KB)"
        ),
        ("cut short", Array(TestPNG.make(width: 64, height: 64).dropLast(6)), "not a valid PNG file"),
        ("bytes after IEND", TestPNG.make(width: 64, height: 64) + [0], "bytes follow IEND"),
        (
            "no IDAT",
            PNGImage.signature + TestPNG.chunk("IHDR", TestPNG.be32(64) + TestPNG.be32(64) + [8, 0, 0, 0, 0])
                + TestPNG.chunk("IEND", []), "no image data"
        ),
        ("IHDR not first", PNGImage.signature + TestPNG.chunk("IEND", []), "first chunk is not IHDR"),
        (
            "bad bit depth",
            PNGImage.signature
                + TestPNG.chunk("IHDR", TestPNG.be32(64) + TestPNG.be32(64) + [3, 0, 0, 0, 0]),
            "IHDR header is invalid"
        ),
    ]

    @Test(arguments: refusals)
    func anythingElseIsRefusedNamingTheLimit(name: String, png: [UInt8], message: String) {
        #expect(throws: SettingsError.self, "\(name)") { try AppIcon(png: png) }
        do {
            _ = try AppIcon(png: png)
        } catch {
            #expect(error.field == "appIcon")
            #expect(error.message.contains(message), "\(name): \(error.message)")
        }
    }

    /// Issue 23 item 12: sound chunks and CRCs around image data that does not inflate to the
    /// image (not zlib at all, cut short, or longer than the rows) draw a broken image everywhere.
    @Test(arguments: [
        (
            "not zlib",
            TestPNG.make(width: 48, height: 48, extra: []).replacingIDAT(
                with: [UInt8](repeating: 7, count: 64)), "does not inflate"
        ),
        ("cut short", TestPNG.make(width: 48, height: 48, dataRows: 47), "holds 2303 of the 2352 bytes"),
        (
            "too long", TestPNG.make(width: 47, height: 48).replacingIHDRHeight(with: 47),
            "longer than the image"
        ),
    ])
    func imageDataThatDoesNotInflateToTheImageIsRefused(name: String, png: [UInt8], message: String) {
        do {
            _ = try AppIcon(png: png)
            Issue.record("\(name) was accepted")
        } catch {
            #expect(error.message.contains(message), "\(name): \(error.message)")
        }
    }

    @Test func aFlippedByteFailsTheChunkChecksum() throws {
        var png = TestPNG.make(width: 64, height: 64)
        png[png.count - 20] ^= 0x01
        #expect(
            throws: SettingsError(
                field: "appIcon",
                message: "The app icon is not a valid PNG file: the IDAT chunk's checksum is wrong.")
        ) {
            try AppIcon(png: png)
        }
    }

    @Test func entityTagFollowsTheBytes() throws {
        let first = try AppIcon(png: TestPNG.make(width: 40, height: 40))
        let second = try AppIcon(png: TestPNG.make(width: 41, height: 41))
        #expect(first.entityTag.count == 18 && first.entityTag.hasPrefix("\""))
        #expect(first.entityTag != second.entityTag)
        #expect(first.entityTag == (try AppIcon(png: TestPNG.make(width: 40, height: 40))).entityTag)
    }

    @Test(
        arguments: [
            ("Zprávy", "Zprávy"), ("  News  ", "News"), ("", nil), ("   ", nil),
            (String(repeating: "é", count: 64), String(repeating: "é", count: 64)),
            (String(repeating: "👩‍👩‍👧", count: 64), String(repeating: "👩‍👩‍👧", count: 64)),
        ] as [(String, String?)])
    func appNamesUpTo64CharactersAreTaken(text: String, expected: String?) throws {
        #expect(try WorkspaceSettings.checkedAppName(text) == expected)
    }

    @Test func appNameLimits() {
        #expect(
            throws: SettingsError(
                field: "appName", message: "The app name is 65 characters; the limit is 64.")
        ) { try WorkspaceSettings.checkedAppName(String(repeating: "a", count: 65)) }
        #expect(throws: SettingsError.self) { try WorkspaceSettings.checkedAppName("News\u{7}") }
        #expect(throws: SettingsError.self) { try WorkspaceSettings.checkedAppName("Two\nlines") }
    }

    @Test(arguments: ["com.example.news", "com.Example-1.App", "news", "a-b.c9"])
    func bundleIDsOfTheAllowedCharactersAreTaken(identifier: String) throws {
        #expect(try WorkspaceSettings.checkedBundleID(" \(identifier) ") == identifier)
    }

    @Test(arguments: [
        ("com.example news", "only A–Z"), ("com.příklad", "only A–Z"), ("com_example", "only A–Z"),
        ("com/example", "only A–Z"), (".com.example", "period"), ("com..example", "period"),
        ("com.example.", "period"), (String(repeating: "a", count: 256), "the limit is 255"),
    ])
    func otherBundleIDsAreRefused(identifier: String, message: String) {
        do {
            _ = try WorkspaceSettings.checkedBundleID(identifier)
            Issue.record("\(identifier) was taken")
        } catch {
            #expect(error.field == "appBundleID")
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test(arguments: StoreBackend.allCases) func storeKeepsSettingsAcrossReopeningAndClearsNil(
        _ backend: StoreBackend
    ) throws {
        let directory = try TemporaryDirectory()
        let store = try backend.open(in: directory)
        #expect(try store.settings.settings() == WorkspaceSettings())
        let icon = try AppIcon(png: TestPNG.make(width: 48, height: 48))
        let settings = WorkspaceSettings(appName: "Zprávy", appIcon: icon, appBundleID: "cz.example.zpravy")
        try store.settings.save(settings, by: "anna")
        #expect(try backend.reopen(store, in: directory).settings.settings() == settings)

        try store.settings.save(WorkspaceSettings(appName: "Zprávy"), by: "anna")
        #expect(try store.settings.settings() == WorkspaceSettings(appName: "Zprávy"))
        let rows = try store.database.withSession { try $0.integer("SELECT count(*) FROM settings") }
        #expect(rows == 1)
        let author = try store.database.withSession { connection in
            try connection.queryFirst("SELECT updated_by FROM settings", row: { $0.text(0) })
        }
        #expect(author == "anna")
    }

    @Test(arguments: StoreBackend.allCases) func concurrentUpdatesOfDifferentFieldsKeepEachOther(
        _ backend: StoreBackend
    ) throws {
        let directory = try TemporaryDirectory()
        let store = try backend.open(in: directory).settings
        let icon = try AppIcon(png: TestPNG.make(width: 48, height: 48))
        runOnThreads(8) { index in
            for round in 0..<10 {
                _ = try? store.update(by: "thread \(index)") { settings in
                    if index % 2 == 0 {
                        settings.appName = "Name \(index)-\(round)"
                    } else {
                        settings.appIcon = icon
                        settings.appBundleID = "com.example.t\(index)"
                    }
                }
            }
        }
        let final = try store.settings()
        #expect(final.appName?.hasPrefix("Name ") == true)
        #expect(final.appIcon == icon)
        #expect(final.appBundleID?.hasPrefix("com.example.t") == true)
    }

    @Test func settingsTableIsTheLastMigration() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(directory: directory.path)
        #expect(try store.file!.schemaVersion() == Schema.latestVersion)
        let columns = try store.file!.withConnection { connection in
            try connection.query("SELECT name FROM pragma_table_info('settings') ORDER BY cid") { $0.text(0) }
        }
        #expect(columns == ["key", "value", "updated_at", "updated_by"])
    }
}
