import Testing

@testable import MediaCheck

/// Sniffing, header facts and the per-kind budget, all on bytes built in the test.
@Suite struct InspectionTests {
    @Test(arguments: [
        (MediaBytes.jpeg(width: 4, height: 2), MediaType.jpeg), (MediaBytes.png(width: 1, height: 1), .png),
        (MediaBytes.gif(width: 1, height: 1, frames: 1), .gif),
        (MediaBytes.webpExtended(width: 2, height: 1), .webp),
        (MediaBytes.heic(width: 4032, height: 3024), .heic), (MediaBytes.isoMedia(brand: "M4A "), .m4a),
        (MediaBytes.isoMedia(brand: "isom"), .mp4), (MediaBytes.isoMedia(brand: "qt  "), .mov),
        (MediaBytes.ascii("ID3\u{4}\0\0\0\0\0\0"), .mp3), ([0xFF, 0xFB, 0x90, 0x64], .mp3),
        (MediaBytes.ascii("RIFF\0\0\0\0WAVEfmt "), .wav), (MediaBytes.ascii("FORM\0\0\0\0AIFFCOMM"), .aiff),
        (MediaBytes.ascii("RIFF\0\0\0\0AVI LIST"), .avi), ([0, 0, 1, 0xBA, 0x44], .mpeg),
        (MediaBytes.ascii("<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), .svg),
        (MediaBytes.ascii("\u{FEFF}  <?xml version=\"1.0\"?>\n<svg/>"), .svg),
        (MediaBytes.ascii("<!DOCTYPE html><title>x</title>"), .html), (MediaBytes.ascii("<HTML>"), .html),
        (MediaBytes.ascii("<?xml version=\"1.0\"?><x:script/>"), .html),
    ])
    func sniffsTheRealType(_ bytes: [UInt8], _ expected: MediaType) {
        #expect(MediaSniffer.sniff(bytes) == expected)
    }

    @Test(arguments: [MediaBytes.ascii("hello"), [], [0xFF, 0xD8], MediaBytes.ascii("RIFF\0\0\0\0XXXX")])
    func unknownBytesAreNoType(_ bytes: [UInt8]) {
        #expect(MediaSniffer.sniff(bytes) == nil)
    }

    @Test(arguments: [
        (MediaBytes.png(width: 1200, height: 600), MediaType.png, ImageFacts(width: 1200, height: 600)),
        (MediaBytes.jpeg(width: 1024, height: 768), .jpeg, ImageFacts(width: 1024, height: 768)),
        (
            MediaBytes.gif(width: 40, height: 20, frames: 3), .gif,
            ImageFacts(width: 40, height: 20, frames: 3)
        ),
        (MediaBytes.gif(width: 7, height: 9, frames: 1), .gif, ImageFacts(width: 7, height: 9)),
        (MediaBytes.webpExtended(width: 800, height: 400), .webp, ImageFacts(width: 800, height: 400)),
        (MediaBytes.webpLossless(width: 300, height: 150), .webp, ImageFacts(width: 300, height: 150)),
        (MediaBytes.heic(width: 4032, height: 3024), .heic, ImageFacts(width: 4032, height: 3024)),
        (MediaBytes.movie(width: 1920, height: 1080), .mp4, ImageFacts(width: 1920, height: 1080)),
    ])
    func readsPixelSizeAndFrames(_ bytes: [UInt8], _ type: MediaType, _ expected: ImageFacts) {
        #expect(ImageFacts.read(bytes, as: type) == expected)
    }

    /// Every cut of a header is nil or a size, never a trap.
    @Test func truncatedHeadersNeverTrap() {
        let files: [([UInt8], MediaType)] = [
            (MediaBytes.png(width: 5, height: 5), .png), (MediaBytes.jpeg(width: 5, height: 5), .jpeg),
            (MediaBytes.gif(width: 5, height: 5, frames: 2), .gif),
            (MediaBytes.heic(width: 5, height: 5), .heic),
            (MediaBytes.webpExtended(width: 5, height: 5), .webp),
            (MediaBytes.movie(width: 5, height: 5), .mov),
        ]
        for (bytes, type) in files {
            for length in 0..<bytes.count {
                let facts = ImageFacts.read(Array(bytes.prefix(length)), as: type)
                #expect(facts == nil || facts!.width > 0)
            }
        }
        #expect(ImageFacts.read(MediaBytes.jpeg(width: 0, height: 5), as: .jpeg) == nil)
    }

    @Test func budgetKeepsAWholeImageButOnlyCountsAudio() {
        let image = MediaBytes.png(width: 2, height: 1) + [UInt8](repeating: 7, count: 200_000)
        var imageBudget = BodyBudget(declaredLength: image.count)
        for start in stride(from: 0, to: image.count, by: 16384) {
            let chunk = Array(image[start..<min(start + 16384, image.count)])
            #expect(chunk.withUnsafeBytes { imageBudget.append($0) } == nil)
        }
        #expect(imageBudget.kept == image)
        let audio = MediaBytes.isoMedia(brand: "M4A ") + [UInt8](repeating: 1, count: 200_000)
        var audioBudget = BodyBudget(declaredLength: audio.count)
        var stop: BodyBudget.Stop?
        for start in stride(from: 0, to: audio.count, by: 16384) where stop == nil {
            stop = Array(audio[start..<min(start + 16384, audio.count)]).withUnsafeBytes {
                audioBudget.append($0)
            }
        }
        #expect(stop == .enough)
        #expect(audioBudget.kept.count == BodyBudget.prefixKept)
        #expect(audioBudget.sniffed == .m4a)
    }

    @Test func budgetStopsOnceOverTheKindsLimit() {
        var declared = BodyBudget(declaredLength: 6 << 20)
        let head = MediaBytes.ascii("ID3\u{4}") + [UInt8](repeating: 0, count: 1000)
        #expect(head.withUnsafeBytes { declared.append($0) } == .tooLarge(bytes: 6 << 20))
        var counted = BodyBudget(declaredLength: nil)
        let chunk = MediaBytes.jpeg(width: 1, height: 1) + [UInt8](repeating: 0, count: 1 << 20)
        var stop: BodyBudget.Stop?
        var sent = 0
        while stop == nil, sent < 20 << 20 {
            stop = chunk.withUnsafeBytes { counted.append($0) }
            sent += chunk.count
        }
        guard case .tooLarge(let bytes) = stop else {
            Issue.record("no stop: \(String(describing: stop))")
            return
        }
        #expect(bytes > 10 << 20 && bytes < 12 << 20)
        #expect(counted.kept.count <= 10 << 20)
    }
}
