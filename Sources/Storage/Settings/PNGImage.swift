/// A PNG file read far enough to trust its size: the signature, every chunk's length and CRC,
/// the IHDR header first and IEND last. Nothing is decoded; browsers do that, but only for a file
/// whose stated size is the one the limits were checked against.
struct PNGImage: Equatable, Sendable {
    /// The eight bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The width in pixels, from IHDR.
    let width: Int
    /// The height in pixels, from IHDR.
    let height: Int

    /// Reads `bytes`; answers the fault when they are not one well-formed PNG file.
    static func read(_ bytes: [UInt8]) -> Result<PNGImage, PNGFault> {
        guard bytes.count >= signature.count, bytes.starts(with: signature) else {
            return .failure(.notPNG)
        }
        var offset = signature.count
        var header: PNGImage?
        var sawData = false
        while offset < bytes.count {
            guard bytes.count - offset >= 12 else { return .failure(.damaged("a chunk is cut short")) }
            let length = Int(bigEndian32(bytes, at: offset))
            let typeStart = offset + 4
            guard length <= bytes.count - typeStart - 8 else {
                return .failure(.damaged("a chunk is longer than the file"))
            }
            let type = String(decoding: bytes[typeStart..<typeStart + 4], as: UTF8.self)
            let dataStart = typeStart + 4
            let stored = bigEndian32(bytes, at: dataStart + length)
            guard CRC32.checksum(bytes[typeStart..<dataStart + length]) == stored else {
                return .failure(.damaged("the \(type) chunk's checksum is wrong"))
            }
            if header == nil {
                guard type == "IHDR", length == 13 else {
                    return .failure(.damaged("the first chunk is not IHDR"))
                }
                switch readHeader(bytes[dataStart..<dataStart + length]) {
                case .success(let read): header = read
                case .failure(let fault): return .failure(fault)
                }
            } else if type == "IHDR" {
                return .failure(.damaged("IHDR appears twice"))
            }
            if type == "IDAT" { sawData = true }
            offset = dataStart + length + 4
            if type == "IEND" {
                guard offset == bytes.count else { return .failure(.damaged("bytes follow IEND")) }
                guard let header, sawData else { return .failure(.damaged("there is no image data")) }
                return .success(header)
            }
        }
        return .failure(.damaged("the file ends before IEND"))
    }

    private static func readHeader(_ data: ArraySlice<UInt8>) -> Result<PNGImage, PNGFault> {
        let start = data.startIndex
        let width = Int(bigEndian32(Array(data), at: 0))
        let height = Int(bigEndian32(Array(data), at: 4))
        let depth = data[start + 8]
        let color = data[start + 9]
        let allowedDepths: [UInt8: [UInt8]] = [
            0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
        ]
        guard width > 0, height > 0, allowedDepths[color]?.contains(depth) == true,
            data[start + 10] == 0, data[start + 11] == 0, data[start + 12] <= 1
        else {
            return .failure(.damaged("its IHDR header is invalid"))
        }
        return .success(PNGImage(width: width, height: height))
    }

    private static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}

/// Why bytes are not a PNG file pushboard accepts.
enum PNGFault: Error, Equatable {
    /// The signature is missing: some other format (JPEG, GIF, SVG, text).
    case notPNG
    /// It starts like a PNG but its structure is broken, with what is broken.
    case damaged(String)
}

/// CRC-32 (ISO 3309, the one PNG chunks carry), computed with a 256-entry table.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }

    /// The checksum of `bytes`.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}
