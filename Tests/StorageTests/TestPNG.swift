@testable import Storage

/// PNG files built byte by byte for the icon checks: a greyscale image whose IDAT is a zlib
/// stream of stored (uncompressed) deflate blocks, so small ones decode in any viewer. For the
/// size limits only IHDR counts, so `dataRows` may be fewer rows than `height`.
enum TestPNG {
    static func make(width: Int, height: Int, dataRows: Int? = nil, extra: [(String, [UInt8])] = [])
        -> [UInt8]
    {
        var header = be32(width) + be32(height)
        header += [8, 0, 0, 0, 0]
        let raw = (0..<(dataRows ?? height)).flatMap { _ in [0] + [UInt8](repeating: 0x80, count: width) }
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
