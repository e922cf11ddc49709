import ImageFormats

@testable import Storage

/// PNG files built byte by byte for the icon checks: a greyscale image whose IDAT is a zlib
/// stream of stored (uncompressed) deflate blocks, so they decode in any viewer (1-bit samples
/// keep a 1024-pixel side under the file limit). `dataRows` fewer than `height` makes image data
/// that is cut short, as a damaged file's.
enum TestPNG {
    static func make(
        width: Int, height: Int, depth: UInt8 = 8, dataRows: Int? = nil, extra: [(String, [UInt8])] = []
    ) -> [UInt8] {
        var header = be32(width) + be32(height)
        header += [depth, 0, 0, 0, 0]
        let rowBytes = (width * Int(depth) + 7) / 8
        let raw = (0..<(dataRows ?? height)).flatMap { _ in [0] + [UInt8](repeating: 0x80, count: rowBytes) }
        var file = PNGImage.signature + chunk("IHDR", header)
        for (type, data) in extra { file += chunk(type, data) }
        return file + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return be32(data.count) + typeBytes + data + be32(Int(CRC32.checksum((typeBytes + data)[...])))
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var blocks = stride(from: 0, to: max(data.count, 1), by: 65535).map { $0 }
        if blocks.isEmpty { blocks = [0] }
        for (index, start) in blocks.enumerated() {
            let block = data[start..<min(start + 65535, data.count)]
            let length = UInt16(block.count)
            out += [index == blocks.count - 1 ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8)]
            out += [UInt8(~length & 0xFF), UInt8(~length >> 8)] + block
        }
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + be32(Int(b << 16 | a))
    }

    static func be32(_ value: Int) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
}

extension [UInt8] {
    /// This PNG (as `TestPNG.make` builds it: IHDR, then IDAT, then IEND) with the IDAT data
    /// replaced by `data`, its CRC recomputed.
    func replacingIDAT(with data: [UInt8]) -> [UInt8] {
        let ihdrEnd = 8 + 12 + 13
        return Array(self[..<ihdrEnd]) + TestPNG.chunk("IDAT", data) + TestPNG.chunk("IEND", [])
    }

    /// This PNG with IHDR's height set to `height`, its CRC recomputed.
    func replacingIHDRHeight(with height: Int) -> [UInt8] {
        var header = Array(self[16..<29])
        header.replaceSubrange(4..<8, with: TestPNG.be32(height))
        return Array(self[..<8]) + TestPNG.chunk("IHDR", header) + Array(self[33...])
    }
}
