import Cryptography
import Testing

@testable import MediaCheck

/// The content-hash image cache and the digest it names copies by.
@Suite struct CacheTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func digestMatchesTheStandardVectors(_ text: String, _ hex: String) {
        #expect(Sodium.sha256Hex(Array(text.utf8)) == hex)
    }

    @Test func storesOnlyRasterTypesThatAreWhatTheySay() {
        let cache = ImageCache(capacity: 1 << 20)
        let png = MediaBytes.png(width: 2, height: 2)
        let digest = cache.store(png, as: .png)
        #expect(digest == Sodium.sha256Hex(png))
        #expect(cache.entry(digest ?? "")?.bytes == png)
        #expect(cache.store(MediaBytes.ascii("<svg/>"), as: .svg) == nil)
        #expect(cache.store(MediaBytes.ascii("<html>"), as: .png) == nil)
        #expect(cache.store(MediaBytes.heic(width: 2, height: 2), as: .heic) == nil)
        #expect(cache.store(png, as: .jpeg) == nil)
    }

    @Test func evictsOldestFirstWithinTheBudget() {
        let cache = ImageCache(capacity: 3000)
        let images = (1...4).map { MediaBytes.png(width: $0, height: 1) + [UInt8](repeating: 0, count: 967) }
        let digests = images.map { cache.store($0, as: .png) }
        #expect(cache.entry(digests[0]!) == nil)
        #expect(digests[1...].allSatisfy { cache.entry($0!) != nil })
        #expect(cache.storedBytes == 3000)
        #expect(cache.store([UInt8](repeating: 0, count: 4000), as: .png) == nil)
    }
}
