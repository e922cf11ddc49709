/// A PNG file read far enough to trust it: the signature, every chunk's length and CRC, the IHDR
/// header first and IEND last, and (with `checkImageData`) the image data inflated within a
/// bound. The one PNG reader: the app icon upload and the media check both ask it.
public struct PNGImage: Equatable, Sendable {
    /// The eight bytes every PNG file starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The width in pixels, from IHDR.
    public let width: Int
    /// The height in pixels, from IHDR.
    public let height: Int
    /// Bits per sample, from IHDR.
    let bitDepth: Int
    /// The IHDR colour type (0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA).
    let colorType: UInt8
    /// True for Adam7 interlacing.
    let interlaced: Bool
    /// Where each IDAT chunk's data lies in the file, in order (empty from `header(of:)`).
    var dataRanges: [Range<Int>] = []

    /// The size written in the IHDR chunk that follows the signature, for a caller that holds only
    /// the file's first bytes (the media check reads a prefix); nil when they do not start a PNG
    /// with a valid IHDR. No CRC or later chunk is checked: use `read` for a whole file.
    public static func header(of bytes: [UInt8]) -> PNGImage? {
        let start = signature.count
        guard bytes.count >= start + 8 + 13, bytes.starts(with: signature),
            bigEndian32(bytes, at: start) == 13,
            bytes[start + 4..<start + 8].elementsEqual("IHDR".utf8),
            case .success(let header) = readHeader(bytes[start + 8..<start + 8 + 13])
        else { return nil }
        return header
    }

    /// Reads `bytes`; answers the fault when they are not one well-formed PNG file.
    public static func read(_ bytes: [UInt8]) -> Result<PNGImage, PNGFault> {
        guard bytes.count >= signature.count, bytes.starts(with: signature) else {
            return .failure(.notPNG)
        }
        var offset = signature.count
        var header: PNGImage?
        var data: [Range<Int>] = []
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
            if type == "IDAT" { data.append(dataStart..<dataStart + length) }
            offset = dataStart + length + 4
            if type == "IEND" {
                guard offset == bytes.count else { return .failure(.damaged("bytes follow IEND")) }
                guard var header, !data.isEmpty else { return .failure(.damaged("there is no image data")) }
                header.dataRanges = data
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
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max),
            allowedDepths[color]?.contains(depth) == true,
            data[start + 10] == 0, data[start + 11] == 0, data[start + 12] <= 1
        else {
            return .failure(.damaged("its IHDR header is invalid"))
        }
        return .success(
            PNGImage(
                width: width, height: height, bitDepth: Int(depth), colorType: color,
                interlaced: data[start + 12] == 1))
    }

    static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}

/// Why bytes are not a PNG file pushboard accepts.
public enum PNGFault: Error, Equatable, Sendable {
    /// The signature is missing: some other format (JPEG, GIF, SVG, text).
    case notPNG
    /// It starts like a PNG but its structure is broken, with what is broken.
    case damaged(String)
}
