/// Hand-built file headers for the inspection tests: the smallest byte sequences that are the
/// format as far as sniffing and the header readers are concerned.
enum MediaBytes {
    static func bigEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - $0))) }
    }

    static func littleEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func png(width: Int, height: Int) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13, 4) + ascii("IHDR")
            + bigEndian(width, 4) + bigEndian(height, 4) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }

    /// A JPEG with an APP0 and a DQT segment before the baseline start-of-frame.
    static func jpeg(width: Int, height: Int) -> [UInt8] {
        let app0 = [0xFF, 0xE0] + bigEndian(16, 2) + ascii("JFIF") + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let dqt = [0xFF, 0xDB] + bigEndian(67, 2) + [UInt8](repeating: 1, count: 65)
        let sof =
            [0xFF, 0xC0] + bigEndian(11, 2) + [8] + bigEndian(height, 2) + bigEndian(width, 2) + [
                1, 1, 0x11, 0,
            ]
        return [0xFF, 0xD8] + app0 + dqt + [0xFF] + sof + [0xFF, 0xD9]
    }

    /// A GIF89a with a global colour table and `frames` 1×1 frames, each with a graphic control
    /// extension, and one comment extension.
    static func gif(width: Int, height: Int, frames: Int) -> [UInt8] {
        var bytes = ascii("GIF89a") + littleEndian(width, 2) + littleEndian(height, 2) + [0x80, 0, 0]
        bytes += [0, 0, 0, 255, 255, 255]
        bytes += [0x21, 0xFE, 3] + ascii("hey") + [0]
        for _ in 0..<frames {
            bytes += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]
            bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]
        }
        return bytes + [0x3B]
    }

    static func webpExtended(width: Int, height: Int) -> [UInt8] {
        ascii("RIFF") + littleEndian(30, 4) + ascii("WEBP") + ascii("VP8X") + littleEndian(10, 4)
            + [0, 0, 0, 0] + littleEndian(width - 1, 3) + littleEndian(height - 1, 3)
    }

    static func webpLossless(width: Int, height: Int) -> [UInt8] {
        let bits = (width - 1) | (height - 1) << 14
        return ascii("RIFF") + littleEndian(20, 4) + ascii("WEBP") + ascii("VP8L") + littleEndian(5, 4)
            + [0x2F] + littleEndian(bits, 4)
    }

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        bigEndian(payload.count + 8, 4) + ascii(type) + payload
    }

    /// An HEIC with a thumbnail-sized and a primary `ispe`.
    static func heic(width: Int, height: Int) -> [UInt8] {
        let ftyp = box("ftyp", ascii("heic") + [0, 0, 0, 0] + ascii("mif1heic"))
        let small = box("ispe", [0, 0, 0, 0] + bigEndian(320, 4) + bigEndian(240, 4))
        let large = box("ispe", [0, 0, 0, 0] + bigEndian(width, 4) + bigEndian(height, 4))
        let ipco = box("ipco", small + large)
        let meta = box(
            "meta", [0, 0, 0, 0] + box("hdlr", [UInt8](repeating: 0, count: 24)) + box("iprp", ipco))
        return ftyp + meta
    }

    /// A fast-start movie: `moov` with an audio track (0 × 0) before a `width` × `height` video
    /// track, version 0 and version 1 track headers.
    static func movie(width: Int, height: Int) -> [UInt8] {
        let ftyp = box("ftyp", ascii("isom") + [0, 0, 2, 0] + ascii("isommp41"))
        func tkhd(version: UInt8, _ width: Int, _ height: Int) -> [UInt8] {
            let times = [UInt8](repeating: 0, count: version == 1 ? 32 : 20)
            return box(
                "tkhd",
                [version, 0, 0, 3] + times + [UInt8](repeating: 0, count: 52)
                    + bigEndian(width << 16, 4) + bigEndian(height << 16, 4))
        }
        let audio = box("trak", tkhd(version: 0, 0, 0))
        let video = box("trak", tkhd(version: 1, width, height))
        return ftyp + box("moov", box("mvhd", [UInt8](repeating: 0, count: 100)) + audio + video)
    }

    static func isoMedia(brand: String) -> [UInt8] {
        box("ftyp", ascii(brand) + [0, 0, 2, 0] + ascii("isommp41")) + box("mdat", [1, 2, 3])
    }
}
